package main

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// A document marked info.x-go-embedding-records describes records that
// embed a struct their package writes by hand (group A's embed Common)
// and decode through the package's own lenient decoder, decodeRecord,
// with codecs of their own for XML and forms: the generator writes each
// record's declaration and its JSON decoder, which reads a body in one
// pass through the package's readers (readText, readInt, ...; see
// entity/fastdecode.go) and leaves to decodeRecord whatever that pass
// cannot decide.

// hwRecord is a record declared by hand, as the description gives it.
type hwRecord struct {
	name, doc string
	embed     string // the embedded struct (x-go-embed), or ""
	fields    []*hwField
}

// hwField is one property of a hand-declared record.
type hwField struct {
	json, name, typ, doc string
	own                  bool // declared by the record itself, not by its embed
	readOnly, writeOnly  bool
	read                 string // the call that reads v into the field
	zero                 string // the comparison that holds while the field is zero
	holds                string // the test that the field holds a record, or ""
}

// buildDecoders reads the records of an embedding-records document: every
// object schema not marked x-go-skip, with the properties of the schema
// its x-go-embed names (one marked x-go-embedded) first.
func buildDecoders(doc *openapi3.T) ([]*hwRecord, error) {
	if doc.Components == nil {
		return nil, nil
	}
	schemas := doc.Components.Schemas
	names := make([]string, 0, len(schemas))
	for name := range schemas {
		names = append(names, name)
	}
	sortByLine(names, func(n string) *openapi3.Origin { return originOf(schemas[n]) })
	isRecord := func(name string) bool {
		s := schemas[name]
		return s != nil && s.Value.Type.Is(openapi3.TypeObject) && !hasFlag(s.Value.Extensions, "x-go-skip") && !hasFlag(s.Value.Extensions, "x-go-embedded")
	}
	var out []*hwRecord
	for _, name := range names {
		s := schemas[name].Value
		if hasFlag(s.Extensions, "x-go-skip") || hasFlag(s.Extensions, "x-go-embedded") || isEnumSchema(s) {
			continue
		}
		if !isRecord(name) {
			return nil, fmt.Errorf("schema %s: only objects and string enums become Go types (mark others x-go-skip)", name)
		}
		gn, err := typeName(name, s)
		if err != nil {
			return nil, err
		}
		r := &hwRecord{name: gn, doc: s.Description}
		seen := map[string]string{}
		add := func(owner string, o *openapi3.Schema) error {
			props := make([]string, 0, len(o.Properties))
			for p := range o.Properties {
				props = append(props, p)
			}
			sortByLine(props, func(p string) *openapi3.Origin { return originOf(o.Properties[p]) })
			for _, p := range props {
				if prev, dup := seen[p]; dup {
					return fmt.Errorf("schema %s: property %s is already %s's", name, p, prev)
				}
				seen[p] = owner
				f, err := buildHWField(p, o.Properties[p], isRecord)
				if err != nil {
					return fmt.Errorf("schema %s, property %s: %w", name, p, err)
				}
				f.own = owner == name
				r.fields = append(r.fields, f)
			}
			return nil
		}
		if e, ok := s.Extensions["x-go-embed"].(string); ok {
			es := schemas[e]
			if es == nil || !hasFlag(es.Value.Extensions, "x-go-embedded") {
				return nil, fmt.Errorf("schema %s: x-go-embed %q names no schema marked x-go-embedded", name, e)
			}
			r.embed = e
			if err := add(e, es.Value); err != nil {
				return nil, err
			}
		}
		if r.embed == "" {
			return nil, fmt.Errorf("schema %s: a record embeds a hand-written struct (set x-go-embed)", name)
		}
		if err := add(name, s); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// embeddingForms are the other JSON forms the package's readers take for
// a property of each schema type: a document of embedding records must
// say so (info.x-adama-forms), as the platform sends them.
var embeddingForms = map[string][]string{
	openapi3.TypeInteger: {"string", "amount"},
	openapi3.TypeNumber:  {"string", "amount"},
	openapi3.TypeBoolean: {"string", "number"},
	openapi3.TypeString:  {"number"},
}

// checkEmbeddingForms checks that info.x-adama-forms (x) names exactly
// the forms the readers take.
func checkEmbeddingForms(x any) error {
	m, _ := x.(map[string]any)
	ok := len(m) == len(embeddingForms)
	for t, want := range embeddingForms {
		got, _ := m[t].([]any)
		ok = ok && len(got) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = got[i] == want[i]
		}
	}
	if !ok {
		return fmt.Errorf("info.x-adama-forms: the readers of embedding records take %v; the document must say so", embeddingForms)
	}
	return nil
}

// refTarget is the schema a property refers to ($ref, or allOf with one
// $ref), or "".
func refTarget(ref *openapi3.SchemaRef) string {
	target := ref.Ref
	if target == "" && len(ref.Value.AllOf) == 1 && len(ref.Value.Properties) == 0 {
		target = ref.Value.AllOf[0].Ref
	}
	name, _ := strings.CutPrefix(target, "#/components/schemas/")
	return name
}

// buildHWField gives a property its Go type (x-go-type, any Go type of
// the package, else the default of its schema) and its reader.
func buildHWField(prop string, ref *openapi3.SchemaRef, isRecord func(string) bool) (*hwField, error) {
	s := ref.Value
	f := &hwField{json: prop, name: goName(prop), doc: s.Description, readOnly: s.ReadOnly, writeOnly: s.WriteOnly}
	if x, ok := s.Extensions["x-go-name"].(string); ok {
		f.name = x
	}
	if !isASCIIIdent(f.name) || f.name[0] < 'A' || f.name[0] > 'Z' {
		return nil, fmt.Errorf("%q is not an exported Go name (set x-go-name)", f.name)
	}
	t := schemaType(s)
	target := refTarget(ref)
	if x, ok := s.Extensions["x-go-type"].(string); ok {
		if _, err := parser.ParseExpr(x); err != nil {
			return nil, fmt.Errorf("x-go-type %q is not a Go type", x)
		}
		f.typ = x
	} else {
		switch {
		case target != "" && isRecord(target):
			f.typ = "*" + target
		case t == openapi3.TypeArray && s.Items != nil && isRecord(refTarget(s.Items)):
			f.typ = "[]*" + refTarget(s.Items)
		case t == openapi3.TypeInteger:
			f.typ = "*int64"
		case t == openapi3.TypeNumber:
			f.typ = "*adama.Decimal"
		case t == openapi3.TypeBoolean:
			f.typ = "*adama.Bool"
		case t == openapi3.TypeString && s.Format == "date-time":
			f.typ = "*adama.Time"
		case t == openapi3.TypeString:
			f.typ = "string"
		default:
			return nil, fmt.Errorf("no Go type (set x-go-type)")
		}
	}
	at := "&x." + f.name
	key := strconv.Quote(prop)
	f.zero, f.read = "x."+f.name+" == nil", ""
	switch {
	case f.typ == "string":
		f.zero, f.read = "x."+f.name+` == ""`, "readText(v, "+at+")"
	case f.typ == "int64" || f.typ == "int":
		f.zero, f.read = "x."+f.name+" == 0", "readInt(&x.Currencies, "+key+", v, "+at+")"
	case f.typ == "*int64" || f.typ == "*int":
		f.read = "readIntPtr(&x.Currencies, " + key + ", v, " + at + ")"
	case f.typ == "*adama.Decimal":
		f.read = "readDecimalPtr(&x.Currencies, " + key + ", v, " + at + ")"
	case f.typ == "*adama.Bool":
		f.read = "readBoolPtr(v, " + at + ")"
	case f.typ == "*adama.Time":
		f.read = "readTimePtr(v, " + at + ")"
	case f.typ == "adama.Money":
		f.read = "readMoney(v, " + at + ")"
	case strings.HasPrefix(f.typ, "*") && isRecord(f.typ[1:]):
		f.read, f.holds = "readRecord(v, "+at+")", "x."+f.name+" != nil"
	case t == openapi3.TypeString && isASCIIIdent(f.typ):
		f.zero, f.read = "x."+f.name+` == ""`, "readName(v, "+at+")"
	case t == openapi3.TypeArray:
		f.read, f.holds = "readJSON(v, "+at+")", "len(x."+f.name+") > 0"
	case t == openapi3.TypeObject:
		f.read, f.holds = "readJSON(v, "+at+")", "x."+f.name+" != nil"
	case t == "":
		f.read = "readJSON(v, " + at + ")"
	default:
		return nil, fmt.Errorf("the decoder reads no %s property into a %s", t, f.typ)
	}
	return f, nil
}

// generateDecoders writes the records of an embedding-records document:
// their declarations and decoders.
func generateDecoders(doc *openapi3.T, source string) ([]byte, error) {
	pkg, _ := doc.Info.Extensions["x-go-package"].(string)
	if !isASCIIIdent(pkg) || strings.ToLower(pkg) != pkg {
		return nil, fmt.Errorf("info.x-go-package: want a lower-case package name, found %q", pkg)
	}
	if err := checkEmbeddingForms(doc.Info.Extensions["x-adama-forms"]); err != nil {
		return nil, err
	}
	recs, err := buildDecoders(doc)
	if err != nil {
		return nil, err
	}
	enums, err := buildEmbeddingEnums(doc, recs)
	if err != nil {
		return nil, err
	}
	checked, err := embeddingValidation(doc, recs, enums) // embedvalid.go
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by apigen from %s. DO NOT EDIT.\n", source)
	b.WriteString("// Regenerate with `go generate ./...`; see internal/cmd/apigen.\n\n")
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	if len(recs) > 0 {
		needJSON, needAdama := false, false
		for _, r := range recs {
			for _, f := range r.fields {
				needJSON = needJSON || f.own && strings.Contains(f.typ, "json.")
				needAdama = needAdama || f.own && strings.Contains(f.typ, "adama.")
			}
		}
		b.WriteString("import (\n")
		if needJSON {
			b.WriteString("\"encoding/json\"\n\n")
		}
		if needAdama {
			b.WriteString("\"github.com/adamasdk/adama-go/adama\"\n")
		}
		b.WriteString("\"github.com/adamasdk/adama-go/internal/jsonscan\"\nrecords \"github.com/adamasdk/adama-go/internal/record\"\n")
		if len(checked) > 0 {
			b.WriteString("\"github.com/adamasdk/adama-go/internal/valid\"\n")
		}
		b.WriteString(")\n")
	}
	for _, e := range enums {
		renderEnum(&b, e, "")
	}
	for _, r := range recs {
		renderHWStruct(&b, r)
		renderHWRecord(&b, r)
	}
	renderEmbeddingValidate(&b, recs, checked)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated source: %w\n%s", err, b.Bytes())
	}
	return src, nil
}

