package adama

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/adamasdk/adama-go/internal/errbody"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/route"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/oauth2"
)

// Version is the SDK version sent in the User-Agent header.
const Version = "0.1.0"

// SessionCookieName is the platform's session cookie.
const SessionCookieName = "adama_session"

// Host names one of the platform's servers, for a Request.
type Host int

// The platform's servers.
const (
	// HostBase is {base_url}, the main API host.
	HostBase Host = iota
	// HostAuth is {auth_url}, the authorisation server.
	HostAuth
	// HostBYOA is {byoa_url}, the custom algorithm interface.
	HostBYOA
)

// AuthMode says which credentials a Request carries.
type AuthMode int

// Authentication modes.
const (
	// AuthSession sends the bearer token of the token source (WithTokenSource,
	// WithToken) and the adama_session cookie (groups A, C, E, F, H and
	// component creatives).
	AuthSession AuthMode = iota
	// AuthBearer sends only the token source's bearer token (groups B, D
	// video).
	AuthBearer
	// AuthNone sends no credentials.
	AuthNone
	// AuthSessionHeaders is AuthSession plus the session in the
	// adama_session and adama_session_exp request headers, as the custom
	// algorithm interface (group H) takes it. Like the cookie, the headers
	// go only to the platform's own hosts.
	AuthSessionHeaders
	// AuthClientCredentials sends only the bearer token of the
	// client-credentials grant (group G, WithClientCredentials).
	AuthClientCredentials
)

// Request is one API call sent by Client.Do: built by a group package, or
// by a caller reaching an endpoint the SDK does not cover yet.
type Request struct {
	// Method is the HTTP method.
	Method string
	// Host is the server the path is on. Ignored when URL is set.
	Host Host
	// Path is the absolute path on Host ("/api/v2.0/advertisers/7").
	Path string
	// URL is an absolute URL to call instead of Host and Path, such as a
	// pre-signed upload URL. Credentials are sent only when its host is one
	// of the platform's own.
	URL string
	// Query is appended to the URL.
	Query url.Values
	// Body is the request body; it is replayed on retries.
	Body []byte
	// ContentType is the body's media type.
	ContentType string
	// Accept is the Accept header; empty means application/json.
	Accept string
	// Header holds extra headers.
	Header http.Header
	// Auth selects the credentials sent.
	Auth AuthMode
	// Idempotent marks a POST safe to retry (a list, validate or analytics
	// POST that only reads). GET, HEAD, PUT and DELETE always are.
	Idempotent bool
	// Creates marks a PUT (or DELETE) that creates something, such as a
	// bulk create: like a creating POST it is not retried once it may have
	// reached the server, and a lost answer is ErrOutcomeUnknown.
	// WithIdempotent overrides it.
	Creates bool
	// BodyFunc, when set, supplies the body instead of Body: it is called
	// once per attempt (a retry starts the body again), so a large file is
	// streamed and never held in memory. ContentLength gives its size
	// (-1 when unknown, sent chunked).
	BodyFunc      func() (io.Reader, error)
	ContentLength int64
	// Stream marks an answer read as a stream (a CSV report): the client's
	// whole-body limit (WithMaxResponseBytes) does not apply; the stream's
	// reader bounds each line or record instead.
	Stream bool
}

// RequestOption adjusts one call.
type RequestOption func(*callOptions)

type callOptions struct {
	header     http.Header
	maxRetries int
	idempotent bool
	timeout    time.Duration
	response   **http.Response
}

// WithHeader adds a header to the call.
func WithHeader(key, value string) RequestOption {
	return func(o *callOptions) {
		if o.header == nil {
			o.header = http.Header{}
		}
		o.header.Add(key, value)
	}
}

// WithIdempotent marks the call safe to retry even when it creates or
// updates something (the caller knows a replay does no harm).
func WithIdempotent() RequestOption { return func(o *callOptions) { o.idempotent = true } }

// WithCallRetries sets the retry count for this call only.
func WithCallRetries(n int) RequestOption {
	return func(o *callOptions) {
		if n >= 0 && n <= 20 {
			o.maxRetries = n
		}
	}
}

// WithTimeout bounds the whole call, retries included.
func WithTimeout(d time.Duration) RequestOption { return func(o *callOptions) { o.timeout = d } }

