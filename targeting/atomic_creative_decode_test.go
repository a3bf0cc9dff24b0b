package targeting_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// The bodies in testdata/v3/creatives are the Campaigns API reference's
// answer shapes of atomic creatives (atomic_creative_response_extended),
// pixel bundles (pixel_bundle_response, pixel_bundle_collection) and
// marketplaces (marketplace_full_response in a list) and site lists
// (site_list_full, site_list_assignment_full in a list), filled with the
// reference's example values where it gives them; the reference has no
// whole-body examples for these operations. pixel_bundle.json keeps the
// reference's misspelt contianer_tags, which is not a documented
// property and lands in Extra.

func creativesData(name string) string { return filepath.Join("v3", "creatives", name) }

func TestDecodeCreativesBodies(t *testing.T) {
	ctx := context.Background()

	t.Run("atomic creative extended", func(t *testing.T) {
		a, err := fileClient(t, 200, creativesData("atomic_creative_extended.json")).AtomicCreatives.GetExtended(ctx, 11884513)
		require.NoError(t, err)
		assert.Empty(t, a.Misfits())
		assert.Empty(t, a.Extra)
		assert.Equal(t, int64(11884513), a.ID)
		assert.Equal(t, int64(3), a.Version)
		assert.Equal(t, adama.Ptr(int64(7)), a.ConceptID)
		assert.Equal(t, targeting.AtomicCreativeFileTypeHTML5, a.FileType)
		assert.Equal(t, targeting.AtomicCreativeAdServerTypePlatform, a.AdServerType)
		assert.Equal(t, adama.Ptr(true), a.P1AS)
		assert.Equal(t, adama.Ptr(int64(99)), a.BuiltByUserID)
		require.NotNil(t, a.StartDate)
		assert.Equal(t, 2026, a.StartDate.Year())
		assert.Nil(t, a.EndDate)
		assert.Nil(t, a.VASTVersion)
		assert.Equal(t, []int64{17, 18}, a.TargetedStrategies.StrategiesList)
		assert.Equal(t, int64(42), a.SSLValidators.Ksize)
		require.Len(t, a.Vendors, 1)
		assert.Equal(t, adama.Ptr(true), a.Vendors[0].ContractAvailable)
		assert.Equal(t, []string{"cdn.example"}, a.Vendors[0].DetectDomains)
		require.Len(t, a.CreativeAssets, 1)
		assert.Equal(t, "1", a.CreativeAssets[0].MediaVersion.String())
		assert.Equal(t, "<div>ad</div>", a.InnerTag)
	})

	t.Run("pixel bundle", func(t *testing.T) {
		p, err := fileClient(t, 200, creativesData("pixel_bundle.json")).PixelBundles.Get(ctx, 32)
		require.NoError(t, err)
		assert.Empty(t, p.Misfits())
		assert.Equal(t, targeting.PixelBundlePixelTypeData, p.PixelType)
		assert.Nil(t, p.AdvertiserID)
		assert.Equal(t, adama.Ptr(int64(12)), p.AgencyID)
		require.NotNil(t, p.CostCPM)
		assert.Equal(t, "0.75", p.CostCPM.String(), "a number as a string")
		assert.Equal(t, targeting.PixelBundleCurrencyS1, p.Currency)
		assert.Equal(t, []string{"https://px.example/e"}, p.EventURLs)
		assert.Contains(t, p.Extra, "contianer_tags")
		body, err := targeting.SavedBody(p)
		require.NoError(t, err)
		assert.JSONEq(t, `{"version":4}`, string(body), "a record read and left alone sends its version only")
	})

	t.Run("pixel bundle collection", func(t *testing.T) {
		page, err := fileClient(t, 200, creativesData("pixel_bundle_collection.json")).PixelBundles.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, page.Items, 2)
		assert.Equal(t, "Checkout", page.Items[1].Name)
		assert.Equal(t, "pixel_bundle", page.Items[1].EntityType)
	})

	t.Run("marketplaces", func(t *testing.T) {
		page, err := fileClient(t, 200, creativesData("marketplace_list.json")).Marketplaces.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, page.Items, 1)
		m := page.Items[0]
		assert.Empty(t, m.Misfits())
		assert.Equal(t, "OX", m.Code)
		assert.Equal(t, adama.Ptr(true), m.HasConnectedTV)
		assert.Equal(t, "-1", m.SellPrice.String())
		assert.Equal(t, []int64{7}, m.PermissionOrganizations)
	})

	t.Run("site list", func(t *testing.T) {
		sl, err := fileClient(t, 200, creativesData("site_list.json")).SiteLists.Get(ctx, 126)
		require.NoError(t, err)
		assert.Empty(t, sl.Misfits())
		assert.Empty(t, sl.Extra)
		assert.Equal(t, targeting.RestrictionInclude, sl.Restriction)
		assert.Equal(t, adama.Ptr("test_site_list.csv"), sl.FileName)
		assert.Equal(t, adama.Ptr(int64(100)), sl.SitesCount)
		assert.Equal(t, adama.Ptr(int64(3)), sl.SitesCountPrimarySellerID)
		assert.Equal(t, 2026, sl.ContentUpdatedOn.Year())
	})

	t.Run("site list assignments", func(t *testing.T) {
		page, err := fileClient(t, 200, creativesData("site_list_assignments.json")).SiteLists.Assignments(ctx, 126, nil)
		require.NoError(t, err)
		require.Len(t, page.Items, 2)
		assert.Equal(t, "strategies", page.Items[1].Collection)
		assert.Equal(t, int64(71), page.Items[1].AssociatedCampaignID)
	})

	t.Run("history", func(t *testing.T) {
		page, err := fileClient(t, 200, "audit_log.json").PixelBundles.History(ctx, 32, nil)
		require.NoError(t, err)
		assert.NotEmpty(t, page.Items)
	})
}
