package firehose

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"strconv"
	"strings"
)

// Records of this package keep every property the SDK does not model in
// an Extra map: decodeRecord fills it, encodeRecord writes it back, so a
// GET posted back loses nothing.

// jsonName returns the JSON name of a struct field and whether it takes
// part in encoding.
func jsonName(f reflect.StructField) (string, bool) {
	if !f.IsExported() {
		return "", false
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		name = f.Name
	}
	return name, true
}

// decodeRecord decodes the JSON object b into the struct dst points to and
// returns the properties it holds no field for. Keys match field names
// exactly, then without regard to case. A value of the wrong type is read
// liberally (a number or boolean sent as a string); one that still does
// not fit is kept in the extra map, and its field left zero, so a read
// never fails on a field's shape.
func decodeRecord(b []byte, dst any) (map[string]json.RawMessage, error) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil, nil
	}
	var props map[string]json.RawMessage
	if err := json.Unmarshal(b, &props); err != nil {
		return nil, err
	}
	rv := reflect.ValueOf(dst).Elem()
	rt := rv.Type()
	used := make(map[string]bool, len(props))
	for i := range rt.NumField() {
		name, ok := jsonName(rt.Field(i))
		if !ok {
			continue
		}
		key, raw, found := lookup(props, name)
		if !found {
			continue
		}
		used[key] = true
		if err := decodeLiberally(raw, rv.Field(i).Addr().Interface()); err != nil {
			rv.Field(i).SetZero()
			used[key] = false
		}
	}
	var extra map[string]json.RawMessage
	for k, raw := range props {
		if !used[k] {
			if extra == nil {
				extra = map[string]json.RawMessage{}
			}
			extra[k] = raw
		}
	}
	return extra, nil
}

// lookup finds name in props exactly, then without regard to case.
func lookup(props map[string]json.RawMessage, name string) (string, json.RawMessage, bool) {
	if raw, ok := props[name]; ok {
		return name, raw, true
	}
	for k, raw := range props {
		if strings.EqualFold(k, name) {
			return k, raw, true
		}
	}
	return "", nil, false
}

// decodeLiberally decodes raw into dst, reading a quoted number or
// boolean when dst wants a number or boolean.
func decodeLiberally(raw json.RawMessage, dst any) error {
	err := json.Unmarshal(raw, dst)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || len(raw) < 2 || raw[0] != '"' {
		return err
	}
	s, uerr := strconv.Unquote(string(raw))
	if uerr != nil {
		return err
	}
	s = strings.TrimSpace(s)
	switch reflect.ValueOf(dst).Elem().Kind() {
	case reflect.Bool:
		b, perr := strconv.ParseBool(s)
		if perr != nil {
			return err
		}
		reflect.ValueOf(dst).Elem().SetBool(b)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		if s == "" || json.Unmarshal([]byte(s), dst) != nil {
			return err
		}
		return nil
	}
	return err
}

// encodeRecord writes the struct src with the extra properties added;
// a property the struct already writes (under any case) is not repeated.
func encodeRecord(src any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(src)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var props map[string]json.RawMessage
	if err := json.Unmarshal(b, &props); err != nil {
		return nil, err
	}
	out := maps.Clone(props)
	for k, raw := range extra {
		if key, written, found := lookup(props, k); found {
			// A value that did not fit its field on the way in is written
			// back as it came unless the caller has set the field since.
			if isZeroJSON(written) {
				delete(out, key)
				out[k] = raw
			}
			continue
		}
		out[k] = raw
	}
	return json.Marshal(out)
}

// isZeroJSON reports a zero value as json.Marshal writes it.
func isZeroJSON(b json.RawMessage) bool {
	switch string(bytes.TrimSpace(b)) {
	case "null", "false", "0", `""`, "{}", "[]":
		return true
	}
	return false
}

// cloneExtra copies an Extra map.
func cloneExtra(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = bytes.Clone(v)
	}
	return out
}
