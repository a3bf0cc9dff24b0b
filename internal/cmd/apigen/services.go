package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// servicesOut is the name of the generated services file, beside the
// records file.
const servicesOut = "services_gen.go"

// services is what the operations of one document generate: the methods
// of the group's services, the options structs of its lists, and the
// table of every operation with the method that serves it. It is nil for a
// document whose operations carry no x-go-service (the group's services
// are then written by hand).
type services struct {
	pkg, source, deprecated string
	types                   map[string]string // service field -> Go type (info.x-go-services)
	methods                 []*svcMethod
	options                 []*optionsType
	rows                    []opRow
	snapshots               []*snapshotReq // services_snapshot.go
}

// opRow is one line of the generated operation table: an operation and
// one method that serves it.
type opRow struct {
	op, httpMethod, path, service, method, handwritten string
	recv                                               string // the service's Go type
}

// method kinds, by what the generated body does.
const (
	kindGet    = "get"    // GET of one record: Get, or an action named otherwise (Grants)
	kindList   = "list"   // GET of a list: one page
	kindAll    = "all"    // GET of a list: every page, through internal/pager
	kindCreate = "create" // POST of a new record
	kindUpdate = "update" // POST or PUT of a record to its own path
	kindDelete = "delete" // DELETE of a record
	kindModify = "modify" // Get, change, Update through internal/modify
)

type svcMethod struct {
	service, recv, name, kind string
	httpMethod, path          string
	opID, summary             string
	params                    []pathParam // the path's parameters, in order
	record                    string      // the record read or written
	options                   *optionsType
	idField                   string        // update: the record's field holding the path id
	limitDefault              int           // all: the page size when the options give none
	envelope                  string        // x-go-envelope: the package's envelope type for this operation
	limitConst                string        // all: page_limit's x-go-all-limit (services_snapshot.go)
	enveloped                 bool          // delete: the answer is an envelope without data (services_snapshot.go)
	deprecated                bool          // the operation is deprecated
	deprecatedNote            string        // x-go-deprecated: what replaces it, or that nothing does
	key                       string        // x-go-key: the key struct naming the resource (pathkeys.go)
	acknowledged              bool          // update: the answer holds no record; rec is returned as sent
	via                       *callVia      // x-go-group, x-go-call (callgroup.go)
	action                    *actionSpec   // an action's arguments, request and answer (actions.go)
	chunk                     *chunkSpec    // x-go-chunk: the ids sent in several calls (chunks.go)
	readBack                  *readBackSpec // x-go-read-back: the read after a save (readback.go)
	bodyFn                    string        // x-go-record's body: the record's method writing a save's body
	methodField               string        // x-go-http-method: the service's field holding the HTTP method (httpmethod.go)
}

type pathParam struct {
	name, arg string
	positive  bool  // minimum: 1 in the description
	max       int64 // maximum in the description, checked with minimum 1 (callgroup.go)
	// A text parameter (pathkeys.go): its Go type (string or a named
	// string type), the record's field holding it (x-go-field), and
	// whether it must not be empty (minLength: 1).
	text, field string
	nonEmpty    bool
}

// optionsType is the options struct of a list, made from the operation's
// query parameters.
type optionsType struct {
	name, doc string
	fields    []*optField
	paged     bool // page_limit and page_offset are parameters
	prefetch  bool // an All pages it ahead
	sig       string
	embed     string // x-go-embed: the hand-written struct embedded (services_snapshot.go)
}

type optField struct {
	name, typ, param, doc, enc, value string
}

// query encodings of an options field, by its Go type.
const (
	encText   = "text"   // a string or a named string type: sent when not ""
	encInt    = "int"    // int64: sent when not 0
	encBool   = "bool"   // *bool: sent when not nil, as true or false
	encFlag   = "flag"   // bool on an integer schema with one enum value: that value, when true
	encIDs    = "ids"    // []int64: comma-separated, when not empty
	encTexts  = "texts"  // a list of a string type: comma-separated, when not empty
	encQuery  = "query"  // *qlang.Query: its text, when it has terms
	encPaging = "paging" // page_limit and page_offset: from the call, when > 0
	encRepeat = "repeat" // a list on an array schema: the parameter once per item
)

