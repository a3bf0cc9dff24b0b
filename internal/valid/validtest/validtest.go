// Package validtest derives, from a group's description, one record body
// per rule the description states for a create or an update, each
// breaking that rule alone, and the violation (field, rule) the
// generated checks must report for it: the groups' TestEveryStatedRuleIsEnforced
// decode each body and compare. A rule kind it does not know fails the
// test, so that the description cannot state a rule the test leaves out.
package validtest

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// Breach is a body breaking one rule, and the violation it must cause.
type Breach struct {
	Kind, Field, Rule string
	Body              map[string]any
}

// Rules is what Breaches reads: the document, the bodies of the nested
// records that satisfy every rule (by schema name), and a value not
// matching each pattern the document states.
type Rules struct {
	Doc *openapi3.T
	// Bases holds a valid body for each record a body holds, by schema
	// name ("Owner"); a record without one is broken from {}.
	Bases map[string]map[string]any
	// Mismatch holds, for each pattern, a value of the allowed length
	// that does not match it.
	Mismatch map[string]string
	// Sent names the properties of records written by hand (no JSON
	// tags to tell) that the SDK always sends, as "Schema.property"
	// ("Price.value"): a required mark cannot be broken there.
	Sent map[string]bool
	// Kinds counts the breaches made, by kind.
	Kinds map[string]int
}

// Body merges the properties and required lists of a request body schema
// and its allOf parts.
func Body(s *openapi3.Schema) (map[string]*openapi3.Schema, map[string]bool) {
	props, required := map[string]*openapi3.Schema{}, map[string]bool{}
	var walk func(s *openapi3.Schema)
	walk = func(s *openapi3.Schema) {
		for name, p := range s.Properties {
			props[name] = p.Value
		}
		for _, p := range s.Required {
			required[p] = true
		}
		for _, part := range s.AllOf {
			walk(part.Value)
		}
	}
	walk(s)
	return props, required
}

// deref is the schema a property stands for: its single allOf
// reference's, or its own.
func deref(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 1 && len(s.Properties) == 0 {
		return s.AllOf[0].Value
	}
	return s
}

// nameOf is the component name of schema s ("" when it has none).
func (r *Rules) nameOf(s *openapi3.Schema) string {
	for name, ref := range r.Doc.Components.Schemas {
		if ref.Value == s {
			return name
		}
	}
	return ""
}

// Breaches derives the breaches of the body schema named body, for a
// create or an update, from the valid body base; goType is the record
// the bodies decode into.
func (r *Rules) Breaches(t *testing.T, goType reflect.Type, body string, create bool, base map[string]any) []Breach {
	t.Helper()
	ref := r.Doc.Components.Schemas[body]
	if ref == nil {
		t.Fatalf("no schema %s", body)
	}
	props, required := Body(ref.Value)
	if len(props) == 0 {
		t.Fatalf("%s: no properties", body)
	}
	return r.breaches(t, goType, body, "", props, required, base, create, map[*openapi3.Schema]bool{ref.Value: true})
}

func (r *Rules) count(out []Breach) []Breach {
	if r.Kinds == nil {
		r.Kinds = map[string]int{}
	}
	for _, b := range out {
		r.Kinds[b.Kind]++
	}
	return out
}

