package reporting

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
)

// pathPrefix is the path prefix of reporting v1 on {base_url}.
const pathPrefix = "/reporting/v1/std"

// TimeWindow is a named time window (time_window). Windows of the form
// last_X_days and last_X_hours take any X (see LastDays, LastHours).
//
// Deprecated: reporting v1 is removed in July 2026.
type TimeWindow string

// Time windows named by the reference.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	TimeWindowYesterday      TimeWindow = "yesterday"
	TimeWindowLast7Days      TimeWindow = "last_7_days"
	TimeWindowLast14Days     TimeWindow = "last_14_days"
	TimeWindowLast30Days     TimeWindow = "last_30_days"
	TimeWindowMonthToDate    TimeWindow = "month_to_date"
	TimeWindowCampaignToDate TimeWindow = "campaign_to_date"
	TimeWindowFlightToDate   TimeWindow = "flight_to_date"
)

// LastDays returns the window last_N_days.
//
// Deprecated: reporting v1 is removed in July 2026.
func LastDays(n int) TimeWindow { return TimeWindow("last_" + strconv.Itoa(n) + "_days") }

// LastHours returns the window last_N_hours.
//
// Deprecated: reporting v1 is removed in July 2026.
func LastHours(n int) TimeWindow { return TimeWindow("last_" + strconv.Itoa(n) + "_hours") }

// IsSpecial reports whether w is a special window (campaign_to_date,
// flight_to_date): the result has an interval column, time_rollup must be
// all and order must not name the time field.
//
// Deprecated: reporting v1 is removed in July 2026.
func (w TimeWindow) IsSpecial() bool {
	return w == TimeWindowCampaignToDate || w == TimeWindowFlightToDate
}

// accessFields are the access dimension fields: every query needs a
// predicate testing one of them with "=".
var accessFields = []string{"organization_id", "agency_id", "advertiser_id", "campaign_id"}

// IsAccessField reports whether field is an access dimension field
// (organization_id, agency_id, advertiser_id or campaign_id): every query
// needs a predicate testing one of them with "=".
//
// Deprecated: reporting v1 is removed in July 2026.
func IsAccessField(field string) bool {
	for _, f := range accessFields {
		if f == field {
			return true
		}
	}
	return false
}

// Order is one ordering field; Desc sorts descending.
//
// Deprecated: reporting v1 is removed in July 2026.
type Order struct {
	Field string
	Desc  bool
}

// Asc orders by field ascending.
//
// Deprecated: reporting v1 is removed in July 2026.
func Asc(field string) Order { return Order{Field: field} }

// Desc orders by field descending.
//
// Deprecated: reporting v1 is removed in July 2026.
func Desc(field string) Order { return Order{Field: field, Desc: true} }

// String returns the wire form: the field, prefixed with "-" when
// descending.
//
// Deprecated: reporting v1 is removed in July 2026.
func (o Order) String() string {
	if o.Desc {
		return "-" + o.Field
	}
	return o.Field
}

// Query is one report request: the twelve query parameters of reporting
// v1 plus the report name, the version flag and If-Modified-Since. Zero
// fields are not sent. A Query is never modified by the calls that take
// it.
//
// Deprecated: reporting v1 is removed in July 2026.
type Query struct {
	// Report is the report to read (path segment).
	Report Report
	// Dimensions are the grouping fields, in order (dimensions).
	Dimensions []string
	// Metrics are the metric fields (metrics); empty means the report's
	// default metrics.
	Metrics []string
	// Filter holds AND-ed predicates on dimension fields, applied before
	// grouping (filter).
	Filter []Predicate
	// Having holds AND-ed predicates on dimension or metric fields, applied
	// after grouping (having). Dimension fields named here become grouping
	// fields.
	Having []Predicate
	// TimeWindow is a named window (time_window). Not with Start/End.
	TimeWindow TimeWindow
	// Start and End are an inclusive pair (start_date, end_date), written
	// with the wall clock of each value in its own location (the platform
	// reads them in the report's timezone). A value at midnight is sent as
	// a date (YYYY-MM-DD), which the platform reads as the whole day; any
	// other as YYYY-MM-DDThh:mi:ss, which it widens to the report's
	// time_aggregation unit (01:30 to 02:30 on a by_hour report covers
	// 01:00:00 to 02:59:59). End is optional (the server takes yesterday).
	Start, End time.Time
	// TimeOfDay sends Start and End as YYYY-MM-DDThh:mi:ss even at
	// midnight: on a by_hour report an End at 00:00 then means the first
	// hour of that day, not the whole day.
	TimeOfDay bool
	// TimeRollup groups rows in time (time_rollup).
	TimeRollup TimeRollup
	// Order sorts the groups (order), most significant first.
	Order []Order
	// PageLimit is the number of rows of the page to read (page_limit).
	// The platform pages report data, 100 rows by default. With PageLimit
	// and PageOffset both 0, Stream and Download read the whole report,
	// page after page (see WithPageSize); with either set, they read
	// exactly that page.
	PageLimit int
	// PageOffset is the page to read, counted in pages of PageLimit rows
	// (page_offset); it needs PageLimit. 0 is unset.
	PageOffset int
	// Precision is the number of decimals of float fields (precision,
	// 0 to 8); nil is unset, which the platform reads as 8.
	Precision *int
	// Version selects the report's version with the flag ?vN (?v1, ?v2;
	// see ReportInfo.Version and Transition); 0 sends no flag and gets the
	// server's default version. The flag goes out as vN= (an empty value:
	// the reference writes the bare ?vN, which the request layer cannot
	// send yet; adamatest accepts both forms).
	Version int
	// IfModifiedSince, when set, makes the call conditional
	// (If-Modified-Since): data unchanged since then is answered with 304,
	// an error matching ErrNotModified. Rows.LastModified and
	// Body.LastModified give the value to keep for the next call.
	IfModifiedSince time.Time
}

