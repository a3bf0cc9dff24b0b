package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// model is what one document generates: its records and enums in the
// document's order.
type model struct {
	pkg        string
	source     string // the document's name, for the header
	deprecated string // the x-adama-deprecated text, or ""
	enums      []*enum
	records    []*record
	params     []*paramCheck // x-go-validate parameters (validate.go)
}

type enum struct {
	name, doc string
	values    []enumValue
	anyCase   bool // x-adama-any-case (anycase.go)
}

type enumValue struct{ name, value string }

type record struct {
	name, doc string
	fields    []*field
	snapshot  bool // x-go-snapshot: kept for read-change-save (snapshot.go)
	held      bool // a snapshot record another record holds (snapshot.go)
	// slow is the internal/record decoder the record falls back to
	// (info.x-adama-decoding, decoding.go).
	slow  string
	local []localField // x-go-local-fields (localfields.go)
	valid *validation  // x-go-validate (validate.go)
}

// field is one property of a record.
type field struct {
	json, name, typ, doc string
	// sent: written even when zero (required, or x-adama-send-zero);
	// a nil list is written as [].
	sent     bool
	readOnly bool
	codec    string // x-go-codec: the package's encode<codec>/decode<codec>
	// nested names the record a field holds (*R or []*R), for Misfits.
	nested string
	list   bool
	zero   string // the Go expression of the field's zero value
	enum   bool   // the field's type (or its list's element) is an enum
	// valueItems: a list of records held by value ([]R, x-go-value-items).
	valueItems bool
	// nullable: an update may send null to clear it; createOnly: only a
	// create sends it (x-adama-create-only). Both for snapshot.go.
	nullable, createOnly bool
	// fastRead is the one-pass reader's expression where a feature gives
	// its own (handtype.go); slowOnly: the pass does not read
	// the field.
	fastRead string
	slowOnly bool
	// handMisfits: a hand type whose values may hold records; Misfits
	// asks them through internal/record (handtype.go).
	handMisfits bool
	// aliases: x-adama-aliases (aliases.go); keepsBody: the record it
	// holds is a snapshot record, read with its body kept (snapshot.go);
	// callsDecoder: a value read through its own decoder, null included
	// (handread.go).
	aliases      []string
	keepsBody    bool
	callsDecoder bool
}

// goTypes are the SDK value types x-go-type may choose, with their zero
// values.
var goTypes = map[string]string{
	"adama.Time":      "adama.Time{}",
	"adama.Decimal":   "adama.Decimal{}",
	"adama.Money":     "nil",
	"adama.Amount":    "adama.Amount{}",
	"float64":         "0",
	"int32":           "0",
	"json.RawMessage": "nil",
	"int":             "0", // a count that may be absent (*int); readers.go
}

// readForms are the extra wire forms x-adama-forms may name, by schema
// type: the record decoder reads numbers and booleans also from strings,
// and text also from a bare number.
var readForms = map[string][]string{
	openapi3.TypeInteger: {"string"},
	openapi3.TypeNumber:  {"string"},
	openapi3.TypeBoolean: {"string"},
	openapi3.TypeString:  {"number"},
}

