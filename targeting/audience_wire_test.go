package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseAudiences calls every operation of the audience and contextual
// targeting families and the enterprise controls once, for
// TestWireFitsDescription.
func exerciseAudiences(t *testing.T, ctx context.Context, tc *targeting.Client, srv *adamatest.Server) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	_ = srv
	g, err := tc.SegmentGroups.Create(ctx, newSegmentGroup())
	must(err)
	_, err = tc.SegmentGroups.List(ctx, &targeting.SegmentGroupListOptions{Extended: adama.Ptr(true), CurrencyCode: "EUR",
		ListOptions: targeting.ListOptions{PageLimit: 5, SortBy: []string{"-id"}}})
	must(err)
	g, err = tc.SegmentGroups.Get(ctx, g.ID, &targeting.SegmentGroupGetOptions{Extended: true, CurrencyCode: "USD"})
	must(err)
	g.Name = "Renamed"
	_, err = tc.SegmentGroups.Update(ctx, g)
	must(err)
	_, err = tc.SegmentGroups.History(ctx, g.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.SegmentGroups.Assignments(ctx, 1234, &targeting.HistoryOptions{PageLimit: 5})
	must(err)

	v, err := tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24,
		MMAFreeCM: adama.Ptr(true), ProviderTax: adama.Ptr("t1")})
	must(err)
	_, err = tc.AudienceVendors.List(ctx, nil)
	must(err)
	_, err = tc.AudienceVendors.Modify(ctx, v.ID, func(v *targeting.AudienceVendor) error {
		v.ProviderTax = adama.Ptr("t2")
		return nil
	})
	must(err)

	_, err = tc.AudienceSegments.List(ctx, &targeting.AudienceSegmentListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("name", qlang.Like, "N*")},
		CurrencyCode: "USD", AdvertiserID: 5, OnlyBrainEnabled: adama.Ptr(true), ParentID: 10, WithAudienceVendor: true})
	must(err)
	_, err = tc.AudienceSegments.FrequentlyUsed(ctx, &targeting.AudienceFrequentlyUsedOptions{AdvertiserID: 5, CampaignID: 6, Top: 2})
	must(err)
	_, err = tc.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "USD", Extended: true,
		Include: []targeting.AudienceSegmentsGroup{{Operator: targeting.SegmentOperatorAnd, Segments: []targeting.AudienceSegmentPrice{{AudienceSegmentID: 11}}}},
		Exclude: &targeting.AudienceSegmentsGroup{Operator: targeting.SegmentOperatorOr, Segments: []targeting.AudienceSegmentPrice{{AudienceSegmentID: 12, UserCPM: adama.Ptr(adama.MustDecimal("1"))}}}})
	must(err)
	_, err = tc.ContextualSegments.List(ctx, &targeting.ContextualSegmentListOptions{Full: true, CurrencyCode: "USD"})
	must(err)
	_, err = tc.ContextualSegments.FrequentlyUsed(ctx, &targeting.ContextualFrequentlyUsedOptions{AdvertiserID: 5, Top: 2})
	must(err)
	_, err = tc.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{CurrencyCode: "USD", Extended: true,
		Include: []targeting.ContextualSegmentsGroup{{Code: "c1", Operator: targeting.SegmentOperatorOr, Segments: []targeting.ContextualSegmentPrice{{TargetingSegmentID: 5678}}}}})
	must(err)
	_, err = tc.TargetingSegments.List(ctx, &targeting.TargetingSegmentListOptions{Full: true})
	must(err)
	_, err = tc.TargetingSegments.List(ctx, nil)
	must(err)
	_, err = tc.TargetingSegmentObjectives.List(ctx, nil)
	must(err)
	_, err = tc.TargetingSegmentObjectives.Get(ctx, 1)
	must(err)
	_, err = tc.TechnologyTargetValues.List(ctx, &targeting.TechnologyTargetValueListOptions{Dimensions: []targeting.Dimension{targeting.DimensionBrowser, targeting.DimensionRegion},
		Name: "a", FullPath: "a", SortBy: []string{"name"}, Q: qlang.Where("code", qlang.Like, "*")})
	must(err)
	_, err = tc.EntityGroups.List(ctx, nil)
	must(err)
	_, err = tc.EntityGroups.Get(ctx, 1)
	must(err)
	_, err = tc.EntityGroups.Controls(ctx, 1, targeting.ControlEntityTypeCampaigns, nil)
	must(err)
	_, err = tc.EntityGroups.History(ctx, 1, nil)
	must(err)
	_, err = tc.StrategyTargeting.Add(ctx, newStrategyTargeting())
	must(err)
}
