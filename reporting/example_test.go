package reporting_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

func Example() {
	srv := adamatest.NewServer(adamatest.WithReportGroups(2))
	defer srv.Close()
	client, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	rc := reporting.New(client)

	rows, err := rc.Stream(context.Background(), &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"campaign_id"},
		Metrics:    []string{"impressions", "total_spend"},
		Filter:     []reporting.Predicate{reporting.Eq("campaign_id", 1001, 1002)},
		TimeWindow: reporting.TimeWindowYesterday,
		TimeRollup: reporting.TimeRollupByDay,
	})
	if err != nil {
		panic(err)
	}
	defer rows.Close()
	fmt.Println(rows.Shape(), rows.Header())
	for rows.Next() {
		r := rows.Row()
		imps, _ := r.Int("impressions")
		spend, _ := r.Money("total_spend")
		fmt.Println(r.String("start_date"), r.String("campaign_id"), imps, spend)
	}
	if err := rows.Err(); err != nil {
		panic(err)
	}
	// Output:
	// dates [start_date end_date campaign_id impressions total_spend]
	// 2026-01-14 1001 1000 2.5
	// 2026-01-14 1002 8919 22.2975
}

// A report is read again only when its data changed: keep the
// Last-Modified of a read and pass it as IfModifiedSince; an unchanged
// report answers 304, an error matching ErrNotModified. The query filters
// on strategy_id alone, an access field of the performance report as its
// metadata says (read once by the service, then cached).
func ExampleClient_Stream_conditional() {
	srv := adamatest.NewServer(adamatest.WithReportGroups(1))
	defer srv.Close()
	client, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	rc := reporting.New(client, reporting.WithMaxLineBytes(64<<10))
	q := &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"strategy_id"},
		Metrics:    []string{"impressions"},
		Filter:     []reporting.Predicate{reporting.Eq("strategy_id", 98765)},
		TimeWindow: reporting.TimeWindowYesterday,
		TimeRollup: reporting.TimeRollupByDay,
	}
	rows, err := rc.Stream(context.Background(), q)
	if err != nil {
		panic(err)
	}
	for rows.Next() {
		fmt.Println(rows.Row().String("strategy_id"), rows.Row().String("impressions"))
	}
	if err := rows.Err(); err != nil {
		panic(err)
	}
	fmt.Println("last modified", rows.LastModified().UTC().Format(time.RFC3339))

	again := *q
	again.IfModifiedSince = rows.LastModified()
	_, err = rc.Stream(context.Background(), &again)
	fmt.Println("unchanged:", errors.Is(err, reporting.ErrNotModified))
	// Output:
	// 98765 1000
	// last modified 2026-01-15T06:00:00Z
	// unchanged: true
}

// A report past its deprecation date answers 410 on every endpoint; the
// error matches ErrGone, and adama.ErrNotFound as well.
func ExampleErrGone() {
	srv := adamatest.NewServer(adamatest.WithReportGone("watermark"))
	defer srv.Close()
	client, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	_, err = reporting.New(client).Meta(context.Background(), reporting.ReportWatermark)
	fmt.Println(errors.Is(err, reporting.ErrGone), errors.Is(err, adama.ErrNotFound))
	fmt.Println(err)
	// Output:
	// true true
	// adama: GET /reporting/v1/std/watermark/meta: 410 gone (deprecated): Report Gone
}

// In a loop over many rows, locate each column once with Rows.Index and
// read it by position: the positional accessors parse as the by-name ones
// do, name the column in their errors, and skip the lookup by name on
// every row. A missing column (Index gives -1) is an error, not a panic.
func ExampleRow_IntAt() {
	srv := adamatest.NewServer(adamatest.WithReportGroups(2))
	defer srv.Close()
	client, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	rows, err := reporting.New(client).Stream(context.Background(), &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"campaign_id"},
		Metrics:    []string{"impressions", "total_spend"},
		Filter:     []reporting.Predicate{reporting.Eq("campaign_id", 1001, 1002)},
		TimeWindow: reporting.TimeWindowYesterday,
		TimeRollup: reporting.TimeRollupByDay,
	})
	if err != nil {
		panic(err)
	}
	defer rows.Close()
	campaign, imps, spend := rows.Index("campaign_id"), rows.Index("impressions"), rows.Index("total_spend")
	clicks := rows.Index("clicks")
	var total int64
	for rows.Next() {
		r := rows.Row()
		n, err := r.IntAt(imps)
		if err != nil {
			panic(err)
		}
		total += n
		s, err := r.MoneyAt(spend)
		if err != nil {
			panic(err)
		}
		_, err = r.IntAt(clicks)
		fmt.Println(r.At(campaign), n, s, err)
	}
	if err := rows.Err(); err != nil {
		panic(err)
	}
	fmt.Println("impressions:", total)
	// Output:
	// 1001 1000 2.5 reporting: the result has no column at index -1
	// 1002 8919 22.2975 reporting: the result has no column at index -1
	// impressions: 9919
}