// build reads the components/schemas of doc into a model. Components marked
// x-go-skip (answer envelopes) are left out.
func build(doc *openapi3.T, source string) (*model, error) {
	m := &model{source: source}
	m.pkg, _ = doc.Info.Extensions["x-go-package"].(string)
	if !isASCIIIdent(m.pkg) || strings.ToLower(m.pkg) != m.pkg {
		return nil, fmt.Errorf("info.x-go-package: want a lower-case package name, found %q", m.pkg)
	}
	m.deprecated, _ = doc.Info.Extensions["x-adama-deprecated"].(string)
	slow, err := slowDecoder(doc)
	if err != nil {
		return nil, err
	}
	if doc.Components == nil {
		return m, nil
	}
	names := make([]string, 0, len(doc.Components.Schemas))
	for name := range doc.Components.Schemas {
		names = append(names, name)
	}
	sortByLine(names, func(n string) *openapi3.Origin { return originOf(doc.Components.Schemas[n]) })
	goNames := map[string]string{}
	for _, name := range names {
		s := doc.Components.Schemas[name].Value
		if hasFlag(s.Extensions, "x-go-skip") {
			continue
		}
		gn, err := typeName(name, s)
		if err != nil {
			return nil, err
		}
		if prev, dup := goNames[gn]; dup {
			return nil, fmt.Errorf("schemas %s and %s both name the Go type %s", prev, name, gn)
		}
		goNames[gn] = name
		switch {
		case s.Type.Is(openapi3.TypeString) && len(s.Enum) > 0:
			e, err := buildEnum(gn, name, s)
			if err != nil {
				return nil, err
			}
			m.enums = append(m.enums, e)
		case s.Type.Is(openapi3.TypeObject):
			r, err := buildRecord(doc, gn, name, s)
			if err != nil {
				return nil, err
			}
			if r.slow, err = recordDecoder(name, s, slow); err != nil {
				return nil, err
			}
			m.records = append(m.records, r)
		default:
			return nil, fmt.Errorf("schema %s: only objects and string enums become Go types (mark others x-go-skip)", name)
		}
	}
	// Enum constants must not collide with each other or with a type.
	seen := map[string]string{}
	for gn := range goNames {
		seen[gn] = "type " + gn
	}
	for _, e := range m.enums {
		for _, v := range e.values {
			if prev, dup := seen[v.name]; dup {
				return nil, fmt.Errorf("schema %s: the constant %s for %q is already %s", e.name, v.name, v.value, prev)
			}
			seen[v.name] = fmt.Sprintf("%s %q", e.name, v.value)
		}
	}
	markKeptBodies(m)
	if err := buildValidation(doc, m); err != nil {
		return nil, err
	}
	return m, nil
}

// typeName is a component's Go name: x-go-name, or the schema's name.
func typeName(name string, s *openapi3.Schema) (string, error) {
	gn := name
	if x, ok := s.Extensions["x-go-name"].(string); ok {
		gn = x
	}
	if !isASCIIIdent(gn) || gn[0] < 'A' || gn[0] > 'Z' {
		return "", fmt.Errorf("schema %s: %q is not an exported Go name (set x-go-name)", name, gn)
	}
	return gn, nil
}

func buildEnum(gn, name string, s *openapi3.Schema) (*enum, error) {
	e := &enum{name: gn, doc: s.Description, anyCase: hasFlag(s.Extensions, "x-adama-any-case")}
	var varnames []string
	if vs, ok := s.Extensions["x-enum-varnames"].([]any); ok {
		for _, v := range vs {
			str, _ := v.(string)
			varnames = append(varnames, str)
		}
		if len(varnames) != len(s.Enum) {
			return nil, fmt.Errorf("schema %s: x-enum-varnames has %d names for %d values", name, len(varnames), len(s.Enum))
		}
	}
	for i, v := range s.Enum {
		str, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("schema %s: enum value %v is not a string", name, v)
		}
		c := enumConst(gn, str)
		if varnames != nil {
			c = gn + varnames[i]
			if varnames[i] == "" || !isASCIIIdent(c) {
				c = ""
			}
		}
		if c == "" {
			return nil, fmt.Errorf("schema %s: no Go name for the value %q (set x-enum-varnames)", name, str)
		}
		e.values = append(e.values, enumValue{name: c, value: str})
	}
	return e, nil
}

func buildRecord(doc *openapi3.T, gn, name string, s *openapi3.Schema) (*record, error) {
	r := &record{name: gn, doc: s.Description, snapshot: hasFlag(s.Extensions, "x-go-snapshot")}
	required := map[string]bool{}
	for _, p := range s.Required {
		if s.Properties[p] == nil {
			return nil, fmt.Errorf("schema %s: required property %s is not declared", name, p)
		}
		required[p] = true
	}
	props := make([]string, 0, len(s.Properties))
	for p := range s.Properties {
		props = append(props, p)
	}
	sortByLine(props, func(p string) *openapi3.Origin { return originOf(s.Properties[p]) })
	names := map[string]string{"Extra": "the unknown properties"}
	for _, p := range props {
		f, err := buildField(doc, p, s.Properties[p], required[p])
		if err != nil {
			return nil, fmt.Errorf("schema %s, property %s: %w", name, p, err)
		}
		if prev, dup := names[f.name]; dup {
			return nil, fmt.Errorf("schema %s, property %s: the Go name %s is already %s (set x-go-name)", name, p, f.name, prev)
		}
		names[f.name] = "property " + p
		r.fields = append(r.fields, f)
	}
	local, err := localFields(s.Extensions, names)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	r.local = local
	return r, nil
}

