package main

import (
	"bytes"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// x-go-validate-also: <method> on a checked schema (one marked
// x-go-validate, or held by one) names a hand-written method of the
// record,
//
//	func (x *R) <method>(v *valid.Validator, at string, create bool)
//
// that validateAt calls after the generated checks: the rules no schema
// can state (between fields, across a tree, or of a form the record is
// written in) stay hand-written and are checked on the same path, in the
// same *adama.ValidationError.

// buildAlso reads x-go-validate-also of the checked records.
func buildAlso(m *model, schemaOf map[string]*openapi3.Schema) error {
	for _, r := range m.records {
		s := schemaOf[r.name]
		if s == nil {
			continue
		}
		x, ok := s.Extensions["x-go-validate-also"]
		if !ok {
			continue
		}
		name, _ := x.(string)
		if !isASCIIIdent(name) || name[0] < 'a' || name[0] > 'z' {
			return fmt.Errorf("schema %s, x-go-validate-also: want the name of an unexported method, found %v", r.name, x)
		}
		if r.valid == nil {
			return fmt.Errorf("schema %s, x-go-validate-also: the record is not checked (mark it x-go-validate, or hold it in a checked record)", r.name)
		}
		r.valid.also = name
	}
	return nil
}

// renderAlso writes the call of the hand-written rules in validateAt.
func renderAlso(b *bytes.Buffer, r *record) {
	if r.valid.also != "" {
		fmt.Fprintf(b, "x.%s(v, at, create)\n", r.valid.also)
	}
}