// buildServices reads the operations of doc. A document none of whose
// operations has x-go-service generates no services (nil, nil); once one
// has, every operation must say which method serves it.
func buildServices(doc *openapi3.T, m *model) (*services, error) {
	type opAt struct {
		path, method string
		op           *openapi3.Operation
		item         *openapi3.PathItem
	}
	var ops []opAt
	opted := false
	if doc.Paths != nil {
		for path := range doc.Paths.Map() {
			item := doc.Paths.Value(path)
			for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
				if op := item.GetOperation(method); op != nil {
					ops = append(ops, opAt{path, method, op, item})
					_, has := op.Extensions["x-go-service"]
					opted = opted || has
				}
			}
		}
	}
	if !opted {
		return nil, nil
	}
	// Document order: by the line of each operation.
	slices.SortFunc(ops, func(a, b opAt) int {
		return cmp.Or(cmp.Compare(opLine(a.op), opLine(b.op)), strings.Compare(a.path, b.path), strings.Compare(a.method, b.method))
	})

	s := &services{pkg: m.pkg, source: m.source, deprecated: m.deprecated, types: map[string]string{}}
	if raw, ok := doc.Info.Extensions["x-go-services"].(map[string]any); ok {
		for field, typ := range raw {
			t, _ := typ.(string)
			if !isASCIIIdent(field) || !isASCIIIdent(t) {
				return nil, fmt.Errorf("info.x-go-services: %s: %v is not a Go type name", field, typ)
			}
			s.types[field] = t
		}
	}
	byName := map[string]*optionsType{}
	have := map[string]string{}   // service.method -> operation
	handHave := map[string]bool{} // service.method written by hand
	for _, o := range ops {
		where := o.method + " " + o.path
		if o.op.OperationID != "" {
			where = o.op.OperationID
		}
		svc, _ := o.op.Extensions["x-go-service"].(string)
		if svc == "" {
			return nil, fmt.Errorf("operation %s: no x-go-service (every operation names its service once one does)", where)
		}
		recv, ok := s.types[svc]
		if !ok {
			return nil, fmt.Errorf("operation %s: x-go-service %s is not in info.x-go-services", where, svc)
		}
		names, err := stringList(o.op.Extensions["x-go-method"])
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("operation %s: x-go-method must name the method(s) that serve it", where)
		}
		hand, _ := o.op.Extensions["x-go-handwritten"].(string)
		if _, set := o.op.Extensions["x-go-handwritten"]; set && strings.TrimSpace(hand) == "" {
			return nil, fmt.Errorf("operation %s: x-go-handwritten must give the reason", where)
		}
		row := func(method, why string) error {
			if !isASCIIIdent(method) || method[0] < 'A' || method[0] > 'Z' {
				return fmt.Errorf("operation %s: %q is not an exported method name", where, method)
			}
			key := svc + "." + method
			// A hand-written row may name a method another row names (it
			// serves both operations).
			if prev, dup := have[key]; dup && !(why != "" || handHave[key]) {
				return fmt.Errorf("operation %s: %s is already the method of %s", where, key, prev)
			}
			have[key] = where
			handHave[key] = why != ""
			s.rows = append(s.rows, opRow{op: o.op.OperationID, httpMethod: o.method, path: o.path, service: svc, method: method, handwritten: why, recv: recv})
			return nil
		}
		for _, name := range names {
			if err := row(name, hand); err != nil {
				return nil, err
			}
		}
		if also, ok := o.op.Extensions["x-go-also"].(map[string]any); ok {
			keys := make([]string, 0, len(also))
			for k := range also {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				why, _ := also[k].(string)
				if strings.TrimSpace(why) == "" {
					return nil, fmt.Errorf("operation %s: x-go-also %s must give the reason it is written by hand", where, k)
				}
				if err := row(k, why); err != nil {
					return nil, err
				}
			}
		}
		if hand != "" {
			continue
		}
		for _, name := range names {
			sm, err := buildMethod(doc, o.path, o.method, o.op, o.item, svc, recv, name)
			if err == nil {
				err = checkVia(sm)
			}
			if err != nil {
				return nil, fmt.Errorf("operation %s, method %s: %w", where, name, err)
			}
			if sm.kind == kindCreate || sm.kind == kindUpdate {
				if err := s.noteSnapshot(doc, m, sm); err != nil {
					return nil, fmt.Errorf("operation %s, method %s: %w", where, name, err)
				}
			}
			if sm.options != nil {
				if prev, ok := byName[sm.options.name]; ok {
					if prev.sig != sm.options.sig {
						return nil, fmt.Errorf("operation %s: the options %s differ from those of another operation", where, sm.options.name)
					}
					prev.prefetch = prev.prefetch || sm.options.prefetch
					sm.options = prev
				} else {
					byName[sm.options.name] = sm.options
					s.options = append(s.options, sm.options)
				}
			}
			s.methods = append(s.methods, sm)
		}
	}
	// A generated Modify needs the service's Get and Update.
	for _, sm := range s.methods {
		if sm.kind != kindModify {
			continue
		}
		for _, need := range []string{"Get", "Update"} {
			if _, ok := have[sm.service+"."+need]; !ok {
				return nil, fmt.Errorf("%s.Modify needs %s.%s", sm.service, sm.service, need)
			}
		}
	}
	return s, nil
}

// opLine is the line an operation is written on (0 when unknown).
func opLine(op *openapi3.Operation) int {
	if op.Origin != nil && op.Origin.Key != nil {
		return op.Origin.Key.Line
	}
	return 0
}

