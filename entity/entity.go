package entity

import (
	"context"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Fields whose updates reach the bidders within 5 minutes (spec 4.A).
var (
	CampaignFastFields     = []string{"id", "end_date", "start_date", "status", "total_budget"}
	StrategyFastFields     = []string{"budget", "end_date", "goal_value", "id", "max_bid", "min_bid", "pacing_amount", "pacing_interval", "pacing_type", "start_date", "status"}
	BudgetFlightFastFields = []string{"campaign_id", "end_date", "id", "start_date", "total_budget", "total_budget_usd"}
)

// Client holds one Service per group A collection. Build it with New.
type Client struct {
	c *adama.Client

	Organizations              *Service[Organization, *Organization]
	Agencies                   *Service[Agency, *Agency]
	Advertisers                *Service[Advertiser, *Advertiser]
	Campaigns                  *Service[Campaign, *Campaign]
	Strategies                 *Service[Strategy, *Strategy]
	Users                      *Service[User, *User]
	Verticals                  *Service[Vertical, *Vertical]
	Contacts                   *Service[Contact, *Contact]
	AtomicCreatives            *Service[AtomicCreative, *AtomicCreative]
	CreativeApprovals          *Service[CreativeApproval, *CreativeApproval]
	Concepts                   *Service[Concept, *Concept]
	PixelBundles               *Service[PixelBundle, *PixelBundle]
	BudgetFlights              *Service[BudgetFlight, *BudgetFlight]
	StrategyDayParts           *Service[StrategyDayPart, *StrategyDayPart]
	StrategyAudienceSegments   *Service[StrategyAudienceSegment, *StrategyAudienceSegment]
	AudienceSegments           *Service[AudienceSegment, *AudienceSegment]
	StrategyDomainRestrictions *Service[StrategyDomainRestriction, *StrategyDomainRestriction]
	StrategySiteLists          *Service[StrategySiteList, *StrategySiteList]
	AdServers                  *Service[AdServer, *AdServer]
}

// New returns the group A services on c.
func New(c *adama.Client) *Client {
	return &Client{
		c:                          c,
		Organizations:              newService[Organization](c, "organizations"),
		Agencies:                   newService[Agency](c, "agencies"),
		Advertisers:                newService[Advertiser](c, "advertisers"),
		Campaigns:                  newService[Campaign](c, "campaigns", CampaignFastFields...),
		Strategies:                 newService[Strategy](c, "strategies", StrategyFastFields...),
		Users:                      newService[User](c, "users"),
		Verticals:                  newService[Vertical](c, "verticals"),
		Contacts:                   newService[Contact](c, "contacts"),
		AtomicCreatives:            newService[AtomicCreative](c, "atomic_creatives"),
		CreativeApprovals:          newService[CreativeApproval](c, "creative_approvals"),
		Concepts:                   newService[Concept](c, "concepts"),
		PixelBundles:               newService[PixelBundle](c, "pixel_bundles"),
		BudgetFlights:              newService[BudgetFlight](c, "budget_flights", BudgetFlightFastFields...),
		StrategyDayParts:           newService[StrategyDayPart](c, "strategy_day_parts"),
		StrategyAudienceSegments:   newService[StrategyAudienceSegment](c, "strategy_audience_segments"),
		AudienceSegments:           newService[AudienceSegment](c, "audience_segments"),
		StrategyDomainRestrictions: newService[StrategyDomainRestriction](c, "strategy_domain_restrictions"),
		StrategySiteLists:          newService[StrategySiteList](c, "strategy_site_lists"),
		AdServers:                  newService[AdServer](c, "ad_servers"),
	}
}

// Session is the answer of GET /session: who the bearer token belongs to.
type Session struct {
	UserID    int64       `json:"user_id"`
	Username  string      `json:"username"`
	ExpiresAt *adama.Time `json:"expires_at,omitempty"`
}

// Session calls GET /api/v2.0/session with the bearer token. (The client
// bootstraps the adama_session cookie by itself; this reads who is
// signed in.)
func (ec *Client) Session(ctx context.Context, ropt ...adama.RequestOption) (*Session, error) {
	resp, err := ec.c.Do(ctx, &adama.Request{Method: http.MethodGet, Host: adama.HostBase, Path: adama.SessionPath, Auth: adama.AuthBearer}, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var s Session
	if isXML(resp) {
		res, err := wire.DecodeXML(resp.Body)
		if err != nil {
			return nil, err
		}
		if res.Entity != nil {
			if err := jsonUnmarshal(wire.EntityJSON(res.Entity, typeOf[Session]()), &s); err != nil {
				return nil, err
			}
		}
		return &s, nil
	}
	if _, err := wire.DecodeJSON(resp.Body, &s); err != nil {
		return nil, err
	}
	return &s, nil
}
