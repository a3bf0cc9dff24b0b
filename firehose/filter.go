package firehose

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Filters are a consumer's active filters: filter key to values. The
// filters are AND-ed. Shape from spec §2.12 and the reference,
// GET /consumers/{name}/filters.
type Filters map[FilterKey][]string

// UnmarshalJSON reads values liberally: strings, numbers, or a single
// value instead of an array. Keys keep the spelling the server sent.
func (f *Filters) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = nil
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out := make(Filters, len(m))
	for k, raw := range m {
		var vals filterValues
		if err := json.Unmarshal(raw, &vals); err != nil {
			return err
		}
		out[FilterKey(k)] = vals
	}
	*f = out
	return nil
}

// filterValues reads an array of strings or numbers, or one of them.
type filterValues []string

func (fv *filterValues) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*fv = nil
		return nil
	}
	var items []json.RawMessage
	if len(b) > 0 && b[0] == '[' {
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
	} else {
		items = []json.RawMessage{b}
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		var s string
		if err := json.Unmarshal(it, &s); err == nil {
			out = append(out, s)
			continue
		}
		var n json.Number
		if err := json.Unmarshal(it, &n); err != nil {
			return err
		}
		out = append(out, n.String())
	}
	*fv = out
	return nil
}

// Get returns the values of key (found without regard to case).
func (f Filters) Get(key FilterKey) []string {
	if v, ok := f[key]; ok {
		return v
	}
	for k, v := range f {
		if strings.EqualFold(string(k), string(key)) {
			return v
		}
	}
	return nil
}

// Set replaces the values of key; no values removes the key.
func (f Filters) Set(key FilterKey, values ...string) {
	for k := range f {
		if strings.EqualFold(string(k), string(key)) {
			delete(f, k)
		}
	}
	if len(values) > 0 {
		f[key] = slices.Clone(values)
	}
}

// ChannelTypes returns the X-Svc-Channel-Type values.
func (f Filters) ChannelTypes() []ChannelType {
	vals := f.Get(FilterKeyChannelType)
	out := make([]ChannelType, len(vals))
	for i, v := range vals {
		out[i] = ChannelType(v)
	}
	return out
}

// AddChannelTypes adds channel types to the X-Svc-Channel-Type filter,
// keeping those already there.
func (f Filters) AddChannelTypes(cts ...ChannelType) {
	vals := slices.Clone(f.Get(FilterKeyChannelType))
	for _, c := range cts {
		if !slices.Contains(vals, string(c)) {
			vals = append(vals, string(c))
		}
	}
	f.Set(FilterKeyChannelType, vals...)
}

// Validate checks the filters: at least one of the four keys with values,
// no other key, and each value of its key's form.
func (f Filters) Validate() error {
	var v valid.Validator
	f.validate(&v, "", nil)
	return v.Err()
}

// validate checks f. Keys and values already in prev (what the server
// sent) are not refused again, so a read-change-write never fails on a
// value the SDK does not know yet.
func (f Filters) validate(v *valid.Validator, prefix string, prev Filters) {
	field := func(k FilterKey) string {
		if prefix == "" {
			return string(k)
		}
		return prefix + "." + string(k)
	}
	any4 := false
	for _, k := range sortedKeys(f) {
		vals := f[k]
		ck := k.canonical()
		if !ck.Valid() {
			if _, had := prev[k]; !had {
				v.Add(field(k), "unknown filter key; "+names(FilterKey("").Values()), string(k))
			}
			continue
		}
		any4 = any4 || len(vals) > 0
		checkFilterValues(v, field(k), ck, newValues(vals, prev.Get(ck)))
	}
	if !any4 {
		name := prefix
		if name == "" {
			name = "Filters"
		}
		v.Add(name, "at least one filter of "+strings.Join(keyNames(), ", ")+" with values", nil)
	}
}

func keyNames() []string {
	var out []string
	for _, k := range FilterKey("").Values() {
		out = append(out, string(k))
	}
	return out
}

// newValues returns the values of vals not in prev.
func newValues(vals, prev []string) []string {
	if len(prev) == 0 {
		return vals
	}
	var out []string
	for _, x := range vals {
		if !slices.Contains(prev, x) {
			out = append(out, x)
		}
	}
	return out
}

// checkFilterValues checks the values of one known key.
func checkFilterValues(v *valid.Validator, field string, key FilterKey, vals []string) {
	for i, val := range vals {
		switch {
		case strings.TrimSpace(val) == "":
			v.Addf(field, val, "value %d is empty", i)
		case key == FilterKeyChannelType && !ChannelType(val).Valid():
			v.Add(field, "channel type "+names(ChannelType("").Values()), val)
		case key == FilterKeyGeo && !ValidGeo(val):
			v.Add(field, "geo id of the reference list (60000 to 60247, 72279, 72280)", val)
		}
	}
}

