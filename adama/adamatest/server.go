// Package adamatest runs an in-process fake of the platform over real HTTP,
// as net/http/httptest does for net/http: OAuth token endpoint
// (authorization code with PKCE, refresh token, client credentials with a
// JSON body), the session endpoint and its adama_session cookie, bearer and
// cookie enforcement, the platform's error envelopes, and fault injection.
// Each API group's behaviour plugs in from its own package under
// internal/fake.
//
//	srv := adamatest.NewServer()
//	defer srv.Close()
//	client, err := adama.NewClient(srv.ClientOptions()...)
package adamatest

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/pkce"
	paths "github.com/adamasdk/adama-go/internal/route"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
	"github.com/adamasdk/adama-go/internal/fake/reportfake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Default credentials of a fake server.
const (
	DefaultClientID     = "test-client"
	DefaultClientSecret = "test-secret"
	DefaultAudience     = "https://firehose.example/api"
	DefaultRedirectURL  = "http://127.0.0.1/callback"
)

// Server is a running fake platform. {base_url}, {auth_url} and {byoa_url}
// are all its URL.
type Server struct {
	// URL is the server's base URL (http://127.0.0.1:port).
	URL string

	clientID, clientSecret, audience string
	tokenLifetime                    time.Duration
	entityCfg                        entityfake.Config
	reportCfg                        reportfake.Config
	routes                           []route

	ts  *httptest.Server
	mux *http.ServeMux

	mu       sync.Mutex
	tokens   map[string]time.Time // access token -> expiry
	refresh  map[string]bool
	codes    map[string]authCode
	sessions map[string]string // cookie -> token it was made with
	faults   []*fault
	errForms []errForm      // group error forms by path prefix
	stores   map[string]any // each group fake's state, by group name
	denied   []string
	latency  time.Duration
	requests []Request
	counts   map[string]int

	issued []string // every token and cookie handed out, for leak checks
	sink   *logSink

	sessionBootstraps atomic.Int64
	tokensIssued      atomic.Int64
}

type authCode struct {
	challenge, redirect string
}

type fault struct {
	prefix     string
	remaining  int
	status     int
	retryAfter string
	drop       bool
	applied    bool // handle the request, then drop its answer
}

// Request is a request the server received, for assertions.
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   []byte
}

// Option configures a Server.
type Option func(*Server)

// WithCredentials sets the client id and secret the server accepts.
func WithCredentials(clientID, clientSecret string) Option {
	return func(s *Server) { s.clientID, s.clientSecret = clientID, clientSecret }
}

// WithAudience sets the client-credentials audience the server accepts.
func WithAudience(aud string) Option { return func(s *Server) { s.audience = aud } }

// WithTokenLifetime sets expires_in of issued tokens (default 86400 s).
func WithTokenLifetime(d time.Duration) Option { return func(s *Server) { s.tokenLifetime = d } }

// WithLatency adds d before every response.
func WithLatency(d time.Duration) Option { return func(s *Server) { s.latency = d } }

// Auth says which credentials an extra route demands.
type Auth int

// Route authentication.
const (
	// RequireSession demands a valid bearer token and adama_session cookie.
	RequireSession Auth = iota
	// RequireBearer demands a valid bearer token.
	RequireBearer
	// Public demands nothing.
	Public
)

type route struct {
	pattern string
	auth    Auth
	h       http.Handler
}

// WithRoute serves h for a net/http ServeMux pattern ("GET /api/v2.0/x")
// behind auth, beside the platform's own routes: for endpoints the SDK
// does not wrap yet (called through adama.Client.Do) and for tests of
// hostile answers.
func WithRoute(pattern string, auth Auth, h http.Handler) Option {
	return func(s *Server) { s.routes = append(s.routes, route{pattern, auth, h}) }
}

// NewServer starts a fake platform on a loopback port. Close it when done.
func NewServer(opts ...Option) *Server {
	s := newServer(opts...)
	s.ts = httptest.NewServer(s)
	s.URL = s.ts.URL
	return s
}

// NewUnstartedServer returns a server that is not listening yet, for
// serving it from a listener of the caller's choice (see Handler).
func NewUnstartedServer(opts ...Option) *Server { return newServer(opts...) }

