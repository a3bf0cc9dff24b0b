package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// The collections of group B's fake, for TargetingHandle.AddN.
const (
	TargetingAttachments = targetingfake.Attachments
	TargetingTargets     = targetingfake.Targets
	TargetingAdvertisers = targetingfake.Advertisers
	TargetingTargetPaths = targetingfake.TargetPaths
	TargetingPermissions = targetingfake.Permissions
	// TargetingStrategyTemplates and TargetingNewStrategyGroups are the plans family's.
	TargetingStrategyTemplates, TargetingNewStrategyGroups = targetingfake.StrategyTemplates, targetingfake.NewStrategyGroups
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

// TargetingHandle seeds and inspects group B's fake state, each
// collection typed with the SDK's record. Its methods do nothing on a
// server that does not serve the group.
type TargetingHandle struct {
	st          *targetingfake.Store
	attachments *Records[int64, targeting.Attachment]
	targets     *Records[int64, targeting.Target]
	advertisers *Records[int64, targeting.Advertiser]
	paths       *Records[int64, targeting.TargetPath]
	users       *Records[int64, targeting.PermittedUser]
	plans       targetingPlans
}

// Targeting returns the handle on group B's state.
func (s *Server) Targeting() *TargetingHandle {
	st := storeOf[*targetingfake.Store](s, targetingGroup)
	h := &TargetingHandle{st: st, attachments: &Records[int64, targeting.Attachment]{}, targets: &Records[int64, targeting.Target]{},
		advertisers: &Records[int64, targeting.Advertiser]{}, paths: &Records[int64, targeting.TargetPath]{},
		users: &Records[int64, targeting.PermittedUser]{}, plans: newTargetingPlans(nil)}
	if st == nil {
		return h
	}
	h.attachments = targetingRecords(st, TargetingAttachments, func(a *targeting.Attachment) int64 { return a.ID })
	h.targets = targetingRecords(st, TargetingTargets, func(t *targeting.Target) int64 { return t.ID })
	h.advertisers = targetingRecords(st, TargetingAdvertisers, func(a *targeting.Advertiser) int64 { return a.ID })
	h.paths = targetingRecords(st, TargetingTargetPaths, func(p *targeting.TargetPath) int64 { return p.ID })
	h.users = targetingRecords(st, TargetingPermissions, func(u *targeting.PermittedUser) int64 { return u.ID })
	h.plans = newTargetingPlans(st)
	return h
}

func targetingRecords[T any](st *targetingfake.Store, coll string, key func(*T) int64) *Records[int64, T] {
	r := docRecords(st.Collection(coll), "id", key, st.Fill(coll))
	r.b.setRaw = func(id int64, prop string, v any) bool { return st.Set(coll, id, prop, v) }
	return r
}

// Attachments returns the attachments, keyed by id.
func (h *TargetingHandle) Attachments() *Records[int64, targeting.Attachment] { return h.attachments }

// Targets returns the targets, keyed by id.
func (h *TargetingHandle) Targets() *Records[int64, targeting.Target] { return h.targets }

// Advertisers returns the advertisers, keyed by id.
func (h *TargetingHandle) Advertisers() *Records[int64, targeting.Advertiser] { return h.advertisers }

// TargetPaths returns the target paths, keyed by id.
func (h *TargetingHandle) TargetPaths() *Records[int64, targeting.TargetPath] { return h.paths }

// Users returns the users whose permissions the fake keeps, keyed by id,
// as the SDK reads a user; PutRaw seeds one with its grant lists.
func (h *TargetingHandle) Users() *Records[int64, targeting.PermittedUser] { return h.users }

// AddN stores n records in collection (a Targeting* constant), each a
// copy of template with the required fields generated where template
// leaves them out (for paging tests and benchmarks).
func (h *TargetingHandle) AddN(collection string, n int, template map[string]any) {
	if h.st != nil {
		h.st.Generate(collection, n, template)
	}
}
