package main

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The services of a v3.0-style group (targeting): records saved by
// read-change-save, bodies of their own create and update schemas, lists
// sharing one hand-written paging, sorting and filtering struct, and
// deletions confirmed by an envelope without data. What this file adds to
// services.go:
//
//   - A create or update body that is one of the request schemas a record's
//     x-go-validate names ({create: AttachmentCreate, update:
//     AttachmentUpdate}) is that record.
//   - An update's path id ("attachment_id") that is not a property of the
//     record is its "id" when the parameter is the record's name in snake
//     case with _id.
//   - A snapshot record (x-go-snapshot) marked x-go-snapshot-bodies: true
//     saved by a generated Create or Update gets a generated createRequest (the create's rules, then
//     writable) and updateRequest (its version and what changed since the
//     read, refusing a change to a read-only or create-only property, a
//     cleared property that cannot be cleared and a sent value that breaks
//     the update's rules); the record must have a version property.
//   - A list operation marked x-go-embed: T has the query parameters that
//     info.x-go-embeds lists for T held by the package's hand-written
//     options struct T, embedded in the list's options struct (whose query
//     starts from T's query(limit, offset), and whose hand-written
//     validate checks T too); a list whose x-go-options is T itself uses T
//     as it is. T declares PageLimit, PageOffset and Prefetch when it holds
//     page_limit and page_offset.
//   - page_limit's x-go-all-limit (an integer, or the name of a package
//     constant) is the page size All asks for when the options give none.
//   - A list method named All<Name> iterates, like All.
//   - A DELETE whose answer is JSON without a record (an envelope with meta
//     alone) reads the answer through the group's envelope, a data member
//     ignored, so that an error status in the envelope fails the call.
//   - A deprecated operation's methods say "Deprecated:", naming the
//     method without its suffix (ListV3 -> List) when the service has it.
//   - All, over options that embed a hand-written struct, copies them
//     deeply before it returns (the struct's clone(), slices.Clone of each
//     list, Clone of a *qlang.Query), so that a change the caller makes
//     afterwards does not reach the pages read later.
//   - Modify refuses a nil change (an *adama.ValidationError naming
//     "change") rather than calling it.
//   - A hand-written method may serve several operations (one method, the
//     path chosen by an argument).

// snapshotReq is a snapshot record whose create or update body the
// services generate.
type snapshotReq struct {
	record             string
	create, update     bool
	idField, idParam   string // update: the record's id field and the path parameter
	validated, version bool
}

// bodyOwner is the record whose x-go-validate names the component schema
// body as its create or update body ("" when none does).
func bodyOwner(doc *openapi3.T, body string) (string, *openapi3.Schema, error) {
	if doc.Components == nil || body == "" {
		return "", nil, nil
	}
	for name, ref := range doc.Components.Schemas {
		x, ok := ref.Value.Extensions["x-go-validate"].(map[string]any)
		if !ok {
			continue
		}
		for _, side := range []string{"create", "update"} {
			if s, _ := x[side].(string); s == body {
				gn, err := typeName(name, ref.Value)
				return gn, ref.Value, err
			}
		}
	}
	return "", nil, nil
}

// ownedBody is the record of an operation's JSON body: the record whose
// x-go-validate names the body's schema, else the schema's own record
// (bodyRecord).
func ownedBody(doc *openapi3.T, op *openapi3.Operation) (string, *openapi3.Schema, error) {
	owner, sch, err := bodyOwner(doc, bodySchemaName(op))
	if err != nil || owner != "" {
		return owner, sch, err
	}
	return bodyRecord(doc, op)
}

// bodySchemaName is the component name of an operation's JSON body.
func bodySchemaName(op *openapi3.Operation) string {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return ""
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil {
		return ""
	}
	s := mt.Schema
	if s.Ref == "" && s.Value != nil && len(s.Value.AllOf) > 0 {
		s = s.Value.AllOf[0]
	}
	name, _ := strings.CutPrefix(s.Ref, "#/components/schemas/")
	return name
}

// idOfRecord is the record's property holding the path id p when p is
// not one of its properties: "id" for <record>_id.
func idOfRecord(record string, sch *openapi3.Schema, p string) *openapi3.SchemaRef {
	if sch == nil || sch.Properties["id"] == nil {
		return nil
	}
	var ws []string
	for _, w := range words(record) {
		ws = append(ws, strings.ToLower(w))
	}
	if p == strings.Join(ws, "_")+"_id" {
		return sch.Properties["id"]
	}
	return nil
}

// allLimit reads page_limit's x-go-all-limit: a positive integer or a Go
// identifier ("" when absent).
func allLimit(p *openapi3.Parameter) (string, error) {
	x, ok := p.Extensions["x-go-all-limit"]
	if !ok {
		return "", nil
	}
	switch v := x.(type) {
	case float64:
		if v >= 1 && v == float64(int(v)) {
			return strconv.Itoa(int(v)), nil
		}
	case string:
		if isASCIIIdent(v) {
			return v, nil
		}
	}
	return "", fmt.Errorf("x-go-all-limit %v is not a positive integer or a constant's name", x)
}

