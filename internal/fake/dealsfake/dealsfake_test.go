package dealsfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake/fakespec"
)

// TestServesItsDescription fails when an operation of the group's
// description has no route, or a route no operation.
func TestServesItsDescription(t *testing.T) {
	h := &handler{st: NewStore()}
	require.NoError(t, fakespec.Check("deals", Prefix, routes(h)))
	assert.Contains(t, routes(h), "DELETE /publishers/{id}")
}

func TestSeeds(t *testing.T) {
	st := NewStore()
	d := st.Deals().Add(st.FillDeal(Record{"name": "a", "owner": map[string]any{"type": "ORGANIZATION", "id": float64(7)},
		"price": map[string]any{"value": 1.3}, "channels": []any{float64(2)}}))
	assert.Equal(t, float64(1001), d["id"])
	assert.Equal(t, float64(1), d["version"])
	assert.Equal(t, "FLOOR", d["price_type"])
	assert.Equal(t, float64(7), d["organization_id"])
	assert.Equal(t, map[string]any{"value": "1.3000", "currency_code": "USD"}, d["price"])
	assert.Equal(t, "Mobile Web", d["channels"].([]any)[0].(map[string]any)["name"])

	p := st.Publishers().Add(st.FillPublisher(Record{"name": "p", "organization_id": float64(7)}))
	assert.Equal(t, float64(1002), p["id"], "one id sequence for every collection")
	assert.Contains(t, p, "deleted_on")
	g := st.Groups().Add(st.FillGroup(Record{"name": "g", "deal_ids": []any{float64(1001)}}))
	assert.Equal(t, "deal_group", g["entity_type"])

	st.LinkStrategy(1001, 5)
	st.LinkGroupStrategy(1003, 6)
	got, _ := st.Deals().Get(1001)
	assert.Equal(t, float64(1), got["strategies_count"])
	assert.Equal(t, float64(1), got["version"], "a link is not a write of the deal")
	gg, _ := st.Groups().Get(1003)
	assert.Equal(t, true, gg["has_strategies"])
}
