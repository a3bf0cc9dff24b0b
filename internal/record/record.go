// Package record reads and writes the JSON records of the group packages
// leniently and without loss: numbers and booleans also as strings, text
// also as a bare number, a value that fits no field kept instead of
// failing the record (DecodeObject, DecodeKeeping) or failing it naming
// the field (DecodeStrict), unknown properties kept and written back (a
// kept value goes back as it came unless the caller has set its field
// since), the misfits of a record and of the records it holds (Misfits,
// Report), and the diff of two writable forms for updates that send only
// what changed.
package record

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
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/wirefmt"
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
	return decodeObject(b, dst, idx, lenient)
}

// DecodeStrict reads b like DecodeObject, but a value that fits its field
// in none of the lenient forms (an empty string for a number reads as
// zero) fails the record with an error naming the field: for records
// whose callers must not get a zero where the platform sent a value.
func DecodeStrict(b []byte, dst any, idx Index) (map[string]json.RawMessage, error) {
	return decodeObject(b, dst, idx, strict)
}

// DecodeKeeping reads b in every form DecodeStrict reads, but a value
// that fits its field in none of them does not fail the record: the field
// stays zero and the value is kept in the returned map under the field's
// name, a misfit that Misfits reports and EncodeObject writes back. The
// one decoding rule of the group records.
func DecodeKeeping(b []byte, dst any, idx Index) (map[string]json.RawMessage, error) {
	return decodeObject(b, dst, idx, keeping)
}

// mode is how decodeObject reads a value and what it does with one that
// does not fit.
type mode uint8

const (
	// lenient reads numbers and booleans also as strings and keeps a
	// value that does not fit.
	lenient mode = iota
	// strict also reads an empty string for a number as zero and a bare
	// boolean as text, and fails on a value that does not fit.
	strict
	// keeping reads as strict does and keeps a value that does not fit.
	keeping
)

func decodeObject(b []byte, dst any, idx Index, m mode) (map[string]json.RawMessage, error) {
	// Fast path: one light scan finds the properties the struct does not
	// name; when none of them folds onto a field's name (encoding/json
	// would fill the field with it) or needs UTF-8 repair, and the whole
	// object fits the struct as is, one decode is all.
	var extra map[string]json.RawMessage
	slow := false
	err := jsonscan.Members(b, func(key, value []byte) bool {
		if _, ok := idx[string(key)]; ok {
			return true
		}
		// A key that folds onto a field, or one that is not valid UTF-8
		// (encoding/json replaces its bytes), takes the slow path.
		if foldsOnto(string(key), idx) || !utf8.Valid(key) {
			slow = true
			return false
		}
		if extra == nil {
			extra = map[string]json.RawMessage{}
		}
		extra[string(key)] = bytes.Clone(value)
		return true
	})
	if err == nil && !slow && json.Unmarshal(b, dst) == nil {
		return extra, nil
	}
	members, err := orderedMembers(b)
	if err != nil {
		return nil, err
	}
	v := reflect.ValueOf(dst).Elem()
	v.SetZero()
	extra = nil
	// In the body's order, as encoding/json reads a struct: a property
	// that repeats is read again onto the field (a null leaves a value
	// field as the value before it), and the last unknown value is kept.
	for _, mb := range members {
		k, raw := mb.key, mb.value
		i, ok := idx[k]
		if ok {
			err := decodeValue(v.Field(i), raw, m != lenient)
			if err == nil {
				delete(extra, k)
				continue
			}
			if m == strict {
				return nil, fmt.Errorf("field %s: %w", k, err)
			}
			v.Field(i).SetZero()
		}
		if extra == nil {
			extra = map[string]json.RawMessage{}
		}
		extra[k] = raw
	}
	return extra, nil
}

// member is one property of a JSON object, its name unescaped.
type member struct {
	key   string
	value json.RawMessage
}

// orderedMembers returns the properties of the JSON object b in the body's
// order, repeats included.
func orderedMembers(b []byte) ([]member, error) {
	if !json.Valid(b) {
		var x any
		return nil, json.Unmarshal(b, &x) // encoding/json's own error text
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		if tok == nil {
			return nil, errors.New("expected a JSON object, found null")
		}
		return nil, &json.UnmarshalTypeError{Value: jsonKind(tok), Type: reflect.TypeFor[map[string]json.RawMessage]()}
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		out = append(out, member{key, raw})
	}
	return out, nil
}

// jsonKind names the JSON type of a token as encoding/json's errors do.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case bool:
		return "bool"
	case float64, json.Number:
		return "number"
	case string:
		return "string"
	}
	return "array"
}

