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
