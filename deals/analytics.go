package deals

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// AnalyticsService lists deals with their reporting data (POST
// /deal_analytics, a read: safe to retry).
type AnalyticsService struct{ g *call.Group }

// Filter keeps the rows whose field compares to value: {"field": "id",
// "op": "in", "value": [123]} or {"field": "match_rate", "op": ">",
// "value": 0}.
type Filter struct {
	// Field is the row field compared ("id", "match_rate", "name").
	Field string `json:"field"`
	// Op is the comparison.
	Op FilterOp `json:"op"`
	// Value is a number, a string, or for "in" a list.
	Value any `json:"value"`
}

// Sort orders the rows by a field.
type Sort struct {
	// Field is the row field to sort by ("viewability_rate", "id").
	Field string `json:"field"`
	// Dir is SortDirAsc or SortDirDesc, sent in lower case ("asc",
	// "desc") as deal analytics expects.
	Dir SortDir `json:"dir"`
}

// AnalyticsQuery is the body and query of a deal analytics call. Give
// TimeWindow or StartDate and EndDate, never both.
type AnalyticsQuery struct {
	// OrganizationID owns the deals (owner.organization_id and
	// reporting.organization_id); required.
	OrganizationID int64
	// TimeWindow is a predefined period.
	TimeWindow TimeWindow
	// StartDate and EndDate bound a custom period (dates, YYYY-MM-DD).
	StartDate, EndDate time.Time
	// Filters and Sorting select and order the rows.
	Filters []Filter
	// Sorting orders the rows, first key first.
	Sorting []Sort
	// PermissionOrganizationIDs, PermissionAgencyIDs and
	// PermissionAdvertiserIDs keep deals permissioned to one of the ids.
	PermissionOrganizationIDs, PermissionAgencyIDs, PermissionAdvertiserIDs []int64
	// PageLimit and PageOffset page the rows.
	PageLimit, PageOffset int
}

// Validate checks the query's rules.
func (q *AnalyticsQuery) Validate() error {
	var v valid.Validator
	v.Check(q.OrganizationID > 0, "reporting.organization_id", "required", q.OrganizationID)
	custom := !q.StartDate.IsZero() || !q.EndDate.IsZero()
	switch {
	case q.TimeWindow != "" && custom:
		v.Add("reporting.time_window", "give time_window or start_date and end_date, never both", string(q.TimeWindow))
	case q.TimeWindow == "" && !custom:
		v.Add("reporting.time_window", "time_window or start_date and end_date is required", nil)
	case q.TimeWindow != "":
		checkEnum(&v, "reporting.time_window", q.TimeWindow)
	default:
		v.Check(!q.StartDate.IsZero(), "reporting.start_date", "required with end_date", nil)
		v.Check(!q.EndDate.IsZero(), "reporting.end_date", "required with start_date", nil)
		if !q.StartDate.IsZero() && !q.EndDate.IsZero() {
			v.Check(!q.EndDate.Before(q.StartDate), "reporting.end_date", "must not be before start_date", q.EndDate.Format(time.DateOnly))
		}
	}
	for i, f := range q.Filters {
		p := "filters[" + strconv.Itoa(i) + "]"
		v.Require(p+".field", f.Field != "")
		if !f.Op.Valid() {
			v.Add(p+".op", names(f.Op), string(f.Op))
		}
		if f.Op == FilterOpIn {
			rv := reflect.ValueOf(f.Value)
			v.Check(f.Value != nil && (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array) && rv.Len() > 0, p+".value", "a non-empty list for op in", f.Value)
		} else {
			v.Check(f.Value != nil, p+".value", "required", nil)
		}
	}
	for i, s := range q.Sorting {
		p := "sorting[" + strconv.Itoa(i) + "]"
		v.Require(p+".field", s.Field != "")
		if !s.Dir.Valid() {
			v.Add(p+".dir", names(s.Dir), string(s.Dir))
		}
	}
	checkIDs(&v, "permissions.organization_ids", q.PermissionOrganizationIDs)
	checkIDs(&v, "permissions.agency_ids", q.PermissionAgencyIDs)
	checkIDs(&v, "permissions.advertiser_ids", q.PermissionAdvertiserIDs)
	checkPaging(&v, q.PageLimit, q.PageOffset, 0, false)
	return v.Err()
}

type analyticsBody struct {
	Reporting struct {
		OrganizationID int64      `json:"organization_id"`
		TimeWindow     TimeWindow `json:"time_window,omitempty"`
		StartDate      string     `json:"start_date,omitempty"`
		EndDate        string     `json:"end_date,omitempty"`
	} `json:"reporting"`
	Filters []Filter       `json:"filters,omitempty"`
	Sorting []Sort         `json:"sorting,omitempty"`
	Paging  map[string]int `json:"paging,omitempty"`
}

// lowerDirs returns sorting with each direction in the lower case deal
// analytics reads, in a new slice.
func lowerDirs(sorting []Sort) []Sort {
	if sorting == nil {
		return nil
	}
	out := make([]Sort, len(sorting))
	for i, s := range sorting {
		out[i] = s
		switch s.Dir {
		case SortDirAsc:
			out[i].Dir = "asc"
		case SortDirDesc:
			out[i].Dir = "desc"
		}
	}
	return out
}

