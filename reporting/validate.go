package reporting

import (
	"fmt"
	"iter"
	"regexp"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/internal/valid"
)

var (
	fieldRE  = regexp.MustCompile(`^[A-Za-z0-9_]+$`)
	windowRE = regexp.MustCompile(`^last_[0-9]+_[a-z]+$`)
)

func validReport(r Report) bool {
	return r != "" && strings.TrimSpace(string(r)) == string(r) && !strings.ContainsAny(string(r), "/?#")
}

// Validate checks q before it is sent and returns one
// *adama.ValidationError naming every problem: a report name; at least one
// dimension; field names; one of filter or having; a predicate testing an
// access dimension field (organization_id, agency_id, advertiser_id,
// campaign_id) with "="; known operators with at least one value; no
// metric among the grouping fields (dimensions and the dimension fields of
// having) nor in filter; a time window or a start date, not both; the
// special windows' rules; and the paging and precision ranges.
//
// Validate knows no report's metadata, so it takes the default access
// fields; Client.Stream, Download and Validate check a query that tests
// none of them against the access fields the report's metadata marks (a
// strategy_id-only query is valid for a report whose metadata marks
// strategy_id as an access field).
//
// Deprecated: reporting v1 is removed in July 2026.
func (q *Query) Validate() error {
	var v valid.Validator
	q.check(&v, nil, false)
	return v.Err()
}

// ValidateWith is Validate plus the checks that need the report's
// metadata, so that a query can be checked offline: every field exists,
// dimensions and filter fields are dimensions, access fields are those the
// metadata marks, operators suit the field types, equality values belong
// to enumerated values, and the time window and rollup are offered by the
// report.
//
// Deprecated: reporting v1 is removed in July 2026.
func (q *Query) ValidateWith(m *Meta) error {
	var v valid.Validator
	q.check(&v, m, false)
	return v.Err()
}

// testsAccess reports whether a predicate tests one of fields with "=".
func (q *Query) testsAccess(fields []string) bool {
	for _, p := range q.predicates() {
		if p.Op == OperatorEq && len(p.Values) > 0 && contains(fields, p.Field) {
			return true
		}
	}
	return false
}

func accessViolation(v *valid.Validator, m *Meta) {
	v.Add("filter", "a predicate must test an access field ("+strings.Join(accessList(m), ", ")+") with =", nil)
}

// check adds q's violations to v and reports whether q tests an access
// field (those of m, or the default ones). With deferAccess a query that
// tests none is not a violation yet: the caller checks it against the
// report's metadata.
func (q *Query) check(v *valid.Validator, m *Meta, deferAccess bool) bool {
	v.Check(validReport(q.Report), "report", "a non-empty report name without / ? #", string(q.Report))
	if len(q.Dimensions) == 0 {
		v.Add(paramDimensions, "at least one dimension is required", nil)
	}
	seen := map[string]bool{}
	for i, d := range q.Dimensions {
		f := fmt.Sprintf("%s[%d]", paramDimensions, i)
		v.Check(fieldRE.MatchString(d), f, "a field name (letters, digits, _)", d)
		v.Check(!seen[d], f, "listed once", d)
		seen[d] = true
		v.Check(!contains(q.Metrics, d), f, "a metric field cannot be a grouping field", d)
	}
	for i, mt := range q.Metrics {
		v.Check(fieldRE.MatchString(mt), fmt.Sprintf("%s[%d]", paramMetrics, i), "a field name (letters, digits, _)", mt)
	}
	if len(q.Filter) == 0 && len(q.Having) == 0 {
		v.Add("filter", "one of filter or having is required", nil)
	}
	access := q.testsAccess(accessList(m))
	for at, p := range q.predicates() {
		param, f := at.param, at.path
		v.Check(fieldRE.MatchString(p.Field), f+".field", "a field name (letters, digits, _)", p.Field)
		v.Check(p.Op.Valid(), f+".op", "one of = != > < >= <= ~ =~ =: !~ !:", string(p.Op))
		if len(p.Values) == 0 {
			v.Add(f+".values", "at least one value", nil)
		}
		if param == paramFilter && contains(q.Metrics, p.Field) {
			v.Add(f+".field", "filter tests dimension fields only; use having for metrics", p.Field)
		}
	}
	if !access && !deferAccess {
		accessViolation(v, m)
	}
	v.Check(q.Version >= 0, paramVersion, "0 (the server's default) or a positive version", q.Version)
	// Time.
	if q.TimeWindow != "" && (!q.Start.IsZero() || !q.End.IsZero()) {
		v.Add(paramTimeWindow, "time_window and start_date/end_date cannot be mixed", string(q.TimeWindow))
	}
	if q.TimeWindow == "" && q.Start.IsZero() {
		v.Add(paramTimeWindow, "a time_window or a start_date is required", nil)
	}
	if q.Start.IsZero() && !q.End.IsZero() {
		v.Add(paramEndDate, "end_date needs start_date", formatDate(q.End, false))
	}
	if !q.Start.IsZero() && !q.End.IsZero() && q.endCovers().Before(q.Start) {
		v.Add(paramEndDate, "end_date must not be before start_date", formatDate(q.End, false))
	}
	if q.TimeWindow != "" {
		v.Check(fieldRE.MatchString(string(q.TimeWindow)), paramTimeWindow, "a window name (letters, digits, _)", string(q.TimeWindow))
	}
	v.Require(paramTimeRollup, q.TimeRollup != "")
	if q.TimeRollup != "" {
		v.Check(fieldRE.MatchString(string(q.TimeRollup)), paramTimeRollup, "a rollup name (letters, digits, _)", string(q.TimeRollup))
	}
	if q.TimeWindow.IsSpecial() {
		v.Check(q.TimeRollup == "" || q.TimeRollup == TimeRollupAll, paramTimeRollup, "must be all with "+string(q.TimeWindow), string(q.TimeRollup))
	}
	for i, o := range q.Order {
		f := fmt.Sprintf("%s[%d]", paramOrder, i)
		v.Check(fieldRE.MatchString(o.Field), f, "a field name (letters, digits, _)", o.Field)
		if q.TimeWindow.IsSpecial() || (m != nil && m.IsInterval()) {
			v.Check(o.Field != "start_date" && o.Field != "end_date" && !m.isTimeField(o.Field), f,
				"cannot order by the time field with an interval result", o.Field)
		}
	}
	v.Check(q.PageLimit >= 0, paramPageLimit, "at least 1", q.PageLimit)
	v.Check(q.PageOffset >= 0, paramPageOffset, "at least 0", q.PageOffset)
	v.Check(q.PageOffset == 0 || q.PageLimit > 0, paramPageOffset, "page_offset needs page_limit", q.PageOffset)
	if q.Precision != nil {
		v.Range(paramPrecision, int64(*q.Precision), 0, 8)
	}
	if m != nil {
		q.checkMeta(v, m)
	}
	return access
}

