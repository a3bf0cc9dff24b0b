package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"regexp"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The parts of info.x-go-client for a group whose Client is not only
// services on a prefixed path (byoa, reporting):
//
//   - with-prefix: false. The paths are whole under the host (byoa's
//     {byoa_url}) or carry their prefix themselves: no defaultPrefix, no
//     WithPrefix, no Group.Prefix.
//   - option-doc: Option's doc (default "Option configures New.").
//   - config: [{name: executors, type: "[]int64", default:
//     "[]int64{CurrentExecutorID}", doc: ...}]: fields of config beside
//     prefix, which the package's own Option functions set
//     (WithExecutorIDs); default is the Go value New starts from. A
//     service field's init may read them ("executors: cfg.executors").
//   - state: [{name: metas, type: "*metaCache", init:
//     "newMetaCache(cfg.metas)", doc: ...}]: for a Client that serves the
//     operations itself (info.x-go-services {Client: Client}), its fields
//     beside the group g, each set by New to init, an expression of cfg;
//     fields is then left out.

// configField is one config field beside prefix.
type configField struct{ name, typ, def, doc string }

// stateField is one unexported field of a self-serving Client.
type stateField struct{ name, typ, init, doc string }

var (
	clientNameRE = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	clientTypeRE = regexp.MustCompile(`^(\[\]|\*|map\[[a-z0-9]+\])*[A-Za-z_][A-Za-z0-9_.]*$`)
)

// readExtra reads with-prefix, option-doc, config and state into c.
func (c *client) readExtra(obj map[string]any, doc *openapi3.T) error {
	switch x := obj["with-prefix"].(type) {
	case nil:
	case bool:
		c.noPrefix = !x
	default:
		return fmt.Errorf("info.x-go-client: with-prefix %v is not a boolean", x)
	}
	c.optionDoc, _ = obj["option-doc"].(string)
	c.optionDoc = strings.TrimSpace(c.optionDoc)
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return strings.TrimSpace(s) }
	items := func(key string) ([]map[string]any, error) {
		raw, ok := obj[key]
		if !ok {
			return nil, nil
		}
		list, ok := raw.([]any)
		if !ok {
			return nil, fmt.Errorf("info.x-go-client: %s is not a list", key)
		}
		var out []map[string]any
		for i, it := range list {
			m, ok := it.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("info.x-go-client: %s[%d] is not an object", key, i)
			}
			name, typ := str(m, "name"), str(m, "type")
			if !clientNameRE.MatchString(name) || name == "prefix" || name == "g" {
				return nil, fmt.Errorf("info.x-go-client: %s[%d]: name %q is not an unexported Go name (nor prefix, g)", key, i, name)
			}
			if !clientTypeRE.MatchString(typ) {
				return nil, fmt.Errorf("info.x-go-client: %s[%d]: type %q is not a Go type", key, i, typ)
			}
			out = append(out, m)
		}
		return out, nil
	}
	cfg, err := items("config")
	if err != nil {
		return err
	}
	for i, m := range cfg {
		f := configField{name: str(m, "name"), typ: str(m, "type"), def: str(m, "default"), doc: str(m, "doc")}
		if f.doc == "" {
			return fmt.Errorf("info.x-go-client: config[%d]: %s has no doc", i, f.name)
		}
		if f.def != "" {
			if _, err := parser.ParseExpr(f.def); err != nil {
				return fmt.Errorf("info.x-go-client: config[%d]: default %q is not a Go expression", i, f.def)
			}
		}
		c.config = append(c.config, f)
	}
	types, _ := doc.Info.Extensions["x-go-services"].(map[string]any)
	c.self = len(types) == 1 && types["Client"] == "Client"
	st, err := items("state")
	if err != nil {
		return err
	}
	switch {
	case c.self && obj["fields"] != nil:
		return fmt.Errorf("info.x-go-client: the Client serves the operations itself (x-go-services {Client: Client}): list its state, not fields")
	case !c.self && st != nil:
		return fmt.Errorf("info.x-go-client: state is for a Client that serves the operations itself (x-go-services {Client: Client})")
	}
	for i, m := range st {
		f := stateField{name: str(m, "name"), typ: str(m, "type"), init: str(m, "init"), doc: str(m, "doc")}
		if _, err := parser.ParseExpr(f.init); err != nil {
			return fmt.Errorf("info.x-go-client: state[%d]: init %q is not a Go expression", i, f.init)
		}
		c.state = append(c.state, f)
	}
	return nil
}

// renderState writes the fields of a self-serving Client.
func (c *client) renderState(b *bytes.Buffer) {
	b.WriteString("g *call.Group\n")
	for _, f := range c.state {
		if f.doc != "" {
			b.WriteString(wrap(f.doc))
		}
		fmt.Fprintf(b, "%s %s\n", f.name, f.typ)
	}
}

// renderConfig writes the config struct: prefix (unless with-prefix is
// false) and the config fields.
func (c *client) renderConfig(b *bytes.Buffer) {
	b.WriteString("type config struct {\n")
	if !c.noPrefix {
		b.WriteString("prefix string\n")
	}
	for _, f := range c.config {
		fmt.Fprintf(b, "%s%s %s\n", wrap(f.doc), f.name, f.typ)
	}
	b.WriteString("}\n\n")
}

// configInit is the composite literal's elements New starts cfg from.
func (c *client) configInit() string {
	var parts []string
	if !c.noPrefix {
		parts = append(parts, "prefix: defaultPrefix")
	}
	for _, f := range c.config {
		if f.def != "" {
			parts = append(parts, f.name+": "+f.def)
		}
	}
	return strings.Join(parts, ", ")
}
