package targeting

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
)

// MaxInt32 is the largest value of the reference's int32 fields.
const MaxInt32 = math.MaxInt32

// fieldTable maps the wire names of a record type's fields to their
// indexes. Each record type builds its table once, at package
// initialisation, and never changes it.
type fieldTable map[string]int

// fieldsOf returns the field table of the struct type T.
func fieldsOf[T any]() fieldTable {
	rt := reflect.TypeFor[T]()
	t := fieldTable{}
	for i := range rt.NumField() {
		if name := jsonName(rt.Field(i)); name != "" {
			t[name] = i
		}
	}
	return t
}

// decodeRecord reads the JSON object b into dst, a pointer to a struct
// whose fields carry json tags (tbl is its table), the way the platform
// may send it: integers as numbers, integral floats or numeric strings,
// booleans in every form adama.ParseBool reads, strings from any scalar.
// Properties without a field are kept in *extra so that writing the record
// back loses nothing. It walks the object once. A null leaves dst at its
// zero value.
func decodeRecord(b []byte, dst any, extra *map[string]json.RawMessage, tbl fieldTable) error {
	rv := reflect.ValueOf(dst).Elem()
	rv.SetZero()
	*extra = nil
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		return nil
	}
	var ferr error
	err := jsonscan.Members(b, func(key, value []byte) bool {
		i, ok := tbl[string(key)]
		if !ok {
			if *extra == nil {
				*extra = map[string]json.RawMessage{}
			}
			// The decoder's buffer is not ours to keep.
			(*extra)[string(key)] = bytes.Clone(value)
			return true
		}
		if err := decodeField(rv.Field(i), value); err != nil {
			ferr = fmt.Errorf("%s: %w", key, err)
			return false
		}
		return true
	})
	if err != nil {
		return err
	}
	return ferr
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
	if u, ok := v.Addr().Interface().(json.Unmarshaler); ok {
		if !json.Valid(raw) {
			return errors.New("malformed JSON value")
		}
		return u.UnmarshalJSON(raw)
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
		n, ok := plainInt(raw)
		if ok {
			if v.OverflowInt(n) {
				return fmt.Errorf("%d is out of range", n)
			}
			v.SetInt(n)
			return nil
		}
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
		switch string(raw) {
		case "true":
			v.SetBool(true)
			return nil
		case "false":
			v.SetBool(false)
			return nil
		}
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
		if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' && plainString(raw[1:len(raw)-1]) {
			v.SetString(string(raw[1 : len(raw)-1]))
			return nil
		}
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
		if !json.Valid(raw) {
			return errors.New("malformed JSON value")
		}
		v.SetString(string(raw))
		return nil
	}
	return json.Unmarshal(raw, v.Addr().Interface())
}

// plainInt reads a plain JSON integer of at most 18 digits without
// allocating.
func plainInt(raw []byte) (int64, bool) {
	neg := len(raw) > 0 && raw[0] == '-'
	d := raw
	if neg {
		d = raw[1:]
	}
	if len(d) == 0 || len(d) > 18 || (d[0] == '0' && len(d) > 1) {
		return 0, false
	}
	var n int64
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// plainString reports a JSON string body without escapes or control
// characters, in valid UTF-8: its bytes are the value.
func plainString(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c == '"' || c < 0x20 {
			return false
		}
	}
	return utf8.Valid(b)
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

// enumType is a typed enum: its methods are generated by
// internal/cmd/enumgen (enums_gen.go) from the //adama:enum declarations.
type enumType[T any] interface {
	~string
	Valid() bool
	Values() []T
}

// checkEnum records a violation when v is set and not one of its type's
// values.
func checkEnum[T enumType[T]](vd *adama.Validator, field string, v T) {
	if v == "" || v.Valid() {
		return
	}
	vals := v.Values()
	parts := make([]string, len(vals))
	for i, x := range vals {
		parts[i] = string(x)
	}
	vd.Add(field, "one of: "+strings.Join(parts, ", "), string(v))
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
