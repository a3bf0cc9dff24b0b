package main

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Validation: every rule the description states is checked before a
// request is sent, and all broken rules come back in one
// *adama.ValidationError (built with internal/valid). The feature is
// opt-in per schema, so that a document's output changes only where it
// asks:
//
//	x-go-validate: true          the record's own schema holds the rules:
//	                             its limits and enums on create and
//	                             update, its required list on create
//	x-go-validate:               a create is checked by the rules of the
//	  create: AttachmentCreate   request body schema named by create, an
//	  update: AttachmentUpdate   update by those of update (allOf merged)
//
// The record gets
//
//	func (x *R) validate(v *valid.Validator, create bool)
//	func (x *R) validateAt(v *valid.Validator, at string, create bool)
//
// and, for a snapshot record (x-go-snapshot) with read-only or
// create-only properties,
//
//	func (x *R) validateChange(v *valid.Validator, orig *R)
//
// refusing (internal/valid's read-only rule) each of them that changed
// since the record was read, in the description's order.
//
// checking, field by field in the record's order: required (on the
// side whose schema requires it), enum values (an unknown value from the
// caller is refused), minimum and maximum of integers (format int32
// bounds an integer without them), minLength, maxLength and pattern of
// text, minItems, maxItems and uniqueItems of lists, and the records it
// holds by their own rules, named with their path
// ("vendor_attributions[0].vendor_id"). A record held by a checked record
// is checked by the rules of its own schema, whether marked or not. The
// rule texts are internal/valid's, the same in every group.
//
// A field counts as absent (so "required", and its limits unchecked) when
// it is a nil pointer or list, or a plain zero value the SDK leaves out
// of the body: a property that is not always sent, or a writable property
// of a snapshot record (whose create and update bodies leave zeros out).
// A plain value always sent (a read-only version, a send-zero property of
// an ordinary record) is always checked.
//
// A constraint the generator does not check (multipleOf, exclusive
// limits, limits on a number not held as adama.Decimal or on list items
// other than integers) is an error, so that no stated rule goes
// unchecked silently. validate_more.go adds decimal limits, integer item
// limits, hand-written and by-value records, always-sent required values
// and x-go-rule; validate_also.go the hand-written rules
// (x-go-validate-also).
//
// A query or path parameter under components/parameters marked
// x-go-validate: true (an integer with minimum and/or maximum) becomes
// constants holding its limits (<name>Minimum, <name>Maximum) and
// check<Name>(v *valid.Validator, x int64), <Name> being the component's
// name (x-go-name overrides). The package's option types call it where
// the parameter is set.

// validation is what x-go-validate generates for one record.
type validation struct {
	// create and update are the checks of each side.
	create, update []*check
	// from names where the rules come from, for the doc comment.
	from string
	// root: the schema is marked x-go-validate (it gets validate; a
	// record only held by one gets validateAt alone).
	root bool
	// also is the hand-written method x-go-validate-also names
	// (validate_also.go).
	also string
}

// check is the rules of one field on one side.
type check struct {
	f        *field
	required bool
	enum     bool // the value, or each item, is one of its enum's values
	nested   bool // the value, or each item, is a record checked by its own rules
	// min and max bound an integer; minLen, maxLen and pattern text;
	// minItems, maxItems and unique a list.
	min, max           *int64
	minLen, maxLen     *int64
	pattern            string
	minItems, maxItems *int64
	unique             bool
	more               *moreRules   // validate_more.go
	amounts            *amountRules // embedvalid.go
}

// paramCheck is a parameter's check (components/parameters,
// x-go-validate: true).
type paramCheck struct {
	goName, name, in string
	min, max         *int64
}

