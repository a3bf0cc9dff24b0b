// Package reporting is the client for group C of the platform: reporting
// v1, path prefix /reporting/v1/std. It builds typed report queries,
// validates them before sending, streams the CSV result in constant memory
// (row iterator with typed accessors, struct decoding by `csv` tags, or the
// raw body with a progress callback), validates queries on the server and
// reads the report list and per-report metadata.
//
//	rc := reporting.New(client)
//	rows, err := rc.Stream(ctx, &reporting.Query{
//		Report:     reporting.ReportPerformance,
//		Dimensions: []string{"campaign_id", "campaign_name"},
//		Metrics:    []string{"impressions", "clicks", "total_spend"},
//		Filter:     []reporting.Predicate{reporting.Eq("organization_id", 100001)},
//		TimeWindow: reporting.Last7Days,
//		TimeRollup: reporting.ByDay,
//	})
//	if err != nil { ... }
//	defer rows.Close()
//	for rows.Next() {
//		row := rows.Row()
//		clicks, _ := row.Int("clicks")
//		...
//	}
//	if err := rows.Err(); err != nil { ... }
//
// A report that fails before, or in the middle of, its CSV body (an XML
// status document, a JSON error, a connection cut) reaches the caller as an
// *adama.Error, never as a short result that looks complete.
//
// Deprecated: reporting v1 is deprecated by the platform and its removal is
// announced for July 2026. It keeps working for the deployments that still
// serve it; plan the move to the platform's successor reporting interface.
package reporting

//go:generate go run ../internal/cmd/enumgen
