package main

import (
	"bytes"
	"fmt"
	"strings"
)

// reader is the Go expression that reads the JSON value v into a field of
// f's type, giving (value, ok), or "" when the one-pass decoder does not
// read the type (the record then decodes through internal/record only).
func reader(f *field) string {
	elem := func(t string) string {
		switch {
		case t == "int64":
			return "readInt64"
		case t == "string":
			return "readText"
		case t == "bool":
			return "readBool"
		case f.enum && isASCIIIdent(t):
			return "readEnum[" + t + "]"
		case t == "*adama.Decimal", t == "*adama.Time":
			return "readUnmarshaler[" + t[1:] + "]"
		case f.nested != "" && t == "*"+f.nested:
			return "readRecord[" + f.nested + "]"
		}
		return ""
	}
	t := f.typ
	if e, ok := strings.CutPrefix(t, "[]"); ok {
		if r := elem(e); r != "" {
			return "readList(v, " + r + ")"
		}
		return ""
	}
	if r := elem(t); r != "" {
		return r + "(v)"
	}
	if e, ok := strings.CutPrefix(t, "*"); ok {
		if r := elem(e); r != "" {
			return "readPtr(v, " + r + ")"
		}
	}
	return ""
}

// fastRecord reports whether every field of r has a reader.
func fastRecord(r *record) bool {
	for _, f := range r.fields {
		if reader(f) == "" {
			return false
		}
	}
	return true
}

// renderDecode writes the record's UnmarshalJSON: a one-pass decoder
// without reflection (decodeFast) for the forms the platform documents,
// falling back to internal/record for anything else (a value of no
// documented form, a key that differs from a field's name only in case),
// so that both give the same record.
func renderDecode(b *bytes.Buffer, r *record, alias, idx, dep string) {
	var codecs []*field
	for _, f := range r.fields {
		if f.codec != "" {
			codecs = append(codecs, f)
		}
	}
	after := func() {
		for _, f := range codecs {
			fmt.Fprintf(b, "x.%s = decode%s(x.%s)\n", f.name, f.codec, f.name)
		}
	}
	fast := fastRecord(r)

	fmt.Fprintf(b, "\n// UnmarshalJSON reads the record leniently (see Misfits), keeping\n// unknown properties in Extra.\n%s", dep)
	fmt.Fprintf(b, "func (x *%s) UnmarshalJSON(b []byte) error {\n", r.name)
	if fast {
		b.WriteString("if !jsonscan.Valid(b) {\nreturn x.decodeSlow(b)\n}\nreturn x.decodeValid(b)\n}\n")
	} else {
		b.WriteString("return x.decodeSlow(b)\n}\n")
	}

	b.WriteString("\n// decodeValid decodes b, known to be valid JSON.\n")
	fmt.Fprintf(b, "func (x *%s) decodeValid(b []byte) error {\n", r.name)
	if fast {
		b.WriteString("if x.decodeFast(b) {\nreturn nil\n}\n")
	}
	b.WriteString("return x.decodeSlow(b)\n}\n")

	b.WriteString("\n// decodeSlow decodes b through internal/record.\n")
	fmt.Fprintf(b, "func (x *%s) decodeSlow(b []byte) error {\n", r.name)
	fmt.Fprintf(b, "if err := record.DecodeInto(b, (*%s)(x), %s, &x.Extra); err != nil {\nreturn err\n}\n", alias, idx)
	after()
	b.WriteString("return nil\n}\n")

	if !fast {
		return
	}
	b.WriteString("\n// decodeFast decodes the valid JSON b in one pass, reporting false\n")
	b.WriteString("// (leaving x to be reset) where decodeSlow must decide.\n")
	fmt.Fprintf(b, "func (x *%s) decodeFast(b []byte) bool {\n*x = %s{}\nif record.IsNull(b) {\nreturn true\n}\n", r.name, r.name)
	b.WriteString("ok := true\nerr := jsonscan.Members(b, func(key, v []byte) bool {\nswitch string(key) {\n")
	names := make([]string, len(r.fields))
	for i, f := range r.fields {
		names[i] = fmt.Sprintf("%q", f.json)
		fmt.Fprintf(b, "case %q:\nx.%s, ok = %s\n", f.json, f.name, reader(f))
	}
	fmt.Fprintf(b, "default:\nok = keepUnknown(&x.Extra, key, v, %s)\n}\nreturn ok\n})\n", strings.Join(names, ", "))
	b.WriteString("if err != nil || !ok {\nreturn false\n}\n")
	after()
	b.WriteString("return true\n}\n")
}

