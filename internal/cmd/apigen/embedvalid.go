package main

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// x-go-validate in a document of embedding records (embedding.go): a
// record schema marked x-go-validate: true gets validate and validateAt
// as in every other document (validate.go, validate_more.go,
// validate_also.go), checked by the rules of its own schema and of the
// embedded one (x-go-embed), with two readings of the document's form:
//
//   - a property typed by x-go-type with one of the document's string
//     enums (x-go-type: FrequencyType) is checked against that enum's
//     values, as if it referred to it;
//   - the parts of the record's allOf state further rules on its
//     properties, the embedded ones included, without declaring them
//     again (allOf: [{properties: {name: {maxLength: 64}}}]): each
//     part's marks are added to the property's own.
//
// The record's required list may name embedded properties too ("name").
// An enum-typed property that states an enum of its own (some of its
// type's values: what a request may send of those a response holds) is
// checked against those values only (internal/valid's EnumOf).
// A money field (x-go-type: adama.Money, items referring to a schema,
// x-go-skip, whose currency_code states text limits) has each amount's
// currency_code checked by them, named "total_budget[0].currency_code"
// (and restated by that property's x-go-rule).

// embeddingValidation builds the validation of the records of recs whose
// schemas are marked x-go-validate, by record name.
func embeddingValidation(doc *openapi3.T, recs []*hwRecord, enums []*enum) (map[string]*record, error) {
	schemas := doc.Components.Schemas
	enumSchema := map[string]*openapi3.Schema{}
	for _, e := range enums {
		for name, ref := range schemas {
			if gn, err := typeName(name, ref.Value); err == nil && gn == e.name && isEnumSchema(ref.Value) {
				enumSchema[e.name] = ref.Value
			}
		}
	}
	isRec := map[string]bool{}
	for _, r := range recs {
		isRec[r.name] = true
	}
	out := map[string]*record{}
	for name, ref := range schemas {
		s := ref.Value
		x, ok := s.Extensions["x-go-validate"]
		if !ok {
			continue
		}
		if b, _ := x.(bool); !b {
			return nil, fmt.Errorf("schema %s, x-go-validate: a document of embedding records takes true only, found %v", name, x)
		}
		gn, err := typeName(name, s)
		if err != nil {
			return nil, err
		}
		var hw *hwRecord
		for _, r := range recs {
			if r.name == gn {
				hw = r
			}
		}
		if hw == nil {
			return nil, fmt.Errorf("schema %s, x-go-validate: not a record of the document", name)
		}
		r := &record{name: gn}
		for _, f := range hw.fields {
			r.fields = append(r.fields, embeddedField(f, isRec, enumSchema))
		}
		props, err := embeddedProps(schemas[hw.embed].Value, s, r, enumSchema)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		required := map[string]bool{}
		for _, p := range s.Required {
			if props[p] == nil {
				return nil, fmt.Errorf("schema %s: required property %s is not declared", name, p)
			}
			required[p] = true
		}
		create, err := checks(doc, r, props, required, true)
		if err == nil {
			r.valid = &validation{create: create, from: "the rules of its schema", root: true}
			r.valid.update, err = checks(doc, r, props, nil, true)
		}
		if err == nil {
			r.valid.create, err = withAmounts(r, props, r.valid.create)
		}
		if err == nil {
			r.valid.create, r.valid.update = withSubsets(r, props, enumSchema, r.valid.create), withSubsets(r, props, enumSchema, r.valid.update)
		}
		if err == nil {
			r.valid.update, err = withAmounts(r, props, r.valid.update)
		}
		if err != nil {
			return nil, fmt.Errorf("schema %s, x-go-validate: %w", name, err)
		}
		out[gn] = r
	}
	schemaOf := map[string]*openapi3.Schema{}
	m := &model{}
	for name, ref := range schemas {
		if gn, err := typeName(name, ref.Value); err == nil && out[gn] != nil {
			schemaOf[gn] = ref.Value
			m.records = append(m.records, out[gn])
		}
	}
	for name, ref := range schemas {
		if _, ok := ref.Value.Extensions["x-go-validate-also"]; ok && schemaOf[name] == nil {
			return nil, fmt.Errorf("schema %s, x-go-validate-also: the record is not marked x-go-validate", name)
		}
	}
	return out, buildAlso(m, schemaOf)
}