// isAllName reports whether a list method is an iterator: All, or All
// followed by a name (AllCampaignUsers).
func isAllName(name string) bool {
	return name == "All" || (strings.HasPrefix(name, "All") && len(name) > 3 && name[3] >= 'A' && name[3] <= 'Z')
}

// deletesEnveloped reports whether a DELETE's answer is JSON naming no
// record: an envelope whose status the call must read.
func deletesEnveloped(op *openapi3.Operation, answer string) bool {
	if answer != "" || op.Responses == nil {
		return false
	}
	for code, r := range op.Responses.Map() {
		if strings.HasPrefix(code, "2") && r.Value != nil && r.Value.Content.Get("application/json") != nil {
			return true
		}
	}
	return false
}

var versionSuffix = regexp.MustCompile(`(V[0-9]+[A-Za-z]*|Deprecated)$`)

// deprecatedDoc is the "Deprecated:" paragraph of a method of a
// deprecated operation: its x-go-deprecated text, else the current
// method when the service has it, else "" (renderServices refuses that
// unless the whole document is deprecated).
func deprecatedDoc(m *svcMethod, have map[string]bool) string {
	if !m.deprecated {
		return ""
	}
	if m.deprecatedNote != "" {
		return "//\n// Deprecated: " + m.deprecatedNote + "\n"
	}
	cur := versionSuffix.ReplaceAllString(m.name, "")
	if cur != m.name && cur != "" && have[m.service+"."+cur] {
		return "//\n// Deprecated: use " + cur + ".\n"
	}
	return ""
}

// noteSnapshot records that a generated Create or Update of a snapshot
// record needs its request body generated.
func (s *services) noteSnapshot(doc *openapi3.T, m *model, sm *svcMethod) error {
	var r *record
	for _, x := range m.records {
		if x.name == sm.record {
			r = x
		}
	}
	if r == nil || !r.snapshot || !snapshotBodies(doc, r.name) {
		return nil
	}
	var req *snapshotReq
	for _, x := range s.snapshots {
		if x.record == r.name {
			req = x
		}
	}
	if req == nil {
		req = &snapshotReq{record: r.name, validated: r.valid != nil}
		for _, f := range r.fields {
			req.version = req.version || (f.json == "version" && f.name == "Version" && f.typ == "int64")
		}
		s.snapshots = append(s.snapshots, req)
	}
	switch sm.kind {
	case kindCreate:
		req.create = true
	case kindUpdate:
		if !req.version {
			return fmt.Errorf("the snapshot record %s has no version property (int64 Version) for its update", r.name)
		}
		if req.update && (req.idField != sm.idField || req.idParam != sm.params[0].name) {
			return fmt.Errorf("the updates of %s name their id differently", r.name)
		}
		req.update, req.idField, req.idParam = true, sm.idField, sm.params[0].name
	}
	return nil
}

// renderSnapshotRequests writes createRequest and updateRequest of the
// snapshot records the generated methods send.
func renderSnapshotRequests(b *bytes.Buffer, s *services, dep string) {
	const refuseNil = "var v valid.Validator\nif x == nil {\nv.Add(\"record\", valid.RuleRequired, nil)\nreturn nil, v.Err()\n}\n"
	for _, r := range s.snapshots {
		if r.create {
			b.WriteString("\n" + wrap("createRequest is the body a create of the record sends: its writable properties, once the record keeps the create's rules.") + dep)
			fmt.Fprintf(b, "func (x *%s) createRequest() (any, error) {\n%s", r.record, refuseNil)
			if r.validated {
				b.WriteString("x.validate(&v, true)\nif err := v.Err(); err != nil {\nreturn nil, err\n}\n")
			}
			b.WriteString("body, err := x.writable()\nif err != nil {\nreturn nil, err\n}\nreturn json.RawMessage(body), nil\n}\n")
		}
		if r.update {
			b.WriteString("\n" + wrap("updateRequest is the body an update of the record sends: its version and what changed since it was read (every set property for a record built by hand); see internal/update's Body.") + dep)
			fmt.Fprintf(b, "func (x *%s) updateRequest() (any, error) {\n%s", r.record, refuseNil)
			fmt.Fprintf(b, "if x.%s <= 0 {\nv.Add(%q, \"must be a positive id\", x.%s)\n}\n", r.idField, r.idParam, r.idField)
			b.WriteString("now, err := x.writable()\nif err != nil {\nreturn nil, err\n}\nvar before []byte\nif orig := x.original(); orig != nil {\n")
			if r.validated {
				b.WriteString("x.validateChange(&v, orig)\n")
			}
			b.WriteString("if before, err = orig.writable(); err != nil {\nreturn nil, err\n}\n}\n")
			check := "nil"
			if r.validated {
				check = "func(v *valid.Validator) { x.validate(v, false) }"
			}
			fmt.Fprintf(b, "return update.Body(&v, now, before, x.Version, x.createOnlyFields(), x.fixedFields(), %s)\n}\n", check)
		}
	}
}