// foldsOnto reports whether k, which is no field's exact name, matches one
// ignoring case.
func foldsOnto(k string, idx Index) bool {
	for name := range idx {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// decodeValue decodes raw into f, reading integers, floats and booleans
// also from strings and lists element by element.
func decodeValue(f reflect.Value, raw json.RawMessage, wide bool) error {
	err := json.Unmarshal(raw, f.Addr().Interface())
	if err == nil {
		return nil
	}
	raw = bytes.TrimSpace(raw)
	if wide && IsNumber(f.Type()) && len(raw) > 0 && raw[0] == '"' {
		if s, ok := unquote(raw); ok && strings.TrimSpace(s) == "" {
			f.SetZero() // an empty string for a number: absent
			return nil
		}
	}
	switch f.Kind() {
	case reflect.Pointer:
		if string(raw) == "null" {
			f.SetZero()
			return nil
		}
		p := reflect.New(f.Type().Elem())
		if e := decodeValue(p.Elem(), raw, wide); e != nil {
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
			if e := decodeValue(out.Index(i), it, wide); e != nil {
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
		// A bare number where text is expected ("code": 1234567); in
		// the wide forms a bare boolean too.
		if len(raw) > 0 && raw[0] != '"' && raw[0] != 'n' && (wide || raw[0] != 't' && raw[0] != 'f') && json.Valid(raw) {
			f.SetString(s)
			return nil
		}
		return err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if !setNumber(f, strings.TrimSpace(s)) {
			return err
		}
		return nil
	case reflect.Bool:
		x, e := wirefmt.ParseBool(s)
		if e != nil {
			return err
		}
		f.SetBool(x)
		return nil
	}
	return err
}

// DecodeValue reads the one JSON value raw into the value dst points to
// with DecodeStrict's rules (a number or boolean also as a string, text
// also as a bare number, an empty string for a number as zero).
func DecodeValue(raw json.RawMessage, dst any) error {
	return decodeValue(reflect.ValueOf(dst).Elem(), bytes.TrimSpace(raw), true)
}

// IsNumber reports a numeric type or a pointer to one.
func IsNumber(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// setNumber sets the numeric f from the text s: an integer field also
// from an integral float ("12.0", 1e3), refusing a value out of its range.
func setNumber(f reflect.Value, s string) bool {
	switch f.Kind() {
	case reflect.Float32, reflect.Float64:
		x, err := strconv.ParseFloat(s, f.Type().Bits())
		if err != nil {
			return false
		}
		f.SetFloat(x)
		return true
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x != math.Trunc(x) || math.IsInf(x, 0) {
		return false
	}
	switch f.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			if x < 0 || x >= math.MaxUint64 {
				return false
			}
			n = uint64(x)
		}
		if f.OverflowUint(n) {
			return false
		}
		f.SetUint(n)
		return true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if x < math.MinInt64 || x >= math.MaxInt64 {
			return false
		}
		n = int64(x)
	}
	if f.OverflowInt(n) {
		return false
	}
	f.SetInt(n)
	return true
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
// properties, in key order. A property v already writes (under any case)
// wins and is not repeated, except that a kept value whose field v writes
// as a zero (null, false, 0, "", {} or []) goes back as it came: a value
// that did not fit its field on the way in is written back unless the
// caller has set the field since.
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
	var back map[string]string // the key v writes -> the extra key going back in its place
	for k := range extra {
		key, written, found := lookup(known, k)
		if !found {
			keys = append(keys, k)
			continue
		}
		if isZeroJSON(written) && json.Valid(bytes.TrimSpace(extra[k])) {
			if back == nil {
				back = map[string]string{}
			}
			// One value goes back per field: the one under the field's
			// exact name, else the first name in order.
			if prev, ok := back[key]; !ok || prev != key && (k == key || k < prev) {
				back[key] = k
			}
		}
	}
	if len(back) > 0 {
		// Rare: a kept value replaces what v writes for its field.
		for key, k := range back {
			delete(known, key)
			known[k] = extra[k]
		}
		for _, k := range keys {
			known[k] = validOrNull(extra[k])
		}
		return json.Marshal(known)
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
		out.Write(validOrNull(extra[k]))
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

func validOrNull(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if !json.Valid(raw) {
		return json.RawMessage("null")
	}
	return raw
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

// isZeroJSON reports a zero value as json.Marshal writes it.
func isZeroJSON(b json.RawMessage) bool {
	switch string(bytes.TrimSpace(b)) {
	case "null", "false", "0", `""`, "{}", "[]":
		return true
	}
	return false
}

// Clone copies an Extra map and its values.
func Clone(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = bytes.Clone(v)
	}
	return out
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
	return decodeInto(b, alias, idx, extra, lenient)
}

// DecodeStrictInto is DecodeInto with DecodeStrict's rules: a value that
// fits its field in none of the lenient forms fails the record.
func DecodeStrictInto[A any](b []byte, alias *A, idx Index, extra *map[string]json.RawMessage) error {
	return decodeInto(b, alias, idx, extra, strict)
}

// DecodeKeepingInto is DecodeInto with DecodeKeeping's rules: every form
// DecodeStrict reads, a value that fits none kept in *extra as a misfit.
func DecodeKeepingInto[A any](b []byte, alias *A, idx Index, extra *map[string]json.RawMessage) error {
	return decodeInto(b, alias, idx, extra, keeping)
}

func decodeInto[A any](b []byte, alias *A, idx Index, extra *map[string]json.RawMessage, m mode) error {
	var zero A
	*alias = zero
	*extra = nil
	if IsNull(b) {
		return nil
	}
	ex, err := decodeObject(b, alias, idx, m)
	if err != nil {
		return err
	}
	*extra = ex
	return nil
}

// IsNull reports a JSON null.
func IsNull(b []byte) bool { return string(bytes.TrimSpace(b)) == "null" }

// Misfits lists the misfits of a record decoded by DecodeObject or
// DecodeInto: the kept properties whose name is one of the record's
// fields (a value that fit would be in the field, not kept), in name
// order. Records call it from their Misfits method; prefix, when not
// empty, is put before each name with a dot (a nested record's path).
func Misfits(extra map[string]json.RawMessage, idx Index, prefix string) []adama.Misfit {
	var out []adama.Misfit
	for k, v := range extra {
		if _, ok := idx[k]; !ok {
			continue
		}
		if prefix != "" {
			k = prefix + "." + k
		}
		out = append(out, adama.Misfit{Field: k, Raw: v})
	}
	slices.SortFunc(out, func(a, b adama.Misfit) int { return strings.Compare(a.Field, b.Field) })
	return out
}
