package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Read-change-save: a schema marked x-go-snapshot: true is a record an
// update saves by sending what changed since it was read. The generated
// record keeps the body it was decoded from and can say what it may send.
// The package supplies, by hand, the type and the copy that hold the
// body, so that printing a record never shows the server's bytes:
//
//	type snapshot struct{ b []byte }
//	func keep(b []byte) *snapshot // nil for null
//
// and the record gets:
//
//   - an unexported field raw *snapshot, set by UnmarshalJSON (after the
//     usual decoding, in unmarshal) and never written;
//   - original() *R: the record as it was read (nil for one built by hand);
//   - writable() ([]byte, error): the properties a create or an update
//     may send (neither readOnly nor the envelope's), in the description's
//     order, each left out when zero (a nil list left out, an empty one
//     sent as []), then Extra;
//   - readOnlyChanged(orig *R) map[string]bool: each read-only or
//     x-adama-create-only property and whether the record changed it
//     since orig;
//   - fixedFields() []string: the writable properties an update cannot
//     clear (neither nullable nor create-only);
//   - createOnlyFields() []string: the x-adama-create-only properties.

// snapshotField is the struct field a snapshot record adds.
const snapshotField = "\n// raw is the body the record was read from (see original).\nraw *snapshot\n"

// renderKeep writes the UnmarshalJSON of a snapshot record: the usual
// decoding (written next, as unmarshal) and the copy of the body.
func renderKeep(b *bytes.Buffer, r *record, dep string) {
	fmt.Fprintf(b, "\n// UnmarshalJSON reads the record leniently (see Misfits), keeping\n// unknown properties in Extra and the body for Update.\n%s", dep)
	fmt.Fprintf(b, "func (x *%s) UnmarshalJSON(b []byte) error {\nif err := x.unmarshal(b); err != nil {\nreturn err\n}\nx.raw = keep(b)\nreturn nil\n}\n", r.name)
	if r.held {
		fmt.Fprintf(b, "\n// decodeKept decodes b, known to be valid JSON, as a record another\n// holds, keeping the body as UnmarshalJSON does.\nfunc (x *%s) decodeKept(b []byte) error {\nif err := x.decodeValid(b); err != nil {\nreturn err\n}\nx.raw = keep(b)\nreturn nil\n}\n", r.name)
	}
	b.WriteString("\n// unmarshal decodes b into the record's fields and Extra.\n")
}

// renderSnapshot writes the methods of a snapshot record.
func renderSnapshot(b *bytes.Buffer, r *record, dep string) {
	fmt.Fprintf(b, "\n// original decodes the body x was read from: the record as read, or nil\n// for a record built by hand.\nfunc (x *%s) original() *%s {\nif x.raw == nil {\nreturn nil\n}\nvar o %s\nif o.UnmarshalJSON(x.raw.b) != nil {\nreturn nil\n}\nreturn &o\n}\n", r.name, r.name, r.name)

	write := lowerFirst(r.name) + "Write"
	var writable, fixed, createOnly, guarded []string
	fmt.Fprintf(b, "\n// %s is the writable part of %s, in the description's order.\ntype %s struct {\n", write, r.name, write)
	for _, f := range r.fields {
		if f.readOnly {
			guarded = append(guarded, f.json)
			continue
		}
		opt := omitOption(f)
		if f.list {
			opt = "omitzero"
		}
		fmt.Fprintf(b, "%s %s `json:\"%s,%s\"`\n", f.name, f.typ, f.json, opt)
		writable = append(writable, f.name)
		switch {
		case f.createOnly:
			createOnly = append(createOnly, strconv.Quote(f.json))
			guarded = append(guarded, f.json)
		case !f.nullable:
			fixed = append(fixed, strconv.Quote(f.json))
		}
	}
	b.WriteString("}\n")

	fmt.Fprintf(b, "\n// writable writes the properties a create or an update may send, each\n// left out when zero, and Extra.\nfunc (x *%s) writable() ([]byte, error) {\nw := %s{\n", r.name, write)
	for _, name := range writable {
		fmt.Fprintf(b, "%s: x.%s,\n", name, name)
	}
	b.WriteString("}\n")
	for _, f := range r.fields {
		if f.codec != "" && !f.readOnly {
			fmt.Fprintf(b, "w.%s = encode%s(x.%s)\n", f.name, f.codec, f.name)
		}
	}
	b.WriteString("return record.EncodeObject(w, x.Extra)\n}\n")

	fmt.Fprintf(b, "\n// readOnlyChanged names each property an update cannot send (read-only\n// or create-only) and whether x changed it since orig.\nfunc (x *%s) readOnlyChanged(orig *%s) map[string]bool {\nreturn map[string]bool{\n", r.name, r.name)
	byJSON := map[string]*field{}
	for _, f := range r.fields {
		byJSON[f.json] = f
	}
	for _, name := range guarded {
		fmt.Fprintf(b, "%q: %s,\n", name, changed(byJSON[name]))
	}
	b.WriteString("}\n}\n")

	fmt.Fprintf(b, "\n// fixedFields are the writable properties an update cannot clear.\nfunc (*%s) fixedFields() []string {\nreturn []string{%s}\n}\n", r.name, strings.Join(fixed, ", "))
	fmt.Fprintf(b, "\n// createOnlyFields are the properties only a create sends.\nfunc (*%s) createOnlyFields() []string {\nreturn %s\n}\n", r.name, stringsLiteral(createOnly))
	_ = dep
}

// changed is the Go expression saying whether x's field f differs from
// orig's.
func changed(f *field) string {
	switch {
	case f.typ == "adama.Time":
		return fmt.Sprintf("!orig.%s.Equal(x.%s.Time)", f.name, f.name)
	case f.typ == "adama.Decimal":
		return fmt.Sprintf("orig.%s.Cmp(x.%s) != 0", f.name, f.name)
	case f.typ == "int64" || f.typ == "string" || f.typ == "bool" || f.typ == "float64" || f.typ == "int32" || f.enum && plainValue(f.typ):
		return fmt.Sprintf("orig.%s != x.%s", f.name, f.name)
	}
	return fmt.Sprintf("!reflect.DeepEqual(orig.%s, x.%s)", f.name, f.name)
}

// stringsLiteral is a []string literal, or nil when empty.
func stringsLiteral(quoted []string) string {
	if len(quoted) == 0 {
		return "nil"
	}
	return "[]string{" + strings.Join(quoted, ", ") + "}"
}

// markKeptBodies marks the fields that hold a snapshot record (by
// pointer, by value or in a list) and the records they hold: the one-pass
// decoder reads such a record through its decodeKept, so that a nested
// record keeps its body as internal/record's decoding (which calls
// UnmarshalJSON) does.
func markKeptBodies(m *model) {
	kept := map[string]*record{}
	for _, r := range m.records {
		if r.snapshot {
			kept[r.name] = r
		}
	}
	for _, r := range m.records {
		for _, f := range r.fields {
			if h := kept[f.nested]; h != nil {
				f.keepsBody, h.held = true, true
			}
		}
	}
}
