package dmp_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/qlang"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// wire records every request a client sends and answers it from answer.
type wire struct {
	mu     sync.Mutex
	got    []string
	answer func(*http.Request) string
}

func (w *wire) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		body = b
	}
	w.mu.Lock()
	w.got = append(w.got, fmt.Sprintf("%s %s\nContent-Type: %s\n%s\n", req.Method, req.URL.RequestURI(), req.Header.Get("Content-Type"), body))
	w.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(w.answer(req))), Request: req}, nil
}

const taxonomyAnswer = `{"meta":{"status":"success"},"data":{"audience_vendor_id":470,"taxonomy_id":100001,"created_on":"2017-03-22T19:36:05Z",` +
	`"revenue_share_pct":0,"permissions":{"organizations":[100048],"agencies":[],"advertisers":[]},"future":"kept",` +
	`"taxonomy":{"id":100077,"name":"Root","children":[{"id":100078,"name":"Old","code":"1013003","retail_cpm":0.85,"wholesale_cpm":0,"buyable":true,"children":[]},` +
	`{"id":100079,"name":"Gone","code":"1013004","retail_cpm":1,"buyable":true,"children":[]}]}}}`

func dmpAnswer(req *http.Request) string {
	p := strings.TrimPrefix(req.URL.Path, dmp.Prefix)
	switch {
	case p == "/audience_segments" && req.Method == http.MethodGet:
		return `{"meta":{"status":"success","total_count":1},"data":[{"taxonomy_id":1,"taxonomy":{"id":2,"name":"R"}}]}`
	case strings.HasPrefix(p, "/audience_segments/grants/"):
		return `{"meta":{"status":"success"},"data":{"organizations":[{"id":1,"name":"O"}],"agencies":[],"advertisers":[]}}`
	default:
		return taxonomyAnswer
	}
}

// TestRequestBytes pins the exact request of every method of the group
// (method, path and query, content type, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: dmpAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	tc := dmp.New(c)
	ctx := context.Background()
	steps := []func() error{
		func() error { _, err := tc.Taxonomies.Create(ctx, sample()); return err },
		func() error {
			_, err := tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Like, "VENDOR*").And("buyable", qlang.Eq, 1)})
			return err
		},
		func() error { _, err := tc.Taxonomies.List(ctx, nil); return err },
		func() error {
			for _, err := range tc.Taxonomies.All(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Eq, "R")}) {
				require.NoError(t, err)
			}
			return nil
		},
		func() error { _, err := tc.Taxonomies.Grants(ctx, 1234); return err },
		func() error { _, err := tc.Taxonomies.Get(ctx, 100001); return err },
		func() error {
			x := sample()
			x.TaxonomyID, x.AudienceVendorID = 100001, 470
			_, err := tc.Taxonomies.Update(ctx, x)
			return err
		},
		func() error {
			_, err := tc.Taxonomies.Modify(ctx, 100001, func(x *dmp.Taxonomy) error { x.Taxonomy.Find("Old").Name = "Новый"; return nil })
			return err
		},
		func() error { _, err := tc.Taxonomies.RemoveNodes(ctx, 100001, []int64{100079}); return err },
	}
	for i, step := range steps {
		require.NoError(t, step(), "step %d", i)
	}
	got := strings.Join(w.got, "\n")
	const file = "testdata/requests.golden"
	if *updateGolden {
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

// TestNullListItemIsZeroRecord checks the one rule of every generated
// list: an item that arrives as null is a zero record, never nil and never
// left out, on a page and through All.
func TestNullListItemIsZeroRecord(t *testing.T) {
	w := &wire{answer: func(*http.Request) string {
		return `{"meta":{"status":"success","total_count":2},"data":[null,{"taxonomy_id":"7","taxonomy":{"id":2,"name":"R"}}]}`
	}}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	tc := dmp.New(c)
	p, err := tc.Taxonomies.List(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	require.NotNil(t, p.Items[0])
	assert.Zero(t, p.Items[0].TaxonomyID)
	assert.Equal(t, int64(7), p.Items[1].TaxonomyID)
	var ids []int64
	for x, err := range tc.Taxonomies.All(context.Background(), nil) {
		require.NoError(t, err)
		require.NotNil(t, x)
		ids = append(ids, x.TaxonomyID)
	}
	assert.Equal(t, []int64{0, 7}, ids)
}
