package entity

import (
	"context"
	"encoding/json"
	"github.com/adamasdk/adama-go/internal/route"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
)

// Fields whose updates reach the bidders within 5 minutes (spec 4.A);
// Service.FastFields returns a copy.
var (
	campaignFastFields     = []string{"id", "end_date", "start_date", "status", "total_budget"}
	strategyFastFields     = []string{"budget", "end_date", "goal_value", "id", "max_bid", "min_bid", "pacing_amount", "pacing_interval", "pacing_type", "start_date", "status"}
	budgetFlightFastFields = []string{"campaign_id", "end_date", "id", "start_date", "total_budget", "total_budget_usd"}
)

// Client holds one Service per group A collection. Build it with New.
type Client struct {
	c *adama.Client
	g *call.Group

	Organizations              *Service[Organization]
	Agencies                   *Service[Agency]
	Advertisers                *Service[Advertiser]
	Campaigns                  *Service[Campaign]
	Strategies                 *Service[Strategy]
	Users                      *Service[User]
	Verticals                  *Service[Vertical]
	Contacts                   *Service[Contact]
	AtomicCreatives            *Service[AtomicCreative]
	CreativeApprovals          *Service[CreativeApproval]
	Concepts                   *Service[Concept]
	PixelBundles               *Service[PixelBundle]
	BudgetFlights              *Service[BudgetFlight]
	StrategyDayParts           *Service[StrategyDayPart]
	StrategyAudienceSegments   *Service[StrategyAudienceSegment]
	AudienceSegments           *Service[AudienceSegment]
	StrategyDomainRestrictions *Service[StrategyDomainRestriction]
	AdServers                  *Service[AdServer]

	// Collections the reference schemas describe (reference_records.go).
	StrategyConcepts          *Service[StrategyConcept]
	StrategySupplySources     *Service[StrategySupplySource]
	SupplySources             *Service[SupplySource]
	SiteLists                 *Service[SiteList]
	Vendors                   *Service[Vendor]
	VendorContracts           *Service[VendorContract]
	VendorDomains             *Service[VendorDomain]
	VendorPixels              *Service[VendorPixel]
	VendorPixelDomains        *Service[VendorPixelDomain]
	Pixels                    *Service[Pixel]
	PixelProviders            *Service[PixelProvider]
	PlacementSlots            *Service[PlacementSlot]
	Publishers                *Service[Publisher]
	PublisherSites            *Service[PublisherSite]
	SitePlacements            *Service[SitePlacementRecord]
	TargetDimensions          *Service[TargetDimension]
	TargetValues              *Service[TargetValue]
	StrategyTargetingSegments *Service[StrategyTargetingSegment]
	Deals                     *Service[Deal]
	TargetingVendors          *Service[TargetingVendor]
}

// Option configures the group A client.
type Option func(*options)

type options struct{ xml bool }

// WithXML asks for XML answers instead of JSON; records decode the same
// either way.
func WithXML() Option { return func(o *options) { o.xml = true } }

