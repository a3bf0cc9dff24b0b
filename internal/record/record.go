// Package record reads and writes the JSON records of groups E and F
// leniently and without loss: numbers and booleans also as strings, a
// value that fits no field kept instead of failing the record, unknown
// properties kept and written back, and the diff of two writable forms for
// updates that send only what changed.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
)

// Index maps the JSON names of a struct's fields to their index.
type Index map[string]int

// IndexOf lists the JSON names of t's exported fields (fields tagged "-"
// are left out).
func IndexOf(t reflect.Type) Index {
	idx := Index{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		idx[name] = i
	}
	return idx
}

// DecodeObject reads the JSON object b into the struct dst points to,
// field by field and leniently: integers and booleans may come as strings
// ("12", "true", "1"), a value that fits no field is kept in the returned
// map instead of failing the record, and so is every property the struct
// does not name. A body that is not an object is an error.
func DecodeObject(b []byte, dst any, idx Index) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, errors.New("expected a JSON object, found null")
	}
	// Fast path: the whole object fits the struct as is; only the
	// properties the struct does not name remain to be kept.
	if !foldCollision(obj, idx) && json.Unmarshal(b, dst) == nil {
		var extra map[string]json.RawMessage
		for k, raw := range obj {
			if _, ok := idx[k]; !ok {
				if extra == nil {
					extra = map[string]json.RawMessage{}
				}
				extra[k] = raw
			}
		}
		return extra, nil
	}
	v := reflect.ValueOf(dst).Elem()
	v.SetZero()
	var extra map[string]json.RawMessage
	for k, raw := range obj {
		i, ok := idx[k]
		if ok && decodeValue(v.Field(i), raw) == nil {
			continue
		}
		if ok {
			v.Field(i).SetZero()
		}
		if extra == nil {
			extra = map[string]json.RawMessage{}
		}
		extra[k] = raw
	}
	return extra, nil
}

// foldCollision reports a property that is not a field's exact name but
// matches one ignoring case (encoding/json would fill the field with it).
func foldCollision(obj map[string]json.RawMessage, idx Index) bool {
	for k := range obj {
		if _, ok := idx[k]; ok {
			continue
		}
		for name := range idx {
			if strings.EqualFold(k, name) {
				return true
			}
		}
	}
	return false
}

// decodeValue decodes raw into f, reading integers, floats and booleans
// also from strings and lists element by element.
func decodeValue(f reflect.Value, raw json.RawMessage) error {
	err := json.Unmarshal(raw, f.Addr().Interface())
	if err == nil {
		return nil
	}
	raw = bytes.TrimSpace(raw)
	switch f.Kind() {
	case reflect.Pointer:
		if string(raw) == "null" {
			f.SetZero()
			return nil
		}
		p := reflect.New(f.Type().Elem())
		if e := decodeValue(p.Elem(), raw); e != nil {
			return e
		}
		f.Set(p)
		return nil
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return err
		}
		out := reflect.MakeSlice(f.Type(), len(items), len(items))
		for i, it := range items {
			if e := decodeValue(out.Index(i), it); e != nil {
				return e
			}
		}
		f.Set(out)
		return nil
	}
	s, ok := unquote(raw)
	if !ok {
		return err
	}
	switch f.Kind() {
	case reflect.String:
		// A bare number where text is expected ("code": 1234567).
		if len(raw) > 0 && raw[0] != '"' && raw[0] != 'n' && raw[0] != 't' && raw[0] != 'f' && json.Valid(raw) {
			f.SetString(s)
			return nil
		}
		return err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, e := strconv.ParseInt(strings.TrimSpace(s), 10, f.Type().Bits())
		if e != nil {
			return err
		}
		f.SetInt(n)
		return nil
	case reflect.Float32, reflect.Float64:
		x, e := strconv.ParseFloat(strings.TrimSpace(s), f.Type().Bits())
		if e != nil {
			return err
		}
		f.SetFloat(x)
		return nil
	case reflect.Bool:
		x, e := adama.ParseBool(s)
		if e != nil {
			return err
		}
		f.SetBool(x)
		return nil
	}
	return err
}

// unquote returns the text of a JSON string, or a bare number or literal
// as written.
func unquote(raw []byte) (string, bool) {
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	}
	if len(raw) == 0 || raw[0] == '{' || raw[0] == '[' {
		return "", false
	}
	return string(raw), true
}

// EncodeObject writes v (a struct) as a JSON object followed by the extra
// properties, in key order; a property v already writes wins.
func EncodeObject(v any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var known map[string]json.RawMessage
	if err := json.Unmarshal(b, &known); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		if _, dup := known[k]; !dup {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	out := bytes.NewBuffer(b[:len(b)-1])
	sep := len(known) > 0
	for _, k := range keys {
		if sep {
			out.WriteByte(',')
		}
		sep = true
		kb, _ := json.Marshal(k)
		out.Write(kb)
		out.WriteByte(':')
		val := bytes.TrimSpace(extra[k])
		if !json.Valid(val) {
			val = []byte("null")
		}
		out.Write(val)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// Diff returns the properties of now that differ from before (a property
// now lacks is sent as null, which clears it).
func Diff(before, now map[string]json.RawMessage) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range now {
		if b, ok := before[k]; !ok || !JSONEqual(b, v) {
			out[k] = v
		}
	}
	for k := range before {
		if _, ok := now[k]; !ok {
			out[k] = json.RawMessage("null")
		}
	}
	return out
}

// JSONEqual compares two JSON texts by value.
func JSONEqual(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// ToMap turns a JSON object text into its properties.
func ToMap(b []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	return m
}

// DecodeInto resets *alias, decodes b into it and puts the properties it
// does not name in *extra. null leaves the zero value.
func DecodeInto[A any](b []byte, alias *A, idx Index, extra *map[string]json.RawMessage) error {
	var zero A
	*alias = zero
	*extra = nil
	if IsNull(b) {
		return nil
	}
	ex, err := DecodeObject(b, alias, idx)
	if err != nil {
		return err
	}
	*extra = ex
	return nil
}

// IsNull reports a JSON null.
func IsNull(b []byte) bool { return string(bytes.TrimSpace(b)) == "null" }
