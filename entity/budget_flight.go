package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

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