// WithResponse captures the final raw HTTP response (its body already
// consumed) for inspection of headers and status.
func WithResponse(dst **http.Response) RequestOption {
	return func(o *callOptions) { o.response = dst }
}

// Client talks to the platform. It is safe for concurrent use; create one
// and share it, and Close it when done. Printing a Client with fmt shows
// its hosts and which credentials it holds, never the credentials.
type Client struct {
	cfg     config
	base    *url.URL
	auth    *url.URL // nil without WithAuthURL
	byoa    *url.URL // nil without WithBYOAURL
	origins map[originKey]bool
	rc      *retryablehttp.Client
	gate    *gate
	// opaqueTransport: the caller's Transport is not an *http.Transport and
	// might add headers below the client.
	opaqueTransport bool
	tokens          *renewableSource // the token source's (AuthBearer, AuthSession)
	ccTokens        *renewableSource // the client-credentials grant's
	log             *slog.Logger
	secrets         []string

	life  context.Context // ends at Close
	close context.CancelFunc
	wg    sync.WaitGroup // auth fetches in flight

	sessMu  sync.Mutex
	cookie  string
	sessExp string // the session's expiry as the platform sent it
	sflight *sessionFlight

	// Header values made once and shared by every request (net/http only
	// reads them).
	uaHeader, jsonAccept []string
	cookieHdr            atomic.Pointer[cookieValue]
	authHdr              atomic.Pointer[authValue]
}

// NewClient returns a client configured by opts. Without WithBaseURL the
// client has no platform to talk to and NewClient fails. {auth_url} and
// {byoa_url} have no default: a call that needs one the client was not
// given fails with an error naming the option.
func NewClient(opts ...Option) (*Client, error) {
	cfg := config{retry: DefaultRetryPolicy(), maxResponseBytes: DefaultMaxResponseBytes}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.baseURL == "" {
		return nil, errors.New("adama: NewClient: a base URL is required (WithBaseURL or WithEnv)")
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.DiscardHandler)
	}
	if cfg.userAgent == "" {
		cfg.userAgent = "adama-go/" + Version
	}
	c := &Client{cfg: cfg, log: cfg.logger, origins: map[originKey]bool{},
		uaHeader: []string{cfg.userAgent}, jsonAccept: []string{"application/json"}}
	c.life, c.close = context.WithCancel(context.Background())
	c.base, _ = url.Parse(cfg.baseURL)
	c.origins[originOf(c.base)] = true
	if cfg.authURL != "" {
		c.auth, _ = url.Parse(cfg.authURL)
		c.origins[originOf(c.auth)] = true
	}
	if cfg.byoaURL != "" {
		c.byoa, _ = url.Parse(cfg.byoaURL)
		c.origins[originOf(c.byoa)] = true
	}
	cfg.httpClient, cfg.tokenSource = unwrapOAuth2(cfg.httpClient, cfg.tokenSource)
	c.cfg = cfg
	if rt, _ := baseTransport(cfg.httpClient); rt != http.DefaultTransport {
		_, std := rt.(*http.Transport)
		c.opaqueTransport = !std
	}
	c.rc = c.newRetryClient(cfg.httpClient)
	if cfg.cc != nil {
		tokenURL := ""
		if cfg.authURL != "" {
			tokenURL = cfg.authURL + route.Token
		}
		c.ccTokens = &renewableSource{life: c.life, wg: &c.wg, src: &ccSource{
			hc: tokenHTTPClient(cfg.httpClient, cfg.retry), url: tokenURL, creds: *cfg.cc,
		}}
		c.secrets = append(c.secrets, cfg.cc.clientSecret)
	}
	if cfg.tokenSource != nil {
		c.tokens = &renewableSource{life: c.life, wg: &c.wg, src: cfg.tokenSource}
	}
	if cfg.sessionCookie != "" {
		c.cookie = cfg.sessionCookie
		c.secrets = append(c.secrets, cfg.sessionCookie)
	}
	return c, nil
}

// Close cancels the token fetches and session bootstrap in flight and
// waits for them to end; later calls that need new credentials fail. It
// does not wait for a caller's oauth2.TokenSource, which takes no context.
// Close is safe to call more than once.
func (c *Client) Close() error {
	c.close()
	c.wg.Wait()
	return nil
}

