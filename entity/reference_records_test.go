package entity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

// Every collection built from the reference schemas: Create, Get (JSON
// and XML), List, All, Update and History through the fake.
func TestCRUDReferenceCollections(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	i64 := adama.Ptr[int64]
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Adv"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 2})
	require.NoError(t, err)
	camp, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: adv.ID}))
	require.NoError(t, err)
	st, err := ec.Strategies.Create(ctx, entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: camp.ID, UseCampaignEnd: adama.BoolPtr(true)}))
	require.NoError(t, err)
	on := adama.BoolPtr(true)
	concept, err := ec.Concepts.Create(ctx, &entity.Concept{Common: entity.Common{Name: "K"}, AdvertiserID: adv.ID})
	require.NoError(t, err)

	t.Run("strategy_concepts", func(t *testing.T) {
		crud(t, ec.StrategyConcepts.Service, xc.StrategyConcepts.Service, &entity.StrategyConcept{Common: entity.Common{Name: "SC"}, StrategyID: &st.ID, ConceptID: &concept.ID}, func(r *entity.StrategyConcept) { r.Status = on })
	})
	t.Run("strategy_supply_sources", func(t *testing.T) {
		crud(t, ec.StrategySupplySources, xc.StrategySupplySources, &entity.StrategySupplySource{StrategyID: &st.ID, SupplySourceID: i64(1)}, func(r *entity.StrategySupplySource) { r.SupplySourceID = i64(2) })
	})
	t.Run("supply_sources", func(t *testing.T) {
		crud(t, ec.SupplySources, xc.SupplySources, &entity.SupplySource{Common: entity.Common{Name: "X"}, Code: "X9", SupplyType: entity.SupplySourceSupplyTypeExchange}, func(r *entity.SupplySource) { r.RTBType = entity.SupplySourceRTBTypeMarketplace })
	})
	t.Run("site_lists", func(t *testing.T) {
		crud(t, ec.SiteLists, xc.SiteLists, &entity.SiteList{Common: entity.Common{Name: "L"}, OrganizationID: i64(1), Restriction: entity.SiteListRestrictionExclude}, func(r *entity.SiteList) { r.Restriction = entity.SiteListRestrictionInclude })
	})
	t.Run("vendors", func(t *testing.T) {
		crud(t, ec.Vendors, xc.Vendors, &entity.Vendor{Common: entity.Common{Name: "V"}}, func(r *entity.Vendor) { r.Name = "V2" })
	})
	t.Run("vendor_contracts", func(t *testing.T) {
		crud(t, ec.VendorContracts.Service, xc.VendorContracts.Service, &entity.VendorContract{Common: entity.Common{Name: "VC"}, VendorID: i64(1), CampaignID: &camp.ID, Price: adama.MustMoney("", "0.25")},
			func(r *entity.VendorContract) { r.Price = adama.MustMoney("", "0.5") })
	})
	t.Run("vendor_domains", func(t *testing.T) {
		crud(t, ec.VendorDomains, xc.VendorDomains, &entity.VendorDomain{Domain: "v.example", VendorID: i64(1)}, func(r *entity.VendorDomain) { r.AllowSubdomainMatch = on })
	})
	t.Run("vendor_pixels", func(t *testing.T) {
		crud(t, ec.VendorPixels, xc.VendorPixels, &entity.VendorPixel{Common: entity.Common{Name: "VP"}}, func(r *entity.VendorPixel) { r.Name = "VP2" })
	})
	t.Run("vendor_pixel_domains", func(t *testing.T) {
		crud(t, ec.VendorPixelDomains, xc.VendorPixelDomains, &entity.VendorPixelDomain{Common: entity.Common{Name: "VPD"}}, func(r *entity.VendorPixelDomain) { r.Name = "VPD2" })
	})
	t.Run("pixels", func(t *testing.T) {
		crud(t, ec.Pixels, xc.Pixels, &entity.Pixel{Common: entity.Common{Name: "P"}, BundleID: i64(1), PixelType: entity.PixelPixelTypeUser, Tag: "<img>"}, func(r *entity.Pixel) { r.Tag = "<img/>" })
	})
	t.Run("pixel_providers", func(t *testing.T) {
		crud(t, ec.PixelProviders, xc.PixelProviders, &entity.PixelProvider{Common: entity.Common{Name: "PP"}, VendorID: i64(2)}, func(r *entity.PixelProvider) { r.Name = "PP2" })
	})
	pub, err := ec.Publishers.Create(ctx, &entity.Publisher{Common: entity.Common{Name: "Pub"}})
	require.NoError(t, err)
	t.Run("publishers", func(t *testing.T) {
		crud(t, ec.Publishers, xc.Publishers, &entity.Publisher{Common: entity.Common{Name: "Pub2"}}, func(r *entity.Publisher) { r.Name = "Pub3" })
	})
	site, err := ec.PublisherSites.Create(ctx, &entity.PublisherSite{Common: entity.Common{Name: "site.example"}, PublisherID: &pub.ID})
	require.NoError(t, err)
	t.Run("publisher_sites", func(t *testing.T) {
		crud(t, ec.PublisherSites, xc.PublisherSites, &entity.PublisherSite{Common: entity.Common{Name: "s2.example"}, PublisherID: &pub.ID}, func(r *entity.PublisherSite) { r.Name = "s3.example" })
	})
	sp, err := ec.SitePlacements.Create(ctx, &entity.SitePlacementRecord{Common: entity.Common{Name: "Top"}, PublisherSiteID: &site.ID})
	require.NoError(t, err)
	t.Run("site_placements", func(t *testing.T) {
		crud(t, ec.SitePlacements, xc.SitePlacements, &entity.SitePlacementRecord{Common: entity.Common{Name: "Side"}, PublisherSiteID: &site.ID}, func(r *entity.SitePlacementRecord) { r.Name = "Bottom" })
	})
	t.Run("placement_slots", func(t *testing.T) {
		crud(t, ec.PlacementSlots, xc.PlacementSlots, &entity.PlacementSlot{SitePlacementID: &sp.ID, AuctionType: entity.PlacementSlotAuctionType(entity.PlacementSlotAuctionType("").Values()[0]),
			BuyPrice: adama.MustMoney("", "1.5"), BuyPriceType: entity.PlacementSlotBuyPriceType("").Values()[0], Width: i64(300), Height: i64(250)},
			func(r *entity.PlacementSlot) { r.Width = i64(728) })
	})
	t.Run("target_dimensions", func(t *testing.T) {
		crud(t, ec.TargetDimensions, xc.TargetDimensions, &entity.TargetDimension{Common: entity.Common{Name: "D"}}, func(r *entity.TargetDimension) { r.Name = "D2" })
	})
	t.Run("target_values", func(t *testing.T) {
		crud(t, ec.TargetValues, xc.TargetValues, &entity.TargetValue{Common: entity.Common{Name: "France"}, TargetDimensionID: i64(1), Value: i64(3)}, func(r *entity.TargetValue) { r.IsTargetable = on })
	})
	t.Run("strategy_targeting_segments", func(t *testing.T) {
		crud(t, ec.StrategyTargetingSegments, xc.StrategyTargetingSegments, &entity.StrategyTargetingSegment{Common: entity.Common{Name: "TS"}, StrategyID: &st.ID},
			func(r *entity.StrategyTargetingSegment) { r.GroupIdentifier = "g1" })
	})
	t.Run("deals", func(t *testing.T) {
		crud(t, ec.Deals, xc.Deals, validDeal(adv.ID, pub.ID), func(r *entity.Deal) { r.Description = "updated" })
	})
	t.Run("targeting_vendors", func(t *testing.T) {
		crud(t, ec.TargetingVendors, xc.TargetingVendors, &entity.TargetingVendor{Common: entity.Common{Name: "TV"}, OrganizationID: i64(1)}, func(r *entity.TargetingVendor) { r.Name = "TV2" })
	})
}