// buildField types one property by the value vocabulary of CONTRIBUTING.md.
func buildField(doc *openapi3.T, prop string, ref *openapi3.SchemaRef, required bool) (*field, error) {
	s := ref.Value
	f := &field{json: prop, doc: s.Description, readOnly: s.ReadOnly}
	ext := s.Extensions
	f.name = goName(prop)
	if x, ok := ext["x-go-name"].(string); ok {
		f.name = x
	}
	if !isASCIIIdent(f.name) || f.name[0] < 'A' || f.name[0] > 'Z' {
		return nil, fmt.Errorf("%q is not an exported Go name (set x-go-name)", f.name)
	}
	if ok, err := handType(f, s, required && !hasFlag(ext, "x-go-omitempty") || hasFlag(ext, "x-adama-send-zero")); ok {
		if err != nil {
			return nil, err
		}
		return fieldDoc(f, s)
	}
	base, kind, err := valueType(doc, ref)
	if err != nil {
		return nil, err
	}
	omitZero := hasFlag(ext, "x-go-omitempty")
	sendZero := hasFlag(ext, "x-adama-send-zero")
	if omitZero && sendZero {
		return nil, fmt.Errorf("x-go-omitempty and x-adama-send-zero contradict each other")
	}
	// A required property marked x-go-omitempty is always in answers but
	// left out of a record built by hand while zero.
	f.sent = required && !omitZero || sendZero
	f.enum = kind.enum
	f.nullable, f.createOnly = s.Nullable, hasFlag(ext, "x-adama-create-only")
	if err := valueItems(ref, f, &base, kind); err != nil {
		return nil, err
	}
	f.slowOnly = anyCaseRef(doc, ref)
	switch kind.shape {
	case shapeList:
		f.typ, f.list, f.zero = base, true, "nil"
		f.nested = kind.record
	case shapeRecord:
		if sendZero {
			return nil, fmt.Errorf("x-adama-send-zero applies to values and lists, not to a record")
		}
		f.typ, f.nested, f.zero = base, kind.record, "nil"
		if f.valueItems {
			f.zero = base + "{}"
		}
	default:
		if f.sent || omitZero {
			f.typ, f.zero = base, kind.zero
		} else {
			f.typ, f.zero = "*"+base, "nil"
		}
	}
	if err := fieldAliases(f, ext); err != nil {
		return nil, err
	}
	if c, ok := ext["x-go-codec"].(string); ok {
		if f.typ != "string" || !isASCIIIdent(c) {
			return nil, fmt.Errorf("x-go-codec %q needs a plain string field and a Go name", c)
		}
		f.codec = c
	}
	return fieldDoc(f, s)
}

// fieldDoc checks x-adama-forms and completes f's doc with the forms,
// limits and marks.
func fieldDoc(f *field, s *openapi3.Schema) (*field, error) {
	if forms, ok := s.Extensions["x-adama-forms"].([]any); ok {
		t := schemaType(s)
		for _, x := range forms {
			form, _ := x.(string)
			if !slices.Contains(readForms[t], form) {
				return nil, fmt.Errorf("x-adama-forms: the decoder cannot read a %s property from a JSON %s", t, cmp.Or(form, fmt.Sprint(x)))
			}
			f.doc = strings.TrimSpace(f.doc + " Also read from a JSON " + form + ".")
		}
	}
	if s.MaxLength != nil {
		f.doc = strings.TrimSpace(fmt.Sprintf("%s At most %d characters.", f.doc, *s.MaxLength))
	}
	if f.readOnly {
		f.doc = strings.TrimSpace(f.doc + " Read-only: not sent on create or update.")
	}
	return f, nil
}

type shape int

const (
	shapeValue shape = iota
	shapeRecord
	shapeList
)

