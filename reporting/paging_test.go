package reporting_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// The tests of this file cover whole reports: the platform pages report
// data (page_limit rows, 100 by default; page_offset counts pages), and
// Stream, Download and the typed decoders deliver every row of a report
// that the caller did not page.

// dataRequests returns the data requests (not metadata, not validate)
// that srv received, in order.
func dataRequests(srv *adamatest.Server, report reporting.Report) []adamatest.Request {
	var out []adamatest.Request
	for _, r := range srv.Requests() {
		if r.Path == reporting.PathPrefix+"/"+string(report) {
			out = append(out, r)
		}
	}
	return out
}

// streamAll reads every row of q as its values joined by "|".
func streamAll(t *testing.T, svc *reporting.Client, q *reporting.Query) ([]string, []string, error) {
	t.Helper()
	rows, err := svc.Stream(context.Background(), q)
	require.NoError(t, err)
	defer rows.Close()
	var got []string
	for rows.Next() {
		got = append(got, strings.Join(rows.Row().Values(), "|"))
	}
	assert.EqualValues(t, len(got), rows.Count())
	return rows.Header(), got, rows.Err()
}

func TestStreamWholeReport(t *testing.T) {
	tests := []struct {
		name     string
		rows     int
		pageSize int
		pages    []int // rows asked per request is the page size; page_offset of each request
	}{
		{"250 rows, default page: three pages", 250, 0, []int{0, 1, 2}},
		{"200 rows, default page: the third page is empty", 200, 0, []int{0, 1, 2}},
		{"99 rows: one short page", 99, 0, []int{0}},
		{"250 rows, pages of 70", 250, 70, []int{0, 1, 2, 3}},
		{"0 rows", 0, 0, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithReportRows(tt.rows))
			c, err := srv.NewClient()
			require.NoError(t, err)
			svc := reporting.New(c, reporting.WithPageSize(tt.pageSize))
			header, got, err := streamAll(t, svc, baseQuery())
			require.NoError(t, err)
			if tt.rows == 0 {
				// The fake's default report has rows; WithReportRows(0) keeps them.
				require.NotEmpty(t, header)
				return
			}
			assert.Len(t, got, tt.rows)
			assert.Equal(t, []string{"start_date", "end_date", "campaign_id", "campaign_name", "impressions", "clicks", "total_spend", "ctr"}, header)
			seen := map[string]bool{}
			for _, r := range got {
				assert.False(t, seen[r], "row delivered twice: %s", r)
				seen[r] = true
				assert.NotContains(t, r, "start_date", "a page's header came through as a row")
			}
			size := strconv.Itoa(max(tt.pageSize, reporting.DefaultPageSize*btoi(tt.pageSize == 0)))
			reqs := dataRequests(srv, reporting.ReportPerformance)
			require.Len(t, reqs, len(tt.pages))
			for i, r := range reqs {
				assert.Equal(t, size, r.Query.Get("page_limit"), "request %d", i)
				want := ""
				if tt.pages[i] > 0 {
					want = strconv.Itoa(tt.pages[i])
				}
				assert.Equal(t, want, r.Query.Get("page_offset"), "request %d", i)
			}

			// The same rows, in the same order, as one page the caller
			// asks for.
			q := baseQuery()
			q.PageLimit = 100000
			_, one, err := streamAll(t, svc, q)
			require.NoError(t, err)
			assert.Equal(t, one, got)
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCallerChosenPage(t *testing.T) {
	svc, srv := newService(t, adamatest.WithReportRows(250))
	_, all, err := streamAll(t, svc, baseQuery())
	require.NoError(t, err)
	require.Len(t, all, 250)
	tests := []struct {
		name          string
		limit, offset int
		want          []string
	}{
		{"limit and offset", 40, 2, all[80:120]},
		{"limit alone: the first page only", 30, 0, all[:30]},
		{"the last, short page", 100, 2, all[200:]},
		{"past the end", 100, 5, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.ResetRequests()
			q := baseQuery()
			q.PageLimit, q.PageOffset = tt.limit, tt.offset
			_, got, err := streamAll(t, svc, q)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			reqs := dataRequests(srv, reporting.ReportPerformance)
			require.Len(t, reqs, 1, "a page the caller chose is read alone")
			assert.Equal(t, strconv.Itoa(tt.limit), reqs[0].Query.Get("page_limit"))

			body, err := svc.Download(context.Background(), q, nil)
			require.NoError(t, err)
			data, err := io.ReadAll(body)
			require.NoError(t, err)
			assert.EqualValues(t, len(tt.want), body.Rows())
			assert.Equal(t, len(tt.want)+1, strings.Count(string(data), "\n"))
		})
	}
}

func TestDownloadWholeReport(t *testing.T) {
	svc, srv := newService(t, adamatest.WithReportRows(250))
	var last reporting.Progress
	body, err := svc.Download(context.Background(), baseQuery(), func(p reporting.Progress) { last = p })
	require.NoError(t, err)
	data, err := io.ReadAll(body)
	require.NoError(t, err)
	require.NoError(t, body.Close())
	assert.Len(t, dataRequests(srv, reporting.ReportPerformance), 3)
	assert.EqualValues(t, 250, body.Rows())
	assert.True(t, last.Done)
	assert.EqualValues(t, 250, last.Rows)
	assert.EqualValues(t, len(data), last.Bytes)
	assert.False(t, body.LastModified().IsZero())

	// One header row, then the rows of the three pages: the same bytes as
	// one page holding the whole report.
	assert.Equal(t, 1, strings.Count(string(data), "start_date,end_date"))
	q := baseQuery()
	q.PageLimit = 1000
	one, err := svc.Download(context.Background(), q, nil)
	require.NoError(t, err)
	want, err := io.ReadAll(one)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(data))

	// The saved body reads back as the whole report.
	rows, err := reporting.NewRows(strings.NewReader(string(data)))
	require.NoError(t, err)
	for rows.Next() {
	}
	require.NoError(t, rows.Err())
	assert.EqualValues(t, 250, rows.Count())
}

