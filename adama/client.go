package adama

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/oauth2"
)

// Version is the SDK version sent in the User-Agent header.
const Version = "0.1.0"

// SessionCookieName is the platform's session cookie.
const SessionCookieName = "adama_session"

// SessionPath is the session bootstrap endpoint under {base_url}.
const SessionPath = "/api/v2.0/session"

// Host names one of the platform's servers.
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

// AuthMode says which credentials a request carries.
type AuthMode int

// Authentication modes.
const (
	// AuthSession sends the bearer token and the adama_session cookie
	// (groups A, C, E, F, H and component creatives).
	AuthSession AuthMode = iota
	// AuthBearer sends only the bearer token (groups B, D video, G).
	AuthBearer
	// AuthNone sends no credentials.
	AuthNone
)

// Request is one API call, built by a group package and sent by Client.Do.
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
	// Accept is the Accept header; empty means the client's format.
	Accept string
	// Header holds extra headers.
	Header http.Header
	// Auth selects the credentials sent.
	Auth AuthMode
	// Idempotent marks a POST safe to retry (a list, validate or analytics
	// POST that only reads). GET, HEAD, PUT and DELETE always are.
	Idempotent bool
	// BodyFunc, when set, supplies the body instead of Body: it is called
	// once per attempt (a retry starts the body again), so a large file is
	// streamed and never held in memory. ContentLength gives its size
	// (-1 when unknown, sent chunked).
	BodyFunc      func() (io.Reader, error)
	ContentLength int64
	// Stream lifts the whole-body limit: the caller reads the body as a
	// stream and bounds it itself (per line, per record).
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
// and share it.
type Client struct {
	cfg     config
	base    *url.URL
	auth    *url.URL
	byoa    *url.URL
	hosts   map[string]bool
	rc      *retryablehttp.Client
	tokens  *renewableSource
	log     *slog.Logger
	secrets []string

	sessMu sync.Mutex
	cookie string
}

// NewClient returns a client configured by opts. Without WithBaseURL the
// client has no platform to talk to and NewClient fails.
func NewClient(opts ...Option) (*Client, error) {
	cfg := config{retry: DefaultRetryPolicy(), format: FormatJSON}
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
	if cfg.authURL == "" {
		cfg.authURL = cfg.baseURL
	}
	if cfg.byoaURL == "" {
		cfg.byoaURL = cfg.baseURL
	}
	if cfg.cc != nil && cfg.tokenSource != nil {
		return nil, errors.New("adama: NewClient: give either a token source or client credentials, not both")
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.DiscardHandler)
	}
	if cfg.userAgent == "" {
		cfg.userAgent = "adama-go/" + Version
	}
	c := &Client{cfg: cfg, log: cfg.logger, hosts: map[string]bool{}}
	c.base, _ = url.Parse(cfg.baseURL)
	c.auth, _ = url.Parse(cfg.authURL)
	c.byoa, _ = url.Parse(cfg.byoaURL)
	for _, u := range []*url.URL{c.base, c.auth, c.byoa} {
		c.hosts[strings.ToLower(u.Host)] = true
	}
	cfg.httpClient, cfg.tokenSource = unwrapOAuth2(cfg.httpClient, cfg.tokenSource)
	c.cfg = cfg
	c.rc = c.newRetryClient(cfg.httpClient)
	if cfg.cc != nil {
		c.tokens = &renewableSource{src: &ccSource{
			ctx: context.Background(), hc: tokenHTTPClient(cfg.httpClient, cfg.retry),
			url: cfg.authURL + TokenPath, creds: *cfg.cc,
		}}
		c.secrets = append(c.secrets, cfg.cc.clientSecret)
	} else if cfg.tokenSource != nil {
		c.tokens = &renewableSource{src: cfg.tokenSource}
	}
	if cfg.sessionCookie != "" {
		c.cookie = cfg.sessionCookie
		c.secrets = append(c.secrets, cfg.sessionCookie)
	}
	return c, nil
}

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

// AuthURL returns {auth_url}.
func (c *Client) AuthURL() string { return c.cfg.authURL }

// BYOAURL returns {byoa_url}.
func (c *Client) BYOAURL() string { return c.cfg.byoaURL }

// Format returns the response form the client asks for.
func (c *Client) Format() Format { return c.cfg.format }