// paramVersion names Query.Version in validation errors; on the wire the
// version is the flag vN.
const paramVersion = "version"

// The query parameter names, case sensitive.
const (
	paramDimensions = "dimensions"
	paramMetrics    = "metrics"
	paramFilter     = "filter"
	paramHaving     = "having"
	paramTimeWindow = "time_window"
	paramStartDate  = "start_date"
	paramEndDate    = "end_date"
	paramTimeRollup = "time_rollup"
	paramOrder      = "order"
	paramPageLimit  = "page_limit"
	paramPageOffset = "page_offset"
	paramPrecision  = "precision"
)

func formatDate(t time.Time, timeOfDay bool) string {
	if !timeOfDay && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02T15:04:05")
}

// Values returns the query parameters of q (without validating it),
// with the version flag when Version is set.
//
// Deprecated: reporting v1 is removed in July 2026.
func (q *Query) Values() url.Values {
	v := url.Values{}
	if len(q.Dimensions) > 0 {
		v.Set(paramDimensions, strings.Join(q.Dimensions, ","))
	}
	if len(q.Metrics) > 0 {
		v.Set(paramMetrics, strings.Join(q.Metrics, ","))
	}
	if len(q.Filter) > 0 {
		v.Set(paramFilter, encodePredicates(q.Filter))
	}
	if len(q.Having) > 0 {
		v.Set(paramHaving, encodePredicates(q.Having))
	}
	if q.TimeWindow != "" {
		v.Set(paramTimeWindow, string(q.TimeWindow))
	}
	if !q.Start.IsZero() {
		v.Set(paramStartDate, formatDate(q.Start, q.TimeOfDay))
	}
	if !q.End.IsZero() {
		v.Set(paramEndDate, formatDate(q.End, q.TimeOfDay))
	}
	if q.TimeRollup != "" {
		v.Set(paramTimeRollup, string(q.TimeRollup))
	}
	if len(q.Order) > 0 {
		parts := make([]string, len(q.Order))
		for i, o := range q.Order {
			parts[i] = o.String()
		}
		v.Set(paramOrder, strings.Join(parts, ","))
	}
	if q.PageLimit != 0 {
		v.Set(paramPageLimit, strconv.Itoa(q.PageLimit))
	}
	if q.PageOffset != 0 {
		v.Set(paramPageOffset, strconv.Itoa(q.PageOffset))
	}
	if q.Precision != nil {
		v.Set(paramPrecision, strconv.Itoa(*q.Precision))
	}
	for k, vs := range versionValues(q.Version) {
		v[k] = vs
	}
	return v
}

// String returns the encoded query string (parameters sorted by name).
//
// Deprecated: reporting v1 is removed in July 2026.
func (q *Query) String() string { return q.Values().Encode() }

// GroupingFields returns the fields rows are grouped by: the dimensions in
// order, then the fields of Having that are not listed in Metrics (a
// dimension named in having becomes a grouping field).
//
// Deprecated: reporting v1 is removed in July 2026.
func (q *Query) GroupingFields() []string {
	out := append([]string(nil), q.Dimensions...)
	for _, p := range q.Having {
		if !contains(q.Metrics, p.Field) && !contains(out, p.Field) {
			out = append(out, p.Field)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func formatValue(v any) string {
	switch x := v.(type) {
	case time.Time:
		return x.Format("2006-01-02T15:04:05")
	case adama.Time:
		return x.Time.Format("2006-01-02T15:04:05")
	case bool:
		return strconv.FormatBool(x)
	}
	if s, ok := form.Scalar(v); ok {
		return s
	}
	if st, ok := v.(fmt.Stringer); ok {
		return st.String()
	}
	return fmt.Sprint(v)
}