// String describes the client without its credentials.
func (c *Client) String() string {
	if c == nil {
		return "adama.Client(nil)"
	}
	var grants []string
	if c.tokens != nil {
		grants = append(grants, "token source")
	}
	if c.ccTokens != nil {
		grants = append(grants, "client credentials (client_id "+strconv.Quote(c.cfg.cc.clientID)+")")
	}
	if c.cfg.sessionCookie != "" {
		grants = append(grants, "session cookie")
	}
	if len(grants) == 0 {
		grants = append(grants, "none")
	}
	return fmt.Sprintf("adama.Client{base: %q, auth: %q, byoa: %q, credentials: %s}",
		c.cfg.baseURL, c.cfg.authURL, c.cfg.byoaURL, strings.Join(grants, ", "))
}

// GoString is String: %#v never shows credentials either.
func (c *Client) GoString() string { return c.String() }

// unwrapOAuth2 takes x/oauth2's Transport out of a caller's HTTP client:
// it sets the bearer on every request, redirects to foreign hosts
// included, below the client's host guard. Its token source becomes the
// client's (unless one was given) and its base transport carries requests.
func unwrapOAuth2(hc *http.Client, ts oauth2.TokenSource) (*http.Client, oauth2.TokenSource) {
	if hc == nil {
		return nil, ts
	}
	ot, ok := hc.Transport.(*oauth2.Transport)
	if !ok {
		return hc, ts
	}
	cp := *hc
	cp.Transport = ot.Base
	if ts == nil {
		ts = ot.Source
	}
	return &cp, ts
}

// BaseURL returns {base_url}.
func (c *Client) BaseURL() string { return c.cfg.baseURL }

// AuthURL returns {auth_url}, or "" when it was not configured.
func (c *Client) AuthURL() string { return c.cfg.authURL }

// BYOAURL returns {byoa_url}, or "" when it was not configured.
func (c *Client) BYOAURL() string { return c.cfg.byoaURL }

// Token returns the current bearer token of the token source (or, for a
// client given only client credentials, of that grant), obtaining one if
// needed.
func (c *Client) Token(ctx context.Context) (*oauth2.Token, error) {
	src := c.tokens
	if src == nil {
		src = c.ccTokens
	}
	if src == nil {
		return nil, notConfigured("", "", "the client has no token source: give WithTokenSource, WithToken or WithClientCredentials")
	}
	t, err := src.token(ctx)
	return t, c.scrubError(err)
}

// hostURL returns the configured URL of h, or an error naming the option
// that sets it.
func (c *Client) hostURL(h Host, method, path string) (*url.URL, error) {
	switch h {
	case HostAuth:
		if c.auth == nil {
			return nil, notConfigured(method, path, "the call is on {auth_url}, which was not configured: give WithAuthURL")
		}
		return c.auth, nil
	case HostBYOA:
		if c.byoa == nil {
			return nil, notConfigured(method, path, "the call is on {byoa_url}, which was not configured: give WithBYOAURL")
		}
		return c.byoa, nil
	}
	return c.base, nil
}

// isPlatform reports whether credentials may be sent to u: its scheme and
// host are one of the configured platform URLs'.
func (c *Client) isPlatform(u *url.URL) bool { return c.origins[originOf(u)] }

func (c *Client) requestURL(r *Request, method string) (*url.URL, error) {
	var u *url.URL
	if r.URL != "" {
		p, err := url.Parse(r.URL)
		if err != nil || p.Host == "" {
			return nil, fmt.Errorf("adama: request URL %q is not absolute", truncate(r.URL, 80))
		}
		u = p
	} else {
		b, err := c.hostURL(r.Host, method, r.Path)
		if err != nil {
			return nil, err
		}
		u = &url.URL{Scheme: b.Scheme, Host: b.Host, Path: b.Path + r.Path}
		if b.RawPath != "" || strings.Contains(r.Path, "%") {
			u.RawPath = b.EscapedPath() + r.Path
			if p, err := url.PathUnescape(u.RawPath); err == nil {
				u.Path = p
			}
		}
	}
	if len(r.Query) > 0 {
		q := r.Query.Encode()
		if u.RawQuery != "" {
			u.RawQuery += "&" + q
		} else {
			u.RawQuery = q
		}
	}
	return u, nil
}

