// Package reportfake is the fake of group C (reporting v1) served by
// adama/adamatest: the report list and per-report metadata, report data as
// chunked CSV with deterministic synthetic rows honouring dimensions,
// metrics, filter, having, time window or dates, rollup and paging (as the
// platform: page_limit rows, 100 by default, from page page_offset), the
// validate endpoint, the XML errors, and faults (a cut in the middle of a
// stream, an error document after some rows, an XML error with a 200).
//
// It answers as the platform does where the reference says more than the
// spec: each report's metadata marks its own access fields (performance
// and app_transparency take strategy_id, deals only organization_id) and
// the data calls enforce them; the ?v1/?v2 flag selects a report version
// (device_technology has both, v2 by default, and answers a v1 data query
// with 304); If-Modified-Since is answered with 304 when the data did not
// change since then, and 200 carries Last-Modified; a report past its
// deprecation date answers 410 on every endpoint and leaves the list;
// start_date and end_date with a time of day are widened to the report's
// time_aggregation unit.
package reportfake

//go:generate go run ../../cmd/apigen -group reporting -fake reportfake

import (
	"bufio"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Prefix is the path prefix of reporting v1.
const Prefix = "/reporting/v1/std"

// DefaultPrecision is the number of decimals of float columns (money,
// percent) without precision, as the reference gives it; precision takes
// 0 to 8.
const DefaultPrecision = 8

// DefaultPageLimit is the number of rows of a data answer without
// page_limit, as the reference gives it: the platform pages report data.
const DefaultPageLimit = 100

// Config shapes the fake's reports; the zero value is the default.
type Config struct {
	// Rows, when positive, generates exactly this many candidate rows.
	Rows int
	// Groups is the rows per time bucket when Rows is unset (default 3).
	Groups int
	// CutAfter, when positive, closes the connection after this many rows
	// of the report (counted across pages: the page holding that row is
	// cut), without the chunked terminator.
	CutAfter int
	// ErrorAfter, when positive, writes an XML error document after this
	// many rows of the report (counted across pages) and ends the
	// response.
	ErrorAfter int
	// XMLWith200 answers report data with a 200 carrying an XML error
	// document.
	XMLWith200 bool
	// ReverseColumns writes the non-time columns in reverse request order.
	ReverseColumns bool
	// FlushRows flushes every this many rows (default 1000).
	FlushRows int
	// Today is the server's current day (default 2026-01-15).
	Today time.Time
	// LastModified is when the data last changed (default Today at
	// 06:00 UTC): the Last-Modified of data answers and what
	// If-Modified-Since is compared with.
	LastModified time.Time
	// Gone lists reports past their deprecation date: absent from the
	// list, 410 Gone on every endpoint.
	Gone []string
}

// Register plugs the group C handlers into r, behind session auth.
func Register(r fake.Registrar, cfg Config) {
	h := &handler{cfg: cfg}
	registerErrors(r)
	routes(h).Serve(r, Prefix, fake.Session)
}

type handler struct{ cfg Config }

// or returns v when positive, def otherwise.
func or(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// Field is a field description as the metadata shows it.
type Field struct {
	Name   string   `json:"name"`
	Type   string   `json:"type"`
	Access bool     `json:"access,omitempty"`
	Values []string `json:"values,omitempty"`
}

// Reports lists the reports the fake serves.
var Reports = []string{"app_transparency", "audience_index", "audience_index_pixel", "brain_feature_summary",
	"brain_feature_value", "by_hour", "contextual_insights", "data_pixel_loads", "day_part", "deals",
	"device_technology", "event_pixel_loads", "geo", "hyperlocal", "performance", "reach_frequency",
	"site_transparency", "video", "watermark", "win_loss", "win_loss_creative"}

// IntervalReports have an interval-typed time field.
var IntervalReports = map[string]bool{"audience_index": true, "audience_index_pixel": true, "reach_frequency": true}

// Dimensions are the dimension fields of every fake report.
var Dimensions = map[string]Field{
	"organization_id":        {Name: "Organization ID", Type: "id", Access: true},
	"organization_name":      {Name: "Organization Name", Type: "string"},
	"agency_id":              {Name: "Agency ID", Type: "id", Access: true},
	"agency_name":            {Name: "Agency Name", Type: "string"},
	"advertiser_id":          {Name: "Advertiser ID", Type: "id", Access: true},
	"advertiser_name":        {Name: "Advertiser Name", Type: "string"},
	"campaign_id":            {Name: "Campaign ID", Type: "id", Access: true},
	"campaign_name":          {Name: "Campaign Name", Type: "string"},
	"campaign_currency_code": {Name: "Campaign Currency Code", Type: "string"},
	"strategy_id":            {Name: "Strategy ID", Type: "id"},
	"strategy_name":          {Name: "Strategy Name", Type: "string"},
	"strategy_goal_type":     {Name: "Strategy Goal Type", Type: "string", Values: []string{"cpa", "cpc", "ctr", "reach", "roi", "spend", "vcpm"}},
	"exchange_name":          {Name: "Exchange Name", Type: "string"},
	"creative_id":            {Name: "Creative ID", Type: "id"},
	"creative_name":          {Name: "Creative Name", Type: "string"},
}

// Metrics are the metric fields of every fake report.
var Metrics = map[string]Field{
	"impressions":       {Name: "Impressions", Type: "count"},
	"clicks":            {Name: "Clicks", Type: "count"},
	"total_conversions": {Name: "Total Conversions", Type: "count"},
	"total_spend":       {Name: "Total Spend", Type: "money"},
	"media_cost":        {Name: "Media Cost", Type: "money"},
	"ctr":               {Name: "CTR", Type: "percent"},
	"cpc":               {Name: "CPC", Type: "money"},
}

var defaultMetrics = []string{"impressions", "clicks", "total_spend"}

// Versions are the versions of the reports that have more than one, and
// the default (the last); every other report has version 1 only.
var Versions = map[string][]int{"device_technology": {1, 2}}

// versionsOf returns the versions of report r, the default last.
func versionsOf(r string) []int {
	if v, ok := Versions[r]; ok {
		return v
	}
	return []int{1}
}

// DimensionsOf returns the dimension fields of version v of report r, with
// the access fields its metadata marks.
func DimensionsOf(r string, v int) map[string]Field {
	d := make(map[string]Field, len(Dimensions)+4)
	for k, f := range Dimensions {
		d[k] = f
	}
	switch r {
	case "performance", "app_transparency":
		f := d["strategy_id"]
		f.Access = true
		d["strategy_id"] = f
	case "deals":
		for _, k := range []string{"agency_id", "advertiser_id", "campaign_id"} {
			f := d[k]
			f.Access = false
			d[k] = f
		}
		d["deal_id"] = Field{Name: "Deal ID", Type: "id"}
		d["deal_name"] = Field{Name: "Deal Name", Type: "string"}
	case "device_technology":
		if v == 1 {
			d["browser_name"] = Field{Name: "Browser Name", Type: "string"}
			d["os_name"] = Field{Name: "OS Name", Type: "string"}
		} else {
			d["browser"] = Field{Name: "Browser", Type: "string"}
			d["operating_system"] = Field{Name: "Operating System", Type: "string"}
			d["device_type"] = Field{Name: "Device Type", Type: "string"}
		}
	}
	return d
}

func accessOf(dims map[string]Field) []string {
	var out []string
	for k, f := range dims {
		if f.Access {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func title(r string) string {
	parts := strings.Split(r, "_")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, " ") + " Report"
}

func brief(base, r string, v int) map[string]any {
	m := map[string]any{"Name": title(r), "Version": v, "Description": "Synthetic " + strings.ReplaceAll(r, "_", " ") + " report.",
		"URI_Data": base + Prefix + "/" + r, "URI_Meta": base + Prefix + "/" + r + "/meta"}
	if vs := versionsOf(r); v < vs[len(vs)-1] {
		m["Transition"] = map[string]any{"replaced_by": base + Prefix + "/" + r + "/meta?v" + strconv.Itoa(v+1),
			"transition_date": "2017-11-01T00:00:00", "next_version": v + 1}
	}
	return m
}

// version reads the ?vN flag of req: the version asked for, the report's
// default when there is none, and false for a malformed or unknown one.
func version(req *http.Request, r string) (int, bool) {
	vs := versionsOf(r)
	v := vs[len(vs)-1]
	seen := false
	for k := range req.URL.Query() {
		if len(k) < 2 || k[0] != 'v' {
			continue
		}
		n, err := strconv.Atoi(k[1:])
		if err != nil || seen || !slices.Contains(vs, n) {
			return 0, false
		}
		v, seen = n, true
	}
	return v, true
}

func (h *handler) gone(r string) bool { return slices.Contains(h.cfg.Gone, r) }

func writeGone(w http.ResponseWriter) {
	writeStatus(w, http.StatusGone, "gone", "deprecated", "Report Gone")
}

func badVersion(w http.ResponseWriter, req *http.Request) {
	writeStatus(w, http.StatusBadRequest, "bad_request", "invalid_version", "unknown report version in "+req.URL.RawQuery)
}

func baseURL(req *http.Request) string { return "http://" + req.Host }

func (h *handler) listReports(w http.ResponseWriter, req *http.Request) {
	reports := map[string]any{}
	for _, r := range Reports {
		if !h.gone(r) {
			vs := versionsOf(r)
			reports[r] = brief(baseURL(req), r, vs[len(vs)-1])
		}
	}
	writeJSON(w, map[string]any{"reports": reports})
}

// MetaOf returns the full description of the default version of report r,
// or nil when unknown.
func MetaOf(base, r string) map[string]any {
	vs := versionsOf(r)
	return MetaVersion(base, r, vs[len(vs)-1])
}

// MetaVersion returns the full description of version v of report r, or
// nil when unknown.
func MetaVersion(base, r string, v int) map[string]any {
	if !slices.Contains(Reports, r) || !slices.Contains(versionsOf(r), v) {
		return nil
	}
	dims := DimensionsOf(r, v)
	m := brief(base, r, v)
	m["Type"] = "Standard"
	m["currency"] = "campaign currency"
	m["timezone"] = "campaign timezone"
	m["data_retention"] = "last_90_days"
	m["default_metrics"] = defaultMetrics
	if IntervalReports[r] {
		m["time_aggregation"] = "various"
		m["time_rollups"] = []string{"all"}
		m["time_windows"] = []string{"yesterday", "last_7_days", "last_14_days", "last_30_days", "campaign_to_date"}
		m["structure"] = map[string]any{"time_field": map[string]Field{"interval": {Name: "Interval", Type: "interval"}}, "dimensions": dims, "metrics": Metrics}
	} else {
		rollups := []string{"by_day", "by_week", "by_month", "all"}
		windows := []string{"yesterday", "last_X_days", "month_to_date", "campaign_to_date", "flight_to_date"}
		agg := "by_day"
		if r == "by_hour" {
			rollups = append([]string{"by_hour"}, rollups...)
			windows = append(windows, "last_X_hours")
			agg = "by_hour"
		}
		m["time_aggregation"] = agg
		m["time_rollups"] = rollups
		m["time_windows"] = windows
		m["structure"] = map[string]any{"time_field": map[string]Field{"date": {Name: "Date", Type: "datetime"}}, "dimensions": dims, "metrics": Metrics}
	}
	return m
}

func (h *handler) getReportMeta(w http.ResponseWriter, req *http.Request) {
	r := req.PathValue("report")
	if h.gone(r) {
		writeGone(w)
		return
	}
	v, ok := version(req, r)
	if !ok && slices.Contains(Reports, r) {
		badVersion(w, req)
		return
	}
	m := MetaVersion(baseURL(req), r, v)
	if m == nil {
		writeStatus(w, http.StatusNotFound, "not_found", "", "Report Not Found")
		return
	}
	writeJSON(w, m)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	_ = json.NewEncoder(w).Encode(v)
}

// badRequest is a parameter error: status, code, reason, text.
type badRequest struct {
	status       int
	code, reason string
	text         string
}

func bad(reason, format string, args ...any) *badRequest {
	return &badRequest{status: http.StatusBadRequest, code: "bad_request", reason: reason, text: fmt.Sprintf(format, args...)}
}

// plan is a parsed, checked request.
type plan struct {
	report         string
	version        int
	dimFields      map[string]Field
	interval       bool
	dims, metrics  []string
	filter, having []Predicate
	columns        []string // non-time columns
	buckets        []bucket
	limit, offset  int
	precision      int
	intervalValue  string
	intervalShape  bool
	hourly         bool
}

type bucket struct{ start, end string }

func (h *handler) today() time.Time {
	if t := h.cfg.Today; !t.IsZero() {
		return t.UTC().Truncate(24 * time.Hour)
	}
	return time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)
}

func isMetric(f string) bool        { _, ok := Metrics[f]; return ok }
func (p *plan) isDim(f string) bool { _, ok := p.dimFields[f]; return ok }

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func (h *handler) parse(req *http.Request) (*plan, *badRequest) {
	p := &plan{report: req.PathValue("report"), precision: DefaultPrecision}
	if !slices.Contains(Reports, p.report) {
		return nil, &badRequest{status: http.StatusNotFound, code: "not_found", text: "Report Not Found"}
	}
	if h.gone(p.report) {
		return nil, &badRequest{status: http.StatusGone, code: "gone", reason: "deprecated", text: "Report Gone"}
	}
	var ok bool
	if p.version, ok = version(req, p.report); !ok {
		return nil, bad("invalid_version", "unknown report version")
	}
	p.dimFields = DimensionsOf(p.report, p.version)
	p.interval = IntervalReports[p.report]
	q := req.URL.Query()
	for k := range q {
		switch k {
		case "dimensions", "metrics", "filter", "having", "time_window", "start_date", "end_date", "time_rollup",
			"order", "page_limit", "page_offset", "precision":
		default:
			if len(k) > 1 && k[0] == 'v' {
				continue // the version flag, read above
			}
			return nil, bad("unknown_parameter", "unknown parameter %s", k)
		}
	}
	p.dims = splitList(q.Get("dimensions"))
	if len(p.dims) == 0 {
		return nil, bad("missing_dimensions", "dimensions is required")
	}
	for _, d := range p.dims {
		if isMetric(d) {
			return nil, bad("invalid_dimensions", "metric field %s cannot be grouped", d)
		}
		if !p.isDim(d) {
			return nil, bad("unknown_field", "unknown field %s", d)
		}
	}
	p.metrics = splitList(q.Get("metrics"))
	if len(p.metrics) == 0 {
		p.metrics = defaultMetrics
	}
	for _, m := range p.metrics {
		if !isMetric(m) {
			return nil, bad("unknown_field", "unknown metric %s", m)
		}
	}
	var err error
	if f := q.Get("filter"); f != "" {
		if p.filter, err = ParsePredicates(f); err != nil {
			return nil, bad("incorrect_predicates", "filter: %v", err)
		}
	}
	if f := q.Get("having"); f != "" {
		if p.having, err = ParsePredicates(f); err != nil {
			return nil, bad("incorrect_predicates", "having: %v", err)
		}
	}
	if len(p.filter) == 0 && len(p.having) == 0 {
		return nil, bad("missing_filter", "one of filter or having is required")
	}
	access := false
	for i, set := range [][]Predicate{p.filter, p.having} {
		for _, pr := range set {
			fd, ok := p.dimFields[pr.Field]
			if !ok {
				fd, ok = Metrics[pr.Field]
				if ok && i == 0 {
					return nil, bad("incorrect_predicates", "filter cannot test metric field %s", pr.Field)
				}
			}
			if !ok {
				return nil, bad("incorrect_predicates", "unknown field %s", pr.Field)
			}
			numeric := isMetric(pr.Field)
			switch pr.Op {
			case ">", "<", ">=", "<=":
				if !numeric {
					return nil, bad("incorrect_predicates", "operator %s needs a numeric field, %s is %s", pr.Op, pr.Field, fd.Type)
				}
			case "~", "=~", "=:", "!~", "!:":
				if fd.Type != "string" {
					return nil, bad("incorrect_predicates", "operator %s needs a string field, %s is %s", pr.Op, pr.Field, fd.Type)
				}
			}
			if pr.Op == "=" && fd.Access {
				access = true
			}
		}
	}
	if !access {
		return nil, bad("incorrect_predicates", "a predicate must test an access field (%s) with =", strings.Join(accessOf(p.dimFields), ", "))
	}
	if br := h.parseTime(p, q.Get("time_window"), q.Get("start_date"), q.Get("end_date"), q.Get("time_rollup")); br != nil {
		return nil, br
	}
	// Columns: dimensions, metrics, having fields, order fields.
	seen := map[string]bool{}
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			p.columns = append(p.columns, f)
		}
	}
	for _, d := range p.dims {
		add(d)
	}
	for _, m := range p.metrics {
		add(m)
	}
	for _, pr := range p.having {
		add(pr.Field)
	}
	for _, o := range splitList(q.Get("order")) {
		f := strings.TrimPrefix(o, "-")
		if f == "start_date" || f == "end_date" || f == "date" {
			if p.intervalShape {
				return nil, bad("invalid_order", "cannot order by the time field with an interval result")
			}
			continue
		}
		if !p.isDim(f) && !isMetric(f) {
			return nil, bad("unknown_field", "unknown order field %s", f)
		}
		add(f)
	}
	for _, pv := range []struct {
		name string
		dst  *int
		min  int
	}{{"page_limit", &p.limit, 1}, {"page_offset", &p.offset, 0}, {"precision", &p.precision, 0}} {
		if s := q.Get(pv.name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < pv.min || (pv.name == "precision" && n > 8) {
				return nil, bad("invalid_"+pv.name, "%s: invalid value %q", pv.name, s)
			}
			*pv.dst = n
		}
	}
	if p.offset > 0 && p.limit == 0 {
		return nil, bad("invalid_page_offset", "page_offset needs page_limit")
	}
	if p.limit == 0 {
		p.limit = DefaultPageLimit
	}
	return p, nil
}

func parseDate(s string, end bool) (time.Time, bool) {
	layouts := []struct {
		l    string
		step func(time.Time) time.Time
	}{
		{"2006-01-02T15:04:05", func(t time.Time) time.Time { return t }},
		{"2006-01-02T15:04", func(t time.Time) time.Time { return t.Add(time.Minute - time.Second) }},
		{"2006-01-02T15", func(t time.Time) time.Time { return t.Add(time.Hour - time.Second) }},
		{"2006-01-02", func(t time.Time) time.Time { return t.AddDate(0, 0, 1).Add(-time.Second) }},
		{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0).Add(-time.Second) }},
	}
	for _, l := range layouts {
		if t, err := time.Parse(l.l, s); err == nil {
			if end {
				return l.step(t), true
			}
			return t, true
		}
	}
	return time.Time{}, false
}

