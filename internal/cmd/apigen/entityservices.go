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
// a collection is served by some of them.
var entityMethods = map[string]bool{"Get": true, "List": true, "All": true, "Create": true, "Update": true, "Modify": true, "History": true}

// entityClient is the x-go-service of the operations the Client serves by
// itself, every one by a hand-written method.
const entityClient = "Client"

// entityCollection is one Service field of the Client.
type entityCollection struct {
	field, record, collection, path string
	fast                            []string
	line                            int
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
			if o.path != c.path && !strings.HasPrefix(o.path, c.path+"/") {
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
		fmt.Fprintf(&b, "// %s serves %s.\n%s *Service[%s]\n", c.field, c.path, c.field, c.record)
	}
	b.WriteString("}\n\n// newClient returns the client on c with one Service per collection,\n// each on g.\nfunc newClient(c *adama.Client, g *call.Group) *Client {\nreturn &Client{\nc: c,\ng: g,\n")
	for _, c := range s.collections {
		fast := ""
		for _, f := range c.fast {
			fast += fmt.Sprintf(", %q", f)
		}
		fmt.Fprintf(&b, "%s: newService[%s](g, %q%s),\n", c.field, c.record, c.collection, fast)
	}
	b.WriteString("}\n}\n")
	renderTable(&b, &services{rows: s.rows})
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated entity services do not parse: %w\n%s", err, b.Bytes())
	}
	return src, nil
}