func (q *AnalyticsQuery) call(limit, offset int) *call.Call {
	var b analyticsBody
	b.Reporting.OrganizationID = q.OrganizationID
	b.Reporting.TimeWindow = q.TimeWindow
	if !q.StartDate.IsZero() {
		b.Reporting.StartDate = q.StartDate.Format(time.DateOnly)
	}
	if !q.EndDate.IsZero() {
		b.Reporting.EndDate = q.EndDate.Format(time.DateOnly)
	}
	b.Filters, b.Sorting = q.Filters, lowerDirs(q.Sorting)
	if limit > 0 || offset > 0 {
		b.Paging = map[string]int{"page_offset": offset}
		if limit > 0 {
			b.Paging["page_limit"] = limit
		}
	}
	v := url.Values{}
	setID(v, "owner.organization_id", q.OrganizationID)
	setIDs(v, "permissions.organization_ids", q.PermissionOrganizationIDs)
	setIDs(v, "permissions.agency_ids", q.PermissionAgencyIDs)
	setIDs(v, "permissions.advertiser_ids", q.PermissionAdvertiserIDs)
	return &call.Call{Method: http.MethodPost, Path: "/deal_analytics", Query: v, JSON: b, ReadOnly: true}
}

// List returns one page of deals with their reporting data.
func (s *AnalyticsService) List(ctx context.Context, q *AnalyticsQuery, ro ...adama.RequestOption) (*adama.Page[*AnalyticsRow], error) {
	if q == nil {
		q = &AnalyticsQuery{}
	}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return listPage[AnalyticsRow](ctx, s.g, q.call(q.PageLimit, q.PageOffset), ro)
}

// All iterates over every row of the query, page by page.
func (s *AnalyticsService) All(ctx context.Context, q *AnalyticsQuery, ro ...adama.RequestOption) iter.Seq2[*AnalyticsRow, error] {
	c := AnalyticsQuery{}
	if q != nil {
		c = *q
	}
	limit := c.PageLimit
	if limit == 0 {
		limit = MaxPageLimit
	}
	return func(yield func(*AnalyticsRow, error) bool) {
		if err := c.Validate(); err != nil {
			yield(nil, err)
			return
		}
		fetch := func(ctx context.Context, cur pager.Cursor) (*adama.Page[*AnalyticsRow], error) {
			return listPage[AnalyticsRow](ctx, s.g, c.call(limit, cur.Offset), ro)
		}
		for r, err := range pager.All(ctx, pager.Options{Start: c.PageOffset, Limit: limit}, fetch) {
			if !yield(r, err) {
				return
			}
		}
	}
}

// AnalyticsRow is a deal with its reporting data. Shape from
// the Marketplaces API reference, POST
// /deal_analytics.
type AnalyticsRow struct {
	// Deal holds the deal's fields (unknown ones in Deal.Extra).
	Deal Deal
	// Performance holds the metrics of the period.
	Performance *Performance
	// Issues lists problems with the deal, as sent.
	Issues []json.RawMessage
	// IsFavorite marks a favourite deal.
	IsFavorite bool
}

// UnmarshalJSON reads the deal's fields and the reporting ones.
func (r *AnalyticsRow) UnmarshalJSON(b []byte) error {
	*r = AnalyticsRow{}
	if err := r.Deal.UnmarshalJSON(b); err != nil {
		return err
	}
	ex := r.Deal.Extra
	if raw, ok := ex["performance_data"]; ok && !record.IsNull(raw) {
		var p Performance
		if err := json.Unmarshal(raw, &p); err == nil {
			r.Performance = &p
			delete(ex, "performance_data")
		}
	}
	if raw, ok := ex["issues"]; ok {
		if json.Unmarshal(raw, &r.Issues) == nil {
			delete(ex, "issues")
		}
	}
	if raw, ok := ex["is_favorite"]; ok {
		var f adama.Bool
		if json.Unmarshal(raw, &f) == nil {
			r.IsFavorite = bool(f)
			delete(ex, "is_favorite")
		}
	}
	if len(ex) == 0 {
		r.Deal.Extra = nil
	}
	return nil
}

// analyticsRowIdx names the reporting properties of a row, which stay in
// Deal.Extra when they fit no documented form.
var analyticsRowIdx = record.Index{"performance_data": 0, "issues": 0, "is_favorite": 0}

// Misfits lists the values of the row that fit no documented form: the
// deal's, the metrics' (under "performance_data.") and the reporting
// properties' own (see adama.Misfit).
func (r *AnalyticsRow) Misfits() []adama.Misfit {
	if r == nil {
		return nil
	}
	out := r.Deal.Misfits()
	out = append(out, record.Misfits(r.Deal.Extra, analyticsRowIdx, "")...)
	return append(out, record.Nested(r.Performance, "performance_data")...)
}

// Metric is a measured value with its currency, or a rate.
type Metric struct {
	// Value is exact; nil when the server sent null.
	Value *adama.Decimal `json:"value"`
	// CurrencyCode is the value's currency, for money.
	CurrencyCode string `json:"currencyCode,omitempty"`
	// IsPercent marks a percentage.
	IsPercent bool `json:"is_percent,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type metricAlias Metric

var metricIdx = record.IndexOf(reflect.TypeFor[metricAlias]())

// UnmarshalJSON reads the metric leniently; a bare number is its value.
func (m *Metric) UnmarshalJSON(b []byte) error {
	if t := trimSpace(b); len(t) > 0 && t[0] != '{' {
		*m = Metric{}
		if record.IsNull(t) {
			return nil
		}
		var d adama.Decimal
		if err := d.UnmarshalJSON(t); err != nil {
			return err
		}
		m.Value = &d
		return nil
	}
	return record.DecodeKeepingInto(b, (*metricAlias)(m), metricIdx, &m.Extra)
}

// Misfits lists the values of the metric that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (m *Metric) Misfits() []adama.Misfit {
	if m == nil {
		return nil
	}
	return record.Report(m, metricIdx, m.Extra)
}

// MarshalJSON writes the metric and its unknown properties.
func (m Metric) MarshalJSON() ([]byte, error) { return record.EncodeObject(metricAlias(m), m.Extra) }

// Performance (records_gen.go) is generated; its metrics are Metrics.

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\n' || b[0] == '\r' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}