// Do sends r and returns the 2xx response with its body unread; the caller
// closes it. Do is the documented escape hatch for calls the SDK does not
// cover yet: the group packages wrap every endpoint they know, and an
// endpoint none of them wraps (a new one, or one the SDK leaves out) is
// reached with Do, naming the server (Host), the absolute path and the
// credentials (AuthMode) in a Request. The call gets the client's whole
// stack (authentication, session, retries, logging, the response size
// limit); reading the answer's body is the caller's. Any other outcome is
// an error: *Error for a server error (the final one after retries) or a
// transport failure (ErrTransport, ErrOutcomeUnknown), *ValidationError,
// or the context's error.
//
// A 401 on an authenticated call is answered once: with a new session for
// AuthSession (the token is renewed only if the session bootstrap refuses
// it), with a new token otherwise; then the call is replayed once. A 401
// to a token that another call has renewed meanwhile is replayed with the
// new token and renews nothing, so concurrent calls meeting one expiry
// share one token renewal and one session bootstrap.
//
// Unless r.Stream is set, reading more than the client's
// WithMaxResponseBytes from the body fails with an *Error matching
// ErrTooLarge.
func (c *Client) Do(ctx context.Context, r *Request, opts ...RequestOption) (*http.Response, error) {
	co := callOptions{maxRetries: c.cfg.retry.MaxRetries}
	for _, o := range opts {
		o(&co)
	}
	var cancel context.CancelFunc
	if co.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, co.timeout)
	}
	resp, err := c.do(ctx, r, &co)
	if cancel != nil {
		if err != nil {
			cancel()
		} else {
			resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
		}
	}
	return resp, err
}

type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error { err := b.ReadCloser.Close(); b.cancel(); return err }

// errAlienAuth: the HTTP client given with WithHTTPClient set an
// Authorization header the SDK did not, so its answer is not the call's.
var errAlienAuth = errors.New("the Transport of the HTTP client given with WithHTTPClient set its own Authorization header (a wrapped oauth2.Transport?); give a client without credentials and the token source with WithTokenSource")

// limitedBody fails a read past max bytes (counted after decompression).
type limitedBody struct {
	io.ReadCloser
	n, max       int64
	method, path string
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.n > b.max {
		return 0, b.tooLarge()
	}
	if room := b.max - b.n + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	if b.n > b.max {
		return n - int(b.n-b.max), b.tooLarge()
	}
	return n, err
}

func (b *limitedBody) tooLarge() error {
	return &Error{Code: CodeBodyTooLarge, Method: b.method, Path: b.path,
		Message: "the response body is larger than the client's limit of " + strconv.FormatInt(b.max, 10) + " bytes (WithMaxResponseBytes)"}
}

// source returns the token source a call in mode uses; nil with a nil error
// for a cookie-only session.
func (c *Client) source(mode AuthMode, method, path string) (*renewableSource, error) {
	switch mode {
	case AuthClientCredentials:
		if c.ccTokens == nil {
			return nil, notConfigured(method, path, "the call needs the client-credentials grant: give WithClientCredentials")
		}
		return c.ccTokens, nil
	case AuthBearer, AuthSession, AuthSessionHeaders:
		switch {
		case c.tokens != nil:
			return c.tokens, nil
		case c.ccTokens != nil:
			return c.ccTokens, nil
		case mode != AuthBearer && c.cfg.sessionCookie != "":
			return nil, nil
		}
		return nil, notConfigured(method, path, "the call needs a bearer token: give WithTokenSource or WithToken")
	}
	return nil, nil
}

