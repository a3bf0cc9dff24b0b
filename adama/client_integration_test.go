package adama_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/adamasdk/adama-go/internal/pkce"
	"github.com/adamasdk/adama-go/internal/route"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// logSink captures every log line written by clients in this package's
// tests, so TestNoSecretsInLogs can check them all at debug level.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *logSink) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

var debugLogs = &logSink{}

func debugLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(debugLogs, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// pingGroup adds test routes: a session-authenticated GET and POST, and a
// bearer-only GET.
func pingGroup(r fake.Registrar) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		wire.WriteJSON(w, http.StatusOK, wire.Meta{Count: 1}, map[string]any{"pong": true, "method": req.Method})
	})
	r.Handle("GET /api/v2.0/ping", fake.Session, ok)
	r.Handle("POST /api/v2.0/ping", fake.Session, ok)
	r.Handle("GET /bearer/ping", fake.Bearer, ok)
	r.Handle("GET /redirect-away", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, req.URL.Query().Get("to"), http.StatusFound)
	}))
}

func newServer(t *testing.T, opts ...adamatest.Option) *adamatest.Server {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{withGroup(pingGroup), adamatest.WithT(t)}, opts...)...)
	return srv
}

func newClient(t *testing.T, srv *adamatest.Server, opts ...adama.Option) *adama.Client {
	t.Helper()
	c, err := srv.NewClient(opts...) // logs at debug level into srv, checked for credentials by WithT
	require.NoError(t, err)
	return c
}

type pong struct {
	Pong   bool   `json:"pong"`
	Method string `json:"method"`
}

func ping(ctx context.Context, c *adama.Client, method string, opts ...adama.RequestOption) (pong, error) {
	var p pong
	resp, err := c.Do(ctx, &adama.Request{Method: method, Path: "/api/v2.0/ping"}, opts...)
	if err != nil {
		return p, err
	}
	defer resp.Body.Close()
	_, err = wire.DecodeJSON(resp.Body, &p)
	return p, err
}

func TestSessionBootstrapOnceUnderConcurrency(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)

	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := ping(context.Background(), c, http.MethodGet)
			if err == nil && !p.Pong {
				err = errors.New("no pong")
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, 1, srv.SessionBootstraps(), "one session for 50 concurrent first calls")
	assert.Equal(t, 1, srv.TokensIssued(), "one token for 50 concurrent first calls")
	assert.Equal(t, 50, srv.Count("GET /api/v2.0/ping"))
}

func TestBearerAndCookieOnLaterCalls(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	for range 3 {
		_, err := ping(ctx, c, http.MethodGet)
		require.NoError(t, err)
	}
	var pings int
	for _, r := range srv.Requests() {
		switch r.Path {
		case "/api/v2.0/ping":
			pings++
			assert.True(t, strings.HasPrefix(r.Header.Get("Authorization"), "Bearer at_"), "bearer on %s", r.Path)
			assert.Contains(t, r.Header.Get("Cookie"), adama.SessionCookieName+"=sess_")
		case route.Session:
			assert.True(t, strings.HasPrefix(r.Header.Get("Authorization"), "Bearer at_"))
			assert.Empty(t, r.Header.Get("Cookie"), "bootstrap carries no cookie yet")
		case route.Token:
			assert.Empty(t, r.Header.Get("Authorization"))
		}
	}
	assert.Equal(t, 3, pings)

	// Bearer-only routes get no cookie.
	resp, err := c.Do(ctx, &adama.Request{Path: "/bearer/ping", Auth: adama.AuthBearer})
	require.NoError(t, err)
	resp.Body.Close()
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "/bearer/ping", last.Path)
	assert.Empty(t, last.Header.Get("Cookie"))
	assert.NotEmpty(t, last.Header.Get("Authorization"))
}

