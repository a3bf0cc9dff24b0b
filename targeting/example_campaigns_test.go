package targeting_test

import (
	"context"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func day(y int, m time.Month, d int) *adama.Time {
	t := adama.NewTime(time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
	return &t
}

func amount(s string) *adama.Decimal {
	d := adama.MustDecimal(s)
	return &d
}

func ExampleCampaignService_Create() {
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
	// Change a group and save: the budget goes whole, without the flights'
	// read-only properties.
	c, err = tc.Campaigns.Modify(ctx, c.ID, func(c *targeting.Campaign) error {
		c.Budget.Flights = append(c.Budget.Flights, &targeting.BudgetFlight{
			StartDate: day(2030, 4, 1), EndDate: day(2030, 4, 30), TotalBudget: amount("2500.05")})
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	total := adama.SumDecimals(*c.Budget.Flights[0].TotalBudget, *c.Budget.Flights[1].TotalBudget)
	fmt.Println(c.Name, c.Version, len(c.Budget.Flights), total, c.Budget.CurrencyCode)
	// Output: Spring 2 2 7500.15 EUR
}

func ExampleCampaignService_Copy() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	src, err := tc.Campaigns.Create(ctx, &targeting.Campaign{
		Name: "Spring", AdvertiserID: 76, ServiceType: targeting.ServiceTypeManaged,
		Goals: &targeting.CampaignGoals{GoalType: targeting.CampaignGoalTypeSpend, GoalValue: amount("1")},
		Budget: &targeting.CampaignBudget{CurrencyCode: "USD", Flights: []*targeting.BudgetFlight{
			{StartDate: day(2030, 3, 1), EndDate: day(2030, 3, 31), TotalBudget: amount("100")},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	cp, err := tc.Campaigns.Copy(ctx, src.ID, &targeting.CampaignCopy{Name: "Autumn", Status: true, CopyBrainSettings: adama.Ptr(true)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cp.ID, cp.Name, *cp.SourceCampaignID)
	// Output: 2 Autumn 1
}

func ExampleBudgetFlightService_All() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	c, err := tc.Campaigns.Create(ctx, &targeting.Campaign{
		Name: "Spring", AdvertiserID: 76, ServiceType: targeting.ServiceTypeSelf,
		Goals: &targeting.CampaignGoals{GoalType: targeting.CampaignGoalTypeSpend, GoalValue: amount("1")},
		Budget: &targeting.CampaignBudget{CurrencyCode: "USD", Flights: []*targeting.BudgetFlight{
			{StartDate: day(2030, 3, 1), EndDate: day(2030, 3, 31), TotalBudget: amount("100")},
			{StartDate: day(2030, 4, 1), EndDate: day(2030, 4, 30), TotalBudget: amount("200.50")},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for f, err := range tc.BudgetFlights.All(ctx, c.ID, &targeting.BudgetFlightListOptions{Full: true, PageLimit: 1}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(f.StartDate.Format("2006-01-02"), f.TotalBudget)
	}
	// Output:
	// 2030-03-01 100
	// 2030-04-01 200.5
}

func ExampleConceptService_Update() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	c, err := tc.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76})
	if err != nil {
		fmt.Println(err)
		return
	}
	c.Archived = adama.Ptr(true)
	c, err = tc.Concepts.Update(ctx, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Name, *c.Archived, c.Version)
	// Output: Autumn true 2
}

func ExampleContractService_Create() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	c, err := tc.Contracts.Create(ctx, &targeting.Contract{
		OrganizationID: 34, CurrencyCode: "USD", EffectiveStartDate: day(2030, 1, 1), EffectiveEndDate: day(2030, 12, 31),
		PlatformMonthlyMin: amount("1000"), ExcludeAgencyMargin: adama.Ptr(false), ProfitShareFeePct: amount("0"),
		P1AsFeeCPM: amount("0.05"), P1VadsFeeCPM: amount("0.25"), P1Html5FeeCPM: amount("0.05"),
		StandardSegmentCPM: amount("0.1"), AdaptiveSegmentCPM: amount("0"),
		PlatformAccessFeeUnit: targeting.ContractFeeUnitCPM, PlatformAccessFeeCPM: amount("0.123456789"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.PlatformAccessFeeUnit, c.PlatformAccessFeeCPM, c.CurrencyCode)
	// Output: CPM 0.123456789 USD
}
