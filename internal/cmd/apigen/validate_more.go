package main

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// More of what x-go-validate checks (validate.go), for the values the
// first cut left out:
//
//   - limits on the integer items of a list (items: {minimum: 1}): each
//     item is checked, named with its index ("deal_ids[3]");
//   - minimum and maximum of a number held as adama.Decimal, exactly
//     (internal/valid's DecimalMin, "must be >= 0", and DecimalMax,
//     "at most 9999999.9999");
//   - a record written by hand (x-go-hand-type: "*Price"): checked by its
//     own hand-written validateAt(v, at, create), which states its
//     schema's rules;
//   - a record held by value (x-go-value-items on a record): absent when
//     zero (internal/valid's IsZero, as omitzero decides), else checked by
//     its own rules;
//   - a required property the SDK always sends (a plain text, or a list
//     sent as [] when nil): "required" unless it is non-empty;
//   - x-go-rule: <text> on a property, or on a list's items: the rule
//     text a value breaking that schema's limits reports, once per field,
//     in place of internal/valid's (Validator.Restate): "3 letters
//     (ISO 4217)" for minLength 3, maxLength 3 and a pattern. "required"
//     keeps its own text.

// moreRules are the rules of a check that validate.go's first cut does
// not hold.
type moreRules struct {
	// itemMin and itemMax bound each integer item of a list; itemRule
	// is the items' x-go-rule.
	itemMin, itemMax *int64
	itemRule         string
	// decMin and decMax bound a decimal (as literals).
	decMin, decMax string
	// hand: a hand-written record checked by its own validateAt.
	hand bool
	// requireSent: the property is required and always sent, so present
	// means non-empty.
	requireSent bool
	// rule is the property's x-go-rule.
	rule string
}

// checkMore is the check of f by s when s states rules of this file's
// kinds, reporting false otherwise (validate.go's checkFor then builds
// it).
func checkMore(f *field, s *openapi3.Schema, required bool) (*check, bool, error) {
	if x, ok := s.Extensions["x-go-rule"]; ok {
		rule, _ := x.(string)
		if rule == "" {
			return nil, true, fmt.Errorf("x-go-rule: want the rule's text, found %v", x)
		}
		if f.nested != "" || schemaType(target(s)) == openapi3.TypeObject {
			return nil, true, fmt.Errorf("x-go-rule applies to values and lists of values, not to records")
		}
		c, err := checkFor(f, without(s, "x-go-rule"), required)
		if err != nil || c == nil {
			if err == nil {
				err = fmt.Errorf("x-go-rule on a property that states no limit")
			}
			return nil, true, err
		}
		more(c).rule = rule
		return c, true, nil
	}
	t := target(s)
	switch {
	case schemaType(t) == openapi3.TypeArray && t == s && t.Items != nil && t.Items.Value != nil && !f.enum && f.nested == "" &&
		schemaType(t.Items.Value) == openapi3.TypeInteger && (t.Items.Value.Min != nil || t.Items.Value.Max != nil):
		return listOfLimited(f, s, required)
	case schemaType(t) == openapi3.TypeNumber && (t.Min != nil || t.Max != nil):
		if strings.TrimPrefix(f.typ, "*") != "adama.Decimal" {
			return nil, true, fmt.Errorf("limits on a number held as %s (want adama.Decimal)", f.typ)
		}
		cp := *t
		cp.Min, cp.Max = nil, nil
		c, err := checkFor(f, &cp, required)
		if err != nil {
			return nil, true, err
		}
		if c == nil {
			c = &check{f: f}
		}
		m := more(c)
		if t.Min != nil {
			m.decMin = strconv.FormatFloat(*t.Min, 'f', -1, 64)
		}
		if t.Max != nil {
			m.decMax = strconv.FormatFloat(*t.Max, 'f', -1, 64)
		}
		return c, true, nil
	case schemaType(t) == openapi3.TypeObject && f.nested == "" && !f.list && strings.HasPrefix(f.typ, "*") && isASCIIIdent(f.typ[1:]):
		c := &check{f: f, required: required}
		more(c).hand = true
		return c, true, nil
	case required && f.sent && !strings.HasPrefix(f.typ, "*") && (f.list || f.typ == "string"):
		c, err := checkFor(f, s, false)
		if err != nil {
			return nil, true, err
		}
		if c == nil {
			c = &check{f: f}
		}
		c.required = true
		more(c).requireSent = true
		return c, true, nil
	}
	return nil, false, nil
}

// listOfLimited is the check of a list of integers whose items state
// limits (and maybe x-go-rule).
func listOfLimited(f *field, s *openapi3.Schema, required bool) (*check, bool, error) {
	if !f.list || strings.TrimPrefix(f.typ, "[]") != "int64" {
		return nil, true, fmt.Errorf("limits on the integer items of a list held as %s (want []int64)", f.typ)
	}
	item := target(s.Items.Value)
	for _, x := range []*float64{item.Min, item.Max} {
		if x != nil && *x != float64(int64(*x)) {
			return nil, true, fmt.Errorf("an item's limit %v is not an integer", *x)
		}
	}
	if hasLimits(&openapi3.Schema{MinLength: item.MinLength, MaxLength: item.MaxLength, Pattern: item.Pattern, MultipleOf: item.MultipleOf}) {
		return nil, true, fmt.Errorf("only minimum and maximum of a list's integer items are checked")
	}
	cp := *s
	plain := *item
	plain.Min, plain.Max, plain.Extensions = nil, nil, nil
	cp.Items = &openapi3.SchemaRef{Value: &plain}
	c, ok, err := checkMore(f, &cp, required) // the list's own rule or required
	if !ok {
		c, err = checkFor(f, &cp, required)
	}
	if err != nil {
		return nil, true, err
	}
	if c == nil {
		c = &check{f: f, required: required}
	}
	m := more(c)
	if item.Min != nil {
		m.itemMin = ptrInt(int64(*item.Min))
	}
	if item.Max != nil {
		m.itemMax = ptrInt(int64(*item.Max))
	}
	if x, ok := item.Extensions["x-go-rule"]; ok {
		if m.itemRule, _ = x.(string); m.itemRule == "" {
			return nil, true, fmt.Errorf("items, x-go-rule: want the rule's text, found %v", x)
		}
	}
	return c, true, nil
}

