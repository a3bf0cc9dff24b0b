package targetingfake

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
)

// mux is a Registrar without authentication, to test the group's rules.
type mux struct{ *http.ServeMux }

func (m mux) Handle(pattern string, _ fake.Auth, h http.Handler) { m.ServeMux.Handle(pattern, h) }

func serve(t *testing.T) (*httptest.Server, *Store) {
	m := mux{http.NewServeMux()}
	st := Register(m)
	ts := httptest.NewServer(m)
	t.Cleanup(ts.Close)
	return ts, st
}

type answer struct {
	status int
	body   map[string]any
	ct     string
}

func do(t *testing.T, ts *httptest.Server, method, path, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+Prefix+path, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m), string(b))
	return answer{resp.StatusCode, m, resp.Header.Get("Content-Type")}
}

func errorFields(a answer) []string {
	var out []string
	items, _ := a.body["errors"].([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		f, _ := m["field"].(string)
		out = append(out, f)
	}
	return out
}

func TestWireForm(t *testing.T) {
	ts, st := serve(t)
	st.Generate(Attachments, 3, nil)

	a := do(t, ts, http.MethodGet, "/attachments?page_limit=2", "")
	assert.Equal(t, http.StatusOK, a.status)
	assert.Equal(t, "application/json", a.ct)
	meta := a.body["meta"].(map[string]any)
	assert.Equal(t, "success", meta["status"])
	assert.EqualValues(t, 2, meta["count"])
	assert.EqualValues(t, 3, meta["total_count"])
	assert.EqualValues(t, 0, meta["offset"])
	assert.Contains(t, meta["next_page"], "page_offset=2")
	assert.Len(t, a.body["data"], 2)

	a = do(t, ts, http.MethodPost, "/attachments", `{"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR"}`)
	assert.Equal(t, http.StatusCreated, a.status)
	data := a.body["data"].(map[string]any)
	assert.EqualValues(t, 4, data["id"])
	assert.EqualValues(t, 1, data["version"])
	assert.Equal(t, false, data["or_better"])

	a = do(t, ts, http.MethodDelete, "/attachments/4", "")
	assert.Equal(t, http.StatusOK, a.status)
	assert.Equal(t, map[string]any{"meta": map[string]any{"status": "success"}}, a.body)

	a = do(t, ts, http.MethodGet, "/attachments/4", "")
	assert.Equal(t, http.StatusNotFound, a.status)
	assert.Equal(t, "error", a.body["meta"].(map[string]any)["status"])
	assert.Equal(t, "not_found", a.body["errors"].([]any)[0].(map[string]any)["code"])
}

func TestRules(t *testing.T) {
	ts, st := serve(t)
	st.Add(Attachments, map[string]any{"target_id": 8, "strategy_id": 3, "restriction": "INCLUDE", "operator": "OR"})
	st.Add(Targets, map[string]any{"name": "t"})
	st.Add(Advertisers, map[string]any{"name": "a", "agency_id": 1})
	tests := []struct {
		name, method, path, body string
		status                   int
		fields                   []string
	}{
		{"create required", "POST", "/attachments", `{}`, 400, []string{"target_id", "strategy_id", "restriction", "operator"}},
		{"create unknown field", "POST", "/attachments", `{"target_id":1,"strategy_id":1,"restriction":"INCLUDE","operator":"OR","x":1}`, 400, []string{"x"}},
		{"create enum", "POST", "/attachment", `{"target_id":1,"strategy_id":1,"restriction":"MAYBE","operator":"OR"}`, 400, []string{"restriction"}},
		{"create minimum", "POST", "/attachments", `{"target_id":0,"strategy_id":1,"restriction":"INCLUDE","operator":"OR"}`, 400, []string{"target_id"}},
		{"create int32", "POST", "/attachments", `{"target_id":2147483648,"strategy_id":1,"restriction":"INCLUDE","operator":"OR"}`, 400, []string{"target_id"}},
		{"create type", "POST", "/attachments", `{"target_id":"1","strategy_id":1,"restriction":"INCLUDE","operator":"OR","or_better":"yes"}`, 400, []string{"or_better", "target_id"}},
		{"not json", "POST", "/attachments", `target_id=1`, 400, []string{""}},
		{"update version required", "POST", "/attachments/1", `{"or_better":true}`, 400, []string{"version"}},
		{"update stale", "PUT", "/attachment/1", `{"version":7}`, 409, []string{"version"}},
		{"update missing", "POST", "/attachments/99", `{"version":1}`, 404, []string{""}},
		{"bad id", "GET", "/attachments/abc", ``, 400, []string{"id"}},
		{"sort field", "GET", "/attachments?sort_by=name", ``, 400, []string{"sort_by"}},
		{"q field", "GET", "/attachments?q=name==x", ``, 400, []string{"q"}},
		{"q grammar", "GET", "/attachments?q=(0)", ``, 400, []string{"q"}},
		{"page_limit", "GET", "/targets?page_limit=1001", ``, 400, []string{"page_limit"}},
		{"page_offset", "GET", "/target?page_offset=-1", ``, 400, []string{"page_offset"}},
		{"strategy_id", "GET", "/attachments?strategy_id=x", ``, 400, []string{"strategy_id"}},
		{"target name required", "POST", "/targets", `{"visible":true}`, 400, []string{"name"}},
		{"target name empty", "POST", "/target/1", `{"version":1,"name":""}`, 400, []string{"name"}},
		{"advertiser required", "POST", "/advertisers", `{"name":"x"}`, 400, []string{"ad_server_id", "agency_id", "domain", "vertical_id"}},
		{"advertiser name length", "POST", "/advertisers/1", `{"version":1,"name":"` + strings.Repeat("n", 65) + `"}`, 400, []string{"name"}},
		{"advertiser null", "POST", "/advertisers/1", `{"version":1,"status":null,"external_id":null}`, 400, []string{"status"}},
		{"advertiser vendor", "POST", "/advertisers/1", `{"version":1,"vendor_attributions":[{"vendor_id":"a"}]}`, 400, []string{"vendor_attributions[0].vendor_id"}},
		{"advertiser with", "GET", "/advertisers?with=campaign", ``, 400, []string{"with"}},
		{"advertiser full", "GET", "/advertisers?full=name", ``, 400, []string{"full"}},
		{"advertiser ok", "POST", "/advertisers/1", `{"version":1,"external_id":null}`, 200, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, ts, tt.method, tt.path, tt.body)
			assert.Equal(t, tt.status, a.status, a.body)
			if tt.fields != nil {
				got := errorFields(a)
				for _, f := range tt.fields {
					assert.Contains(t, got, f)
				}
			}
		})
	}
}

func TestStoreConcurrent(t *testing.T) {
	ts, st := serve(t)
	id := st.Add(Targets, map[string]any{"name": "t"})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				st.Set(Targets, id, "bidder_frequency", 1)
				_ = st.Get(Targets, id)
				resp, err := ts.Client().Get(ts.URL + Prefix + "/targets")
				if err == nil {
					_ = resp.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	v, _ := toInt(st.Get(Targets, id)["version"])
	assert.Equal(t, int64(81), v)
	assert.Equal(t, 1, st.Len(Targets))
	assert.Nil(t, st.Get("nothing", 1))
	assert.False(t, st.Set(Targets, 99, "name", "x"))
	assert.Zero(t, st.Add("nothing", nil))
}