func newServer(opts ...Option) *Server {
	s := &Server{
		clientID: DefaultClientID, clientSecret: DefaultClientSecret, audience: DefaultAudience,
		tokenLifetime: 86400 * time.Second,
		mux:           http.NewServeMux(),
		tokens:        map[string]time.Time{},
		refresh:       map[string]bool{},
		codes:         map[string]authCode{},
		sessions:      map[string]string{},
		counts:        map[string]int{},
	}
	for _, o := range opts {
		o(s)
	}
	s.mux.HandleFunc("POST "+paths.Token, s.handleToken)
	s.mux.HandleFunc("GET "+paths.Authorize, s.handleAuthorize)
	reg := registrar{s}
	reg.Handle("GET "+paths.Session, fake.Public, http.HandlerFunc(s.handleSession))
	for _, g := range builtinGroups {
		g(reg)
	}
	for _, rt := range s.routes {
		reg.Handle(rt.pattern, [...]fake.Auth{fake.Session, fake.Bearer, fake.Public}[rt.auth], rt.h)
	}
	return s
}

// Serve serves the fake platform on l until l is closed, for standalone use
// (see examples/fakeserver). {base_url}, {auth_url} and {byoa_url} are all
// l's address. A server made by NewServer is already serving.
func (s *Server) Serve(l net.Listener) error {
	s.URL = "http://" + l.Addr().String()
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	return hs.Serve(l)
}

// Close shuts the server down.
func (s *Server) Close() {
	if s.ts != nil {
		s.ts.Close()
	}
}

// Client returns an *http.Client for the server (its transport is what
// ClientOptions passes to adama.WithHTTPClient).
func (s *Server) Client() *http.Client {
	if s.ts != nil {
		return s.ts.Client()
	}
	return http.DefaultClient
}

// ClientOptions returns the options that wire an adama.Client to the
// server: its URL as base, auth and BYOA URL, its HTTP client, the
// client-credentials grant with the server's credentials, and a retry
// policy with short waits suited to tests.
func (s *Server) ClientOptions() []adama.Option {
	opts := []adama.Option{
		adama.WithBaseURL(s.URL), adama.WithAuthURL(s.URL), adama.WithBYOAURL(s.URL),
		adama.WithHTTPClient(s.Client()),
		adama.WithClientCredentials(s.clientID, s.clientSecret, s.audience),
		adama.WithRetry(adama.RetryPolicy{MaxRetries: 3, MinWait: time.Millisecond, MaxWait: 20 * time.Millisecond, MaxRetryAfter: 5 * time.Second}),
	}
	if s.sink != nil {
		opts = append(opts, adama.WithLogger(s.debugLogger()))
	}
	return opts
}

// NewClient is adama.NewClient with ClientOptions and then opts.
func (s *Server) NewClient(opts ...adama.Option) (*adama.Client, error) {
	return adama.NewClient(append(s.ClientOptions(), opts...)...)
}

// ClientID returns the client id the server accepts.
func (s *Server) ClientID() string { return s.clientID }

// ClientSecret returns the client secret the server accepts.
func (s *Server) ClientSecret() string { return s.clientSecret }

// setStore keeps a group fake's state for its typed handle.
func (s *Server) setStore(group string, v any) {
	s.mu.Lock()
	if s.stores == nil {
		s.stores = map[string]any{}
	}
	s.stores[group] = v
	s.mu.Unlock()
}

// storeOf returns the state a group fake registered (the zero T when the
// group is not served).
func storeOf[T any](s *Server, group string) T {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, _ := s.stores[group].(T)
	return v
}

type errForm struct {
	prefix string
	write  fake.ErrorWriter
}

// registrar is what group fakes register with; it keeps the plumbing off
// Server's exported method set.
type registrar struct{ s *Server }

// serverOf returns the server behind a registrar (nil for another one).
func serverOf(r fake.Registrar) *Server {
	if reg, ok := r.(registrar); ok {
		return reg.s
	}
	return nil
}

// Handle implements fake.Registrar: it registers h behind auth.
func (r registrar) Handle(pattern string, auth fake.Auth, h http.Handler) {
	r.s.mux.Handle(pattern, r.s.authenticate(auth, h))
}

// Errors implements fake.ErrorRegistrar: fault injection and
// authentication answer paths under prefix in the group's error form.
func (r registrar) Errors(prefix string, ew fake.ErrorWriter) { r.s.errors(prefix, ew) }

func (s *Server) errors(prefix string, ew fake.ErrorWriter) {
	s.mu.Lock()
	s.errForms = append(s.errForms, errForm{prefix, ew})
	s.mu.Unlock()
}

// writeError answers in the error form of the group owning r's path (the
// longest registered prefix), or group A's form.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	s.mu.Lock()
	var best errForm
	for _, f := range s.errForms {
		if strings.HasPrefix(r.URL.Path, f.prefix) && len(f.prefix) > len(best.prefix) {
			best = f
		}
	}
	s.mu.Unlock()
	if best.write != nil {
		best.write(w, r, status, code, message)
		return
	}
	fake.WriteError(w, r, status, code, message)
}

