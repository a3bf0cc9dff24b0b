package form_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
)

type rec struct {
	Name      string      `url:"name,omitempty"`
	Status    *adama.Bool `url:"status,omitempty"`
	Amount    *int        `url:"frequency_amount,omitempty"`
	Desc      *string     `url:"description,omitempty"`
	Budget    adama.Money `url:"budget,omitempty"`
	Start     *adama.Time `url:"start_date,omitempty"`
	Untouched *int        `url:"untouched,omitempty"`
}

func TestValuesSendsFalseZeroAndEmptyOnPurpose(t *testing.T) {
	v, err := form.Values(rec{Name: "n", Status: adama.BoolPtr(false), Amount: adama.Ptr(0), Desc: adama.Ptr(""), Budget: adama.MustMoney("USD", "10.50")})
	require.NoError(t, err)
	assert.Equal(t, url.Values{"name": {"n"}, "status": {"0"}, "frequency_amount": {"0"}, "description": {""}, "budget": {"10.5"}}, v)
}

func TestDiff(t *testing.T) {
	before := url.Values{"name": {"a"}, "status": {"1"}, "description": {"d"}, "id": {"7"}, "version": {"2"}}
	after := url.Values{"name": {"b"}, "status": {"1"}, "id": {"7"}, "version": {"2"}, "frequency_amount": {"0"}}
	got := form.Diff(before, after, "id", "version")
	assert.Equal(t, url.Values{"name": {"b"}, "description": {""}, "frequency_amount": {"0"}}, got)
	assert.Empty(t, form.Diff(before, before))
}

func TestScalar(t *testing.T) {
	for v, want := range map[any]string{
		"x": "x", 7: "7", int8(-8): "-8", int64(1 << 40): "1099511627776", uint16(9): "9",
		float32(0.5): "0.5", 1.25e-7: "0.000000125", adama.MustDecimal("12.50"): "12.5",
	} {
		got, ok := form.Scalar(v)
		assert.True(t, ok, "%T", v)
		assert.Equal(t, want, got, "%T", v)
	}
	_, ok := form.Scalar(true)
	assert.False(t, ok, "booleans are formatted by each group")
}
