package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Sub-resources and saves read back. A Create, Update or Modify of a
// resource addressed under its parent's path takes the parent's ids
// first (Table 1's "Sub-resource"): a POST to a collection path with
// parameters is a Create under them, an Update's last path parameter is
// the record's (x-go-field), the others its parents'. A save the
// platform answers with the new id only, or with nothing, names the
// service's read that returns the record as stored (x-go-read-back:
// {method: Get, id: creativeId, field: ID}): the method reads it with
// that method after the save and, when that read fails after a create,
// returns the record holding just the new id with the error; without a
// method (an interface without a read of one record), a create returns a
// copy of the record sent with its new id. x-go-record
// may name the record's method that writes the body ({record: R, body:
// replaceRequest}) where one record has several forms of save.

// readBackSpec is an operation's x-go-read-back.
type readBackSpec struct {
	method string // the service's read
	id     string // create: the answer's property holding the new id
	field  string // create: the record's field holding its id
}

// readReadBack reads x-go-read-back for a Create or Update.
func readReadBack(op *openapi3.Operation, kind string) (*readBackSpec, error) {
	raw, ok := op.Extensions["x-go-read-back"]
	if !ok {
		return nil, nil
	}
	m, _ := raw.(map[string]any)
	r := &readBackSpec{}
	r.method, _ = m["method"].(string)
	r.id, _ = m["id"].(string)
	r.field, _ = m["field"].(string)
	if (r.method != "" || kind != kindCreate) && (!isASCIIIdent(r.method) || r.method[0] < 'A' || r.method[0] > 'Z') {
		return nil, fmt.Errorf("x-go-read-back: method %v is not an exported method name", m["method"])
	}
	switch kind {
	case kindCreate:
		if r.id == "" || !isASCIIIdent(r.field) || r.field[0] < 'A' || r.field[0] > 'Z' {
			return nil, fmt.Errorf("x-go-read-back of a create names the answer's id property (id) and the record's id field (field)")
		}
	case kindUpdate:
		if r.id != "" || r.field != "" {
			return nil, fmt.Errorf("x-go-read-back of an update reads the record's own path id: it names the method only")
		}
	default:
		return nil, fmt.Errorf("x-go-read-back applies to a Create or an Update")
	}
	return r, nil
}

// isCreateName reports whether a method is a Create (Create, CreateV2).
func isCreateName(name string) bool {
	return versionSuffix.ReplaceAllString(name, "") == "Create"
}

// collection reports whether a path ends with a literal segment (a
// collection, not one resource).
func collection(path string) bool { return !strings.HasSuffix(path, "}") }

// ownSave reports whether a Create or Update is rendered here: under
// parents, read back, or with a body method of its own.
func ownSave(m *svcMethod) bool {
	parents := len(m.params) > 0 && m.kind == kindCreate || len(m.params) > 1
	return parents || m.readBack != nil || m.bodyFn != ""
}

// bodyMethod is the record's method that writes a save's body.
func (m *svcMethod) bodyMethod() string {
	if m.bodyFn != "" {
		return m.bodyFn
	}
	if m.kind == kindCreate {
		return "createRequest"
	}
	return "updateRequest"
}

