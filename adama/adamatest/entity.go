package adamatest

import (
	"encoding/json"
	"maps"

	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

// registerEntity plugs in group A (entity management v2.0): every
// collection under /api/v2.0, seeded with organizations, agencies,
// verticals 1-34, ad servers, contacts, a user, vendors and audience
// segments.
func registerEntity(r fake.Registrar) {
	s := serverOf(r)
	s.setStore("entity", entityfake.Register(r, s.entityCfg))
}

// WithEntity preloads one group A record into collection ("advertisers",
// "strategies", ...). rec is the record's JSON object; id, version,
// entity_type and timestamps are filled in when absent.
func WithEntity(collection string, rec map[string]any) Option {
	return func(s *Server) {
		s.entityCfg.Seeds = append(s.entityCfg.Seeds, entityfake.Seed{Collection: collection, Record: maps.Clone(rec)})
	}
}

// WithEntities preloads n generated records into collection, required
// fields filled, for paging tests and benchmarks.
func WithEntities(collection string, n int) Option {
	return func(s *Server) {
		if s.entityCfg.Bulk == nil {
			s.entityCfg.Bulk = map[string]int{}
		}
		s.entityCfg.Bulk[collection] += n
	}
}

// WithoutEntitySeed starts group A empty (no organizations, verticals, ...).
func WithoutEntitySeed() Option {
	return func(s *Server) { s.entityCfg.NoSeed = true }
}

// EntitiesHandle seeds and inspects group A's state on a running
// Server: one Records per collection, named as entity.Client names its
// Services and typed with the same records, keyed by id. A collection
// holds its records as stored, before the view a read applies. Add and
// Put store a record as it encodes, filling id (Add, when absent),
// entity_type, version 0 and the timestamps when absent; SetRaw changes
// one property as another user would, bumping the version (to provoke
// version conflicts). On a server that does not serve the group, every
// collection holds nothing.
type EntitiesHandle struct{ st *entityfake.Store }

// Entities returns the handle on group A's state.
func (s *Server) Entities() *EntitiesHandle {
	return &EntitiesHandle{st: storeOf[*entityfake.Store](s, "entity")}
}

// entityRecords returns collection name of the fake typed with T, the
// SDK's record of that collection.
func entityRecords[T any, P interface {
	*T
	GetID() int64
}](e *EntitiesHandle, name string) *Records[int64, T] {
	if e.st == nil || !e.st.Has(name) {
		return &Records[int64, T]{}
	}
	st := e.st
	decode := func(b []byte) (map[string]any, bool) {
		var d map[string]any
		if json.Unmarshal(b, &d) != nil || d == nil {
			return nil, false
		}
		return d, true
	}
	return &Records[int64, T]{
		key: func(rec *T) (int64, bool) { id := P(rec).GetID(); return id, id > 0 },
		b: backing[int64]{
			get: func(id int64) ([]byte, bool) { return st.JSON(name, id) },
			put: func(id int64, b []byte) bool {
				d, ok := decode(b)
				if !ok {
					return false
				}
				d["id"] = id
				_, err := st.Insert(name, d)
				return err == nil
			},
			add: func(b []byte) (int64, bool) {
				d, ok := decode(b)
				if !ok {
					return 0, false
				}
				id, err := st.Insert(name, d)
				return id, err == nil
			},
			del:    func(id int64) bool { return st.Delete(name, id) },
			keys:   func() []int64 { return st.IDs(name) },
			setRaw: func(id int64, prop string, v any) bool { return st.Set(name, id, prop, v) },
		}}
}

// Organizations returns the organizations collection.
func (e *EntitiesHandle) Organizations() *Records[int64, entity.Organization] {
	return entityRecords[entity.Organization](e, "organizations")
}

// Agencies returns the agencies collection.
func (e *EntitiesHandle) Agencies() *Records[int64, entity.Agency] {
	return entityRecords[entity.Agency](e, "agencies")
}

// Advertisers returns the advertisers collection.
func (e *EntitiesHandle) Advertisers() *Records[int64, entity.Advertiser] {
	return entityRecords[entity.Advertiser](e, "advertisers")
}

// Campaigns returns the campaigns collection.
func (e *EntitiesHandle) Campaigns() *Records[int64, entity.Campaign] {
	return entityRecords[entity.Campaign](e, "campaigns")
}

// Strategies returns the strategies collection.
func (e *EntitiesHandle) Strategies() *Records[int64, entity.Strategy] {
	return entityRecords[entity.Strategy](e, "strategies")
}

// Users returns the users collection.
func (e *EntitiesHandle) Users() *Records[int64, entity.User] {
	return entityRecords[entity.User](e, "users")
}

// Verticals returns the verticals collection.
func (e *EntitiesHandle) Verticals() *Records[int64, entity.Vertical] {
	return entityRecords[entity.Vertical](e, "verticals")
}

// Contacts returns the contacts collection.
func (e *EntitiesHandle) Contacts() *Records[int64, entity.Contact] {
	return entityRecords[entity.Contact](e, "contacts")
}

// AtomicCreatives returns the atomic creatives collection.
func (e *EntitiesHandle) AtomicCreatives() *Records[int64, entity.AtomicCreative] {
	return entityRecords[entity.AtomicCreative](e, "atomic_creatives")
}

// CreativeApprovals returns the creative approvals collection.
func (e *EntitiesHandle) CreativeApprovals() *Records[int64, entity.CreativeApproval] {
	return entityRecords[entity.CreativeApproval](e, "creative_approvals")
}

// Concepts returns the concepts collection.
func (e *EntitiesHandle) Concepts() *Records[int64, entity.Concept] {
	return entityRecords[entity.Concept](e, "concepts")
}

// PixelBundles returns the pixel bundles collection.
func (e *EntitiesHandle) PixelBundles() *Records[int64, entity.PixelBundle] {
	return entityRecords[entity.PixelBundle](e, "pixel_bundles")
}

// BudgetFlights returns the budget flights collection.
func (e *EntitiesHandle) BudgetFlights() *Records[int64, entity.BudgetFlight] {
	return entityRecords[entity.BudgetFlight](e, "budget_flights")
}

// StrategyDayParts returns the strategy day parts collection.
func (e *EntitiesHandle) StrategyDayParts() *Records[int64, entity.StrategyDayPart] {
	return entityRecords[entity.StrategyDayPart](e, "strategy_day_parts")
}

// StrategyAudienceSegments returns the strategy audience segments collection.
func (e *EntitiesHandle) StrategyAudienceSegments() *Records[int64, entity.StrategyAudienceSegment] {
	return entityRecords[entity.StrategyAudienceSegment](e, "strategy_audience_segments")
}

// AudienceSegments returns the audience segments collection.
func (e *EntitiesHandle) AudienceSegments() *Records[int64, entity.AudienceSegment] {
	return entityRecords[entity.AudienceSegment](e, "audience_segments")
}

// StrategyDomainRestrictions returns the strategy domain restrictions collection.
func (e *EntitiesHandle) StrategyDomainRestrictions() *Records[int64, entity.StrategyDomainRestriction] {
	return entityRecords[entity.StrategyDomainRestriction](e, "strategy_domain_restrictions")
}

// AdServers returns the ad servers collection.
func (e *EntitiesHandle) AdServers() *Records[int64, entity.AdServer] {
	return entityRecords[entity.AdServer](e, "ad_servers")
}

// StrategyConcepts returns the strategy concepts collection.
func (e *EntitiesHandle) StrategyConcepts() *Records[int64, entity.StrategyConcept] {
	return entityRecords[entity.StrategyConcept](e, "strategy_concepts")
}

// StrategySupplySources returns the strategy supply sources collection.
func (e *EntitiesHandle) StrategySupplySources() *Records[int64, entity.StrategySupplySource] {
	return entityRecords[entity.StrategySupplySource](e, "strategy_supply_sources")
}

// SupplySources returns the supply sources collection.
func (e *EntitiesHandle) SupplySources() *Records[int64, entity.SupplySource] {
	return entityRecords[entity.SupplySource](e, "supply_sources")
}

// SiteLists returns the site lists collection.
func (e *EntitiesHandle) SiteLists() *Records[int64, entity.SiteList] {
	return entityRecords[entity.SiteList](e, "site_lists")
}

// Vendors returns the vendors collection.
func (e *EntitiesHandle) Vendors() *Records[int64, entity.Vendor] {
	return entityRecords[entity.Vendor](e, "vendors")
}

// VendorContracts returns the vendor contracts collection.
func (e *EntitiesHandle) VendorContracts() *Records[int64, entity.VendorContract] {
	return entityRecords[entity.VendorContract](e, "vendor_contracts")
}

// Contracts returns the contracts collection.
func (e *EntitiesHandle) Contracts() *Records[int64, entity.Contract] {
	return entityRecords[entity.Contract](e, "contracts")
}

// VendorDomains returns the vendor domains collection.
func (e *EntitiesHandle) VendorDomains() *Records[int64, entity.VendorDomain] {
	return entityRecords[entity.VendorDomain](e, "vendor_domains")
}

// VendorPixels returns the vendor pixels collection.
func (e *EntitiesHandle) VendorPixels() *Records[int64, entity.VendorPixel] {
	return entityRecords[entity.VendorPixel](e, "vendor_pixels")
}

// VendorPixelDomains returns the vendor pixel domains collection.
func (e *EntitiesHandle) VendorPixelDomains() *Records[int64, entity.VendorPixelDomain] {
	return entityRecords[entity.VendorPixelDomain](e, "vendor_pixel_domains")
}

// Pixels returns the pixels collection.
func (e *EntitiesHandle) Pixels() *Records[int64, entity.Pixel] {
	return entityRecords[entity.Pixel](e, "pixels")
}

// PixelProviders returns the pixel providers collection.
func (e *EntitiesHandle) PixelProviders() *Records[int64, entity.PixelProvider] {
	return entityRecords[entity.PixelProvider](e, "pixel_providers")
}

// PlacementSlots returns the placement slots collection.
func (e *EntitiesHandle) PlacementSlots() *Records[int64, entity.PlacementSlot] {
	return entityRecords[entity.PlacementSlot](e, "placement_slots")
}

// Publishers returns the publishers collection.
func (e *EntitiesHandle) Publishers() *Records[int64, entity.Publisher] {
	return entityRecords[entity.Publisher](e, "publishers")
}

// PublisherSites returns the publisher sites collection.
func (e *EntitiesHandle) PublisherSites() *Records[int64, entity.PublisherSite] {
	return entityRecords[entity.PublisherSite](e, "publisher_sites")
}

// SitePlacements returns the site placements collection.
func (e *EntitiesHandle) SitePlacements() *Records[int64, entity.SitePlacementRecord] {
	return entityRecords[entity.SitePlacementRecord](e, "site_placements")
}

// TargetDimensions returns the target dimensions collection.
func (e *EntitiesHandle) TargetDimensions() *Records[int64, entity.TargetDimension] {
	return entityRecords[entity.TargetDimension](e, "target_dimensions")
}

// TargetValues returns the target values collection.
func (e *EntitiesHandle) TargetValues() *Records[int64, entity.TargetValue] {
	return entityRecords[entity.TargetValue](e, "target_values")
}

// StrategyTargetingSegments returns the strategy targeting segments collection.
func (e *EntitiesHandle) StrategyTargetingSegments() *Records[int64, entity.StrategyTargetingSegment] {
	return entityRecords[entity.StrategyTargetingSegment](e, "strategy_targeting_segments")
}

// Deals returns the deals collection.
func (e *EntitiesHandle) Deals() *Records[int64, entity.Deal] {
	return entityRecords[entity.Deal](e, "deals")
}

// TargetingVendors returns the targeting vendors collection.
func (e *EntitiesHandle) TargetingVendors() *Records[int64, entity.TargetingVendor] {
	return entityRecords[entity.TargetingVendor](e, "targeting_vendors")
}

// Generate adds n generated records to collection on a running server.
func (e *EntitiesHandle) Generate(collection string, n int) {
	if e.st != nil {
		e.st.Generate(collection, n)
	}
}

// SiteListSites returns the entries of a site list's last upload.
func (e *EntitiesHandle) SiteListSites(id int64) []string {
	if e.st == nil {
		return nil
	}
	return e.st.SiteListSites(id)
}

// SiteListAssignments returns where a site list is assigned, as
// "campaigns/7" or "strategies/9".
func (e *EntitiesHandle) SiteListAssignments(id int64) []string {
	if e.st == nil {
		return nil
	}
	return e.st.SiteListAssignments(id)
}
