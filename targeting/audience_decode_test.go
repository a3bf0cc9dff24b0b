package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// TestDecodeAudienceReferenceBodies reads the bodies the Campaigns API
// reference gives for the audience families (testdata/v3/audiences; the
// reference shows them as the example values of each property, put
// together; the two estimates use the example values of their segments'
// schemas) through the public methods; every value fits (no misfits).
func TestDecodeAudienceReferenceBodies(t *testing.T) {
	ctx := context.Background()

	t.Run("segment groups", func(t *testing.T) {
		p, err := fileClient(t, 200, "v3/audiences/segment_groups.json").SegmentGroups.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		g := p.Items[0]
		assert.Equal(t, int64(1234), g.ID)
		assert.Equal(t, targeting.SegmentGroupTypeContextual, g.Type)
		assert.Equal(t, adama.Ptr(true), g.Status)
		m := g.SegmentSubgroup[0].SegmentMembers[0]
		assert.Equal(t, targeting.SegmentMember{Name: "My Audience Group", SegmentID: 5678, SegmentType: targeting.SegmentTypeContextual,
			FullPath: "My Audience Group Parent - My Audience Group", Objective: "Custom", CPM: adama.MustDecimal("0.5"), Code: "SEG123", Uniques: 1500}, m)
		assert.Equal(t, targeting.SegmentOperatorAnd, g.SegmentSubgroup[0].SegmentOperator)
		assert.Empty(t, g.Misfits())
	})
	t.Run("segment group", func(t *testing.T) {
		g, err := fileClient(t, 201, "v3/audiences/segment_group.json").SegmentGroups.Create(ctx, newSegmentGroup())
		require.NoError(t, err)
		assert.Equal(t, int64(0), g.ID, "the reference's answer carries no id")
		assert.Equal(t, int64(6), g.SegmentSubgroup[0].SegmentMembers[0].SegmentID)
		assert.Empty(t, g.Misfits())
	})
	t.Run("assignments", func(t *testing.T) {
		p, err := fileClient(t, 200, "v3/audiences/segment_group_assignments.json").SegmentGroups.Assignments(ctx, 1234, nil)
		require.NoError(t, err)
		assert.Equal(t, &targeting.SegmentGroupAssignment{ID: 1234, StrategyID: 5678, StrategyName: "My Strategy", CampaignID: 91011,
			CampaignName: "My Campaign", AdvertiserID: 121314, AdvertiserName: "My Advertiser", AgencyID: 151617, AgencyName: "My Agency"}, p.Items[0])
	})
	t.Run("audience vendors", func(t *testing.T) {
		p, err := fileClient(t, 200, "v3/audiences/audience_vendors.json").AudienceVendors.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		v := p.Items[0]
		assert.Equal(t, "5afb12h4", v.NamespaceCode)
		assert.Equal(t, 2021, v.CreatedOn.Year())
		g, err := fileClient(t, 200, "v3/audiences/audience_vendor.json").AudienceVendors.Get(ctx, 123)
		require.NoError(t, err)
		assert.Equal(t, "audience_vendor", g.EntityType)
		assert.Equal(t, adama.Ptr(true), g.PinTopSearch)
		assert.Empty(t, g.Misfits())
		assert.Empty(t, v.Misfits())
	})
	t.Run("audience vendor created and updated", func(t *testing.T) {
		c, err := fileClient(t, 201, "v3/audiences/audience_vendor_created.json").AudienceVendors.Create(ctx,
			&targeting.AudienceVendor{Name: "Vendor Name", NamespaceCode: "namespace123", BidderCode: "bidder123", VendorID: 456})
		require.NoError(t, err)
		assert.Equal(t, adama.Ptr("tax123"), c.ProviderTax)
		assert.Equal(t, adama.Ptr(false), c.MMAFreeCM)
		c.Name = "Updated Vendor Name"
		u, err := fileClient(t, 200, "v3/audiences/audience_vendor_updated.json").AudienceVendors.Update(ctx, c)
		require.NoError(t, err)
		assert.Equal(t, "new_bidder", u.BidderCode)
		assert.Equal(t, adama.Ptr(false), u.CampaignBrainEnabled)
	})
	t.Run("estimates", func(t *testing.T) {
		a, err := fileClient(t, 200, "v3/audiences/audience_segment_estimate.json").AudienceSegments.EstimateCPM(ctx,
			&targeting.AudienceCPMRequest{CurrencyCode: "USD"})
		require.NoError(t, err)
		assert.Equal(t, "1.25", a.CPM.AudienceCPMMax.String())
		assert.Nil(t, a.Segments[0].UserCPM)
		assert.Equal(t, adama.Ptr(int64(12345)), a.Segments[0].Uniques)
		c, err := fileClient(t, 200, "v3/audiences/contextual_segment_estimate.json").ContextualSegments.EstimateCPM(ctx,
			&targeting.ContextualCPMRequest{CurrencyCode: "USD"})
		require.NoError(t, err)
		assert.Equal(t, "0.75", c.CPM.Value.String())
		assert.Equal(t, adama.Ptr(true), c.CPM.IncludesTaxedSegments)
		assert.Equal(t, "Custom", c.Segments[0].SegmentObjectiveName)
	})
}
