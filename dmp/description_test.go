package dmp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/qlang"
)

// exchange is one request and its answer, as they crossed the wire.
type exchange struct {
	method, path string
	status       int
	req, resp    []byte
}

// recorder keeps every exchange a client makes.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	got  []exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	rb, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(rb))
	r.mu.Lock()
	r.got = append(r.got, exchange{req.Method, req.URL.Path, resp.StatusCode, body, rb})
	r.mu.Unlock()
	return resp, nil
}

// operation finds the document's operation for a method and a path under
// the group's prefix.
func operation(t *testing.T, doc *openapi3.T, method, path string) *openapi3.Operation {
	t.Helper()
	for tmpl, item := range doc.Paths.Map() {
		re := "^" + regexp.MustCompile(`\\\{[a-z_]+\\\}`).ReplaceAllString(regexp.QuoteMeta(tmpl), `[^/]+`) + "$"
		if regexp.MustCompile(re).MatchString(path) {
			if op := item.GetOperation(method); op != nil {
				return op
			}
		}
	}
	return nil
}

// fits checks a JSON body against the schema of the media type
// application/json in content.
func fits(t *testing.T, content openapi3.Content, body []byte, what string) {
	t.Helper()
	mt := content.Get("application/json")
	require.NotNil(t, mt, "%s: the description has no application/json schema", what)
	var v any
	require.NoError(t, json.Unmarshal(body, &v), what)
	assert.NoError(t, mt.Schema.Value.VisitJSON(v), "%s: %s", what, body)
}

// TestWireFitsDescription runs every operation of the group over
// adamatest and checks each request the SDK sends and each answer the
// fake gives against the group's description (internal/apispec/dmp.yaml):
// the SDK, the fake and the description agree.
func TestWireFitsDescription(t *testing.T) {
	doc, err := apispec.Load("dmp")
	require.NoError(t, err)
	srv := adamatest.NewServer(adamatest.WithT(t))
	rec := &recorder{next: srv.Client().Transport}
	c, err := srv.NewClient(adama.WithHTTPClient(&http.Client{Transport: rec}))
	require.NoError(t, err)
	tc := dmp.New(c)
	ctx := context.Background()

	made, err := tc.Taxonomies.Create(ctx, sample())
	require.NoError(t, err)
	_, err = tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Like, "VENDOR*")})
	require.NoError(t, err)
	srv.DMP().SetGrants(1234, map[int64]string{100048: "Org"}, nil, map[int64]string{171177: "Adv"})
	_, err = tc.Taxonomies.Grants(ctx, 1234)
	require.NoError(t, err)
	_, err = tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
		x.Taxonomy.Children = append(x.Taxonomy.Children, &dmp.Node{Name: "Новый", Code: "42", RetailCPM: dec("1.5"), Buyable: true})
		return nil
	})
	require.NoError(t, err)
	_, err = tc.Taxonomies.Get(ctx, made.TaxonomyID+1000)
	require.ErrorIs(t, err, adama.ErrNotFound)

	seen := map[string]bool{}
	for _, x := range rec.got {
		path, ok := strings.CutPrefix(x.path, dmp.Prefix)
		if !ok {
			continue // the session bootstrap
		}
		what := x.method + " " + x.path
		op := operation(t, doc, x.method, path)
		require.NotNil(t, op, "%s is not in the description", what)
		seen[op.OperationID] = true
		if len(x.req) > 0 {
			require.NotNil(t, op.RequestBody, "%s sends a body the description does not take", what)
			fits(t, op.RequestBody.Value.Content, x.req, what+" request")
		}
		ans := op.Responses.Status(x.status)
		if ans == nil {
			ans = op.Responses.Default()
		}
		require.NotNil(t, ans, "%s: no answer %d described", what, x.status)
		fits(t, ans.Value.Content, x.resp, what+" answer")
	}
	var all []string
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			all = append(all, op.OperationID)
		}
	}
	for _, id := range all {
		assert.True(t, seen[id], "operation %s was not exercised", id)
	}
}
