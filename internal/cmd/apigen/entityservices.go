package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"net/http"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Entity's services (a document with info.x-go-embedding-records): every
// collection is served by the one hand-written generic Service[T], so the
// description generates the wiring, not the methods: the group's Client
// with one Service field per collection, newClient building them
// (collection name, record type, fast fields), the path prefix, and the
// serviceOperations table.

// entityMethods are the methods of the generic Service[T]: an operation of
// a collection is served by some of them. Delete is DeletableService[T]'s
// (POST /{collection}/{id}/delete) or SubDeletableService[T]'s (POST
// /{parent}/{parent_id}/{collection}/{id}/delete): a collection with a
// Delete operation is served by one of those, which embed Service[T].
var entityMethods = map[string]bool{"Get": true, "List": true, "All": true, "Create": true, "Update": true, "Modify": true, "History": true, "Delete": true}

// entityClient is the x-go-service of the operations the Client serves by
// itself, every one by a hand-written method.
const entityClient = "Client"

// entityCollection is one Service field of the Client.
type entityCollection struct {
	field, record, collection, path string
	fast                            []string
	line                            int
	// deletes is set when a Delete operation serves the collection;
	// parent is the parent collection of a delete under its parent's
	// path ("campaigns").
	deletes bool
	parent  string
}

// goType is the Client field's type (without the pointer) and newExpr
// the expression building it.
func (c *entityCollection) goType() string {
	switch {
	case c.parent != "":
		return "SubDeletableService[" + c.record + "]"
	case c.deletes:
		return "DeletableService[" + c.record + "]"
	}
	return "Service[" + c.record + "]"
}

func (c *entityCollection) newExpr(fast string) string {
	switch {
	case c.parent != "":
		return fmt.Sprintf("newSubDeletable[%s](g, %q, %q%s)", c.record, c.parent, c.collection, fast)
	case c.deletes:
		return fmt.Sprintf("newDeletable[%s](g, %q%s)", c.record, c.collection, fast)
	}
	return fmt.Sprintf("newService[%s](g, %q%s)", c.record, c.collection, fast)
}

// deletePath reports whether path is a delete of collection c: its own
// (prefix/{coll}/{id}/delete) or under a parent
// (prefix/{parent}/{pid}/{coll}/{id}/delete), and the parent's name.
func deletePath(prefix, path string, c *entityCollection) (parent string, ok bool) {
	rest, found := strings.CutPrefix(path, prefix+"/")
	if !found {
		return "", false
	}
	seg := strings.Split(rest, "/")
	isParam := func(s string) bool { return strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") }
	switch {
	case len(seg) == 3 && seg[0] == c.collection && isParam(seg[1]) && seg[2] == "delete":
		return "", true
	case len(seg) == 5 && !isParam(seg[0]) && isParam(seg[1]) && seg[2] == c.collection && isParam(seg[3]) && seg[4] == "delete":
		return seg[0], true
	}
	return "", false
}

type entityServices struct {
	pkg, source, prefix string
	collections         []*entityCollection
	rows                []opRow
}

// buildEntityServices reads the operations of an embedding-records
// document. It returns nil when no operation names its service.
func buildEntityServices(doc *openapi3.T, pkg, source string) (*entityServices, error) {
	type opAt struct {
		path, method string
		op           *openapi3.Operation
		item         *openapi3.PathItem
	}
	var ops []opAt
	if doc.Paths != nil {
		for path, item := range doc.Paths.Map() {
			for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
				if op := item.GetOperation(method); op != nil {
					ops = append(ops, opAt{path, method, op, item})
				}
			}
		}
	}
	if len(ops) == 0 {
		return nil, nil
	}
	slices.SortFunc(ops, func(a, b opAt) int {
		return cmp.Or(cmp.Compare(opLine(a.op), opLine(b.op)), strings.Compare(a.path, b.path), strings.Compare(a.method, b.method))
	})
	s := &entityServices{pkg: pkg, source: source}
	byField := map[string]*entityCollection{}
	// First the collections: the path of each service's List without a
	// path parameter is the collection's.
	for _, o := range ops {
		svc, _ := o.op.Extensions["x-go-service"].(string)
		names, _ := stringList(o.op.Extensions["x-go-method"])
		if svc == "" || svc == entityClient || !slices.Contains(names, "List") || strings.Contains(o.path, "{") {
			continue
		}
		if !isASCIIIdent(svc) || svc[0] < 'A' || svc[0] > 'Z' {
			return nil, fmt.Errorf("%s %s: x-go-service %q is not an exported field name", o.method, o.path, svc)
		}
		if prev, dup := byField[svc]; dup {
			return nil, fmt.Errorf("%s %s: service %s already serves %s", o.method, o.path, svc, prev.path)
		}
		i := strings.LastIndexByte(o.path, '/')
		prefix, coll := o.path[:i], o.path[i+1:]
		if coll == "" || (s.prefix != "" && prefix != s.prefix) {
			return nil, fmt.Errorf("%s %s: a collection is one path segment after the prefix %q", o.method, o.path, s.prefix)
		}
		s.prefix = prefix
		rec, err := listRecord(doc, o.op)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", o.method, o.path, err)
		}
		fast, err := stringList(o.item.Extensions["x-adama-fast-fields"])
		if _, set := o.item.Extensions["x-adama-fast-fields"]; !set {
			fast, err = nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: x-adama-fast-fields: %w", o.path, err)
		}
		c := &entityCollection{field: svc, record: rec, collection: coll, path: o.path, fast: fast, line: opLine(o.op)}
		byField[svc] = c
		s.collections = append(s.collections, c)
	}
	for _, o := range ops {
		where := o.method + " " + o.path
		if o.op.OperationID == "" {
			return nil, fmt.Errorf("%s: no operationId", where)
		}
		where = o.op.OperationID
		svc, _ := o.op.Extensions["x-go-service"].(string)
		names, err := stringList(o.op.Extensions["x-go-method"])
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("operation %s: x-go-method must name the method(s) that serve it", where)
		}
		hand, _ := o.op.Extensions["x-go-handwritten"].(string)
		recv := entityClient
		switch c := byField[svc]; {
		case svc == entityClient:
			if strings.TrimSpace(hand) == "" {
				return nil, fmt.Errorf("operation %s: the Client's own methods are written by hand: x-go-handwritten must give the reason", where)
			}
		case c == nil:
			return nil, fmt.Errorf("operation %s: x-go-service %q is no collection (no List of it at a path without parameters)", where, svc)
		default:
			if hand != "" {
				return nil, fmt.Errorf("operation %s: a collection's operations are served by Service[T]'s methods, not hand-written ones", where)
			}
			if slices.Contains(names, "Delete") {
				parent, ok := deletePath(s.prefix, o.path, c)
				if !ok || o.method != http.MethodPost || len(names) != 1 {
					return nil, fmt.Errorf("operation %s: a collection's Delete is POST %s/{id}/delete or POST %s/{parent}/{parent_id}/%s/{id}/delete, alone", where, c.path, s.prefix, c.collection)
				}
				if c.deletes && c.parent != parent {
					return nil, fmt.Errorf("operation %s: %s has two deletes", where, c.field)
				}
				c.deletes, c.parent = true, parent
			} else if o.path != c.path && !strings.HasPrefix(o.path, c.path+"/") {
				return nil, fmt.Errorf("operation %s: %s is not under its collection's path %s", where, o.path, c.path)
			}
			for _, n := range names {
				if !entityMethods[n] {
					return nil, fmt.Errorf("operation %s: %s is not a method of Service[T]", where, n)
				}
			}
			recv = "Service[" + c.record + "]"
		}
		for _, n := range names {
			if !isASCIIIdent(n) || n[0] < 'A' || n[0] > 'Z' {
				return nil, fmt.Errorf("operation %s: %q is not an exported method name", where, n)
			}
			s.rows = append(s.rows, opRow{op: o.op.OperationID, httpMethod: o.method, path: o.path, service: svc, method: n, handwritten: hand, recv: recv})
		}
	}
	return s, nil
}