// buildValidation reads x-go-validate from the records' schemas and the
// components' parameters into m.
func buildValidation(doc *openapi3.T, m *model) error {
	if doc.Components == nil {
		return nil
	}
	schemaOf := map[string]*openapi3.Schema{}
	for name, ref := range doc.Components.Schemas {
		if gn, err := typeName(name, ref.Value); err == nil && !hasFlag(ref.Value.Extensions, "x-go-skip") {
			schemaOf[gn] = ref.Value
		}
	}
	byName := map[string]*record{}
	for _, r := range m.records {
		byName[r.name] = r
	}
	var pending []*record
	for _, r := range m.records {
		s := schemaOf[r.name]
		x, ok := s.Extensions["x-go-validate"]
		if !ok {
			continue
		}
		var err error
		switch x := x.(type) {
		case bool:
			if x {
				r.valid, err = ownRules(doc, r, s)
			}
		case map[string]any:
			r.valid, err = bodyRules(doc, r, x)
		default:
			err = fmt.Errorf("want true or {create: Schema, update: Schema}, found %v", x)
		}
		if err != nil {
			return fmt.Errorf("schema %s, x-go-validate: %w", r.name, err)
		}
		if r.valid != nil {
			r.valid.root = true
			pending = append(pending, r)
		}
	}
	// The records held by a checked record are checked by their own rules.
	for len(pending) > 0 {
		r := pending[0]
		pending = pending[1:]
		for _, c := range append(append([]*check(nil), r.valid.create...), r.valid.update...) {
			n := byName[c.f.nested]
			if !c.nested || n == nil || n.valid != nil {
				continue
			}
			var err error
			if n.valid, err = ownRules(doc, n, schemaOf[n.name]); err != nil {
				return fmt.Errorf("schema %s (held by %s): %w", n.name, r.name, err)
			}
			pending = append(pending, n)
		}
	}
	if err := buildAlso(m, schemaOf); err != nil {
		return err
	}
	return buildParams(doc, m)
}

// ownRules are the rules of the record's own schema: its required list on
// create, limits and enums of its writable properties on both sides.
func ownRules(doc *openapi3.T, r *record, s *openapi3.Schema) (*validation, error) {
	props, required := s.Properties, map[string]bool{}
	for _, p := range s.Required {
		required[p] = true
	}
	create, err := checks(doc, r, props, required, true)
	if err != nil {
		return nil, err
	}
	update, err := checks(doc, r, props, nil, true)
	if err != nil {
		return nil, err
	}
	return &validation{create: create, update: update, from: "the rules of its schema"}, nil
}

// bodyRules are the rules of the request bodies x names.
func bodyRules(doc *openapi3.T, r *record, x map[string]any) (*validation, error) {
	v := &validation{}
	var from []string
	for _, side := range []string{"create", "update"} {
		name, _ := x[side].(string)
		ref := doc.Components.Schemas[name]
		if name == "" || ref == nil {
			return nil, fmt.Errorf("%s: want the name of a schema under components/schemas, found %v", side, x[side])
		}
		props, required := map[string]*openapi3.SchemaRef{}, map[string]bool{}
		if err := flatten(ref.Value, props, required); err != nil {
			return nil, fmt.Errorf("%s (%s): %w", side, name, err)
		}
		for p := range required {
			if props[p] == nil {
				return nil, fmt.Errorf("%s (%s): required property %s is not declared", side, name, p)
			}
		}
		cs, err := checks(doc, r, props, required, false)
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %w", side, name, err)
		}
		if side == "create" {
			v.create = cs
		} else {
			v.update = cs
		}
		from = append(from, side+" by "+name)
	}
	for k := range x {
		if k != "create" && k != "update" {
			return nil, fmt.Errorf("unknown key %q (want create and update)", k)
		}
	}
	v.from = "the rules of the request bodies: " + strings.Join(from, ", ")
	return v, nil
}

// flatten merges the properties and required lists of s and of its allOf
// parts.
func flatten(s *openapi3.Schema, props map[string]*openapi3.SchemaRef, required map[string]bool) error {
	if len(s.OneOf) > 0 || len(s.AnyOf) > 0 {
		return fmt.Errorf("oneOf and anyOf bodies are not supported")
	}
	for name, p := range s.Properties {
		props[name] = p
	}
	for _, p := range s.Required {
		required[p] = true
	}
	for _, part := range s.AllOf {
		if err := flatten(part.Value, props, required); err != nil {
			return err
		}
	}
	return nil
}

