package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Reads by a list of ids (x-go-chunk): a path or query parameter that is
// an array of integer ids, sent comma-separated (a path's simple style, a
// query's form style without explode). The method takes the ids as one
// []int64 argument in the parameter's place, checks them with the
// array's rules (minItems, each item's minimum 1 and maximum), and sends
// them in calls of at most max ids each, joining the answers (a list,
// through the x-go-call hook with x-go-returns).

// chunkSpec is an operation's x-go-chunk.
type chunkSpec struct {
	param, in, arg string
	max            string // the most ids per call: a number or a constant's name
	itemMax        int64  // each id's maximum (0: none)
	minItems       uint64
}

// chunkParam is the name of the parameter x-go-chunk splits ("" when the
// operation has none).
func chunkParam(op *openapi3.Operation) string {
	m, _ := op.Extensions["x-go-chunk"].(map[string]any)
	p, _ := m["param"].(string)
	return p
}

// readChunk reads x-go-chunk: {param: name, max: N or a constant}.
func readChunk(op *openapi3.Operation, params openapi3.Parameters) (*chunkSpec, error) {
	raw, ok := op.Extensions["x-go-chunk"]
	if !ok {
		return nil, nil
	}
	m, _ := raw.(map[string]any)
	c := &chunkSpec{param: chunkParam(op)}
	switch x := m["max"].(type) {
	case float64:
		if x >= 1 && x == float64(int64(x)) {
			c.max = strconv.FormatInt(int64(x), 10)
		}
	case string:
		if isASCIIIdent(x) {
			c.max = x
		}
	}
	if c.param == "" || c.max == "" {
		return nil, fmt.Errorf("x-go-chunk is {param: a parameter, max: a number or a constant's name}")
	}
	var p *openapi3.Parameter
	for _, ref := range params {
		if ref.Value != nil && ref.Value.Name == c.param {
			p = ref.Value
		}
	}
	if p == nil {
		return nil, fmt.Errorf("x-go-chunk: the operation has no parameter %s", c.param)
	}
	c.in = p.In
	s := p.Schema
	if s == nil || s.Value == nil || schemaType(s.Value) != openapi3.TypeArray || s.Value.Items == nil || schemaType(s.Value.Items.Value) != openapi3.TypeInteger {
		return nil, fmt.Errorf("x-go-chunk: the parameter %s is not an array of integer ids", c.param)
	}
	comma := (p.In == openapi3.ParameterInPath && (p.Style == "" || p.Style == "simple") && (p.Explode == nil || !*p.Explode)) ||
		(p.In == openapi3.ParameterInQuery && (p.Style == "" || p.Style == "form") && p.Explode != nil && !*p.Explode)
	if !comma {
		return nil, fmt.Errorf("x-go-chunk: the parameter %s is not sent comma-separated (a path's simple style, a query's form style with explode: false)", c.param)
	}
	item := s.Value.Items.Value
	if item.Min == nil || *item.Min != 1 {
		return nil, fmt.Errorf("x-go-chunk: the ids of %s need minimum 1", c.param)
	}
	if item.Max != nil {
		c.itemMax = int64(*item.Max)
	}
	c.minItems = s.Value.MinItems
	c.arg = lowerFirst(goName(c.param))
	if strings.EqualFold(c.arg, c.param) {
		c.arg = strings.ToLower(c.arg) // "ids", not "iDs"
	}
	return c, nil
}

// renderChunked writes the body of a chunked action after its head and
// checks: the ids' checks, then one call per chunk, the answers joined.
func renderChunked(b *bytes.Buffer, m *svcMethod, ids map[string]string, fail string) {
	c := m.chunk
	if c.minItems > 0 {
		fmt.Fprintf(b, "if len(%s) < %d {\nvar v valid.Validator\nv.Add(%q, %q, nil)\nreturn %s\n}\n", c.arg, c.minItems, c.param, atLeast(c.minItems), strings.Replace(fail, "err", "v.Err()", 1))
	}
	fmt.Fprintf(b, "for i, id := range %s {\nif err := idBetween(%q+strconv.Itoa(i)+\"]\", id, %d); err != nil {\nreturn %s\n}\n}\n", c.arg, c.param+"[", c.bound(), fail)
	fmt.Fprintf(b, "var out %s\nfor chunk := range slices.Chunk(%s, %s) {\n", m.action.returns, c.arg, c.max)
	joined := "joinQuery(chunk, func(id int64) string { return strconv.FormatInt(id, 10) })"
	if c.in == openapi3.ParameterInPath {
		ids[c.param] = joined
		fmt.Fprintf(b, "c := &call.Call{Path: %s}\n", pathExpr(m.callPath(), ids))
	} else {
		fmt.Fprintf(b, "c := &call.Call{Path: %s, Query: url.Values{%q: {%s}}}\n", pathExpr(m.callPath(), ids), c.param, joined)
	}
	fmt.Fprintf(b, "page, err := %s[%s](ctx, s.g, c, ro...)\nif err != nil {\nreturn %s\n}\nout = append(out, page...)\n}\nreturn out, nil\n}\n", m.via.hook, m.action.returns, fail)
}

// bound is the ids' maximum as idBetween checks it (the largest int64
// when the description states none).
func (c *chunkSpec) bound() int64 {
	if c.itemMax > 0 {
		return c.itemMax
	}
	return 1<<63 - 1
}

// atLeast is the rule of minItems ("at least one id").
func atLeast(n uint64) string {
	if n == 1 {
		return "at least one id"
	}
	return fmt.Sprintf("at least %d ids", n)
}

// chunkCheck stands for the ids' check of a chunked method among the
// path parameters whose check needs idBetween (none for other methods).
func chunkCheck(m *svcMethod) []pathParam {
	if m.chunk == nil {
		return nil
	}
	return []pathParam{{name: m.chunk.param, arg: m.chunk.arg, positive: true, max: m.chunk.bound()}}
}