// foreignServer records the headers it receives.
func foreignServer(t *testing.T) (*httptest.Server, *http.Header) {
	t.Helper()
	var mu sync.Mutex
	got := http.Header{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(ts.Close)
	return ts, &got
}

func TestCredentialsNeverSentToForeignHost(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	_, err := ping(ctx, c, http.MethodGet) // establish token and session
	require.NoError(t, err)

	// The foreign server listens on another loopback address so its host
	// differs from the platform's even though both are local.
	foreign, got := foreignServer(t)
	fu, _ := url.Parse(foreign.URL)
	fu.Host = strings.Replace(fu.Host, "127.0.0.1", "localhost", 1)

	t.Run("pre-signed URL", func(t *testing.T) {
		resp, err := c.Do(ctx, &adama.Request{Method: http.MethodPut, URL: fu.String() + "/upload?X-Signature=abc", Body: []byte("data")})
		require.NoError(t, err)
		resp.Body.Close()
		assert.Empty(t, got.Get("Authorization"))
		assert.Empty(t, got.Get("Cookie"))
	})
	t.Run("redirect", func(t *testing.T) {
		*got = http.Header{}
		_, err := c.Do(ctx, &adama.Request{Path: "/redirect-away", Query: url.Values{"to": {fu.String() + "/landing"}}})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, adama.CodeRedirectRefused, ae.Code)
		assert.ErrorIs(t, err, adama.ErrTransport)
		assert.Empty(t, got.Get("User-Agent"), "a credentialed call is not redirected to another host")
	})
}

func TestUnauthorizedRenewsOnceAndReplaysOnce(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	_, err := ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	require.Equal(t, 1, srv.TokensIssued())

	srv.RevokeTokens() // server-side expiry of token and session
	srv.ResetRequests()
	p, err := ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	assert.True(t, p.Pong)
	assert.Equal(t, 2, srv.TokensIssued(), "one renewal")
	assert.Equal(t, 2, srv.SessionBootstraps(), "one new session")
	assert.Equal(t, 2, srv.Count("GET /api/v2.0/ping"), "the refused call and one replay")

	// A server that keeps refusing: one replay, then the error.
	srv.ResetRequests()
	srv.FailNext("/api/v2.0/ping", 5, http.StatusUnauthorized, "")
	_, err = ping(ctx, c, http.MethodGet)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrUnauthorized)
	assert.Equal(t, 2, srv.Count("GET /api/v2.0/ping"))
}

func TestRetryAfter503(t *testing.T) {
	ctx := context.Background()
	t.Run("GET is retried", func(t *testing.T) {
		srv := newServer(t)
		c := newClient(t, srv)
		_, err := ping(ctx, c, http.MethodGet)
		require.NoError(t, err)
		srv.ResetRequests()
		srv.FailNext("/api/v2.0/ping", 2, http.StatusServiceUnavailable, "1")
		start := time.Now()
		p, err := ping(ctx, c, http.MethodGet)
		require.NoError(t, err)
		assert.True(t, p.Pong)
		assert.Equal(t, 3, srv.Count("GET /api/v2.0/ping"))
		assert.GreaterOrEqual(t, time.Since(start), 2*time.Second, "Retry-After: 1 honoured twice")
	})
	t.Run("creating POST is not retried", func(t *testing.T) {
		srv := newServer(t)
		c := newClient(t, srv)
		_, err := ping(ctx, c, http.MethodGet)
		require.NoError(t, err)
		srv.ResetRequests()
		srv.FailNext("/api/v2.0/ping", 1, http.StatusServiceUnavailable, "1")
		_, err = ping(ctx, c, http.MethodPost)
		require.Error(t, err)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, http.StatusServiceUnavailable, ae.StatusCode)
		assert.Equal(t, "1", ae.RetryAfter)
		assert.Equal(t, 1, ae.Attempts)
		assert.Equal(t, 1, srv.Count("POST /api/v2.0/ping"))
	})
	t.Run("POST marked idempotent is retried", func(t *testing.T) {
		srv := newServer(t)
		c := newClient(t, srv)
		srv.FailNext("/api/v2.0/ping", 1, http.StatusServiceUnavailable, "0")
		p, err := ping(ctx, c, http.MethodPost, adama.WithIdempotent())
		require.NoError(t, err)
		assert.Equal(t, "POST", p.Method)
		assert.Equal(t, 2, srv.Count("POST /api/v2.0/ping"))
	})
	t.Run("Retry-After beyond the cap returns at once", func(t *testing.T) {
		srv := newServer(t)
		c := newClient(t, srv)
		srv.FailNext("/api/v2.0/ping", 1, http.StatusServiceUnavailable, "3600")
		start := time.Now()
		_, err := ping(ctx, c, http.MethodGet)
		require.ErrorIs(t, err, adama.ErrUnavailable)
		assert.Less(t, time.Since(start), 2*time.Second)
	})
}