// stringList reads an extension that is one string or a list of them.
func stringList(v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("%v is not a string", e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("not a string or a list of strings")
}

// buildMethod makes one generated method of an operation.
func buildMethod(doc *openapi3.T, path, method string, op *openapi3.Operation, item *openapi3.PathItem, svc, recv, name string) (*svcMethod, error) {
	sm := &svcMethod{service: svc, recv: recv, name: name, httpMethod: method, path: path, opID: op.OperationID, summary: op.Summary, deprecated: op.Deprecated}
	sm.deprecatedNote, _ = op.Extensions["x-go-deprecated"].(string)
	if x, ok := op.Extensions["x-go-envelope"]; ok {
		sm.envelope, _ = x.(string)
		if !isASCIIIdent(sm.envelope) {
			return nil, fmt.Errorf("x-go-envelope %v is not a Go type name", x)
		}
		if method == http.MethodDelete || name == "Modify" {
			return nil, fmt.Errorf("x-go-envelope applies to calls that read an answer")
		}
	}
	via, err := buildVia(op, item, path)
	if err != nil {
		return nil, err
	}
	sm.via = via
	if sm.methodField, err = readMethodField(op); err != nil {
		return nil, err
	}
	params := append(append(openapi3.Parameters{}, item.Parameters...), op.Parameters...)
	var query []*openapi3.Parameter
	for _, p := range params {
		switch p.Value.In {
		case openapi3.ParameterInPath:
			if p.Value.Name == chunkParam(op) {
				continue // the ids of x-go-chunk (chunks.go)
			}
			pp, err := buildPathParam(p.Value)
			if err != nil {
				return nil, err
			}
			sm.params = append(sm.params, pp)
		case openapi3.ParameterInQuery:
			query = append(query, p.Value)
		default:
			return nil, fmt.Errorf("parameter %s: only path and query parameters are supported", p.Value.Name)
		}
	}
	// The order of path parameters follows the path.
	slices.SortStableFunc(sm.params, func(a, b pathParam) int {
		return cmp.Compare(strings.Index(path, "{"+a.name+"}"), strings.Index(path, "{"+b.name+"}"))
	})
	if err := keyParams(sm, op); err != nil {
		return nil, err
	}
	answer, list, err := answerRecord(doc, op)
	if err != nil {
		return nil, err
	}
	if items, ok, err := itemsOf(op, item); err != nil {
		return nil, err
	} else if ok {
		answer, list = items, true
	}
	sm.record = answer
	if act, err := readAction(op, method, name, answer); err != nil || act != nil {
		if err != nil {
			return nil, err
		}
		sm.kind, sm.action = kindAction, act
		if sm.chunk, err = readChunk(op, params); err != nil {
			return nil, err
		}
		return sm, checkAction(sm)
	}
	switch {
	case name == "Modify":
		sm.kind = kindModify
		if method != http.MethodPost && method != http.MethodPut && method != http.MethodPatch {
			return nil, fmt.Errorf("Modify is served by the update operation")
		}
		if len(sm.params) < 1 {
			return nil, fmt.Errorf("Modify needs a path id")
		}
		if answer == "" { // an acknowledged update: the record is the body
			if sm.record, _, err = bodyRecord(doc, op); err != nil {
				return nil, err
			}
		}
		return sm, nil
	case method == http.MethodGet && list:
		sm.kind = kindList
		if isAllName(name) {
			sm.kind = kindAll
		}
		oname, _ := op.Extensions["x-go-options"].(string)
		if !isASCIIIdent(oname) || oname[0] < 'A' || oname[0] > 'Z' {
			return nil, fmt.Errorf("a list needs x-go-options, the name of its options struct")
		}
		rest, embed, paging, err := embedOptions(doc, op, query)
		if err != nil {
			return nil, err
		}
		ot, err := buildOptions(doc, oname, method, path, op.Summary, rest)
		if err != nil {
			return nil, err
		}
		ot.embedIn(embed, paging)
		if sm.kind == kindAll {
			ot.prefetch = ot.paged
			if ot.paged {
				sm.limitDefault = pageDefault(query)
				for _, p := range query {
					if p.Name == "page_limit" {
						if sm.limitConst, err = allLimit(p); err != nil {
							return nil, err
						}
					}
				}
			}
		}
		sm.options = ot
		return sm, nil
	case len(query) > 0 && !sendsQuery(op):
		return nil, fmt.Errorf("query parameters are supported on lists only")
	case method == http.MethodGet:
		sm.kind = kindGet
		if answer == "" {
			return nil, fmt.Errorf("the answer names no record")
		}
	case method == http.MethodDelete:
		sm.kind = kindDelete
		sm.enveloped = deletesEnveloped(op, answer)
	default:
		// A Create, under parents when the path has ids; an Update's last
		// path id is the record's (readback.go).
		sm.kind = saveKind(method, path, name, len(sm.params))
	}
	if sm.kind == kindCreate || sm.kind == kindUpdate {
		if sm.readBack, err = readReadBack(op, sm.kind); err != nil {
			return nil, err
		} else if sm.readBack != nil {
			answer = "" // the answer holds the new id, or nothing
		}
		if ok, err := recordOf(sm, op, answer); ok || err != nil {
			return sm, err
		}
		body, sch, err := ownedBody(doc, op)
		if err != nil {
			return nil, err
		}
		if answer != "" && body != answer {
			return nil, fmt.Errorf("the body is a %s but the answer a %s", body, answer)
		}
		sm.record = body
		sm.acknowledged = answer == ""
		own := pathParam{}
		if len(sm.params) > 0 {
			own = sm.params[len(sm.params)-1]
		}
		if sm.kind == kindUpdate && own.field != "" {
			sm.idField = own.field
		} else if sm.kind == kindUpdate {
			p := own.name
			prop := sch.Properties[p]
			if prop == nil {
				if prop = idOfRecord(body, sch, p); prop != nil {
					p = "id"
				}
			}
			if prop == nil {
				return nil, fmt.Errorf("the record %s has no property %s for the path", body, p)
			}
			sm.idField = goName(p)
			if x, ok := prop.Value.Extensions["x-go-name"].(string); ok {
				sm.idField = x
			}
		}
	}
	return sm, nil
}

// answerRecord is the record of an operation's 2xx answer (the data of the
// envelope, or the answer itself), and whether the answer is a list of it.
func answerRecord(doc *openapi3.T, op *openapi3.Operation) (string, bool, error) {
	if op.Responses == nil {
		return "", false, nil
	}
	var codes []string
	for code := range op.Responses.Map() {
		if strings.HasPrefix(code, "2") {
			codes = append(codes, code)
		}
	}
	slices.Sort(codes)
	if len(codes) == 0 {
		return "", false, nil
	}
	r := op.Responses.Value(codes[0])
	if r == nil || r.Value == nil {
		return "", false, nil
	}
	mt := r.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil {
		return "", false, nil
	}
	s := mt.Schema
	if d := s.Value.Properties["data"]; d != nil {
		s = d
	}
	if schemaType(s.Value) == openapi3.TypeArray && s.Value.Items != nil {
		name, _, err := refName(doc, s.Value.Items)
		return name, true, err
	}
	name, _, err := refName(doc, s)
	return name, false, err
}

// bodyRecord is the record of an operation's JSON body: a reference, or
// allOf with a reference and further marks.
func bodyRecord(doc *openapi3.T, op *openapi3.Operation) (string, *openapi3.Schema, error) {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return "", nil, fmt.Errorf("no request body")
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil {
		return "", nil, fmt.Errorf("no application/json body")
	}
	s := mt.Schema
	if s.Ref == "" && len(s.Value.AllOf) > 0 {
		s = s.Value.AllOf[0]
	}
	name, sch, err := refName(doc, s)
	if err == nil && name == "" {
		err = fmt.Errorf("the body is not a record of components/schemas")
	}
	return name, sch, err
}

// refName is the Go name of the record a schema refers to ("" when it
// refers to none).
func refName(doc *openapi3.T, s *openapi3.SchemaRef) (string, *openapi3.Schema, error) {
	name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/")
	if !ok {
		return "", nil, nil
	}
	c := doc.Components.Schemas[name]
	if c == nil || !c.Value.Type.Is(openapi3.TypeObject) {
		return "", nil, fmt.Errorf("%s is not an object schema", s.Ref)
	}
	gn, err := typeName(name, c.Value)
	return gn, c.Value, err
}

// pageDefault is the page size All asks for when the options give none:
// page_limit's default, else its maximum, else 100.
func pageDefault(query []*openapi3.Parameter) int {
	for _, p := range query {
		if p.Name != "page_limit" || p.Schema == nil {
			continue
		}
		s := p.Schema.Value
		if n, ok := s.Default.(float64); ok && n > 0 {
			return int(n)
		}
		if s.Max != nil && *s.Max > 0 {
			return int(*s.Max)
		}
	}
	return 100
}

// buildOptions makes the options struct of a list from its query
// parameters.
func buildOptions(doc *openapi3.T, name, method, path, summary string, query []*openapi3.Parameter) (*optionsType, error) {
	ot := &optionsType{name: name}
	var limit, offset bool
	for _, p := range query {
		f := &optField{param: p.Name, doc: p.Description}
		f.name = goName(p.Name)
		if x, ok := p.Extensions["x-go-name"].(string); ok {
			f.name = x
		}
		if !isASCIIIdent(f.name) || f.name[0] < 'A' || f.name[0] > 'Z' {
			return nil, fmt.Errorf("query parameter %s: %q is not an exported Go name (set x-go-name)", p.Name, f.name)
		}
		if p.Schema == nil {
			return nil, fmt.Errorf("query parameter %s has no schema", p.Name)
		}
		if err := paramType(doc, p, f); err != nil {
			return nil, fmt.Errorf("query parameter %s: %w", p.Name, err)
		}
		switch p.Name {
		case "page_limit":
			limit = true
		case "page_offset":
			offset = true
		}
		ot.fields = append(ot.fields, f)
	}
	ot.paged = limit && offset
	if limit != offset {
		return nil, fmt.Errorf("page_limit and page_offset come together")
	}
	var sig []string
	for _, f := range ot.fields {
		sig = append(sig, f.name+" "+f.typ+" "+f.param+" "+f.enc)
	}
	ot.sig = strings.Join(sig, ";")
	ot.doc = fmt.Sprintf("%s are the parameters of %s %s: %s. A nil *%s asks for the platform's defaults; the struct is copied, never changed.",
		name, method, path, strings.TrimSuffix(lowerFirst(strings.TrimSpace(summary)), "."), name)
	if len(ot.fields) == 0 {
		ot.doc = fmt.Sprintf("%s are the parameters of %s %s: %s. The platform takes none today; the struct gives the list the signature of every list, so that options can be added without breaking callers.",
			name, method, path, strings.TrimSuffix(lowerFirst(strings.TrimSpace(summary)), "."))
	}
	return ot, nil
}

// paramType chooses an options field's Go type (x-go-type, else by the
// schema) and its query encoding.
func paramType(doc *openapi3.T, p *openapi3.Parameter, f *optField) error {
	s := p.Schema.Value
	t := schemaType(s)
	ref := ""
	if n, ok := strings.CutPrefix(p.Schema.Ref, "#/components/schemas/"); ok {
		c := doc.Components.Schemas[n]
		if c == nil {
			return fmt.Errorf("no schema %s", n)
		}
		gn, err := typeName(n, c.Value)
		if err != nil {
			return err
		}
		ref = gn
	}
	x, hasX := p.Extensions["x-go-type"].(string)
	switch {
	case p.Name == "page_limit" || p.Name == "page_offset":
		if t != openapi3.TypeInteger || (hasX && x != "int") {
			return fmt.Errorf("page_limit and page_offset are integers, Go int")
		}
		f.typ, f.enc = "int", encPaging
	case hasX:
		f.typ = x
		switch {
		case x == "int64" && t == openapi3.TypeInteger:
			f.enc = encInt
		case x == "*bool" && t == openapi3.TypeBoolean:
			f.enc = encBool
		case x == "bool" && (t == openapi3.TypeInteger || t == openapi3.TypeString) && len(s.Enum) == 1:
			f.enc, f.value = encFlag, fmt.Sprint(s.Enum[0])
		case x == "[]int64" && t == openapi3.TypeString:
			f.enc = encIDs
		case x == "*qlang.Query" && t == openapi3.TypeString:
			f.enc = encQuery
		case strings.HasPrefix(x, "[]") && isASCIIIdent(x[2:]) && t == openapi3.TypeString:
			f.enc = encTexts
		case strings.HasPrefix(x, "[]") && isASCIIIdent(x[2:]) && t == openapi3.TypeArray:
			f.enc = encRepeat
		case isASCIIIdent(x) && t == openapi3.TypeString:
			f.enc = encText
		default:
			return fmt.Errorf("x-go-type %q does not fit a %s parameter", x, cmp.Or(t, "untyped"))
		}
	case ref != "" && t == openapi3.TypeString:
		f.typ, f.enc = ref, encText
	case t == openapi3.TypeString:
		f.typ, f.enc = "string", encText
	case t == openapi3.TypeInteger:
		f.typ, f.enc = "int64", encInt
	case t == openapi3.TypeBoolean:
		f.typ, f.enc = "*bool", encBool
	default:
		return fmt.Errorf("a %s parameter needs x-go-type", cmp.Or(t, "untyped"))
	}
	return nil
}

// renderServices writes the Go source of s, gofmt'd.
func renderServices(s *services) ([]byte, error) {
	dep := ""
	if s.deprecated != "" {
		dep = "//\n// Deprecated: " + s.deprecated + "\n"
	}
	var body bytes.Buffer
	have := map[string]bool{}
	for _, r := range s.rows {
		have[r.service+"."+r.method] = true
	}
	for _, o := range s.options {
		if o.name != o.embed {
			renderOptions(&body, o, dep)
		}
	}
	for _, m := range s.methods {
		d := deprecatedDoc(m, have)
		if d == "" && m.deprecated && dep == "" {
			return nil, fmt.Errorf("%s: %s.%s is deprecated: the service has no %s; say what replaces it, or that nothing does, in x-go-deprecated",
				m.opID, m.service, m.name, versionSuffix.ReplaceAllString(m.name, ""))
		}
		// An operation's own note says more than the document's: it
		// replaces it, so that a method has one Deprecated paragraph.
		if d != "" {
			renderMethod(&body, m, d)
		} else {
			renderMethod(&body, m, dep)
		}
	}
	renderSnapshotRequests(&body, s, dep)
	renderHelpers(&body, s)
	renderSnapshotHelpers(&body, s)
	renderTable(&body, s)

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by apigen from %s. DO NOT EDIT.\n", s.source)
	b.WriteString("// Regenerate with `go generate ./...`; see internal/cmd/apigen.\n\n")
	fmt.Fprintf(&b, "package %s\n\n", s.pkg)
	src := body.String()
	var std, own []string
	for _, imp := range []struct{ use, path string }{
		{"context.", "context"}, {"iter.", "iter"}, {"http.", "net/http"}, {"url.", "net/url"},
		{"strconv.", "strconv"}, {"strings.", "strings"},
	} {
		if strings.Contains(src, imp.use) {
			std = append(std, strconv.Quote(imp.path))
		}
	}
	for _, imp := range snapshotImports {
		if q := strconv.Quote(imp.path); strings.Contains(src, imp.use) && !slices.Contains(std, q) {
			std = append(std, q)
		}
	}
	for _, imp := range []struct{ use, path string }{
		{"adama.", "github.com/adamasdk/adama-go/adama"}, {"call.", "github.com/adamasdk/adama-go/internal/call"},
		{"modify.", "github.com/adamasdk/adama-go/internal/modify"}, {"pager.", "github.com/adamasdk/adama-go/internal/pager"},
		{"valid.", "github.com/adamasdk/adama-go/internal/valid"}, {"qlang.", "github.com/adamasdk/adama-go/qlang"},
		{"record.ToMap(", "github.com/adamasdk/adama-go/internal/record"}, {"update.Body(", "github.com/adamasdk/adama-go/internal/update"},
	} {
		if strings.Contains(src, imp.use) {
			own = append(own, strconv.Quote(imp.path))
		}
	}
	if len(std)+len(own) > 0 {
		b.WriteString("import (\n" + strings.Join(std, "\n") + "\n\n" + strings.Join(own, "\n") + "\n)\n")
	}
	b.WriteString(src)
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated services: %w\n%s", err, b.Bytes())
	}
	return out, nil
}

