package adamatest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/dmp"
)

// TestRecordsVerbs runs the verbs every group's handle has over deals and
// dmp, and reads what they seed back through the SDK over HTTP.
func TestRecordsVerbs(t *testing.T) {
	srv := NewServer(WithT(t))
	ctx := context.Background()
	c, err := srv.NewClient()
	require.NoError(t, err)
	dc := deals.New(c)
	h := srv.Deals()

	id := h.Add(&deals.Deal{Name: "seeded", DealIdentifier: "S1", SupplySourceID: 9, Owner: deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100}})
	require.NotZero(t, id)
	assert.Equal(t, 1, h.Count())
	got, ok := h.Get(id)
	require.True(t, ok)
	assert.Equal(t, "seeded", got.Name)
	assert.Equal(t, int64(1), got.Version, "Add fills the server's fields")
	assert.Equal(t, int64(100), got.OrganizationID)

	read, err := dc.Deals.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "S1", read.DealIdentifier, "a seed is served")

	got.Description = "put"
	require.True(t, h.Put(got))
	read, err = dc.Deals.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "put", read.Description)
	assert.False(t, h.Put(&deals.Deal{Name: "no id"}), "Put needs the record's key")

	require.True(t, h.SetRaw(id, "supply_source_id", map[string]any{}))
	odd, ok := h.Get(id)
	require.True(t, ok, "a value the record does not take is a misfit, not a failure")
	require.Len(t, odd.Misfits(), 1)
	assert.Equal(t, "supply_source_id", odd.Misfits()[0].Field)
	assert.Equal(t, int64(2), odd.Version, "SetRaw writes as another writer, bumping the version")
	assert.Equal(t, map[string]any{}, h.Raw(id)["supply_source_id"])
	assert.False(t, h.SetRaw(id+100, "name", "x"))

	pid := h.Publishers().Add(&deals.Publisher{Name: "pub", OrganizationID: 100})
	assert.Equal(t, id+1, pid, "one id sequence for the group")
	all := h.All()
	require.Len(t, all, 1)
	assert.Len(t, h.Publishers().All(), 1)
	assert.True(t, h.Delete(id))
	assert.False(t, h.Delete(id))
	_, ok = h.Get(id)
	assert.False(t, ok)
	assert.Nil(t, h.Raw(id))
	_, err = dc.Deals.Get(ctx, id)
	assert.Error(t, err)

	tx := srv.DMP()
	tid := tx.Add(&dmp.Taxonomy{VendorID: 5, Taxonomy: &dmp.Node{Name: "Путешествия", Children: []*dmp.Node{{Name: "a", Code: "1"}}}})
	require.NotZero(t, tid)
	assert.Equal(t, 2, tx.NodeCount(tid))
	stored, ok := tx.Get(tid)
	require.True(t, ok)
	assert.Equal(t, "Путешествия", stored.Taxonomy.Name, "Get decodes as the SDK does")
	assert.Equal(t, "&#1055;&#1091;&#1090;&#1077;&#1096;&#1077;&#1089;&#1090;&#1074;&#1080;&#1103;",
		tx.Raw(tid)["taxonomy"].(map[string]any)["name"], "Raw is the wire form")
	assert.Equal(t, int64(1005), stored.AudienceVendorID)
	assert.NotZero(t, stored.Taxonomy.Children[0].ID, "nodes get ids")
}

func TestRecordsOfNoGroup(t *testing.T) {
	var r *Records[int64, deals.Deal]
	_, ok := r.Get(1)
	assert.False(t, ok)
	assert.False(t, r.Put(&deals.Deal{ID: 1}))
	assert.Zero(t, r.Add(&deals.Deal{}))
	assert.False(t, r.Delete(1))
	assert.Nil(t, r.All())
	assert.Zero(t, r.Count())
	assert.Nil(t, r.Raw(1))
	assert.False(t, r.SetRaw(1, "x", 1))
	empty := &Records[string, json.RawMessage]{}
	assert.Zero(t, empty.Count())
}