func TestDecodeAllWholeReport(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportRows(250))
	rows, err := svc.Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	type rec struct {
		Campaign    int64         `csv:"campaign_id"`
		Impressions int64         `csv:"impressions"`
		Spend       adama.Decimal `csv:"total_spend"`
	}
	n := 0
	for r, err := range reporting.DecodeAll[rec](rows) {
		require.NoError(t, err)
		assert.Positive(t, r.Impressions)
		n++
	}
	assert.Equal(t, 250, n)
}

// TestCutBetweenPages: the request of the second page loses its
// connection (every attempt): the rows end with an *adama.Error of code
// CodeTruncated that says how many rows were delivered, keeps the
// transport failure, and is never a clean end.
func TestCutBetweenPages(t *testing.T) {
	t.Run("stream", func(t *testing.T) {
		svc, srv := newService(t, adamatest.WithReportRows(250))
		rows, err := svc.Stream(context.Background(), baseQuery())
		require.NoError(t, err)
		srv.DropNext(reporting.PathPrefix, 10)
		n := 0
		for rows.Next() {
			n++
		}
		assert.Equal(t, 100, n)
		err = rows.Err()
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, reporting.CodeTruncated, ae.Code)
		assert.True(t, reporting.IsTruncated(err))
		assert.Contains(t, ae.Message, "after 100 rows")
		assert.Contains(t, ae.Message, "page_offset 1")
		assert.ErrorIs(t, err, adama.ErrTransport)
		assert.EqualValues(t, 100, rows.Count())
	})
	t.Run("download", func(t *testing.T) {
		svc, srv := newService(t, adamatest.WithReportRows(250))
		body, err := svc.Download(context.Background(), baseQuery(), nil)
		require.NoError(t, err)
		srv.DropNext(reporting.PathPrefix, 10)
		data, err := io.ReadAll(body)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.True(t, reporting.IsTruncated(err))
		assert.Contains(t, ae.Message, "after 100 rows")
		assert.Equal(t, 101, strings.Count(string(data), "\n"))
		assert.EqualValues(t, 100, body.Rows())
	})
	t.Run("server error on a later page", func(t *testing.T) {
		svc, srv := newService(t, adamatest.WithReportRows(250))
		rows, err := svc.Stream(context.Background(), baseQuery())
		require.NoError(t, err)
		srv.FailNext(reporting.PathPrefix, 10, http.StatusInternalServerError, "")
		for rows.Next() {
		}
		var ae *adama.Error
		require.ErrorAs(t, rows.Err(), &ae)
		assert.Equal(t, http.StatusInternalServerError, ae.StatusCode)
		assert.True(t, reporting.IsTruncated(rows.Err()))
		assert.ErrorIs(t, rows.Err(), adama.ErrServer)
		assert.Contains(t, ae.Message, "after 100 rows")
	})
	t.Run("cut inside the second page", func(t *testing.T) {
		svc, _ := newService(t, adamatest.WithReportRows(250), adamatest.WithReportCutAfter(150), adamatest.WithReportFlushRows(10))
		rows, err := svc.Stream(context.Background(), baseQuery())
		require.NoError(t, err)
		n := 0
		for rows.Next() {
			n++
		}
		assert.Equal(t, 150, n)
		var ae *adama.Error
		require.ErrorAs(t, rows.Err(), &ae)
		assert.True(t, reporting.IsTruncated(rows.Err()))
		assert.Contains(t, ae.Message, "after 150 rows")
	})
	t.Run("context cancelled between pages", func(t *testing.T) {
		svc, _ := newService(t, adamatest.WithReportRows(250))
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		rows, err := svc.Stream(ctx, baseQuery())
		require.NoError(t, err)
		n := 0
		for rows.Next() {
			if n++; n == 100 {
				cancel()
			}
		}
		assert.Equal(t, 100, n)
		assert.ErrorIs(t, rows.Err(), context.Canceled)
		assert.Contains(t, rows.Err().Error(), "after 100 rows")
	})
}

