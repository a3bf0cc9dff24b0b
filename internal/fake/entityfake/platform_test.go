package entityfake_test

import (
	"encoding/json"
	"github.com/adamasdk/adama-go/internal/route"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// The fake answers group A the way the platform does (issue 8): each test
// here is one deviation from the spec's summary that a client written
// against the real platform relies on.

type answer struct {
	status int
	ct     string
	body   string
}

// session signs in and returns the adama_session cookie.
func session(t testing.TB, srv *adamatest.Server) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+route.Session, nil)
	req.Header.Set("Authorization", "Bearer "+srv.IssueToken())
	req.Header.Set("Accept", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == adama.SessionCookieName {
			return c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// do sends a request with the session cookie; accept "" sends no Accept.
func do(t *testing.T, srv *adamatest.Server, cookie, method, path, accept string, form url.Values) answer {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, srv.URL+path, body)
	require.NoError(t, err)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: cookie})
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return answer{resp.StatusCode, resp.Header.Get("Content-Type"), string(b)}
}

func metaStatus(t *testing.T, body string) string {
	t.Helper()
	var env struct {
		Meta struct {
			Status string `json:"status"`
		} `json:"meta"`
	}
	require.NoError(t, json.Unmarshal([]byte(body), &env), body)
	return env.Meta.Status
}

// Errors come as application/json with meta.status the platform's word;
// successes as application/vnd.svc.v1+json.
func TestJSONErrorsMediaTypeAndStatusWords(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	const js = "application/json"

	ok := do(t, srv, cookie, http.MethodGet, "/api/v2.0/advertisers", js, nil)
	require.Equal(t, http.StatusOK, ok.status)
	assert.Equal(t, "application/vnd.svc.v1+json", ok.ct)
	assert.Equal(t, "ok", metaStatus(t, ok.body))

	srv.Entities().Agencies().SetRaw(1, "name", "bumped") // version 0 -> 1
	srv.Deny("/api/v2.0/contacts")
	tests := []struct {
		name, method, path string
		cookie             string
		form               url.Values
		status             int
		word               string
	}{
		{"not found", http.MethodGet, "/api/v2.0/advertisers/999", cookie, nil, 404, "not_found"},
		{"invalid", http.MethodGet, "/api/v2.0/advertisers?page_limit=500", cookie, nil, 400, "invalid"},
		{"auth required", http.MethodGet, "/api/v2.0/advertisers", "", nil, 401, "auth_required"},
		{"conflict", http.MethodPost, "/api/v2.0/agencies/1", cookie, url.Values{"version": {"0"}, "name": {"x"}}, 409, "conflict"},
		{"denied", http.MethodGet, "/api/v2.0/contacts", cookie, nil, 403, "denied"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, srv, tt.cookie, tt.method, tt.path, js, tt.form)
			assert.Equal(t, tt.status, a.status, a.body)
			assert.Equal(t, "application/json", a.ct)
			assert.Equal(t, tt.word, metaStatus(t, a.body))
		})
	}
}

// A validation failure in XML carries <errors><field-error name error/>.
func TestXMLFieldErrors(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	a := do(t, srv, cookie, http.MethodPost, "/api/v2.0/advertisers", "application/xml", url.Values{"name": {"A"}, "domain": {"a.example"}})
	require.Equal(t, http.StatusBadRequest, a.status)
	assert.Equal(t, "text/xml", a.ct)
	assert.Contains(t, a.body, `<status code="invalid">`)
	assert.Contains(t, a.body, `<errors><field-error name="agency_id" error="agency_id is required"></field-error>`)
	assert.Contains(t, a.body, `<field-error name="vertical_id"`)
}

// A request without an Accept header gets XML, the session answer too.
func TestNoAcceptGetsXML(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	for _, path := range []string{"/api/v2.0/verticals?page_limit=2", "/api/v2.0/verticals/1", "/api/v2.0/verticals/999", route.Session} {
		a := do(t, srv, cookie, http.MethodGet, path, "", nil)
		assert.Contains(t, a.ct, "xml", path)
		assert.True(t, strings.HasPrefix(a.body, "<?xml"), "%s: %s", path, a.body)
	}
	a := do(t, srv, cookie, http.MethodGet, "/api/v2.0/verticals/1", "application/json", nil)
	assert.Equal(t, "application/vnd.svc.v1+json", a.ct)
}

