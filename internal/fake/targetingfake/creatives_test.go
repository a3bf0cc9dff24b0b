package targetingfake

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCreativesRules(t *testing.T) {
	ts, st := serve(t)
	st.Add(AtomicCreatives, map[string]any{"name": "a", "advertiser_id": 1, "width": 1, "height": 1})
	st.Add(PixelBundles, map[string]any{"name": "p", "pixel_type": "event", "tag_type": "js"})
	st.Add(Marketplaces, map[string]any{"name": "m", "strategy_id": 1})
	tests := []struct {
		name, method, path, body string
		status                   int
		fields                   []string
	}{
		{"atomic creative required", "POST", "/atomic_creatives", `{"name":"x"}`, 400, []string{"advertiser_id", "width", "height"}},
		{"atomic creative enum", "POST", "/atomic_creatives", `{"name":"x","advertiser_id":1,"width":1,"height":1,"file_type":"bmp"}`, 400, []string{"file_type"}},
		{"atomic creative vast", "POST", "/atomic_creatives", `{"name":"x","advertiser_id":1,"width":1,"height":1,"vast_version":12}`, 400, []string{"vast_version"}},
		{"atomic creative vendor ids", "POST", "/atomic_creatives", `{"name":"x","advertiser_id":1,"width":1,"height":1,"vendor_ids":["a"]}`, 400, []string{"vendor_ids[0]"}},
		{"atomic creative read-only", "POST", "/atomic_creatives", `{"name":"x","advertiser_id":1,"width":1,"height":1,"approval_status":"APPROVED"}`, 400, []string{"approval_status"}},
		{"atomic creative name length", "POST", "/atomic_creatives", `{"name":"` + strings.Repeat("n", 257) + `","advertiser_id":1,"width":1,"height":1}`, 400, []string{"name"}},
		{"atomic creative ok", "POST", "/atomic_creatives", `{"name":"x","advertiser_id":1,"width":1,"height":1,"vendor_ids":[1],"vast_version":4.1}`, 201, nil},
		{"atomic creative create-only", "POST", "/atomic_creatives/1", `{"version":1,"advertiser_id":2}`, 400, []string{"advertiser_id"}},
		{"atomic creative stale", "POST", "/atomic_creatives/1", `{"version":7,"name":"y"}`, 409, []string{"version"}},
		{"atomic creative no version", "POST", "/atomic_creatives/1", `{"name":"y"}`, 400, []string{"version"}},
		{"atomic creative extended", "GET", "/atomic_creatives/1?extended=yes", ``, 400, []string{"extended"}},
		{"atomic creative null clears", "POST", "/atomic_creatives/1", `{"version":1,"external_identifier":null,"tag":null}`, 200, nil},
		{"pixel bundle required", "POST", "/pixel_bundles", `{"name":"x"}`, 400, []string{"pixel_type", "tag_type"}},
		{"pixel bundle event url", "POST", "/pixel_bundles", `{"name":"x","pixel_type":"event","tag_type":"js","event_urls":[1]}`, 400, []string{"event_urls[0]"}},
		{"pixel bundle container tag", "POST", "/pixel_bundles", `{"name":"x","pixel_type":"event","tag_type":"js","container_tags":["` + strings.Repeat("c", 1025) + `"]}`, 400, []string{"container_tags[0]"}},
		{"pixel bundle ok", "POST", "/pixel_bundles", `{"name":"x","pixel_type":"event","tag_type":"js","cost_cpm":null}`, 201, nil},
		{"pixel bundle with", "GET", "/pixel_bundles?with=agency", ``, 400, []string{"with"}},
		{"pixel bundle pixel type on update", "POST", "/pixel_bundles/1", `{"version":1,"pixel_type":"data"}`, 400, []string{"pixel_type"}},
		{"pixel bundle stale", "POST", "/pixel_bundles/1", `{"version":3}`, 409, []string{"version"}},
		{"marketplace required", "POST", "/marketplaces", `{"name":"x"}`, 400, []string{"strategy_id"}},
		{"marketplace price", "POST", "/marketplaces", `{"name":"x","strategy_id":1,"mkt_sell_price":-2}`, 400, []string{"mkt_sell_price"}},
		{"marketplace currency", "POST", "/marketplaces", `{"name":"x","strategy_id":1,"mkt_sell_price_currency_code":"EURO"}`, 400, []string{"mkt_sell_price_currency_code"}},
		{"marketplace ok", "POST", "/marketplaces", `{"name":"x","strategy_id":1,"permission_agencies":[3]}`, 201, nil},
		{"marketplace stale", "POST", "/marketplaces/1", `{"version":0,"name":"y"}`, 409, []string{"version"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, ts, tt.method, tt.path, tt.body)
			assert.Equal(t, tt.status, a.status, a.body)
			got := errorFields(a)
			for _, f := range tt.fields {
				assert.Contains(t, got, f)
			}
		})
	}
	h := do(t, ts, "GET", "/atomic_creatives/1/history", ``)
	assert.Equal(t, 200, h.status)
	assert.Len(t, h.body["data"], 1, "the seeded record has no create entry; the one update that succeeded has")
}
