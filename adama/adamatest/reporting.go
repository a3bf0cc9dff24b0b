package adamatest

import (
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/reportfake"
)

// registerReporting plugs in group C (reporting v1): GET
// /reporting/v1/std/meta, /{report}/meta, /{report}/validate and
// /{report} (chunked CSV), behind session authentication. The fake answers
// in the platform's forms: per-report access fields in the metadata, the
// ?v1/?v2 version flag, If-Modified-Since with 304, 410 for a gone report.
func registerReporting(r fake.Registrar) { reportfake.Register(r, serverOf(r).reportCfg) }

// WithReportRows makes every report generate exactly n candidate rows
// (before filter, having and paging), for benchmarks and large streams.
// By default a report has three rows per time bucket.
func WithReportRows(n int) Option { return func(s *Server) { s.reportCfg.Rows = n } }

// WithReportGroups sets how many rows each time bucket has (default 3).
func WithReportGroups(n int) Option { return func(s *Server) { s.reportCfg.Groups = n } }

// WithReportCutAfter makes report streams break after n data rows: the
// connection closes without the chunked terminator.
func WithReportCutAfter(n int) Option { return func(s *Server) { s.reportCfg.CutAfter = n } }

// WithReportErrorAfter makes report streams carry an XML error document
// after n data rows.
func WithReportErrorAfter(n int) Option { return func(s *Server) { s.reportCfg.ErrorAfter = n } }

// WithReportXMLError200 makes report data calls answer 200 with an XML
// error document (code bad_request, reason incorrect_predicates) instead
// of CSV.
func WithReportXMLError200() Option { return func(s *Server) { s.reportCfg.XMLWith200 = true } }

// WithReportReversedColumns makes reports write their non-time columns in
// reverse request order (the header, not the request, gives the order).
func WithReportReversedColumns() Option { return func(s *Server) { s.reportCfg.ReverseColumns = true } }

// WithReportFlushRows sets how many rows the fake writes between flushes
// of the chunked body (default 1000).
func WithReportFlushRows(n int) Option { return func(s *Server) { s.reportCfg.FlushRows = n } }

// WithReportToday sets the fake's current day, which time windows are
// relative to (default 2026-01-15).
func WithReportToday(t time.Time) Option { return func(s *Server) { s.reportCfg.Today = t } }

// WithReportLastModified sets when the reports' data last changed: the
// Last-Modified of data answers, and the time a request's
// If-Modified-Since is compared with (304 when not after it). By default
// it is the fake's current day at 06:00 UTC.
func WithReportLastModified(t time.Time) Option {
	return func(s *Server) { s.reportCfg.LastModified = t }
}

// WithReportGone makes reports past their deprecation date: they leave
// the report list and every endpoint of theirs answers 410 Gone.
func WithReportGone(reports ...string) Option {
	return func(s *Server) { s.reportCfg.Gone = append(s.reportCfg.Gone, reports...) }
}