// deleteHelper is the unexported function a generated enveloped Delete
// calls.
const deleteHelper = `
// deleteEnveloped sends a DELETE whose answer is the group's envelope
// without data: its status decides; a data member, when sent, is
// ignored.
func deleteEnveloped(ctx context.Context, g *call.Group, c *call.Call, ro []adama.RequestOption) error {
	var ignored any
	if _, err := g.Into(ctx, c, &ignored, ro...); err != nil && !errors.Is(err, call.ErrNoData) {
		return err
	}
	return nil
}
`

// renderSnapshotHelpers writes the helpers of this file that the
// generated code calls.
func renderSnapshotHelpers(b *bytes.Buffer, s *services) {
	for _, m := range s.methods {
		if m.kind == kindDelete && m.enveloped {
			b.WriteString(deleteHelper)
			break
		}
	}
}

// snapshotImports are the imports the helpers of this file need, by a
// token only they write.
var snapshotImports = []struct{ use, path string }{
	{"bytes.NewReader(", "bytes"}, {"json.RawMessage", "encoding/json"}, {"errors.Is(", "errors"}, {"slices.Sort(", "slices"},
	{"slices.Clone(", "slices"}, {"slices.Chunk(", "slices"},
}

// embedOptions splits a list's query parameters: those held by the
// hand-written struct the operation's x-go-embed names (its parameters
// listed in info.x-go-embeds: {ListOptions: [page_limit, ...]}) and the
// rest, which the options struct declares.
func embedOptions(doc *openapi3.T, op *openapi3.Operation, query []*openapi3.Parameter) (rest []*openapi3.Parameter, embed string, paging bool, err error) {
	x, ok := op.Extensions["x-go-embed"]
	if !ok {
		return query, "", false, nil
	}
	t, _ := x.(string)
	if !isASCIIIdent(t) || t[0] < 'A' || t[0] > 'Z' {
		return nil, "", false, fmt.Errorf("x-go-embed %v is not an exported Go type name", x)
	}
	all, _ := doc.Info.Extensions["x-go-embeds"].(map[string]any)
	names, lerr := stringList(all[t])
	if lerr != nil || len(names) == 0 {
		return nil, "", false, fmt.Errorf("x-go-embed %s: info.x-go-embeds must list the parameters it holds", t)
	}
	held := map[string]bool{}
	for _, p := range query {
		if slices.Contains(names, p.Name) {
			held[p.Name] = true
			continue
		}
		rest = append(rest, p)
	}
	if len(held) == 0 {
		return nil, "", false, fmt.Errorf("x-go-embed %s holds none of the operation's parameters", t)
	}
	if held["page_limit"] != held["page_offset"] {
		return nil, "", false, fmt.Errorf("x-go-embed %s: page_limit and page_offset come together", t)
	}
	return rest, t, held["page_limit"], nil
}

// embedIn records that o embeds the hand-written struct t (when not ""),
// which holds the paging parameters when paging.
func (o *optionsType) embedIn(t string, paging bool) {
	if t == "" {
		return
	}
	o.embed = t
	o.paged = o.paged || paging
	o.sig = "embed " + t + ";" + o.sig
}

// modifyNilChange is the check a generated Modify makes before reading.
const modifyNilChange = "if change == nil {\nvar v valid.Validator\nv.Add(\"change\", valid.RuleRequired, nil)\nreturn nil, v.Err()\n}\n"

// allCopy is the deep copy All makes of options that embed a hand-written
// struct ("" for other options, which All copies as they are).
func allCopy(o *optionsType) string {
	if o.embed == "" {
		return ""
	}
	var b strings.Builder
	if o.name == o.embed {
		b.WriteString("o = o.clone()\n")
	} else {
		fmt.Fprintf(&b, "o.%s = o.%s.clone()\n", o.embed, o.embed)
	}
	for _, f := range o.fields {
		switch {
		case strings.HasPrefix(f.typ, "[]"):
			fmt.Fprintf(&b, "o.%s = slices.Clone(o.%s)\n", f.name, f.name)
		case f.typ == "*qlang.Query":
			fmt.Fprintf(&b, "o.%s = o.%s.Clone()\n", f.name, f.name)
		}
	}
	return b.String()
}

// snapshotBodies reports whether the schema of the record named gn is
// marked x-go-snapshot-bodies: true (its createRequest and updateRequest
// are generated; otherwise the package writes them).
func snapshotBodies(doc *openapi3.T, gn string) bool {
	if doc.Components == nil {
		return false
	}
	for name, ref := range doc.Components.Schemas {
		if n, err := typeName(name, ref.Value); err == nil && n == gn {
			return hasFlag(ref.Value.Extensions, "x-go-snapshot-bodies")
		}
	}
	return false
}
