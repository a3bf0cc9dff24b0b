package targeting_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseCreatives runs every operation of atomic creatives, pixel
// bundles and marketplaces for TestWireFitsDescription.
func exerciseCreatives(t *testing.T, tc *targeting.Client, _ *adamatest.TargetingHandle) {
	t.Helper()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	ac, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250,
		FileType: targeting.AtomicCreativeFileTypeHTML5, TagType: targeting.AtomicCreativeTagTypeScript, Tag: adama.Ptr("<script></script>"),
		VASTVersion: adama.Ptr(adama.MustDecimal("4.1")), VendorIDs: []int64{3, 56}, StartDate: adama.TimePtr(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC))})
	must(err)
	_, err = tc.AtomicCreatives.List(ctx, &targeting.AtomicCreativeListOptions{Extended: adama.Ptr(true)})
	must(err)
	_, err = tc.AtomicCreatives.GetExtended(ctx, ac.ID)
	must(err)
	_, err = tc.AtomicCreatives.Modify(ctx, ac.ID, func(a *targeting.AtomicCreative) error {
		a.ExternalIdentifier = nil // nullable: sent as null
		a.Name = "Banner 2"
		a.Archived = adama.Ptr(true)
		return nil
	})
	must(err)
	_, err = tc.AtomicCreatives.History(ctx, ac.ID, nil)
	must(err)

	pb, err := tc.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: "Checkout", PixelType: targeting.PixelBundlePixelTypeEvent,
		TagType: targeting.PixelBundleTagTypeJS, AdvertiserID: adama.Ptr(int64(125)), EventURLs: []string{"https://px.example/e"},
		CostCPM: adama.Ptr(adama.MustDecimal("0.25"))})
	must(err)
	_, err = tc.PixelBundles.List(ctx, &targeting.PixelBundleListOptions{Full: true, With: targeting.PixelBundleWithOrganization})
	must(err)
	_, err = tc.PixelBundles.Modify(ctx, pb.ID, func(p *targeting.PixelBundle) error {
		p.CostCPM = nil
		p.Status = adama.Ptr(false)
		return nil
	})
	must(err)
	_, err = tc.PixelBundles.History(ctx, pb.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)

	m, err := tc.Marketplaces.Create(ctx, &targeting.Marketplace{Name: "Open exchange", StrategyID: 5, Code: "OX",
		SellPrice: adama.Ptr(adama.MustDecimal("1.50")), SellPriceCurrencyCode: adama.Ptr("USD"), PermissionOrganizations: []int64{7}})
	must(err)
	_, err = tc.Marketplaces.List(ctx, nil)
	must(err)
	_, err = tc.Marketplaces.Modify(ctx, m.ID, func(m *targeting.Marketplace) error {
		m.SellPrice = nil
		m.HasVideo = adama.Ptr(true)
		return nil
	})
	must(err)
}