// listRecord is the record a list answers: the items of its data.
func listRecord(doc *openapi3.T, op *openapi3.Operation) (string, error) {
	r := op.Responses.Status(http.StatusOK)
	if r == nil || r.Value == nil || r.Value.Content.Get("application/json") == nil {
		return "", fmt.Errorf("the list answers no application/json 200")
	}
	sch := r.Value.Content.Get("application/json").Schema
	if sch == nil || sch.Value == nil || sch.Value.Properties["data"] == nil || sch.Value.Properties["data"].Value.Items == nil {
		return "", fmt.Errorf("the list's answer has no data list")
	}
	items := sch.Value.Properties["data"].Value.Items
	name, ok := strings.CutPrefix(items.Ref, "#/components/schemas/")
	if !ok || !isASCIIIdent(name) {
		return "", fmt.Errorf("the list's data items are not a record of components/schemas")
	}
	return name, nil
}

// generateEntityServices returns the Go source of entity's service
// wiring, or nil when the document describes no operations.
func generateEntityServices(doc *openapi3.T, source string) ([]byte, error) {
	pkg, _ := doc.Info.Extensions["x-go-package"].(string)
	if !isASCIIIdent(pkg) {
		return nil, fmt.Errorf("info.x-go-package: %q is not a package name", pkg)
	}
	s, err := buildEntityServices(doc, pkg, source)
	if err != nil || s == nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by apigen from %s. DO NOT EDIT.\n// Regenerate with `go generate ./...`; see internal/cmd/apigen.\n\npackage %s\n\n", s.source, s.pkg)
	b.WriteString("import (\n\"github.com/adamasdk/adama-go/adama\"\n\"github.com/adamasdk/adama-go/internal/call\"\n)\n\n")
	fmt.Fprintf(&b, "// pathPrefix is the path prefix of the group's collections.\nconst pathPrefix = %q\n\n", s.prefix)
	b.WriteString("// Client holds one Service per collection of the description. Build it\n// with New.\ntype Client struct {\nc *adama.Client\ng *call.Group\n\n")
	for _, c := range s.collections {
		fmt.Fprintf(&b, "// %s serves %s.\n%s *%s\n", c.field, c.path, c.field, c.goType())
	}
	b.WriteString("}\n\n// newClient returns the client on c with one Service per collection,\n// each on g.\nfunc newClient(c *adama.Client, g *call.Group) *Client {\nreturn &Client{\nc: c,\ng: g,\n")
	for _, c := range s.collections {
		fast := ""
		for _, f := range c.fast {
			fast += fmt.Sprintf(", %q", f)
		}
		fmt.Fprintf(&b, "%s: %s,\n", c.field, c.newExpr(fast))
	}
	b.WriteString("}\n}\n")
	renderTable(&b, &services{rows: s.rows})
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated entity services do not parse: %w\n%s", err, b.Bytes())
	}
	return src, nil
}