// embeddedField is the validation's view of a hand-declared record's
// field.
func embeddedField(f *hwField, isRec map[string]bool, enumSchema map[string]*openapi3.Schema) *field {
	out := &field{json: f.json, name: f.name, typ: f.typ, readOnly: f.readOnly}
	base := strings.TrimPrefix(strings.TrimPrefix(f.typ, "[]"), "*")
	out.list = strings.HasPrefix(f.typ, "[]") || f.typ == "adama.Money"
	switch {
	case isRec[base]:
		out.nested = base
	case enumSchema[f.typ] != nil:
		out.enum = true
	}
	switch {
	case out.list || strings.HasPrefix(f.typ, "*"):
		out.zero = "nil"
	case f.typ == "string" || out.enum:
		out.zero = `""`
	default:
		out.zero = "0"
	}
	return out
}

// embeddedProps are the properties whose rules r is checked by: those of
// the embedded schema and of s, with the marks of s's allOf parts added,
// and the values of the enum its x-go-type names on an enum-typed field.
func embeddedProps(embedded, s *openapi3.Schema, r *record, enumSchema map[string]*openapi3.Schema) (map[string]*openapi3.SchemaRef, error) {
	props := map[string]*openapi3.SchemaRef{}
	maps.Copy(props, embedded.Properties)
	maps.Copy(props, s.Properties)
	for _, part := range s.AllOf {
		p := part.Value
		if p == nil || part.Ref != "" || len(p.AllOf) > 0 || len(p.Required) > 0 {
			return nil, fmt.Errorf("allOf: want parts stating rules on properties (properties only)")
		}
		for name, extra := range p.Properties {
			own := props[name]
			if own == nil {
				return nil, fmt.Errorf("allOf: property %s is not declared", name)
			}
			merged, err := addMarks(own.Value, extra.Value)
			if err != nil {
				return nil, fmt.Errorf("allOf, property %s: %w", name, err)
			}
			props[name] = &openapi3.SchemaRef{Value: merged}
		}
	}
	for _, f := range r.fields {
		p := props[f.json]
		if p != nil && schemaType(p.Value) == openapi3.TypeArray {
			f.list, f.zero = true, "nil" // a list of the package's own type (SitePlacements)
		}
		if !f.enum || p == nil {
			continue
		}
		if len(p.Value.Enum) > 0 { // some of the type's values
			all := map[any]bool{}
			for _, x := range enumSchema[f.typ].Enum {
				all[x] = true
			}
			for _, x := range p.Value.Enum {
				if !all[x] {
					return nil, fmt.Errorf("property %s: %v is not a value of %s", f.json, x, f.typ)
				}
			}
			continue
		}
		cp := *p.Value
		cp.Enum = enumSchema[f.typ].Enum
		props[f.json] = &openapi3.SchemaRef{Value: &cp}
	}
	return props, nil
}

// addMarks is a copy of s with the rules extra states: limits, a pattern
// and x-go-rule.
func addMarks(s, extra *openapi3.Schema) (*openapi3.Schema, error) {
	cp := *s
	cp.Extensions = maps.Clone(s.Extensions)
	if extra.Type != nil || len(extra.Properties) > 0 || extra.Items != nil || len(extra.Enum) > 0 {
		return nil, fmt.Errorf("a part restates a type; it may state limits, a pattern and x-go-rule only")
	}
	if extra.Min != nil {
		cp.Min = extra.Min
	}
	if extra.Max != nil {
		cp.Max = extra.Max
	}
	if extra.MinLength != 0 {
		cp.MinLength = extra.MinLength
	}
	if extra.MaxLength != nil {
		cp.MaxLength = extra.MaxLength
	}
	if extra.Pattern != "" {
		cp.Pattern = extra.Pattern
	}
	for k, v := range extra.Extensions {
		if k != "x-go-rule" {
			return nil, fmt.Errorf("%s: only x-go-rule is read here", k)
		}
		if cp.Extensions == nil {
			cp.Extensions = map[string]any{}
		}
		cp.Extensions[k] = v
	}
	return &cp, nil
}

// renderEmbeddingValidate writes the validation of the records that have
// one, in recs' order.
func renderEmbeddingValidate(b *bytes.Buffer, recs []*hwRecord, valid map[string]*record) {
	for _, r := range recs {
		if v := valid[r.name]; v != nil {
			renderValidate(b, v)
		}
	}
}

