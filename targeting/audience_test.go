package targeting_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func newSegmentGroup() *targeting.SegmentGroup {
	return &targeting.SegmentGroup{
		Name: "Sports fans", Type: targeting.SegmentGroupTypeContextual, OrganizationID: 100001, Status: adama.Ptr(true),
		SegmentSubgroup: []targeting.SegmentSubgroup{{
			SegmentOperator: targeting.SegmentOperatorAnd,
			SegmentMembers: []targeting.SegmentMember{
				{SegmentID: 5678, SegmentType: targeting.SegmentTypeContextual},
				{SegmentID: 77, SegmentType: targeting.SegmentTypeThirdParty},
			},
		}},
	}
}

func violated(t *testing.T, err error) []string {
	t.Helper()
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "%v", err)
	var out []string
	for _, v := range ve.Violations {
		out = append(out, v.Field)
	}
	return out
}

func TestSegmentGroupsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.SegmentGroups.Create(ctx, newSegmentGroup())
	require.NoError(t, err)
	assert.Positive(t, created.ID)
	assert.Equal(t, "Sports fans", created.Name)
	assert.Equal(t, targeting.SegmentTypeThirdParty, created.SegmentSubgroup[0].SegmentMembers[1].SegmentType)
	assert.NotContains(t, created.Extra, "version", "segment groups carry no version")

	got, err := tc.SegmentGroups.Get(ctx, created.ID, nil)
	require.NoError(t, err)
	assert.Empty(t, got.SegmentSubgroup[0].SegmentMembers[0].Name, "details only when extended")

	ext, err := tc.SegmentGroups.Get(ctx, created.ID, &targeting.SegmentGroupGetOptions{Extended: true, CurrencyCode: "EUR"})
	require.NoError(t, err)
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "true", last.Query.Get("extended"))
	assert.Equal(t, "EUR", last.Query.Get("currency_code"))
	m := ext.SegmentSubgroup[0].SegmentMembers[0]
	assert.Equal(t, "My Audience Group", m.Name, "the seeded targeting segment 5678")
	assert.Equal(t, "0.5", m.CPM.String())

	// An extended read saved back sends no member details.
	ext.Name = "Sports fans 2"
	ext.SegmentSubgroup[0].SegmentOperator = targeting.SegmentOperatorOr
	upd, err := tc.SegmentGroups.Update(ctx, ext)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"name":"Sports fans 2","segment_subgroup":[{"segment_operator":"OR","segment_members":[{"segment_id":5678,"segment_type":"CONTEXTUAL"},{"segment_id":77,"segment_type":"3P"}]}]}`,
		string(reqs[len(reqs)-1].Body), "what changed, without version or details")
	assert.Equal(t, "Sports fans 2", upd.Name)

	mod, err := tc.SegmentGroups.Modify(ctx, created.ID, func(g *targeting.SegmentGroup) error {
		g.Status = adama.Ptr(false)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr(false), mod.Status)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"status":false}`, string(reqs[len(reqs)-1].Body))

	hist, err := tc.SegmentGroups.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "create", hist.Items[0].Action)
	assert.Equal(t, "segment_groups", hist.Items[0].Collection)

	page, err := tc.SegmentGroups.List(ctx, &targeting.SegmentGroupListOptions{CurrencyCode: "USD"})
	require.NoError(t, err)
	require.Len(t, page.Items, 2, "the reference's example and the new one")
	assert.Equal(t, "SEG123", page.Items[0].SegmentSubgroup[0].SegmentMembers[0].Code, "a list carries the details")
	all := collect(t, tc.SegmentGroups.All(ctx, &targeting.SegmentGroupListOptions{ListOptions: targeting.ListOptions{PageLimit: 1}}))
	assert.Len(t, all, 2)

	_, err = tc.SegmentGroups.Get(ctx, 999, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestSegmentGroupRules(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	before := len(srv.Requests())

	_, err := tc.SegmentGroups.Create(ctx, &targeting.SegmentGroup{Type: "BOTH", SegmentSubgroup: []targeting.SegmentSubgroup{{
		SegmentOperator: "XOR", SegmentMembers: []targeting.SegmentMember{{SegmentType: "1P"}},
	}}})
	assert.ElementsMatch(t, []string{"name", "type", "organization_id", "status", "segment_subgroup[0].segment_operator",
		"segment_subgroup[0].segment_members[0].segment_type"}, violated(t, err))
	_, err = tc.SegmentGroups.Update(ctx, &targeting.SegmentGroup{Name: "x"})
	assert.Contains(t, violated(t, err), "segment_group_id")
	_, err = tc.SegmentGroups.Get(ctx, 1, &targeting.SegmentGroupGetOptions{CurrencyCode: "EURO"})
	assert.Equal(t, []string{"currency_code"}, violated(t, err))
	_, err = tc.SegmentGroups.List(ctx, &targeting.SegmentGroupListOptions{CurrencyCode: "E"})
	assert.Equal(t, []string{"currency_code"}, violated(t, err))
	_, err = tc.SegmentGroups.Modify(ctx, 1, nil)
	assert.Equal(t, []string{"change"}, violated(t, err))
	assert.Len(t, srv.Requests(), before, "nothing sent")
}

func TestSegmentGroupAssignments(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	srv.Targeting().SegmentGroupAssignments().AddRaw(map[string]any{"segment_group_id": 1234, "strategy_id": 9, "strategy_name": "Second"})

	page, err := tc.SegmentGroups.Assignments(ctx, 1234, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 2)
	a := page.Items[0]
	assert.Equal(t, int64(5678), a.StrategyID)
	assert.Equal(t, "My Campaign", a.CampaignName)
	assert.Equal(t, int64(151617), a.AgencyID)
	all := collect(t, tc.SegmentGroups.AllAssignments(ctx, 1234, &targeting.HistoryOptions{PageLimit: 1}))
	assert.Len(t, all, 2)

	_, err = tc.SegmentGroups.Assignments(ctx, 4, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestAudienceVendorsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	seeded, err := tc.AudienceVendors.Get(ctx, 123)
	require.NoError(t, err)
	assert.Equal(t, "am", seeded.BidderCode)
	assert.Equal(t, adama.Ptr(true), seeded.MMAFreeCM)

	created, err := tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24,
		CampaignBrainEnabled: adama.Ptr(false)})
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"name":"Data Co","vendor_id":24,"namespace_code":"dataco","bidder_code":"dc","campaign_brain_enabled":false}`, string(reqs[len(reqs)-1].Body))
	assert.Equal(t, "Data Co", created.Name)

	mod, err := tc.AudienceVendors.Modify(ctx, created.ID, func(v *targeting.AudienceVendor) error {
		v.PinTopSearch = adama.Ptr(true)
		v.ProviderTax = adama.Ptr("tax1")
		return nil
	})
	require.NoError(t, err)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"pin_top_search":true,"provider_tax":"tax1"}`, string(reqs[len(reqs)-1].Body))
	assert.Equal(t, adama.Ptr("tax1"), mod.ProviderTax)

	all := collect(t, tc.AudienceVendors.All(ctx, nil))
	assert.Len(t, all, 2)

	_, err = tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "x", NamespaceCode: "much-too-long-namespace"})
	assert.ElementsMatch(t, []string{"namespace_code", "bidder_code", "vendor_id"}, violated(t, err))
}

