package main

import (
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// slowDecoders are the internal/record decoders a document may choose
// with info.x-adama-decoding for the values its records' one-pass decoder
// leaves undecided: "lenient" (the default, record.DecodeInto: numbers and
// booleans also as strings, text also as a bare number) and "keeping"
// (record.DecodeKeepingInto: those forms, and also an empty string for a
// number as zero and a bare boolean as text, as a group's hand-written
// records read before they were generated).
var slowDecoders = map[string]string{
	"lenient": "record.DecodeInto",
	"keeping": "record.DecodeKeepingInto",
}

// slowDecoder is the decoder info.x-adama-decoding names.
func slowDecoder(doc *openapi3.T) (string, error) {
	name := "lenient"
	if x, ok := doc.Info.Extensions["x-adama-decoding"]; ok {
		name, _ = x.(string)
	}
	d, ok := slowDecoders[name]
	if !ok {
		return "", fmt.Errorf("info.x-adama-decoding: want lenient or keeping, found %q", name)
	}
	return d, nil
}

// recordDecoder is the decoder of one record: its schema's own
// x-adama-decoding (lenient or keeping), where a document mixes records
// read before they were generated with newer ones, else the document's.
func recordDecoder(name string, s *openapi3.Schema, docDefault string) (string, error) {
	x, ok := s.Extensions["x-adama-decoding"]
	if !ok {
		return docDefault, nil
	}
	str, _ := x.(string)
	d, ok := slowDecoders[str]
	if !ok {
		return "", fmt.Errorf("schema %s: x-adama-decoding: want lenient or keeping, found %q", name, str)
	}
	return d, nil
}
