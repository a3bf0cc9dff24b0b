package creatives

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Extra holds the properties of a record the SDK does not model, as the
// server sent them. They are written back when the record is sent, so a
// read-modify-write never loses a new server field.
type Extra = map[string]json.RawMessage

// decodeObject decodes the JSON object b into dst (a pointer to a
// method-less alias of a record type) and returns the properties dst has no
// field for. It reads what the platform sends: a number or boolean sent as
// a string, text sent as a number. A value that still does not fit fails
// the decode naming the field; it is never turned into a zero (which a
// full update would then send).
func decodeObject(b []byte, dst any) (Extra, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	v := reflect.ValueOf(dst).Elem()
	fields := jsonFields(v.Type())
	var extra Extra
	keep := func(k string, raw json.RawMessage) {
		if extra == nil {
			extra = Extra{}
		}
		extra[k] = raw
	}
	for k, raw := range obj {
		idx, ok := fields[k]
		if !ok {
			keep(k, raw)
			continue
		}
		f := v.FieldByIndex(idx)
		if err := json.Unmarshal(lenient(raw, f.Type()), f.Addr().Interface()); err != nil {
			return nil, fmt.Errorf("creatives: decoding record: field %s: %w", k, err)
		}
	}
	return extra, nil
}

// encodeObject writes src (a method-less alias value of a record type)
// and adds the extra properties its fields did not write.
func encodeObject(src any, extra Extra) ([]byte, error) {
	b, err := json.Marshal(src)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	for k, raw := range extra {
		if _, ok := obj[k]; !ok && json.Valid(raw) {
			obj[k] = raw
		}
	}
	return json.Marshal(obj)
}

// jsonFields maps the JSON names of t's fields (a struct) to their index,
// following embedded structs.
func jsonFields(t reflect.Type) map[string][]int {
	out := map[string][]int{}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := out[name]; !dup {
			out[name] = f.Index
		}
	}
	return out
}

// lenient rewrites raw so that it decodes into a value of type t: a
// numeric string for a number, a "true"/"false"/"1"/"0" string for a
// boolean, a number for text, element by element for a slice.
func lenient(raw json.RawMessage, t reflect.Type) json.RawMessage {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return raw
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if raw[0] == '"' {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				s = strings.TrimSpace(s)
				if s == "" {
					return json.RawMessage("null")
				}
				if _, err := strconv.ParseFloat(s, 64); err == nil {
					return json.RawMessage(s)
				}
			}
		}
	case reflect.String:
		if raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9') {
			return append(append(json.RawMessage{'"'}, raw...), '"')
		}
	case reflect.Bool:
		if raw[0] == '"' {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				switch strings.ToLower(strings.TrimSpace(s)) {
				case "true", "1", "t", "yes":
					return json.RawMessage("true")
				case "false", "0", "f", "no", "":
					return json.RawMessage("false")
				}
			}
		}
	case reflect.Slice:
		if raw[0] != '[' || t.Elem().Kind() == reflect.Uint8 {
			return raw
		}
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return raw
		}
		changed := false
		for i, it := range items {
			n := lenient(it, t.Elem())
			if !bytes.Equal(n, it) {
				items[i], changed = n, true
			}
		}
		if changed {
			if b, err := json.Marshal(items); err == nil {
				return b
			}
		}
	}
	return raw
}

// FlexString is a string the platform sends either as a string or as a
// number (a parent id, a code); it is kept as text.
type FlexString string

// UnmarshalJSON accepts a string, a number or null.
func (s *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*s = ""
		return nil
	case len(b) > 0 && b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = FlexString(v)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("creatives: expected a string or a number")
	}
	*s = FlexString(n.String())
	return nil
}

// enumRule is the validation rule text naming every allowed value.
func enumRule[E ~string](values []E) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = string(v)
	}
	return "one of: " + strings.Join(parts, ", ")
}