func (h *handler) parseTime(p *plan, window, start, end, rollup string) *badRequest {
	today := h.today()
	yesterday := today.AddDate(0, 0, -1)
	if window != "" && (start != "" || end != "") {
		return bad("conflicting_time_window", "time_window cannot be combined with start_date or end_date")
	}
	if window == "" && start == "" {
		return bad("missing_time_window", "a time window is required")
	}
	if rollup == "" {
		return bad("missing_time_rollup", "time_rollup is required")
	}
	var from, to time.Time // inclusive, to ends at 23:59:59 or hh:59:59
	p.hourly = p.report == "by_hour"
	switch {
	case window != "":
		if p.interval && start != "" {
			return bad("invalid_time_window", "an interval report takes only time_window")
		}
		to = today.Add(-time.Second)
		switch {
		case window == "yesterday":
			from, p.intervalValue = yesterday, "1"
		case window == "month_to_date":
			from, p.intervalValue = time.Date(yesterday.Year(), yesterday.Month(), 1, 0, 0, 0, 0, time.UTC), "MTD"
		case window == "campaign_to_date", window == "flight_to_date":
			from = yesterday.AddDate(0, 0, -29)
			p.intervalValue = map[string]string{"campaign_to_date": "CTD", "flight_to_date": "FTD"}[window]
			p.intervalShape = true
		case strings.HasPrefix(window, "last_") && strings.HasSuffix(window, "_days"):
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(window, "last_"), "_days"))
			if err != nil || n < 1 || n > 3650 {
				return bad("invalid_time_window", "invalid time_window %s", window)
			}
			from, p.intervalValue = today.AddDate(0, 0, -n), strconv.Itoa(n)
		case strings.HasPrefix(window, "last_") && strings.HasSuffix(window, "_hours") && p.hourly:
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(window, "last_"), "_hours"))
			if err != nil || n < 1 || n > 24*366 {
				return bad("invalid_time_window", "invalid time_window %s", window)
			}
			from, p.intervalValue = today.Add(-time.Duration(n)*time.Hour), strconv.Itoa(n)
		default:
			return bad("invalid_time_window", "invalid time_window %s", window)
		}
	default:
		if p.interval {
			return bad("invalid_time_window", "an interval report takes only time_window")
		}
		var ok bool
		if from, ok = parseDate(start, false); !ok {
			return bad("invalid_start_date", "invalid start_date %q", start)
		}
		to = yesterday.AddDate(0, 0, 1).Add(-time.Second)
		if end != "" {
			if to, ok = parseDate(end, true); !ok {
				return bad("invalid_end_date", "invalid end_date %q", end)
			}
		}
		// A time of day is widened to the report's time_aggregation
		// unit: 01:30 to 02:30 covers 01:00:00 to 02:59:59 on an hourly
		// report, the whole days on a daily one.
		unit := 24 * time.Hour
		if p.hourly {
			unit = time.Hour
		}
		from = from.Truncate(unit)
		to = to.Truncate(unit).Add(unit - time.Second)
		if to.Before(from) {
			return bad("invalid_end_date", "end_date is before start_date")
		}
	}
	if p.interval {
		p.intervalShape = true
	}
	if p.intervalShape {
		if rollup != "all" {
			return bad("invalid_time_rollup", "time_rollup must be all for this time window")
		}
		p.buckets = []bucket{{}}
		return nil
	}
	layout := "2006-01-02"
	if p.hourly && rollup == "by_hour" {
		layout = "2006-01-02 15:04:05"
	}
	emit := func(a, b time.Time) {
		if a.Before(from) {
			a = from
		}
		if b.After(to) {
			b = to
		}
		p.buckets = append(p.buckets, bucket{a.Format(layout), b.Format(layout)})
	}
	day := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	const maxBuckets = 10000
	switch rollup {
	case "all":
		emit(from, to)
	case "by_hour":
		if !p.hourly {
			return bad("invalid_time_rollup", "invalid time_rollup %s", rollup)
		}
		for t := from.Truncate(time.Hour); !t.After(to) && len(p.buckets) < maxBuckets; t = t.Add(time.Hour) {
			emit(t, t.Add(time.Hour-time.Second))
		}
	case "by_day":
		for t := day; !t.After(to) && len(p.buckets) < maxBuckets; t = t.AddDate(0, 0, 1) {
			emit(t, t.AddDate(0, 0, 1).Add(-time.Second))
		}
	case "by_week":
		t := day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)) // Monday
		for ; !t.After(to) && len(p.buckets) < maxBuckets; t = t.AddDate(0, 0, 7) {
			emit(t, t.AddDate(0, 0, 7).Add(-time.Second))
		}
	case "by_month":
		t := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC)
		for ; !t.After(to) && len(p.buckets) < maxBuckets; t = t.AddDate(0, 1, 0) {
			emit(t, t.AddDate(0, 1, 0).Add(-time.Second))
		}
	default:
		return bad("invalid_time_rollup", "invalid time_rollup %s", rollup)
	}
	return nil
}