// renderSave writes a Create or Update under parents, read back, or with
// a body method of its own.
func renderSave(b *bytes.Buffer, m *svcMethod, args, checks []string, ids map[string]string) {
	parents := m.params
	if m.kind == kindUpdate {
		parents = m.params[:len(m.params)-1]
		own := m.params[len(m.params)-1]
		ids[own.name] = own.segment("rec." + m.idField)
	}
	pargs, pchecks := args[:len(parents)], checks
	fmt.Fprintf(b, "func (s *%s) %s(ctx context.Context, %srec *%s, ro ...adama.RequestOption) (*%s, error) {\n", m.recv, m.name, argPrefix(pargs), m.record, m.record)
	for _, c := range pchecks {
		if parentCheck(c, parents) {
			fmt.Fprintf(b, "if err := %s; err != nil {\nreturn nil, err\n}\n", c)
		}
	}
	fmt.Fprintf(b, "body, err := rec.%s()\nif err != nil {\nreturn nil, err\n}\n", m.bodyMethod())
	method := "Method: http.Method" + httpConst(m.httpMethod) + ", "
	c := fmt.Sprintf("&call.Call{%sPath: %s, JSON: body}", method, pathExpr(m.callPath(), ids))
	var pnames []string
	for _, p := range parents {
		pnames = append(pnames, p.arg)
	}
	read := func(id string) string {
		return fmt.Sprintf("s.%s(ctx, %s, ro...)", m.readBack.method, strings.Join(append(pnames, id), ", "))
	}
	switch {
	case m.readBack != nil && m.kind == kindCreate && m.readBack.method == "":
		// No read of one record: the record sent, with its new id.
		fmt.Fprintf(b, "r, err := call.One[struct {\nID int64 `json:%q`\n}](ctx, s.g, %s, ro...)\nif err != nil {\nreturn nil, err\n}\n", m.readBack.id, c)
		fmt.Fprintf(b, "out := *rec\nout.%s = r.ID\nreturn &out, nil\n}\n", m.readBack.field)
	case m.readBack != nil && m.kind == kindCreate:
		fmt.Fprintf(b, "r, err := call.One[struct {\nID int64 `json:%q`\n}](ctx, s.g, %s, ro...)\nif err != nil {\nreturn nil, err\n}\n", m.readBack.id, c)
		fmt.Fprintf(b, "got, err := %s\nif err != nil {\nreturn &%s{%s: r.ID}, err\n}\nreturn got, nil\n}\n", read("r.ID"), m.record, m.readBack.field)
	case m.readBack != nil:
		fmt.Fprintf(b, "if err := s.g.NoContent(ctx, %s, ro...); err != nil {\nreturn nil, err\n}\nreturn %s\n}\n", c, read("rec."+m.idField))
	case m.acknowledged:
		fmt.Fprintf(b, "if err := s.g.NoContent(ctx, %s, ro...); err != nil {\nreturn nil, err\n}\nreturn rec, nil\n}\n", c)
	default:
		fmt.Fprintf(b, "return call.One[%s](ctx, s.g, %s, ro...)\n}\n", m.record, c)
	}
}

// readBackDoc is the first sentence of a read-back save's doc.
func readBackDoc(m *svcMethod) string {
	if m.readBack.method == "" {
		return fmt.Sprintf("%s checks the record and sends it to %s %s; the platform answers the new id only and has no read of one record, so %s returns a copy of the record sent with its new id.", m.name, m.httpMethod, m.path, m.name)
	}
	answer := "nothing"
	if m.kind == kindCreate {
		answer = "the new id only"
	}
	return fmt.Sprintf("%s checks the record and sends it to %s %s; the platform answers %s, so %s returns the record read back with %s.", m.name, m.httpMethod, m.path, answer, m.name, m.readBack.method)
}

// parentCheck reports whether a check is of one of the parents' ids.
func parentCheck(check string, parents []pathParam) bool {
	for _, p := range parents {
		if strings.Contains(check, "("+fmt.Sprintf("%q", p.name)+", ") {
			return true
		}
	}
	return false
}

// renderModifyUnder writes a Modify of a sub-resource: the parents' ids
// first, then the record's, read with Get and saved with Update under
// the same parents.
func renderModifyUnder(b *bytes.Buffer, m *svcMethod, args, checks []string) {
	own := m.params[len(m.params)-1]
	parents := m.params[:len(m.params)-1]
	var pnames, all []string
	for _, p := range parents {
		pnames = append(pnames, p.arg)
	}
	all = append(all, pnames...)
	all = append(all, own.arg)
	fmt.Fprintf(b, "func (s *%s) Modify(ctx context.Context, %s, change func(*%s) error, ro ...adama.RequestOption) (*%s, error) {\n", m.recv, strings.Join(args, ", "), m.record, m.record)
	for _, c := range checks {
		fmt.Fprintf(b, "if err := %s; err != nil {\nreturn nil, err\n}\n", c)
	}
	b.WriteString(modifyNilChange)
	name := fmt.Sprintf("%q+%s", recordWords(m.record)+" ", own.text2(own.arg))
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		w := strings.TrimSuffix(recordWords(goName(p.name)), " id")
		name += fmt.Sprintf("+%q+%s", " of "+w+" ", p.text2(p.arg))
	}
	fmt.Fprintf(b, "return modify.Run(ctx, %s,\n", name)
	fmt.Fprintf(b, "func(ctx context.Context) (*%s, error) { return s.Get(ctx, %s, ro...) },\nchange,\n", m.record, strings.Join(all, ", "))
	fmt.Fprintf(b, "func(ctx context.Context, rec *%s) (*%s, error) { return s.Update(ctx, %s, ro...) })\n}\n", m.record, m.record, strings.Join(append(pnames, "rec"), ", "))
}

// saveKind is the kind of a POST, PUT or PATCH that is not an action: a
// Create without path parameters or to a collection under its parents,
// else an Update.
func saveKind(method, path, name string, params int) string {
	if params == 0 || (method == http.MethodPost && isCreateName(name) && collection(path)) {
		return kindCreate
	}
	return kindUpdate
}
