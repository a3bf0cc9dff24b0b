package byoa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Client holds one service per resource of group H.
type Client struct {
	// CampaignSettings reads and changes campaign-level settings.
	CampaignSettings *CampaignSettingsService
	// StrategySettings reads and changes strategy-level settings.
	StrategySettings *StrategySettingsService
	// BidRouter reads the custom bid router's configuration and sets an
	// executor's sample rate.
	BidRouter *BidRouterService
	// Models uploads, reads, decodes and deletes model data.
	Models *ModelsService
}

// Option configures New.
type Option func(*options)

type options struct {
	executors []int64
}

// WithExecutorIDs replaces the executor ids settings may name (by default
// only CurrentExecutorID, the value the reference requires). Use it only
// when the platform has announced a new executor version.
func WithExecutorIDs(ids ...int64) Option {
	return func(o *options) { o.executors = append([]int64(nil), ids...) }
}

// New returns the group H services on c. Requests go to {byoa_url}
// (adama.WithBYOAURL).
func New(c *adama.Client, opts ...Option) *Client {
	o := options{executors: []int64{CurrentExecutorID}}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBYOA, Auth: adama.AuthSessionHeaders, Envelope: call.DataMeta}
	return &Client{
		CampaignSettings: &CampaignSettingsService{g: g, executors: o.executors},
		StrategySettings: &StrategySettingsService{g: g, executors: o.executors},
		BidRouter:        &BidRouterService{g: g},
		Models:           &ModelsService{g: g},
	}
}

// seg escapes one path segment.
func seg(s string) string { return url.PathEscape(s) }

// id formats an integer path segment.
func id(n int64) string { return strconv.FormatInt(n, 10) }

// decodeObject decodes the JSON object b into rec (a pointer to a
// method-less alias of a record type) and returns the members rec does not
// know, for the record's Extra. Reading is liberal: a numeric field sent as
// a numeric string ("7") is read as the number, a string field sent as a
// number (a namespace 100667) as its digits.
//
// The common case costs one decode plus a scan of the top-level keys; only
// a body whose values need fixing is decoded through a map.
func decodeObject(b []byte, rec any) (map[string]json.RawMessage, error) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil, nil
	}
	known := wire.FieldTypes(reflect.TypeOf(rec))
	if err := json.Unmarshal(b, rec); err == nil {
		var extra map[string]json.RawMessage
		err := jsonscan.Members(b, func(key, val []byte) bool {
			if _, ok := known[string(key)]; ok {
				return true
			}
			name := string(key)
			if _, ok := foldLookup(known, name); ok {
				return true
			}
			if extra == nil {
				extra = make(map[string]json.RawMessage, 2)
			}
			extra[name] = append(json.RawMessage(nil), val...)
			return true
		})
		if err == nil {
			return extra, nil
		}
	}
	reflect.ValueOf(rec).Elem().SetZero()
	return decodeObjectSlow(b, rec, known)
}

// decodeObjectSlow decodes through a map, fixing numbers sent as strings
// and strings sent as numbers.
func decodeObjectSlow(b []byte, rec any, known map[string]reflect.Type) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	var extra map[string]json.RawMessage
	fixed := false
	for k, v := range obj {
		ft, ok := known[k]
		if !ok {
			ft, ok = foldLookup(known, k)
		}
		if !ok {
			if extra == nil {
				extra = make(map[string]json.RawMessage, 2)
			}
			extra[k] = v
			continue
		}
		if n, ok := numericString(v, ft); ok {
			obj[k] = n
			fixed = true
		} else if q, ok := numberAsString(v, ft); ok {
			obj[k] = q
			fixed = true
		}
	}
	if fixed {
		nb, err := json.Marshal(obj)
		if err != nil {
			return nil, err
		}
		b = nb
	}
	if err := json.Unmarshal(b, rec); err != nil {
		return nil, err
	}
	return extra, nil
}

// numericString returns the bare number of v when v is a JSON string
// holding a number and ft (a field type) is numeric.
func numericString(v json.RawMessage, ft reflect.Type) (json.RawMessage, bool) {
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	switch ft.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
	default:
		return nil, false
	}
	v = bytes.TrimSpace(v)
	if len(v) < 2 || v[0] != '"' {
		return nil, false
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return nil, false
	}
	s = strings.TrimSpace(s)
	if !json.Valid([]byte(s)) {
		return nil, false
	}
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		return nil, false
	}
	return json.RawMessage(s), true
}

// numberAsString returns v quoted when v is a JSON number and ft a string
// field (a namespace sent as 100667 where "100667" is documented).
func numberAsString(v json.RawMessage, ft reflect.Type) (json.RawMessage, bool) {
	if ft.Kind() != reflect.String {
		return nil, false
	}
	v = bytes.TrimSpace(v)
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return nil, false
	}
	q, err := json.Marshal(string(v))
	return q, err == nil
}

// encodeObject marshals rec (a method-less alias of a record) and adds the
// members of extra it does not already hold.
func encodeObject(rec any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(rec)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	for k, v := range extra {
		if _, ok := obj[k]; !ok && json.Valid(v) {
			obj[k] = v
		}
	}
	return json.Marshal(obj)
}

// errorf builds an error of the package's decoders.
func errorf(format string, args ...any) error { return fmt.Errorf("byoa: "+format, args...) }

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }

// foldLookup finds k among known ignoring case, as encoding/json matches.
func foldLookup(known map[string]reflect.Type, k string) (reflect.Type, bool) {
	for name, t := range known {
		if strings.EqualFold(name, k) {
			return t, true
		}
	}
	return nil, false
}
