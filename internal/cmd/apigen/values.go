package main

import (
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// Value forms: lists of records held by value (x-go-value-items), SDK
// value types held as plain values (adama.Time, adama.Decimal with
// x-go-omitempty), and the tag option that leaves each out when zero.

// structValues are the SDK value types that are structs: encoding/json's
// omitempty never leaves them out, so a plain field of one is tagged
// omitzero.
var structValues = map[string]bool{"adama.Time": true, "adama.Decimal": true, "adama.Amount": true}

// omitOption is the tag option of a field that is not always sent.
func omitOption(f *field) string {
	if structValues[f.typ] || f.valueItems && !f.list {
		return "omitzero"
	}
	return "omitempty"
}

// valueItems applies x-go-value-items to an array of records: the Go
// type becomes []R instead of []*R; and to a reference to one record:
// the Go type becomes R instead of *R, tagged omitzero (a record whose
// zero value is absent, such as deals.Owner).
func valueItems(ref *openapi3.SchemaRef, f *field, base *string, k kind) error {
	if !hasFlag(ref.Value.Extensions, "x-go-value-items") {
		return nil
	}
	switch {
	case k.shape == shapeList && k.record != "":
		*base = "[]" + k.record
	case k.shape == shapeRecord:
		*base = k.record
	default:
		return fmt.Errorf("x-go-value-items applies to a list of records (or a record)")
	}
	f.valueItems = true
	return nil
}

// valueReader is the one-pass reader (a function value) of a value of Go
// type t that fast.go's own cases leave out: a record held by value in a
// list, and a plain SDK value type read through its UnmarshalJSON. It is
// "" for a type the one-pass decoder does not read.
func valueReader(f *field, t string) string {
	switch {
	case f.valueItems && t == f.nested:
		return "func(e []byte) (" + t + ", bool) {\np, ok := " + readRecord("e", f) +
			"\nif p == nil {\nreturn " + t + "{}, ok\n}\nreturn *p, ok\n}"
	case structValues[t] && t != "adama.Amount":
		return "func(e []byte) (" + t + ", bool) {\np, ok := record.ReadUnmarshaler[" + t + "](e)" +
			"\nif p == nil {\nreturn " + t + "{}, ok\n}\nreturn *p, ok\n}"
	}
	return numberReader(t)
}