func renderOptions(b *bytes.Buffer, o *optionsType, dep string) {
	b.WriteString("\n" + wrap(o.doc) + dep)
	fmt.Fprintf(b, "type %s struct {\n", o.name)
	if o.embed != "" {
		fmt.Fprintf(b, "%s\n", o.embed)
	}
	for _, f := range o.fields {
		d := strings.TrimSpace(f.doc)
		if d == "" {
			d = f.name + " is sent as " + f.param + "."
		} else {
			d = f.name + " (" + f.param + "): " + lowerFirst(d)
			if !strings.HasSuffix(d, ".") {
				d += "."
			}
		}
		b.WriteString(wrap(d))
		fmt.Fprintf(b, "%s %s\n", f.name, f.typ)
	}
	if o.prefetch && o.embed == "" {
		b.WriteString("// Prefetch, for All, fetches up to this many pages ahead (0..32).\nPrefetch int\n")
		b.WriteString("// Speculate, with Prefetch, asks for the first page and the Prefetch\n// pages after it at once instead of waiting for the first page's\n// total: one round trip sooner, at the cost of up to Prefetch requests\n// past the end of a shorter list.\nSpeculate bool\n")
	}
	b.WriteString("}\n")

	if o.embed != "" {
		fmt.Fprintf(b, "\n// query is the query of one page: %s's, then the options set here.\nfunc (o *%s) query(limit, offset int) url.Values {\nq := o.%s.query(limit, offset)\n", o.embed, o.name, o.embed)
	} else if o.paged {
		fmt.Fprintf(b, "\n// query is the query of one page: the options set, with the page's\n// limit and offset.\nfunc (o *%s) query(limit, offset int) url.Values {\nq := url.Values{}\n", o.name)
	} else {
		fmt.Fprintf(b, "\n// query is the query of the list: the options set (the list is not\n// paged by offset).\nfunc (o *%s) query(_, _ int) url.Values {\nq := url.Values{}\n", o.name)
	}
	for _, f := range o.fields {
		k := strconv.Quote(f.param)
		switch f.enc {
		case encText:
			if f.typ == "string" {
				fmt.Fprintf(b, "if o.%s != \"\" {\nq.Set(%s, o.%s)\n}\n", f.name, k, f.name)
			} else {
				fmt.Fprintf(b, "if o.%s != \"\" {\nq.Set(%s, string(o.%s))\n}\n", f.name, k, f.name)
			}
		case encInt:
			fmt.Fprintf(b, "if o.%s != 0 {\nq.Set(%s, strconv.FormatInt(o.%s, 10))\n}\n", f.name, k, f.name)
		case encBool:
			fmt.Fprintf(b, "if o.%s != nil {\nq.Set(%s, strconv.FormatBool(*o.%s))\n}\n", f.name, k, f.name)
		case encFlag:
			fmt.Fprintf(b, "if o.%s {\nq.Set(%s, %q)\n}\n", f.name, k, f.value)
		case encIDs:
			fmt.Fprintf(b, "if len(o.%s) > 0 {\nq.Set(%s, joinQuery(o.%s, func(id int64) string { return strconv.FormatInt(id, 10) }))\n}\n", f.name, k, f.name)
		case encTexts:
			fmt.Fprintf(b, "if len(o.%s) > 0 {\nq.Set(%s, joinQuery(o.%s, func(v %s) string { return string(v) }))\n}\n", f.name, k, f.name, f.typ[2:])
		case encRepeat:
			if f.typ == "[]int64" {
				fmt.Fprintf(b, "for _, v := range o.%s {\nq.Add(%s, strconv.FormatInt(v, 10))\n}\n", f.name, k)
			} else {
				fmt.Fprintf(b, "for _, v := range o.%s {\nq.Add(%s, string(v))\n}\n", f.name, k)
			}
		case encQuery:
			fmt.Fprintf(b, "if o.%s != nil && len(o.%s.Terms) > 0 {\nq.Set(%s, o.%s.String())\n}\n", f.name, f.name, k, f.name)
		case encPaging:
			v := "limit"
			if f.param == "page_offset" {
				v = "offset"
			}
			fmt.Fprintf(b, "if %s > 0 {\nq.Set(%s, strconv.Itoa(%s))\n}\n", v, k, v)
		}
	}
	b.WriteString("return q\n}\n")
}