// checks are the checks of r's fields (in r's order) by the properties
// props; skipReadOnly leaves out read-only fields (a record's own
// schema: an update never sends them). A property the record does not
// hold is an error.
func checks(doc *openapi3.T, r *record, props map[string]*openapi3.SchemaRef, required map[string]bool, skipReadOnly bool) ([]*check, error) {
	held := map[string]bool{}
	var out []*check
	for _, f := range r.fields {
		held[f.json] = true
		p := props[f.json]
		if p == nil || skipReadOnly && f.readOnly || p.Value.ReadOnly { // a request never sends a read-only property
			continue
		}
		c, err := checkFor(f, p.Value, required[f.json])
		if err != nil {
			return nil, fmt.Errorf("property %s: %w", f.json, err)
		}
		if c != nil {
			out = append(out, c)
		}
	}
	for p := range props {
		if !held[p] {
			return nil, fmt.Errorf("property %s: the record %s has no field for it", p, r.name)
		}
	}
	return out, nil
}

// target is the schema s stands for: the one its single allOf reference
// names (a reference with its own marks), or s.
func target(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 1 && len(s.Properties) == 0 && s.AllOf[0].Value != nil {
		return s.AllOf[0].Value
	}
	return s
}

// checkFor is the check of field f by the property schema s, or nil when
// s states no rule.
func checkFor(f *field, s *openapi3.Schema, required bool) (*check, error) {
	c := &check{f: f, required: required}
	if s.MultipleOf != nil || s.ExclusiveMin.IsTrue() || s.ExclusiveMax.IsTrue() || s.ExclusiveMin.Value != nil || s.ExclusiveMax.Value != nil || s.MinProps != 0 || s.MaxProps != nil {
		return nil, fmt.Errorf("multipleOf, exclusive limits and property counts are not checked by the generator")
	}
	if c, ok, err := checkMore(f, s, required); ok {
		return c, err
	}
	t := target(s)
	switch {
	case schemaType(t) == openapi3.TypeArray:
		if !f.list {
			return nil, fmt.Errorf("a list in the rules, but the field is %s", f.typ)
		}
		c.minItems, c.unique = positive(s.MinItems), s.UniqueItems
		if s.MaxItems != nil {
			c.maxItems = ptrInt(int64(*s.MaxItems))
		}
		if t.Items == nil {
			return nil, fmt.Errorf("an array without items")
		}
		item := target(t.Items.Value)
		switch {
		case len(item.Enum) > 0 && f.enum:
			c.enum = true
		case schemaType(item) == openapi3.TypeObject && f.nested != "":
			c.nested = true
		case hasLimits(item):
			return nil, fmt.Errorf("limits on the items of a list are not checked by the generator")
		}
		if c.unique && (f.nested != "" || strings.HasPrefix(f.typ, "[]*")) {
			return nil, fmt.Errorf("uniqueItems is checked for lists of plain values only")
		}
	case len(t.Enum) > 0:
		if !f.enum {
			return nil, fmt.Errorf("an enum in the rules, but the field is %s", f.typ)
		}
		c.enum = true
	case schemaType(t) == openapi3.TypeObject:
		if f.nested == "" || f.list {
			return nil, fmt.Errorf("a record in the rules, but the field is %s", f.typ)
		}
		c.nested = true
	case schemaType(t) == openapi3.TypeInteger:
		base := strings.TrimPrefix(f.typ, "*")
		if !intHeld(base) {
			if hasLimits(t) {
				return nil, fmt.Errorf("limits on an integer held as %s", f.typ)
			}
			break
		}
		if t.Min != nil {
			c.min = ptrInt(int64(*t.Min))
		}
		if t.Max != nil {
			c.max = ptrInt(int64(*t.Max))
		}
		if t.Format == "int32" && base == "int64" {
			if c.min == nil {
				c.min = ptrInt(math.MinInt32)
			}
			if c.max == nil {
				c.max = ptrInt(math.MaxInt32)
			}
		}
		for _, x := range []*float64{t.Min, t.Max} {
			if x != nil && *x != math.Trunc(*x) {
				return nil, fmt.Errorf("an integer's limit %v is not an integer", *x)
			}
		}
	case schemaType(t) == openapi3.TypeString:
		if hasLimits(t) && strings.TrimPrefix(f.typ, "*") != "string" {
			return nil, fmt.Errorf("text limits on a field held as %s", f.typ)
		}
		c.minLen = positive(t.MinLength)
		if t.MaxLength != nil {
			c.maxLen = ptrInt(int64(*t.MaxLength))
		}
		if t.Pattern != "" {
			if _, err := regexp.Compile(t.Pattern); err != nil {
				return nil, fmt.Errorf("pattern %q is not a Go regular expression: %w", t.Pattern, err)
			}
			c.pattern = t.Pattern
		}
	default:
		if hasLimits(t) {
			return nil, fmt.Errorf("limits on a %s are not checked by the generator", cmpType(t))
		}
	}
	if !c.required && !c.enum && !c.nested && c.min == nil && c.max == nil && c.minLen == nil && c.maxLen == nil &&
		c.pattern == "" && c.minItems == nil && c.maxItems == nil && !c.unique {
		return nil, nil
	}
	return c, nil
}

