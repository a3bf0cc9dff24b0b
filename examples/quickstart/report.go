package main

import (
	"context"
	"fmt"
	"io"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/reporting"
)

// reportStep streams a small performance report (group C, deprecated but
// still served) and prints its first rows.
func reportStep(ctx context.Context, w io.Writer, c *adama.Client, orgID int64) error {
	rc := reporting.New(c) //nolint:staticcheck // group C is deprecated; still served
	rows, err := rc.Stream(ctx, &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"campaign_id"},
		Metrics:    []string{"impressions", "total_spend"},
		Filter:     []reporting.Predicate{reporting.Eq("organization_id", orgID)},
		TimeWindow: reporting.TimeWindowLast7Days,
		TimeRollup: reporting.TimeRollupByDay,
	})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	defer rows.Close()
	fmt.Fprintf(w, "report:   performance, last 7 days by day, columns %v\n", rows.Header())
	shown := 0
	for rows.Next() {
		r := rows.Row()
		if shown < 3 {
			imps, _ := r.Int("impressions")
			spend, _ := r.Decimal("total_spend")
			day := r.String("start_date")
			if len(day) > 10 {
				day = day[:10]
			}
			fmt.Fprintf(w, "          %s campaign %s: %d impressions, %s spent\n", day, r.String("campaign_id"), imps, spend)
			shown++
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(w, "          %d rows streamed\n", rows.Count())
	return nil
}