// renderHWStruct writes the record's declaration: its embedded struct,
// then its own properties in the description's order, each with its
// description as its doc; a readOnly property is never sent in a form
// (url "-"), a writeOnly one never read from JSON (json "-").
func renderHWStruct(b *bytes.Buffer, r *hwRecord) {
	doc := strings.TrimSpace(r.doc)
	if strings.HasPrefix(doc, r.name+" ") {
		b.WriteString("\n" + wrap(doc))
	} else {
		b.WriteString("\n" + docFor(r.name, doc, "is a record of the platform."))
	}
	fmt.Fprintf(b, "type %s struct {\n%s\n", r.name, r.embed)
	for _, f := range r.fields {
		if !f.own {
			continue
		}
		if d := strings.TrimSpace(f.doc); d != "" {
			b.WriteString(wrap(d))
		}
		jsonTag, urlTag := f.json+",omitempty", f.json+",omitempty"
		if f.writeOnly {
			jsonTag = "-"
		}
		if f.readOnly {
			urlTag = "-"
		}
		fmt.Fprintf(b, "%s %s `json:%q url:%q`\n", f.name, f.typ, jsonTag, urlTag)
	}
	b.WriteString("}\n")
}

func renderHWRecord(b *bytes.Buffer, r *hwRecord) {
	var fields []*hwField
	for _, f := range r.fields {
		if !f.writeOnly { // never read: a key of its name is unknown
			fields = append(fields, f)
		}
	}
	r = &hwRecord{name: r.name, embed: r.embed, fields: fields}
	names := lowerFirst(r.name) + "Fields"
	fmt.Fprintf(b, "\n// UnmarshalJSON reads the record leniently (see %s.Misfits), keeping\n", r.embed)
	b.WriteString("// unknown properties in Extra: in one pass where every value takes a\n")
	b.WriteString("// documented form, else through decodeRecord.\n")
	fmt.Fprintf(b, "func (x *%s) UnmarshalJSON(b []byte) error {\nif x.decodeFast(b) {\nreturn nil\n}\nreturn x.decodeSlow(b)\n}\n", r.name)
	b.WriteString("\n// decodeSlow reads b through decodeRecord.\n")
	fmt.Fprintf(b, "func (x *%s) decodeSlow(b []byte) error {\ntype plain %s\nreturn decodeRecord(b, (*plain)(x), &x.%s)\n}\n", r.name, r.name, r.embed)

	quoted := make([]string, len(r.fields))
	zero := make([]string, len(r.fields))
	var holds []string
	for i, f := range r.fields {
		quoted[i] = strconv.Quote(f.json)
		zero[i] = f.zero
		if f.holds != "" {
			holds = append(holds, f.holds)
		}
	}
	fmt.Fprintf(b, "\n// %s are the properties %s reads.\nvar %s = [...]string{%s}\n", names, r.name, names, strings.Join(quoted, ", "))
	b.WriteString("\n// decodeFast reads b into the zero record x in one pass, reporting\n")
	b.WriteString("// false (leaving x zero) where decodeRecord must decide: a value of\n")
	b.WriteString("// no documented form, a repeated property, a key naming a property in\n// another case.\n")
	fmt.Fprintf(b, "func (x *%s) decodeFast(b []byte) bool {\nb, ok := x.%s.fastStart(b)\n", r.name, r.embed)
	fmt.Fprintf(b, "if !ok || !(%s) {\nreturn false\n}\n", strings.Join(zero, " &&\n"))
	fmt.Fprintf(b, "var seen [%d]bool\n", len(r.fields))
	b.WriteString("err := jsonscan.Members(b, func(key, v []byte) bool {\nswitch string(key) {\n")
	for i, f := range r.fields {
		fmt.Fprintf(b, "case %q:\nok = once(&seen[%d]) && %s\n", f.json, i, f.read)
	}
	fmt.Fprintf(b, "default:\nok = records.KeepUnknown(&x.Extra, key, v, %s[:]...)\n}\nreturn ok\n})\n", names)
	fmt.Fprintf(b, "if err != nil || !ok {\n*x = %s{}\nreturn false\n}\n", r.name)
	hold := "false"
	if len(holds) > 0 {
		hold = strings.Join(holds, " ||\n")
	}
	fmt.Fprintf(b, "x.%s.fastEnd(b, x, %s)\nreturn true\n}\n", r.embed, hold)
}

