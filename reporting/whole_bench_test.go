package reporting_test

import (
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/reporting"
)

// wholeRows is the size of the whole-report benchmarks' report.
const wholeRows = 1_000_000

// streamWholeSDK reads every row of the report through Client.Stream,
// which pages through it, touching every value.
func streamWholeSDK(b *testing.B, svc *reporting.Client) {
	rows, err := svc.Stream(context.Background(), baseQuery())
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for rows.Next() {
		n += len(rows.Row().Values())
	}
	if rows.Err() != nil || rows.Count() != wholeRows {
		b.Fatal(rows.Err(), rows.Count())
	}
}

// streamWholeCSV is the plain way over the same bytes: the same page
// requests (page_limit, page_offset until a short page) sent with
// Client.Do, each body read with encoding/csv (ReuseRecord), its header
// row skipped after the first page.
func streamWholeCSV(b *testing.B, c *adama.Client, pageSize int) {
	rowsN := 0
	for page := 0; ; page++ {
		q := baseQuery().Values()
		q.Set("page_limit", strconv.Itoa(pageSize))
		if page > 0 {
			q.Set("page_offset", strconv.Itoa(page))
		}
		resp, err := c.Do(context.Background(), &adama.Request{Method: http.MethodGet, Path: reporting.PathPrefix + "/performance",
			Query: q, Accept: "text/csv", Stream: true})
		if err != nil {
			b.Fatal(err)
		}
		r := csv.NewReader(resp.Body)
		r.ReuseRecord = true
		inPage, n := -1, 0
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n += len(rec)
			inPage++
		}
		_ = resp.Body.Close()
		rowsN += inPage
		if inPage < pageSize {
			break
		}
	}
	if rowsN != wholeRows {
		b.Fatal(rowsN)
	}
}

// BenchmarkWholeReport1MPaired streams a 1,000,000-row report from the
// fake over real HTTP, which pages it as the platform does: the SDK's
// Stream (paging, guard, iterator) against the same page requests read
// with plain encoding/csv, both in every round, alternating which goes
// first, after one warm-up of each and two collections. It reports each
// side's median rows/s, the median of the per-round time ratios (x-base,
// SDK ÷ baseline, lower is better) and each side's peak heap (client and
// fake server in one process, the worst round).
func BenchmarkWholeReport1MPaired(b *testing.B) {
	for _, pageSize := range []int{reporting.DefaultPageSize, 10_000} {
		b.Run("page="+strconv.Itoa(pageSize), func(b *testing.B) {
			srv := adamatest.NewServer(adamatest.WithReportRows(wholeRows), adamatest.WithReportFlushRows(5000))
			defer srv.Close()
			c, err := srv.NewClient()
			if err != nil {
				b.Fatal(err)
			}
			svc := reporting.New(c, reporting.WithPageSize(pageSize))
			cand := func() { streamWholeSDK(b, svc); srv.ResetRequests() }
			base := func() { streamWholeCSV(b, c, pageSize); srv.ResetRequests() }
			cand()
			base()
			b.ReportAllocs()
			var ratios, cs, bs []float64
			var candPeak, basePeak float64
			timed := func(fn func(), peak *float64) float64 {
				var d time.Duration
				p := peakHeap(func() {
					t := time.Now()
					fn()
					d = time.Since(t)
				})
				*peak = max(*peak, p)
				return float64(d.Nanoseconds())
			}
			for b.Loop() {
				var ct, bt float64
				if len(ratios)%2 == 0 {
					ct, bt = timed(cand, &candPeak), timed(base, &basePeak)
				} else {
					bt, ct = timed(base, &basePeak), timed(cand, &candPeak)
				}
				ratios, cs, bs = append(ratios, ct/bt), append(cs, ct), append(bs, bt)
			}
			b.ReportMetric(benchpair.Median(ratios), "x-base")
			b.ReportMetric(wholeRows/benchpair.Median(cs)*1e9, "cand-rows/s")
			b.ReportMetric(wholeRows/benchpair.Median(bs)*1e9, "base-rows/s")
			b.ReportMetric(candPeak, "cand-peak-MiB")
			b.ReportMetric(basePeak, "base-peak-MiB")
		})
	}
}