func (c *Client) do(ctx context.Context, r *Request, co *callOptions) (*http.Response, error) {
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	u, err := c.requestURL(r, method)
	if err != nil {
		return nil, err
	}
	creds := r.Auth != AuthNone && c.isPlatform(u)
	var src *renewableSource
	if creds {
		if src, err = c.source(r.Auth, method, u.Path); err != nil {
			return nil, err
		}
	}
	st := &attemptState{
		idempotent: co.idempotent || r.Idempotent || (idempotentMethod(method) && !r.Creates),
		maxRetries: co.maxRetries,
		policy:     c.cfg.retry,
	}
	// The trace costs allocations, so it is installed only where it tells
	// something: whether a non-idempotent request got a connection, and
	// whether a caller's wrapping Transport wrote an Authorization header.
	var sentAuth *atomic.Pointer[string] // the Authorization this client set on the attempt
	if c.opaqueTransport {
		sentAuth = new(atomic.Pointer[string])
	}
	if !st.idempotent || c.opaqueTransport {
		trace := &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) { st.gotConn.Store(true) }}
		if c.opaqueTransport {
			trace.WroteHeaderField = func(key string, value []string) {
				if want := sentAuth.Load(); want != nil && http.CanonicalHeaderKey(key) == "Authorization" && (len(value) != 1 || value[0] != *want) {
					st.alienAuth.Store(true) // a RoundTripper below the client set credentials of its own
				}
			}
		}
		ctx = httptrace.WithClientTrace(ctx, trace)
	}
	replayed, tokenRenewed := false, false
	staleReplays := 0 // replays after a 401 to a token renewed meanwhile
	for {
		var tok *oauth2.Token
		var cookie string
		if creds {
			tok, cookie, err = c.credentials(ctx, r.Auth, src)
			if err != nil {
				var ae *Error
				if src != nil && tok != nil && errors.As(err, &ae) && ae.StatusCode == http.StatusUnauthorized {
					switch {
					case src.replaced(tok) && staleReplays < 2:
						// The bootstrap joined was made with a token
						// renewed since: try again with the new one.
						staleReplays++
						continue
					case !tokenRenewed:
						// The session bootstrap refused the token: renew it.
						src.invalidate(tok)
						tokenRenewed = true
						continue
					}
				}
				if !errors.As(err, &ae) {
					err = fmt.Errorf("adama: %s %s: credentials: %w", method, u.Path, err)
				}
				return nil, c.scrubError(err)
			}
		}
		// The request is built from the URL already made (no second parse).
		hreq := (&http.Request{Method: method, URL: u, Host: u.Host, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: make(http.Header, 6)}).WithContext(context.WithValue(ctx, stateKey{}, st))
		req, err := retryablehttp.FromRequest(hreq)
		if err != nil {
			return nil, err
		}
		if err := req.SetBody(bodyOf(r)); err != nil {
			return nil, err
		}
		if r.BodyFunc != nil {
			req.ContentLength = r.ContentLength
		}
		req.Header["User-Agent"] = c.uaHeader
		accept := r.Accept
		if accept == "" || accept == "application/json" {
			accept = "application/json" // every call's default; groups A and C offer XML per group
			req.Header["Accept"] = c.jsonAccept
		} else {
			req.Header.Set("Accept", accept)
		}
		if r.ContentType != "" {
			req.Header.Set("Content-Type", r.ContentType)
		}
		for k, vs := range r.Header {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		for k, vs := range co.header {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		// Credentials are set last so that no header given with the call
		// replaces or adds to them.
		for _, h := range credentialHeaders {
			delete(req.Header, h)
		}
		if tok != nil {
			req.Header["Authorization"] = c.authHeader(tok)
		}
		if cookie != "" {
			req.Header["Cookie"] = c.cookieHeader(cookie)
			if r.Auth == AuthSessionHeaders {
				req.Header.Set(SessionCookieName, cookie)
				if exp := c.sessionExpiry(); exp != "" {
					req.Header.Set(SessionCookieName+"_exp", exp)
				}
			}
		}
		if c.opaqueTransport {
			auth := req.Header.Get("Authorization")
			sentAuth.Store(&auth)
		}
		start := time.Now()
		resp, err := c.rc.Do(req)
		if st.alienAuth.Load() {
			if err == nil {
				drain(resp.Body)
			}
			return nil, &Error{Code: CodeTransport, Method: method, Path: u.Path, Attempts: st.attempts, Err: errAlienAuth, Message: errAlienAuth.Error()}
		}
		if err != nil {
			c.log.DebugContext(ctx, "adama request failed", "method", method, "path", u.Path, "attempts", st.attempts, "duration", time.Since(start), "error", c.scrub(scrubErr(err).Error()))
			return nil, c.failure(ctx, err, method, u.Path, st)
		}
		if c.debug(ctx) {
			c.log.DebugContext(ctx, "adama request", "method", method, "path", u.Path, "status", resp.StatusCode, "attempts", st.attempts, "duration", time.Since(start))
		}
		if resp.StatusCode == http.StatusUnauthorized && creds && src != nil && c.renewAfter401(r.Auth, src, tok, cookie, &replayed, &staleReplays) {
			drain(resp.Body)
			c.log.DebugContext(ctx, "adama renewing credentials after 401", "method", method, "path", u.Path)
			continue
		}
		if co.response != nil {
			*co.response = resp
		}
		if resp.StatusCode/100 != 2 || unexpectedHTML(resp, accept) {
			e := errorOf(errbody.Read(resp))
			if resp.StatusCode/100 == 2 && e.StatusCode/100 == 2 {
				e.Code = CodeUnexpectedContent
			}
			e.Method, e.Path, e.Attempts = method, u.Path, st.attempts
			return nil, c.scrubError(e)
		}
		if !r.Stream {
			resp.Body = &limitedBody{ReadCloser: resp.Body, max: c.cfg.maxResponseBytes, method: method, path: u.Path}
		}
		return resp, nil
	}
}

// renewAfter401 decides what a 401 to a call sent with tok (and, for a
// session call, cookie) renews, and reports whether the call is replayed.
// A token renewed (or refused) since the call took it is the refusal's
// cause: the call is replayed with the new one and the session stays (at
// most twice). Otherwise, once per call: a session call gets a new session
// (whose bootstrap tells whether the token is still good), any other call
// a new token.
func (c *Client) renewAfter401(mode AuthMode, src *renewableSource, tok *oauth2.Token, cookie string, replayed *bool, staleReplays *int) bool {
	switch {
	case !src.isCurrent(tok) && *staleReplays < 2:
		*staleReplays++
	case *replayed:
		return false
	case mode == AuthSession || mode == AuthSessionHeaders:
		*replayed = true
		c.resetSession(cookie)
	default:
		*replayed = true
		src.invalidate(tok)
	}
	return true
}

// failure turns an error from sending into the call's error: the context's
// error when it ended (an *Error matching ErrOutcomeUnknown when a
// non-idempotent request may have reached the server), otherwise an
// *Error matching ErrTransport.
func (c *Client) failure(ctx context.Context, err error, method, path string, st *attemptState) error {
	if ctx.Err() != nil || errors.Is(err, errWaitPastDeadline) {
		if ctx.Err() == nil {
			return fmt.Errorf("adama: %s %s: %w", method, path, err)
		}
		if !st.idempotent && st.gotConn.Load() {
			e := transportError(method, path, ctx.Err(), true)
			e.Attempts = st.attempts
			return e
		}
		return fmt.Errorf("adama: %s %s: %w", method, path, ctx.Err())
	}
	e := transportError(method, path, err, !st.idempotent && !notSent(err))
	e.Attempts = st.attempts
	return c.scrubError(e)
}

// CodeUnexpectedContent is the Error code of a 2xx answer carrying an HTML
// page where data was asked for (a gateway or login page).
const CodeUnexpectedContent = "unexpected_content"

// unexpectedHTML reports a 2xx HTML page answering a request for data.
func unexpectedHTML(resp *http.Response, accept string) bool {
	ct := resp.Header.Get("Content-Type")
	if len(ct) < 9 || !strings.EqualFold(strings.TrimSpace(ct)[:min(9, len(strings.TrimSpace(ct)))], "text/html") {
		return false // the common case, decided without parsing
	}
	return media.MediaType(ct) == "text/html" && !strings.Contains(accept, "html")
}

// debug reports whether debug records are kept, so that a discarded
// record costs no allocations.
func (c *Client) debug(ctx context.Context) bool { return c.log.Enabled(ctx, slog.LevelDebug) }

// cookieHeader returns the Cookie header value for the session cookie,
// made once per session.
func (c *Client) cookieHeader(cookie string) []string {
	if v := c.cookieHdr.Load(); v != nil && v.cookie == cookie {
		return v.header
	}
	v := &cookieValue{cookie: cookie, header: []string{SessionCookieName + "=" + cookie}}
	c.cookieHdr.Store(v)
	return v.header
}

// authHeader returns the Authorization header for tok, made once per
// token: what tok.SetAuthHeader writes.
func (c *Client) authHeader(tok *oauth2.Token) []string {
	if v := c.authHdr.Load(); v != nil && v.typ == tok.TokenType && v.access == tok.AccessToken {
		return v.header
	}
	v := &authValue{typ: tok.TokenType, access: tok.AccessToken, header: []string{tok.Type() + " " + tok.AccessToken}}
	c.authHdr.Store(v)
	return v.header
}

type authValue struct {
	typ, access string
	header      []string
}

type cookieValue struct {
	cookie string
	header []string
}

func bodyOf(r *Request) any {
	if r.BodyFunc != nil {
		return retryablehttp.ReaderFunc(r.BodyFunc)
	}
	if r.Body == nil {
		return nil
	}
	return bytes.NewReader(r.Body)
}

func drain(rc io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(rc, 64<<10))
	_ = rc.Close()
}

