// Package route holds the platform paths that the root client and the
// fake both serve or call but that callers never spell: the token and
// authorization endpoints under {auth_url} and the session bootstrap
// under {base_url}.
package route

const (
	// Token is the token endpoint's path under {auth_url}.
	Token = "/oauth/token"
	// Authorize is the authorization endpoint's path under {auth_url}.
	Authorize = "/authorize"
	// Session is the session bootstrap endpoint under {base_url}.
	Session = "/api/v2.0/session"
)