// ServeHTTP applies latency and faults, records the request, and routes it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body := readBody(r)
	s.mu.Lock()
	lat := s.latency
	rec := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: body}
	if len(s.requests) >= 2000 {
		s.requests = s.requests[1:]
	}
	s.requests = append(s.requests, rec)
	s.counts[r.Method+" "+r.URL.Path]++
	var f *fault
	for i, x := range s.faults {
		if strings.HasPrefix(r.URL.Path, x.prefix) {
			f = x
			x.remaining--
			if x.remaining <= 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
			break
		}
	}
	s.mu.Unlock()
	if lat > 0 {
		select {
		case <-time.After(lat):
		case <-r.Context().Done():
			return
		}
	}
	if f != nil {
		if f.drop {
			if f.applied {
				s.mux.ServeHTTP(httptest.NewRecorder(), r)
			}
			if hj, ok := w.(http.Hijacker); ok {
				if conn, _, err := hj.Hijack(); err == nil {
					_ = conn.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		s.writeError(w, r, f.status, codeFor(f.status), "injected failure")
		return
	}
	s.mux.ServeHTTP(w, r)
}

func codeFor(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "invalid"
	case http.StatusUnauthorized:
		return "auth_required"
	case http.StatusForbidden:
		return "denied"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusConflict:
		return "conflict"
	}
	return "error"
}

// FailNext makes the next n requests whose path starts with pathPrefix
// ("" for any) fail with status and, if not empty, a Retry-After header.
func (s *Server) FailNext(pathPrefix string, n, status int, retryAfter string) {
	s.mu.Lock()
	s.faults = append(s.faults, &fault{prefix: pathPrefix, remaining: n, status: status, retryAfter: retryAfter})
	s.mu.Unlock()
}

// DropNext makes the next n requests whose path starts with pathPrefix
// lose their connection without a response.
func (s *Server) DropNext(pathPrefix string, n int) {
	s.mu.Lock()
	s.faults = append(s.faults, &fault{prefix: pathPrefix, remaining: n, drop: true})
	s.mu.Unlock()
}

// LoseAnswerNext makes the next n requests whose path starts with
// pathPrefix take effect and then lose their answer: the server handles
// the request as usual, then closes the connection without replying. A
// client cannot tell whether such a request was applied.
func (s *Server) LoseAnswerNext(pathPrefix string, n int) {
	s.mu.Lock()
	s.faults = append(s.faults, &fault{prefix: pathPrefix, remaining: n, drop: true, applied: true})
	s.mu.Unlock()
}

// SetTokenLifetime sets expires_in of the tokens issued from now on, as
// WithTokenLifetime does for a new server.
func (s *Server) SetTokenLifetime(d time.Duration) {
	s.mu.Lock()
	s.tokenLifetime = d
	s.mu.Unlock()
}

// SetLatency sets the delay added before every response.
func (s *Server) SetLatency(d time.Duration) {
	s.mu.Lock()
	s.latency = d
	s.mu.Unlock()
}

// Deny makes requests whose path starts with pathPrefix answer 403.
func (s *Server) Deny(pathPrefix string) {
	s.mu.Lock()
	s.denied = append(s.denied, pathPrefix)
	s.mu.Unlock()
}

// RevokeTokens invalidates every issued access token (not refresh tokens)
// and every session, as when they expire server-side.
func (s *Server) RevokeTokens() {
	s.mu.Lock()
	clear(s.tokens)
	clear(s.sessions)
	s.mu.Unlock()
}

// Requests returns the requests received so far (the last 2000).
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	copy(out, s.requests)
	return out
}

// ResetRequests forgets the recorded requests and counts.
func (s *Server) ResetRequests() {
	s.mu.Lock()
	s.requests = nil
	clear(s.counts)
	s.mu.Unlock()
}

// Count returns how many requests "METHOD /path" received.
func (s *Server) Count(methodAndPath string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[methodAndPath]
}

// Counts returns a copy of all request counts by "METHOD /path".
func (s *Server) Counts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.counts)
}

// SessionBootstraps returns how many sessions were created.
func (s *Server) SessionBootstraps() int { return int(s.sessionBootstraps.Load()) }

// IssueToken issues an access token directly, for tests that use
// adama.WithToken.
func (s *Server) IssueToken() string {
	tok := "at_" + random()
	s.mu.Lock()
	s.tokens[tok] = time.Now().Add(s.tokenLifetime)
	s.issued = append(s.issued, tok)
	s.mu.Unlock()
	return tok
}