// methodDoc is a generated method's doc comment: what it does, the
// operation it calls, and the description's summary.
func methodDoc(m *svcMethod, dep string) string {
	var what string
	switch m.kind {
	case kindAll:
		what = fmt.Sprintf("All iterates over every record of %s %s, page by page; no request is made before the caller ranges, and an error ends the iteration.", m.httpMethod, m.path)
	case kindModify:
		what = fmt.Sprintf("Modify reads the record with Get, applies change and saves it with Update (%s %s), reading again and retrying on a version conflict (adama.DefaultModifyAttempts rounds in all).", m.httpMethod, m.path)
	case kindCreate, kindUpdate:
		what = fmt.Sprintf("%s checks the record and sends it to %s %s, returning the record as the platform has it.", m.name, m.httpMethod, m.path)
		if m.acknowledged {
			what = fmt.Sprintf("%s checks the record and sends it whole to %s %s; the platform answers no record, so the record sent is returned.", m.name, m.httpMethod, m.path)
		}
		if m.readBack != nil {
			what = readBackDoc(m)
		}
	default:
		what = fmt.Sprintf("%s calls %s %s.", m.name, m.httpMethod, m.path)
		if m.chunk != nil {
			what += fmt.Sprintf(" It sends at most %s ids per call, in as many calls as the ids need, and joins the answers.", m.chunk.max)
		}
	}
	if s := strings.TrimSpace(m.summary); s != "" && m.kind != kindModify {
		what += " The operation: " + lowerFirst(s)
		if !strings.HasSuffix(what, ".") {
			what += "."
		}
	}
	return wrap(what) + dep
}

