package targeting_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleStrategyService_Create() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	start := adama.NewTime(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	st, err := tc.Strategies.Create(ctx, &targeting.Strategy{
		CampaignID: 45, Name: "Retarget", MediaType: targeting.StrategyMediaTypeDisplay,
		Duration: &targeting.StrategyDuration{StartDate: &start, UseCampaignEnd: adama.Ptr(true)},
		Pacing:   &targeting.StrategyPacing{PacingType: targeting.StrategyPacingTypeEven, PacingAmount: adama.Ptr(adama.MustDecimal("100"))},
		Goals:    &targeting.StrategyGoals{GoalType: targeting.StrategyGoalTypeCPA, GoalValue: adama.Ptr(adama.MustDecimal("4.5"))},
		Targeting: &targeting.StrategyTargetingTree{Location: &targeting.StrategyDimensionTargeting{
			Include: []targeting.StrategyTargetValueRef{{Code: targeting.DimensionRegion, TargetValueID: 87}}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Modify sends what changed (the status), never the targeting tree.
	st, err = tc.Strategies.Modify(ctx, st.ID, func(s *targeting.Strategy) error {
		s.Status = adama.Ptr(true)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	cp, err := tc.Strategies.Copy(ctx, st.ID, &targeting.StrategyCopy{Name: "Retarget (copy)", Status: false})
	if err != nil {
		fmt.Println(err)
		return
	}
	hist, err := tc.Strategies.History(ctx, st.ID, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.ID, st.Name, *st.Status, st.Version, st.Goals.GoalType)
	fmt.Println(st.Targeting.Location.Include[0].Code, st.Targeting.Location.Include[0].TargetValueID)
	fmt.Println(cp.ID, cp.Name, *cp.Status)
	fmt.Println(len(hist.Items), hist.Items[1].Action)
	// Output:
	// 1 Retarget true 2 cpa
	// REGN 87
	// 2 Retarget (copy) false
	// 2 update
}

func ExampleStrategyService_BulkUpdate() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	var read []*targeting.Strategy
	for _, name := range []string{"A", "B"} {
		st, err := tc.Strategies.Create(ctx, &targeting.Strategy{CampaignID: 45, Name: name, MediaType: targeting.StrategyMediaTypeVideo,
			Duration: &targeting.StrategyDuration{UseCampaignStart: adama.Ptr(true), UseCampaignEnd: adama.Ptr(true)},
			Pacing:   &targeting.StrategyPacing{PacingAmount: adama.Ptr(adama.MustDecimal("10"))},
			Goals:    &targeting.StrategyGoals{GoalType: targeting.StrategyGoalTypeSpend}})
		if err != nil {
			fmt.Println(err)
			return
		}
		read = append(read, st)
	}
	for _, st := range read {
		st.Status = adama.Ptr(true)
	}
	res, err := tc.Strategies.BulkUpdate(ctx, read)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range res.Items {
		if it.OK() {
			fmt.Println(it.Index, it.Strategy.Name, *it.Strategy.Status, it.Strategy.Version)
		} else {
			fmt.Println(it.Index, "failed:", it.Err)
		}
	}
	// Output:
	// 0 A true 2
	// 1 B true 2
}

func ExampleStrategyPostalCodeService_Download() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	srv.Targeting().StrategyPostalCodes().AddRaw(map[string]any{"strategy_id": 7, "name": "Munich", "value": 80331, "code": "80331", "exclude": false})
	page, err := tc.StrategyPostalCodes.List(ctx, &targeting.StrategyParameterListOptions{Full: true,
		ListOptions: targeting.ListOptions{Q: qlang.Where("strategy_id", qlang.Eq, 7)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, pc := range page.Items {
		fmt.Println(pc.Code, pc.Name)
	}
	rc, err := tc.StrategyPostalCodes.Download(ctx, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rc.Close()
	rows := csv.NewReader(rc) // read row by row: the file is never held whole
	for {
		row, err := rows.Read()
		if err != nil {
			break
		}
		fmt.Println(row)
	}
	// Output:
	// 80331 Munich
	// [code name value exclude]
	// [80331 Munich 80331 false]
}
