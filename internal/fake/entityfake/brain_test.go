package entityfake_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// The v3.0 campaign path refuses what the platform refuses, in the v3.0
// error form, and changes nothing when it does.
func TestCampaignV3Refusals(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithEntity("campaigns", map[string]any{"id": 70, "name": "C", "advertiser_id": 1, "version": 2}))
	cookie := session(t, srv)
	send := func(method, path, body string) (int, map[string]any) {
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: cookie})
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
		var out map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
		return resp.StatusCode, out
	}
	tests := []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"no version", "/api/v3.0/campaigns/70", `{"custom_brain_selections":[]}`, 400, "version"},
		{"bad type", "/api/v3.0/campaigns/70", `{"version":2,"custom_brain_selections":[{"selection_id":1,"selection_type":"segment"}]}`, 400, "custom_brain_selections[0].selection_type"},
		{"no id", "/api/v3.0/campaigns/70", `{"version":2,"custom_brain_selections":[{"selection_type":"Segment"}]}`, 400, "custom_brain_selections[0].selection_id"},
		{"id beyond int32", "/api/v3.0/campaigns/70", `{"version":2,"custom_brain_selections":[{"selection_id":2147483648,"selection_type":"Segment"}]}`, 400, "custom_brain_selections[0].selection_id"},
		{"not a list", "/api/v3.0/campaigns/70", `{"version":2,"custom_brain_selections":{}}`, 400, "custom_brain_selections"},
		{"unknown field", "/api/v3.0/campaigns/70", `{"version":2,"budget":{}}`, 400, "budget"},
		{"stale", "/api/v3.0/campaigns/70", `{"version":9,"custom_brain_selections":[]}`, 409, "version"},
		{"missing campaign", "/api/v3.0/campaigns/71", `{"version":0,"custom_brain_selections":[]}`, 404, ""},
		{"bad id", "/api/v3.0/campaigns/x", `{"version":0}`, 400, "campaign_id"},
		{"copy without name", "/api/v3.0/campaigns/70/copy", `{"status":true}`, 400, "name"},
		{"copy without status", "/api/v3.0/campaigns/70/copy", `{"name":"C"}`, 400, "status"},
		{"copy unknown field", "/api/v3.0/campaigns/70/copy", `{"copy_everything":true,"name":"C","status":true}`, 400, "copy_everything"},
		{"copy flight without budget", "/api/v3.0/campaigns/70/copy", `{"name":"C","status":true,"budget":{"flights":[{"start_date":"2026-01-01T00:00:00+0000","end_date":"2026-01-02T00:00:00+0000"}]}}`, 400, "budget.flights[0].total_budget"},
		{"copy bad date", "/api/v3.0/campaigns/70/copy", `{"name":"C","status":true,"start_date":"soon"}`, 400, "start_date"},
		{"copy missing campaign", "/api/v3.0/campaigns/71/copy", `{"name":"C","status":true}`, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out := send(http.MethodPost, tt.path, tt.body)
			assert.Equal(t, tt.status, status)
			assert.Equal(t, "error", out["meta"].(map[string]any)["status"])
			errs := out["errors"].([]any)
			require.NotEmpty(t, errs)
			if tt.field != "" {
				assert.Equal(t, tt.field, errs[0].(map[string]any)["field"])
			}
			assert.EqualValues(t, 2, srv.Entities().Campaigns().Raw(70)["version"], "nothing changed")
		})
	}

	status, out := send(http.MethodPost, "/api/v3.0/campaigns/70", `{"version":2,"custom_brain_selections":[{"selection_id":5,"selection_type":"Data Pixel"}]}`)
	require.Equal(t, http.StatusOK, status)
	data := out["data"].(map[string]any)
	assert.EqualValues(t, 3, data["version"])
	sel := data["custom_brain_selections"].([]any)[0].(map[string]any)
	assert.EqualValues(t, 70, sel["campaign_id"])
	assert.Equal(t, "Data Pixel", sel["selection_type"])
	assert.Equal(t, true, sel["active"])

	status, out = send(http.MethodGet, "/api/v3.0/campaigns/70", "")
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "success", out["meta"].(map[string]any)["status"])
	assert.Len(t, out["data"].(map[string]any)["custom_brain_selections"], 1)
	status, _ = send(http.MethodGet, "/api/v3.0/campaigns/"+strconv.Itoa(99), "")
	assert.Equal(t, http.StatusNotFound, status)
}

// FuzzCampaignV3Body sends arbitrary bodies to the v3.0 campaign update
// and copy: they answer 200, 201 or a 4xx in the v3.0 error form and
// never panic.
func FuzzCampaignV3Body(f *testing.F) {
	f.Add([]byte(`{"version":0,"custom_brain_selections":[{"selection_id":1,"selection_type":"Segment"}]}`), false)
	f.Add([]byte(`{"name":"C","status":true,"copy_audience_in_brain":true,"merit_pixel_id":null,"budget":{"flights":[{"start_date":"2026-01-01T00:00:00+0000","end_date":"2026-01-02T00:00:00+0000","total_budget":1.5,"total_impression_budget":3}]}}`), true)
	f.Add([]byte(`{"name":"C","status":true,"merit_pixel_id":0}`), true)
	srv := adamatest.NewServer(adamatest.WithEntity("campaigns", map[string]any{"id": 70, "name": "C", "advertiser_id": 1}))
	defer srv.Close()
	cookie := session(f, srv)
	f.Fuzz(func(t *testing.T, body []byte, copyCall bool) {
		path := "/api/v3.0/campaigns/70"
		if copyCall {
			path += "/copy"
		}
		req, err := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(string(body)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: cookie})
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var e struct {
			Errors []map[string]any `json:"errors"`
			Meta   struct{ Status string }
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
		switch {
		case resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusCreated:
			assert.Equal(t, "success", e.Meta.Status)
		case resp.StatusCode >= 400 && resp.StatusCode < 500:
			assert.Equal(t, "error", e.Meta.Status)
			assert.NotEmpty(t, e.Errors)
		default:
			t.Fatalf("unexpected status %d", resp.StatusCode)
		}
	})
}
