package targeting_test

import (
	"context"
	"fmt"
	"io"

	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// The strategies' parts are read-only lists; the examples seed them
// through the handles of adamatest.

// ofStrategy asks for every property of strategy id's parts.
func ofStrategy(id int64) *targeting.StrategyParameterListOptions {
	return &targeting.StrategyParameterListOptions{Full: true, ListOptions: targeting.ListOptions{Q: qlang.Where("strategy_id", qlang.Eq, id)}}
}

func ExampleStrategyConceptService_List() {
	tc, srv := setup()
	defer srv.Close()
	h := srv.Targeting().StrategyConcepts()
	h.AddRaw(map[string]any{"strategy_id": 7, "concept_id": 24, "status": true, "weighting": "PERCENTAGE", "percent": 60})
	h.AddRaw(map[string]any{"strategy_id": 7, "concept_id": 25, "status": true, "weighting": "PERCENTAGE", "percent": 40})
	page, err := tc.StrategyConcepts.List(context.Background(), &targeting.StrategyConceptListOptions{Full: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range page.Items {
		fmt.Println(c.StrategyID, c.ConceptID, c.Weighting, c.Percent)
	}
	// Output:
	// 7 24 PERCENTAGE 60
	// 7 25 PERCENTAGE 40
}

func ExampleStrategyDayPartService_All() {
	tc, srv := setup()
	defer srv.Close()
	h := srv.Targeting().StrategyDayParts()
	h.AddRaw(map[string]any{"strategy_id": 7, "user_time": true, "start_hour": 6, "end_hour": 11, "days": "MTWRF"})
	h.AddRaw(map[string]any{"strategy_id": 7, "user_time": true, "start_hour": 9, "end_hour": 21, "days": "SU"})
	h.AddRaw(map[string]any{"strategy_id": 8, "user_time": false, "start_hour": 0, "end_hour": 23, "days": "MTWRFSU"})
	// All pages through: one record a page here.
	opts := ofStrategy(7)
	opts.PageLimit = 1
	for dp, err := range tc.StrategyDayParts.All(context.Background(), opts) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s %02d-%02d\n", dp.Days, dp.StartHour, dp.EndHour)
	}
	// Output:
	// MTWRF 06-11
	// SU 09-21
}

func ExampleStrategyDealService_List() {
	tc, srv := setup()
	defer srv.Close()
	srv.Targeting().StrategyDeals().AddRaw(map[string]any{"strategy_id": 7, "deal_id": 8})
	srv.Targeting().StrategyDeals().AddRaw(map[string]any{"strategy_id": 7, "deal_id": 9})
	page, err := tc.StrategyDeals.List(context.Background(), &targeting.StrategyDealListOptions{Full: true,
		ListOptions: targeting.ListOptions{SortBy: []string{"-deal_id"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range page.Items {
		fmt.Println(d.StrategyID, d.DealID)
	}
	// Output:
	// 7 9
	// 7 8
}

func ExampleStrategyGroupService_List() {
	tc, srv := setup()
	defer srv.Close()
	h := srv.Targeting().Strategies()
	h.AddRaw(map[string]any{"campaign_id": 45, "name": "A", "groups": []any{"Prospecting"}})
	h.AddRaw(map[string]any{"campaign_id": 45, "name": "B", "groups": []any{"Prospecting", "Retargeting"}})
	page, err := tc.StrategyGroups.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range page.Items {
		fmt.Println(g.Name, g.Count, g.StrategyIDs)
	}
	// Output:
	// Prospecting 2 [1 2]
	// Retargeting 1 [2]
}

func ExampleStrategyIPAddressService_Download() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	srv.Targeting().StrategyIPAddresses().AddRaw(map[string]any{"strategy_id": 7, "target_inet": []any{"10.0.0.1", "192.168.0.0/24"}})
	page, err := tc.StrategyIPAddresses.List(ctx, ofStrategy(7))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Items[0].TargetInet)
	// Download streams the same targets as CSV.
	rc, err := tc.StrategyIPAddresses.Download(ctx, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(b))
	// Output:
	// [10.0.0.1 192.168.0.0/24]
	// target_inet
	// 10.0.0.1
	// 192.168.0.0/24
}

func ExampleStrategyTargetValueService_List() {
	tc, srv := setup()
	defer srv.Close()
	srv.Targeting().StrategyTargetValues().AddRaw(map[string]any{
		"strategy_target": map[string]any{"id": 3, "strategy_id": 7, "target_dimension_id": 7, "exclude": false, "active": true, "target_op": "OR"},
		"target_value": []any{
			map[string]any{"id": 87, "target_dimension_id": 7, "name": "Bavaria", "value": 101, "code": "BY", "is_targetable": true},
			map[string]any{"id": 88, "target_dimension_id": 7, "name": "Bretagne", "value": 102, "code": "BRE", "is_targetable": true},
		}})
	page, err := tc.StrategyTargetValues.List(context.Background(), &targeting.StrategyParameterListOptions{Full: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, tv := range page.Items {
		t := tv.StrategyTarget
		fmt.Println(t.StrategyID, t.TargetDimensionID, t.TargetOp, *t.Exclude)
		for _, v := range tv.TargetValue {
			fmt.Println(" ", v.Value, *v.Name, *v.Code)
		}
	}
	// Output:
	// 7 7 OR false
	//   101 Bavaria BY
	//   102 Bretagne BRE
}
