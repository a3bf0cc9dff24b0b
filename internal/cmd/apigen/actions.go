package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Actions: a method that is none of Get, List, All, Create, Update,
// Modify or Delete but an action of its own (Table 1's "Actions"): the
// path ids, then the arguments the caller gives (x-go-args), a package
// function that checks them and completes the call with its body or
// query from every argument, path ids included (x-go-request), and the answer read as a record, as a type the
// method returns (x-go-returns, through the x-go-call hook), or nothing.
// A list whose answer holds its records in a form of its own names them
// with x-go-items, and a Create or Update whose described body is a part
// of the record it takes names the record with x-go-record.

// kindAction is an action: its arguments, request function and answer
// are in svcMethod.action.
const kindAction = "action"

// actionSpec is what an action's operation says of it.
type actionSpec struct {
	args    []actionArg // x-go-args
	request string      // x-go-request: fn(c *call.Call, path ids..., args...) error
	returns string      // x-go-returns: the Go type the method returns
}

type actionArg struct{ name, typ string }

// readAction reads the action extensions of op for the method name: nil
// when the method is not an action. A method is an action when the
// operation gives it arguments, a request function or a return type, or
// when it sends no body (a POST, PUT or PATCH without one, a GET whose
// answer holds nothing); answer is the operation's answer record.
func readAction(op *openapi3.Operation, method, name, answer string) (*actionSpec, error) {
	a := &actionSpec{}
	is := false
	if raw := argsOf(op, name); raw != nil {
		list, _ := raw.([]any)
		if len(list) == 0 {
			return nil, fmt.Errorf("x-go-args lists the method's arguments: [{name: n, type: T}]")
		}
		for _, e := range list {
			m, _ := e.(map[string]any)
			n, _ := m["name"].(string)
			t, _ := m["type"].(string)
			if !isASCIIIdent(n) || n[0] < 'a' || n[0] > 'z' || strings.TrimSpace(t) == "" || strings.ContainsAny(t, " \t\n,(){}") {
				return nil, fmt.Errorf("x-go-args: %v is not {name: an unexported Go name, type: a Go type}", e)
			}
			a.args = append(a.args, actionArg{n, t})
		}
		is = true
	}
	if raw, ok := op.Extensions["x-go-request"]; ok {
		fn, named := raw, true
		if m, isMap := raw.(map[string]any); isMap {
			fn, named = m[name]
		}
		if named {
			a.request, _ = fn.(string)
			if !isASCIIIdent(a.request) {
				return nil, fmt.Errorf("x-go-request %v is not a Go function name", fn)
			}
			is = true
		}
	}
	if raw, ok := op.Extensions["x-go-returns"]; ok {
		a.returns, _ = raw.(string)
		if strings.TrimSpace(a.returns) == "" || strings.ContainsAny(a.returns, " \t\n,(){}") {
			return nil, fmt.Errorf("x-go-returns %v is not a Go type", raw)
		}
		is = true
	}
	noBody := op.RequestBody == nil && method != http.MethodGet && method != http.MethodDelete
	noAnswer := method == http.MethodGet && answer == "" && !hasJSONAnswer(op)
	if !is && !noBody && !noAnswer {
		return nil, nil
	}
	if name == "Modify" {
		return nil, fmt.Errorf("Modify is not an action")
	}
	if len(a.args) > 0 && a.request == "" {
		return nil, fmt.Errorf("x-go-args needs x-go-request, the function that sends them")
	}
	if op.RequestBody != nil && a.request == "" {
		return nil, fmt.Errorf("an action with a body needs x-go-request, the function that writes it")
	}
	return a, nil
}

// argsOf is the x-go-args of the method name: the operation's list, or
// the method's in a map by method name (nil when it has none).
func argsOf(op *openapi3.Operation, name string) any {
	raw := op.Extensions["x-go-args"]
	if m, isMap := raw.(map[string]any); isMap {
		return m[name]
	}
	return raw
}

// hasJSONAnswer reports whether an operation's first 2xx answer has JSON
// content.
func hasJSONAnswer(op *openapi3.Operation) bool {
	if op.Responses == nil {
		return false
	}
	for code, r := range op.Responses.Map() {
		if strings.HasPrefix(code, "2") && r.Value != nil && len(r.Value.Content) > 0 {
			return true
		}
	}
	return false
}

// sendsQuery reports whether a request function of the operation sends
// its query parameters (a Get beside such an action sends none).
func sendsQuery(op *openapi3.Operation) bool {
	_, ok := op.Extensions["x-go-request"]
	return ok
}

// checkAction refuses what an action cannot express.
func checkAction(m *svcMethod) error {
	a := m.action
	if a.returns != "" && (m.via == nil || m.via.hook == "") {
		return fmt.Errorf("x-go-returns needs x-go-call, the hook that reads the answer")
	}
	if m.key != "" {
		return fmt.Errorf("x-go-key does not combine with an action")
	}
	if m.chunk != nil && (!strings.HasPrefix(a.returns, "[]") || a.request != "" || m.httpMethod != http.MethodGet) {
		return fmt.Errorf("x-go-chunk applies to a read returning a list (x-go-returns: []T) without x-go-request")
	}
	return nil
}