func writeBad(w http.ResponseWriter, br *badRequest) {
	writeStatus(w, br.status, br.code, br.reason, br.text)
}

func (h *handler) lastModified() time.Time {
	if t := h.cfg.LastModified; !t.IsZero() {
		return t.UTC().Truncate(time.Second)
	}
	return h.today().Add(6 * time.Hour)
}

// notModified answers 304, with an empty body, when the data did not
// change since the request's If-Modified-Since, or when a retired report
// version is asked for (device_technology ?v1, as the platform does since
// its v2 became the only data source).
func (h *handler) notModified(w http.ResponseWriter, req *http.Request, p *plan) bool {
	if vs := versionsOf(p.report); p.version < vs[len(vs)-1] {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	ims, err := http.ParseTime(req.Header.Get("If-Modified-Since"))
	if err != nil || h.lastModified().After(ims) {
		return false
	}
	w.Header().Set("Last-Modified", h.lastModified().Format(http.TimeFormat))
	w.WriteHeader(http.StatusNotModified)
	return true
}

func (h *handler) validateReport(w http.ResponseWriter, req *http.Request) {
	p, br := h.parse(req)
	if br != nil {
		writeBad(w, br)
		return
	}
	if h.notModified(w, req, p) {
		return
	}
	w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
	_, _ = w.Write([]byte("<?xml version='1.0' ?>\n<result>\n  <status code=\"ok\" />\n</result>\n"))
}

func (h *handler) getReport(w http.ResponseWriter, req *http.Request) {
	p, br := h.parse(req)
	if br != nil {
		writeBad(w, br)
		return
	}
	if h.notModified(w, req, p) {
		return
	}
	if h.cfg.XMLWith200 {
		writeStatus(w, http.StatusOK, "bad_request", "incorrect_predicates", "predicates could not be applied")
		return
	}
	cols := slices.Clone(p.columns)
	if h.cfg.ReverseColumns {
		slices.Reverse(cols)
	}
	w.Header().Set("Content-Type", "text/csv; charset=UTF-8")
	w.Header().Set("Last-Modified", h.lastModified().Format(http.TimeFormat))
	w.Header().Add("Vary", "Accept-Encoding")
	// The data set, and only it, is compressed when the request accepts
	// gzip or deflate.
	zw := compressor(w, req.Header.Get("Accept-Encoding"))
	w.WriteHeader(http.StatusOK)
	fl, _ := w.(http.Flusher)
	var out io.Writer = w
	if zw != nil {
		out = zw
	}
	bw := bufio.NewWriterSize(out, 32<<10)
	flush := func() {
		_ = bw.Flush()
		if zw != nil {
			_ = zw.Flush()
		}
		if fl != nil {
			fl.Flush()
		}
	}
	cut := false
	defer func() {
		// The end of the data: the last compressed block and the
		// trailer, which a cut stream never gets.
		if zw != nil && !cut {
			_ = zw.Close()
		}
	}()
	// Header.
	var line []byte
	if p.intervalShape {
		line = append(line, "interval"...)
	} else {
		line = append(line, "start_date,end_date"...)
	}
	for _, c := range cols {
		line = append(line, ',')
		line = append(line, c...)
	}
	line = append(line, '\n')
	_, _ = bw.Write(line)

	cutAfter := or(h.cfg.CutAfter, -1)
	errAfter := or(h.cfg.ErrorAfter, -1)
	flushRows := or(h.cfg.FlushRows, 1000)
	nb := len(p.buckets)
	total := or(h.cfg.Rows, -1)
	if total < 0 {
		total = nb * or(h.cfg.Groups, 3)
	}
	g := newGen(p)
	// Page page_offset of page_limit rows: skip the rows of the pages
	// before it (at once when every candidate row passes the predicates).
	skip := p.offset * p.limit
	first, matched, written := 0, 0, 0
	if g.passesAll() {
		first = min(skip, total)
		matched = first
	}
	for i := first; i < total && written < p.limit; i++ {
		b := i % nb
		grp := i / nb
		if !g.fill(b, grp) {
			continue
		}
		matched++
		if matched <= skip {
			continue
		}
		if idx := matched - 1; idx == cutAfter {
			flush()
			cut = true
			panic(http.ErrAbortHandler)
		}
		if matched-1 == errAfter {
			_, _ = bw.WriteString("<?xml version='1.0' ?>\n<result>\n  <status code=\"error\" reason=\"request_timeout\">The request timed out</status>\n</result>\n")
			flush()
			return
		}
		line = line[:0]
		if p.intervalShape {
			line = append(line, p.intervalValue...)
		} else {
			line = append(line, p.buckets[b].start...)
			line = append(line, ',')
			line = append(line, p.buckets[b].end...)
		}
		for _, c := range cols {
			line = append(line, ',')
			line = appendCSV(line, g.values[c])
		}
		line = append(line, '\n')
		_, _ = bw.Write(line)
		written++
		if written%flushRows == 0 {
			flush()
		}
	}
	if skip+written == cutAfter {
		flush()
		cut = true
		panic(http.ErrAbortHandler)
	}
	flush()
}

func appendCSV(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") && (s == "" || s[0] != ' ') {
		return append(b, s...)
	}
	b = append(b, '"')
	b = append(b, strings.ReplaceAll(s, `"`, `""`)...)
	return append(b, '"')
}

