package entityfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
)

func TestSetPath(t *testing.T) {
	r := Record{}
	require.True(t, setPath(r, []string{"rmx_strategy", "roi_target_pixels", "1", "price"}, "2"))
	require.True(t, setPath(r, []string{"site_placements", "0", "name"}, "a"))
	rmx := r["rmx_strategy"].(map[string]any)
	px := rmx["roi_target_pixels"].([]any)
	require.Len(t, px, 2)
	assert.Equal(t, "2", px[1].(map[string]any)["price"])
	assert.Equal(t, "a", r["site_placements"].([]any)[0].(map[string]any)["name"])
	assert.False(t, setPath(r, []string{"x", "99999", "y"}, "1"))
}

func TestRelatedAndGenerate(t *testing.T) {
	s := NewStore()
	s.seedDefaults()
	s.Generate("advertisers", 3)
	s.Generate("campaigns", 3)
	_, err := s.Insert("vendor_contracts", Record{"campaign_id": 2, "vendor_id": 3})
	require.NoError(t, err)
	c := s.cols["campaigns"]
	assert.True(t, s.related(c, c.get(1), []string{"advertiser", "agency"}, 1))
	assert.False(t, s.related(c, c.get(1), []string{"advertiser", "agency"}, 2))
	assert.True(t, s.related(c, c.get(2), []string{"vendor_contracts", "vendor"}, 3))
	assert.False(t, s.related(c, c.get(1), []string{"vendor_contracts", "vendor"}, 3))
	assert.Equal(t, 3, s.Len("campaigns"))
	assert.Equal(t, 34, s.Len("verticals"))
	_, err = s.Insert("nope", Record{})
	assert.Error(t, err)
}

func TestKindOfFreeTextIDs(t *testing.T) {
	assert.Equal(t, kString, kindOf("external_id"))
	assert.Equal(t, kString, kindOf("external_identifier"))
	assert.Equal(t, kInt, kindOf("agency_id"))
}

// ShareSiteLists moves the store's site lists, their sites and
// assignments into the shared state, which the store then reads and
// writes.
func TestShareSiteLists(t *testing.T) {
	s := NewStore()
	id, err := s.Insert("site_lists", Record{"name": "Seeded", "organization_id": 1})
	require.NoError(t, err)
	s.lists.SetSites(id, []string{"a.example"})
	s.lists.Assignments.Add(Record{"site_list_id": id, "entity_id": 70, "collection": "campaigns"})

	seq := fake.NewSeq(0)
	shared := fake.NewSiteLists(fake.NewCollection(fake.DocKind("site_list", "id", "version", seq)), seq,
		fake.NewCollection(fake.DocKind("site_list_assignment", "id", "", fake.NewSeq(0))))
	s.ShareSiteLists(shared)

	rec, ok := shared.Lists.Get(id)
	require.True(t, ok)
	assert.Equal(t, "Seeded", rec["name"])
	assert.Equal(t, []string{"a.example"}, shared.Sites(id))
	assert.Equal(t, []string{"campaigns/70"}, s.SiteListAssignments(id))

	// A record the store inserts now lands in the shared state, with the
	// next id of its sequence; a change made there is the store's too.
	next, err := s.Insert("site_lists", Record{"name": "After", "organization_id": 1})
	require.NoError(t, err)
	assert.Equal(t, id+1, next)
	assert.True(t, shared.Lists.Has(next))
	require.True(t, shared.Lists.Edit(id, true, func(d fake.Doc) fake.Doc { d["name"] = "Renamed"; return d }))
	assert.Equal(t, "Renamed", s.Get("site_lists", id)["name"])
	require.True(t, s.Set("site_lists", next, "name", "Set"))
	got, _ := shared.Lists.Get(next)
	assert.Equal(t, "Set", got["name"], "Set writes back to a collection that hands out copies")
}
