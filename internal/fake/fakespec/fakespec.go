// Package fakespec holds a group fake's route table and prefix against the
// group's description in internal/apispec, for the fakes' tests: an
// operation the description lists and the fake does not serve, a route
// the description does not list, or a prefix other than the description's
// is an error. The tables are generated from the descriptions
// (routes_gen.go, by internal/cmd/apigen -fake), so Check finds a stale
// generated file and a fake's Prefix that drifted.
package fakespec

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/fake"
)

// Described is what one group's description says of its routes.
type Described struct {
	// Prefix is the path of the document's first server after its
	// {base_url} ("/deals/v1.0").
	Prefix string
	// Operations lists every operation as "METHOD /path", sorted.
	Operations []string
}

// Describe reads the routes of one group's description ("deals").
func Describe(group string) (Described, error) {
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
			d.Operations = append(d.Operations, method+" "+path)
		}
	}
	slices.Sort(d.Operations)
	return d, nil
}

// Check compares a fake's route table and prefix with the group's
// description, naming every operation without a route and every route
// without an operation.
func Check(group, prefix string, routes fake.Routes) error {
	d, err := Describe(group)
	if err != nil {
		return err
	}
	var errs []error
	if d.Prefix != prefix {
		errs = append(errs, fmt.Errorf("fake %s: prefix %q, the description's is %q", group, prefix, d.Prefix))
	}
	for _, op := range d.Operations {
		if _, ok := routes[op]; !ok {
			errs = append(errs, fmt.Errorf("fake %s: no route for described operation %s", group, op))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(routes)) {
		if !slices.Contains(d.Operations, p) {
			errs = append(errs, fmt.Errorf("fake %s: route %s, which the description does not have", group, p))
		}
	}
	return errors.Join(errs...)
}
