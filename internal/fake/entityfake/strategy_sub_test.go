package entityfake_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// The strategies/{id}/… and site_lists/… writes refuse what the platform
// refuses, naming each field, in JSON and XML.
func TestStrategySubResourceRefusals(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t),
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "S", "campaign_id": 1}),
		adamatest.WithEntity("deals", map[string]any{"id": 11, "name": "D"}))
	cookie := session(t, srv)
	const js = "application/json"
	tests := []struct {
		name, path string
		form       url.Values
		status     int
		field      string
	}{
		{"unknown field", "/api/v2.0/strategies/50/deals", url.Values{"colour": {"red"}}, 400, "colour"},
		{"bad deal key", "/api/v2.0/strategies/50/deals", url.Values{"deal.x.id": {"11"}}, 400, "deal.x.id"},
		{"missing deal", "/api/v2.0/strategies/50/deals", url.Values{"deal.1.id": {"404"}}, 400, "deal.1.id"},
		{"bad all_pmp", "/api/v2.0/strategies/50/deals", url.Values{"all_pmp": {"maybe"}}, 400, "all_pmp"},
		{"missing strategy", "/api/v2.0/strategies/999/deals", url.Values{"deal.1.id": {"11"}}, 404, ""},
		{"domain restriction", "/api/v2.0/strategies/50/domain_restrictions", url.Values{"domains.1.domain": {"a.example"}, "domains.1.restriction": {"MAYBE"}}, 400, "domains.1.restriction"},
		{"domain required", "/api/v2.0/strategies/50/domain_restrictions", url.Values{"domains.1.restriction": {"INCLUDE"}}, 400, "domains.1.domain"},
		{"segment op", "/api/v2.0/strategies/50/audience_segments", url.Values{"include_op": {"XOR"}}, 400, "include_op"},
		{"no such action", "/api/v2.0/strategies/50/colours", url.Values{"x": {"1"}}, 404, ""},
		{"site lists on advertisers", "/api/v2.0/advertisers/1/site_lists", url.Values{"site_lists.1.id": {"1"}}, 404, ""},
		{"site list assigned", "/api/v2.0/strategies/50/site_lists", url.Values{"site_lists.1.id": {"1"}, "site_lists.1.assigned": {"perhaps"}}, 400, "site_lists.1.id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, srv, cookie, http.MethodPost, tt.path, js, tt.form)
			require.Equal(t, tt.status, a.status, a.body)
			assert.Equal(t, "application/json", a.ct)
			if tt.field != "" {
				assert.Contains(t, a.body, `"field":"`+tt.field+`"`)
			}
			x := do(t, srv, cookie, http.MethodPost, tt.path, "application/xml", tt.form)
			require.Equal(t, tt.status, x.status, x.body)
			if tt.field != "" {
				assert.Contains(t, x.body, `<field-error name="`+tt.field+`"`)
			}
		})
	}
	got := srv.Entities().Strategies().Raw(50)
	assert.Nil(t, got["deals"], "no refused write changed the strategy")
	assert.Equal(t, 0, srv.Entities().StrategyDomainRestrictions().Count())
}

// The bulk strategy update answers errors in the v3.0 form and applies
// nothing when an item fails.
func TestBulkStrategiesRefusals(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "S", "campaign_id": 1}))
	cookie := session(t, srv)
	for name, body := range map[string]string{
		"stale version": `{"update":[{"id":50,"version":7,"name":"x"}]}`,
		"unknown field": `{"update":[{"id":50,"colour":"red"}]}`,
		"bad value":     `{"update":[{"id":50,"bid_aggressiveness":"lots"}]}`,
		"empty":         `{"update":[]}`,
	} {
		t.Run(name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/v3.0/bulk_update/strategies", strings.NewReader(body))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json")
			req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: cookie})
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			_ = resp.Body.Close()
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
			assert.Equal(t, "S", srv.Entities().Strategies().Raw(50)["name"])
		})
	}
}
