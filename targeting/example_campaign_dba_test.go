package targeting_test

import (
	"context"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/targeting"
)

func ExampleBudgetFlightService_BulkUpdate() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	c, err := tc.Campaigns.Create(ctx, &targeting.Campaign{
		Name: "Spring", AdvertiserID: 76, ServiceType: targeting.ServiceTypeSelf,
		Goals: &targeting.CampaignGoals{GoalType: targeting.CampaignGoalTypeCPA, GoalValue: amount("2.50")},
		Budget: &targeting.CampaignBudget{CurrencyCode: "EUR", Flights: []*targeting.BudgetFlight{
			{StartDate: day(2030, 3, 1), EndDate: day(2030, 3, 31), TotalBudget: amount("5000.10")},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Each item succeeds or fails on its own; a flight the platform did
	// not change fails with ErrNotInAnswer.
	res, err := tc.BudgetFlights.BulkUpdate(ctx, []*targeting.BudgetFlight{
		{ID: c.Budget.Flights[0].ID, TotalBudget: amount("6000")},
		{ID: 424242, TotalBudget: amount("1")},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Items[0].Record.TotalBudget, res.Items[1].Err)

	// The allocation dates of several campaigns, by id.
	dba, err := tc.Campaigns.UpdateDynamicBudgetAllocations(ctx, []*targeting.CampaignDBA{
		{ID: c.ID, DynamicBudgetAllocationApplied: day(2030, 3, 2)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(dba.Status, dba.Items[0].Record.DynamicBudgetAllocationApplied.Format(time.DateOnly))
	// Output:
	// 207 6000 targeting: the bulk answer leaves the item out
	// 200 2030-03-02
}