// pagedServer serves the testdata pages paged_p0.csv, paged_p1.csv,
// paged_p2.csv by page_offset (page_limit 3), with files[offset]
// replacing them where given, and Last-Modified lastMod(offset).
func pagedServer(t *testing.T, files map[int]string, lastMod func(int) string) (*reporting.Client, *[]string) {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Query().Get("page_limit")+"/"+r.URL.Query().Get("page_offset"))
		mu.Unlock()
		off, _ := strconv.Atoi(r.URL.Query().Get("page_offset"))
		name, ok := files[off]
		if !ok {
			name = fmt.Sprintf("paged_p%d.csv", off)
		}
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			data = []byte("start_date,end_date,campaign_id,campaign_name,impressions,clicks,total_spend\n")
		}
		w.Header().Set("Content-Type", "text/csv; charset=UTF-8")
		if lastMod != nil {
			w.Header().Set("Last-Modified", lastMod(off))
		}
		_, _ = w.Write(data)
	}))
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithHTTPClient(ts.Client()),
		adama.WithSessionCookie("s"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return reporting.New(c, reporting.WithPageSize(3)), &seen
}

func TestPagesFromTestdata(t *testing.T) {
	t.Run("three pages, the last short", func(t *testing.T) {
		svc, seen := pagedServer(t, nil, nil)
		header, got, err := streamAll(t, svc, baseQuery())
		require.NoError(t, err)
		assert.Len(t, got, 7)
		assert.Equal(t, "total_spend", header[6])
		assert.Equal(t, []string{"3/", "3/1", "3/2"}, *seen)
		body, err := svc.Download(context.Background(), baseQuery(), nil)
		require.NoError(t, err)
		data, err := io.ReadAll(body)
		require.NoError(t, err)
		var want strings.Builder
		for i := range 3 {
			b, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("paged_p%d.csv", i)))
			require.NoError(t, err)
			page := string(b)
			if i > 0 {
				_, page, _ = strings.Cut(page, "\n")
			}
			want.WriteString(page)
		}
		assert.Equal(t, want.String(), string(data))
	})
	t.Run("a page with another header", func(t *testing.T) {
		svc, _ := pagedServer(t, map[int]string{1: "paged_p1_other_header.csv"}, nil)
		_, got, err := streamAll(t, svc, baseQuery())
		assert.Len(t, got, 3)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, reporting.CodeMalformed, ae.Code)
		assert.Contains(t, ae.Message, "after 3 rows")

		body, err := svc.Download(context.Background(), baseQuery(), nil)
		require.NoError(t, err)
		data, err := io.ReadAll(body)
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, reporting.CodeMalformed, ae.Code)
		assert.NotContains(t, string(data), "media_cost")
	})
	t.Run("a page that ignores paging ends the report", func(t *testing.T) {
		svc, seen := pagedServer(t, map[int]string{0: "data_dates.csv"}, nil)
		q := baseQuery()
		_, got, err := streamAll(t, svc, q)
		require.NoError(t, err)
		assert.Len(t, got, 4, "data_dates.csv has 4 rows, more than the 3 asked for: nothing follows")
		assert.Len(t, *seen, 1)
	})
	t.Run("data changed between pages", func(t *testing.T) {
		svc, _ := pagedServer(t, nil, func(off int) string {
			if off < 2 {
				return "Thu, 15 Jan 2026 06:00:00 GMT"
			}
			return "Thu, 15 Jan 2026 07:00:00 GMT"
		})
		_, got, err := streamAll(t, svc, baseQuery())
		assert.Len(t, got, 6)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, reporting.CodeChanged, ae.Code)
		assert.Contains(t, ae.Message, "after 6 rows")
	})
	t.Run("a header-only later page", func(t *testing.T) {
		svc, _ := pagedServer(t, map[int]string{1: "no_such_page.csv"}, nil)
		_, got, err := streamAll(t, svc, baseQuery())
		// A missing file serves a header-only page: the report ends.
		require.NoError(t, err)
		assert.Len(t, got, 3)
	})
}

