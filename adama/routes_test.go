package adama_test

import (
	"net/http"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/fake"
)

// routes collects a test group's handlers as adamatest routes.
type routes []adamatest.Option

func (rs *routes) Handle(pattern string, auth fake.Auth, h http.Handler) {
	*rs = append(*rs, adamatest.WithRoute(pattern, adamatest.Auth(auth), h))
}

// withGroup serves a test group's handlers beside the platform's.
func withGroup(register func(fake.Registrar)) adamatest.Option {
	var rs routes
	register(&rs)
	return func(s *adamatest.Server) {
		for _, o := range rs {
			o(s)
		}
	}
}
