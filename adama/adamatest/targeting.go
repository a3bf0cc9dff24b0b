package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
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
	TargetingCampaigns   = targetingfake.Campaigns
	TargetingConcepts    = targetingfake.Concepts
	TargetingContracts   = targetingfake.Contracts
)

const targetingGroup = "targeting"

// registerTargeting plugs in group B (targeting and advertiser interface
// v3.0): attachments, targets, target paths and advertisers under
// /api/v3.0, current and legacy paths sharing one store.
func registerTargeting(r fake.Registrar) {
	st := targetingfake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore(targetingGroup, st)
		// A campaign made through group A is one of the v3.0 interface too.
		if es := storeOf[*entityfake.Store](s, "entity"); es != nil {
			st.ServeV2Campaigns(es.V3CampaignHandlers())
		}
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
	campaigns   *Records[int64, targeting.Campaign]
	concepts    *Records[int64, targeting.Concept]
	contracts   *Records[int64, targeting.Contract]
}

// Targeting returns the handle on group B's state.
func (s *Server) Targeting() *TargetingHandle {
	st := storeOf[*targetingfake.Store](s, targetingGroup)
	h := &TargetingHandle{st: st, attachments: &Records[int64, targeting.Attachment]{}, targets: &Records[int64, targeting.Target]{},
		advertisers: &Records[int64, targeting.Advertiser]{}, paths: &Records[int64, targeting.TargetPath]{},
		users: &Records[int64, targeting.PermittedUser]{}}
	h.campaigns, h.concepts, h.contracts = &Records[int64, targeting.Campaign]{}, &Records[int64, targeting.Concept]{}, &Records[int64, targeting.Contract]{}
	if st == nil {
		return h
	}
	h.attachments = targetingRecords(st, TargetingAttachments, func(a *targeting.Attachment) int64 { return a.ID })
	h.targets = targetingRecords(st, TargetingTargets, func(t *targeting.Target) int64 { return t.ID })
	h.advertisers = targetingRecords(st, TargetingAdvertisers, func(a *targeting.Advertiser) int64 { return a.ID })
	h.paths = targetingRecords(st, TargetingTargetPaths, func(p *targeting.TargetPath) int64 { return p.ID })
	h.users = targetingRecords(st, TargetingPermissions, func(u *targeting.PermittedUser) int64 { return u.ID })
	h.campaigns = targetingRecords(st, TargetingCampaigns, func(c *targeting.Campaign) int64 { return c.ID })
	h.concepts = targetingRecords(st, TargetingConcepts, func(c *targeting.Concept) int64 { return c.ID })
	h.contracts = targetingRecords(st, TargetingContracts, func(c *targeting.Contract) int64 { return c.ID })
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

// Campaigns returns the v3.0 campaigns, keyed by id (their budget flights
// inside, budget.flights).
func (h *TargetingHandle) Campaigns() *Records[int64, targeting.Campaign] { return h.campaigns }

// Concepts returns the concepts, keyed by id.
func (h *TargetingHandle) Concepts() *Records[int64, targeting.Concept] { return h.concepts }

// Contracts returns the contracts, keyed by id.
func (h *TargetingHandle) Contracts() *Records[int64, targeting.Contract] { return h.contracts }
