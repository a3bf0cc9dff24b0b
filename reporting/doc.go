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
//		TimeWindow: reporting.TimeWindowLast7Days,
//		TimeRollup: reporting.TimeRollupByDay,
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
// The platform pages report data (page_limit rows per answer, 100 by
// default; page_offset counts pages). Stream and Download read a query
// without PageLimit and PageOffset whole: page after page, as the caller
// reads, with one header row and every data row, in constant memory (see
// WithPageSize); a query with either set reads exactly that page.
//
// A report that fails before, or in the middle of, its CSV body (an XML
// status document, a JSON error, a connection cut, a line longer than
// WithMaxLineBytes, a failed request for a later page) reaches the caller
// as an *adama.Error, never as a short result that looks complete.
//
// The platform's own rules, beyond the summary spec:
//
//   - Access fields come from each report's metadata: a query testing none
//     of the default ones (organization_id, agency_id, advertiser_id,
//     campaign_id) is checked against the fields the report's metadata
//     marks, read once per report and version and cached by the Client
//     (or given up front with WithMeta). A strategy_id-only query is valid
//     on performance.
//   - Query.Version sends the ?vN version flag (device_technology has v1
//     and v2); Client.MetaVersion reads a version's metadata.
//   - Query.IfModifiedSince makes a read conditional: unchanged data is an
//     *adama.Error with status 304 matching ErrNotModified. Rows and Body
//     give the Last-Modified to keep.
//   - A report past its deprecation date answers 410 on every endpoint: an
//     *adama.Error matching ErrGone and adama.ErrNotFound.
//   - Start and End may carry a time of day (YYYY-MM-DDThh:mi:ss), which
//     the platform widens to the report's time_aggregation unit;
//     Query.TimeOfDay keeps a midnight End as an hour.
//
// Deprecated: reporting v1 is deprecated by the platform and its removal is
// announced for July 2026. It keeps working for the deployments that still
// serve it; plan the move to the platform's successor reporting interface.
package reporting

//go:generate go run ../internal/cmd/apigen -group reporting
