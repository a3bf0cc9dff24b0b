package targeting_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/targeting"
)

// refCall calls the public method of one operation and returns what it
// read, in the shape the answer's data has (see items and bulkRecords).
type refCall func(ctx context.Context, c *targeting.Client) (any, error)

// items turns a page into its records and its metadata, as the answer
// carried them.
func items[T any](p *adama.Page[T], err error) (any, error) {
	if p == nil {
		return nil, err
	}
	return pageView[T]{p}, err
}

// pageView is a page seen as the answer's data and meta.
type pageView[T any] struct{ p *adama.Page[T] }

func (v pageView[T]) data() any { return v.p.Items }

func (v pageView[T]) meta() map[string]any {
	m := map[string]any{"count": v.p.Count, "offset": v.p.Offset}
	if v.p.HasTotal {
		m["total_count"] = v.p.TotalCount
	}
	for k, s := range map[string]string{"next_page": v.p.NextPage, "prev_page": v.p.PrevPage, "called_on": v.p.CalledOn} {
		if s != "" {
			m[k] = s
		}
	}
	return m
}

// paged is what pageView is to the comparison.
type paged interface {
	data() any
	meta() map[string]any
}

// bulkRecords is the records a bulk call's items carry, in order.
func bulkRecords[T any](r *targeting.BulkResult[T], err error) (any, error) {
	if r == nil {
		return nil, err
	}
	out := []*T{}
	for _, it := range r.Items {
		out = append(out, it.Record)
	}
	return out, err
}

// answered drops a call's value when it has none to compare.
func answered(err error) (any, error) { return nil, err }

// refRow is one row of TestV3ReferenceExamples.
type refRow struct {
	name   string
	op     string // operationId
	status int
	body   []byte // the answer served
	call   refCall
	// sent, when set, is the request body the call must send (a
	// reference example of a request); multipart compares the form.
	sent      []byte
	multipart bool
	// params, when set, are query parameters the call must send.
	params map[string]string
}

// refServer answers each row's request with the row's body, after checking
// that the request is the operation's route.
type refServer struct {
	mu   sync.Mutex
	rows map[string]*refRow
	// routes holds each operation's method and path pattern.
	routes map[string]route
	got    map[string][]byte // the request body each row's call sent
	typ    map[string]string // and its content type
	query  map[string]url.Values
	bad    map[string]string // why a request was refused
}

type route struct {
	method string
	path   *regexp.Regexp
}