type kind struct {
	shape  shape
	record string // the record a shapeRecord or shapeList field holds
	zero   string
	enum   bool
}

// valueType is the Go type of a schema: a component by reference (an
// enum's type or a pointer to a record), a list, an SDK value type chosen
// by x-go-type, or the type its JSON type and format give.
func valueType(doc *openapi3.T, ref *openapi3.SchemaRef) (string, kind, error) {
	s := ref.Value
	target := ref.Ref
	if target == "" && len(s.AllOf) == 1 && s.AllOf[0].Ref != "" && len(s.Properties) == 0 {
		target = s.AllOf[0].Ref // a reference with its own description or marks
	}
	if target != "" {
		name, ok := strings.CutPrefix(target, "#/components/schemas/")
		c := doc.Components.Schemas[name]
		if !ok || c == nil {
			return "", kind{}, fmt.Errorf("reference %s: only #/components/schemas/ is supported", target)
		}
		if hasFlag(c.Value.Extensions, "x-go-skip") {
			return "", kind{}, fmt.Errorf("reference to %s, which is marked x-go-skip", name)
		}
		gn, err := typeName(name, c.Value)
		if err != nil {
			return "", kind{}, err
		}
		if c.Value.Type.Is(openapi3.TypeObject) {
			return "*" + gn, kind{shape: shapeRecord, record: gn}, nil
		}
		return gn, kind{zero: `""`, enum: true}, nil
	}
	if x, ok := s.Extensions["x-go-type"].(string); ok {
		zero, known := goTypes[x]
		if !known {
			return "", kind{}, fmt.Errorf("x-go-type %q is not one of the SDK's value types", x)
		}
		return x, kind{zero: zero}, nil
	}
	switch t := schemaType(s); t {
	case openapi3.TypeString:
		if len(s.Enum) > 0 {
			return "", kind{}, fmt.Errorf("an inline enum: declare it under components/schemas and refer to it")
		}
		if s.Format == "date-time" {
			return "adama.Time", kind{zero: "adama.Time{}"}, nil
		}
		return "string", kind{zero: `""`}, nil
	case openapi3.TypeInteger:
		return "int64", kind{zero: "0"}, nil
	case openapi3.TypeNumber:
		return "adama.Decimal", kind{zero: "adama.Decimal{}"}, nil
	case openapi3.TypeBoolean:
		return "bool", kind{zero: "false"}, nil
	case openapi3.TypeArray:
		if s.Items == nil {
			return "", kind{}, fmt.Errorf("an array without items")
		}
		elem, k, err := valueType(doc, s.Items)
		if err != nil {
			return "", kind{}, fmt.Errorf("items: %w", err)
		}
		if k.shape == shapeList {
			return "", kind{}, fmt.Errorf("a list of lists is not supported")
		}
		return "[]" + elem, kind{shape: shapeList, record: k.record, enum: k.enum}, nil
	case openapi3.TypeObject:
		return "", kind{}, fmt.Errorf("an inline object: declare it under components/schemas and refer to it")
	case "":
		return "", kind{}, fmt.Errorf("no type (oneOf, anyOf and untyped schemas need x-go-type)")
	default:
		return "", kind{}, fmt.Errorf("the type %q has no Go type", t)
	}
}

// schemaType is the schema's one JSON type, or "" (none or several).
func schemaType(s *openapi3.Schema) string {
	if s.Type == nil || len(s.Type.Slice()) != 1 {
		return ""
	}
	return s.Type.Slice()[0]
}

func hasFlag(ext map[string]any, name string) bool {
	b, _ := ext[name].(bool)
	return b
}

// sortByLine orders names as the document writes them (by the line of
// their key), by name where the document gives no position.
func sortByLine(names []string, origin func(string) *openapi3.Origin) {
	line := func(n string) int {
		if o := origin(n); o != nil && o.Key != nil {
			return o.Key.Line
		}
		return 0
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(line(a), line(b)), strings.Compare(a, b))
	})
}

// originOf is where ref's key is written: the reference's own origin, else
// its schema's.
func originOf(ref *openapi3.SchemaRef) *openapi3.Origin {
	if ref.Origin != nil && ref.Origin.Key != nil {
		return ref.Origin
	}
	return ref.Value.Origin
}
