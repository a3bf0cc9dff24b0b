package fakespec_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/fakespec"
)

func TestDescribe(t *testing.T) {
	d, err := fakespec.Describe("dmp")
	require.NoError(t, err)
	assert.Equal(t, "/dmp/v2.0", d.Prefix)
	assert.Equal(t, []string{"GET /audience_segments", "GET /audience_segments/grants/{vendor_id}", "GET /audience_segments/{taxonomy_id}",
		"POST /audience_segments", "POST /audience_segments/{taxonomy_id}"}, d.Operations)
	_, err = fakespec.Describe("nosuchgroup")
	assert.Error(t, err)
}

func TestCheck(t *testing.T) {
	ok := func(http.ResponseWriter, *http.Request) {}
	all := fake.Routes{"GET /audience_segments": ok, "POST /audience_segments": ok, "GET /audience_segments/grants/{vendor_id}": ok,
		"GET /audience_segments/{taxonomy_id}": ok, "POST /audience_segments/{taxonomy_id}": ok}
	without := func(p string) fake.Routes {
		out := fake.Routes{}
		for k, v := range all {
			if k != p {
				out[k] = v
			}
		}
		return out
	}
	with := func(p string) fake.Routes {
		out := without("")
		out[p] = ok
		return out
	}
	tests := []struct {
		name    string
		prefix  string
		routes  fake.Routes
		wantErr []string
	}{
		{"every operation served", "/dmp/v2.0", all, nil},
		{"an operation missing", "/dmp/v2.0", without("POST /audience_segments/{taxonomy_id}"),
			[]string{"no route for described operation POST /audience_segments/{taxonomy_id}"}},
		{"a parameter named otherwise", "/dmp/v2.0", with("GET /audience_segments/{id}"),
			[]string{"route GET /audience_segments/{id}, which the description does not have"}},
		{"another prefix", "/dmp/v3.0", all, []string{`prefix "/dmp/v3.0", the description's is "/dmp/v2.0"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := fakespec.Check("dmp", tt.prefix, tt.routes)
			if tt.wantErr == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tt.wantErr {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}