// Logger returns the client's logger, for group packages.
func (c *Client) Logger() *slog.Logger { return c.log }

// Token returns the current bearer token, obtaining one if needed.
func (c *Client) Token(ctx context.Context) (*oauth2.Token, error) {
	if c.tokens == nil {
		return nil, errors.New("adama: the client has no token source")
	}
	return c.tokenWithContext(ctx)
}

func (c *Client) tokenWithContext(ctx context.Context) (*oauth2.Token, error) {
	if t := c.tokens.cached(); t != nil {
		return t, nil
	}
	type res struct {
		t   *oauth2.Token
		err error
	}
	ch := make(chan res, 1)
	go func() { t, err := c.tokens.Token(); ch <- res{t, err} }()
	select {
	case r := <-ch:
		return r.t, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *Client) hostURL(h Host) *url.URL {
	switch h {
	case HostAuth:
		return c.auth
	case HostBYOA:
		return c.byoa
	}
	return c.base
}

// isPlatformHost reports whether credentials may be sent to host.
func (c *Client) isPlatformHost(host string) bool { return c.hosts[strings.ToLower(host)] }

func (c *Client) requestURL(r *Request) (*url.URL, error) {
	var u *url.URL
	if r.URL != "" {
		p, err := url.Parse(r.URL)
		if err != nil || p.Host == "" {
			return nil, fmt.Errorf("adama: request URL %q is not absolute", truncate(r.URL, 80))
		}
		u = p
	} else {
		b := c.hostURL(r.Host)
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
// closes it. Any other outcome is an error: *Error for a server error (the
// final one after retries), *ValidationError, or the context's error.
// A 401 on an authenticated call renews the token and session once and
// replays the call once.
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

func (c *Client) do(ctx context.Context, r *Request, co *callOptions) (*http.Response, error) {
	u, err := c.requestURL(r)
	if err != nil {
		return nil, err
	}
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	creds := r.Auth != AuthNone && c.isPlatformHost(u.Host)
	st := &attemptState{
		idempotent: co.idempotent || r.Idempotent || idempotentMethod(method),
		maxRetries: co.maxRetries,
		policy:     c.cfg.retry,
	}
	for replay := 0; ; replay++ {
		var tok *oauth2.Token
		var cookie string
		if creds {
			tok, cookie, err = c.credentials(ctx, r.Auth)
			if err != nil {
				var ae *Error
				if replay == 0 && errors.As(err, &ae) && ae.StatusCode == http.StatusUnauthorized && c.tokens != nil {
					c.tokens.invalidate(tok)
					continue
				}
				return nil, err
			}
		}
		req, err := retryablehttp.NewRequestWithContext(context.WithValue(ctx, stateKey{}, st), method, u.String(), bodyOf(r))
		if err != nil {
			return nil, err
		}
		if r.BodyFunc != nil {
			req.ContentLength = r.ContentLength
		}
		req.Header.Set("User-Agent", c.cfg.userAgent)
		accept := r.Accept
		if accept == "" {
			accept = "application/json"
			if c.cfg.format == FormatXML {
				accept = "application/xml"
			}
		}
		req.Header.Set("Accept", accept)
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
		if tok != nil {
			tok.SetAuthHeader(req.Request)
		}
		if cookie != "" {
			req.Header.Set("Cookie", SessionCookieName+"="+cookie)
		}
		start := time.Now()
		resp, err := c.rc.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("adama: %s %s: %w", method, u.Path, ctx.Err())
			}
			c.log.DebugContext(ctx, "adama request failed", "method", method, "path", u.Path, "attempts", st.attempts, "duration", time.Since(start), "error", c.scrub(err.Error()))
			return nil, fmt.Errorf("adama: %s %s: %s", method, u.Path, c.scrub(scrubErr(err).Error()))
		}
		c.log.DebugContext(ctx, "adama request", "method", method, "path", u.Path, "status", resp.StatusCode, "attempts", st.attempts, "duration", time.Since(start))
		if resp.StatusCode == http.StatusUnauthorized && creds && replay == 0 && c.tokens != nil {
			drain(resp.Body)
			c.tokens.invalidate(tok)
			c.resetSession(cookie)
			c.log.DebugContext(ctx, "adama renewing credentials after 401", "method", method, "path", u.Path)
			continue
		}
		if co.response != nil {
			*co.response = resp
		}
		if resp.StatusCode/100 != 2 || unexpectedHTML(resp, accept) {
			e := ParseErrorResponse(resp)
			if resp.StatusCode/100 == 2 && e.StatusCode/100 == 2 {
				e.Code = CodeUnexpectedContent
			}
			e.Method, e.Path, e.Attempts = method, u.Path, st.attempts
			e.Message, e.Body = c.scrub(e.Message), c.scrub(e.Body)
			return nil, e
		}
		return resp, nil
	}
}

// CodeUnexpectedContent is the Error code of a 2xx answer carrying an HTML
// page where data was asked for (a gateway or login page).
const CodeUnexpectedContent = "unexpected_content"

// unexpectedHTML reports a 2xx HTML page answering a request for data.
func unexpectedHTML(resp *http.Response, accept string) bool {
	return MediaType(resp.Header.Get("Content-Type")) == "text/html" && !strings.Contains(accept, "html")
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

// credentials returns the bearer token and, for AuthSession, the session
// cookie, bootstrapping the session once if needed.
func (c *Client) credentials(ctx context.Context, mode AuthMode) (*oauth2.Token, string, error) {
	var tok *oauth2.Token
	if c.tokens != nil {
		t, err := c.tokenWithContext(ctx)
		if err != nil {
			return nil, "", err
		}
		tok = t
	}
	if mode != AuthSession {
		return tok, "", nil
	}
	cookie, err := c.session(ctx, tok)
	return tok, cookie, err
}

// session returns the adama_session cookie, bootstrapping it once with
// GET {base_url}/api/v2.0/session; concurrent first callers wait for the
// one bootstrap.
func (c *Client) session(ctx context.Context, tok *oauth2.Token) (string, error) {
	c.sessMu.Lock()
	defer c.sessMu.Unlock()
	if c.cookie != "" || tok == nil {
		return c.cookie, nil
	}
	u := *c.base
	u.Path += SessionPath
	st := &attemptState{idempotent: true, maxRetries: c.cfg.retry.MaxRetries, policy: c.cfg.retry}
	req, err := retryablehttp.NewRequestWithContext(context.WithValue(ctx, stateKey{}, st), http.MethodGet, u.String(), nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("User-Agent", c.cfg.userAgent)
	req.Header.Set("Accept", "application/json")
	tok.SetAuthHeader(req.Request)
	resp, err := c.rc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("adama: session: %w", ctx.Err())
		}
		// c.scrub would take sessMu, held here; a transport error carries
		// no header values, and scrubErr drops the URL's query.
		return "", fmt.Errorf("adama: session: %w", scrubErr(err))
	}
	if resp.StatusCode/100 != 2 {
		e := ParseErrorResponse(resp)
		e.Method, e.Path, e.Attempts = http.MethodGet, u.Path, st.attempts
		return "", e
	}
	defer drain(resp.Body)
	for _, ck := range resp.Cookies() {
		if ck.Name == SessionCookieName && ck.Value != "" {
			c.cookie = ck.Value
			c.log.DebugContext(ctx, "adama session established", "path", u.Path)
			return c.cookie, nil
		}
	}
	return "", &Error{StatusCode: resp.StatusCode, Code: "no_session_cookie", Message: "session response set no " + SessionCookieName + " cookie", Method: http.MethodGet, Path: u.Path}
}

// resetSession forgets cookie so that the next call bootstraps a new one.
func (c *Client) resetSession(cookie string) {
	c.sessMu.Lock()
	if c.cookie == cookie && c.tokens != nil {
		c.cookie = ""
	}
	c.sessMu.Unlock()
}

// scrub removes the client's current secrets from s.
func (c *Client) scrub(s string) string {
	for _, sec := range c.secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	c.sessMu.Lock()
	ck := c.cookie
	c.sessMu.Unlock()
	if ck != "" {
		s = strings.ReplaceAll(s, ck, "[redacted]")
	}
	if c.tokens != nil {
		c.tokens.mu.Lock()
		t := c.tokens.tok
		c.tokens.mu.Unlock()
		if t != nil {
			for _, v := range []string{t.AccessToken, t.RefreshToken} {
				if v != "" {
					s = strings.ReplaceAll(s, v, "[redacted]")
				}
			}
		}
	}
	return s
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