func TestFinalServerErrorReachesCaller(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	_, err := ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	srv.FailNext("/api/v2.0/ping", 10, http.StatusBadGateway, "")
	_, err = ping(ctx, c, http.MethodGet)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, http.StatusBadGateway, ae.StatusCode)
	assert.Equal(t, 4, ae.Attempts, "first attempt and three retries")
	assert.Equal(t, "injected failure", ae.Message)
	assert.ErrorIs(t, err, adama.ErrServer)
	assert.NotContains(t, err.Error(), "giving up")
}

func TestConnectionDropRetriedForGet(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	_, err := ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	srv.DropNext("/api/v2.0/ping", 1)
	p, err := ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	assert.True(t, p.Pong)

	srv.ResetRequests()
	srv.DropNext("/api/v2.0/ping", 1)
	_, err = ping(ctx, c, http.MethodPost)
	require.Error(t, err, "a POST that may have reached the server is not replayed")
	assert.Equal(t, 1, srv.Count("POST /api/v2.0/ping"))
}

func TestCancelEndsBackoffPromptly(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	_, err := ping(context.Background(), c, http.MethodGet)
	require.NoError(t, err)
	srv.FailNext("/api/v2.0/ping", 5, http.StatusServiceUnavailable, "4")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err = ping(ctx, c, http.MethodGet)
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, elapsed, time.Second, "the 4 s Retry-After wait ended with the context")
}

func TestAuthorizationCodeExchangeAndRefresh(t *testing.T) {
	srv := newServer(t)
	ctx := context.Background()
	flow, err := adama.NewAuthCodeFlow(srv.URL, srv.ClientID(), srv.ClientSecret(), adamatest.DefaultRedirectURL, srv.Client())
	require.NoError(t, err)

	authURL, verifier := flow.AuthURL("state-123")
	u, err := url.Parse(authURL)
	require.NoError(t, err)
	assert.Equal(t, "S256", u.Query().Get("code_challenge_method"))
	assert.Equal(t, pkce.S256(verifier), u.Query().Get("code_challenge"))

	// The user approves: the authorize endpoint redirects with a code.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.Equal(t, "state-123", loc.Query().Get("state"))
	code := loc.Query().Get("code")
	require.NotEmpty(t, code)

	_, err = flow.Exchange(ctx, code, "wrong-verifier")
	require.Error(t, err, "PKCE verification")

	resp, err = noFollow.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	loc, _ = url.Parse(resp.Header.Get("Location"))
	tok, err := flow.Exchange(ctx, loc.Query().Get("code"), verifier)
	require.NoError(t, err)
	assert.NotEmpty(t, tok.AccessToken)
	assert.NotEmpty(t, tok.RefreshToken)

	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithAuthURL(srv.URL), adama.WithHTTPClient(srv.Client()),
		adama.WithTokenSource(flow.TokenSource(ctx, tok)), adama.WithLogger(debugLogger()))
	require.NoError(t, err)
	_, err = ping(ctx, c, http.MethodGet)
	require.NoError(t, err)

	// The platform refuses the token: the client refreshes it with the
	// refresh token and replays.
	srv.RevokeTokens()
	issued := srv.TokensIssued()
	_, err = ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	assert.Equal(t, issued+1, srv.TokensIssued())
	var refreshes int
	for _, r := range srv.Requests() {
		if r.Path == route.Token && strings.Contains(string(r.Body), "grant_type=refresh_token") {
			refreshes++
		}
	}
	assert.Equal(t, 1, refreshes)

	// An expired token is refreshed before use, through x/oauth2.
	expired := &oauth2.Token{AccessToken: "old", RefreshToken: tok.RefreshToken, Expiry: time.Now().Add(-time.Minute)}
	fresh, err := flow.TokenSource(ctx, expired).Token()
	require.NoError(t, err)
	assert.NotEqual(t, "old", fresh.AccessToken)
}