func (s *refServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.Header.Get("X-Ref-Row")
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	s.mu.Lock()
	defer s.mu.Unlock()
	row := s.rows[name]
	if row == nil {
		http.Error(w, "no row "+name, http.StatusNotFound)
		return
	}
	rt := s.routes[row.op]
	s.got[name], s.typ[name], s.query[name] = b, r.Header.Get("Content-Type"), r.URL.Query()
	if r.Method != rt.method || !rt.path.MatchString(r.URL.Path) {
		s.bad[name] = fmt.Sprintf("%s %s is not the route of %s (%s %s)", r.Method, r.URL.Path, row.op, rt.method, rt.path)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(row.status)
	_, _ = w.Write(row.body)
}

// rowTransport marks each request with its row's name.
type rowTransport struct{ name string }

func (t rowTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Ref-Row", t.name)
	return http.DefaultTransport.RoundTrip(r)
}

// TestV3ReferenceExamples reads every reference example body of the
// Campaigns API reference (v3.0.1807) through the public call of its
// operation and checks that nothing is lost: the record read, encoded again,
// is the body's data (numbers, decimals and date-times compared by value),
// and no field is reported as not fitting. The answers are, for every
// described operation that answers JSON, a body assembled from the
// per-field examples of its answer's schema (testdata/v3/reference), and the
// reference's own answer examples (testdata/v3/reference/examples), both
// written by internal/cmd/refexamples. The reference's own request and
// query parameter examples are sent through the call and compared with what
// it sends; its error examples must come back as an *adama.Error with the
// platform's message. A described operation without a row fails the test.
func TestV3ReferenceExamples(t *testing.T) {
	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	srv := &refServer{rows: map[string]*refRow{}, routes: map[string]route{}, got: map[string][]byte{}, typ: map[string]string{}, query: map[string]url.Values{}, bad: map[string]string{}}
	jsonOps := map[string]int{} // operationId -> status of its JSON answer
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			pat := "^/api/v3.0" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(path), `[^/]+`) + "$"
			srv.routes[op.OperationID] = route{method, regexp.MustCompile(pat)}
			if status := jsonStatus(op.Responses.Map()); status != 0 {
				jsonOps[op.OperationID] = status
			}
		}
	}
	calls := referenceCalls(t)
	aliases := map[string]string{} // a property's other name in answers -> the property
	for _, sc := range doc.Components.Schemas {
		for name, p := range sc.Value.Properties {
			if as, ok := p.Value.Extensions["x-adama-aliases"].([]any); ok {
				for _, a := range as {
					aliases[a.(string)] = name
				}
			}
		}
	}

	var rows []*refRow
	for op, status := range jsonOps {
		call, ok := calls[op]
		if !assert.True(t, ok, "operation %s has no row in referenceCalls: add its public call", op) {
			continue
		}
		file := filepath.Join("v3", "reference", op+".json")
		if _, err := os.Stat(filepath.Join("testdata", file)); !assert.NoError(t, err, "%s has no body: run internal/cmd/refexamples (see its doc)", op) {
			continue
		}
		rows = append(rows, &refRow{name: op, op: op, status: status, call: call, body: readTestdata(t, file)})
	}
	for op := range calls {
		_, ok := jsonOps[op]
		assert.True(t, ok, "referenceCalls names %s, which is no described operation answering JSON", op)
	}
	rows = append(rows, mediaTypeRows(t, calls, jsonOps)...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
	for _, r := range rows {
		srv.rows[r.name] = r
	}

	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	ctx := context.Background()
	t.Run("rows", func(t *testing.T) {
		for _, r := range rows {
			t.Run(r.name, func(t *testing.T) {
				t.Parallel()
				c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"), adama.WithSessionCookie("ck"),
					adama.WithMaxRetries(0), adama.WithHTTPClient(&http.Client{Transport: rowTransport{r.name}}))
				require.NoError(t, err)
				got, err := r.call(ctx, targeting.New(c))
				srv.mu.Lock()
				bad, sent, typ, query := srv.bad[r.name], srv.got[r.name], srv.typ[r.name], srv.query[r.name]
				srv.mu.Unlock()
				assert.Empty(t, bad)
				for k, v := range r.params {
					assert.Equal(t, []string{v}, query[k], "the parameter example %s, sent again", k)
				}
				if r.status >= 400 {
					var ae *adama.Error
					require.ErrorAs(t, err, &ae)
					var env struct {
						Meta struct {
							Error string `json:"error"`
						} `json:"meta"`
					}
					require.NoError(t, json.Unmarshal(r.body, &env))
					assert.Equal(t, r.status, ae.StatusCode)
					assert.Contains(t, ae.Error(), env.Meta.Error, "the platform's message")
					return
				}
				require.NoError(t, err)
				switch {
				case r.multipart:
					assert.Empty(t, lostForm(t, r.sent, sent, typ), "the request example, sent again")
				case r.sent != nil:
					assert.Empty(t, lostOnly(lost(t, r.sent, sent, nil)), "the request example, sent again")
				}
				var env struct {
					Data json.RawMessage `json:"data"`
					Meta json.RawMessage `json:"meta"`
				}
				require.NoError(t, json.Unmarshal(r.body, &env))
				if env.Data == nil {
					env.Data = r.body // an answer without the envelope
				}
				if p, ok := got.(paged); ok {
					var meta map[string]any
					require.NoError(t, json.Unmarshal(env.Meta, &meta))
					delete(meta, "status")
					pm := p.meta()
					for k := range pm {
						if _, sent := meta[k]; !sent {
							delete(pm, k) // the page's own count of what it holds
						}
					}
					mb, err := json.Marshal(pm)
					require.NoError(t, err)
					eb, err := json.Marshal(meta)
					require.NoError(t, err)
					assert.Empty(t, lost(t, eb, mb, nil), "the page's metadata")
					got = p.data()
				}
				assert.Empty(t, misfitsOf(reflect.ValueOf(got)), "fields that did not fit")
				if got == nil {
					return // the call answers nothing but success
				}
				out, err := json.Marshal(got)
				require.NoError(t, err)
				assert.Empty(t, lost(t, beside(t, r.body, env.Data, out), out, aliases), "the data read, encoded again")
			})
		}
	})
}

