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

// TestCreativesExactRequests pins the bytes of every write of atomic
// creatives, pixel bundles and marketplaces.
func TestCreativesExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}
	ac := map[string]any{"id": 4, "version": 2, "advertiser_id": 125, "name": "Banner", "width": 300, "height": 250}
	pb := map[string]any{"id": 32, "version": 5, "name": "Checkout", "pixel_type": "event", "tag_type": "js"}
	mk := map[string]any{"id": 33, "version": 4, "name": "Open exchange", "strategy_id": 5}

	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create atomic creative", func() {
			expect("POST", "/api/v3.0/atomic_creatives").MatchType("json").
				BodyString(`{"advertiser_id":125,"name":"Banner","width":300,"height":250,"is_https":false,"end_date":"2026-04-01T00:00:00+0000","vast_version":4.1,"tag_type":"VIDEO","vendor_ids":[3,56]}`).
				Reply(201).JSON(ok(ac))
		}, func() error {
			_, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250,
				IsHTTPS: adama.Ptr(false), EndDate: adama.Ptr(mustTime(t, "2026-04-01T00:00:00Z")),
				VASTVersion: adama.Ptr(adama.MustDecimal("4.1")), TagType: targeting.AtomicCreativeTagTypeVideo, VendorIDs: []int64{3, 56}})
			return err
		}},
		{"update atomic creative sends the version and what changed, null to clear", func() {
			expect("POST", "/api/v3.0/atomic_creatives/4").MatchType("json").
				BodyString(`{"version":1,"name":"Banner 2","external_identifier":null,"status":false}`).Reply(200).JSON(ok(ac))
		}, func() error {
			a := read[targeting.AtomicCreative](t, `{"id":4,"version":1,"advertiser_id":125,"name":"Banner","width":300,"height":250,"status":true,"external_identifier":"x","approval_status":"APPROVED"}`)
			a.Name, a.ExternalIdentifier, a.Status = "Banner 2", nil, adama.Ptr(false)
			_, err := tc.AtomicCreatives.Update(ctx, a)
			return err
		}},
		{"list atomic creatives extended", func() {
			expect("GET", "/api/v3.0/atomic_creatives").MatchParams(exact(map[string]string{"extended": "true"})).
				Reply(200).JSON(map[string]any{"data": []any{ac}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			_, err := tc.AtomicCreatives.List(ctx, &targeting.AtomicCreativeListOptions{Extended: adama.Ptr(true)})
			return err
		}},
		{"create pixel bundle", func() {
			expect("POST", "/api/v3.0/pixel_bundles").MatchType("json").
				BodyString(`{"name":"Checkout","pixel_type":"event","advertiser_id":125,"tag_type":"js","eligible":false,"cost_cpm":0.50,"event_urls":["https://px.example/e"]}`).
				Reply(201).JSON(ok(pb))
		}, func() error {
			_, err := tc.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: "Checkout", PixelType: targeting.PixelBundlePixelTypeEvent,
				AdvertiserID: adama.Ptr(int64(125)), TagType: targeting.PixelBundleTagTypeJS, Eligible: adama.Ptr(false),
				CostCPM: adama.Ptr(adama.MustDecimal("0.50")), EventURLs: []string{"https://px.example/e"}})
			return err
		}},
		{"update pixel bundle", func() {
			expect("POST", "/api/v3.0/pixel_bundles/32").MatchType("json").
				BodyString(`{"version":5,"pricing":null,"event_urls":null}`).Reply(200).JSON(ok(pb))
		}, func() error {
			p := read[targeting.PixelBundle](t, `{"id":32,"version":5,"name":"Checkout","pixel_type":"event","tag_type":"js","pricing":"CPM","event_urls":["a"]}`)
			p.Pricing, p.EventURLs = "", nil
			_, err := tc.PixelBundles.Update(ctx, p)
			return err
		}},
		{"list pixel bundles", func() {
			expect("GET", "/api/v3.0/pixel_bundles").MatchParams(exact(map[string]string{"full": "*", "with": "organization", "page_limit": "10", "sort_by": "-id"})).
				Reply(200).JSON(map[string]any{"data": []any{pb}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			_, err := tc.PixelBundles.List(ctx, &targeting.PixelBundleListOptions{Full: true, With: targeting.PixelBundleWithOrganization,
				ListOptions: targeting.ListOptions{PageLimit: 10, SortBy: []string{"-id"}}})
			return err
		}},
		{"create marketplace", func() {
			expect("POST", "/api/v3.0/marketplaces").MatchType("json").
				BodyString(`{"name":"Open exchange","status":false,"strategy_id":5,"mkt_sell_price":-1,"permission_agencies":[9]}`).
				Reply(201).JSON(ok(mk))
		}, func() error {
			_, err := tc.Marketplaces.Create(ctx, &targeting.Marketplace{Name: "Open exchange", StrategyID: 5, Status: adama.Ptr(false),
				SellPrice: adama.Ptr(adama.MustDecimal("-1")), PermissionAgencies: []int64{9}})
			return err
		}},
		{"update marketplace", func() {
			expect("POST", "/api/v3.0/marketplaces/33").MatchType("json").
				BodyString(`{"version":4,"code":"OX2","private":true}`).Reply(200).JSON(ok(mk))
		}, func() error {
			m := read[targeting.Marketplace](t, `{"id":33,"version":4,"name":"Open exchange","strategy_id":5,"code":"OX","private":false}`)
			m.Code, m.Private = "OX2", adama.Ptr(true)
			_, err := tc.Marketplaces.Update(ctx, m)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			tt.mock()
			require.NoError(t, tt.run())
			assert.True(t, gock.IsDone(), "the request did not match")
		})
	}
}

func mustTime(t *testing.T, s string) adama.Time {
	t.Helper()
	var v adama.Time
	require.NoError(t, v.UnmarshalText([]byte(s)))
	return v
}