func validDeal(adv, pub int64) *entity.Deal {
	return &entity.Deal{Common: entity.Common{Name: "D"}, AdvertiserID: &adv, PublisherID: &pub, SupplySourceID: adama.Ptr[int64](1),
		StartDatetime: entity.Day1, EndDatetime: entity.Day2, DealIdentifier: "deal-1", MediaType: entity.DealMediaTypeDisplay,
		Price: adama.MustMoney("USD", "2.5"), PriceMethod: entity.DealPriceMethodCPM, PriceType: entity.DealPriceTypeFixed, Status: adama.BoolPtr(true)}
}

// Create requirements from the reference schemas and spec 8's deal limits
// are checked before sending.
func TestReferenceCollectionRules(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name   string
		rec    entity.Record
		create bool
		fields []string
	}{
		{"site list needs organization", &entity.SiteList{Common: entity.Common{Name: "L"}}, true, []string{"organization_id"}},
		{"site list ok", &entity.SiteList{Common: entity.Common{Name: "L"}, OrganizationID: adama.Ptr[int64](1)}, true, nil},
		{"site list unknown restriction", &entity.SiteList{Restriction: "MAYBE"}, false, []string{"restriction"}},
		{"supply source needs code and name", &entity.SupplySource{}, true, []string{"name", "code"}},
		{"deal needs its fields", &entity.Deal{}, true, []string{"name", "supply_source_id", "status", "start_datetime", "publisher_id", "price_type", "price_method", "price", "media_type", "end_datetime", "deal_identifier", "advertiser_id"}},
		{"deal ok", validDeal(1, 1), true, nil},
		{"deal name 256", &entity.Deal{Common: entity.Common{Name: long(257)}}, false, []string{"name"}},
		{"deal name at the limit", &entity.Deal{Common: entity.Common{Name: long(256)}, DealIdentifier: long(256), Description: long(4096), ZoneName: long(64)}, false, nil},
		{"deal identifier 256", &entity.Deal{DealIdentifier: long(257)}, false, []string{"deal_identifier"}},
		{"deal description 4096", &entity.Deal{Description: long(4097)}, false, []string{"description"}},
		{"deal zone_name 64", &entity.Deal{ZoneName: long(65)}, false, []string{"zone_name"}},
		{"vendor domain needs domain and vendor", &entity.VendorDomain{}, true, []string{"vendor_id", "domain"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := entity.Validate(tt.rec, tt.create)
			if tt.fields == nil {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			var got []string
			for _, v := range ve.Violations {
				got = append(got, v.Field)
			}
			assert.ElementsMatch(t, tt.fields, got)
		})
	}
}