// jsonStatus is the status of an operation's first success answer in JSON,
// 0 when it has none.
func jsonStatus(answers map[string]*openapi3.ResponseRef) int {
	codes := slices.Sorted(maps.Keys(answers))
	for _, code := range codes {
		a := answers[code]
		if !strings.HasPrefix(code, "2") || a.Value == nil || a.Value.Content.Get("application/json") == nil {
			continue
		}
		var n int
		_, _ = fmt.Sscan(code, &n)
		return n
	}
	return 0
}

// lost lists the differences between the JSON want and got: values of want
// that got lacks or holds otherwise, and values got adds. Numbers and
// numeric strings compare by value, date-times by instant; a null and an
// absent member are the same.
// A member of want under an alias of the description (a misspelling the
// platform answers with) may come back under its property's name as well.
func lost(t *testing.T, want, got []byte, aliases map[string]string) []string {
	t.Helper()
	var w, g any
	require.NoError(t, decodeNumbers(want, &w), "%s", want)
	require.NoError(t, decodeNumbers(got, &g), "%s", got)
	var diffs []string
	compareJSON("$", w, g, aliases, &diffs)
	return diffs
}

// lostOnly keeps the differences that lose something: a request may add
// what the SDK always sends (the version read).
func lostOnly(diffs []string) []string {
	var out []string
	for _, d := range diffs {
		if !strings.HasSuffix(strings.SplitN(d, ": ", 2)[1], ")") || !strings.HasPrefix(strings.SplitN(d, ": ", 2)[1], "added") {
			out = append(out, d)
		}
	}
	return out
}

// lostForm compares a creative form example with the multipart body sent:
// the metadata part holds the example's metadata, and the files are sent
// under the example's names, in order.
func lostForm(t *testing.T, example, sent []byte, contentType string) []string {
	t.Helper()
	var f creativeFormExample
	require.NoError(t, json.Unmarshal(example, &f))
	var names []string
	var diffs []string
	for _, p := range formParts(t, contentType, sent) {
		switch p.name {
		case "metadata":
			diffs = append(diffs, lostOnly(lost(t, f.Metadata, p.data, nil))...)
		case "filename":
			names = append(names, p.fileName)
		}
	}
	if !slices.Equal(names, f.Filename) {
		diffs = append(diffs, fmt.Sprintf("files sent %v, want %v", names, f.Filename))
	}
	return diffs
}

// beside adds to an answer's data object the members the answer carries
// beside data and meta (a settings answer's user) that the record read
// holds too.
func beside(t *testing.T, body, data, out []byte) []byte {
	t.Helper()
	var top, d, o map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil || json.Unmarshal(data, &d) != nil || json.Unmarshal(out, &o) != nil || d == nil {
		return data
	}
	for k, v := range top {
		if _, held := o[k]; held && k != "data" && k != "meta" && d[k] == nil {
			d[k] = v
		}
	}
	b, err := json.Marshal(d)
	require.NoError(t, err)
	return b
}

func decodeNumbers(b []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

func compareJSON(at string, want, got any, aliases map[string]string, diffs *[]string) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			*diffs = append(*diffs, fmt.Sprintf("%s: want an object, got %v", at, got))
			return
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			gv, has := g[k]
			if !has && w[k] != nil {
				*diffs = append(*diffs, fmt.Sprintf("%s.%s: lost (%v)", at, k, w[k]))
				continue
			}
			compareJSON(at+"."+k, w[k], gv, aliases, diffs)
		}
		for _, k := range slices.Sorted(maps.Keys(g)) {
			if _, has := w[k]; !has && !zeroJSON(g[k]) && !aliased(k, w, g[k], aliases) {
				*diffs = append(*diffs, fmt.Sprintf("%s.%s: added (%v)", at, k, g[k]))
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			*diffs = append(*diffs, fmt.Sprintf("%s: want %d items, got %v", at, len(w), got))
			return
		}
		for i := range w {
			compareJSON(fmt.Sprintf("%s[%d]", at, i), w[i], g[i], aliases, diffs)
		}
	default:
		if !sameScalar(want, got) {
			*diffs = append(*diffs, fmt.Sprintf("%s: want %v (%T), got %v (%T)", at, want, want, got, got))
		}
	}
}

// aliased reports whether want holds v under an alias of k.
func aliased(k string, want map[string]any, v any, aliases map[string]string) bool {
	for a, name := range aliases {
		if name == k && reflect.DeepEqual(want[a], v) {
			return true
		}
	}
	return false
}