// Filter is the values of one filter key of a consumer: the record of
// Filters.Get and Filters.Update (/consumers/{name}/filters/{filter}).
type Filter struct {
	// Consumer is the consumer the filter belongs to: the path of the
	// requests, never sent in the body.
	Consumer ConsumerName
	// Key is the filter key (the reference's paths write it in lower
	// case; any case is accepted).
	Key FilterKey
	// Values are the filter's values. Update sends them whole (the
	// platform's POST replaces them); none removes the filter.
	Values []string
}

// FilterListOptions names the consumer whose filters Filters.List reads.
type FilterListOptions struct {
	// Consumer is the consumer; required.
	Consumer ConsumerName
}

// FilterService reads a consumer's active filters and reads or saves the
// values of one filter key (/consumers/{name}/filters[/{filter}]).
type FilterService struct{ g *call.Group }

// filterPath returns the path of one filter key; the reference's paths
// write the key in lower case.
func filterPath(name ConsumerName, key FilterKey) string {
	return consumerPath(name, "/filters/"+strings.ToLower(string(key)))
}

// List returns the active filters of lo.Consumer, one Filter per key,
// sorted by key. The platform answers them all at once: the page is the
// whole answer. (Filters turns the page back into the map a
// ConsumerSettings holds.)
func (s *FilterService) List(ctx context.Context, lo *FilterListOptions, opts ...adama.RequestOption) (*adama.Page[*Filter], error) {
	var name ConsumerName
	if lo != nil {
		name = lo.Consumer
	}
	if err := checkName(name); err != nil {
		return nil, err
	}
	f, err := call.One[Filters](ctx, s.g, &call.Call{Path: consumerPath(name, "/filters")}, opts...)
	if err != nil {
		return nil, err
	}
	items := make([]*Filter, 0, len(*f))
	for _, k := range sortedKeys(*f) {
		items = append(items, &Filter{Consumer: name, Key: k, Values: (*f)[k]})
	}
	return &adama.Page[*Filter]{Items: items, Count: len(items)}, nil
}

// FiltersOf returns the filters of a page of Filters.List as the map a
// ConsumerSettings holds.
func FiltersOf(p *adama.Page[*Filter]) Filters {
	if p == nil {
		return nil
	}
	out := make(Filters, len(p.Items))
	for _, f := range p.Items {
		if f != nil {
			out[f.Key] = f.Values
		}
	}
	return out
}

// Get returns the values of one filter key of the consumer.
func (s *FilterService) Get(ctx context.Context, name ConsumerName, key FilterKey, opts ...adama.RequestOption) (*Filter, error) {
	var v valid.Validator
	v.Require("name", name != "")
	v.Check(key.canonical().Valid(), "filter", names(key.Values()), string(key))
	if err := v.Err(); err != nil {
		return nil, err
	}
	ck := key.canonical()
	vals, err := call.One[filterValues](ctx, s.g, &call.Call{Path: filterPath(name, ck)}, opts...)
	if err != nil {
		return nil, err
	}
	return &Filter{Consumer: name, Key: ck, Values: []string(*vals)}, nil
}

// Update replaces the values of the filter key rec.Key of rec.Consumer
// with rec.Values. The caller needs permission for the values (see
// Permissions.Check). No values removes the filter; the active filters
// are then read first and the change refused when no other filter would
// remain. The platform answers no record: rec is returned as saved.
func (s *FilterService) Update(ctx context.Context, rec *Filter, opts ...adama.RequestOption) (*Filter, error) {
	var v valid.Validator
	v.Require("Filter", rec != nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	name, values := rec.Consumer, rec.Values
	v.Require("name", name != "")
	ck := rec.Key.canonical()
	v.Check(ck.Valid(), "filter", names(rec.Key.Values()), string(rec.Key))
	if ck.Valid() {
		checkFilterValues(&v, string(ck), ck, values)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(values) == 0 {
		cur, err := call.One[Filters](ctx, s.g, &call.Call{Path: consumerPath(name, "/filters")}, opts...)
		if err != nil {
			return nil, err
		}
		next := Filters{}
		for k, vals := range *cur {
			next[k] = vals
		}
		next.Set(ck)
		any4 := false
		for k, vals := range next {
			any4 = any4 || (k.canonical().Valid() && len(vals) > 0)
		}
		if !any4 {
			v.Add(string(ck), "at least one filter of "+strings.Join(keyNames(), ", ")+" must remain", nil)
			return nil, v.Err()
		}
	}
	body := values
	if body == nil {
		body = []string{}
	}
	if err := s.g.NoContent(ctx, &call.Call{Method: "POST", Path: filterPath(name, ck), JSON: body}, opts...); err != nil {
		return nil, err
	}
	return rec, nil
}