func renderMethod(out *bytes.Buffer, m *svcMethod, dep string) {
	out.WriteString("\n" + methodDoc(m, dep))
	b := new(bytes.Buffer)
	defer func() {
		src := sendMethodOf(m, m.via.rewrite(b.String()))
		if m.envelope != "" {
			// The operation's answer has an envelope of its own: the call
			// goes through a copy of the group with it.
			head, body, _ := strings.Cut(src, "{\n")
			src = head + "{\ng := *s.g\ng.Envelope = " + m.envelope + "{}\n" + strings.ReplaceAll(body, "(ctx, s.g, ", "(ctx, &g, ")
		}
		out.WriteString(src)
	}()
	args, checks, ids := paramArgs(m)
	pathOf := func(ids map[string]string) string { return pathExpr(m.callPath(), ids) }
	pathExpr := pathOf(ids)
	checkIDs := func(fail string) {
		for _, c := range checks {
			fmt.Fprintf(b, "if err := %s; err != nil {\nreturn %s\n}\n", c, fail)
		}
	}
	recv := "func (s *" + m.recv + ") "
	if (m.kind == kindCreate || m.kind == kindUpdate) && ownSave(m) {
		renderSave(b, m, args, checks, ids)
		return
	}
	if m.kind == kindModify && len(m.params) > 1 {
		renderModifyUnder(b, m, args, checks)
		return
	}
	switch m.kind {
	case kindAction:
		renderAction(b, m, args, checks, ids)
	case kindGet:
		fmt.Fprintf(b, "%s%s(ctx context.Context, %sro ...adama.RequestOption) (*%s, error) {\n", recv, m.name, argPrefix(args), m.record)
		checkIDs("nil, err")
		if sets := fieldSets(m); sets != "" {
			fmt.Fprintf(b, "out, err := call.One[%s](ctx, s.g, &call.Call{Path: %s}, ro...)\nif err != nil {\nreturn nil, err\n}\n%sreturn out, nil\n}\n", m.record, pathExpr, sets)
			break
		}
		fmt.Fprintf(b, "return call.One[%s](ctx, s.g, &call.Call{Path: %s}, ro...)\n}\n", m.record, pathExpr)
	case kindDelete:
		fmt.Fprintf(b, "%s%s(ctx context.Context, %s, ro ...adama.RequestOption) error {\n", recv, m.name, strings.Join(args, ", "))
		checkIDs("err")
		if m.enveloped {
			fmt.Fprintf(b, "return deleteEnveloped(ctx, s.g, &call.Call{Method: http.Method%s, Path: %s}, ro)\n}\n", httpConst(m.httpMethod), pathExpr)
			break
		}
		fmt.Fprintf(b, "return s.g.NoContent(ctx, &call.Call{Method: http.Method%s, Path: %s}, ro...)\n}\n", httpConst(m.httpMethod), pathExpr)
	case kindCreate:
		fmt.Fprintf(b, "%s%s(ctx context.Context, rec *%s, ro ...adama.RequestOption) (*%s, error) {\n", recv, m.name, m.record, m.record)
		b.WriteString("body, err := rec.createRequest()\nif err != nil {\nreturn nil, err\n}\n")
		fmt.Fprintf(b, "return call.One[%s](ctx, s.g, &call.Call{Method: http.Method%s, Path: %s, JSON: body}, ro...)\n}\n", m.record, httpConst(m.httpMethod), pathExpr)
	case kindUpdate:
		fmt.Fprintf(b, "%s%s(ctx context.Context, rec *%s, ro ...adama.RequestOption) (*%s, error) {\n", recv, m.name, m.record, m.record)
		b.WriteString("body, err := rec.updateRequest()\nif err != nil {\nreturn nil, err\n}\n")
		path := pathOf(map[string]string{m.params[0].name: m.params[0].segment("rec." + m.idField)})
		if m.acknowledged {
			fmt.Fprintf(b, "if err := s.g.NoContent(ctx, &call.Call{Method: http.Method%s, Path: %s, JSON: body}, ro...); err != nil {\nreturn nil, err\n}\nreturn rec, nil\n}\n", httpConst(m.httpMethod), path)
			break
		}
		fmt.Fprintf(b, "return call.One[%s](ctx, s.g, &call.Call{Method: http.Method%s, Path: %s, JSON: body}, ro...)\n}\n", m.record, httpConst(m.httpMethod), path)
	case kindModify:
		p := m.params[0]
		fmt.Fprintf(b, "%sModify(ctx context.Context, %s %s, change func(*%s) error, ro ...adama.RequestOption) (*%s, error) {\n", recv, p.arg, p.goType(), m.record, m.record)
		checkIDs("nil, err")
		b.WriteString(modifyNilChange)
		fmt.Fprintf(b, "return modify.Run(ctx, %q+%s,\n", recordWords(m.record)+" ", p.text2(p.arg))
		fmt.Fprintf(b, "func(ctx context.Context) (*%s, error) { return s.Get(ctx, %s, ro...) },\nchange,\n", m.record, p.arg)
		fmt.Fprintf(b, "func(ctx context.Context, rec *%s) (*%s, error) { return s.Update(ctx, rec, ro...) })\n}\n", m.record, m.record)
	case kindList:
		o := m.options
		fmt.Fprintf(b, "%s%s(ctx context.Context, %sopts *%s, ro ...adama.RequestOption) (*adama.Page[*%s], error) {\n", recv, m.name, argPrefix(args), o.name, m.record)
		checkIDs("nil, err")
		fmt.Fprintf(b, "var o %s\nif opts != nil {\no = *opts\n}\n", o.name)
		if len(o.fields) > 0 || o.embed != "" {
			b.WriteString("if err := o.validate(); err != nil {\nreturn nil, err\n}\n")
		}
		q := "o.query(0, 0)"
		if o.paged {
			q = "o.query(o.PageLimit, o.PageOffset)"
		}
		fmt.Fprintf(b, "return listPage[%s](ctx, s.g, &call.Call{Path: %s, Query: %s}, ro)\n}\n", m.record, pathExpr, q)
	case kindAll:
		o := m.options
		fmt.Fprintf(b, "%s%s(ctx context.Context, %sopts *%s, ro ...adama.RequestOption) iter.Seq2[*%s, error] {\n", recv, m.name, argPrefix(args), o.name, m.record)
		fmt.Fprintf(b, "var o %s\nif opts != nil {\no = *opts\n}\n", o.name)
		b.WriteString(allCopy(o))
		if o.paged {
			limit := strconv.Itoa(m.limitDefault)
			if m.limitConst != "" {
				limit = m.limitConst
			}
			fmt.Fprintf(b, "limit := o.PageLimit\nif limit == 0 {\nlimit = %s\n}\n", limit)
		}
		fmt.Fprintf(b, "return func(yield func(*%s, error) bool) {\n", m.record)
		for _, c := range checks {
			fmt.Fprintf(b, "if err := %s; err != nil {\nyield(nil, err)\nreturn\n}\n", c)
		}
		if len(o.fields) > 0 || o.embed != "" {
			b.WriteString("if err := o.validate(); err != nil {\nyield(nil, err)\nreturn\n}\n")
		}
		fmt.Fprintf(b, "fetch := func(ctx context.Context, cur pager.Cursor) (*adama.Page[*%s], error) {\n", m.record)
		popts := "pager.Options{Start: o.PageOffset, Limit: limit, Prefetch: o.Prefetch, Speculate: o.Speculate}"
		if o.paged {
			fmt.Fprintf(b, "return listPage[%s](ctx, s.g, &call.Call{Path: %s, Query: o.query(limit, cur.Offset)}, ro)\n}\n", m.record, pathExpr)
		} else {
			popts = "pager.Options{Links: true}"
			b.WriteString("q := cur.Next\nif q == nil {\nq = o.query(0, 0)\n}\n")
			fmt.Fprintf(b, "return listPage[%s](ctx, s.g, &call.Call{Path: %s, Query: q}, ro)\n}\n", m.record, pathExpr)
		}
		fmt.Fprintf(b, "for it, err := range pager.All(ctx, %s, fetch) {\nif !yield(it, err) {\nreturn\n}\n}\n}\n}\n", popts)
	}
}