// more returns c's moreRules, making them.
func more(c *check) *moreRules {
	if c.more == nil {
		c.more = &moreRules{}
	}
	return c.more
}

// without is a copy of s without the extension name.
func without(s *openapi3.Schema, name string) *openapi3.Schema {
	cp := *s
	cp.Extensions = maps.Clone(s.Extensions)
	delete(cp.Extensions, name)
	return &cp
}

// renderMore writes the check when it holds rules of this file's kinds,
// reporting false when validate.go's renderCheck writes it.
func renderMore(b *strings.Builder, r *record, c *check) bool {
	f := c.f
	valueRecord := f.nested != "" && f.valueItems && !f.list
	if c.more == nil && !valueRecord {
		return false
	}
	m := c.more
	if m == nil {
		m = &moreRules{}
	}
	if m.requireSent && !f.list && r.snapshot && !f.readOnly {
		// A snapshot record leaves a zero text out of its bodies: absent
		// when empty, as validate.go's renderCheck has it.
		plain := *m
		plain.requireSent = false
		cp := *c
		cp.more = &plain
		return renderMore(b, r, &cp)
	}
	rest := *c
	rest.more = nil
	x := "x." + f.name
	path := fmt.Sprintf("valid.Path(at, %q)", f.json)
	switch {
	case m.rule != "":
		restM := *m
		restM.rule, restM.itemMin, restM.itemMax, restM.itemRule = "", nil, nil, ""
		rest.more = &restM
		var inner strings.Builder
		renderCheck(&inner, r, &rest)
		restate(b, inner.String(), m.rule)
		m = &moreRules{itemMin: m.itemMin, itemMax: m.itemMax, itemRule: m.itemRule}
	case m.hand:
		writeIf(b, x+" != nil", []string{fmt.Sprintf("%s.validateAt(v, %s, create)", x, path)}, c.required, path)
	case valueRecord:
		var body []string
		if c.nested {
			body = append(body, fmt.Sprintf("%s.validateAt(v, %s, create)", x, path))
		}
		writeIf(b, "!valid.IsZero("+x+")", body, c.required, path)
	case m.requireSent:
		present := "len(" + x + ") > 0"
		if !f.list {
			present = x + ` != ""`
		}
		fmt.Fprintf(b, "v.Require(%s, %s)\n", path, present)
		rest.required = false
		if m.itemMin != nil || m.itemMax != nil {
			rest.more = &moreRules{itemMin: m.itemMin, itemMax: m.itemMax, itemRule: m.itemRule}
		}
		renderCheck(b, r, &rest)
		return true
	case m.decMin != "" || m.decMax != "":
		val, present := x, ""
		switch {
		case strings.HasPrefix(f.typ, "*"):
			val, present = "*"+x, x+" != nil"
		case !f.sent || r.snapshot && !f.readOnly:
			present = nonZero(f, x)
		}
		var body []string
		if m.decMin != "" {
			body = append(body, fmt.Sprintf("v.DecimalMin(%s, %s, %q)", path, val, m.decMin))
		}
		if m.decMax != "" {
			body = append(body, fmt.Sprintf("v.DecimalMax(%s, %s, %q)", path, val, m.decMax))
		}
		writeIf(b, present, body, c.required, path)
		return true
	default:
		renderCheck(b, r, &rest)
	}
	if m.itemMin != nil || m.itemMax != nil {
		item := fmt.Sprintf("valid.Index(at, %q, i)", f.json)
		var stmt string
		switch {
		case m.itemMin != nil && m.itemMax != nil:
			stmt = fmt.Sprintf("v.Range(%s, e, %d, %d)", item, *m.itemMin, *m.itemMax)
		case m.itemMin != nil:
			stmt = fmt.Sprintf("v.Min(%s, e, %d)", item, *m.itemMin)
		default:
			stmt = fmt.Sprintf("v.Max(%s, e, %d)", item, *m.itemMax)
		}
		loop := fmt.Sprintf("for i, e := range %s {\n%s\n}\n", x, stmt)
		if m.itemRule != "" {
			restate(b, loop, m.itemRule)
		} else {
			b.WriteString(loop)
		}
	}
	return true
}

// restate writes stmts recording into a validator of their own, whose
// violations v then holds under rule (Validator.Restate).
func restate(b *strings.Builder, stmts, rule string) {
	if stmts == "" {
		return
	}
	fmt.Fprintf(b, "{\nouter := v\nv := new(valid.Validator)\n%souter.Restate(v, %s)\n}\n", stmts, strconv.Quote(rule))
}
