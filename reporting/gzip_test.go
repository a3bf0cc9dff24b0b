package reporting_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// readBoth streams q and returns its rows joined, and the whole Download.
func readBoth(t *testing.T, svc *reporting.Client, q *reporting.Query, opts ...adama.RequestOption) ([]string, string) {
	t.Helper()
	rows, err := svc.Stream(context.Background(), q, opts...)
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		got = append(got, strings.Join(rows.Row().Values(), "|"))
	}
	require.NoError(t, rows.Err())
	body, err := svc.Download(context.Background(), q, nil, opts...)
	require.NoError(t, err)
	data, err := io.ReadAll(body)
	require.NoError(t, err)
	require.NoError(t, body.Close())
	return got, string(data)
}

// TestGzip: the SDK's requests accept gzip (Go's transport adds the
// header and decompresses), the fake compresses the data set, and the rows
// and bytes are those of the uncompressed answer, over every page. A
// caller who sets Accept-Encoding by hand gets the body with its
// Content-Encoding, which the SDK decodes (gzip and deflate).
func TestGzip(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithReportRows(250))
	c, err := srv.NewClient()
	require.NoError(t, err)
	svc := reporting.New(c)

	// The plain answer, from a transport that asks for no compression.
	plainHC := srv.Client()
	tr := plainHC.Transport.(*http.Transport).Clone()
	tr.DisableCompression = true
	plainC, err := srv.NewClient(adama.WithHTTPClient(&http.Client{Transport: tr}))
	require.NoError(t, err)
	srv.ResetRequests()
	wantRows, wantBytes := readBoth(t, reporting.New(plainC), baseQuery())
	require.Len(t, wantRows, 250)
	for _, r := range dataRequests(srv, reporting.ReportPerformance) {
		assert.Empty(t, r.Header.Get("Accept-Encoding"))
	}

	t.Run("transport's gzip", func(t *testing.T) {
		srv.ResetRequests()
		var resp *http.Response
		got, data := readBoth(t, svc, baseQuery(), adama.WithResponse(&resp))
		assert.Equal(t, wantRows, got)
		assert.Equal(t, wantBytes, data)
		reqs := dataRequests(srv, reporting.ReportPerformance)
		require.Len(t, reqs, 6, "three pages, twice")
		for _, r := range reqs {
			assert.Equal(t, "gzip", r.Header.Get("Accept-Encoding"))
		}
		require.NotNil(t, resp)
		assert.True(t, resp.Uncompressed, "the answer came gzip-compressed and the transport decompressed it")
	})
	for _, enc := range []string{"gzip", "deflate", "gzip, deflate", "deflate;q=0, gzip"} {
		t.Run("set by hand: "+enc, func(t *testing.T) {
			srv.ResetRequests()
			got, data := readBoth(t, svc, baseQuery(), adama.WithHeader("Accept-Encoding", enc))
			assert.Equal(t, wantRows, got)
			assert.Equal(t, wantBytes, data)
			for _, r := range dataRequests(srv, reporting.ReportPerformance) {
				assert.Equal(t, enc, r.Header.Get("Accept-Encoding"))
			}
		})
	}
	t.Run("a cut compressed stream", func(t *testing.T) {
		cut := adamatest.NewServer(adamatest.WithT(t), adamatest.WithReportRows(250), adamatest.WithReportCutAfter(150), adamatest.WithReportFlushRows(10))
		cc, err := cut.NewClient()
		require.NoError(t, err)
		for _, opts := range [][]adama.RequestOption{nil, {adama.WithHeader("Accept-Encoding", "gzip")}} {
			rows, err := reporting.New(cc).Stream(context.Background(), baseQuery(), opts...)
			require.NoError(t, err)
			for rows.Next() {
			}
			assert.True(t, reporting.IsTruncated(rows.Err()), "%v", rows.Err())
			assert.LessOrEqual(t, rows.Count(), int64(150))
		}
	})
}

// TestGzipOnlyData: with Accept-Encoding: gzip, the data set is
// compressed and metadata, validation and errors are not.
func TestGzipOnlyData(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	q := baseQuery()
	bad := baseQuery()
	bad.TimeWindow = "next_week"
	tests := []struct {
		name       string
		path       string
		query      url.Values
		status     int
		compressed bool
	}{
		{"data", "/performance", q.Values(), http.StatusOK, true},
		{"metadata", "/performance/meta", nil, http.StatusOK, false},
		{"report list", "/meta", nil, http.StatusOK, false},
		{"validate", "/performance/validate", q.Values(), http.StatusOK, false},
		{"bad request", "/performance", bad.Values(), http.StatusBadRequest, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp *http.Response
			r, err := c.Do(context.Background(), &adama.Request{Method: http.MethodGet, Path: reporting.PathPrefix + tt.path,
				Query: tt.query}, adama.WithHeader("Accept-Encoding", "gzip"), adama.WithResponse(&resp))
			if err == nil {
				resp = r
				defer r.Body.Close()
			}
			require.NotNil(t, resp)
			assert.Equal(t, tt.status, resp.StatusCode)
			if !tt.compressed {
				assert.Empty(t, resp.Header.Get("Content-Encoding"))
				return
			}
			assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
			zr, err := gzip.NewReader(r.Body)
			require.NoError(t, err)
			data, err := io.ReadAll(zr)
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(data), "start_date,end_date,"), "%q", data)
		})
	}
}

// TestGzipTestdata serves a gzip body from testdata as the platform
// would: whole, cut in the middle, and in an encoding the SDK does not
// decode.
func TestGzipTestdata(t *testing.T) {
	gz, err := os.ReadFile(filepath.Join("testdata", "paged_p0.csv.gz"))
	require.NoError(t, err)
	plain, err := os.ReadFile(filepath.Join("testdata", "paged_p0.csv"))
	require.NoError(t, err)
	serve := func(body []byte, enc string) *reporting.Client {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/csv; charset=UTF-8")
			w.Header().Set("Content-Encoding", enc)
			_, _ = w.Write(body)
		}))
		t.Cleanup(ts.Close)
		c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithHTTPClient(ts.Client()), adama.WithSessionCookie("s"), adama.WithMaxRetries(0))
		require.NoError(t, err)
		return reporting.New(c)
	}
	q := baseQuery()
	q.PageLimit = 3
	for _, opts := range [][]adama.RequestOption{nil, {adama.WithHeader("Accept-Encoding", "gzip")}} {
		_, data := readBoth(t, serve(gz, "gzip"), q, opts...)
		assert.Equal(t, string(plain), data)

		rows, err := serve(gz[:len(gz)/2], "gzip").Stream(context.Background(), q, opts...)
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
		}
		var ae *adama.Error
		require.ErrorAs(t, err, &ae, "a cut gzip body is an error")
		assert.True(t, reporting.IsTruncated(err) || ae.Code == reporting.CodeEncoding, "%v", err)
	}
	_, err = serve(gz, "br").Stream(context.Background(), q, adama.WithHeader("Accept-Encoding", "br"))
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, reporting.CodeEncoding, ae.Code)
	_, err = serve([]byte("not gzip at all\n"), "gzip").Stream(context.Background(), q, adama.WithHeader("Accept-Encoding", "gzip"))
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, reporting.CodeEncoding, ae.Code)
	assert.False(t, bytes.Equal(gz, plain))
}
