package fake_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/internal/fake"
)

type mux struct {
	*http.ServeMux
	auth map[string]fake.Auth
}

func (m mux) Handle(pattern string, a fake.Auth, h http.Handler) {
	m.auth[pattern] = a
	m.ServeMux.Handle(pattern, h)
}

func TestRoutesServe(t *testing.T) {
	echo := func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Method+" "+r.PathValue("taxonomy_id"))
	}
	m := mux{http.NewServeMux(), map[string]fake.Auth{}}
	fake.Routes{"GET /audience_segments/{taxonomy_id}": echo, "POST /audience_segments/{taxonomy_id}": echo}.Serve(m, "/dmp/v2.0", fake.Bearer)
	assert.Equal(t, map[string]fake.Auth{"GET /dmp/v2.0/audience_segments/{taxonomy_id}": fake.Bearer,
		"POST /dmp/v2.0/audience_segments/{taxonomy_id}": fake.Bearer}, m.auth)
	for _, method := range []string{"GET", "POST"} {
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, httptest.NewRequest(method, "/dmp/v2.0/audience_segments/7", nil))
		assert.Equal(t, method+" 7", rec.Body.String())
	}
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, httptest.NewRequest("DELETE", "/dmp/v2.0/audience_segments/7", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}
