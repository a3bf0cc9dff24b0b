package reporting

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"sort"
	"strconv"
	"sync"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Group returns the type's group: "float", "integer", "date", "string",
// "id" or "bool"; "" for an unknown type.
//
// Deprecated: reporting v1 is removed in July 2026.
func (t FieldType) Group() string {
	switch t {
	case FieldTypeFloat, FieldTypeMoney, FieldTypePercent, FieldTypeRatio:
		return "float"
	case FieldTypeInteger, FieldTypeCount, FieldTypeRank:
		return "integer"
	case FieldTypeDatetime:
		return "date"
	case FieldTypeString, FieldTypeInterval:
		return "string"
	case FieldTypeID:
		return "id"
	case FieldTypeBool, FieldTypeBoolean:
		return "bool"
	}
	return ""
}

// IsNumeric reports whether t is in the float or integer group.
//
// Deprecated: reporting v1 is removed in July 2026.
func (t FieldType) IsNumeric() bool { g := t.Group(); return g == "float" || g == "integer" }

// IsOrdered reports whether the ordered operators apply (numeric, date).
//
// Deprecated: reporting v1 is removed in July 2026.
func (t FieldType) IsOrdered() bool { return t.IsNumeric() || t.Group() == "date" }

// Meta is a report's full description: fields with their types, time
// windows, rollups and retention.
//
// Deprecated: reporting v1 is removed in July 2026.
type Meta struct {
	ReportInfo
	Type            string    `json:"Type,omitempty"`
	Currency        string    `json:"currency,omitempty"`
	DataRetention   string    `json:"data_retention,omitempty"`
	DefaultMetrics  []string  `json:"default_metrics"`
	Structure       Structure `json:"structure"`
	TimeAggregation string    `json:"time_aggregation,omitempty"`
	TimeRollups     []string  `json:"time_rollups"`
	TimeWindows     []string  `json:"time_windows"`
	Timezone        string    `json:"timezone,omitempty"`
	// Extra keeps the properties the SDK does not model and the values
	// that fit no documented form (see Misfits).
	Extra map[string]json.RawMessage `json:"-"`
}

// IsInterval reports whether the report's time field is interval-typed
// (results always have the interval column).
//
// Deprecated: reporting v1 is removed in July 2026.
func (m *Meta) IsInterval() bool {
	for _, f := range m.Structure.TimeField {
		if f.Type == FieldTypeInterval {
			return true
		}
	}
	return false
}

// Lookup returns the field named name and whether it is a metric.
//
// Deprecated: reporting v1 is removed in July 2026.
func (m *Meta) Lookup(name string) (f Field, metric, ok bool) {
	if f, ok := m.Structure.Dimensions[name]; ok {
		return f, false, true
	}
	if f, ok := m.Structure.Metrics[name]; ok {
		return f, true, true
	}
	if f, ok := m.Structure.TimeField[name]; ok {
		return f, false, true
	}
	return Field{}, false, false
}

// AccessFields returns the report's access dimension fields, sorted.
//
// Deprecated: reporting v1 is removed in July 2026.
func (m *Meta) AccessFields() []string {
	var out []string
	for k, f := range m.Structure.Dimensions {
		if f.Access {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Reports returns the report list (GET /reporting/v1/std/meta), sorted by
// report name.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) Reports(ctx context.Context, opts ...adama.RequestOption) ([]ReportInfo, error) {
	var body struct {
		Reports reportList `json:"reports"`
	}
	c := &call.Call{Path: pathPrefix + "/meta"}
	if _, err := s.g.Into(ctx, c, &body, opts...); err != nil {
		return nil, outcome(err)
	}
	if err := s.g.Strict(c, body.Reports); err != nil {
		return nil, err
	}
	out := make([]ReportInfo, 0, len(body.Reports))
	for k, v := range body.Reports {
		v.Report = Report(k)
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Report < out[j].Report })
	return out, nil
}

// Meta returns a report's metadata (GET /reporting/v1/std/{report}/meta)
// in the server's default version of the report.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) Meta(ctx context.Context, report Report, opts ...adama.RequestOption) (*Meta, error) {
	return s.MetaVersion(ctx, report, 0, opts...)
}