// pathExpr is the Go expression of a path with its parameters replaced
// by the string expressions in ids ("/deals/" + strconv.FormatInt(id, 10)).
func pathExpr(path string, ids map[string]string) string {
	var parts []string
	for path != "" {
		i := strings.Index(path, "{")
		j := strings.Index(path, "}")
		if i < 0 || j < i {
			parts = append(parts, strconv.Quote(path))
			break
		}
		if i > 0 {
			parts = append(parts, strconv.Quote(path[:i]))
		}
		parts = append(parts, ids[path[i+1:j]])
		path = path[j+1:]
	}
	return strings.Join(parts, " + ")
}

func argPrefix(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return strings.Join(args, ", ") + ", "
}

// httpConst is the net/http constant suffix of a method ("Post").
func httpConst(m string) string { return m[:1] + strings.ToLower(m[1:]) }

// recordWords is a record's name in lower-case words ("DealGroup" ->
// "deal group"), for Modify's error message.
func recordWords(name string) string {
	var out []string
	for _, w := range words(name) {
		out = append(out, strings.ToLower(w))
	}
	return strings.Join(out, " ")
}

// renderHelpers writes the unexported helpers the generated methods call.
func renderHelpers(b *bytes.Buffer, s *services) {
	usesPositive, usesList, usesJoin := false, false, false
	for _, m := range s.methods {
		for _, p := range m.params {
			usesPositive = usesPositive || p.positive && p.rangeCheck() == ""
		}
		usesJoin = usesJoin || m.chunk != nil
		usesList = usesList || (m.kind == kindList || m.kind == kindAll) && (m.via == nil || m.via.hook == "")
	}
	for _, o := range s.options {
		for _, f := range o.fields {
			usesJoin = usesJoin || f.enc == encIDs || f.enc == encTexts
		}
	}
	if usesPositive {
		b.WriteString("\n// positiveID refuses an id below 1 before sending, naming the path\n// parameter.\n")
		b.WriteString("func positiveID(field string, id int64) error {\nif id <= 0 {\nvar v valid.Validator\nv.Add(field, \"must be a positive id\", id)\nreturn v.Err()\n}\nreturn nil\n}\n")
	}
	renderRangeHelper(b, s)
	if usesNonEmpty(s) {
		b.WriteString(nonEmptyHelper)
	}
	if usesList {
		b.WriteString("\n// listPage returns one page of records at c. A null item on the page\n// comes back as a zero record, never as a nil pointer.\n")
		b.WriteString("func listPage[T any](ctx context.Context, g *call.Group, c *call.Call, ro []adama.RequestOption) (*adama.Page[*T], error) {\n")
		b.WriteString("p, err := call.List[*T](ctx, g, c, ro...)\nif err != nil {\nreturn nil, err\n}\nfor i, it := range p.Items {\nif it == nil {\np.Items[i] = new(T)\n}\n}\nreturn p, nil\n}\n")
	}
	if usesJoin {
		b.WriteString("\n// joinQuery writes a list parameter as comma-separated values.\n")
		b.WriteString("func joinQuery[T any](list []T, text func(T) string) string {\nparts := make([]string, len(list))\nfor i, v := range list {\nparts[i] = text(v)\n}\nreturn strings.Join(parts, \",\")\n}\n")
	}
}

