package reporting

import (
	"encoding/json"
	"reflect"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
)

// The report descriptions follow the one decoding rule of every group: a
// value that fits no documented form leaves its field zero and is kept in
// Extra under the field's name, reported by Misfits (a strict client's
// call fails on it); unknown properties are kept in Extra too.

type (
	fieldAlias       Field
	transitionAlias  Transition
	deprecationAlias Deprecation
	reportInfoAlias  ReportInfo
	structureAlias   Structure
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

var (
	fieldIdx       = record.IndexOf(reflect.TypeFor[fieldAlias]())
	transitionIdx  = record.IndexOf(reflect.TypeFor[transitionAlias]())
	deprecationIdx = record.IndexOf(reflect.TypeFor[deprecationAlias]())
	reportInfoIdx  = record.IndexOf(reflect.TypeFor[reportInfoAlias]())
	structureIdx   = record.IndexOf(reflect.TypeFor[structureAlias]())
	metaIdx        = record.IndexOf(reflect.TypeFor[metaOwn]())
)

// UnmarshalJSON reads the field liberally and keeps unknown properties.
func (f *Field) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*fieldAlias)(f), fieldIdx, &f.Extra)
}

// Misfits lists the values that fit no documented form (see adama.Misfit).
func (f *Field) Misfits() []adama.Misfit {
	if f == nil {
		return nil
	}
	return record.Report(f, fieldIdx, f.Extra)
}

// UnmarshalJSON reads the transition liberally and keeps unknown
// properties.
func (t *Transition) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*transitionAlias)(t), transitionIdx, &t.Extra)
}

// Misfits lists the values that fit no documented form (see adama.Misfit).
func (t *Transition) Misfits() []adama.Misfit {
	if t == nil {
		return nil
	}
	return record.Report(t, transitionIdx, t.Extra)
}

// UnmarshalJSON reads the deprecation liberally and keeps unknown
// properties.
func (d *Deprecation) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*deprecationAlias)(d), deprecationIdx, &d.Extra)
}

// Misfits lists the values that fit no documented form (see adama.Misfit).
func (d *Deprecation) Misfits() []adama.Misfit {
	if d == nil {
		return nil
	}
	return record.Report(d, deprecationIdx, d.Extra)
}

// UnmarshalJSON reads the structure liberally and keeps unknown
// properties.
func (s *Structure) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*structureAlias)(s), structureIdx, &s.Extra)
}

// Misfits lists the values that fit no documented form, the fields'
// under their path ("metrics.impressions.type"; see adama.Misfit).
func (s *Structure) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, structureIdx, s.Extra)
}

// UnmarshalJSON reads the report entry liberally and keeps unknown
// properties.
func (r *ReportInfo) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*reportInfoAlias)(r), reportInfoIdx, &r.Extra)
}

// Misfits lists the values that fit no documented form, the transition's
// and deprecation's under their path (see adama.Misfit).
func (r *ReportInfo) Misfits() []adama.Misfit {
	if r == nil {
		return nil
	}
	return record.Report(r, reportInfoIdx, r.Extra)
}

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
