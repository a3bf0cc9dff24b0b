package targeting

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
)

// MaxInt32 is the largest value of the reference's int32 fields.
const MaxInt32 = math.MaxInt32

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// decodeRecord reads the JSON object b into dst, a pointer to a struct
// whose fields carry json tags, the way the platform may send it: integers
// as numbers, integral floats or numeric strings, booleans in every form
// adama.ParseBool reads, strings from any scalar. Properties without a
// field are kept in *extra so that writing the record back loses nothing.
// A null or empty object leaves dst at its zero value.
func decodeRecord(b []byte, dst any, extra *map[string]json.RawMessage) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	rv := reflect.ValueOf(dst).Elem()
	rv.SetZero()
	rt := rv.Type()
	for i := range rt.NumField() {
		name := jsonName(rt.Field(i))
		if name == "" {
			continue
		}
		raw, ok := m[name]
		if !ok {
			continue
		}
		delete(m, name)
		if err := decodeField(rv.Field(i), raw); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	*extra = nil
	if len(m) > 0 {
		*extra = m
	}
	return nil
}

// jsonName returns the wire name of an exported struct field ("" when it
// has none or is skipped).
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" || name == "" {
		return ""
	}
	return name
}

func decodeField(v reflect.Value, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	isNull := bytes.Equal(raw, []byte("null"))
	if reflect.PointerTo(v.Type()).Implements(unmarshalerType) {
		return json.Unmarshal(raw, v.Addr().Interface())
	}
	if isNull {
		v.SetZero()
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := decodeField(p.Elem(), raw); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := flexInt(raw)
		if err != nil {
			return err
		}
		if v.OverflowInt(n) {
			return fmt.Errorf("%d is out of range", n)
		}
		v.SetInt(n)
		return nil
	case reflect.Bool:
		s := string(raw)
		if len(raw) > 0 && raw[0] == '"' {
			if err := json.Unmarshal(raw, &s); err != nil {
				return err
			}
		}
		b, err := adama.ParseBool(s)
		if err != nil {
			return err
		}
		v.SetBool(b)
		return nil
	case reflect.String:
		if len(raw) > 0 && raw[0] == '"' {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return err
			}
			v.SetString(s)
			return nil
		}
		if len(raw) > 0 && (raw[0] == '{' || raw[0] == '[') {
			return errors.New("an object or array where a string was expected")
		}
		v.SetString(string(raw))
		return nil
	}
	return json.Unmarshal(raw, v.Addr().Interface())
}

// flexInt reads an integer sent as a JSON number (an integral float
// included) or as a numeric string.
func flexInt(raw []byte) (int64, error) {
	s := string(raw)
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		s = strings.TrimSpace(s)
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.IsInf(f, 0) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, fmt.Errorf("%q is not an integer", truncate(s, 40))
	}
	return int64(f), nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// encodeRecord writes src (a struct value without methods) as a JSON
// object and adds the properties of extra that src does not write.
func encodeRecord(src any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(src)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, v := range extra {
		if _, ok := m[k]; !ok && json.Valid(v) {
			m[k] = v
		}
	}
	return json.Marshal(m)
}

// extraChanges returns the unknown properties changed between orig and
// cur: added or changed ones with their new value, removed ones as null.
func extraChanges(orig, cur map[string]json.RawMessage) map[string]json.RawMessage {
	var out map[string]json.RawMessage
	set := func(k string, v json.RawMessage) {
		if out == nil {
			out = map[string]json.RawMessage{}
		}
		out[k] = v
	}
	for k, v := range cur {
		if o, ok := orig[k]; !ok || !bytes.Equal(bytes.TrimSpace(o), bytes.TrimSpace(v)) {
			set(k, v)
		}
	}
	for k := range orig {
		if _, ok := cur[k]; !ok {
			set(k, json.RawMessage("null"))
		}
	}
	return out
}

// enum is the set of values of one enum type, declared once per type;
// Values, Valid and IsKnown of every enum are built on it.
type enum[T ~string] []T

func (e enum[T]) values() []T { return slices.Clone(e) }

func (e enum[T]) has(v T) bool { return slices.Contains(e, v) }

func (e enum[T]) list() string {
	parts := make([]string, len(e))
	for i, v := range e {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}

// checkEnum records a violation when v is set and not one of e.
func checkEnum[T ~string](vd *adama.Validator, field string, v T, e enum[T]) {
	if v != "" && !e.has(v) {
		vd.Add(field, "one of: "+e.list(), string(v))
	}
}

// checkInt32 records a violation when n lies outside lo..MaxInt32.
func checkInt32(vd *adama.Validator, field string, n, lo int64) {
	vd.Range(field, n, lo, MaxInt32)
}

// checkID records a violation when id is not a positive id.
func checkID(vd *adama.Validator, field string, id int64) {
	vd.Check(id >= 1, field, "must be a positive id", id)
}

// optChanged sets *dst to Some(cur) when cur differs from orig.
func optChanged[T comparable](dst *adama.Optional[T], orig, cur T) {
	if orig != cur {
		*dst = adama.Some(cur)
	}
}
