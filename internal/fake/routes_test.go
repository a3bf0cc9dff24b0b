package fake_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
)

type mux struct{ *http.ServeMux }

func (m mux) Handle(pattern string, _ fake.Auth, h http.Handler) { m.ServeMux.Handle(pattern, h) }

func TestDescribe(t *testing.T) {
	d, err := fake.Describe("dmp")
	require.NoError(t, err)
	assert.Equal(t, "/dmp/v2.0", d.Prefix)
	assert.Equal(t, []fake.Operation{
		{"GET", "/audience_segments"}, {"POST", "/audience_segments"},
		{"GET", "/audience_segments/grants/{vendor_id}"},
		{"GET", "/audience_segments/{taxonomy_id}"}, {"POST", "/audience_segments/{taxonomy_id}"},
	}, d.Operations)
	_, err = fake.Describe("nosuchgroup")
	assert.Error(t, err)
}

func TestServe(t *testing.T) {
	ok := func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "served "+r.PathValue("taxonomy_id"))
	}
	tests := []struct {
		name     string
		handlers map[string]http.HandlerFunc
		wantErr  []string
		path     string
		method   string
		status   int
		body     string
	}{
		{name: "every operation served", method: "GET", path: "/dmp/v2.0/audience_segments/7", status: 200, body: "served 7",
			handlers: map[string]http.HandlerFunc{"GET /audience_segments": ok, "POST /audience_segments": ok,
				"GET /audience_segments/grants/{vendor_id}": ok, "GET /audience_segments/{taxonomy_id}": ok, "POST /audience_segments/{taxonomy_id}": ok}},
		{name: "a missing operation answers 501 and is an error", method: "POST", path: "/dmp/v2.0/audience_segments/7", status: 501,
			body:     `"code":"not_implemented"`,
			handlers: map[string]http.HandlerFunc{"GET /audience_segments": ok, "POST /audience_segments": ok, "GET /audience_segments/grants/{vendor_id}": ok, "GET /audience_segments/{taxonomy_id}": ok},
			wantErr:  []string{"no handler for described operation POST /audience_segments/{taxonomy_id}"}},
		{name: "an undescribed handler is an error", method: "GET", path: "/dmp/v2.0/audience_segments", status: 200, body: "served",
			handlers: map[string]http.HandlerFunc{"GET /audience_segments": ok, "POST /audience_segments": ok, "GET /audience_segments/grants/{vendor_id}": ok,
				"GET /audience_segments/{taxonomy_id}": ok, "POST /audience_segments/{taxonomy_id}": ok, "DELETE /audience_segments/{id}": ok},
			wantErr: []string{"handler for DELETE /audience_segments/{id}, which the description does not have"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mux{http.NewServeMux()}
			err := fake.Serve(m, "dmp", fake.Session, fake.JSONEnvelope, tt.handlers)
			if tt.wantErr == nil {
				assert.NoError(t, err)
			} else {
				require.Error(t, err)
				for _, w := range tt.wantErr {
					assert.Contains(t, err.Error(), w)
				}
			}
			rec := httptest.NewRecorder()
			m.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			assert.Equal(t, tt.status, rec.Code)
			assert.Contains(t, rec.Body.String(), tt.body)
		})
	}
}
