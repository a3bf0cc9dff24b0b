package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// x-go-snapshot: true on a record's schema keeps the body the record was
// read from in an unexported field, raw, for read-change-save: the
// package's hand-written Update compares the record with that body and
// sends what changed. Fresh reports a record built by hand (nothing
// read).
//
// x-adama-aliases on a property lists other names the platform sends the
// value under: when the property itself left the field zero, the first
// alias present is read into it (the alias stays in Extra and goes back
// as it came).

// renderSnapshotField writes the raw field of a snapshot record.
func renderSnapshotField(b *bytes.Buffer, r *record) {
	if !r.snapshot {
		return
	}
	b.WriteString("\n// raw is the body the record was read from, for an update that\n// sends what changed since.\nraw []byte\n")
}

// renderAfterDecode writes what a decoder does once the record is read:
// the aliases, then the snapshot.
func renderAfterDecode(b *bytes.Buffer, r *record) {
	for _, f := range r.fields {
		zero := "x." + f.name + " == " + f.zero
		if f.zero == "false" {
			zero = "!x." + f.name
		}
		for _, a := range f.aliases {
			fmt.Fprintf(b, "if raw, ok := x.Extra[%s]; ok && %s {\n_ = record.DecodeValue(raw, &x.%s)\n}\n", strconv.Quote(a), zero, f.name)
		}
	}
	if r.snapshot {
		b.WriteString("x.raw = append([]byte(nil), b...)\n")
	}
}

// renderSnapshotMethods writes Fresh.
func renderSnapshotMethods(b *bytes.Buffer, r *record, dep string) {
	if !r.snapshot {
		return
	}
	fmt.Fprintf(b, "\n// Fresh reports whether the record was built by hand rather than read\n// (an update then sends every field set).\n%s", dep)
	fmt.Fprintf(b, "func (x *%s) Fresh() bool { return x.raw == nil }\n", r.name)
}

// fieldAliases reads x-adama-aliases: only a plain value or a pointer to
// one may have aliases.
func fieldAliases(f *field, ext map[string]any) error {
	as, ok := ext["x-adama-aliases"].([]any)
	if !ok {
		return nil
	}
	if f.list || f.nested != "" || f.byValue != "" || f.mapped || f.hand != "" {
		return fmt.Errorf("x-adama-aliases applies to a plain value")
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

// decodeFunc is the internal/record function a record's slow decoder
// calls: DecodeInto, or DecodeKeepingInto where the document asks for
// the keeping rules (info.x-adama-decode: keeping: an empty string for a
// number reads as zero, a bare boolean as text).
func decodeFunc(r *record) string {
	if r.keeping {
		return "DecodeKeepingInto"
	}
	return "DecodeInto"
}

// decodeMode reads info.x-adama-decode.
func decodeMode(ext map[string]any) (keeping bool, err error) {
	switch m, _ := ext["x-adama-decode"].(string); m {
	case "":
		return false, nil
	case "keeping":
		return true, nil
	default:
		return false, fmt.Errorf("info.x-adama-decode: want keeping, found %q", m)
	}
}
