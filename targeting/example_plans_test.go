package targeting_test

import (
	"context"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleStrategyTemplateService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	tpl := &targeting.StrategyTemplate{AgencyID: adama.Ptr(int64(190)), Name: "Prospecting", Description: "defaults for prospecting"}
	tpl.SetTemplateText("goal_type: cpa")
	tpl, err := tc.StrategyTemplates.Create(ctx, tpl)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The platform answers the template parsed into an object.
	fmt.Println(tpl.ID, tpl.Name, string(tpl.Template))

	// A template has no version: Modify reads it and replaces it.
	tpl, err = tc.StrategyTemplates.Modify(ctx, tpl.ID, func(x *targeting.StrategyTemplate) error {
		x.SetTemplateText("goal_type: cpc")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(tpl.Template))
	for x, err := range tc.StrategyTemplates.All(ctx, &targeting.StrategyTemplateListOptions{AgencyID: 190}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(x.ID, x.Name, x.Description)
	}
	// Output:
	// 1 Prospecting {"goal_type":"cpa"}
	// {"goal_type":"cpc"}
	// 1 Prospecting defaults for prospecting
}

func ExampleNewStrategyGroupService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	grp, err := tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 100, Name: "Retargeting",
		SpendCapType: targeting.NewStrategyGroupCapTypeEven, SpendCapAmount: adama.Ptr(adama.MustDecimal("500.00"))})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(grp.ID, grp.Name, grp.SpendCapType, grp.SpendCapAmount, grp.Version)

	// Modify sends the version read and what changed: here the cap, cleared.
	grp, err = tc.NewStrategyGroups.Modify(ctx, grp.ID, func(g *targeting.NewStrategyGroup) error {
		g.SpendCapType, g.SpendCapAmount = targeting.NewStrategyGroupCapTypeNoLimit, nil
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(grp.SpendCapType, grp.SpendCapAmount == nil, grp.Version)

	// A list is of one campaign: q holds its campaign_id== term.
	page, err := tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{
		ListOptions: targeting.ListOptions{Q: qlang.Where("campaign_id", qlang.Eq, 100)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range page.Items {
		fmt.Println(g.ID, g.Name, g.CampaignID, g.StrategyCount)
	}
	// Output:
	// 1 Retargeting even 500 1
	// no-limit true 2
	// 1 Retargeting 100 0
}

func ExampleCampaignPlanService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	start := time.Date(2050, 1, 1, 10, 0, 0, 0, time.UTC)
	plan, err := tc.CampaignPlans.Create(ctx, &targeting.CampaignPlan{AdvertiserID: 190, Name: "Q1 launch",
		Duration: &targeting.CampaignPlanDuration{StartDate: adama.NewTime(start), EndDate: adama.NewTime(start.AddDate(0, 0, 9))},
		Budget:   &targeting.CampaignPlanBudget{TotalBudget: adama.MustDecimal("1000"), CurrencyCode: "USD"},
		ZoneName: "America/New_York"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.ID, plan.Name, plan.Budget.TotalBudget, plan.Budget.CurrencyCode, plan.Version)

	// The platform's update replaces the plan: Modify sends every field
	// with the version read.
	plan, err = tc.CampaignPlans.Modify(ctx, plan.ID, func(p *targeting.CampaignPlan) error {
		p.Budget.TotalBudget = adama.MustDecimal("1500")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.Budget.TotalBudget, plan.Version)
	// Output:
	// 1 Q1 launch 1000 USD 1
	// 1500 2
}

func ExampleNewStrategyPlanTargetValueService() {
	tc, srv := setup()
	defer srv.Close()
	srv.Targeting().NewStrategyPlanTargetValues().AddRaw(map[string]any{"id": 11, "name": "Regions",
		"strategy_target": map[string]any{"id": 4, "strategy_plan_id": 9, "target_op": "OR"},
		"target_value":    []any{map[string]any{"id": 501, "name": "Bavaria", "code": "BY"}}})
	page, err := tc.NewStrategyPlanTargetValues.List(context.Background(), &targeting.NewStrategyPlanTargetValueListOptions{Full: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range page.Items {
		fmt.Println(v.ID, v.StrategyTarget.StrategyPlanID, v.StrategyTarget.TargetOp, *v.TargetValue[0].Name)
	}
	// Output: 11 9 OR Bavaria
}