// isEnumSchema reports whether s is a string enum, which becomes a Go
// type of its own (as in every document, through buildEnum and
// renderEnum).
func isEnumSchema(s *openapi3.Schema) bool {
	return s.Type.Is(openapi3.TypeString) && len(s.Enum) > 0
}

// buildEmbeddingEnums reads the string enums of an embedding-records
// document, in the document's order, and checks that no constant takes
// the name of a type or of another constant.
func buildEmbeddingEnums(doc *openapi3.T, recs []*hwRecord) ([]*enum, error) {
	if doc.Components == nil {
		return nil, nil
	}
	schemas := doc.Components.Schemas
	names := make([]string, 0, len(schemas))
	for name, s := range schemas {
		if isEnumSchema(s.Value) && !hasFlag(s.Value.Extensions, "x-go-skip") {
			names = append(names, name)
		}
	}
	sortByLine(names, func(n string) *openapi3.Origin { return originOf(schemas[n]) })
	seen := map[string]string{}
	for _, r := range recs {
		seen[r.name] = "type " + r.name
	}
	var out []*enum
	for _, name := range names {
		s := schemas[name].Value
		if hasFlag(s.Extensions, "x-adama-any-case") {
			return nil, fmt.Errorf("schema %s: x-adama-any-case is not read in a document of embedding records", name)
		}
		gn, err := typeName(name, s)
		if err != nil {
			return nil, err
		}
		if prev, dup := seen[gn]; dup {
			return nil, fmt.Errorf("schema %s: the Go type %s is already %s", name, gn, prev)
		}
		seen[gn] = "type " + gn
		e, err := buildEnum(gn, name, s)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	for _, e := range out {
		for _, v := range e.values {
			if prev, dup := seen[v.name]; dup {
				return nil, fmt.Errorf("schema %s: the constant %s for %q is already %s", e.name, v.name, v.value, prev)
			}
			seen[v.name] = fmt.Sprintf("%s %q", e.name, v.value)
		}
	}
	return out, nil
}