// intHeld reports whether an integer schema's limits are checked on a
// field of Go type typ: int64, int32, int, or a named type of the package
// (x-go-hand-type: BrainTypeID), which the check converts to int64 (the
// compiler refuses one that is not an integer).
func intHeld(typ string) bool {
	switch typ {
	case "int64", "int32", "int":
		return true
	}
	return isASCIIIdent(typ) && typ[0] >= 'A' && typ[0] <= 'Z'
}

func cmpType(s *openapi3.Schema) string {
	if t := schemaType(s); t != "" {
		return t
	}
	return "schema without a type"
}

// hasLimits reports whether s states a limit.
func hasLimits(s *openapi3.Schema) bool {
	return s.Min != nil || s.Max != nil || s.MinLength != 0 || s.MaxLength != nil || s.Pattern != "" ||
		s.MinItems != 0 || s.MaxItems != nil || s.UniqueItems || s.MultipleOf != nil
}

func positive(n uint64) *int64 {
	if n == 0 {
		return nil
	}
	return ptrInt(int64(n))
}

func ptrInt(n int64) *int64 { return &n }

// buildParams reads the parameters marked x-go-validate.
func buildParams(doc *openapi3.T, m *model) error {
	names := make([]string, 0, len(doc.Components.Parameters))
	for name := range doc.Components.Parameters {
		names = append(names, name)
	}
	sortByLine(names, func(n string) *openapi3.Origin {
		if p := doc.Components.Parameters[n]; p.Value != nil {
			return p.Value.Origin
		}
		return nil
	})
	for _, name := range names {
		p := doc.Components.Parameters[name].Value
		if !hasFlag(p.Extensions, "x-go-validate") {
			continue
		}
		gn := name
		if x, ok := p.Extensions["x-go-name"].(string); ok {
			gn = x
		}
		if !isASCIIIdent(gn) || gn[0] < 'A' || gn[0] > 'Z' {
			return fmt.Errorf("parameter %s: %q is not an exported Go name (set x-go-name)", name, gn)
		}
		if p.Schema == nil || schemaType(p.Schema.Value) != openapi3.TypeInteger || p.Schema.Value.Min == nil && p.Schema.Value.Max == nil {
			return fmt.Errorf("parameter %s, x-go-validate: only an integer with minimum or maximum is checked", name)
		}
		if len(m.records) == 0 {
			return fmt.Errorf("parameter %s, x-go-validate: the document has no record to generate beside it", name)
		}
		s := p.Schema.Value
		pc := &paramCheck{goName: gn, name: p.Name, in: p.In}
		if s.Min != nil {
			pc.min = ptrInt(int64(*s.Min))
		}
		if s.Max != nil {
			pc.max = ptrInt(int64(*s.Max))
		}
		m.params = append(m.params, pc)
	}
	return nil
}

// needsValid reports whether the generated file imports internal/valid.
func needsValid(m *model) bool {
	if len(m.params) > 0 {
		return true
	}
	for _, r := range m.records {
		if r.valid != nil {
			return true
		}
	}
	return false
}

