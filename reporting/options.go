package reporting

// newConfig is the config of opts, for NewRows (New reads its options
// itself; client_gen.go).
func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithMaxLineBytes bounds one line or record of a report (newlines inside
// quoted fields do not end a record) to n bytes, newline included. A
// longer one ends the rows, or makes Body.Read fail, with an *adama.Error
// of code CodeLineTooLong.
//
// For Rows (Client.Stream, NewRows) zero keeps DefaultMaxLineBytes and a
// negative n removes the bound. Body (Client.Download) keeps no line in
// memory, so it is unbounded unless n is positive.
//
// Deprecated: reporting v1 is removed in July 2026.
func WithMaxLineBytes(n int) Option { return func(c *config) { c.maxLine = n } }

// WithMeta gives the service reports' metadata up front (read earlier with
// Client.Meta or from a file), so that the access-field rule of a query
// is checked against it without a metadata request (and also for queries
// that test a default access field the report does not take). A Meta is
// matched by its Report and Version, a query without Version takes the
// first Meta given for its report; nil entries are skipped.
//
// Deprecated: reporting v1 is removed in July 2026.
func WithMeta(m ...*Meta) Option { return func(c *config) { c.metas = append(c.metas, m...) } }

// DefaultPageSize is the page_limit with which Stream and Download read a
// whole report: the platform's own default page of 100 rows.
//
// Deprecated: reporting v1 is removed in July 2026.
const DefaultPageSize = 100

// WithPageSize sets how many rows Stream and Download ask for per page
// (page_limit) when they read a whole report (a Query without PageLimit
// and PageOffset); n < 1 keeps DefaultPageSize. A larger page means fewer
// requests. The reference gives no maximum: choose a size the platform
// serves in full, since a page shorter than asked for ends the report.
//
// Deprecated: reporting v1 is removed in July 2026.
func WithPageSize(n int) Option { return func(c *config) { c.pageSize = n } }

func (c config) pageLimit() int {
	if c.pageSize < 1 {
		return DefaultPageSize
	}
	return c.pageSize
}
