package fake

import (
	"slices"
	"sync"
)

// SiteLists is the state of the site lists, which two group fakes serve:
// group A's (the v2.0 site_lists records, their assignment form under
// campaigns/{id}/site_lists and strategies/{id}/site_lists, the v2.0
// upload paths raw clients still call) and group B's (the v3.0 site-list
// paths, where the reference documents upload, download and
// assignments). adamatest hands group B's SiteLists to group A's fake,
// so both read and write one store: a list made or changed through
// either interface is the same list through the other.
//
// Lists and Assignments are safe for concurrent use (each call is
// atomic); a fake whose rule spans both holds its own lock around them.
type SiteLists struct {
	// Lists holds the lists' records, ids drawn from ListSeq.
	Lists   *Collection[int64, Doc]
	ListSeq *Seq
	// Assignments holds where lists are assigned, one record each:
	// site_list_id, entity_id, collection (campaigns or strategies),
	// associated_campaign_id and name.
	Assignments *Collection[int64, Doc]

	mu    sync.Mutex
	sites map[int64][]string
}

// NewSiteLists returns the state over the collections given, with no
// sites.
func NewSiteLists(lists *Collection[int64, Doc], seq *Seq, assignments *Collection[int64, Doc]) *SiteLists {
	return &SiteLists{Lists: lists, ListSeq: seq, Assignments: assignments, sites: map[int64][]string{}}
}

// Sites returns a copy of the sites of list id's last upload, in upload
// order.
func (s *SiteLists) Sites(id int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.sites[id])
}

// SetSites replaces the sites of list id.
func (s *SiteLists) SetSites(id int64, sites []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sites[id] = slices.Clone(sites)
}

// AssignmentsOf returns copies of the assignment records of list id, in
// id order.
func (s *SiteLists) AssignmentsOf(id int64) []Doc {
	return s.Assignments.Find(Query[Doc]{Keep: func(d Doc) bool { n, _ := Int(d["site_list_id"]); return n == id }})
}

// AssignedTo returns the ids of the lists assigned to record entityID of
// collection, in list id order.
func (s *SiteLists) AssignedTo(collection string, entityID int64) []int64 {
	var out []int64
	for _, d := range s.Assignments.Find(Query[Doc]{Keep: func(d Doc) bool { return assignmentOf(d, collection, entityID) }}) {
		if n, ok := Int(d["site_list_id"]); ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Unassign removes the assignments of list id to record entityID of
// collection.
func (s *SiteLists) Unassign(id int64, collection string, entityID int64) {
	for _, d := range s.AssignmentsOf(id) {
		if assignmentOf(d, collection, entityID) {
			if k, ok := Int(d["id"]); ok {
				s.Assignments.Delete(k)
			}
		}
	}
}

func assignmentOf(d Doc, collection string, entityID int64) bool {
	n, _ := Int(d["entity_id"])
	return d["collection"] == collection && n == entityID
}