// renderValidate writes r's validate and validateAt.
func renderValidate(b *bytes.Buffer, r *record) {
	if r.valid == nil {
		return
	}
	if r.valid.root {
		b.WriteString("\n" + wrap(fmt.Sprintf("validate records in v each rule the description states that the record breaks (%s): those of a create when create is set, else those of an update.", r.valid.from)))
		fmt.Fprintf(b, "func (x *%s) validate(v *valid.Validator, create bool) { x.validateAt(v, \"\", create) }\n", r.name)
	}
	b.WriteString("\n" + wrap(fmt.Sprintf("validateAt records in v each rule the description states (%s) that the record found at the path at (\"\" for a record checked alone) breaks, naming each field with that path; a nil record breaks none.", r.valid.from)))
	fmt.Fprintf(b, "func (x *%s) validateAt(v *valid.Validator, at string, create bool) {\nif x == nil {\nreturn\n}\n", r.name)
	create, update := renderChecks(r, r.valid.create), renderChecks(r, r.valid.update)
	switch {
	case create == update:
		b.WriteString(create)
	case update == "":
		b.WriteString("if create {\n" + create + "}\n")
	case create == "":
		b.WriteString("if !create {\n" + update + "}\n")
	default:
		b.WriteString("if create {\n" + create + "} else {\n" + update + "}\n")
	}
	renderAlso(b, r)
	b.WriteString("}\n")
	if r.snapshot && r.valid.root {
		renderChange(b, r)
	}
}

// renderChange writes validateChange for a snapshot record: the
// read-only and create-only properties an update would change, in the
// description's order, by the record's readOnlyChanged (snapshot.go).
func renderChange(b *bytes.Buffer, r *record) {
	var guarded []string
	for _, f := range r.fields {
		if f.readOnly || f.createOnly {
			guarded = append(guarded, strconv.Quote(f.json))
		}
	}
	if len(guarded) == 0 {
		return
	}
	b.WriteString("\n" + wrap("validateChange records in v each read-only or create-only property that x changed since orig, the record as read: an update cannot send it, so the change is refused rather than lost. A record built by hand (orig nil) changes none."))
	fmt.Fprintf(b, "func (x *%s) validateChange(v *valid.Validator, orig *%s) {\nif orig == nil {\nreturn\n}\n", r.name, r.name)
	fmt.Fprintf(b, "changed := x.readOnlyChanged(orig)\nfor _, k := range [...]string{%s} {\nif changed[k] {\nv.ReadOnly(k)\n}\n}\n}\n", strings.Join(guarded, ", "))
}

func renderChecks(r *record, cs []*check) string {
	var b strings.Builder
	for _, c := range cs {
		renderCheck(&b, r, c)
	}
	return b.String()
}

// renderCheck writes the statements of one check.
func renderCheck(b *strings.Builder, r *record, c *check) {
	if renderMore(b, r, c) || renderAmounts(b, r, c) {
		return
	}
	f := c.f
	x := "x." + f.name
	path := fmt.Sprintf("valid.Path(at, %q)", f.json)
	switch {
	case f.list:
		var body []string
		if c.minItems != nil || c.maxItems != nil {
			body = append(body, fmt.Sprintf("v.Items(%s, len(%s), %d, %d)", path, x, bound(c.minItems), bound(c.maxItems)))
		}
		if c.unique {
			body = append(body, fmt.Sprintf("valid.Unique(v, %s, %s)", path, x))
		}
		present := x + " != nil"
		if f.sent {
			present = "" // a nil list is sent as []
		}
		writeIf(b, present, body, c.required, path)
		item := fmt.Sprintf("valid.Index(at, %q, i)", f.json)
		switch {
		case c.enum:
			fmt.Fprintf(b, "for i, e := range %s {\nvalid.Enum(v, %s, e)\n}\n", x, item)
		case c.nested && f.valueItems:
			fmt.Fprintf(b, "for i := range %s {\n%s[i].validateAt(v, %s, create)\n}\n", x, x, item)
		case c.nested:
			fmt.Fprintf(b, "for i, e := range %s {\ne.validateAt(v, %s, create)\n}\n", x, item)
		}
	case f.nested != "":
		var body []string
		if c.nested {
			body = append(body, fmt.Sprintf("%s.validateAt(v, %s, create)", x, path))
		}
		writeIf(b, x+" != nil", body, c.required, path)
	default:
		val, present := x, ""
		switch {
		case f.typ == "*adama.Time": // a zero time is no time
			val, present = "*"+x, x+" != nil && !"+x+".IsZero()"
		case strings.HasPrefix(f.typ, "*"):
			val, present = "*"+x, x+" != nil"
		case !f.sent || r.snapshot && !f.readOnly:
			present = nonZero(f, x)
		}
		var body []string
		if c.enum {
			body = append(body, fmt.Sprintf("valid.Enum(v, %s, %s)", path, val))
		}
		n := val
		if base := strings.TrimPrefix(f.typ, "*"); base != "int64" && intHeld(base) {
			n = "int64(" + val + ")"
		}
		switch {
		case c.min != nil && c.max != nil:
			body = append(body, fmt.Sprintf("v.Range(%s, %s, %d, %d)", path, n, *c.min, *c.max))
		case c.min != nil:
			body = append(body, fmt.Sprintf("v.Min(%s, %s, %d)", path, n, *c.min))
		case c.max != nil:
			body = append(body, fmt.Sprintf("v.Max(%s, %s, %d)", path, n, *c.max))
		}
		if c.minLen != nil && !(*c.minLen == 1 && present != "" && !strings.HasPrefix(f.typ, "*")) { // a set text is not empty
			body = append(body, fmt.Sprintf("v.MinLen(%s, %s, %d)", path, val, *c.minLen))
		}
		if c.maxLen != nil {
			body = append(body, fmt.Sprintf("v.MaxLen(%s, %s, %d)", path, val, *c.maxLen))
		}
		if c.pattern != "" {
			body = append(body, fmt.Sprintf("v.Pattern(%s, %s, %s)", path, val, strconv.Quote(c.pattern)))
		}
		writeIf(b, present, body, c.required, path)
	}
}

