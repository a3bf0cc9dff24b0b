package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// BudgetFlight is a campaign budget flight (spec 2.5), collection
// budget_flights. Create requires campaign_id, start_date, end_date and
// total_budget.
type BudgetFlight struct {
	Common
	CampaignID  int64       `json:"campaign_id,omitempty" url:"campaign_id,omitempty"`
	StartDate   *adama.Time `json:"start_date,omitempty" url:"start_date,omitempty"`
	EndDate     *adama.Time `json:"end_date,omitempty" url:"end_date,omitempty"`
	TotalBudget adama.Money `json:"total_budget,omitempty" url:"total_budget,omitempty"`
	// TotalBudgetUSD is output only.
	TotalBudgetUSD adama.Money `json:"total_budget_usd,omitempty" url:"-"`
	// CurrencyCode is exactly 3 characters; inherited from the campaign
	// and locked once the campaign starts.
	CurrencyCode string `json:"currency_code,omitempty" url:"currency_code,omitempty"`
	// ZoneName is at most 64 characters, inherited from the campaign.
	ZoneName string `json:"zone_name,omitempty" url:"zone_name,omitempty"`
	// IsRelevant marks the flight that is current (output).
	IsRelevant *adama.Bool `json:"is_relevant,omitempty" url:"-"`

	// Campaign is the embedded parent (with=campaign); never sent.
	Campaign *Campaign `json:"campaign,omitempty" url:"-"`
}

func (f *BudgetFlight) check(v *valid.Validator, create bool) {
	if create {
		v.Require("campaign_id", f.CampaignID != 0)
		v.Require("start_date", f.StartDate != nil && !f.StartDate.IsZero())
		v.Require("end_date", f.EndDate != nil && !f.EndDate.IsZero())
		v.Require("total_budget", len(f.TotalBudget) > 0)
	}
	checkCurrency(v, "currency_code", f.CurrencyCode)
	v.MaxLen("zone_name", f.ZoneName, MaxZoneNameLen)
	if f.StartDate != nil && f.EndDate != nil && !f.StartDate.IsZero() && !f.EndDate.IsZero() {
		v.Check(f.EndDate.After(f.StartDate.Time), "end_date", "must be after start_date", f.EndDate.String())
	}
	for i, a := range f.TotalBudget {
		checkCurrency(v, "total_budget["+itoa(i)+"].currency_code", a.CurrencyCode)
		// A flight's total_budget values are integers (spec 2.5).
		v.Check(a.Value.Equal(a.Value.Round(0)), "total_budget["+itoa(i)+"].value", "must be a whole number", a.Value.String())
	}
}
