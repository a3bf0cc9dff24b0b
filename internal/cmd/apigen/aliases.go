package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// x-adama-aliases on a property lists other names the platform sends the
// value under: when the property itself left the field zero, the first
// alias present is read into it (the alias stays in Extra and goes back
// as it came). Both decoders do it once the record is read.

// fieldAliases reads x-adama-aliases: only a plain value or a pointer to
// one may have aliases.
func fieldAliases(f *field, ext map[string]any) error {
	x, ok := ext["x-adama-aliases"]
	if !ok {
		return nil
	}
	as, _ := x.([]any)
	if len(as) == 0 || f.list || f.nested != "" {
		return fmt.Errorf("x-adama-aliases applies to a plain value and lists names")
	}
	for _, a := range as {
		s, _ := a.(string)
		if s == "" {
			return fmt.Errorf("x-adama-aliases: %v is not a name", a)
		}
		f.aliases = append(f.aliases, s)
	}
	return nil
}

// renderAliases writes what a decoder does once the record is read: each
// field left zero takes the value of its first alias present.
func renderAliases(b *bytes.Buffer, r *record) {
	for _, f := range r.fields {
		zero := "x." + f.name + " == " + f.zero
		if f.zero == "false" {
			zero = "!x." + f.name
		}
		for _, a := range f.aliases {
			fmt.Fprintf(b, "if raw, ok := x.Extra[%s]; ok && %s {\n_ = record.DecodeValue(raw, &x.%s)\n}\n", strconv.Quote(a), zero, f.name)
		}
	}
}
