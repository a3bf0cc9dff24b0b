package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func TestAudienceRequestBytes(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := map[string]any{"data": map[string]any{"id": 7}, "meta": map[string]any{"status": "success"}}

	expect("POST", "/api/v3.0/segment_groups").
		BodyString(`{"name":"Sports fans","type":"CONTEXTUAL","organization_id":100001,"status":true,"segment_subgroup":[{"segment_operator":"AND","segment_members":[{"segment_id":5678,"segment_type":"CONTEXTUAL"},{"segment_id":77,"segment_type":"3P"}]}]}`).
		Reply(201).JSON(ok)
	_, err := tc.SegmentGroups.Create(ctx, newSegmentGroup())
	require.NoError(t, err)

	expect("POST", "/api/v3.0/segment_groups/7").
		BodyString(`{"name":"Only","status":false}`).
		Reply(200).JSON(ok)
	_, err = tc.SegmentGroups.Update(ctx, &targeting.SegmentGroup{ID: 7, Name: "Only", Status: adama.Ptr(false)})
	require.NoError(t, err)

	expect("POST", "/api/v3.0/audience_vendors").
		BodyString(`{"name":"Data Co","vendor_id":24,"namespace_code":"dataco","bidder_code":"dc","mma_free_cm":false,"provider_tax":"t"}`).
		Reply(201).JSON(ok)
	_, err = tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24,
		MMAFreeCM: adama.Ptr(false), ProviderTax: adama.Ptr("t")})
	require.NoError(t, err)

	expect("POST", "/api/v3.0/audience_vendors/7").
		BodyString(`{"name":"Data Co 2"}`).
		Reply(200).JSON(ok)
	_, err = tc.AudienceVendors.Update(ctx, &targeting.AudienceVendor{ID: 7, Name: "Data Co 2"})
	require.NoError(t, err)

	est := map[string]any{"data": map[string]any{"cpm": map[string]any{"audience_cpm_min": 1, "audience_cpm_max": 2}}, "meta": map[string]any{"status": "success"}}
	expect("POST", "/api/v3.0/audience_segments/cpm_estimate").MatchParams(exact(map[string]string{"extended": "true"})).
		BodyString(`{"currency_code":"EUR","include":[{"operator":"OR","segments":[{"audience_segment_id":88,"user_cpm":1.10}]}],"exclude":{"operator":"AND","segments":[{"audience_segment_id":32}]}}`).
		Reply(200).JSON(est)
	_, err = tc.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "EUR", Extended: true,
		Include: []targeting.AudienceSegmentsGroup{{Operator: targeting.SegmentOperatorOr, Segments: []targeting.AudienceSegmentPrice{{AudienceSegmentID: 88, UserCPM: adama.Ptr(adama.MustDecimal("1.10"))}}}},
		Exclude: &targeting.AudienceSegmentsGroup{Operator: targeting.SegmentOperatorAnd, Segments: []targeting.AudienceSegmentPrice{{AudienceSegmentID: 32}}}})
	require.NoError(t, err)

	cest := map[string]any{"data": map[string]any{"cpm": map[string]any{"value": 1, "contextual_cpm_min": 1, "contextual_cpm_max": 2}}, "meta": map[string]any{"status": "success"}}
	expect("POST", "/api/v3.0/contextual_segments/cpm_estimate").
		BodyString(`{"currency_code":"USD","include":[{"code":"c","operator":"AND","segments":[{"targeting_segment_id":67}]}]}`).
		Reply(200).JSON(cest)
	_, err = tc.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{CurrencyCode: "USD",
		Include: []targeting.ContextualSegmentsGroup{{Code: "c", Operator: targeting.SegmentOperatorAnd, Segments: []targeting.ContextualSegmentPrice{{TargetingSegmentID: 67}}}}})
	require.NoError(t, err)

	assert.True(t, gock.IsDone(), "pending: %v", gock.Pending())
}
