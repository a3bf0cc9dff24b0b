package adamatest

import (
	"net/http"

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
	TargetingStrategies  = targetingfake.Strategies
	// The strategy parameters, seeded with AddN or AddRaw of their handles.
	TargetingStrategyDeals        = targetingfake.StrategyDeals
	TargetingStrategyDayParts     = targetingfake.StrategyDayParts
	TargetingStrategyIPAddresses  = targetingfake.StrategyIPAddresses
	TargetingStrategyConcepts     = targetingfake.StrategyConcepts
	TargetingStrategyTargetValues = targetingfake.StrategyTargetValues
	TargetingStrategyPostalCodes  = targetingfake.StrategyPostalCodes
	TargetingCampaigns            = targetingfake.Campaigns
	TargetingConcepts             = targetingfake.Concepts
	TargetingContracts            = targetingfake.Contracts
	// TargetingStrategyTemplates and TargetingNewStrategyGroups are the plans family's.
	TargetingStrategyTemplates, TargetingNewStrategyGroups = targetingfake.StrategyTemplates, targetingfake.NewStrategyGroups
)

const targetingGroup = "targeting"

// registerTargeting plugs in group B (targeting and advertiser interface
// v3.0): attachments, targets, target paths and advertisers under
// /api/v3.0, current and legacy paths sharing one store; the site lists
// are one store with group A's.
func registerTargeting(r fake.Registrar) {
	st := targetingfake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore(targetingGroup, st)
		// One bulk strategy path, two views of strategies: group A's
		// deprecated BulkUpdateStrategies names group A's.
		st.SetBulkStrategiesFallback(func() http.Handler {
			if es := storeOf[*entityfake.Store](s, "entity"); es != nil {
				return es.BulkStrategiesHandler()
			}
			return nil
		})
		// A campaign made through group A is one of the v3.0 interface too,
		// and the site lists are one store: the v2.0 site_lists records
		// and the v3.0 site-list paths.
		if es := storeOf[*entityfake.Store](s, "entity"); es != nil {
			st.ServeV2Campaigns(es.V3CampaignHandlers())
			es.ShareSiteLists(st.SiteListState())
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
	strategies  *Records[int64, targeting.Strategy]
	campaigns   *Records[int64, targeting.Campaign]
	concepts    *Records[int64, targeting.Concept]
	contracts   *Records[int64, targeting.Contract]
	plans       targetingPlans
}

// Targeting returns the handle on group B's state.
func (s *Server) Targeting() *TargetingHandle {
	st := storeOf[*targetingfake.Store](s, targetingGroup)
	h := &TargetingHandle{st: st, attachments: &Records[int64, targeting.Attachment]{}, targets: &Records[int64, targeting.Target]{},
		advertisers: &Records[int64, targeting.Advertiser]{}, paths: &Records[int64, targeting.TargetPath]{},
		users: &Records[int64, targeting.PermittedUser]{}, strategies: &Records[int64, targeting.Strategy]{}, plans: newTargetingPlans(nil)}
	h.campaigns, h.concepts, h.contracts = &Records[int64, targeting.Campaign]{}, &Records[int64, targeting.Concept]{}, &Records[int64, targeting.Contract]{}
	if st == nil {
		return h
	}
	h.attachments = targetingRecords(st, TargetingAttachments, func(a *targeting.Attachment) int64 { return a.ID })
	h.targets = targetingRecords(st, TargetingTargets, func(t *targeting.Target) int64 { return t.ID })
	h.advertisers = targetingRecords(st, TargetingAdvertisers, func(a *targeting.Advertiser) int64 { return a.ID })
	h.paths = targetingRecords(st, TargetingTargetPaths, func(p *targeting.TargetPath) int64 { return p.ID })
	h.users = targetingRecords(st, TargetingPermissions, func(u *targeting.PermittedUser) int64 { return u.ID })
	h.strategies = targetingRecords(st, TargetingStrategies, func(x *targeting.Strategy) int64 { return x.ID })
	h.campaigns = targetingRecords(st, TargetingCampaigns, func(c *targeting.Campaign) int64 { return c.ID })
	h.concepts = targetingRecords(st, TargetingConcepts, func(c *targeting.Concept) int64 { return c.ID })
	h.contracts = targetingRecords(st, TargetingContracts, func(c *targeting.Contract) int64 { return c.ID })
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

// Strategies returns the strategies, keyed by id.
func (h *TargetingHandle) Strategies() *Records[int64, targeting.Strategy] { return h.strategies }

// strategyParams returns the records of a strategy parameter collection
// (empty on a server without the group).
func strategyParams[T any](h *TargetingHandle, coll string, key func(*T) int64) *Records[int64, T] {
	if h.st == nil {
		return &Records[int64, T]{}
	}
	return targetingRecords(h.st, coll, key)
}

// StrategyDeals returns the deals assigned to strategies, keyed by id.
func (h *TargetingHandle) StrategyDeals() *Records[int64, targeting.StrategyDeal] {
	return strategyParams(h, TargetingStrategyDeals, func(x *targeting.StrategyDeal) int64 { return x.ID })
}

// StrategyDayParts returns the strategies' day parts, keyed by id.
func (h *TargetingHandle) StrategyDayParts() *Records[int64, targeting.StrategyDayPart] {
	return strategyParams(h, TargetingStrategyDayParts, func(x *targeting.StrategyDayPart) int64 { return x.ID })
}

// StrategyIPAddresses returns the strategies' IP address targets, keyed by id.
func (h *TargetingHandle) StrategyIPAddresses() *Records[int64, targeting.StrategyIPAddress] {
	return strategyParams(h, TargetingStrategyIPAddresses, func(x *targeting.StrategyIPAddress) int64 { return x.ID })
}

// StrategyConcepts returns the concepts assigned to strategies, keyed by id.
func (h *TargetingHandle) StrategyConcepts() *Records[int64, targeting.StrategyConcept] {
	return strategyParams(h, TargetingStrategyConcepts, func(x *targeting.StrategyConcept) int64 { return x.ID })
}

// StrategyTargetValues returns the strategies' target values, keyed by id.
func (h *TargetingHandle) StrategyTargetValues() *Records[int64, targeting.StrategyTargetValue] {
	return strategyParams(h, TargetingStrategyTargetValues, func(x *targeting.StrategyTargetValue) int64 { return x.ID })
}

// StrategyPostalCodes returns the strategies' postal code targets, keyed by id.
func (h *TargetingHandle) StrategyPostalCodes() *Records[int64, targeting.StrategyPostalCode] {
	return strategyParams(h, TargetingStrategyPostalCodes, func(x *targeting.StrategyPostalCode) int64 { return x.ID })
}

// Campaigns returns the v3.0 campaigns, keyed by id (their budget flights
// inside, budget.flights).
func (h *TargetingHandle) Campaigns() *Records[int64, targeting.Campaign] { return h.campaigns }

// Concepts returns the concepts, keyed by id.
func (h *TargetingHandle) Concepts() *Records[int64, targeting.Concept] { return h.concepts }

// Contracts returns the contracts, keyed by id.
func (h *TargetingHandle) Contracts() *Records[int64, targeting.Contract] { return h.contracts }