// endCovers returns the last instant End stands for: the end of its day
// when it is sent as a date.
func (q *Query) endCovers() time.Time {
	if e := q.End; !q.TimeOfDay && e.Hour() == 0 && e.Minute() == 0 && e.Second() == 0 {
		return e.AddDate(0, 0, 1).Add(-time.Second)
	}
	return q.End
}

func accessList(m *Meta) []string {
	if m != nil {
		if af := m.AccessFields(); len(af) > 0 {
			return af
		}
	}
	return accessFields
}

func (m *Meta) isTimeField(name string) bool {
	if m == nil {
		return false
	}
	_, ok := m.Structure.TimeField[name]
	return ok
}

func (q *Query) checkMeta(v *valid.Validator, m *Meta) {
	for i, d := range q.Dimensions {
		f := fmt.Sprintf("%s[%d]", paramDimensions, i)
		if _, metric, ok := m.Lookup(d); !ok {
			v.Add(f, "not a field of report "+string(q.Report), d)
		} else if metric {
			v.Add(f, "a metric field cannot be a grouping field", d)
		}
	}
	for i, mt := range q.Metrics {
		f := fmt.Sprintf("%s[%d]", paramMetrics, i)
		if _, metric, ok := m.Lookup(mt); !ok {
			v.Add(f, "not a field of report "+string(q.Report), mt)
		} else if !metric {
			v.Add(f, "not a metric field", mt)
		}
	}
	for at, p := range q.predicates() {
		param, f := at.param, at.path
		fd, metric, ok := m.Lookup(p.Field)
		if !ok {
			v.Add(f+".field", "not a field of report "+string(q.Report), p.Field)
			continue
		}
		if metric && param == paramFilter && !contains(q.Metrics, p.Field) {
			v.Add(f+".field", "filter tests dimension fields only; use having for metrics", p.Field)
		}
		if p.Op.IsOrdered() && !fd.Type.IsOrdered() {
			v.Add(f+".op", "ordered operators need a numeric or date field, "+p.Field+" is "+string(fd.Type), string(p.Op))
		}
		if p.Op.IsText() && fd.Type.Group() != "string" {
			v.Add(f+".op", "contains operators need a string field, "+p.Field+" is "+string(fd.Type), string(p.Op))
		}
		if p.Op == OperatorEq && len(fd.Values) > 0 {
			for _, val := range p.Values {
				v.Check(contains(fd.Values, val), f+".values", "one of: "+strings.Join(fd.Values, ", "), val)
			}
		}
	}
	if q.TimeWindow != "" && len(m.TimeWindows) > 0 && !windowOffered(m.TimeWindows, string(q.TimeWindow)) {
		v.Add(paramTimeWindow, "one of: "+strings.Join(m.TimeWindows, ", "), string(q.TimeWindow))
	}
	if m.IsInterval() && !q.Start.IsZero() {
		v.Add(paramStartDate, "an interval report takes only time_window", formatDate(q.Start, false))
	}
	if q.TimeRollup != "" && len(m.TimeRollups) > 0 && !contains(m.TimeRollups, string(q.TimeRollup)) {
		v.Add(paramTimeRollup, "one of: "+strings.Join(m.TimeRollups, ", "), string(q.TimeRollup))
	}
	for i, o := range q.Order {
		if _, _, ok := m.Lookup(o.Field); !ok && o.Field != "start_date" && o.Field != "end_date" {
			v.Add(fmt.Sprintf("%s[%d]", paramOrder, i), "not a field of report "+string(q.Report), o.Field)
		}
	}
}

// windowOffered matches w against the report's windows, where last_X_days
// and last_X_hours stand for any X.
func windowOffered(windows []string, w string) bool {
	for _, x := range windows {
		if x == w {
			return true
		}
		if strings.HasPrefix(x, "last_X_") && windowRE.MatchString(w) && strings.HasSuffix(w, strings.TrimPrefix(x, "last_X")) {
			return true
		}
	}
	return false
}

// predicateAt names where a predicate stands: its parameter ("filter")
// and its field path ("filter[0]").
type predicateAt struct{ param, path string }

// predicates yields every filter and having predicate with where it stands.
func (q *Query) predicates() iter.Seq2[predicateAt, Predicate] {
	return func(yield func(predicateAt, Predicate) bool) {
		for _, set := range []struct {
			name string
			ps   []Predicate
		}{{paramFilter, q.Filter}, {paramHaving, q.Having}} {
			for i, p := range set.ps {
				if !yield(predicateAt{set.name, fmt.Sprintf("%s[%d]", set.name, i)}, p) {
					return
				}
			}
		}
	}
}
