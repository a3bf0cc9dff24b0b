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
	if structValues[f.typ] {
		return "omitzero"
	}
	return "omitempty"
}

// valueItems applies x-go-value-items to an array of records, or to a
// reference to one record: the Go type becomes []R instead of []*R, or R
// instead of *R (see heldByValue).
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
		return fmt.Errorf("x-go-value-items applies to a list of records or a reference to a record")
	}
	f.valueItems = true
	return nil
}

// heldByValue completes a field holding one record by value (R): its
// zero is R{}, and a JSON null goes through the record's decoder (which
// reads it as the zero record), as encoding/json calls UnmarshalJSON.
func heldByValue(f *field) {
	if f.valueItems {
		f.zero, f.callsDecoder = f.typ+"{}", true
	}
}

// valueReader is the one-pass reader (a function value) of a value of Go
// type t that fast.go's own cases leave out: a record held by value in a
// list, and a plain SDK value type read through its UnmarshalJSON. It is
// "" for a type the one-pass decoder does not read.
func valueReader(f *field, t string) string {
	switch {
	case f.valueItems && !f.list && t == f.nested:
		// One record by value, decoded in place (null is the zero
		// record, as ReadRecord's nil; what is no object is refused).
		decode := "decodeValid"
		if f.keepsBody {
			decode = "decodeKept"
		}
		return "func(e []byte) (" + t + ", bool) {\nvar r " + t + "\nerr := r." + decode + "(e)\nreturn r, err == nil\n}"
	case f.valueItems && t == f.nested:
		return "func(e []byte) (" + t + ", bool) {\np, ok := " + readRecord("e", f) +
			"\nif p == nil {\nreturn " + t + "{}, ok\n}\nreturn *p, ok\n}"
	case structValues[t] && t != "adama.Amount":
		return "func(e []byte) (" + t + ", bool) {\np, ok := record.ReadUnmarshaler[" + t + "](e)" +
			"\nif p == nil {\nreturn " + t + "{}, ok\n}\nreturn *p, ok\n}"
	}
	return numberReader(t)
}
