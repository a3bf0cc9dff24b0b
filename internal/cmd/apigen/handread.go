package main

import (
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The one-pass decoder also reads these x-go-hand-type shapes (handType
// leaves others to internal/record):
//
//   - T on a property that refers to a component schema (allOf with one
//     $ref, the component written by hand and marked x-go-skip, or a text
//     type of the package with its own codec): read through T's own
//     UnmarshalJSON, a null included, as encoding/json calls it;
//   - []T on an array whose items refer to such a component, element by
//     element the same way (a required one written as [] when nil);
//   - map[string]E on an object with additionalProperties, key by key,
//     where E is string, int64 or bool (each only in its own JSON form, as
//     encoding/json reads a map, which internal/record does), a generated
//     record (held by value) or such a hand type.
//
// Misfits asks the records a value holds through record.Nested, as for
// every composite hand type.

// handReads gives f, of hand type t and schema s, its one-pass reader
// where the shape is one of the above, reporting whether it did.
func handReads(f *field, s *openapi3.Schema, t string) bool {
	if c := allOfRef(s); c != nil && isASCIIIdent(t) {
		f.fastRead = unmarshalReader(t) + "(v)"
		f.callsDecoder = true
		f.handMisfits = c.Value.Type.Is(openapi3.TypeObject)
		return true
	}
	if e, ok := strings.CutPrefix(t, "[]"); ok && s.Items != nil && s.Items.Ref != "" && isASCIIIdent(e) {
		f.fastRead, f.handMisfits = "record.ReadList(v, "+unmarshalReader(e)+")", true
		f.list = true // a sent list is written as [] when nil
		return true
	}
	e, ok := strings.CutPrefix(t, "map[string]")
	ap := s.AdditionalProperties.Schema
	if !ok || ap == nil || ap.Value == nil || !isASCIIIdent(e) {
		return false
	}
	var elem string
	switch {
	case ap.Ref == "" && e == "string" && schemaType(ap.Value) == openapi3.TypeString:
		elem = strictReader(e, `""`, `e[0] != '"'`, "record.ReadText")
	case ap.Ref == "" && e == "int64" && schemaType(ap.Value) == openapi3.TypeInteger:
		elem = strictReader(e, "0", `e[0] == '"'`, "record.ReadInt64")
	case ap.Ref == "" && e == "bool" && schemaType(ap.Value) == openapi3.TypeBoolean:
		elem = strictReader(e, "false", `e[0] != 't' && e[0] != 'f'`, "record.ReadBool")
	case ap.Ref != "" && hasFlag(ap.Value.Extensions, "x-go-skip"):
		elem = unmarshalReader(e)
	case ap.Ref != "" && ap.Value.Type.Is(openapi3.TypeObject):
		elem = "func(e []byte) (" + e + ", bool) {\np, ok := record.ReadRecord(e, (*" + e + ").decodeValid)" +
			"\nif p == nil {\nreturn " + e + "{}, ok\n}\nreturn *p, ok\n}"
	default:
		return false
	}
	f.fastRead, f.handMisfits = readMap(t, elem), true
	return true
}

// allOfRef is the component s refers to as allOf with one $ref, or nil.
func allOfRef(s *openapi3.Schema) *openapi3.SchemaRef {
	if len(s.AllOf) != 1 || s.AllOf[0].Ref == "" || len(s.Properties) > 0 || s.AllOf[0].Value == nil {
		return nil
	}
	return s.AllOf[0]
}

// strictReader is the reader (a function value) of a map's value of
// type t as encoding/json reads it, which internal/record does for a
// map: null is zero, a value in another form (where refused holds, as
// text for a number) is for internal/record to decide, and read reads
// the rest.
func strictReader(t, zero, refused, read string) string {
	return "func(e []byte) (" + t + ", bool) {\nif string(e) == \"null\" {\nreturn " + zero + ", true\n}\n" +
		"if len(e) == 0 || " + refused + " {\nreturn " + zero + ", false\n}\nreturn " + read + "(e)\n}"
}

// unmarshalReader is the reader (a function value) of a value of type t
// through its UnmarshalJSON.
func unmarshalReader(t string) string {
	return "func(e []byte) (" + t + ", bool) {\nvar r " + t + "\nerr := r.UnmarshalJSON(e)\nreturn r, err == nil\n}"
}