func TestClientCredentialsJSONBody(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	_, err := ping(context.Background(), c, http.MethodGet)
	require.NoError(t, err)
	var found bool
	for _, r := range srv.Requests() {
		if r.Path != route.Token {
			continue
		}
		found = true
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		var body map[string]string
		require.NoError(t, json.Unmarshal(r.Body, &body))
		assert.Equal(t, map[string]string{
			"audience": adamatest.DefaultAudience, "grant_type": "client_credentials",
			"client_id": srv.ClientID(), "client_secret": srv.ClientSecret(),
		}, body)
	}
	assert.True(t, found)

	// Tokens are cached: more calls, no more token requests.
	for range 5 {
		_, err := ping(context.Background(), c, http.MethodGet)
		require.NoError(t, err)
	}
	assert.Equal(t, 1, srv.TokensIssued())

	// Wrong secret: a clear error without the secret in it.
	bad, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithAuthURL(srv.URL), adama.WithHTTPClient(srv.Client()),
		adama.WithClientCredentials(srv.ClientID(), "s3cr3t-wrong", adamatest.DefaultAudience))
	require.NoError(t, err)
	_, err = ping(context.Background(), bad, http.MethodGet)
	require.ErrorIs(t, err, adama.ErrUnauthorized)
	assert.NotContains(t, err.Error(), "s3cr3t-wrong")
}

func TestTokenRenewedBeforeExpiry(t *testing.T) {
	// Tokens living 6 minutes are inside the 5-minute renewal margin after
	// a minute; with a 4-minute lifetime each call must renew.
	srv := newServer(t, adamatest.WithTokenLifetime(4*time.Minute))
	c := newClient(t, srv)
	for range 3 {
		_, err := c.Do(context.Background(), &adama.Request{Path: "/bearer/ping", Auth: adama.AuthBearer})
		require.NoError(t, err)
	}
	assert.Equal(t, 3, srv.TokensIssued())

	srv2 := newServer(t) // 86400 s tokens are reused
	c2 := newClient(t, srv2)
	for range 3 {
		_, err := c2.Do(context.Background(), &adama.Request{Path: "/bearer/ping", Auth: adama.AuthBearer})
		require.NoError(t, err)
	}
	assert.Equal(t, 1, srv2.TokensIssued())
}

func TestDeprecatedCookieOnlyAuth(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	_, err := ping(context.Background(), c, http.MethodGet)
	require.NoError(t, err)
	var cookie string
	for _, r := range srv.Requests() {
		if r.Path == "/api/v2.0/ping" {
			cookie = strings.TrimPrefix(r.Header.Get("Cookie"), adama.SessionCookieName+"=")
		}
	}
	require.NotEmpty(t, cookie)
	legacy, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithHTTPClient(srv.Client()), adama.WithSessionCookie(cookie)) //nolint:staticcheck // testing the deprecated path
	require.NoError(t, err)
	p, err := ping(context.Background(), legacy, http.MethodGet)
	require.NoError(t, err)
	assert.True(t, p.Pong)
}

func TestForbidden(t *testing.T) {
	srv := newServer(t)
	c := newClient(t, srv)
	srv.Deny("/api/v2.0/ping")
	_, err := ping(context.Background(), c, http.MethodGet)
	assert.ErrorIs(t, err, adama.ErrForbidden)
}

