package targeting_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

func lastBody(srv *adamatest.Server) string {
	reqs := srv.Requests()
	return string(reqs[len(reqs)-1].Body)
}

func TestAtomicCreativesCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250,
		TagType: targeting.AtomicCreativeTagTypeScript, Tag: adama.Ptr("<script></script>"), VendorIDs: []int64{3, 56},
		Status: adama.Ptr(false)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"advertiser_id":125,"name":"Banner","width":300,"height":250,"status":false,"tag":"<script></script>",
		"tag_type":"SCRIPT","vendor_ids":[3,56]}`, lastBody(srv), "the fields set, false included")
	assert.Equal(t, int64(1), created.Version)
	assert.Equal(t, "atomic_creative", created.EntityType)
	assert.Equal(t, targeting.AtomicCreativeFileTypeUnknown, created.FileType, "the reference's default")
	assert.Equal(t, targeting.AtomicCreativeExpansionTriggerMouseover, created.ExpansionTrigger)
	assert.Equal(t, adama.Ptr(false), created.Status)
	assert.Empty(t, created.Vendors, "vendors only with extended=true")

	ext, err := tc.AtomicCreatives.GetExtended(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, "true", srv.Requests()[len(srv.Requests())-1].Query.Get("extended"))
	require.Len(t, ext.Vendors, 2)
	assert.Equal(t, int64(56), ext.Vendors[1].ID)
	require.NotNil(t, ext.TargetedStrategies)
	assert.Equal(t, "Advertiser 125", ext.AdvertiserName)

	got, err := tc.AtomicCreatives.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Empty(t, srv.Requests()[len(srv.Requests())-1].Query.Get("extended"))
	got.Name, got.ClickURL, got.Archived = "Banner 2", adama.Ptr("https://click.example"), adama.Ptr(true)
	upd, err := tc.AtomicCreatives.Update(ctx, got)
	require.NoError(t, err)
	assert.JSONEq(t, `{"version":1,"name":"Banner 2","click_url":"https://click.example","archived":true}`, lastBody(srv))
	assert.Equal(t, int64(2), upd.Version)

	// A stale version is a conflict; Modify reads again and retries.
	_, err = tc.AtomicCreatives.Update(ctx, got)
	require.ErrorIs(t, err, adama.ErrConflict)
	srv.Targeting().AtomicCreatives().SetRaw(created.ID, "name", "by someone else")
	mod, err := tc.AtomicCreatives.Modify(ctx, created.ID, func(a *targeting.AtomicCreative) error {
		a.ClickURL = nil
		return nil
	})
	require.NoError(t, err)
	assert.Nil(t, mod.ClickURL, "cleared with null")
	assert.Equal(t, "by someone else", mod.Name)

	// A create-only field cannot change on update.
	mod.AdvertiserID = 9
	_, err = tc.AtomicCreatives.Update(ctx, mod)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)

	hist, err := tc.AtomicCreatives.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "create", hist.Items[0].Action)
	assert.Equal(t, "atomic_creatives", hist.Items[0].Collection)

	_, err = tc.AtomicCreatives.Get(ctx, 999)
	require.ErrorIs(t, err, adama.ErrNotFound)
	_, err = tc.AtomicCreatives.Get(ctx, 0)
	require.ErrorAs(t, err, &ve)
}

func TestAtomicCreativesRulesBeforeSending(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	for name, rec := range map[string]*targeting.AtomicCreative{
		"required":  {Name: "x"},
		"enum":      {AdvertiserID: 1, Name: "x", Width: 1, Height: 1, MediaType: "radio"},
		"length":    {AdvertiserID: 1, Name: "x", Width: 1, Height: 1, ExternalIdentifier: adama.Ptr("")},
		"vast":      {AdvertiserID: 1, Name: "x", Width: 1, Height: 1, VASTVersion: adama.Ptr(adama.MustDecimal("10"))},
		"int32":     {AdvertiserID: 1, Name: "x", Width: 1 << 40, Height: 1},
		"nil":       nil,
		"read-only": {AdvertiserID: 1, Name: "x", Width: 1, Height: 1, ID: 0, ApprovalStatus: ""},
	} {
		_, err := tc.AtomicCreatives.Create(ctx, rec)
		if name == "read-only" {
			require.NoError(t, err, "read-only fields left zero are not sent")
			continue
		}
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve, name)
	}
	var sent int
	for _, r := range srv.Requests() {
		if r.Path == "/api/v3.0/atomic_creatives" {
			sent++
		}
	}
	assert.Equal(t, 1, sent, "only the valid create is sent")
}

func TestPixelBundlesAndMarketplaces(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	pb, err := tc.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: "Checkout", PixelType: targeting.PixelBundlePixelTypeEvent,
		TagType: targeting.PixelBundleTagTypeJS, AdvertiserID: adama.Ptr(int64(125)), CostCPM: adama.Ptr(adama.MustDecimal("0.25"))})
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"Checkout","pixel_type":"event","advertiser_id":125,"tag_type":"js","cost_cpm":0.25}`, lastBody(srv))
	assert.Equal(t, "pixel_bundle", pb.EntityType)
	require.NotNil(t, pb.CostCPM)
	assert.Equal(t, "0.25", pb.CostCPM.String())

	_, err = tc.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: "x", PixelType: targeting.PixelBundlePixelTypeData,
		TagType: targeting.PixelBundleTagTypeImage, EventURLs: []string{string(make([]byte, 2049))}})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "an event URL longer than 2048")

	srv.Targeting().AddN(adamatest.TargetingPixelBundles, 4, map[string]any{"name": "Seeded", "pixel_type": "data", "tag_type": "image"})
	page, err := tc.PixelBundles.List(ctx, &targeting.PixelBundleListOptions{ListOptions: targeting.ListOptions{PageLimit: 2}})
	require.NoError(t, err)
	require.Len(t, page.Items, 2)
	assert.Empty(t, page.Items[0].PixelType, "a list without full=* answers id, name and entity_type")
	all := collect(t, tc.PixelBundles.All(ctx, &targeting.PixelBundleListOptions{Full: true, ListOptions: targeting.ListOptions{PageLimit: 2}}))
	require.Len(t, all, 5)
	assert.Equal(t, targeting.PixelBundlePixelTypeData, all[4].PixelType)

	pb, err = tc.PixelBundles.Modify(ctx, pb.ID, func(p *targeting.PixelBundle) error {
		p.CostCPM, p.SegmentOp = nil, targeting.PixelBundleSegmentOpOr
		return nil
	})
	require.NoError(t, err)
	assert.JSONEq(t, `{"version":1,"cost_cpm":null,"segment_op":"OR"}`, lastBody(srv))
	assert.Nil(t, pb.CostCPM)
	hist, err := tc.PixelBundles.History(ctx, pb.ID, nil)
	require.NoError(t, err)
	assert.Len(t, hist.Items, 2)

	m, err := tc.Marketplaces.Create(ctx, &targeting.Marketplace{Name: "Open exchange", StrategyID: 5,
		SellPrice: adama.Ptr(adama.MustDecimal("1.50")), SellPriceCurrencyCode: adama.Ptr("USD"), HasVideo: adama.Ptr(false)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"Open exchange","strategy_id":5,"has_video":false,"mkt_sell_price":1.50,"mkt_sell_price_currency_code":"USD"}`, lastBody(srv))
	_, err = tc.Marketplaces.Create(ctx, &targeting.Marketplace{Name: "x"})
	require.ErrorAs(t, err, &ve, "strategy_id is required")
	m.SellPrice = nil
	m, err = tc.Marketplaces.Update(ctx, m)
	require.NoError(t, err)
	assert.Nil(t, m.SellPrice)
	ms := collect(t, tc.Marketplaces.All(ctx, nil))
	require.Len(t, ms, 1)
	_, err = tc.Marketplaces.Get(ctx, 42)
	require.True(t, errors.Is(err, adama.ErrNotFound))
}

func TestAtomicCreativesHealthcheck(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 7, Name: "A", Width: 1, Height: 1})
	require.NoError(t, err)
	hs, err := tc.AtomicCreatives.Healthcheck(ctx, []int64{a.ID, 42})
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.Equal(t, "atomic_creative_id==(1, 42)", reqs[len(reqs)-1].Query.Get("q"))
	require.Len(t, hs, 1, "one entry per creative the platform knows")
	assert.Equal(t, a.ID, hs[0].AtomicCreativeID)
	assert.Equal(t, int64(7), hs[0].AdvertiserID)
	assert.Equal(t, "OK", hs[0].NetStatus)
	assert.Equal(t, map[string]string{"Exchange1": "OK", "Exchange2": "PENDING"}, hs[0].Exchanges())

	_, err = tc.AtomicCreatives.Healthcheck(ctx, []int64{a.ID})
	require.NoError(t, err)
	reqs = srv.Requests()
	assert.Equal(t, "atomic_creative_id==1", reqs[len(reqs)-1].Query.Get("q"))
	var ve *adama.ValidationError
	_, err = tc.AtomicCreatives.Healthcheck(ctx, nil)
	require.ErrorAs(t, err, &ve)
	_, err = tc.AtomicCreatives.Healthcheck(ctx, []int64{1, 0})
	require.ErrorAs(t, err, &ve)
}
