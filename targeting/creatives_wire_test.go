package targeting_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseCreatives runs every operation of atomic creatives, pixel
// bundles, marketplaces and site lists for TestWireFitsDescription.
func exerciseCreatives(t *testing.T, tc *targeting.Client, h *adamatest.TargetingHandle) {
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
	ac, err = tc.AtomicCreatives.Get(ctx, ac.ID)
	must(err)
	ac.Name = "Banner 3"
	stale := *ac
	stale.Version = 0
	res, err := tc.AtomicCreatives.BulkUpdate(ctx, []*targeting.AtomicCreative{ac, &stale,
		{AdvertiserID: 125, Name: "Bulk", Width: 1, Height: 1}, {AdvertiserID: 125, Name: "Bad", Width: 1, Height: 1, VendorIDs: []int64{1 << 40}}})
	must(err)
	require.Len(t, res.Failed(), 2, "the stale update by the platform, the int32 vendor id before sending")
	_, err = tc.AtomicCreatives.Healthcheck(ctx, []int64{ac.ID, 999})
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

	_, err = tc.AtomicCreatives.Draft(ctx, &targeting.CreativeUpload{Metadata: targeting.AtomicCreativeUploadMetadata{AdvertiserID: 125},
		Files: []targeting.CreativeFile{{Name: "a.png", File: strings.NewReader("PNG"), Size: 3}}})
	must(err)
	_, err = tc.AtomicCreatives.Upload(ctx, &targeting.CreativeUpload{Metadata: targeting.AtomicCreativeUploadMetadata{AdvertiserID: 125,
		Submissions: []*targeting.AtomicCreativeSubmission{{Name: "a.png", ClickThroughURL: "https://brand.example/click", ConceptID: 7}}},
		Files: []targeting.CreativeFile{{Name: "a.png", File: strings.NewReader("PNG"), Size: 3}}})
	must(err)

	sl, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 16, Name: "Blocked", Restriction: targeting.RestrictionExclude,
		File: strings.NewReader("a.example\nb.example,app1\n"), Size: 25, FileName: "blocked.csv"})
	must(err)
	_, err = tc.SiteLists.List(ctx, &targeting.SiteListListOptions{Full: true, ListOptions: targeting.ListOptions{SortBy: []string{"-sites_count"}}})
	must(err)
	sl, err = tc.SiteLists.Get(ctx, sl.ID)
	must(err)
	_, err = tc.SiteLists.Reupload(ctx, sl.ID, &targeting.SiteListUpload{Version: sl.Version, Status: adama.Ptr(false),
		File: strings.NewReader("c.example\n"), Size: 10})
	must(err)
	body, err := tc.SiteLists.Download(ctx, sl.ID, &targeting.SiteListDownloadOptions{TargetType: "domain"})
	must(err)
	must(body.Close())
	h.SiteListAssignments().AddRaw(map[string]any{"site_list_id": sl.ID, "entity_id": 71, "collection": "campaigns", "name": "Spring"})
	_, err = tc.SiteLists.Assignments(ctx, sl.ID, &targeting.SiteListAssignmentListOptions{Full: true})
	must(err)
}