// zeroJSON reports whether v is a zero value a record writes for a field it
// always has: null, 0, false, "", [] or {}.
func zeroJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case json.Number:
		r, ok := ratOf(x)
		return ok && r.Sign() == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// sameScalar compares two JSON scalars by value.
func sameScalar(want, got any) bool {
	if reflect.DeepEqual(want, got) {
		return true
	}
	if a, ok := ratOf(want); ok {
		b, ok := ratOf(got)
		return ok && a.Cmp(b) == 0
	}
	ws, ok1 := want.(string)
	gs, ok2 := got.(string)
	if ok1 && ok2 {
		var a, b adama.Time
		return a.UnmarshalText([]byte(ws)) == nil && b.UnmarshalText([]byte(gs)) == nil && a.Equal(b.Time)
	}
	return false
}

func ratOf(v any) (*big.Rat, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// misfitsOf collects the misfits of every record in v.
func misfitsOf(v reflect.Value) []adama.Misfit {
	type misfitter interface{ Misfits() []adama.Misfit }
	if !v.IsValid() {
		return nil
	}
	if v.CanInterface() {
		if m, ok := v.Interface().(misfitter); ok && !(v.Kind() == reflect.Pointer && v.IsNil()) {
			return m.Misfits()
		}
	}
	var out []adama.Misfit
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = misfitsOf(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			out = append(out, misfitsOf(v.Index(i))...)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			out = append(out, misfitsOf(it.Value())...)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = append(out, misfitsOf(v.Field(i))...)
			}
		}
	}
	return out
}

// examplePath is the testdata name of one of the reference's own examples
// (testdata/v3/reference/examples).
func examplePath(name string) string { return filepath.Join("v3", "reference", "examples", name) }

// refExample reads one of the reference's own examples.
func refExample(t testing.TB, name string) []byte {
	t.Helper()
	return readTestdata(t, examplePath(name))
}

// TestLost holds the comparison TestV3ReferenceExamples relies on to what
// it must find.
func TestLost(t *testing.T) {
	aliases := map[string]string{"descriptiom": "description"}
	for _, tt := range []struct {
		name, want, got string
		diffs           int
	}{
		{"same", `{"a":1,"b":[{"c":"x"}]}`, `{"b":[{"c":"x"}],"a":1}`, 0},
		{"a member lost", `{"a":1,"b":2}`, `{"a":1}`, 1},
		{"an item lost", `{"b":[1,2]}`, `{"b":[1]}`, 1},
		{"a value changed", `{"a":"x"}`, `{"a":"y"}`, 1},
		{"a member added", `{"a":1}`, `{"a":1,"b":"x"}`, 1},
		{"a zero added", `{"a":1}`, `{"a":1,"b":0,"c":false,"d":""}`, 0},
		{"null is absent", `{"a":null}`, `{}`, 0},
		{"numbers by value", `{"a":1.50,"b":"2"}`, `{"a":"1.5","b":2}`, 0},
		{"date-times by instant", `{"a":"2026-03-01T10:00:00Z"}`, `{"a":"2026-03-01T10:00:00+0000"}`, 0},
		{"another instant", `{"a":"2026-03-01T10:00:00Z"}`, `{"a":"2026-03-01T11:00:00+0000"}`, 1},
		{"an alias kept under its property", `{"descriptiom":"d"}`, `{"descriptiom":"d","description":"d"}`, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Len(t, lost(t, []byte(tt.want), []byte(tt.got), aliases), tt.diffs)
		})
	}
}

// TestReadOnlyFalseIsKept: a read-only flag an answer carries as false
// comes back as false when the record is encoded again (the reference's
// examples carry true, which hid the plain bool that dropped it).
func TestReadOnlyFalseIsKept(t *testing.T) {
	for name, rec := range map[string]any{
		"allow_x_strat_optimization": &targeting.Advertiser{},
		"is_programmatic_guaranteed": &targeting.Strategy{},
	} {
		t.Run(name, func(t *testing.T) {
			in := `{"id":1,"` + name + `":false}`
			require.NoError(t, json.Unmarshal([]byte(in), rec))
			out, err := json.Marshal(rec)
			require.NoError(t, err)
			assert.Empty(t, lost(t, []byte(in), out, nil))
		})
	}
}