// MetaVersion returns the metadata of version version of a report
// (GET /reporting/v1/std/{report}/meta?vN, see Query.Version); 0 asks for
// the server's default version.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) MetaVersion(ctx context.Context, report Report, version int, opts ...adama.RequestOption) (*Meta, error) {
	var v valid.Validator
	v.Check(validReport(report), "report", "a non-empty report name", string(report))
	v.Check(version >= 0, paramVersion, "0 (the server's default) or a positive version", version)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var m Meta
	if _, err := s.g.Into(ctx, &call.Call{Path: reportPath(report) + "/meta", Query: versionValues(version)}, &m, opts...); err != nil {
		return nil, outcome(err)
	}
	m.Report = report
	return &m, nil
}

// versionValues returns the version flag vN as a query parameter, or nil.
func versionValues(version int) url.Values {
	if version <= 0 {
		return nil
	}
	return url.Values{"v" + strconv.Itoa(version): {""}}
}

type metaKey struct {
	report  Report
	version int
}

// metaCall is one metadata fetch; waiters block on done.
type metaCall struct {
	done chan struct{}
	m    *Meta
	err  error
}

// metaCache holds the metadata the service has read or was given. It
// fetches each (report, version) once; callers arriving during the fetch
// share its result. A failed fetch is not kept: a later call tries again.
type metaCache struct {
	mu     sync.Mutex
	calls  map[metaKey]*metaCall
	seeded map[metaKey]*Meta
	byName map[Report]*Meta
}

func newMetaCache(seed []*Meta) *metaCache {
	c := &metaCache{calls: map[metaKey]*metaCall{}, seeded: map[metaKey]*Meta{}, byName: map[Report]*Meta{}}
	for _, m := range seed {
		if m == nil {
			continue
		}
		c.seeded[metaKey{m.Report, m.Version}] = m
		if _, ok := c.byName[m.Report]; !ok {
			c.byName[m.Report] = m
		}
	}
	return c
}

// known returns the metadata of (report, version) the service already
// holds (given or fetched), without I/O; nil when there is none.
func (c *metaCache) known(report Report, version int) *Meta {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m, ok := c.seeded[metaKey{report, version}]; ok {
		return m
	}
	if m, ok := c.byName[report]; ok && version == 0 {
		return m
	}
	if mc, ok := c.calls[metaKey{report, version}]; ok {
		select {
		case <-mc.done:
			return mc.m // nil after a failure
		default:
		}
	}
	return nil
}

// metaFor returns the metadata of (report, version): a seeded Meta (for
// version 0, the first one given for the report), a cached one, or one
// fetched now.
func (s *Client) metaFor(ctx context.Context, report Report, version int, opts []adama.RequestOption) (*Meta, error) {
	c := s.metas
	key := metaKey{report, version}
	c.mu.Lock()
	if m, ok := c.seeded[key]; ok {
		c.mu.Unlock()
		return m, nil
	}
	if m, ok := c.byName[report]; ok && version == 0 {
		c.mu.Unlock()
		return m, nil
	}
	for {
		mc, ok := c.calls[key]
		if !ok {
			break
		}
		c.mu.Unlock()
		select {
		case <-mc.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		// The fetch that ended with its own caller's context says nothing
		// about this caller: try again.
		if !errors.Is(mc.err, context.Canceled) && !errors.Is(mc.err, context.DeadlineExceeded) {
			return mc.m, mc.err
		}
		c.mu.Lock()
	}
	mc := &metaCall{done: make(chan struct{})}
	c.calls[key] = mc
	c.mu.Unlock()
	mc.m, mc.err = s.MetaVersion(ctx, report, version, opts...)
	if mc.err != nil {
		c.mu.Lock()
		delete(c.calls, key)
		c.mu.Unlock()
	}
	close(mc.done)
	return mc.m, mc.err
}

func reportPath(r Report) string { return pathPrefix + "/" + url.PathEscape(string(r)) }
