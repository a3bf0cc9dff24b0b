package main

import (
	"fmt"
	"go/parser"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// A property marked x-go-hand-type: <Go type> takes that type exactly as
// written: a type the package declares by hand (a named integer such as
// byoa.BrainTypeID, a map type with its own decoding such as
// firehose.Filters) or a composite Go type (int, []float64,
// map[string]string). The type is never made a pointer: its zero value is
// absent (the JSON tag has omitempty) unless the property is required
// (and not marked x-go-omitempty, as for any property) or marked
// x-adama-send-zero. The one-pass decoder reads an integer schema
// (converting from int64) and a string schema of a named type (as an
// enum reads); any other hand type is read through internal/record only,
// and Misfits lists those of the records its value holds (a map or list of
// records) through record.Nested, under the property's name.
//
// The one pointer it takes is to a record the package writes by hand
// ("*Price": an exported name), with its own UnmarshalJSON (a record also
// read from a bare number, say): nil is absent, the one-pass decoder reads
// it through that UnmarshalJSON (record.ReadUnmarshaler) and Misfits asks
// it through record.Nested.

// handType types f by its x-go-hand-type, reporting false when the
// property has none.
func handType(f *field, s *openapi3.Schema, sent bool) (bool, error) {
	x, ok := s.Extensions["x-go-hand-type"]
	if !ok {
		return false, nil
	}
	t, _ := x.(string)
	if t == "" || strings.TrimSpace(t) != t {
		return true, fmt.Errorf("x-go-hand-type %v: want a Go type", x)
	}
	handRecord := strings.HasPrefix(t, "*") && isASCIIIdent(t[1:]) && t[1] >= 'A' && t[1] <= 'Z'
	if _, err := parser.ParseExpr(t); err != nil || strings.HasPrefix(t, "*") && !handRecord {
		return true, fmt.Errorf("x-go-hand-type %q is not a Go type (and not a pointer, but to a hand-written record)", t)
	}
	if _, taken := s.Extensions["x-go-type"]; taken {
		return true, fmt.Errorf("x-go-type and x-go-hand-type contradict each other")
	}
	if hasFlag(s.Extensions, "x-go-omitempty") && sent {
		return true, fmt.Errorf("x-go-omitempty and a sent property contradict each other")
	}
	f.typ, f.zero, f.sent = t, "*new("+t+")", sent
	switch {
	case handRecord:
		f.zero = "nil"
		f.fastRead, f.handMisfits = "record.ReadUnmarshaler["+t[1:]+"](v)", true
	case schemaType(s) == openapi3.TypeInteger && isASCIIIdent(t):
		f.fastRead = "func(v []byte) (" + t + ", bool) {\nn, ok := record.ReadInt64(v)\nreturn " + t + "(n), ok\n}(v)"
	case schemaType(s) == openapi3.TypeString && isASCIIIdent(t) && t != "string":
		f.fastRead = "record.ReadEnum[" + t + "](v)"
	case handReads(f, s, t):
	default:
		f.slowOnly, f.handMisfits = true, true
	}
	return true, nil
}