// itemsOf applies x-go-items: the list's records, where its answer holds
// them in a form of its own that the x-go-call hook reads.
func itemsOf(op *openapi3.Operation, item *openapi3.PathItem) (string, bool, error) {
	raw, ok := op.Extensions["x-go-items"]
	if !ok {
		return "", false, nil
	}
	name, _ := raw.(string)
	if !isASCIIIdent(name) || name[0] < 'A' || name[0] > 'Z' {
		return "", false, fmt.Errorf("x-go-items %v is not a Go type name", raw)
	}
	_, hook := op.Extensions["x-go-call"]
	if !hook {
		_, hook = item.Extensions["x-go-call"]
	}
	if !hook {
		return "", false, fmt.Errorf("x-go-items needs x-go-call, the hook that reads the answer")
	}
	return name, true, nil
}

// recordOf applies x-go-record: the record a Create or Update takes and
// returns when its described body is a part of it (its createRequest or
// updateRequest writes the body); an Update's path id is then the
// parameter's x-go-field.
func recordOf(sm *svcMethod, op *openapi3.Operation, answer string) (bool, error) {
	raw, ok := op.Extensions["x-go-record"]
	if !ok {
		return false, nil
	}
	name, _ := raw.(string)
	if m, isMap := raw.(map[string]any); isMap {
		// {record: R, body: replaceRequest}: the record's method writing
		// the body, where one record has several forms of save.
		name, _ = m["record"].(string)
		sm.bodyFn, _ = m["body"].(string)
		if !isASCIIIdent(sm.bodyFn) {
			return false, fmt.Errorf("x-go-record: body %v is not a method name", m["body"])
		}
	}
	if !isASCIIIdent(name) || name[0] < 'A' || name[0] > 'Z' {
		return false, fmt.Errorf("x-go-record %v is not a Go type name", raw)
	}
	if answer != "" && answer != name {
		return false, fmt.Errorf("x-go-record %s but the answer is a %s", name, answer)
	}
	sm.record, sm.acknowledged = name, answer == ""
	if sm.kind == kindUpdate {
		own := sm.params[len(sm.params)-1]
		if own.field == "" {
			return false, fmt.Errorf("x-go-record: the path parameter %s needs x-go-field", own.name)
		}
		sm.idField = own.field
	}
	return true, nil
}

// zeroOf is the zero value of a Go type, for a failed action's result.
func zeroOf(t string) string {
	switch {
	case t == "string":
		return `""`
	case strings.HasPrefix(t, "*"), strings.HasPrefix(t, "[]"), strings.HasPrefix(t, "map["), t == "any":
		return "nil"
	}
	return "*new(" + t + ")"
}

// renderAction writes an action's body into b (its head is written here
// too); rewrite (callgroup.go) then routes its call.
func renderAction(b *bytes.Buffer, m *svcMethod, args, checks []string, ids map[string]string) {
	a := m.action
	all := append([]string(nil), args...)
	if m.chunk != nil {
		all = append(all, m.chunk.arg+" []int64")
	}
	var names []string
	for _, p := range m.params {
		names = append(names, p.arg)
	}
	for _, x := range a.args {
		all = append(all, x.name+" "+x.typ)
		names = append(names, x.name)
	}
	result, fail := "error", "err"
	switch {
	case a.returns != "":
		result, fail = "("+a.returns+", error)", zeroOf(a.returns)+", err"
	case m.record != "":
		result, fail = "(*"+m.record+", error)", "nil, err"
	}
	fmt.Fprintf(b, "func (s *%s) %s(ctx context.Context, %sro ...adama.RequestOption) %s {\n", m.recv, m.name, argPrefix(all), result)
	for _, c := range checks {
		fmt.Fprintf(b, "if err := %s; err != nil {\nreturn %s\n}\n", c, fail)
	}
	if m.chunk != nil {
		renderChunked(b, m, ids, fail)
		return
	}
	path := pathExpr(m.callPath(), ids)
	if m.httpMethod == http.MethodGet {
		fmt.Fprintf(b, "c := &call.Call{Path: %s}\n", path)
	} else {
		fmt.Fprintf(b, "c := &call.Call{Method: http.Method%s, Path: %s}\n", httpConst(m.httpMethod), path)
	}
	if a.request != "" {
		fmt.Fprintf(b, "if err := %s(c%s); err != nil {\nreturn %s\n}\n", a.request, strings.Join(append([]string{""}, names...), ", "), fail)
	}
	switch {
	case a.returns != "":
		fmt.Fprintf(b, "return %s[%s](ctx, s.g, c, ro...)\n}\n", m.via.hook, a.returns)
	case m.record != "":
		fmt.Fprintf(b, "return call.One[%s](ctx, s.g, c, ro...)\n}\n", m.record)
	default:
		b.WriteString("return s.g.NoContent(ctx, c, ro...)\n}\n")
	}
}