// New returns the group A services on c.
func New(c *adama.Client, opts ...Option) *Client {
	var o options
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: pathPrefix, Auth: adama.AuthSession, Envelope: call.DataMeta, XML: o.xml}
	return &Client{
		c:                          c,
		g:                          g,
		Organizations:              newService[Organization](g, "organizations"),
		Agencies:                   newService[Agency](g, "agencies"),
		Advertisers:                newService[Advertiser](g, "advertisers"),
		Campaigns:                  newService[Campaign](g, "campaigns", campaignFastFields...),
		Strategies:                 newService[Strategy](g, "strategies", strategyFastFields...),
		Users:                      newService[User](g, "users"),
		Verticals:                  newService[Vertical](g, "verticals"),
		Contacts:                   newService[Contact](g, "contacts"),
		AtomicCreatives:            newService[AtomicCreative](g, "atomic_creatives"),
		CreativeApprovals:          newService[CreativeApproval](g, "creative_approvals"),
		Concepts:                   newService[Concept](g, "concepts"),
		PixelBundles:               newService[PixelBundle](g, "pixel_bundles"),
		BudgetFlights:              newService[BudgetFlight](g, "budget_flights", budgetFlightFastFields...),
		StrategyDayParts:           newService[StrategyDayPart](g, "strategy_day_parts"),
		StrategyAudienceSegments:   newService[StrategyAudienceSegment](g, "strategy_audience_segments"),
		AudienceSegments:           newService[AudienceSegment](g, "audience_segments"),
		StrategyDomainRestrictions: newService[StrategyDomainRestriction](g, "strategy_domain_restrictions"),
		AdServers:                  newService[AdServer](g, "ad_servers"),
		StrategyConcepts:           newService[StrategyConcept](g, "strategy_concepts"),
		StrategySupplySources:      newService[StrategySupplySource](g, "strategy_supply_sources"),
		SupplySources:              newService[SupplySource](g, "supply_sources"),
		SiteLists:                  newService[SiteList](g, "site_lists"),
		Vendors:                    newService[Vendor](g, "vendors"),
		VendorContracts:            newService[VendorContract](g, "vendor_contracts"),
		VendorDomains:              newService[VendorDomain](g, "vendor_domains"),
		VendorPixels:               newService[VendorPixel](g, "vendor_pixels"),
		VendorPixelDomains:         newService[VendorPixelDomain](g, "vendor_pixel_domains"),
		Pixels:                     newService[Pixel](g, "pixels"),
		PixelProviders:             newService[PixelProvider](g, "pixel_providers"),
		PlacementSlots:             newService[PlacementSlot](g, "placement_slots"),
		Publishers:                 newService[Publisher](g, "publishers"),
		PublisherSites:             newService[PublisherSite](g, "publisher_sites"),
		SitePlacements:             newService[SitePlacementRecord](g, "site_placements"),
		TargetDimensions:           newService[TargetDimension](g, "target_dimensions"),
		TargetValues:               newService[TargetValue](g, "target_values"),
		StrategyTargetingSegments:  newService[StrategyTargetingSegment](g, "strategy_targeting_segments"),
		Deals:                      newService[Deal](g, "deals"),
		TargetingVendors:           newService[TargetingVendor](g, "targeting_vendors"),
	}
}

// Session is the answer of GET /session: the user the bearer token belongs
// to and when the session ends. The platform answers
// {"data":{"id","name","entity_type":"user","session":{"sessionid","expires"}}}
// in JSON; in XML an <entity type="user"> followed by a sibling
// <session current_time expires sessionid/> (a <session> child of the
// entity is read too); expires carries no zone (read as UTC). The session id is
// the adama_session cookie: the client keeps it and it is not part of the
// record, so printing a Session shows no credential.
type Session struct {
	// ID and Name are the signed-in user's.
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// EntityType is "user".
	EntityType string `json:"entity_type"`
	// Expires is when the session ends.
	Expires *adama.Time `json:"-"`
}

// UnmarshalJSON reads the session answer, keeping the expiry and dropping
// the session id.
func (s *Session) UnmarshalJSON(b []byte) error {
	type plain Session
	var aux struct {
		*plain
		Session *struct {
			Expires *adama.Time `json:"expires"`
		} `json:"session"`
	}
	aux.plain = (*plain)(s)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.Session != nil {
		s.Expires = aux.Session.Expires
	}
	return nil
}

// Session calls GET /api/v2.0/session with the bearer token. (The client
// bootstraps the adama_session cookie by itself; this reads who is
// signed in.)
func (ec *Client) Session(ctx context.Context, ropt ...adama.RequestOption) (*Session, error) {
	g := *ec.g
	g.Prefix, g.Auth = "", adama.AuthBearer
	return call.One[Session](ctx, &g, &call.Call{Path: route.Session}, ropt...)
}