func TestAudienceSegments(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	q := qlang.Where("name", qlang.Like, "Name*")

	page, err := tc.AudienceSegments.List(ctx, &targeting.AudienceSegmentListOptions{ListOptions: targeting.ListOptions{Q: q}, WithAudienceVendor: true, CurrencyCode: "USD"})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	s := page.Items[0]
	assert.Equal(t, "Name1 - Name2 - Name3", s.FullPath)
	require.Len(t, s.RetailCPM, 1)
	assert.Equal(t, "1.5", s.RetailCPM[0].Value.String())
	require.NotNil(t, s.AudienceVendor)
	assert.Equal(t, "Vendor Name", s.AudienceVendor.Name)
	assert.Equal(t, "audience_vendor", srv.Requests()[len(srv.Requests())-1].Query.Get("with"))

	_, err = tc.AudienceSegments.List(ctx, nil)
	assert.Equal(t, []string{"q"}, violated(t, err), "the reference requires q")
	_, err = tc.AudienceSegments.List(ctx, &targeting.AudienceSegmentListOptions{ListOptions: targeting.ListOptions{Q: q, SortBy: []string{"colour"}}})
	assert.Equal(t, []string{"sort_by[0]"}, violated(t, err))

	top, err := tc.AudienceSegments.FrequentlyUsed(ctx, &targeting.AudienceFrequentlyUsedOptions{AdvertiserID: 5, Top: 3})
	require.NoError(t, err)
	require.Len(t, top.Items, 1)
	assert.Equal(t, int64(11), top.Items[0].ID)

	est, err := tc.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "USD", Extended: true,
		Include: []targeting.AudienceSegmentsGroup{{Operator: targeting.SegmentOperatorOr, Segments: []targeting.AudienceSegmentPrice{
			{AudienceSegmentID: 11}, {AudienceSegmentID: 12, UserCPM: adama.Ptr(adama.MustDecimal("2.25"))},
		}}}})
	require.NoError(t, err)
	assert.Equal(t, "1.5", est.CPM.AudienceCPMMin.String())
	assert.Equal(t, "2.25", est.CPM.AudienceCPMMax.String())
	require.Len(t, est.Segments, 2)
	assert.Equal(t, "Name3", est.Segments[0].Name)

	_, err = tc.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "US",
		Exclude: &targeting.AudienceSegmentsGroup{Operator: "NOR", Segments: []targeting.AudienceSegmentPrice{{UserCPM: adama.Ptr(adama.MustDecimal("-1"))}}}})
	assert.ElementsMatch(t, []string{"currency_code", "exclude.operator", "exclude.segments[0].user_cpm"}, violated(t, err))
	_, err = tc.AudienceSegments.EstimateCPM(ctx, nil)
	assert.Equal(t, []string{"request"}, violated(t, err))
}

