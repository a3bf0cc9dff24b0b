package fake

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// Operation is one operation of a group's description: its method and
// path under the group's prefix ("GET", "/deals/{id}").
type Operation struct{ Method, Path string }

// Pattern is the operation as a route table key ("GET /deals/{id}").
func (o Operation) Pattern() string { return o.Method + " " + o.Path }

// Described is what one group's description says of its routes.
type Described struct {
	// Prefix is the path of the document's first server after its
	// {base_url} ("/deals/v1.0").
	Prefix string
	// Operations lists every operation, in path then method order.
	Operations []Operation
}

var (
	describedMu sync.Mutex
	described   = map[string]Described{}
)

// Describe reads the routes of one group's description ("deals"); the
// documents are immutable, so each is read once per process.
func Describe(group string) (Described, error) {
	describedMu.Lock()
	defer describedMu.Unlock()
	if d, ok := described[group]; ok {
		return d, nil
	}
	doc, err := apispec.Load(group)
	if err != nil {
		return Described{}, err
	}
	var d Described
	if len(doc.Servers) > 0 {
		u := doc.Servers[0].URL
		if i := strings.Index(u, "}"); strings.HasPrefix(u, "{") && i >= 0 {
			u = u[i+1:]
		}
		d.Prefix = u
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			d.Operations = append(d.Operations, Operation{Method: method, Path: path})
		}
	}
	slices.SortFunc(d.Operations, func(a, b Operation) int {
		return strings.Compare(a.Path+" "+a.Method, b.Path+" "+b.Method)
	})
	described[group] = d
	return d, nil
}

// Serve registers one described group's routes with r behind auth: each
// operation of its description, under its prefix, served by the handler
// handlers holds for the operation's pattern ("GET /deals/{id}", path
// parameters named as the description names them). An operation without
// a handler answers 501 "not_implemented" through env, so a test calling
// it fails. The error lists operations without a handler and handlers
// for no operation; the routes are registered either way.
func Serve(r Registrar, group string, auth Auth, env Envelope, handlers map[string]http.HandlerFunc) error {
	d, err := Describe(group)
	if err != nil {
		return err
	}
	var errs []error
	seen := map[string]bool{}
	for _, op := range d.Operations {
		p := op.Pattern()
		seen[p] = true
		h, ok := handlers[p]
		if !ok {
			errs = append(errs, fmt.Errorf("fake %s: no handler for described operation %s", group, p))
			h = func(w http.ResponseWriter, r *http.Request) {
				env(w, r, &Problem{Status: http.StatusNotImplemented, Code: "not_implemented",
					Message: "the fake does not serve " + p})
			}
		}
		r.Handle(op.Method+" "+d.Prefix+op.Path, auth, h)
	}
	for _, p := range slices.Sorted(maps.Keys(handlers)) {
		if !seen[p] {
			errs = append(errs, fmt.Errorf("fake %s: handler for %s, which the description does not have", group, p))
		}
	}
	return errors.Join(errs...)
}