// writeIf writes body under the condition present ("" for always), and,
// for a required field, the "required" violation when it is absent.
func writeIf(b *strings.Builder, present string, body []string, required bool, path string) {
	stmts := strings.Join(body, "\n")
	switch {
	case present == "":
		if stmts != "" {
			b.WriteString(stmts + "\n")
		}
	case required && stmts == "":
		fmt.Fprintf(b, "v.Require(%s, %s)\n", path, present)
	case required:
		fmt.Fprintf(b, "if %s {\n%s\n} else {\nv.Require(%s, false)\n}\n", present, stmts, path)
	case stmts != "":
		fmt.Fprintf(b, "if %s {\n%s\n}\n", present, stmts)
	}
}

// nonZero is the Go condition that the plain field x of f is not zero.
func nonZero(f *field, x string) string {
	switch f.typ {
	case "bool":
		return x
	case "adama.Time", "adama.Decimal":
		return "!" + x + ".IsZero()"
	case "adama.Amount", "json.RawMessage":
		return ""
	}
	return x + " != " + f.zero
}

// bound is a list limit for valid.Items: -1 for none.
func bound(n *int64) int64 {
	if n == nil {
		return -1
	}
	return *n
}

// renderParams writes the parameters' limits and checks.
func renderParams(b *bytes.Buffer, m *model) {
	for _, p := range m.params {
		lower := lowerFirst(p.goName)
		b.WriteString("\n" + wrap(fmt.Sprintf("The limits of the %s parameter %s (components/parameters/%s).", p.in, p.name, p.goName)) + "const (\n")
		if p.min != nil {
			fmt.Fprintf(b, "%sMinimum = %d\n", lower, *p.min)
		}
		if p.max != nil {
			fmt.Fprintf(b, "%sMaximum = %d\n", lower, *p.max)
		}
		b.WriteString(")\n")
		b.WriteString("\n" + wrap(fmt.Sprintf("check%s records in v a violation when x lies outside the limits of the %s parameter %s.", p.goName, p.in, p.name)))
		fmt.Fprintf(b, "func check%s(v *valid.Validator, x int64) {\n", p.goName)
		switch {
		case p.min != nil && p.max != nil:
			fmt.Fprintf(b, "v.Range(%q, x, %sMinimum, %sMaximum)\n", p.name, lower, lower)
		case p.min != nil:
			fmt.Fprintf(b, "v.Min(%q, x, %sMinimum)\n", p.name, lower)
		default:
			fmt.Fprintf(b, "v.Max(%q, x, %sMaximum)\n", p.name, lower)
		}
		b.WriteString("}\n")
	}
}
