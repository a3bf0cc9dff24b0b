package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// An enum schema marked x-adama-any-case: true is one the platform sends
// in any case ("CPA" for "cpa"). The enum gets an UnmarshalJSON that reads
// a known value in any case as the described value and keeps an unknown
// one as sent, and an Equal that compares ignoring case. A record holding
// such a field is read through internal/record only, which calls that
// UnmarshalJSON.

// renderAnyCase writes the UnmarshalJSON and Equal of an any-case enum.
func renderAnyCase(b *bytes.Buffer, e *enum, dep string) {
	fmt.Fprintf(b, "\n// UnmarshalJSON reads a known %s in any case as its described value;\n// an unknown value is kept as sent.\n%s", e.name, dep)
	fmt.Fprintf(b, "func (v *%s) UnmarshalJSON(b []byte) error {\nvar s string\nif err := json.Unmarshal(b, &s); err != nil {\nreturn err\n}\n", e.name)
	fmt.Fprintf(b, "for _, k := range %s(\"\").Values() {\nif strings.EqualFold(string(k), s) {\n*v = k\nreturn nil\n}\n}\n*v = %s(s)\nreturn nil\n}\n", e.name, e.name)
	fmt.Fprintf(b, "\n// Equal reports whether v and o name the same value, ignoring case.\n%s", dep)
	fmt.Fprintf(b, "func (v %s) Equal(o %s) bool { return strings.EqualFold(string(v), string(o)) }\n", e.name, e.name)
}

// anyCaseEnums reports whether m has an any-case enum.
func anyCaseEnums(m *model) bool {
	for _, e := range m.enums {
		if e.anyCase {
			return true
		}
	}
	return false
}

// anyCaseRef reports whether ref refers (directly, through allOf or as a
// list's items) to an any-case enum.
func anyCaseRef(doc *openapi3.T, ref *openapi3.SchemaRef) bool {
	for ref != nil {
		target := ref.Ref
		if target == "" && ref.Value != nil && len(ref.Value.AllOf) == 1 {
			target = ref.Value.AllOf[0].Ref
		}
		if name, ok := strings.CutPrefix(target, "#/components/schemas/"); ok && doc.Components != nil {
			c := doc.Components.Schemas[name]
			return c != nil && c.Value != nil && hasFlag(c.Value.Extensions, "x-adama-any-case")
		}
		if ref.Value == nil {
			return false
		}
		ref = ref.Value.Items
	}
	return false
}
