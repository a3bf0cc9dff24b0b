package fake

import (
	"maps"
	"net/http"
	"slices"
)

// Routes is a group's route table: each operation of the group's
// description ("GET /deals/{id}", the path under the group's prefix and
// its parameters named as the description names them) and its handler.
// Each group fake's table is generated from its description
// (routes_gen.go, written by internal/cmd/apigen -fake), with one
// handler method per operation, so an operation the fake does not serve
// does not compile; package internal/fake/fakespec also holds the table
// and the fake's prefix equal to the description in the group's tests.
// The description is not read at run time: that would put the
// description's reader into adamatest's imports.
type Routes map[string]http.HandlerFunc

// Serve registers every route of rs with r under prefix, behind auth.
func (rs Routes) Serve(r Registrar, prefix string, auth Auth) {
	for _, p := range slices.Sorted(maps.Keys(rs)) {
		method, path := splitPattern(p)
		r.Handle(method+" "+prefix+path, auth, rs[p])
	}
}

func splitPattern(p string) (method, path string) {
	for i := 0; i < len(p); i++ {
		if p[i] == ' ' {
			return p[:i], p[i+1:]
		}
	}
	return "", p
}

// Body is what the request body schema of one operation of a group's
// description states, as the group's fake reads it from its generated
// table (bodies, in routes_gen.go).
type Body struct {
	// Required lists the required properties, in the description's order.
	Required []string
	// Enums gives each property with a set of text values its values, in
	// the description's order.
	Enums map[string][]string
	// ReadOnly lists the read-only properties, sorted.
	ReadOnly []string
}