// renderTable writes the table of every operation with the method that
// serves it, and a reference to every hand-written one, so that the build
// fails when one is missing and a test can hold the services and the
// description to each other.
func renderTable(b *bytes.Buffer, s *services) {
	b.WriteString("\n// serviceOperations lists every operation of the description with each\n")
	b.WriteString("// method of the group's services that serves it, generated above or\n")
	b.WriteString("// written by hand (Handwritten says why).\n")
	b.WriteString("var serviceOperations = []struct{ Operation, HTTPMethod, Path, Service, Method, Handwritten string }{\n")
	for _, r := range s.rows {
		fmt.Fprintf(b, "{%q, %q, %q, %q, %q, %q},\n", r.op, r.httpMethod, r.path, r.service, r.method, r.handwritten)
	}
	b.WriteString("}\n")
	var refs []string
	for _, r := range s.rows {
		if r.handwritten != "" {
			refs = append(refs, fmt.Sprintf("(*%s).%s", r.recv, r.method))
		}
	}
	if len(refs) > 0 {
		b.WriteString("\n// The hand-written methods of the table: the build fails when one is\n// missing.\nvar _ = []any{\n" + strings.Join(refs, ",\n") + ",\n}\n")
	}
}

// generateServices returns the Go source of the services of doc, or nil
// when its operations carry no x-go-service.
func generateServices(doc *openapi3.T, source string) ([]byte, error) {
	if hasFlag(doc.Info.Extensions, "x-go-embedding-records") {
		// Such a document (entity's) generates its service wiring only
		// (entityservices.go).
		return generateEntityServices(doc, source)
	}
	m, err := build(doc, source)
	if err != nil {
		return nil, err
	}
	s, err := buildServices(doc, m)
	if err != nil || s == nil {
		return nil, err
	}
	return renderServices(s)
}

// writeServices writes the group's services file into dir (see
// writeOptional).
func writeServices(group, dir string) error {
	return writeOptional(group, filepath.Join(dir, servicesOut), generateServices)
}

// writeOptional writes what gen makes of the group's document to path,
// leaving the file alone when it is up to date, and removes a stale one
// when gen makes nothing (the document no longer describes that part).
func writeOptional(group, path string, gen func(doc *openapi3.T, source string) ([]byte, error)) error {
	doc, err := apispec.Load(group)
	if err != nil {
		return err
	}
	src, err := gen(doc, "internal/apispec/"+group+".yaml")
	if err != nil {
		return err
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if src == nil {
		if err == nil {
			return os.Remove(path)
		}
		return nil
	}
	if bytes.Equal(old, src) {
		return nil
	}
	return os.WriteFile(path, src, 0o644)
}