// credentials returns src's bearer token and, for AuthSession, the session
// cookie, bootstrapping the session if needed. When the bootstrap fails
// the token it was made with is returned with the error, so that a
// refused one can be invalidated.
func (c *Client) credentials(ctx context.Context, mode AuthMode, src *renewableSource) (*oauth2.Token, string, error) {
	var tok *oauth2.Token
	if src != nil {
		t, err := src.token(ctx)
		if err != nil {
			return nil, "", err
		}
		tok = t
	}
	if mode != AuthSession && mode != AuthSessionHeaders {
		return tok, "", nil
	}
	cookie, used, err := c.session(ctx, tok, src)
	if err != nil {
		return used, "", err
	}
	// The token may have been renewed while this call waited for the
	// session: a session goes with the newest token, never a replaced one
	// (whose refusal would cost a needless new session).
	if src != nil && !src.isCurrent(tok) {
		t, err := src.token(ctx)
		if err != nil {
			return nil, "", err
		}
		tok = t
	}
	return tok, cookie, nil
}

// sessionFlight is the one session bootstrap in progress and the token it
// was started with.
type sessionFlight struct {
	flight[string]
	tok *oauth2.Token
}

// session returns the adama_session cookie. Without one it starts (or
// joins) the one bootstrap with GET {base_url}/api/v2.0/session, which runs
// in its own goroutine bounded by authFetchTimeout and Close; no lock is
// held during it and the caller stops waiting when ctx ends. used is the
// token the bootstrap was made with (tok, or the token of the bootstrap
// joined), the one to blame when it is refused.
func (c *Client) session(ctx context.Context, tok *oauth2.Token, src *renewableSource) (cookie string, used *oauth2.Token, err error) {
	c.sessMu.Lock()
	if c.cookie != "" || tok == nil {
		ck := c.cookie
		c.sessMu.Unlock()
		return ck, tok, nil
	}
	f := c.sflight
	if f == nil {
		if c.life.Err() != nil {
			c.sessMu.Unlock()
			return "", tok, errClosed
		}
		f = &sessionFlight{flight: flight[string]{done: make(chan struct{})}, tok: tok}
		c.sflight = f
		c.wg.Add(1)
		go c.bootstrap(f, tok, src)
	}
	c.sessMu.Unlock()
	select {
	case <-f.done:
		return f.val, f.tok, f.err
	case <-ctx.Done():
		return "", tok, fmt.Errorf("adama: session: %w", ctx.Err())
	}
}