// gen computes the synthetic values of one row.
type gen struct {
	p      *plan
	values map[string]string
	eq     map[string][]string // = values of filter predicates, by field
	dims   []string            // dimension fields the row needs
}

func newGen(p *plan) *gen {
	g := &gen{p: p, values: map[string]string{}, eq: map[string][]string{}}
	need := map[string]bool{}
	for _, c := range p.columns {
		need[c] = true
	}
	for _, set := range [][]Predicate{p.filter, p.having} {
		for _, pr := range set {
			if pr.Op == "=" && p.isDim(pr.Field) {
				if _, ok := g.eq[pr.Field]; !ok {
					g.eq[pr.Field] = pr.Values
				}
			}
			need[pr.Field] = true
		}
	}
	for f := range need {
		if p.isDim(f) {
			g.dims = append(g.dims, f)
		}
	}
	slices.Sort(g.dims)
	return g
}

// passesAll reports whether every candidate row passes filter and having:
// each predicate is an "=" on a dimension field whose values fill takes
// from that predicate (the first one on the field).
func (g *gen) passesAll() bool {
	seen := map[string]bool{}
	for _, set := range [][]Predicate{g.p.filter, g.p.having} {
		for _, pr := range set {
			if pr.Op != "=" || !g.p.isDim(pr.Field) || seen[pr.Field] {
				return false
			}
			seen[pr.Field] = true
		}
	}
	return true
}

