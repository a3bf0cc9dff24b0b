package reporting

import (
	"encoding/json"
	"maps"
	"reflect"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
)

// The report descriptions follow the one decoding rule of every group: a
// value that fits no documented form leaves its field zero and is kept in
// Extra under the field's name, reported by Misfits (a strict client's
// call fails on it); unknown properties are kept in Extra too.

type (
	// metaOwn is Meta without its embedded ReportInfo (whose decoder
	// would be promoted to an alias of Meta), read beside it.
	metaOwn struct {
		Type            string    `json:"Type,omitempty"`
		Currency        string    `json:"currency,omitempty"`
		DataRetention   string    `json:"data_retention,omitempty"`
		DefaultMetrics  []string  `json:"default_metrics"`
		Structure       Structure `json:"structure"`
		TimeAggregation string    `json:"time_aggregation,omitempty"`
		TimeRollups     []string  `json:"time_rollups"`
		TimeWindows     []string  `json:"time_windows"`
		Timezone        string    `json:"timezone,omitempty"`
	}
)

var metaIdx = record.IndexOf(reflect.TypeFor[metaOwn]())

// reportList is the report list's entries by report name.
type reportList map[string]ReportInfo

// Misfits lists the entries' misfits under "reports.<name>.", so a strict
// client's Reports fails on one.
func (l reportList) Misfits() []adama.Misfit {
	return record.Nested(map[string]ReportInfo(l), "reports")
}

// UnmarshalJSON reads the description liberally: the report entry's
// properties and the description's own, each value that fits no
// documented form and each unknown property kept in Extra.
func (m *Meta) UnmarshalJSON(b []byte) error {
	var o metaOwn
	var own map[string]json.RawMessage
	if err := record.DecodeKeepingInto(b, &o, metaIdx, &own); err != nil {
		return err
	}
	var info reportInfoAlias
	if err := record.DecodeKeepingInto(b, &info, reportInfoIdx, &info.Extra); err != nil {
		return err
	}
	*m = Meta{ReportInfo: ReportInfo(info), Type: o.Type, Currency: o.Currency, DataRetention: o.DataRetention,
		DefaultMetrics: o.DefaultMetrics, Structure: o.Structure, TimeAggregation: o.TimeAggregation,
		TimeRollups: o.TimeRollups, TimeWindows: o.TimeWindows, Timezone: o.Timezone}
	// Each decode kept the other's properties: the entry's are taken
	// from its own decode, the rest from the description's.
	m.ReportInfo.Extra = nil
	for k, v := range own {
		if _, entry := reportInfoIdx[k]; entry {
			continue
		}
		m.keep(k, v)
	}
	for k, v := range info.Extra {
		if _, entry := reportInfoIdx[k]; entry {
			m.keep(k, v)
		}
	}
	return nil
}

func (m *Meta) keep(k string, v json.RawMessage) {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	m.Extra[k] = v
}

// Misfits lists the values of the description that fit no documented
// form, the nested ones under their path ("structure.metrics.x.type",
// "Transition.next_version"; see adama.Misfit).
func (m *Meta) Misfits() []adama.Misfit {
	if m == nil {
		return nil
	}
	out := record.Misfits(m.Extra, reportInfoIdx, "")
	out = append(out, record.Misfits(m.Extra, metaIdx, "")...)
	out = append(out, record.Nested(m.Transition, "Transition")...)
	out = append(out, record.Nested(m.Deprecation, "Deprecation")...)
	return append(out, record.Nested(&m.Structure, "structure")...)
}

// MarshalJSON writes the description as one object: the list entry's
// properties, the description's own, and Extra (the entry's Extra too).
// Without it the embedded ReportInfo's MarshalJSON would be promoted and
// write the entry alone.
//
// Deprecated: reporting v1 is removed in July 2026.
func (m Meta) MarshalJSON() ([]byte, error) {
	type plain struct {
		reportInfoAlias
		metaOwn
	}
	p := plain{reportInfoAlias(m.ReportInfo), metaOwn{Type: m.Type, Currency: m.Currency, DataRetention: m.DataRetention,
		DefaultMetrics: m.DefaultMetrics, Structure: m.Structure, TimeAggregation: m.TimeAggregation,
		TimeRollups: m.TimeRollups, TimeWindows: m.TimeWindows, Timezone: m.Timezone}}
	extra := m.Extra
	if len(m.ReportInfo.Extra) > 0 {
		extra = maps.Clone(m.ReportInfo.Extra)
		maps.Copy(extra, m.Extra)
	}
	return record.EncodeObject(p, extra)
}