func (c *Client) bootstrap(f *sessionFlight, tok *oauth2.Token, src *renewableSource) {
	defer c.wg.Done()
	ctx, cancel := context.WithTimeout(c.life, authFetchTimeout)
	ck, exp, err := c.fetchSession(ctx, tok)
	cancel()
	var ae *Error
	if src != nil && errors.As(err, &ae) && ae.StatusCode == http.StatusUnauthorized {
		// The token is refused: marked before the bootstrap ends, so that
		// no call starts another bootstrap with it.
		src.invalidate(tok)
	}
	c.sessMu.Lock()
	if err == nil {
		c.cookie, c.sessExp = ck, exp
	}
	c.sflight = nil
	c.sessMu.Unlock()
	f.val, f.err = ck, c.scrubError(err)
	close(f.done)
}

func (c *Client) fetchSession(ctx context.Context, tok *oauth2.Token) (cookie, expires string, err error) {
	u := *c.base
	u.Path += route.Session
	st := &attemptState{idempotent: true, maxRetries: c.cfg.retry.MaxRetries, policy: c.cfg.retry}
	req, err := retryablehttp.NewRequestWithContext(context.WithValue(ctx, stateKey{}, st), http.MethodGet, u.String(), nil)
	if err != nil {
		return "", "", err
	}
	req.Header.Set("User-Agent", c.cfg.userAgent)
	req.Header.Set("Accept", "application/json")
	tok.SetAuthHeader(req.Request)
	resp, err := c.rc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", "", fmt.Errorf("adama: session: %w", ctx.Err())
		}
		return "", "", transportError(http.MethodGet, u.Path, err, false)
	}
	if resp.StatusCode/100 != 2 {
		e := errorOf(errbody.Read(resp))
		e.Method, e.Path, e.Attempts = http.MethodGet, u.Path, st.attempts
		return "", "", e
	}
	defer drain(resp.Body)
	// The answer says when the session ends. Read it through a small
	// limit; a body of another shape leaves the expiry unknown.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	expires = sessionExpires(resp.Header.Get("Content-Type"), body)
	for _, ck := range resp.Cookies() {
		if ck.Name == SessionCookieName && ck.Value != "" {
			c.log.DebugContext(ctx, "adama session established", "path", u.Path)
			return ck.Value, expires, nil
		}
	}
	return "", "", &Error{StatusCode: resp.StatusCode, Code: "no_session_cookie", Message: "session response set no " + SessionCookieName + " cookie", Method: http.MethodGet, Path: u.Path}
}

