package adama

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefuseRedirectComparesSchemeAndHost(t *testing.T) {
	req := func(method, raw string, header http.Header, body bool) *http.Request {
		u, err := url.Parse(raw)
		require.NoError(t, err)
		r := &http.Request{Method: method, URL: u, Header: header}
		if header == nil {
			r.Header = http.Header{}
		}
		if body {
			r.ContentLength = 3
		}
		return r
	}
	bearer := http.Header{"Authorization": {"Bearer t"}}
	cookie := http.Header{"Cookie": {"adama_session=c"}}
	tests := []struct {
		name    string
		first   *http.Request
		next    string
		refused bool
	}{
		{"https to http, same host, bearer", req("GET", "https://api.example/a", bearer, false), "http://api.example/b", true},
		{"https to http, same host, cookie", req("GET", "https://api.example/a", cookie, false), "http://api.example/b", true},
		{"another host, body", req("POST", "https://api.example/a", nil, true), "https://evil.example/b", true},
		{"another port, bearer", req("GET", "https://api.example/a", bearer, false), "https://api.example:8443/b", true},
		{"same origin, bearer", req("GET", "https://api.example/a", bearer, false), "https://API.example/b", false},
		{"another host, nothing to protect", req("GET", "https://api.example/a", nil, false), "https://cdn.example/b", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := req("GET", tt.next, nil, false)
			err := refuseRedirect(next, []*http.Request{tt.first})
			if tt.refused {
				var rr *redirectRefusedError
				assert.ErrorAs(t, err, &rr)
			} else {
				assert.NoError(t, err)
			}
		})
	}
}

// The session headers are credentials: never sent to another host.
func TestHostGuardStripsSessionHeaders(t *testing.T) {
	var got http.Header
	rec := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		got = r.Header
		return &http.Response{StatusCode: 200, Body: http.NoBody, Request: r}, nil
	})
	base, _ := url.Parse("https://api.example")
	g := &hostGuard{next: rec, foreign: rec, origins: map[originKey]bool{originOf(base): true}}
	req, _ := http.NewRequest(http.MethodPut, "https://storage.example/x", nil)
	for _, h := range credentialHeaders {
		req.Header.Set(h, "secret")
	}
	req.Header.Set("X-Amz-Acl", "public-read")
	_, err := g.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range credentialHeaders {
		if got.Get(h) != "" {
			t.Errorf("%s reached a foreign host", h)
		}
	}
	if got.Get("X-Amz-Acl") != "public-read" {
		t.Error("other headers must pass")
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestCredentialHeadersAreCanonical(t *testing.T) {
	for _, h := range credentialHeaders {
		if http.CanonicalHeaderKey(h) != h {
			t.Errorf("%q is not canonical", h)
		}
	}
	if http.CanonicalHeaderKey(SessionCookieName) != credentialHeaders[2] || http.CanonicalHeaderKey(SessionCookieName+"_exp") != credentialHeaders[3] {
		t.Error("the session headers must be the session cookie's name")
	}
}
