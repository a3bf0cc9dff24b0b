package deals

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

// fieldIndex maps the JSON names of a struct's fields to their index.
type fieldIndex map[string]int

// indexOf lists the JSON names of t's exported fields (fields tagged "-"
// are left out).
func indexOf(t reflect.Type) fieldIndex {
	idx := fieldIndex{}
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

// decodeObject reads the JSON object b into the struct dst points to,
// field by field and leniently: integers and booleans may come as strings
// ("12", "true", "1"), a value that fits no field is kept in the returned
// map instead of failing the record, and so is every property the struct
// does not name. A body that is not an object is an error.
func decodeObject(b []byte, dst any, idx fieldIndex) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, errors.New("expected a JSON object, found null")
	}
	v := reflect.ValueOf(dst).Elem()
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

// encodeObject writes v (a struct) as a JSON object followed by the extra
// properties, in key order; a property v already writes wins.
func encodeObject(v any, extra map[string]json.RawMessage) ([]byte, error) {
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

// diff returns the properties of now that differ from before (a property
// now lacks is sent as null, which clears it).
func diff(before, now map[string]json.RawMessage) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range now {
		if b, ok := before[k]; !ok || !jsonEqual(b, v) {
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

// jsonEqual compares two JSON texts by value.
func jsonEqual(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// toMap turns a JSON object text into its properties.
func toMap(b []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	return m
}

func sortStrings(s []string) { slices.Sort(s) }
