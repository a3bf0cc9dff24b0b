package dmpfake

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
	require.NoError(t, fakespec.Check("dmp", Prefix, routes(h)))
}

func TestFill(t *testing.T) {
	st := NewStore()
	got := st.Fill(Record{"vendor_id": float64(7), "visibility": "GLOBAL",
		"taxonomy": map[string]any{"name": "root", "children": []any{map[string]any{"name": "a", "id": float64(5)}, map[string]any{"name": "b"}}}})
	assert.Equal(t, float64(1007), got["audience_vendor_id"])
	assert.Equal(t, "GLOBAL", got["visibility"], "a field the seed has is kept")
	assert.Equal(t, float64(DefaultRevenueShare), got["revenue_share_pct"])
	root := got["taxonomy"].(map[string]any)
	assert.Equal(t, float64(100001), root["id"])
	kids := root["children"].([]any)
	assert.Equal(t, float64(5), kids[0].(map[string]any)["id"])
	assert.Equal(t, float64(100002), kids[1].(map[string]any)["id"])
}
