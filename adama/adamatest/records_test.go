package adamatest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/targeting"
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

// TestBYOARecords runs the same verbs over group H's settings and models,
// keyed by what they hold, and reads the seeds back through the SDK.
func TestRecordsBYOA(t *testing.T) {
	srv := NewServer(WithT(t))
	ctx := context.Background()
	c, err := srv.NewClient()
	require.NoError(t, err)
	bc := byoa.New(c)
	h := srv.BYOA()

	key := BYOASettingsKey{CampaignID: 9, StrategyID: 3}
	seed := &byoa.Settings{CampaignID: 9, StrategyID: 3, UUIDType: byoa.UUIDTypeUUID,
		Settings: []byoa.Setting{{ExecutorID: 2, Low: 0, High: 49, ModelID: "m", Namespace: "ns"}}}
	assert.Equal(t, key, h.Settings().Add(seed), "settings keep their own key")
	got, ok := h.Settings().Get(key)
	require.True(t, ok)
	assert.Equal(t, int64(9), got.CampaignID, "the key is set on what Get returns")
	assert.Equal(t, int64(3), got.StrategyID)
	assert.Equal(t, byoa.UUIDTypeUUID, got.UUIDType)
	require.Len(t, got.Settings, 1)
	assert.Equal(t, byoa.UUIDTypeUUID, got.Settings[0].UUIDType, "the top-level uuid_type reaches each setting")
	read, err := bc.StrategySettings.Get(ctx, 9, 3)
	require.NoError(t, err)
	assert.Equal(t, 49, read.Settings[0].High)
	assert.False(t, h.Settings().Put(&byoa.Settings{}), "no campaign, no key")
	assert.Equal(t, 1, h.Settings().Count())
	assert.True(t, h.Settings().Delete(key))
	_, ok = h.Settings().Get(key)
	assert.False(t, ok)

	mk := byoa.ModelKey{Namespace: "ns", ModelID: "m"}
	assert.Equal(t, mk, h.Models().Add(&byoa.Model{Namespace: "ns", ModelID: "m", BrainTypeID: 1001, Data: "AAAA"}))
	m, ok := h.Models().Get(mk)
	require.True(t, ok)
	assert.Equal(t, "AAAA", m.Data)
	assert.NotNil(t, m.CreatedOn, "dates are filled")
	require.True(t, h.SetDecoded(mk, json.RawMessage(`[{"GoalType":"ctr"}]`)))
	d, err := bc.Models.Decode(ctx, mk)
	require.NoError(t, err)
	require.Len(t, d.Data, 1)
	assert.False(t, h.SetDecoded(byoa.ModelKey{Namespace: "x", ModelID: "y"}, nil))
	assert.Len(t, h.Models().All(), 1)
	assert.True(t, h.Models().Delete(mk))
	assert.Zero(t, h.Models().Count())
}

// TestRecordsFirehose runs the verbs over group G's consumers, keyed by
// name, including a raw seed the SDK's record reports as a misfit.
func TestRecordsFirehose(t *testing.T) {
	srv := NewServer(WithT(t))
	h := srv.Firehose()
	assert.Equal(t, 3, h.Count(), "the reference's example consumers")
	got, ok := h.Get("example-consumer")
	require.True(t, ok)
	assert.Equal(t, firehose.ConsumerName("example-consumer"), got.Consumer, "the key is set on what Get returns")
	assert.True(t, got.DropZeroUID)

	got.DropBody = true
	require.True(t, h.Put(got))
	assert.Equal(t, true, h.Raw("example-consumer")["DropBody"])
	assert.Equal(t, "new", h.Add(&firehose.ConsumerSettings{Name: "new"}))
	require.True(t, h.PutRaw("odd", map[string]any{"SampleSettings": map[string]any{"SampleRate": "lots"}}))
	odd, ok := h.Get("odd")
	require.True(t, ok)
	assert.Equal(t, "odd", odd.Name, "PutRaw names the consumer")
	assert.NotEmpty(t, odd.Misfits())
	require.True(t, h.SetRaw("odd", "DropBody", true))
	assert.Equal(t, true, h.Raw("odd")["DropBody"])
	assert.Len(t, h.All(), 5)
	assert.True(t, h.Delete("odd"))
	assert.Equal(t, 4, h.Count())
}

// TestRecordsTargeting runs the verbs over group B's collections: a typed
// Add, a raw seed that keeps its id, and SetRaw as another writer.
func TestRecordsTargeting(t *testing.T) {
	srv := NewServer(WithT(t))
	ctx := context.Background()
	c, err := srv.NewClient()
	require.NoError(t, err)
	tc := targeting.New(c)
	h := srv.Targeting()

	assert.Equal(t, 4, h.TargetPaths().Count(), "the seeded target paths")
	tid := h.Targets().Add(&targeting.Target{Name: "Spain", DimensionCode: "REGN"})
	require.NotZero(t, tid)
	got, ok := h.Targets().Get(tid)
	require.True(t, ok)
	assert.Equal(t, "Spain", got.Name)
	assert.Equal(t, "target", h.Targets().Raw(tid)["entity_type"], "Add fills the server's fields")

	aid := h.Attachments().AddRaw(map[string]any{"id": 40, "target_id": tid, "strategy_id": 3, "restriction": "INCLUDE", "operator": "OR"})
	assert.Equal(t, int64(40), aid, "a raw seed keeps its id")
	assert.Equal(t, int64(41), h.Attachments().AddRaw(map[string]any{"target_id": tid, "strategy_id": 3, "restriction": "INCLUDE", "operator": "OR"}),
		"and the next id follows it")
	require.True(t, h.Attachments().SetRaw(aid, "operator", "AND"))
	a, err := tc.Attachments.Get(ctx, aid)
	require.NoError(t, err)
	assert.Equal(t, int64(2), a.Version, "SetRaw bumps the version")
	assert.Len(t, h.Attachments().All(), 2)
	assert.True(t, h.Attachments().Delete(aid))
	assert.Equal(t, 1, h.Attachments().Count())
}