// breaches walks props (sorted), making one body per rule from base; at
// names the record's path, seen the schemas being walked (a tree is
// walked one level down).
func (r *Rules) breaches(t *testing.T, goType reflect.Type, schema, at string, props map[string]*openapi3.Schema, required map[string]bool, base map[string]any, create bool, seen map[*openapi3.Schema]bool) []Breach {
	t.Helper()
	var out []Breach
	with := func(name string, value any) map[string]any {
		b := maps.Clone(base)
		b[name] = value
		return b
	}
	path := func(name string) string {
		if at == "" {
			return name
		}
		return at + "." + name
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p := props[name]
		if p.ReadOnly {
			continue // a request never sends it
		}
		s := deref(p)
		ft := fieldType(t, goType, name)
		sent, plain := alwaysSent(goType, name) || r.Sent[schema+"."+name], ft.Kind() != reflect.Pointer
		if required[name] && name != "version" && !(sent && ft.Kind() != reflect.String && ft.Kind() != reflect.Slice) {
			b := maps.Clone(base)
			delete(b, name)
			out = append(out, Breach{"required", path(name), "required", b})
		}
		rule := func(own string) string {
			if x, _ := p.Extensions["x-go-rule"].(string); x != "" {
				return x
			}
			if x, _ := s.Extensions["x-go-rule"].(string); x != "" {
				return x
			}
			return own
		}
		if s.MultipleOf != nil || s.ExclusiveMin.IsTrue() || s.ExclusiveMax.IsTrue() {
			t.Fatalf("%s: a rule kind this test does not exercise", path(name))
		}
		switch {
		case len(s.Enum) > 0:
			vals := make([]string, len(s.Enum))
			for i, v := range s.Enum {
				vals[i] = fmt.Sprint(v)
			}
			out = append(out, Breach{"enum", path(name), "one of: " + strings.Join(vals, ", "), with(name, "NOT_A_VALUE")})
		case s.Type.Is(openapi3.TypeInteger):
			for _, b := range intBreaches(s, plain && !sent) {
				out = append(out, Breach{b.kind, path(name), rule(b.rule), with(name, b.value)})
			}
		case s.Type.Is(openapi3.TypeNumber):
			if s.Min != nil {
				out = append(out, Breach{"decimal minimum", path(name), rule("must be >= " + num(*s.Min)), with(name, *s.Min-1)})
			}
			if s.Max != nil {
				out = append(out, Breach{"decimal maximum", path(name), rule("at most " + num(*s.Max)), with(name, *s.Max+1)})
			}
		case s.Type.Is(openapi3.TypeString):
			if s.MaxLength != nil {
				n := int(*s.MaxLength)
				out = append(out, Breach{"maxLength", path(name), rule(fmt.Sprintf("max length %d, has %d", n, n+1)), with(name, strings.Repeat("x", n+1))})
			}
			if n := int(s.MinLength); n > 1 || n == 1 && !(plain && !sent) { // a plain text left out is absent when empty
				out = append(out, Breach{"minLength", path(name), rule(fmt.Sprintf("min length %d", n)), with(name, strings.Repeat("x", n-1))})
			}
			if s.Pattern != "" {
				bad, ok := r.Mismatch[s.Pattern]
				if !ok {
					t.Fatalf("%s: give Rules.Mismatch a value not matching %s", path(name), s.Pattern)
				}
				out = append(out, Breach{"pattern", path(name), rule("must match " + s.Pattern), with(name, bad)})
			}
		case s.Type.Is(openapi3.TypeArray):
			item := deref(s.Items.Value)
			if s.MaxItems != nil {
				n := int(*s.MaxItems)
				out = append(out, Breach{"maxItems", path(name), rule(fmt.Sprintf("at most %d items, has %d", n, n+1)), with(name, ids(n+1))})
			}
			if s.MinItems > 0 {
				n := int(s.MinItems)
				out = append(out, Breach{"minItems", path(name), rule(fmt.Sprintf("at least %d items, has %d", n, n-1)), with(name, ids(n-1))})
			}
			if s.UniqueItems {
				out = append(out, Breach{"uniqueItems", path(name) + "[1]", "listed twice", with(name, []any{1, 1})})
			}
			switch {
			case item.Type.Is(openapi3.TypeInteger):
				itemRule := func(own string) string {
					if x, _ := item.Extensions["x-go-rule"].(string); x != "" {
						return x
					}
					return own
				}
				for _, b := range intBreaches(item, false) {
					out = append(out, Breach{"item " + b.kind, path(name) + "[0]", itemRule(b.rule), with(name, []any{b.value})})
				}
			case item.Type.Is(openapi3.TypeObject):
				if seen[item] {
					continue
				}
				for _, nb := range r.nested(t, ft.Elem(), path(name)+"[0]", item, create, seen) {
					nb.Kind, nb.Body = "nested "+nb.Kind, with(name, []any{nb.Body})
					out = append(out, nb)
				}
			case hasLimits(item):
				t.Fatalf("%s: limits on items of a kind this test does not exercise", path(name))
			}
		case s.Type.Is(openapi3.TypeObject):
			if seen[s] {
				continue
			}
			for _, nb := range r.nested(t, ft, path(name), s, create, seen) {
				nb.Kind, nb.Body = "nested "+nb.Kind, with(name, nb.Body)
				out = append(out, nb)
			}
		case s.Type.Is(openapi3.TypeBoolean):
		default:
			t.Fatalf("%s: a property of type %v this test does not exercise", path(name), s.Type)
		}
	}
	if at == "" {
		return r.count(out)
	}
	return out
}