// authenticate enforces bearer and cookie: 401 without valid credentials,
// 403 for a denied path.
func (s *Server) authenticate(auth fake.Auth, h http.Handler) http.Handler {
	if auth == fake.Public {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bearer, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		cookie := ""
		if c, err := r.Cookie(adama.SessionCookieName); err == nil {
			cookie = c.Value
		} else if h := r.Header.Get(adama.SessionCookieName); h != "" {
			cookie = h // the custom algorithm interface takes the session as a header too
		}
		now := time.Now()
		s.mu.Lock()
		exp, tokOK := s.tokens[bearer]
		tokOK = tokOK && hasBearer && now.Before(exp)
		_, sessOK := s.sessions[cookie]
		var denied bool
		for _, p := range s.denied {
			denied = denied || strings.HasPrefix(r.URL.Path, p)
		}
		s.mu.Unlock()
		switch {
		case auth == fake.Bearer && !tokOK:
			s.writeError(w, r, http.StatusUnauthorized, "auth_required", "a valid bearer token is required")
			return
		case auth == fake.Session && hasBearer && !tokOK:
			s.writeError(w, r, http.StatusUnauthorized, "auth_required", "the bearer token is invalid or expired")
			return
		case auth == fake.Session && !sessOK:
			s.writeError(w, r, http.StatusUnauthorized, "auth_required", "a valid "+adama.SessionCookieName+" cookie is required")
			return
		case denied:
			s.writeError(w, r, http.StatusForbidden, "denied", "insufficient permissions")
			return
		}
		h.ServeHTTP(w, r)
	})
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	bearer, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	oldCookie := ""
	if c, err := r.Cookie(adama.SessionCookieName); err == nil {
		oldCookie = c.Value
	}
	s.mu.Lock()
	exp, tokOK := s.tokens[bearer]
	tokOK = tokOK && hasBearer && time.Now().Before(exp)
	_, sessOK := s.sessions[oldCookie]
	denied := false
	for _, p := range s.denied {
		denied = denied || strings.HasPrefix(r.URL.Path, p)
	}
	s.mu.Unlock()
	if denied {
		s.writeError(w, r, http.StatusForbidden, "denied", "insufficient permissions")
		return
	}
	if !tokOK && !(sessOK && !hasBearer) {
		// The platform also takes a session cookie alone (deprecated).
		s.writeError(w, r, http.StatusUnauthorized, "auth_required", "a valid bearer token is required")
		return
	}
	cookie := oldCookie
	if tokOK {
		cookie = "sess_" + random()
		s.mu.Lock()
		s.sessions[cookie] = bearer
		s.issued = append(s.issued, cookie)
		s.mu.Unlock()
		s.sessionBootstraps.Add(1)
		http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: cookie, Path: "/", HttpOnly: true})
	}
	// The platform's shape: the user, and the session with an expiry that
	// carries no zone.
	now := time.Now().UTC()
	expires := now.Add(time.Hour).Format(sessionTimeLayout)
	if fake.WantsXML(r) {
		writeXMLSession(w, now, cookie, expires)
		return
	}
	wire.WriteJSON(w, http.StatusOK, wire.Meta{}, map[string]any{"id": 1, "name": "test.user", "entity_type": "user",
		"session": map[string]any{"sessionid": cookie, "expires": expires}})
}

// sessionTimeLayout is the session answer's date form: no zone (UTC).
const sessionTimeLayout = "2006-01-02T15:04:05"

// xmlSession is the session answer in XML as the platform writes it: the
// user entity, then a sibling session element (current_time, expires,
// sessionid), then the status:
//
//	<result><entity name id type/><session current_time expires sessionid/><status code="ok"/></result>
type xmlSession struct {
	XMLName  xml.Name `xml:"result"`
	CalledOn string   `xml:"called_on,attr,omitempty"`
	Entity   struct {
		Name string `xml:"name,attr"`
		ID   string `xml:"id,attr"`
		Type string `xml:"type,attr"`
	} `xml:"entity"`
	Session struct {
		CurrentTime string `xml:"current_time,attr"`
		Expires     string `xml:"expires,attr"`
		SessionID   string `xml:"sessionid,attr"`
	} `xml:"session"`
	Status struct {
		Code string `xml:"code,attr"`
	} `xml:"status"`
}

func writeXMLSession(w http.ResponseWriter, now time.Time, cookie, expires string) {
	var res xmlSession
	res.CalledOn = now.Format(wirefmt.TimeLayout)
	res.Entity.Name, res.Entity.ID, res.Entity.Type = "test.user", "1", "user"
	res.Session.CurrentTime, res.Session.Expires, res.Session.SessionID = now.Format(sessionTimeLayout), expires, cookie
	res.Status.Code = "ok"
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, xml.Header)
	_ = xml.NewEncoder(w).Encode(&res)
}

