package targetingfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func seedPermissions(st *Store) {
	st.Add(Permissions, map[string]any{"id": 5, "username": "ann@example",
		"organizations": []any{map[string]any{"organization_id": 10, "read": true}},
		"campaigns":     []any{map[string]any{"campaign_id": 71, "read": true}}})
}

// The permission paths answer in the group's wire form and refuse what
// the reference's schemas rule out, naming the field.
func TestPermissionRules(t *testing.T) {
	ts, st := serve(t)
	seedPermissions(st)
	tests := []struct {
		name, method, path, body string
		status                   int
		fields                   []string
	}{
		{"update without permissions", http.MethodPost, "/users/5/permissions", `{}`, 400, []string{"permissions"}},
		{"update unknown field", http.MethodPost, "/users/5/permissions", `{"permissions":{"campaign_ids":[1]},"x":1}`, 400, []string{"x", "permissions.campaign_ids"}},
		{"update id not int32", http.MethodPost, "/users/5/permissions", `{"permissions":{"agency_ids":[2147483648]}}`, 400, []string{"permissions.agency_ids[0]"}},
		{"update id as text", http.MethodPost, "/users/5/permissions", `{"permissions":{"agency_ids":["3"]}}`, 400, []string{"permissions.agency_ids[0]"}},
		{"update list not array", http.MethodPost, "/users/5/permissions", `{"permissions":{"agency_ids":3}}`, 400, []string{"permissions.agency_ids"}},
		{"update unknown user", http.MethodPost, "/users/6/permissions", `{"permissions":{"agency_ids":[3]}}`, 404, []string{""}},
		{"update bad user id", http.MethodPost, "/users/x/permissions", `{"permissions":{}}`, 400, []string{"id"}},
		{"list bad filter", http.MethodGet, "/permissions/5?organization_id=x", "", 400, []string{"organization_id"}},
		{"list bad limit", http.MethodGet, "/permissions/5?page_limit=0", "", 400, []string{"page_limit"}},
		{"check unknown field", http.MethodPost, "/permissions/5", `{"users":[1]}`, 400, []string{"users"}},
		{"check unknown user", http.MethodPost, "/permissions/6", `{}`, 404, []string{""}},
		{"for user unknown user", http.MethodGet, "/permissions/6/agencies", "", 404, []string{""}},
		{"v2 check campaigns refused", http.MethodPost, "/permissions/5/v2format", `{"campaigns":[1]}`, 400, []string{"campaigns"}},
		{"campaign users bad q", http.MethodGet, "/campaigns/71/permissions?q=colour==1", "", 400, []string{"q"}},
		{"campaign users bad sort", http.MethodGet, "/campaigns/71/permissions?sort_by=colour", "", 400, []string{"sort_by"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, ts, tt.method, tt.path, tt.body)
			assert.Equal(t, tt.status, a.status)
			assert.Equal(t, "application/json", a.ct)
			assert.Equal(t, "error", a.body["meta"].(map[string]any)["status"])
			assert.Equal(t, tt.fields, errorFields(a))
		})
	}
	assert.Nil(t, st.Get(Permissions, 5)["agencies"], "nothing changed")

	a := do(t, ts, http.MethodGet, "/permissions/6", "")
	require.Equal(t, http.StatusOK, a.status, "GET has no 404 in the reference: an unknown user has no permissions")
	assert.Empty(t, a.body["data"].(map[string]any)["organizations"])

	a = do(t, ts, http.MethodGet, "/permissions/5/organizations", "")
	require.Equal(t, http.StatusOK, a.status)
	meta := a.body["meta"].(map[string]any)
	assert.EqualValues(t, 1, meta["count"])
	assert.EqualValues(t, 1, meta["total_count"])
	assert.Equal(t, []any{map[string]any{"organization_id": float64(10), "create": false, "read": true, "update": false, "delete": false}}, a.body["data"])

	a = do(t, ts, http.MethodPost, "/users/5/permissions", `{"permissions":{"organization_ids":[],"advertiser_ids":[11]}}`)
	require.Equal(t, http.StatusOK, a.status)
	perms := a.body["data"].(map[string]any)["permissions"].(map[string]any)
	assert.Empty(t, perms["organizations"])
	assert.Len(t, perms["advertisers"], 1)
	assert.EqualValues(t, 2, st.Get(Permissions, 5)["version"])
}

// FuzzPermissionBody sends arbitrary bodies to the permission handlers
// that read one: they answer 200, 404 or a 4xx in the group's error form
// and never panic.
func FuzzPermissionBody(f *testing.F) {
	f.Add([]byte(`{"permissions":{"organization_ids":[1],"agency_ids":[],"advertiser_ids":[2147483647]}}`), uint8(0))
	f.Add([]byte(`{"organizations":[10],"agencies":[12],"advertisers":[11],"campaigns":[71],"strategies":[17]}`), uint8(1))
	f.Add([]byte(`{"organizations":[5],"agencies":["6"],"advertisers":[7.5]}`), uint8(2))
	f.Add([]byte(`{"permissions":null}`), uint8(0))
	m := mux{http.NewServeMux()}
	st := Register(m)
	seedPermissions(st)
	paths := []string{"/users/5/permissions", "/permissions/5", "/permissions/5/v2format"}
	f.Fuzz(func(t *testing.T, body []byte, which uint8) {
		req := httptest.NewRequest(http.MethodPost, Prefix+paths[int(which)%len(paths)], bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		switch {
		case rec.Code == http.StatusOK:
		case rec.Code >= 400 && rec.Code < 500:
			var e struct {
				Errors []map[string]any `json:"errors"`
				Meta   struct{ Status string }
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || len(e.Errors) == 0 || e.Meta.Status != "error" {
				t.Fatalf("%d answer is not the v3.0 error form: %s", rec.Code, rec.Body)
			}
		default:
			t.Fatalf("unexpected status %d: %s", rec.Code, rec.Body)
		}
	})
}
