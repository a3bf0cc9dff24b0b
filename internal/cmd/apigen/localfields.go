package main

import (
	"bytes"
	"fmt"
	"go/parser"
)

// A record schema's x-go-local-fields lists fields the SDK keeps beside
// the wire properties and never sends or reads (JSON tag "-"): the
// consumer a settings record belongs to, a caller's acknowledgement. Each
// item is {name, type, description}; they come after the properties, in
// the document's order, and decoding leaves them zero.

// localField is one x-go-local-fields item.
type localField struct{ name, typ, doc string }

// localFields reads a record schema's x-go-local-fields; names holds the
// Go names already taken.
func localFields(ext map[string]any, names map[string]string) ([]localField, error) {
	raw, ok := ext["x-go-local-fields"]
	if !ok {
		return nil, nil
	}
	items, ok := raw.([]any)
	if !ok {
		return nil, fmt.Errorf("x-go-local-fields: want a list of {name, type, description}")
	}
	var out []localField
	for i, it := range items {
		m, _ := it.(map[string]any)
		name, _ := m["name"].(string)
		typ, _ := m["type"].(string)
		doc, _ := m["description"].(string)
		if !isASCIIIdent(name) || name[0] < 'A' || name[0] > 'Z' {
			return nil, fmt.Errorf("x-go-local-fields[%d]: %q is not an exported Go name", i, name)
		}
		if _, err := parser.ParseExpr(typ); typ == "" || err != nil {
			return nil, fmt.Errorf("x-go-local-fields[%d]: %q is not a Go type", i, typ)
		}
		if prev, dup := names[name]; dup {
			return nil, fmt.Errorf("x-go-local-fields[%d]: the Go name %s is already %s", i, name, prev)
		}
		names[name] = "a local field"
		out = append(out, localField{name: name, typ: typ, doc: doc})
	}
	return out, nil
}

// renderLocalFields writes the struct lines of r's local fields.
func renderLocalFields(b *bytes.Buffer, r *record) {
	for _, f := range r.local {
		if f.doc != "" {
			b.WriteString(wrap(f.doc + " Not sent."))
		}
		fmt.Fprintf(b, "%s %s `json:\"-\"`\n", f.name, f.typ)
	}
}
