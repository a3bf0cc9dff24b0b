package entity

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/cmd/apigen/servicecheck"
)

// TestEveryOperationHasAMethod holds the services and the description to
// each other: every operation of internal/apispec/entity.yaml is served by
// a method (a generic Service[T] method, or one of the Client's own,
// written by hand with its reason), every method that reaches the
// platform serves an operation, and every collection the Client serves is
// described with each of Service[T]'s operations.
func TestEveryOperationHasAMethod(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	c, err := adama.NewClient(adama.WithBaseURL("http://127.0.0.1:1"), adama.WithToken("t"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	ec := New(c)
	assert.Empty(t, servicecheck.Problems(doc, ec, serviceOperations))

	// Each collection: its Service's collection name is its path's, and
	// all seven generic methods serve one of its operations.
	want := []string{"Get", "List", "All", "Create", "Update", "Modify", "History"}
	served := map[string]map[string]bool{} // field -> methods
	paths := map[string]map[string]bool{}  // field -> "METHOD /path"
	for _, r := range serviceOperations {
		if r.Service == "Client" {
			assert.Greater(t, len(r.Handwritten), 20, "Client.%s: the reason it is written by hand", r.Method)
			continue
		}
		assert.Empty(t, r.Handwritten, "%s.%s is Service[T]'s", r.Service, r.Method)
		if served[r.Service] == nil {
			served[r.Service], paths[r.Service] = map[string]bool{}, map[string]bool{}
		}
		served[r.Service][r.Method] = true
		paths[r.Service][r.HTTPMethod+" "+r.Path] = true
	}
	cols := map[string]string{
		"Organizations": ec.Organizations.Collection(), "Campaigns": ec.Campaigns.Collection(),
		"Strategies": ec.Strategies.Collection(), "SitePlacements": ec.SitePlacements.Collection(),
		"TargetingVendors": ec.TargetingVendors.Collection(),
	}
	for field, coll := range cols {
		base := pathPrefix + "/" + coll
		for _, p := range []string{"GET " + base, "POST " + base, "GET " + base + "/{id}", "POST " + base + "/{id}", "GET " + base + "/{id}/history"} {
			assert.True(t, paths[field][p], "%s: %s is described", field, p)
		}
	}
	n := 0
	for field, m := range served {
		n++
		for _, w := range want {
			assert.True(t, m[w], "%s.%s serves an operation", field, w)
		}
		for p := range paths[field] {
			assert.True(t, strings.HasPrefix(strings.SplitN(p, " ", 2)[1], pathPrefix+"/"), p)
		}
	}
	assert.Equal(t, 39, n, "collections described")
	assert.Equal(t, http.MethodGet, serviceOperations[0].HTTPMethod)
	assert.Equal(t, []string{"id", "end_date", "start_date", "status", "total_budget"}, ec.Campaigns.FastFields())
	assert.Empty(t, ec.Organizations.FastFields())
}