// q takes field:null and field:!null, and a value holding "&" sent as
// %26 inside q.
func TestQNullAndAmpersand(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t),
		adamatest.WithEntity("contacts", map[string]any{"name": "Smith & Sons", "email": "s@example.com"}))
	cookie := session(t, srv)
	count := func(q string) int {
		a := do(t, srv, cookie, http.MethodGet, "/api/v2.0/contacts?q="+url.QueryEscape(q), "application/json", nil)
		require.Equal(t, http.StatusOK, a.status, a.body)
		var env struct {
			Meta struct {
				TotalCount int `json:"total_count"`
			} `json:"meta"`
		}
		require.NoError(t, json.Unmarshal([]byte(a.body), &env))
		return env.Meta.TotalCount
	}
	assert.Equal(t, 3, count("email:!null"))
	assert.Equal(t, 0, count("email:null"))
	assert.Equal(t, 3, count("phone:null"))
	assert.Equal(t, 1, count("name==Smith %26 Sons"))
	assert.Equal(t, 1, count("name==Smith %26 Sons&email:!null"))
}

// Unknown form fields are refused with a 400 naming each (spec 7).
func TestUnknownFormFieldRefused(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	a := do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies", "application/json",
		url.Values{"name": {"A"}, "organization_id": {"1"}, "colour": {"red"}, "zz_top": {"1"}})
	require.Equal(t, http.StatusBadRequest, a.status)
	assert.Contains(t, a.body, `"field":"colour"`)
	assert.Contains(t, a.body, `"field":"zz_top"`)
	a = do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies/1", "application/json", url.Values{"version": {"0"}, "colour": {"red"}})
	require.Equal(t, http.StatusBadRequest, a.status)
	assert.Contains(t, a.body, `unknown field colour`)
	a = do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies/1", "application/json", url.Values{"version": {"0"}, "logo": {"l.png"}})
	assert.Equal(t, http.StatusOK, a.status, a.body)
}

// A create naming a parent that does not exist is refused.
func TestCreateWithMissingParent(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	a := do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies", "application/json", url.Values{"name": {"A"}, "organization_id": {"99"}})
	require.Equal(t, http.StatusBadRequest, a.status)
	assert.Contains(t, a.body, `"field":"organization_id"`)
	assert.Contains(t, a.body, "organization 99 does not exist")
	a = do(t, srv, cookie, http.MethodPost, "/api/v2.0/agencies", "application/json", url.Values{"name": {"A"}, "organization_id": {"1"}})
	assert.Equal(t, http.StatusOK, a.status, a.body)
}

// List metadata carries etag and, while more records follow, next_page.
func TestListMetaETagAndNextPage(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	type meta struct {
		ETag     string `json:"etag"`
		NextPage string `json:"next_page"`
	}
	page := func(path string) meta {
		a := do(t, srv, cookie, http.MethodGet, path, "application/json", nil)
		require.Equal(t, http.StatusOK, a.status, a.body)
		var env struct{ Meta meta }
		require.NoError(t, json.Unmarshal([]byte(a.body), &env))
		return env.Meta
	}
	first := page("/api/v2.0/verticals?page_limit=20&sort_by=id")
	assert.NotEmpty(t, first.ETag)
	require.NotEmpty(t, first.NextPage)
	u, err := url.Parse(first.NextPage)
	require.NoError(t, err)
	assert.Equal(t, "20", u.Query().Get("page_offset"))
	assert.Equal(t, "id", u.Query().Get("sort_by"))
	last := page(u.RequestURI())
	assert.Empty(t, last.NextPage, "the last page has no next_page")
	assert.NotEqual(t, first.ETag, last.ETag)
	assert.Equal(t, first.ETag, page("/api/v2.0/verticals?page_limit=20&sort_by=id").ETag, "same page, same etag")
}