// sessionExpires reads the session's expiry from the session answer:
// JSON {"data": {..., "session": {"sessionid", "expires"}}}, or XML
// <result> with the <session sessionid expires/> element beside the user's
// <entity> (as the platform sends it) or inside it.
func sessionExpires(contentType string, body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return ""
	}
	if media.IsXML(media.MediaType(contentType)) || body[0] == '<' {
		type elem struct {
			Expires string `xml:"expires,attr"`
		}
		var x struct {
			XMLName xml.Name `xml:"result"`
			Session elem     `xml:"session"`
			Entity  struct {
				Session elem `xml:"session"`
			} `xml:"entity"`
		}
		if xml.Unmarshal(body, &x) != nil {
			return ""
		}
		if x.Session.Expires != "" {
			return x.Session.Expires
		}
		return x.Entity.Session.Expires
	}
	var answer struct {
		Data struct {
			Session struct {
				Expires string `json:"expires"`
			} `json:"session"`
		} `json:"data"`
	}
	_ = json.Unmarshal(body, &answer)
	return answer.Data.Session.Expires
}

// sessionExpiry returns the current session's expiry as the platform sent
// it ("" when unknown).
func (c *Client) sessionExpiry() string {
	c.sessMu.Lock()
	defer c.sessMu.Unlock()
	return c.sessExp
}

// resetSession forgets cookie so that the next call bootstraps a new one
// (a cookie given with WithSessionCookie stays: there is no token to
// bootstrap another).
func (c *Client) resetSession(cookie string) {
	c.sessMu.Lock()
	if c.cookie == cookie && (c.tokens != nil || c.ccTokens != nil) {
		c.cookie = ""
	}
	c.sessMu.Unlock()
}

// secretsNow lists the client's secrets: configured ones, the session
// cookie and both sources' current tokens.
func (c *Client) secretsNow() []string {
	out := append([]string(nil), c.secrets...)
	c.sessMu.Lock()
	out = append(out, c.cookie)
	c.sessMu.Unlock()
	for _, src := range []*renewableSource{c.tokens, c.ccTokens} {
		if src == nil {
			continue
		}
		if t := src.current(); t != nil {
			out = append(out, t.AccessToken, t.RefreshToken)
		}
	}
	return out
}

// scrub removes the client's current secrets from s.
func (c *Client) scrub(s string) string { return scrubAll(s, c.secretsNow()...) }

// scrubError scrubs every string field of the *Error in err's chain.
func (c *Client) scrubError(err error) error {
	var e *Error
	if errors.As(err, &e) {
		secrets := c.secretsNow()
		scrubError(e, func(v string) string { return scrubAll(v, secrets...) })
	}
	return err
}

// scrubErr drops the URL's query string from *url.Error messages, where
// pre-signed URLs carry signatures.
func scrubErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			u.RawQuery, u.User = "", nil
			return &url.Error{Op: ue.Op, URL: u.String(), Err: ue.Err}
		}
	}
	return err
}