// amountRules are the limits of each amount's currency_code in a money
// field, or the values an enum-typed field may take (subset).
type amountRules struct {
	minLen, maxLen *int64
	rule           string   // the property's x-go-rule
	subset         []string // the property's own enum
}

// withSubsets marks the checks of cs whose enum-typed property states its
// own values.
func withSubsets(r *record, props map[string]*openapi3.SchemaRef, enumSchema map[string]*openapi3.Schema, cs []*check) []*check {
	for _, c := range cs {
		p := props[c.f.json]
		if !c.enum || c.f.list || p == nil || enumSchema[c.f.typ] == nil || slices.Equal(p.Value.Enum, enumSchema[c.f.typ].Enum) {
			continue // all the type's values: valid.Enum
		}
		var vals []string
		for _, x := range p.Value.Enum {
			vals = append(vals, fmt.Sprint(x))
		}
		if c.amounts == nil {
			c.amounts = &amountRules{}
		}
		c.amounts.subset = vals
	}
	return cs
}

// withAmounts adds to cs, in r's field order, the amount rules of r's
// money fields.
func withAmounts(r *record, props map[string]*openapi3.SchemaRef, cs []*check) ([]*check, error) {
	byField := map[*field]*check{}
	for _, c := range cs {
		byField[c.f] = c
	}
	var out []*check
	for _, f := range r.fields {
		c := byField[f]
		p := props[f.json]
		if f.typ == "adama.Money" && !f.readOnly && p != nil && !p.Value.ReadOnly && p.Value.Items != nil && p.Value.Items.Value != nil {
			cur := p.Value.Items.Value.Properties["currency_code"]
			if cur != nil && (cur.Value.MinLength != 0 || cur.Value.MaxLength != nil) {
				if cur.Value.Pattern != "" || cur.Value.Min != nil || cur.Value.Max != nil {
					return nil, fmt.Errorf("property %s: only minLength and maxLength of an amount's currency_code are checked", f.json)
				}
				if c == nil {
					c = &check{f: f}
				}
				a := &amountRules{minLen: positive(cur.Value.MinLength)}
				if cur.Value.MaxLength != nil {
					a.maxLen = ptrInt(int64(*cur.Value.MaxLength))
				}
				a.rule, _ = cur.Value.Extensions["x-go-rule"].(string)
				c.amounts = a
			}
		}
		if c != nil {
			out = append(out, c)
		}
	}
	return out, nil
}

// renderAmounts writes the check of a money field with amount rules,
// reporting false for any other (validate.go's renderCheck writes it).
func renderAmounts(b *strings.Builder, r *record, c *check) bool {
	a := c.amounts
	if a == nil {
		return false
	}
	rest := *c
	rest.amounts = nil
	if a.subset != nil {
		rest.enum = false
		renderCheck(b, r, &rest)
		lits := make([]string, len(a.subset))
		for i, x := range a.subset {
			lits[i] = strconv.Quote(x)
		}
		fmt.Fprintf(b, "if x.%s != \"\" {\nvalid.EnumOf(v, valid.Path(at, %q), x.%s, %s)\n}\n", c.f.name, c.f.json, c.f.name, strings.Join(lits, ", "))
		return true
	}
	if rest.required && c.f.typ == "adama.Money" { // an empty amount list is sent as none
		fmt.Fprintf(b, "v.Require(valid.Path(at, %q), len(x.%s) > 0)\n", c.f.json, c.f.name)
		rest.required = false
	}
	renderCheck(b, r, &rest)
	path := fmt.Sprintf("valid.Path(valid.Index(at, %q, i), \"currency_code\")", c.f.json)
	var body []string
	if a.minLen != nil {
		body = append(body, fmt.Sprintf("v.MinLen(%s, e.CurrencyCode, %d)", path, *a.minLen))
	}
	if a.maxLen != nil {
		body = append(body, fmt.Sprintf("v.MaxLen(%s, e.CurrencyCode, %d)", path, *a.maxLen))
	}
	loop := fmt.Sprintf("for i, e := range x.%s {\nif e.CurrencyCode != \"\" {\n%s\n}\n}\n", c.f.name, strings.Join(body, "\n"))
	if a.rule != "" {
		restate(b, loop, a.rule)
	} else {
		b.WriteString(loop)
	}
	return true
}
