package targeting_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// dec is an exact amount.
func dec(s string) *adama.Decimal { d := adama.MustDecimal(s); return &d }

// at is a date-time in 2030.
func at(month time.Month, day int) *adama.Time {
	t := adama.NewTime(time.Date(2030, month, day, 0, 0, 0, 0, time.UTC))
	return &t
}

// newCampaign is a campaign a create accepts.
func newCampaign() *targeting.Campaign {
	return &targeting.Campaign{Name: "Spring", AdvertiserID: 76, ServiceType: targeting.ServiceTypeSelf,
		Goals:    &targeting.CampaignGoals{GoalType: targeting.CampaignGoalTypeCPA, GoalValue: dec("2.50")},
		Duration: &targeting.CampaignDuration{StartDate: at(3, 1), EndDate: at(6, 30)},
		Budget: &targeting.CampaignBudget{CurrencyCode: "USD", Flights: []*targeting.BudgetFlight{
			{StartDate: at(3, 1), EndDate: at(6, 30), TotalBudget: dec("10000.01")}}},
		Frequency: &targeting.CampaignFrequency{FrequencyType: targeting.CampaignFrequencyTypeASAP, FrequencyInterval: targeting.FrequencyIntervalDay, FrequencyAmount: adama.Ptr(int64(5))},
	}
}

// newContract is a contract a create accepts.
func newContract() *targeting.Contract {
	return &targeting.Contract{OrganizationID: 34, CurrencyCode: "USD", EffectiveStartDate: at(1, 1), EffectiveEndDate: at(12, 31),
		PlatformMonthlyMin: dec("1000.00"), ExcludeAgencyMargin: adama.Ptr(false), ProfitShareFeePct: dec("0"),
		P1AsFeeCPM: dec("0.05"), P1VadsFeeCPM: dec("0.25"), P1Html5FeeCPM: dec("0.05"), StandardSegmentCPM: dec("0.1"),
		AdaptiveSegmentCPM: dec("0"), PlatformAccessFeeUnit: targeting.ContractFeeUnitPctTotalCost, PlatformAccessFeePct: dec("12.5")}
}

// exerciseCampaigns runs every operation of the campaign, budget flight,
// concept and contract families for TestWireFitsDescription.
func exerciseCampaigns(t *testing.T, ctx context.Context, tc *targeting.Client, _ *adamatest.TargetingHandle) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	cmp, err := tc.Campaigns.Create(ctx, newCampaign())
	must(err)
	_, err = tc.Campaigns.List(ctx, &targeting.CampaignListOptions{With: []targeting.CampaignWith{targeting.CampaignWithAdvertiser},
		FilterExpired: adama.Ptr(true), ListOptions: targeting.ListOptions{SortBy: []string{"-id"}}})
	must(err)
	_, err = tc.Campaigns.List(ctx, &targeting.CampaignListOptions{Full: true, ListOptions: targeting.ListOptions{Q: qlang.Where("name", qlang.Like, "Spr*")}})
	must(err)
	_, err = tc.Campaigns.GetExtended(ctx, cmp.ID)
	must(err)
	cmp, err = tc.Campaigns.Modify(ctx, cmp.ID, func(c *targeting.Campaign) error {
		c.Budget.Flights = append(c.Budget.Flights, &targeting.BudgetFlight{StartDate: at(7, 1), EndDate: at(7, 31), TotalBudget: dec("500")})
		c.SourceCampaignID = nil
		c.Frequency.FrequencyInterval = ""
		return nil
	})
	must(err)
	_, err = tc.Campaigns.History(ctx, cmp.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.Campaigns.AuditLog(ctx, []int64{cmp.ID}, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.Campaigns.Copy(ctx, cmp.ID, &targeting.CampaignCopy{Name: "Spring copy", Status: true, CopyBrainSettings: adama.Ptr(true),
		Budget: &targeting.CampaignCopyBudget{Flights: []*targeting.CampaignCopyFlight{{StartDate: *at(8, 1), EndDate: *at(8, 31), TotalBudget: *dec("100")}}}})
	must(err)
	cmp.Political = adama.Ptr(true)
	_, err = tc.Campaigns.BulkUpdate(ctx, []*targeting.Campaign{cmp, {ID: 999999, Version: 1, Name: "gone"}})
	must(err)
	_, err = tc.BudgetFlights.List(ctx, cmp.ID, &targeting.BudgetFlightListOptions{Full: true})
	must(err)
	_, err = tc.BudgetFlights.History(ctx, cmp.ID, nil)
	must(err)
	flights, err := tc.BudgetFlights.List(ctx, cmp.ID, &targeting.BudgetFlightListOptions{Full: true})
	must(err)
	_, err = tc.BudgetFlights.BulkUpdate(ctx, []*targeting.BudgetFlight{{ID: flights.Items[0].ID, TotalBudget: dec("321.5")}, {ID: 999999, TotalBudget: dec("1")}})
	must(err)
	_, err = tc.Campaigns.UpdateDynamicBudgetAllocation(ctx, cmp.ID, &targeting.CampaignDBA{DynamicBudgetAllocationApplied: at(3, 2)}, true) //nolint:staticcheck // the legacy call is still served
	must(err)
	_, err = tc.Campaigns.UpdateDynamicBudgetAllocations(ctx, []*targeting.CampaignDBA{{ID: cmp.ID, DynamicBudgetAllocationAvailable: at(3, 3)}, {ID: 999999}})
	must(err)

	cpt, err := tc.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76})
	must(err)
	_, err = tc.Concepts.List(ctx, &targeting.ConceptListOptions{MediaTypes: []targeting.ConceptMediaType{targeting.ConceptMediaTypeDisplay, targeting.ConceptMediaTypeVideo}})
	must(err)
	cpt, err = tc.Concepts.Get(ctx, cpt.ID)
	must(err)
	cpt.Archived = adama.Ptr(true)
	_, err = tc.Concepts.Update(ctx, cpt)
	must(err)
	_, err = tc.Concepts.BulkUpdate(ctx, []*targeting.Concept{{ID: cpt.ID, Status: adama.Ptr(false)}})
	must(err)
	_, err = tc.Concepts.History(ctx, cpt.ID, nil)
	must(err)

	ctr, err := tc.Contracts.Create(ctx, newContract())
	must(err)
	_, err = tc.Contracts.List(ctx, &targeting.ContractListOptions{Full: true})
	must(err)
	ctr, err = tc.Contracts.Get(ctx, ctr.ID)
	must(err)
	ctr.PlatformAccessFeePct = nil
	ctr.SpendCap = dec("25000.00")
	_, err = tc.Contracts.Update(ctx, ctr)
	must(err)
	_, err = tc.Contracts.History(ctx, ctr.ID, nil)
	must(err)
}
