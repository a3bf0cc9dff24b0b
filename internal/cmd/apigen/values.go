package main

import (
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// This file holds the value shapes a record may hold besides the plain
// values and the pointers to records of model.go:
//
//   - x-go-value: true on a property that refers to a record (or a list of
//     them) holds the record by value (R, []R) instead of by pointer;
//   - x-go-hand: true on a schema declares a type written by hand in the
//     package (a record or a string type with a codec of its own): it is
//     not generated, a property may refer to it and holds it by value,
//     and it is read through its own UnmarshalJSON;
//   - an object schema with additionalProperties and no properties is a
//     map[string]T (records held by value);
//   - x-go-type: int is a plain Go int (counts and sizes whose public type
//     is int).
//
// Fields of these shapes read a JSON null through the value's own
// decoder (as encoding/json does for a value with an UnmarshalJSON
// method), and their records' misfits through record.Nested.

// handType is the Go type of a reference to a schema marked x-go-hand,
// held by value, with its zero value.
func handType(gn string, s *openapi3.Schema) (string, kind) {
	if s.Type.Is(openapi3.TypeObject) {
		return gn, kind{zero: gn + "{}", hand: gn, handRecord: true}
	}
	return gn, kind{zero: `""`, hand: gn}
}

// mapType is the Go type of an object schema with additionalProperties
// (a map from text to the values' type); ok is false for other objects.
func mapType(doc *openapi3.T, s *openapi3.Schema) (typ string, k kind, ok bool, err error) {
	ap := s.AdditionalProperties.Schema
	if ap == nil || len(s.Properties) > 0 {
		return "", kind{}, false, nil
	}
	elem, ek, err := valueType(doc, ap)
	if err != nil {
		return "", kind{}, true, fmt.Errorf("additionalProperties: %w", err)
	}
	if ek.shape != shapeValue && ek.shape != shapeRecord {
		return "", kind{}, true, fmt.Errorf("additionalProperties: only values and records may be a map's values")
	}
	elem = strings.TrimPrefix(elem, "*")
	return "map[string]" + elem, kind{shape: shapeMap, zero: "nil", record: ek.record, hand: ek.hand, handRecord: ek.handRecord}, true, nil
}

// byValue applies x-go-value to f, whose kind k a reference to a record
// (or a list of them) gave: the record is held by value.
func byValue(f *field, k kind) error {
	if k.record == "" || k.shape == shapeMap {
		return fmt.Errorf("x-go-value applies to a reference to a record or a list of them")
	}
	f.typ = strings.Replace(f.typ, "*", "", 1)
	if !f.list {
		f.zero = f.typ + "{}"
	}
	f.byValue, f.nested = k.record, ""
	return nil
}

// heldRecords reports whether f holds records whose misfits record.Nested
// finds (by value, written by hand, or in a map).
func heldRecords(f *field) bool {
	return f.byValue != "" || f.handRecord || f.mapped && f.mapRecord
}

// callsDecoder reports whether f is a value read through its own decoder,
// which a JSON null resets (encoding/json calls UnmarshalJSON with null).
func callsDecoder(f *field) bool { return f.byValue != "" || f.hand != "" }

// readerExt is the reader of the shapes of this file (see reader), and
// whether f is one of them.
func readerExt(f *field) (string, bool) {
	elem := func(t string) string {
		switch {
		case t == "int":
			return "func(e []byte) (int, bool) {\nn, ok := record.ReadInt64(e)\nreturn int(n), ok && int64(int(n)) == n\n}"
		case f.byValue != "" && t == f.byValue:
			return "func(e []byte) (" + t + ", bool) {\nvar r " + t + "\nerr := r.decodeValid(e)\nreturn r, err == nil\n}"
		case f.hand != "" && t == f.hand:
			return "func(e []byte) (" + t + ", bool) {\nvar r " + t + "\nerr := r.UnmarshalJSON(e)\nreturn r, err == nil\n}"
		case t == "float64":
			// Only a bare number (valid JSON, as the body was checked),
			// read with strconv.ParseFloat as encoding/json reads it; a
			// number as a string is left to internal/record.
			return "func(e []byte) (float64, bool) {\nif len(e) == 0 || e[0] != '-' && (e[0] < '0' || e[0] > '9') {\nreturn 0, false\n}\nn, err := strconv.ParseFloat(string(e), 64)\nreturn n, err == nil\n}"
		case t == "string":
			return "record.ReadText"
		case t == "int64":
			return "record.ReadInt64"
		case t == "bool":
			return "record.ReadBool"
		}
		return ""
	}
	t := f.typ
	switch {
	case f.mapped:
		e := elem(strings.TrimPrefix(t, "map[string]"))
		if e == "" {
			return "", true
		}
		return readMap(t, e), true
	case strings.HasPrefix(t, "[]"):
		if e := elem(t[2:]); e != "" {
			return "record.ReadList(v, " + e + ")", true
		}
	case t == "*int", t == "*float64":
		return "record.ReadPtr(v, " + elem(t[1:]) + ")", true
	default:
		if e := elem(t); e != "" {
			return e + "(v)", true
		}
	}
	return "", false
}

// readMap is the reader of a map of type t whose values read with elem:
// null is nil, a key that is not valid UTF-8 (encoding/json replaces its
// bytes) or a value elem cannot read is for internal/record to decide.
func readMap(t, elem string) string {
	return "func(v []byte) (" + t + ", bool) {\nif string(v) == \"null\" {\nreturn nil, true\n}\n" +
		"if len(v) == 0 || v[0] != '{' {\nreturn nil, false\n}\n" +
		"out, read, ok := " + t + "{}, " + elem + ", true\n" +
		"err := jsonscan.Members(v, func(key, e []byte) bool {\nif !utf8.Valid(key) {\nok = false\nreturn false\n}\n" +
		"out[string(key)], ok = read(e)\nreturn ok\n})\nreturn out, ok && err == nil\n}(v)"
}

// needsUTF8 reports whether the one-pass decoder of r reads a map (whose
// keys it checks with unicode/utf8).
func needsUTF8(r *record) bool {
	if !fastRecord(r) {
		return false
	}
	for _, f := range r.fields {
		if f.mapped {
			return true
		}
	}
	return false
}

// usesStrconv reports whether f's reader calls strconv (float64 values).
func usesStrconv(f *field) bool {
	return strings.Contains(f.typ, "float64") && strings.Contains(reader(f), "strconv.")
}