func TestSessionBootstrapConnectionError(t *testing.T) {
	srv := newServer(t)
	tok := srv.IssueToken()
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	c, err := adama.NewClient(adama.WithBaseURL(deadURL), adama.WithToken(tok), adama.WithMaxRetries(1),
		adama.WithRetry(adama.RetryPolicy{MaxRetries: 1, MinWait: time.Millisecond, MaxWait: time.Millisecond}))
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { _, err := ping(context.Background(), c, http.MethodGet); done <- err }()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Contains(t, err.Error(), "session")
	case <-time.After(5 * time.Second):
		t.Fatal("session bootstrap failure hung")
	}
}

func TestOAuth2TransportCannotLeakOnRedirect(t *testing.T) {
	srv := newServer(t)
	tok := srv.IssueToken()
	foreign, got := foreignServer(t)
	fu, _ := url.Parse(foreign.URL)
	fu.Host = strings.Replace(fu.Host, "127.0.0.1", "localhost", 1)

	// A caller hands over an x/oauth2 client, whose Transport would set the
	// bearer on the redirected request too.
	base := srv.Client()
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, base)
	hc := oauth2.NewClient(ctx, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tok}))
	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithHTTPClient(hc), adama.WithLogger(debugLogger()))
	require.NoError(t, err)
	_, err = c.Do(context.Background(), &adama.Request{Path: "/redirect-away", Query: url.Values{"to": {fu.String() + "/x"}}})
	require.ErrorIs(t, err, adama.ErrTransport, "the oauth2 transport's token source became the client's, and the redirect is refused")
	assert.Empty(t, got.Get("User-Agent"), "nothing reached the foreign host")
	assert.Empty(t, got.Get("Authorization"))
}

func TestHTMLPageWithStatus200IsAnError(t *testing.T) {
	srv := newServer(t, withGroup(func(r fake.Registrar) {
		r.Handle("GET /api/v2.0/login-wall", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte("<html><head><title>Sign in</title></head></html>"))
		}))
	}))
	c := newClient(t, srv)
	_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/login-wall"})
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeUnexpectedContent, ae.Code)
	assert.Equal(t, "Sign in", ae.Message)
	assert.ErrorIs(t, err, adama.ErrServer)
}

// TestNoSecretsInLogs runs last in this file's order and checks the log
// lines written by this package's clients that log to debugLogs (the
// others are checked by adamatest.WithT), plus a dedicated flow through
// tokens, sessions, renewals and errors.
func TestNoSecretsInLogs(t *testing.T) {
	srv := newServer(t, adamatest.WithCredentials("id-x", "super-secret-value"))
	var buf logSink
	c, err := srv.NewClient(adama.WithLogger(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	require.NoError(t, err)
	ctx := context.Background()
	var errs []string
	_, err = ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	srv.RevokeTokens()
	_, err = ping(ctx, c, http.MethodGet)
	require.NoError(t, err)
	srv.FailNext("/api/v2.0/ping", 10, http.StatusServiceUnavailable, "")
	_, err = ping(ctx, c, http.MethodGet)
	require.Error(t, err)
	errs = append(errs, err.Error())
	srv.FailNext("/api/v2.0/ping", 2, http.StatusUnauthorized, "")
	_, err = ping(ctx, c, http.MethodGet)
	require.Error(t, err)
	errs = append(errs, err.Error())

	var secrets []string
	for _, r := range srv.Requests() {
		if a := r.Header.Get("Authorization"); a != "" {
			secrets = append(secrets, strings.TrimPrefix(a, "Bearer "))
		}
		if ck := r.Header.Get("Cookie"); ck != "" {
			secrets = append(secrets, strings.TrimPrefix(ck, adama.SessionCookieName+"="))
		}
	}
	secrets = append(secrets, "super-secret-value")
	require.NotEmpty(t, buf.String(), "debug logging is on")
	all := buf.String() + debugLogs.String() + strings.Join(errs, "\n")
	for _, s := range secrets {
		assert.NotContains(t, all, s)
	}
	assert.NotContains(t, strings.ToLower(all), "authorization")
	assert.NotContains(t, all, "Bearer ")
}
