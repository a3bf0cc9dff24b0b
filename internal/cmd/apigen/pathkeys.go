package main

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Path parameters other than integer ids: a resource named by text (a
// consumer's name, ConsumerName) or by a key struct of several text
// parameters (byoa's ModelKey), the record field a parameter fills in,
// and the parameters of a method, its checks and its path segments.

// buildPathParam reads one path parameter: an integer id (int64, checked
// positive with minimum 1) or text (string, or the named string type of
// x-go-type; checked non-empty with minLength 1; escaped as a path
// segment). x-go-field names the record's field that holds it.
func buildPathParam(p *openapi3.Parameter) (pathParam, error) {
	pp := pathParam{name: p.Name, arg: lowerFirst(goName(p.Name))}
	if pp.arg == "" {
		return pp, fmt.Errorf("path parameter %s has no Go name", p.Name)
	}
	if p.Schema == nil || p.Schema.Value == nil {
		return pp, fmt.Errorf("path parameter %s has no schema", p.Name)
	}
	s := p.Schema.Value
	x, hasX := p.Extensions["x-go-type"].(string)
	switch schemaType(s) {
	case openapi3.TypeInteger:
		if hasX {
			return pp, fmt.Errorf("path parameter %s: an integer id is an int64; x-go-type applies to text", p.Name)
		}
		pp.positive = s.Min != nil && *s.Min >= 1
		if s.Max != nil && pp.positive {
			pp.max = int64(*s.Max)
		}
	case openapi3.TypeString:
		pp.text = "string"
		if hasX {
			if !isASCIIIdent(x) || x[0] < 'A' || x[0] > 'Z' {
				return pp, fmt.Errorf("path parameter %s: x-go-type %q is not a named string type", p.Name, x)
			}
			pp.text = x
		}
		pp.nonEmpty = s.MinLength >= 1
	default:
		return pp, fmt.Errorf("path parameter %s: only integer ids and text are supported", p.Name)
	}
	if f, ok := p.Extensions["x-go-field"]; ok {
		pp.field, _ = f.(string)
		if !isASCIIIdent(pp.field) || pp.field[0] < 'A' || pp.field[0] > 'Z' {
			return pp, fmt.Errorf("path parameter %s: x-go-field %v is not an exported field name", p.Name, f)
		}
	}
	return pp, nil
}

// keyParams applies x-go-key: the operation's path parameters are the
// fields of the named key struct, which the method takes whole and
// checks with its hand-written Validate.
func keyParams(sm *svcMethod, op *openapi3.Operation) error {
	x, ok := op.Extensions["x-go-key"]
	if !ok {
		return nil
	}
	sm.key, _ = x.(string)
	if !isASCIIIdent(sm.key) || sm.key[0] < 'A' || sm.key[0] > 'Z' {
		return fmt.Errorf("x-go-key %v is not an exported Go type name", x)
	}
	if sm.httpMethod != http.MethodGet && sm.httpMethod != http.MethodDelete {
		return fmt.Errorf("x-go-key applies to reads and deletes")
	}
	if len(sm.params) == 0 {
		return fmt.Errorf("x-go-key needs path parameters")
	}
	for _, p := range sm.params {
		if p.field != "" {
			return fmt.Errorf("x-go-key: path parameter %s is a field of the key, not of the record", p.name)
		}
	}
	return nil
}

// goType is the Go type of a path parameter's argument.
func (p pathParam) goType() string {
	if p.text != "" {
		return p.text
	}
	return "int64"
}

// text2 is the Go expression of expr, a value of the parameter, as a string.
func (p pathParam) text2(expr string) string {
	switch p.text {
	case "":
		return "strconv.FormatInt(" + expr + ", 10)"
	case "string":
		return expr
	}
	return "string(" + expr + ")"
}

// segment is the Go expression of expr as a path segment: an id in
// decimal, text escaped.
func (p pathParam) segment(expr string) string {
	if p.text == "" {
		return p.text2(expr)
	}
	return "url.PathEscape(" + p.text2(expr) + ")"
}

// paramArgs are a method's path arguments ("id int64", or "key ModelKey"),
// the checks made before sending, and the path segment of each parameter.
func paramArgs(m *svcMethod) (args, checks []string, ids map[string]string) {
	ids = map[string]string{}
	if m.key != "" {
		for _, p := range m.params {
			ids[p.name] = p.segment("key." + goName(p.name))
		}
		return []string{"key " + m.key}, []string{"key.Validate()"}, ids
	}
	for _, p := range m.params {
		args = append(args, p.arg+" "+p.goType())
		switch {
		case p.rangeCheck() != "":
			checks = append(checks, p.rangeCheck())
		case p.positive:
			checks = append(checks, fmt.Sprintf("positiveID(%q, %s)", p.name, p.arg))
		case p.nonEmpty:
			checks = append(checks, fmt.Sprintf("nonEmpty(%q, %s)", p.name, p.text2(p.arg)))
		}
		ids[p.name] = p.segment(p.arg)
	}
	return args, checks, ids
}

// fieldSets are the statements of a Get that set the record's fields
// named by x-go-field from the path ("out.Consumer = name\n").
func fieldSets(m *svcMethod) string {
	var b strings.Builder
	for _, p := range m.params {
		if p.field != "" && m.key == "" {
			fmt.Fprintf(&b, "out.%s = %s\n", p.field, p.arg)
		}
	}
	return b.String()
}

// usesNonEmpty reports whether a generated method checks text is not
// empty, so the file declares nonEmpty.
func usesNonEmpty(s *services) bool {
	for _, m := range s.methods {
		if m.key != "" {
			continue
		}
		for _, p := range m.params {
			if p.nonEmpty {
				return true
			}
		}
	}
	return false
}

// nonEmptyHelper is the declaration of nonEmpty.
const nonEmptyHelper = `
// nonEmpty refuses an empty path parameter before sending, naming it.
func nonEmpty(field, v string) error {
	if v == "" {
		var vd valid.Validator
		vd.Require(field, false)
		return vd.Err()
	}
	return nil
}
`
