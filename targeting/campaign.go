package targeting

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/update"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the campaign against every rule the description
// states for a create (the CampaignCreate body's required fields: name,
// advertiser_id, service_type, goals and budget) or an update (the
// CampaignUpdate body's): lengths, ranges, enum values, and each nested
// record by its own schema ("budget.currency_code",
// "budget.flights[0].total_impression_budget"). It returns an
// *adama.ValidationError or nil.
func (c *Campaign) Validate(create bool) error {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	c.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules, known embeds, and
// live_only and filter_expired, which the reference does not allow
// together.
func (o *CampaignListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for i, w := range o.With {
		v.Check(w != "", fmt.Sprintf("with[%d]", i), "must not be empty", w)
		valid.Enum(&v, fmt.Sprintf("with[%d]", i), w)
	}
	if o.LiveOnly != nil && o.FilterExpired != nil && *o.LiveOnly && *o.FilterExpired {
		v.Add("filter_expired", "must not be true with live_only", true)
	}
	return v.Err()
}

// validate checks the paging bounds.
func (o *BudgetFlightListOptions) validate() error {
	var v valid.Validator
	checkPaging(&v, o.PageLimit, o.PageOffset)
	return v.Err()
}

const campaignsPath = "/campaigns"

// CampaignService calls the v3.0 campaign endpoints. Its methods are
// generated (services_gen.go) but Get and GetExtended.
type CampaignService struct {
	g *call.Group
}

func (s *CampaignService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*Campaign, error) {
	return getOne[Campaign](ctx, s.g, idPath(campaignsPath, id), positiveID("campaign_id", id), extended, ro)
}

// Get returns one campaign (GET /campaigns/{campaign_id}).
func (s *CampaignService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Campaign, error) {
	return s.get(ctx, id, false, ropt)
}

// GetExtended returns one campaign with its extended properties (the
// inherited made-for-advertising avoidance and identity level): GET
// /campaigns/{campaign_id}?extended=true.
func (s *CampaignService) GetExtended(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Campaign, error) {
	return s.get(ctx, id, true, ropt)
}

// Validate checks the copy's body against the rules the reference states
// for it (name and status required, lengths, ranges, each flight's
// required dates and budget). It returns an *adama.ValidationError or
// nil.
func (c *CampaignCopy) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	c.validate(&v, true)
	return v.Err()
}

// campaignCopyRequest checks the copy and sends it as the body.
func campaignCopyRequest(c *call.Call, _ int64, in *CampaignCopy) error {
	if err := in.Validate(); err != nil {
		return err
	}
	c.JSON = in
	return nil
}

// BudgetFlightService lists the budget flights of campaigns and their
// changes. Its methods are generated (services_gen.go); a flight is
// written through its campaign (Campaign.Budget.Flights).
type BudgetFlightService struct {
	g *call.Group
}

// checkCampaign holds the campaign's rules no schema of the description
// can state on the record: a create's goal needs its type and value and
// its budget at least one flight, each flight its dates and budget (the
// reference's campaign_goals_create and campaign_budget_flights_create),
// and no flight nor the campaign ends before it starts.
func (c *Campaign) checkCampaign(v *valid.Validator, at string, create bool) {
	if create && c.Goals != nil {
		v.Require(valid.Path(valid.Path(at, "goals"), "goal_type"), c.Goals.GoalType != "")
		v.Require(valid.Path(valid.Path(at, "goals"), "goal_value"), c.Goals.GoalValue != nil)
	}
	if c.Budget != nil {
		b := valid.Path(at, "budget")
		if create {
			v.Check(len(c.Budget.Flights) >= 1, valid.Path(b, "flights"), "must hold at least 1 item", len(c.Budget.Flights))
		}
		for i, f := range c.Budget.Flights {
			if f == nil {
				continue
			}
			p := valid.Index(b, "flights", i)
			if create || f.ID == 0 {
				v.Require(valid.Path(p, "start_date"), f.StartDate != nil && !f.StartDate.IsZero())
				v.Require(valid.Path(p, "end_date"), f.EndDate != nil && !f.EndDate.IsZero())
				v.Require(valid.Path(p, "total_budget"), f.TotalBudget != nil)
			}
			checkOrder(v, p, f.StartDate, f.EndDate)
		}
	}
	if c.Duration != nil {
		checkOrder(v, valid.Path(at, "duration"), c.Duration.StartDate, c.Duration.EndDate)
	}
}