func fieldSeed(f string) int {
	h := 0
	for i := 0; i < len(f); i++ {
		h = h*31 + int(f[i])
	}
	if h < 0 {
		h = -h
	}
	return h % 900
}

// fill computes row (bucket b, group grp) and reports whether it passes
// filter and having.
func (g *gen) fill(b, grp int) bool {
	for _, f := range g.dims {
		fd := g.p.dimFields[f]
		if vs, ok := g.eq[f]; ok {
			g.values[f] = vs[grp%len(vs)]
			continue
		}
		switch {
		case len(fd.Values) > 0:
			g.values[f] = fd.Values[grp%len(fd.Values)]
		case fd.Type == "id":
			g.values[f] = strconv.Itoa((fieldSeed(f)+100)*1000 + grp%1000 + 1)
		case f == "campaign_currency_code":
			g.values[f] = []string{"USD", "EUR", "GBP"}[grp%3]
		default:
			g.values[f] = fd.Name + " " + strconv.Itoa(grp%1000+1)
		}
	}
	imps := int64(1000 + (grp*7919+b*104729)%100000)
	clicks := imps/100 + int64(grp%7)
	conv := clicks / 10
	// Float columns are computed in units of 10^-8 and written with the
	// request's precision (decimals, truncated).
	const scale = 8
	spend := imps * 250_000 // 2.5 CPM: 0.0025 per impression
	prec := g.p.precision
	g.values["impressions"] = strconv.FormatInt(imps, 10)
	g.values["clicks"] = strconv.FormatInt(clicks, 10)
	g.values["total_conversions"] = strconv.FormatInt(conv, 10)
	g.values["total_spend"] = fixed(spend, scale, prec)
	g.values["media_cost"] = fixed(spend*8/10, scale, prec)
	g.values["ctr"] = fixed(clicks*100*100_000_000/imps, scale, prec) // percent
	if clicks > 0 {
		g.values["cpc"] = fixed(spend/clicks, scale, prec)
	} else {
		g.values["cpc"] = fixed(0, scale, prec)
	}
	for _, pr := range g.p.filter {
		if !pr.Eval(g.values[pr.Field], isMetric(pr.Field)) {
			return false
		}
	}
	for _, pr := range g.p.having {
		if !pr.Eval(g.values[pr.Field], isMetric(pr.Field)) {
			return false
		}
	}
	return true
}