// fastRuntime are the readers the one-pass decoders share. Each reads a
// value as encoding/json does, or in the other form the record decoder
// also reads (a number or boolean as a string, text as a bare number),
// and reports false where the record decoder must decide.
const fastRuntime = `
// readText reads a JSON string, or a bare number as its text.
func readText(v []byte) (string, bool) {
	switch {
	case len(v) >= 2 && v[0] == '"':
		s := v[1 : len(v)-1]
		if bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s) {
			return string(s), true
		}
		var out string
		return out, json.Unmarshal(v, &out) == nil
	case len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9'):
		return string(v), true
	case string(v) == "null":
		return "", true
	}
	return "", false
}

// readInt64 reads an integer, also from a string holding one.
func readInt64(v []byte) (int64, bool) {
	switch {
	case len(v) > 0 && v[0] == '"':
		s, ok := readText(v)
		if !ok {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	case string(v) == "null":
		return 0, true
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	return n, err == nil
}

// readBool reads a boolean, also from the strings and numbers
// adama.ParseBool takes.
func readBool(v []byte) (bool, bool) {
	switch string(v) {
	case "true":
		return true, true
	case "false", "null":
		return false, true
	}
	s, ok := readText(v)
	if !ok {
		return false, false
	}
	x, err := adama.ParseBool(s)
	return x, err == nil
}

// readEnum reads an enum's value as text; unknown values are kept.
func readEnum[T ~string](v []byte) (T, bool) {
	s, ok := readText(v)
	return T(s), ok
}

// readPtr reads an optional value: null is nil.
func readPtr[T any](v []byte, read func([]byte) (T, bool)) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	x, ok := read(v)
	if !ok {
		return nil, false
	}
	return &x, true
}

// readUnmarshaler reads an optional value of an SDK type through its
// UnmarshalJSON.
func readUnmarshaler[T any, P interface {
	*T
	json.Unmarshaler
}](v []byte) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	p := P(new(T))
	if p.UnmarshalJSON(v) != nil {
		return nil, false
	}
	return (*T)(p), true
}

// readRecord reads a nested record: null is nil.
func readRecord[T any, P interface {
	*T
	decodeValid([]byte) error
}](v []byte) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	if len(v) == 0 || v[0] != '{' {
		return nil, false
	}
	p := P(new(T))
	if p.decodeValid(v) != nil {
		return nil, false
	}
	return (*T)(p), true
}

// readList reads a list element by element: null is nil, [] is empty.
func readList[T any](v []byte, read func([]byte) (T, bool)) ([]T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	out := []T{}
	ok := true
	err := jsonscan.Elements(v, func(e []byte) bool {
		var x T
		x, ok = read(e)
		out = append(out, x)
		return ok
	})
	return out, ok && err == nil
}

// keepUnknown keeps a property no field names in *extra; false for a key
// that names a field in another case or is not valid UTF-8 (the record
// decoder decides those).
func keepUnknown(extra *map[string]json.RawMessage, key, v []byte, fields ...string) bool {
	if !utf8.Valid(key) {
		return false
	}
	for _, f := range fields {
		if strings.EqualFold(string(key), f) {
			return false
		}
	}
	if *extra == nil {
		*extra = map[string]json.RawMessage{}
	}
	(*extra)[string(key)] = bytes.Clone(v)
	return true
}
`
