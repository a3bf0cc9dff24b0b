package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
)

// The collections of group B's fake, for the TargetingHandle methods.
const (
	TargetingAttachments = targetingfake.Attachments
	TargetingTargets     = targetingfake.Targets
	TargetingAdvertisers = targetingfake.Advertisers
	TargetingTargetPaths = targetingfake.TargetPaths
	TargetingPermissions = targetingfake.Permissions
)

const targetingGroup = "targeting"

// registerTargeting plugs in group B (targeting and advertiser interface
// v3.0): attachments, targets, target paths and advertisers under
// /api/v3.0, current and legacy paths sharing one store.
func registerTargeting(r fake.Registrar) {
	st := targetingfake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore(targetingGroup, st)
	}
}

// TargetingHandle seeds and inspects group B's fake state. Records are
// JSON objects as the platform sends them; collections are the
// Targeting* constants. Its methods do nothing on a server that does not
// serve the group.
type TargetingHandle struct {
	st *targetingfake.Store
}

// Targeting returns the handle on group B's state.
func (s *Server) Targeting() *TargetingHandle {
	return &TargetingHandle{st: storeOf[*targetingfake.Store](s, targetingGroup)}
}

// Add stores rec in collection, filling id, entity_type, version (1) and
// timestamps when absent, and returns its id.
func (h *TargetingHandle) Add(collection string, rec map[string]any) int64 {
	if h.st == nil {
		return 0
	}
	return h.st.Add(collection, rec)
}

// AddN stores n records in collection, each a copy of template with the
// required fields generated where template leaves them out (for paging
// tests and benchmarks).
func (h *TargetingHandle) AddN(collection string, n int, template map[string]any) {
	if h.st != nil {
		h.st.Generate(collection, n, template)
	}
}

// Get returns a copy of a stored record (nil when absent).
func (h *TargetingHandle) Get(collection string, id int64) map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Get(collection, id)
}

// Count returns how many records collection holds.
func (h *TargetingHandle) Count(collection string) int {
	if h.st == nil {
		return 0
	}
	return h.st.Len(collection)
}

// SetField changes one field of a stored record as another user would,
// bumping its version (to provoke a 409 on the next stale update). It
// reports whether the record exists.
func (h *TargetingHandle) SetField(collection string, id int64, field string, value any) bool {
	if h.st == nil {
		return false
	}
	return h.st.Set(collection, id, field, value)
}
