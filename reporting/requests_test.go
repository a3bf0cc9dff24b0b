package reporting_test

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
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/reporting"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// wire records every request a client sends and answers it from answer.
type wire struct {
	mu     sync.Mutex
	got    []string
	answer func(*http.Request) (contentType, body string)
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
	w.got = append(w.got, fmt.Sprintf("%s %s\nAccept: %s\nAccept-Encoding: %s\nIf-Modified-Since: %s\n%s\n", req.Method, req.URL.RequestURI(),
		req.Header.Get("Accept"), req.Header.Get("Accept-Encoding"), req.Header.Get("If-Modified-Since"), body))
	w.mu.Unlock()
	ct, b := w.answer(req)
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {ct}},
		Body: io.NopCloser(strings.NewReader(b)), Request: req}, nil
}

// reportingAnswer answers the report list, a report's metadata, a
// validation and a short page of CSV rows.
func reportingAnswer(req *http.Request) (string, string) {
	p := strings.TrimPrefix(req.URL.Path, "/reporting/v1/std")
	switch {
	case p == "/meta":
		return "application/json", `{"reports":{"performance":{"Name":"Performance","Version":1},"deals":{"Name":"Deals","Version":2}}}`
	case strings.HasSuffix(p, "/meta"):
		return "application/json", `{"Name":"Performance","Version":1,"Structure":{"Dimensions":{"campaign_id":{"Type":"id","Access":true}},"Metrics":{"impressions":{"Type":"int"}}}}`
	case strings.HasSuffix(p, "/validate"):
		return "text/xml", `<?xml version="1.0"?><result><status code="ok"/></result>`
	default:
		return "text/csv", "start_date,end_date,campaign_id,impressions\n2026-01-08,2026-01-08,100001,1000\n"
	}
}

// TestRequestBytes pins the exact request of every method of the group
// (method, path and query, the headers a report sends, body) against
// testdata/requests.golden, so that moving the group onto the
// description's operations cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: reportingAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	rc := reporting.New(c)
	ctx := context.Background()
	prec := 2
	paged := &reporting.Query{Report: "performance", Dimensions: []string{"campaign_id", "campaign_name"}, Metrics: []string{"impressions", "clicks"},
		Filter: []reporting.Predicate{reporting.Eq("organization_id", 100048), reporting.Contains("campaign_name", "Spring, \"new\"")},
		Having: []reporting.Predicate{reporting.Gt("impressions", 10)}, Start: time.Date(2026, 1, 8, 0, 0, 0, 0, time.UTC),
		End: time.Date(2026, 1, 9, 13, 30, 0, 0, time.UTC), TimeRollup: reporting.TimeRollupByDay,
		Order: []reporting.Order{reporting.Desc("impressions"), reporting.Asc("campaign_id")}, PageLimit: 50, PageOffset: 2, Precision: &prec,
		Version: 2, IfModifiedSince: time.Date(2026, 1, 10, 8, 0, 0, 0, time.UTC)}
	whole := &reporting.Query{Report: "performance", Dimensions: []string{"campaign_id"}, Filter: []reporting.Predicate{reporting.Eq("campaign_id", 7, 8)},
		TimeWindow: reporting.LastDays(7), TimeRollup: reporting.TimeRollupByDay}
	drain := func(rows *reporting.Rows, err error) error {
		if err != nil {
			return err
		}
		for rows.Next() {
		}
		return rows.Err()
	}
	steps := []func() error{
		func() error { _, err := rc.Reports(ctx); return err },
		func() error { _, err := rc.Meta(ctx, "performance"); return err },
		func() error { _, err := rc.MetaVersion(ctx, "deals", 2); return err },
		func() error { return drain(rc.Stream(ctx, paged)) },
		func() error { return drain(rc.Stream(ctx, whole)) },
		func() error {
			b, err := rc.Download(ctx, whole, nil)
			if err != nil {
				return err
			}
			defer b.Close()
			_, err = io.Copy(io.Discard, b)
			return err
		},
		func() error { return rc.Validate(ctx, paged) },
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