func TestContextualAndTargetingSegments(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	short, err := tc.ContextualSegments.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, short.Items, 1)
	assert.Equal(t, "targeting_segment", short.Items[0].EntityType)
	assert.Empty(t, short.Items[0].FullPath)
	full, err := tc.ContextualSegments.List(ctx, &targeting.ContextualSegmentListOptions{Full: true, CurrencyCode: "USD"})
	require.NoError(t, err)
	assert.Equal(t, "0.5", full.Items[0].CPM.String())
	assert.Equal(t, "Custom", full.Items[0].SegmentObjectiveName)
	assert.Equal(t, "*", srv.Requests()[len(srv.Requests())-1].Query.Get("full"))

	top, err := tc.ContextualSegments.FrequentlyUsed(ctx, &targeting.ContextualFrequentlyUsedOptions{AdvertiserID: 7})
	require.NoError(t, err)
	require.Len(t, top.Items, 1)
	assert.Equal(t, "SEG123", top.Items[0].ExternalCode)

	est, err := tc.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{CurrencyCode: "USD",
		Include: []targeting.ContextualSegmentsGroup{{Operator: targeting.SegmentOperatorAnd, Segments: []targeting.ContextualSegmentPrice{{TargetingSegmentID: 5678}}}}})
	require.NoError(t, err)
	assert.Equal(t, "0.5", est.CPM.Value.String())
	assert.Nil(t, est.Segments, "segments only when extended")

	segs := collect(t, tc.TargetingSegments.All(ctx, &targeting.TargetingSegmentListOptions{Full: true}))
	require.Len(t, segs, 1)
	assert.Equal(t, "SEG123", *segs[0].ExternalCode)
	assert.Equal(t, "0.25", segs[0].WholesaleCPM.String())

	objs, err := tc.TargetingSegmentObjectives.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, objs.Items, 1)
	assert.Equal(t, "Custom", objs.Items[0].Name)
	obj, err := tc.TargetingSegmentObjectives.Get(ctx, objs.Items[0].ID)
	require.NoError(t, err)
	assert.Equal(t, "Custom", obj.Objective)
}

func TestTechnologyTargetValues(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	page, err := tc.TechnologyTargetValues.List(ctx, &targeting.TechnologyTargetValueListOptions{
		Dimensions: []targeting.Dimension{targeting.DimensionBrowser}, Name: "fire", SortBy: []string{"-name"},
	})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, "Firefox", page.Items[0].Name)
	assert.Equal(t, targeting.DimensionBrowser, page.Items[0].Dimension)
	q := srv.Requests()[len(srv.Requests())-1].Query
	assert.Equal(t, "BSER", q.Get("dimension_code"))

	_, err = tc.TechnologyTargetValues.List(ctx, nil)
	assert.Equal(t, []string{"dimension_code"}, violated(t, err))
	_, err = tc.TechnologyTargetValues.List(ctx, &targeting.TechnologyTargetValueListOptions{Dimensions: []targeting.Dimension{"NOPE"},
		SortBy: []string{"dimension"}, Q: qlang.Where("dimension", qlang.Eq, "BSER")})
	assert.ElementsMatch(t, []string{"dimension_code[0]", "q.terms[0].field"}, violated(t, err), "dimension sorts but does not filter")
}

func TestEntityGroups(t *testing.T) {
	tc, _ := newClient(t)
	ctx := context.Background()

	list := collect(t, tc.EntityGroups.All(ctx, nil))
	require.Len(t, list, 1)
	assert.Equal(t, int64(1), list[0].OrganizationCount)
	assert.Equal(t, int64(2), list[0].ControlCount)
	assert.Empty(t, list[0].Advertisers)

	g, err := tc.EntityGroups.Get(ctx, list[0].ID)
	require.NoError(t, err)
	require.Len(t, g.Advertisers, 1)
	assert.Equal(t, "Agency 2", g.Advertisers[0].Agency.Name)
	assert.Equal(t, "Organization 1", g.Agencies[0].Organization.Name)

	controls, err := tc.EntityGroups.Controls(ctx, g.ID, targeting.ControlEntityTypeStrategies, nil)
	require.NoError(t, err)
	require.Len(t, controls.Items, 1)
	c := controls.Items[0]
	assert.Equal(t, "between", c.ConstraintType)
	assert.JSONEq(t, `[0.5,20]`, string(c.ConstraintValues))
	assert.JSONEq(t, `1.5`, string(c.DefaultValues))

	none, err := tc.EntityGroups.Controls(ctx, g.ID, targeting.ControlEntityTypeDeals, nil)
	require.NoError(t, err)
	assert.Empty(t, none.Items)
	_, err = tc.EntityGroups.Controls(ctx, g.ID, "", nil)
	assert.Equal(t, []string{"entity_type"}, violated(t, err))

	hist, err := tc.EntityGroups.History(ctx, g.ID, nil)
	require.NoError(t, err)
	assert.Empty(t, hist.Items)
	_, err = tc.EntityGroups.History(ctx, 42, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}