// checkOrder records a violation when end lies before start.
func checkOrder(v *valid.Validator, at string, start, end *adama.Time) {
	if start == nil || end == nil || start.IsZero() || end.IsZero() {
		return
	}
	v.Check(!end.Before(start.Time), valid.Path(at, "end_date"), "must not be before start_date", end.String())
}

// checkCopy holds the copy's rules between fields: each flight's dates in
// order, and the copy's.
func (c *CampaignCopy) checkCopy(v *valid.Validator, at string, _ bool) {
	checkOrder(v, at, c.StartDate, c.EndDate)
	if c.Budget != nil {
		for i, f := range c.Budget.Flights {
			if f != nil {
				checkOrder(v, valid.Index(valid.Path(at, "budget"), "flights", i), &f.StartDate, &f.EndDate)
			}
		}
	}
}

// createRequest is the body a create of the campaign sends: its writable
// properties, the read-only ones of the records it holds left out (a
// flight's is_relevant, a site list's counts, ...), once the campaign
// keeps the create's rules. It is written by hand because the generated
// body would send the held records whole.
func (c *Campaign) createRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	c.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body, err := c.sendable().writable()
	if err != nil {
		return nil, err
	}
	return json.RawMessage(body), nil
}

// updateRequest is the body an update of the campaign sends: its version
// and what changed since it was read (every set property for a campaign
// built by hand), a changed group sent whole without the read-only
// properties of the records it holds; see internal/update's Body.
func (c *Campaign) updateRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if c.ID <= 0 {
		v.Add("campaign_id", "must be a positive id", c.ID)
	}
	now, err := c.sendable().writable()
	if err != nil {
		return nil, err
	}
	var before []byte
	if orig := c.original(); orig != nil {
		c.validateChange(&v, orig)
		if before, err = orig.sendable().writable(); err != nil {
			return nil, err
		}
	}
	return update.Body(&v, now, before, c.Version, c.createOnlyFields(), c.fixedFields(), func(v *valid.Validator) { c.validate(v, false) })
}

// sendable returns a copy of c whose held records lack their read-only
// properties; c is not changed.
func (c *Campaign) sendable() *Campaign {
	out := *c
	if c.Duration != nil {
		d := *c.Duration
		d.clearReadOnly()
		out.Duration = &d
	}
	if c.Inventory != nil {
		in := *c.Inventory
		in.clearReadOnly()
		out.Inventory = &in
	}
	if c.Budget != nil {
		b := *c.Budget
		b.Flights = cleared(c.Budget.Flights, (*BudgetFlight).clearReadOnly)
		out.Budget = &b
	}
	out.SiteLists = cleared(c.SiteLists, (*CampaignSiteList).clearReadOnly)
	out.CustomBrainSelections = cleared(c.CustomBrainSelections, (*CampaignBrainSelection).clearReadOnly)
	return &out
}

// cleared returns copies of the records of in, each cleared by clear (nil
// stays nil).
func cleared[T any](in []*T, clear func(*T)) []*T {
	if in == nil {
		return nil
	}
	out := make([]*T, len(in))
	for i, r := range in {
		if r == nil {
			continue
		}
		cp := *r
		clear(&cp)
		out[i] = &cp
	}
	return out
}

// AuditLog returns one page of the changes of the campaigns ids (POST
// /audit_log/campaigns), in the audit-log shape the organizations'
// share.
func (s *CampaignService) AuditLog(ctx context.Context, ids []int64, opts *HistoryOptions, ro ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	return auditLog(ctx, s.g, "campaigns", ids, opts, ro)
}
