package fake_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
)

func siteLists() *fake.SiteLists {
	seq := fake.NewSeq(0)
	return fake.NewSiteLists(fake.NewCollection(fake.DocKind("site_list", "id", "version", seq)), seq,
		fake.NewCollection(fake.DocKind("site_list_assignment", "id", "", fake.NewSeq(0))))
}

func TestSiteListsSitesAreCopies(t *testing.T) {
	sl := siteLists()
	in := []string{"a.example", "b.example"}
	sl.SetSites(7, in)
	in[0] = "changed"
	got := sl.Sites(7)
	assert.Equal(t, []string{"a.example", "b.example"}, got)
	got[1] = "changed"
	assert.Equal(t, []string{"a.example", "b.example"}, sl.Sites(7))
	assert.Empty(t, sl.Sites(8))
}

func TestSiteListsAssignments(t *testing.T) {
	sl := siteLists()
	for _, a := range []fake.Doc{
		{"site_list_id": 3, "entity_id": 70, "collection": "campaigns"},
		{"site_list_id": 1, "entity_id": 70, "collection": "campaigns"},
		{"site_list_id": 1, "entity_id": 80, "collection": "strategies"},
		{"site_list_id": 2, "entity_id": 70, "collection": "strategies"},
	} {
		sl.Assignments.Add(a)
	}
	cases := []struct {
		coll string
		id   int64
		want []int64
	}{
		{"campaigns", 70, []int64{1, 3}},
		{"strategies", 70, []int64{2}},
		{"strategies", 80, []int64{1}},
		{"campaigns", 80, nil},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, sl.AssignedTo(c.coll, c.id), "%s/%d", c.coll, c.id)
	}
	of := sl.AssignmentsOf(1)
	require.Len(t, of, 2)
	assert.Equal(t, "campaigns", of[0]["collection"])
	assert.Equal(t, "strategies", of[1]["collection"])

	sl.Unassign(1, "campaigns", 70)
	assert.Equal(t, []int64{3}, sl.AssignedTo("campaigns", 70))
	require.Len(t, sl.AssignmentsOf(1), 1, "the strategy's assignment of list 1 stays")
	sl.Unassign(1, "campaigns", 70)
	assert.Equal(t, 3, sl.Assignments.Len(), "unassigning twice changes nothing")
}
