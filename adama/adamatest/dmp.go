package adamatest

import (
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/dmpfake"
)

// registerDMP plugs in group F (audience segments v2.0, /dmp/v2.0,
// deprecated): taxonomies, their lists and grants, behind session
// authentication.
func registerDMP(r fake.Registrar) {
	st := dmpfake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore("dmp", st)
	}
}

// DMPHandle seeds and inspects group F's state on a running Server. Its
// Records are the taxonomies, keyed by taxonomy id (names kept as the
// platform stores them, HTML-entity-encoded, in Raw).
type DMPHandle struct {
	*Records[int64, dmp.Taxonomy]
	st *dmpfake.Store
}

// DMP returns the handle of group F's state.
func (s *Server) DMP() *DMPHandle {
	st := storeOf[*dmpfake.Store](s, "dmp")
	if st == nil {
		return &DMPHandle{Records: &Records[int64, dmp.Taxonomy]{}}
	}
	return &DMPHandle{Records: docRecords(st.Taxonomies(), "taxonomy_id", func(t *dmp.Taxonomy) int64 { return t.TaxonomyID }, st.Fill), st: st}
}

// SetGrants sets the entities a vendor may share taxonomies with (id to
// name per level).
func (h *DMPHandle) SetGrants(vendor int64, organizations, agencies, advertisers map[int64]string) {
	if h.st != nil {
		h.st.SetGrants(vendor, organizations, agencies, advertisers)
	}
}

// NodeCount returns how many nodes a taxonomy holds, root included.
func (h *DMPHandle) NodeCount(id int64) int {
	if h.st == nil {
		return 0
	}
	return h.st.NodeCount(id)
}

// SetVisibility makes a taxonomy GLOBAL or RESTRICTED; it reports whether
// the taxonomy exists.
func (h *DMPHandle) SetVisibility(id int64, visibility string) bool {
	return h.st != nil && h.st.SetVisibility(id, visibility)
}
