package targeting_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleSegmentGroupService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()

	g, err := tc.SegmentGroups.Create(ctx, &targeting.SegmentGroup{
		Name: "Sports fans", Type: targeting.SegmentGroupTypeContextual, OrganizationID: 100001, Status: adama.Ptr(true),
		SegmentSubgroup: []targeting.SegmentSubgroup{{
			SegmentOperator: targeting.SegmentOperatorOr,
			SegmentMembers:  []targeting.SegmentMember{{SegmentID: 5678, SegmentType: targeting.SegmentTypeContextual}},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Extended answers carry each member's details, prices in the currency asked for.
	g, err = tc.SegmentGroups.Get(ctx, g.ID, &targeting.SegmentGroupGetOptions{Extended: true, CurrencyCode: "USD"})
	if err != nil {
		fmt.Println(err)
		return
	}
	m := g.SegmentSubgroup[0].SegmentMembers[0]
	fmt.Println(g.Name, m.SegmentID, m.FullPath, m.CPM)

	// Read, change, save: Modify sends what changed.
	g, err = tc.SegmentGroups.Modify(ctx, g.ID, func(g *targeting.SegmentGroup) error {
		g.Status = adama.Ptr(false)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*g.Status)
	// Output:
	// Sports fans 5678 My Audience Group Parent - My Audience Group 0.5
	// false
}

func ExampleAudienceSegmentService_EstimateCPM() {
	tc, srv := setup()
	defer srv.Close()
	est, err := tc.AudienceSegments.EstimateCPM(context.Background(), &targeting.AudienceCPMRequest{
		CurrencyCode: "USD",
		Include: []targeting.AudienceSegmentsGroup{{Operator: targeting.SegmentOperatorOr, Segments: []targeting.AudienceSegmentPrice{
			{AudienceSegmentID: 11},
			{AudienceSegmentID: 12, UserCPM: adama.Ptr(adama.MustDecimal("2.25"))},
		}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(est.CPM.CurrencyCode, est.CPM.AudienceCPMMin, est.CPM.AudienceCPMMax)
	// Output: USD 1.5 2.25
}

func ExampleEntityGroupService_Controls() {
	tc, srv := setup()
	defer srv.Close()
	controls, err := tc.EntityGroups.Controls(context.Background(), 1, targeting.ControlEntityTypeCampaigns, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range controls.Items {
		fmt.Println(c.Field, c.ConstraintType, string(c.ConstraintValues), string(c.DefaultValues))
	}
	// Output: goal_type one_of ["cpa","cpc"] "cpa"
}

func ExampleAudienceVendorService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	v, err := tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err = tc.AudienceVendors.Modify(ctx, v.ID, func(v *targeting.AudienceVendor) error {
		v.PinTopSearch = adama.Ptr(true)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Name, v.BidderCode, *v.PinTopSearch)
	// Output: Data Co dc true
}

func ExampleTargetingSegmentService_List() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	page, err := tc.TargetingSegments.List(ctx, &targeting.TargetingSegmentListOptions{Full: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := page.Items[0]
	fmt.Println(s.ID, s.Name, *s.ObjectiveID, s.RetailCPM)
	obj, err := tc.TargetingSegmentObjectives.Get(ctx, *s.ObjectiveID)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(obj.Objective)
	// Output:
	// 5678 My Audience Group 1 0.5
	// Custom
}

func ExampleTechnologyTargetValueService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.TechnologyTargetValues.List(context.Background(), &targeting.TechnologyTargetValueListOptions{
		Dimensions: []targeting.Dimension{targeting.DimensionBrowser}, SortBy: []string{"-name"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range page.Items {
		fmt.Println(v.Dimension, v.Name)
	}
	// Output:
	// BSER Firefox
	// BSER Chrome
}

func ExampleStrategyTargetingService_Add() {
	tc, srv := setup()
	defer srv.Close()
	srv.Targeting().Strategies().PutRaw(87, map[string]any{"id": 87, "name": "Prospecting"})
	// Strategy 88 does not exist: the platform refuses it alone (207) and
	// targets 87.
	res, err := tc.StrategyTargeting.Add(context.Background(), &targeting.StrategyTargetingRequest{
		StrategyIDs: []int64{87, 88},
		Targeting: &targeting.TargetingSpec{Location: &targeting.DimensionTargeting{
			Include: []targeting.DimensionTarget{{Code: targeting.DimensionRegion, Operator: targeting.SegmentOperatorOr, TargetValueIDs: []int64{33}}},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("status", res.Status)
	for _, it := range res.Items {
		if !it.OK() {
			fmt.Println(it.ID, "failed:", it.Err)
			continue
		}
		for _, l := range it.Record.Location {
			fmt.Println(it.ID, l.TargetDimensionCode, l.TargetValueID, l.StrategyTargetExclude)
		}
	}
	// Output:
	// status 207
	// 87 REGN 33 false
	// 88 failed: adama: POST /api/v3.0/targeting: 207 not_found: the item was refused; strategy_id[1]: strategy 88 not found
}