// nested derives the breaches of a record held at at, by its own
// schema's rules: its required list on create, or on both sides when its
// x-go-validate names it as its own update body (a record posted whole).
func (r *Rules) nested(t *testing.T, typ reflect.Type, at string, s *openapi3.Schema, create bool, seen map[*openapi3.Schema]bool) []Breach {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
	}
	name := r.nameOf(s)
	props, required := Body(s)
	if x, _ := s.Extensions["x-go-validate"].(map[string]any); !create && x["update"] != name {
		required = nil
	}
	base := maps.Clone(r.Bases[name])
	if base == nil {
		base = map[string]any{}
	}
	seen = maps.Clone(seen)
	seen[s] = true
	return r.breaches(t, typ, name, at, props, required, base, create, seen)
}

type intBreach struct {
	kind, rule string
	value      int64
}

// intBreaches are the breaches of an integer's limits; absentZero: a zero
// is left out (not out of range), so the value below 1 is -1.
func intBreaches(s *openapi3.Schema, absentZero bool) []intBreach {
	var lo, hi int64
	if s.Min != nil {
		lo = int64(*s.Min)
	}
	if s.Max != nil {
		hi = int64(*s.Max)
	}
	var rule string
	switch {
	case s.Min != nil && s.Max != nil:
		rule = fmt.Sprintf("must be between %d and %d", lo, hi)
	case s.Min != nil:
		rule = fmt.Sprintf("must be at least %d", lo)
	case s.Max != nil:
		rule = fmt.Sprintf("must be at most %d", hi)
	}
	var out []intBreach
	if s.Min != nil {
		below := lo - 1
		if below == 0 && absentZero {
			below = -1
		}
		out = append(out, intBreach{"minimum", rule, below})
	}
	if s.Max != nil {
		out = append(out, intBreach{"maximum", rule, hi + 1})
	}
	return out
}

func hasLimits(s *openapi3.Schema) bool {
	return s.Min != nil || s.Max != nil || s.MinLength != 0 || s.MaxLength != nil || s.Pattern != "" || len(s.Enum) > 0
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// ids are n distinct valid ids.
func ids(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// fieldType is the Go type of the field of typ that holds the property
// name: by JSON tag, else (a record written by hand, without tags) by
// its name without underscores, in any case.
func fieldType(t *testing.T, typ reflect.Type, name string) reflect.Type {
	t.Helper()
	if f, ok := field(typ, name); ok {
		return f.Type
	}
	t.Fatalf("%s has no field for %s", typ, name)
	return nil
}

func field(typ reflect.Type, name string) (reflect.StructField, bool) {
	for i := range typ.NumField() {
		f := typ.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return f, true
		}
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Tag.Get("json") == "" && strings.EqualFold(f.Name, strings.ReplaceAll(name, "_", "")) {
			return f, true
		}
	}
	for i := range typ.NumField() { // a field of an embedded struct (group A's Common)
		if f := typ.Field(i); f.Anonymous && f.Type.Kind() == reflect.Struct {
			if ef, ok := field(f.Type, name); ok {
				return ef, true
			}
		}
	}
	return reflect.StructField{}, false
}

// alwaysSent reports whether the field of name is sent even when zero
// (its JSON tag has neither omitempty nor omitzero).
func alwaysSent(typ reflect.Type, name string) bool {
	f, _ := field(typ, name)
	tag := f.Tag.Get("json")
	return tag != "" && !strings.Contains(tag, ",omitempty") && !strings.Contains(tag, ",omitzero")
}
