package beamio

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph/window"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/adamasdk/adama-go/firehose"
)

// Keys are the values of the four filter keys (X-Svc-Exch-Id,
// X-Svc-Deal-Id, X-Svc-Channel-Type, X-Svc-Geo) that one opportunity
// carries.
type Keys struct {
	// Exchange is the exchange id ("" when the record has none).
	Exchange string
	// Deals are the deal ids of the impressions' private marketplaces.
	Deals []string
	// Channel is the channel type, estimated from the OpenRTB fields.
	Channel firehose.ChannelType
	// Geo is the geo id when KeyOptions.GeoIDs maps the record's country,
	// else the country as the record writes it ("" when it has none).
	Geo string
}

// KeyOptions say how an opportunity's fields map to the filter keys. The
// zero value reads the exchange id from the request's ext.exchange_id and
// keeps countries as written.
type KeyOptions struct {
	// ExchangeField is the property of the request's ext object that holds
	// the exchange id ("exchange_id" when empty), a string or a number.
	ExchangeField string
	// GeoIDs maps a country as records write it ("USA") to the geo id of
	// the reference list ("60231"), so that geo keys can be compared with
	// X-Svc-Geo filter values. A country it lacks is kept as written.
	GeoIDs map[string]string
}

// KeysOf returns the filter-key values of r. opts may be nil.
func KeysOf(r *firehose.BidRequest, opts *KeyOptions) Keys {
	var o KeyOptions
	if opts != nil {
		o = *opts
	}
	return Keys{Exchange: exchangeOf(r, o.ExchangeField), Deals: dealsOf(r), Channel: firehose.ChannelOf(r), Geo: geoOf(r, o.GeoIDs)}
}

// exchangeOf reads ext[field] as a string or a number.
func exchangeOf(r *firehose.BidRequest, field string) string {
	if len(r.Ext) == 0 {
		return ""
	}
	if field == "" {
		field = "exchange_id"
	}
	var ext map[string]json.RawMessage
	if json.Unmarshal(r.Ext, &ext) != nil {
		return ""
	}
	return scalar(ext[field])
}

// scalar returns a JSON string's value or a number's text ("" otherwise).
func scalar(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// dealsOf returns the deal ids of imp[].pmp.deals[].id, once each, in
// order.
func dealsOf(r *firehose.BidRequest) []string {
	var out []string
	for _, imp := range r.Imp {
		if imp.PMP == nil {
			continue
		}
		for _, d := range imp.PMP.Deals {
			if d.ID != "" && !slices.Contains(out, d.ID) {
				out = append(out, d.ID)
			}
		}
	}
	return out
}

// ChannelOf estimates the channel type of r from its OpenRTB fields.
//
// Deprecated: use firehose.ChannelOf, which this calls.
func ChannelOf(r *firehose.BidRequest) firehose.ChannelType { return firehose.ChannelOf(r) }

// geoOf returns the device's country (else the user's), mapped through
// ids when it holds it.
func geoOf(r *firehose.BidRequest, ids map[string]string) string {
	c := ""
	switch {
	case r.Device != nil && r.Device.Geo != nil && r.Device.Geo.Country != "":
		c = r.Device.Geo.Country
	case r.User != nil && r.User.Geo != nil:
		c = r.User.Geo.Country
	}
	if id, ok := ids[c]; ok && c != "" {
		return id
	}
	return c
}

// Match reports whether k passes filters f: for every key of f with
// values, k's value (for deals, one of them) is among them. Filters are
// AND-ed, as the platform applies them. Keys are matched without regard
// to case; a key that is none of the four is an error.
func (k Keys) Match(f firehose.Filters) (bool, error) {
	ok := true
	for key, vals := range f {
		if len(vals) == 0 {
			continue
		}
		switch {
		case strings.EqualFold(string(key), string(firehose.FilterKeyExchangeID)):
			ok = ok && slices.Contains(vals, k.Exchange)
		case strings.EqualFold(string(key), string(firehose.FilterKeyDealID)):
			ok = ok && slices.ContainsFunc(k.Deals, func(d string) bool { return slices.Contains(vals, d) })
		case strings.EqualFold(string(key), string(firehose.FilterKeyChannelType)):
			ok = ok && slices.Contains(vals, string(k.Channel))
		case strings.EqualFold(string(key), string(firehose.FilterKeyGeo)):
			ok = ok && slices.Contains(vals, k.Geo)
		default:
			return false, fmt.Errorf("beamio: filter key %q is not one of %v", key, firehose.FilterKey("").Values())
		}
	}
	return ok, nil
}

// Filter keeps the opportunities of col (PCollection<Opportunity>) that
// pass filters f (see Keys.Match). opts may be nil. A filter key that is
// none of the four is an error before anything is added to the pipeline.
func Filter(s beam.Scope, col beam.PCollection, f firehose.Filters, opts *KeyOptions) (beam.PCollection, error) {
	if _, err := (Keys{}).Match(f); err != nil {
		return beam.PCollection{}, err
	}
	fn := &filterFn{Filters: f}
	if opts != nil {
		fn.Keys = *opts
	}
	return beam.ParDo(s.Scope("beamio.Filter"), fn, col), nil
}

// filterFn keeps the opportunities that pass Filters.
type filterFn struct {
	Filters firehose.Filters
	Keys    KeyOptions
}

// ProcessElement emits o when it passes the filters.
func (f *filterFn) ProcessElement(o Opportunity, emit func(Opportunity)) {
	if ok, _ := KeysOf(&o.Request, &f.Keys).Match(f.Filters); ok {
		emit(o)
	}
}

// HourCount is how many opportunities of one delivery hour carry one
// exchange, channel type and geo.
type HourCount struct {
	// Hour is the hour's start, in UTC.
	Hour time.Time
	// Exchange is the exchange id.
	Exchange string
	// Channel is the channel type.
	Channel string
	// Geo is the geo id or country (see Keys.Geo).
	Geo string
	// Count is the number of opportunities.
	Count int
}

// countKey is what CountByHour groups by within an hour.
type countKey struct {
	Exchange string
	Channel  string
	Geo      string
}

// keyFn maps an opportunity to its count key.
type keyFn struct {
	Keys KeyOptions
}

// ProcessElement returns o's count key.
func (f *keyFn) ProcessElement(o Opportunity) countKey {
	k := KeysOf(&o.Request, &f.Keys)
	return countKey{Exchange: k.Exchange, Channel: string(k.Channel), Geo: k.Geo}
}

// hourCountFn turns a count of one hourly window into a HourCount.
func hourCountFn(w beam.Window, k countKey, n int) HourCount {
	var hour time.Time
	if iw, ok := w.(window.IntervalWindow); ok {
		hour = iw.Start.ToTime().UTC()
	}
	return HourCount{Hour: hour, Exchange: k.Exchange, Channel: k.Channel, Geo: k.Geo, Count: n}
}

// CountByHour counts the opportunities of col (PCollection<Opportunity>)
// per event-time hour by exchange, channel type and geo. It returns a
// PCollection<HourCount>, each in its hour's window. opts may be nil.
func CountByHour(s beam.Scope, col beam.PCollection, opts *KeyOptions) beam.PCollection {
	s = s.Scope("beamio.CountByHour")
	fn := &keyFn{}
	if opts != nil {
		fn.Keys = *opts
	}
	hourly := beam.WindowInto(s, window.NewFixedWindows(time.Hour), col)
	counts := stats.Count(s, beam.ParDo(s, fn, hourly))
	return beam.ParDo(s, hourCountFn, counts)
}
