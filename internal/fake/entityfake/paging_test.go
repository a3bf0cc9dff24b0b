package entityfake_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

// A listing's page_limit, page_offset and q are read by the fake core's
// Paging and ParseQ in the group's own words, in both error forms.
func TestListingParameterErrors(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	cookie := session(t, srv)
	tests := []struct {
		name, query, accept string
		want                []string // in the body
	}{
		{"zero limit", "page_limit=0", "application/json", []string{`"field":"page_limit"`, `page_limit must be between 1 and 100`}},
		{"large limit", "page_limit=101", "application/json", []string{`page_limit must be between 1 and 100`}},
		{"malformed limit", "page_limit=x", "application/json", []string{`page_limit must be between 1 and 100`}},
		{"negative offset", "page_offset=-1", "application/json", []string{`"field":"page_offset"`, `page_offset must be a non-negative integer`}},
		{"bad q", "q=name%3D%3D", "application/json", []string{`"field":"q"`}},
		{"xml", "page_limit=0", "application/xml", []string{`<status code="invalid"`, `page_limit must be between 1 and 100`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := do(t, srv, cookie, http.MethodGet, "/api/v2.0/advertisers?"+tc.query, tc.accept, nil)
			require.Equal(t, http.StatusBadRequest, a.status, a.body)
			for _, w := range tc.want {
				assert.Contains(t, a.body, w)
			}
		})
	}
	ok := do(t, srv, cookie, http.MethodGet, "/api/v2.0/advertisers?page_limit=100&page_offset=0", "application/json", nil)
	assert.Equal(t, http.StatusOK, ok.status, "the bounds themselves are accepted")
}
