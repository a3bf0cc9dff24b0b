package conformance

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/reporting"
)

type enumType[E any] interface {
	~string
	Values() []E
	Valid() bool
}

// checkGenerated checks the generated methods of one enum of the module.
func checkGenerated[E enumType[E]](t *testing.T, wantLen int) {
	t.Helper()
	var zero E
	vals := zero.Values()
	require.Len(t, vals, wantLen)
	for _, v := range vals {
		assert.True(t, v.Valid(), v)
	}
	assert.False(t, E("not-a-known-value").Valid())
	assert.False(t, zero.Valid())

	// Values returns a new slice each call.
	vals[0] = "changed"
	assert.NotEqual(t, E("changed"), zero.Values()[0])

	// An unknown value from the server decodes without error and is kept.
	var got struct{ V E }
	require.NoError(t, json.Unmarshal([]byte(`{"V":"from-a-newer-server"}`), &got))
	assert.Equal(t, E("from-a-newer-server"), got.V)
	assert.False(t, got.V.Valid())
}

// TestGeneratedMethods checks the methods every generated enum has, on
// enums of several groups: Values in a new slice, Valid, and an unknown
// value from the server decoded and kept.
func TestGeneratedMethods(t *testing.T) {
	t.Run("entity.GoalType", func(t *testing.T) { checkGenerated[entity.GoalType](t, 10) })
	t.Run("entity.FrequencyType", func(t *testing.T) { checkGenerated[entity.FrequencyType](t, 3) })
	t.Run("entity.UserType", func(t *testing.T) { checkGenerated[entity.UserType](t, 4) })
	t.Run("reporting.FieldType", func(t *testing.T) { checkGenerated[reporting.FieldType](t, 13) })
	t.Run("reporting.Operator", func(t *testing.T) { checkGenerated[reporting.Operator](t, 11) })
	t.Run("reporting.Report", func(t *testing.T) { checkGenerated[reporting.Report](t, 21) })
	t.Run("reporting.TimeRollup", func(t *testing.T) { checkGenerated[reporting.TimeRollup](t, 5) })
	t.Run("entity.SelectionType", func(t *testing.T) { checkGenerated[entity.SelectionType](t, 5) })
	t.Run("deals.FilterOp", func(t *testing.T) { checkGenerated[deals.FilterOp](t, 7) })
	t.Run("deals.DealSort", func(t *testing.T) { checkGenerated[deals.DealSort](t, 10) })
}
