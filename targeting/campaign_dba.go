package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// campaignDBARequest checks the allocation dates of one campaign and
// sends them (the id is the path's), with full=* when full.
func campaignDBARequest(c *call.Call, _ int64, in *CampaignDBA, full bool) error {
	if in == nil {
		var v valid.Validator
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	c.JSON = struct {
		Applied   *adama.Time `json:"dynamic_budget_allocation_applied,omitempty"`
		Available *adama.Time `json:"dynamic_budget_allocation_available,omitempty"`
	}{in.DynamicBudgetAllocationApplied, in.DynamicBudgetAllocationAvailable}
	if full {
		c.Query = url.Values{"full": {"*"}}
	}
	return nil
}

// UpdateDynamicBudgetAllocations sets the dynamic budget allocation dates
// of several campaigns in one request (POST /campaign_dba; the reference
// restricts it to one service account): each item sends the campaign's
// id and the dates that are set. Outcomes as BulkUpdate's: an item without
// a positive id is refused before sending, one the platform left out of
// a multi-status (207) answer fails with ErrNotInAnswer.
func (s *CampaignService) UpdateDynamicBudgetAllocations(ctx context.Context, items []*CampaignDBA, ro ...adama.RequestOption) (*BulkResult[CampaignDBA], error) {
	if len(items) == 0 {
		var v valid.Validator
		v.Add("items", "must hold at least 1 item", 0)
		return nil, v.Err()
	}
	res := &BulkResult[CampaignDBA]{Items: make([]BulkItem[CampaignDBA], len(items))}
	bodies := make([]json.RawMessage, len(items))
	for i, d := range items {
		res.Items[i].Index = i
		var v valid.Validator
		at := fmt.Sprintf("[%d]", i)
		if d == nil {
			v.Add(at, valid.RuleRequired, nil)
			res.Items[i].Err = v.Err()
			continue
		}
		res.Items[i].ID = d.ID
		checkID(&v, at+".id", d.ID)
		if err := v.Err(); err != nil {
			res.Items[i].Err = err
			continue
		}
		b, err := json.Marshal(struct {
			ID        int64       `json:"id"`
			Applied   *adama.Time `json:"dynamic_budget_allocation_applied,omitempty"`
			Available *adama.Time `json:"dynamic_budget_allocation_available,omitempty"`
		}{d.ID, d.DynamicBudgetAllocationApplied, d.DynamicBudgetAllocationAvailable})
		if err != nil {
			res.Items[i].Err = err
			continue
		}
		bodies[i] = b
	}
	return bulk(ctx, s.g, "/campaign_dba", res, bodies,
		func(items []json.RawMessage) any { return items },
		func(d *CampaignDBA) int64 { return d.ID }, ro)
}

// BulkUpdate changes several budget flights in one request (POST
// /bulk_update/budget_flights): each item sends the flight's id and its
// writable properties that are set (is_relevant, read-only, left out).
// Outcomes as CampaignService.BulkUpdate's. The reference's create and
// delete items are not sent: a flight is added or removed through its
// campaign (Campaign.Budget.Flights).
func (s *BudgetFlightService) BulkUpdate(ctx context.Context, flights []*BudgetFlight, ro ...adama.RequestOption) (*BulkResult[BudgetFlight], error) {
	if len(flights) == 0 {
		var v valid.Validator
		v.Add("budget_flights.update", "must hold at least 1 item", 0)
		return nil, v.Err()
	}
	res := &BulkResult[BudgetFlight]{Items: make([]BulkItem[BudgetFlight], len(flights))}
	bodies := make([]json.RawMessage, len(flights))
	for i, f := range flights {
		res.Items[i].Index = i
		var v valid.Validator
		at := fmt.Sprintf("budget_flights.update[%d]", i)
		if f == nil {
			v.Add(at, valid.RuleRequired, nil)
			res.Items[i].Err = v.Err()
			continue
		}
		res.Items[i].ID = f.ID
		checkInt32(&v, at+".id", f.ID, 1)
		f.validateAt(&v, at, false)
		checkOrder(&v, at, f.StartDate, f.EndDate)
		if err := v.Err(); err != nil {
			res.Items[i].Err = err
			continue
		}
		cp := *f
		cp.clearReadOnly()
		b, err := json.Marshal(cp)
		if err != nil {
			res.Items[i].Err = err
			continue
		}
		bodies[i] = b
	}
	return bulk(ctx, s.g, "/bulk_update/budget_flights", res, bodies,
		func(items []json.RawMessage) any {
			return map[string]any{"budget_flights": map[string]any{"update": items}}
		},
		func(f *BudgetFlight) int64 { return f.ID }, ro)
}