// fixed formats v / 10^scale with prec decimals (truncated).
func fixed(v int64, scale, prec int) string {
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v, 10)
	for len(s) <= scale {
		s = "0" + s
	}
	ip, fp := s[:len(s)-scale], s[len(s)-scale:]
	fp = fp[:prec]
	out := ip
	if prec > 0 {
		out += "." + fp
	}
	if neg {
		out = "-" + out
	}
	return out
}

// zwriter is a compressing writer (gzip or zlib).
type zwriter interface {
	io.WriteCloser
	Flush() error
}

// compressor returns the writer that compresses the data set for the
// Accept-Encoding accept (gzip preferred, then deflate, each unless
// q=0), having set Content-Encoding; nil when the data goes out as is.
func compressor(w http.ResponseWriter, accept string) zwriter {
	ok := map[string]bool{}
	for _, part := range strings.Split(strings.ToLower(accept), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := strings.ReplaceAll(params, " ", "")
		ok[strings.TrimSpace(name)] = q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	switch {
	case ok["gzip"]:
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzipPool.Get().(*gzip.Writer)
		zw.Reset(w)
		return pooled{zw, func() { gzipPool.Put(zw) }}
	case ok["deflate"]:
		w.Header().Set("Content-Encoding", "deflate")
		zw := zlibPool.Get().(*zlib.Writer)
		zw.Reset(w)
		return pooled{zw, func() { zlibPool.Put(zw) }}
	}
	return nil
}

// A compressor holds about a megabyte of tables: the fake keeps them
// between answers (at the fastest level: the fake's data is synthetic).
var (
	gzipPool = sync.Pool{New: func() any {
		zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return zw
	}}
	zlibPool = sync.Pool{New: func() any {
		zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
		return zw
	}}
)

// pooled is a pooled compressor, given back when closed.
type pooled struct {
	zwriter
	put func()
}

func (p pooled) Close() error {
	err := p.zwriter.Close()
	p.put()
	return err
}
