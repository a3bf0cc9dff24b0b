package reporting_test

import (
	"context"
	"fmt"

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
		TimeWindow: reporting.Yesterday,
		TimeRollup: reporting.ByDay,
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
	// 2026-01-14 1002 8919 22.29
}