func (s *Server) handleAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirect, err := url.Parse(q.Get("redirect_uri"))
	switch {
	case q.Get("response_type") != "code":
		fake.WriteError(w, r, http.StatusBadRequest, "unsupported_response_type", "response_type must be code")
		return
	case q.Get("client_id") != s.clientID:
		fake.WriteError(w, r, http.StatusBadRequest, "invalid_client", "unknown client_id")
		return
	case err != nil || redirect.Scheme == "":
		fake.WriteError(w, r, http.StatusBadRequest, "invalid_request", "redirect_uri is required")
		return
	case q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256":
		fake.WriteError(w, r, http.StatusBadRequest, "invalid_request", "PKCE with code_challenge_method S256 is required")
		return
	}
	code := "code_" + random()
	s.mu.Lock()
	s.codes[code] = authCode{challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri")}
	s.mu.Unlock()
	rq := redirect.Query()
	rq.Set("code", code)
	if st := q.Get("state"); st != "" {
		rq.Set("state", st)
	}
	redirect.RawQuery = rq.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

type tokenReply struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token,omitempty"`
	ExpiresIn    int64  `json:"expires_in"`
	TokenType    string `json:"token_type"`
}

func oauthError(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
}

func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) {
	if media.IsJSON(media.MediaType(r.Header.Get("Content-Type"))) {
		var req struct {
			Audience     string `json:"audience"`
			GrantType    string `json:"grant_type"`
			ClientID     string `json:"client_id"`
			ClientSecret string `json:"client_secret"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
			oauthError(w, http.StatusBadRequest, "invalid_request", "malformed JSON body")
			return
		}
		switch {
		case req.GrantType != "client_credentials":
			oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "JSON bodies carry the client_credentials grant")
		case req.ClientID != s.clientID || req.ClientSecret != s.clientSecret:
			oauthError(w, http.StatusUnauthorized, "invalid_client", "unknown client or wrong secret")
		case s.audience != "" && req.Audience != s.audience:
			oauthError(w, http.StatusForbidden, "access_denied", "unknown audience")
		default:
			s.writeToken(w, false)
		}
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "malformed form body")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != s.clientID || secret != s.clientSecret {
		oauthError(w, http.StatusUnauthorized, "invalid_client", "unknown client or wrong secret")
		return
	}
	switch r.PostForm.Get("grant_type") {
	case "authorization_code":
		code := r.PostForm.Get("code")
		s.mu.Lock()
		ac, found := s.codes[code]
		delete(s.codes, code)
		s.mu.Unlock()
		switch {
		case !found:
			oauthError(w, http.StatusBadRequest, "invalid_grant", "unknown or used code")
		case ac.redirect != r.PostForm.Get("redirect_uri"):
			oauthError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri does not match")
		case pkce.S256(r.PostForm.Get("code_verifier")) != ac.challenge:
			oauthError(w, http.StatusBadRequest, "invalid_grant", "PKCE verification failed")
		default:
			s.writeToken(w, true)
		}
	case "refresh_token":
		rt := r.PostForm.Get("refresh_token")
		s.mu.Lock()
		ok := s.refresh[rt]
		s.mu.Unlock()
		if !ok {
			oauthError(w, http.StatusBadRequest, "invalid_grant", "unknown refresh token")
			return
		}
		s.writeToken(w, true)
	case "client_credentials":
		oauthError(w, http.StatusBadRequest, "invalid_request", "the client_credentials grant takes a JSON body")
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "unsupported grant_type")
	}
}

func (s *Server) writeToken(w http.ResponseWriter, withRefresh bool) {
	s.mu.Lock()
	rep := tokenReply{AccessToken: "at_" + random(), ExpiresIn: int64(s.tokenLifetime / time.Second), TokenType: "Bearer"}
	s.tokens[rep.AccessToken] = time.Now().Add(s.tokenLifetime)
	s.issued = append(s.issued, rep.AccessToken)
	if withRefresh {
		rep.RefreshToken = "rt_" + random()
		s.refresh[rep.RefreshToken] = true
		s.issued = append(s.issued, rep.RefreshToken)
	}
	s.mu.Unlock()
	s.tokensIssued.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(rep)
}

// TokensIssued returns how many access tokens the server issued.
func (s *Server) TokensIssued() int { return int(s.tokensIssued.Load()) }

func random() string {
	var b [18]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
