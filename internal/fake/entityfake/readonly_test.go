package entityfake_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

// A record's read-only properties sent back on create or update are taken
// and ignored (issue 17 item 9); a field the record does not have is
// still refused and named.
func TestReadOnlyPropertiesIgnored(t *testing.T) {
	const stale = "2001-02-03T04:05:06+0000"
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	tests := []struct {
		name   string
		path   string
		form   url.Values
		absent []string // read-only properties the answer must not echo
		same   map[string]string
	}{
		{"agency create", "/api/v2.0/agencies",
			url.Values{"name": {"A"}, "organization_id": {"1"}, "created_on": {stale}, "updated_on": {stale}, "entity_type": {"agency"}, "version": {"3"}, "meta": {"x"}},
			[]string{"meta"}, map[string]string{"entity_type": "agency", "version": "0"}},
		{"audience segment create", "/api/v2.0/audience_segments",
			url.Values{"name": {"S"}, "child_count": {"7"}, "full_path": {"a|b"}, "type": {"x"}, "entity_type": {"audience_segment"}},
			[]string{"child_count", "full_path", "type"}, nil},
		{"user update", "/api/v2.0/users/1",
			url.Values{"version": {"0"}, "title": {"T"}, "creator_id": {"5"}, "password_reset_token": {"tok"}, "created_on": {stale}, "entity_type": {"user"}},
			[]string{"creator_id", "password_reset_token"}, map[string]string{"title": "T", "version": "1"}},
		{"agency update", "/api/v2.0/agencies/1",
			url.Values{"version": {"0"}, "name": {"B"}, "updated_on": {stale}, "created_on": {stale}, "entity_type": {"campaign"}},
			nil, map[string]string{"name": "B", "entity_type": "agency"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, srv, cookie, http.MethodPost, tt.path, "application/json", tt.form)
			require.Equal(t, http.StatusOK, a.status, a.body)
			var env struct {
				Data map[string]any `json:"data"`
			}
			require.NoError(t, json.Unmarshal([]byte(a.body), &env))
			assert.NotEqual(t, stale, env.Data["created_on"])
			assert.NotEqual(t, stale, env.Data["updated_on"])
			for _, f := range tt.absent {
				assert.NotContains(t, env.Data, f)
			}
			for k, v := range tt.same {
				b, _ := json.Marshal(env.Data[k])
				got := string(b)
				if s, ok := env.Data[k].(string); ok {
					got = s
				}
				assert.Equal(t, v, got, k)
			}
		})
	}

	a := do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies/1", "application/json",
		url.Values{"version": {"1"}, "created_on": {stale}, "colour": {"red"}})
	require.Equal(t, http.StatusBadRequest, a.status)
	assert.Contains(t, a.body, `"field":"colour"`)
	assert.NotContains(t, a.body, `"field":"created_on"`)
}

func TestReadOnly(t *testing.T) {
	tests := []struct {
		coll, field string
		ro, accepts bool
	}{
		{"advertisers", "created_on", true, true},
		{"advertisers", "entity_type", true, true},
		{"campaigns", "initial_start_date", true, true},
		{"strategies", "currency_code", true, true},
		{"campaigns", "currency_code", false, true},
		{"atomic_creatives", "build_date", true, true},
		{"atomic_creatives", "approval_status", false, true},
		{"creative_approvals", "supply_source_id", false, true},
		{"users", "sso_auth_token", true, true},
		{"advertisers", "version", false, true},
		{"advertisers", "colour", false, false},
		{"advertisers", "build_date", false, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.ro, entityfake.ReadOnly(tt.coll, tt.field), "%s.%s read-only", tt.coll, tt.field)
		assert.Equal(t, tt.accepts, entityfake.Accepts(tt.coll, tt.field), "%s.%s accepted", tt.coll, tt.field)
	}
}

// An XML collection's count is the number of matches of the whole
// (filtered) list, whatever the page size, and there is no total_count
// attribute (issue 17 item 7).
func TestXMLCountIsMatches(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	tests := []struct {
		path  string
		count string
		n     int
	}{
		{"/api/v2.0/verticals?page_limit=2", `count="34"`, 2},
		{"/api/v2.0/verticals?page_limit=1&page_offset=1&q=" + url.QueryEscape("id<4"), `count="3"`, 1},
		{"/api/v2.0/organizations?page_limit=100", `count="3"`, 3},
		{"/api/v2.0/verticals?page_limit=5&page_offset=40", `count="34"`, 0},
	}
	for _, tt := range tests {
		a := do(t, srv, cookie, http.MethodGet, tt.path, "", nil)
		require.Equal(t, http.StatusOK, a.status, a.body)
		assert.Contains(t, a.body, "<entities "+tt.count, tt.path)
		assert.NotContains(t, a.body, "total_count", tt.path)
		assert.Equal(t, tt.n, strings.Count(a.body, "<entity "), tt.path)
	}
}
