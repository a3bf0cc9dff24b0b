package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// callVia is how a generated method reaches the platform when the
// package chooses it: x-go-group names the service's *call.Group field
// the call goes through and the prefix of the described path that the
// group's Prefix stands for (the path is then written relative to it, so
// that a client may choose another prefix); x-go-call names a package
// function the call goes through instead of internal/call (to read the
// group's own error bodies or answer form).
type callVia struct {
	field, prefix string // x-go-group
	hook          string // x-go-call
}

// buildVia reads x-go-group and x-go-call from the operation, else from
// its path item (nil when neither is set).
func buildVia(op *openapi3.Operation, item *openapi3.PathItem, path string) (*callVia, error) {
	ext := func(name string) (any, bool) {
		if v, ok := op.Extensions[name]; ok {
			return v, true
		}
		v, ok := item.Extensions[name]
		return v, ok
	}
	v := &callVia{field: "g"}
	g, hasGroup := ext("x-go-group")
	if hasGroup {
		m, _ := g.(map[string]any)
		v.field, _ = m["field"].(string)
		v.prefix, _ = m["prefix"].(string)
		if !isASCIIIdent(v.field) {
			return nil, fmt.Errorf("x-go-group: field %v is not a Go field name", m["field"])
		}
		rest, ok := strings.CutPrefix(path, v.prefix)
		if v.prefix == "" || !strings.HasPrefix(v.prefix, "/") || strings.HasSuffix(v.prefix, "/") || !ok || !strings.HasPrefix(rest, "/") {
			return nil, fmt.Errorf("x-go-group: prefix %v is not a leading part of the path %s", m["prefix"], path)
		}
	}
	h, hasHook := ext("x-go-call")
	if hasHook {
		v.hook, _ = h.(string)
		if !isASCIIIdent(v.hook) {
			return nil, fmt.Errorf("x-go-call %v is not a Go function name", h)
		}
	}
	if !hasGroup && !hasHook {
		return nil, nil
	}
	return v, nil
}

// checkVia refuses what x-go-group and x-go-call cannot express.
func checkVia(m *svcMethod) error {
	if m.via == nil {
		return nil
	}
	if m.envelope != "" {
		return fmt.Errorf("x-go-envelope does not combine with x-go-group or x-go-call")
	}
	if m.via.hook == "" {
		return nil
	}
	if m.kind == kindDelete && m.enveloped {
		return fmt.Errorf("x-go-call does not apply to a delete answered with an envelope")
	}
	return nil
}

// callPath is the path a generated method sends: relative to its
// group's prefix under x-go-group, else the described path.
func (m *svcMethod) callPath() string {
	if m.via == nil {
		return m.path
	}
	return strings.TrimPrefix(m.path, m.via.prefix)
}

// rewrite makes a rendered method call through the package's hook and
// the named group.
func (v *callVia) rewrite(src string) string {
	if v == nil {
		return src
	}
	if v.hook != "" {
		src = strings.ReplaceAll(src, "call.One[", v.hook+"[")
		src = strings.ReplaceAll(src, "listPage[", v.hook+"[")
		src = strings.ReplaceAll(src, "s.g.NoContent(ctx, ", v.hook+"(ctx, s.g, ")
	}
	if v.field != "g" {
		src = strings.ReplaceAll(src, "(ctx, s.g, ", "(ctx, s."+v.field+", ")
		src = strings.ReplaceAll(src, "s.g.NoContent(", "s."+v.field+".NoContent(")
	}
	return src
}

// rangeCheck is the check of an id path parameter with a maximum as well
// as minimum 1 ("" when it has none).
func (p pathParam) rangeCheck() string {
	if !p.positive || p.max == 0 || p.text != "" {
		return ""
	}
	return fmt.Sprintf("idBetween(%q, %s, %d)", p.name, p.arg, p.max)
}

// renderRangeHelper writes idBetween when a generated method checks an
// id against its maximum.
func renderRangeHelper(b *bytes.Buffer, s *services) {
	for _, m := range s.methods {
		if m.key != "" {
			continue
		}
		for _, p := range append(m.params, chunkCheck(m)...) {
			if p.rangeCheck() != "" {
				b.WriteString("\n// idBetween refuses an id outside 1..max before sending, naming the\n// path parameter.\n")
				b.WriteString("func idBetween(field string, id, max int64) error {\nif id < 1 || id > max {\nvar v valid.Validator\nv.Add(field, \"between 1 and \"+strconv.FormatInt(max, 10), id)\nreturn v.Err()\n}\nreturn nil\n}\n")
				return
			}
		}
	}
}