// TestPagedReportKeepsFeatures: a whole-report read keeps the conditional
// read (304 on every page's data), the version flag on every page and the
// 410 of a gone report.
func TestPagedReportKeepsFeatures(t *testing.T) {
	svc, srv := newService(t, adamatest.WithReportRows(250))
	rows, err := svc.Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	for rows.Next() {
	}
	require.NoError(t, rows.Err())
	lm := rows.LastModified()
	require.False(t, lm.IsZero())
	q := baseQuery()
	q.IfModifiedSince = lm
	_, err = svc.Stream(context.Background(), q)
	assert.ErrorIs(t, err, reporting.ErrNotModified)

	srv.ResetRequests()
	q = baseQuery()
	q.Report = reporting.ReportDeviceTechnology
	q.Version = 2
	q.Dimensions = []string{"browser"}
	_, got, err := streamAll(t, svc, q)
	require.NoError(t, err)
	assert.Len(t, got, 250)
	reqs := dataRequests(srv, reporting.ReportDeviceTechnology)
	require.Len(t, reqs, 3)
	for _, r := range reqs {
		assert.True(t, r.Query.Has("v2"), "every page carries the version flag: %v", r.Query)
	}

	gone, _ := newService(t, adamatest.WithReportGone("watermark"))
	q = baseQuery()
	q.Report = reporting.ReportWatermark
	_, err = gone.Stream(context.Background(), q)
	assert.True(t, errors.Is(err, reporting.ErrGone), "%v", err)
}

// TestServerThatDoesNotPage: a server that answers every page_offset with
// the first page would make a whole-report read loop for ever; a page that
// starts with the row the page before it started with ends the read with
// an *adama.Error instead, after the rows of the first page.
func TestServerThatDoesNotPage(t *testing.T) {
	same := map[int]string{}
	for off := range 50 {
		same[off] = "paged_p0.csv"
	}
	svc, seen := pagedServer(t, same, nil)
	_, got, err := streamAll(t, svc, baseQuery())
	assert.Len(t, got, 3)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, reporting.CodeMalformed, ae.Code)
	assert.Contains(t, ae.Message, "after 3 rows")
	assert.Len(t, *seen, 2)

	body, err := svc.Download(context.Background(), baseQuery(), nil)
	require.NoError(t, err)
	_, err = io.ReadAll(body)
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, reporting.CodeMalformed, ae.Code)
	assert.Len(t, *seen, 4)
}
