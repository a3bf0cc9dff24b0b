package targeting_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleNewStrategyPlanService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	plan := &targeting.NewStrategyPlan{AdvertiserID: 7, Name: "Prospecting", ZoneName: "America/New_York",
		Channels:  []targeting.NewStrategyPlanChannel{targeting.NewStrategyPlanChannelDisplay},
		Budget:    &targeting.NewStrategyPlanBudget{Budget: adama.Ptr(adama.MustDecimal("2000")), CurrencyCode: "USD"},
		Goals:     &targeting.NewStrategyPlanGoals{GoalType: targeting.StrategyGoalTypeCPA, MinBid: adama.Ptr(adama.MustDecimal("1")), MaxBid: adama.Ptr(adama.MustDecimal("4"))},
		Inventory: &targeting.NewStrategyPlanInventory{RunOnAllExchanges: true},
	}
	// Forecast a plan before saving it.
	draft, err := tc.NewStrategyPlans.Forecast(ctx, plan)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range draft.Forecast.ForecastResult.Data.Pricing {
		fmt.Println("CPM", p.Price, "impressions", p.Impressions, "spend", p.Spend)
	}

	saved, err := tc.NewStrategyPlans.Create(ctx, plan)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(saved.ID, saved.Name, saved.Version)

	// Modify sends the version read and what changed: the goals here.
	saved, err = tc.NewStrategyPlans.Modify(ctx, saved.ID, func(p *targeting.NewStrategyPlan) error {
		p.Goals.MaxBid = adama.Ptr(adama.MustDecimal("8"))
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Run the saved plan's forecast; the plan keeps it.
	saved, err = tc.NewStrategyPlans.RunForecast(ctx, saved.ID)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(saved.Goals.MaxBid, saved.Version, saved.Forecast.ForecastResult.Data.Opps)
	if err := tc.NewStrategyPlans.Delete(ctx, saved.ID); err != nil {
		fmt.Println(err)
	}
	// Output:
	// CPM 1 impressions 2000000 spend 2000
	// CPM 4 impressions 500000 spend 2000
	// 1 Prospecting 1
	// 8 2 4000000
}
