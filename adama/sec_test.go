package adama_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/adamasdk/adama-go/internal/route"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/adamasdk/adama-go/adama"
)

// Secrets a hostile server tries to get back into errors and output.
const (
	ccSecret   = "cc-secret-Q7"
	ccToken    = "cc-token-Z9"
	userToken  = "user-token-K3"
	sessCookie = "sess-cookie-W5"
)

// platform is a minimal hostile platform: a client-credentials token
// endpoint, a session endpoint and whatever routes a test adds.
type platform struct {
	*httptest.Server
	mux         *http.ServeMux
	tokens      atomic.Int32
	bootstraps  atomic.Int32
	tokenHook   func(w http.ResponseWriter, r *http.Request) bool // true: handled
	sessionHook func(w http.ResponseWriter, r *http.Request) bool
}

func newPlatform(t *testing.T) *platform {
	t.Helper()
	p := &platform{mux: http.NewServeMux()}
	p.mux.HandleFunc("POST /oauth/token", func(w http.ResponseWriter, r *http.Request) {
		if p.tokenHook != nil && p.tokenHook(w, r) {
			return
		}
		p.tokens.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":86400}`, ccToken)
	})
	p.mux.HandleFunc("GET /api/v2.0/session", func(w http.ResponseWriter, r *http.Request) {
		if p.sessionHook != nil && p.sessionHook(w, r) {
			return
		}
		n := p.bootstraps.Add(1)
		http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: fmt.Sprintf("%s-%d", sessCookie, n)})
		w.WriteHeader(http.StatusOK)
	})
	p.Server = httptest.NewServer(p.mux)
	t.Cleanup(p.Close)
	return p
}

func (p *platform) client(t *testing.T, opts ...adama.Option) *adama.Client {
	t.Helper()
	base := []adama.Option{
		adama.WithBaseURL(p.URL), adama.WithAuthURL(p.URL), adama.WithHTTPClient(p.Client()),
		adama.WithRetry(adama.RetryPolicy{MinWait: time.Millisecond, MaxWait: 5 * time.Millisecond}),
	}
	c, err := adama.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// recorder is a foreign host that records what reaches it.
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	hits []http.Header
	body []string
}

func newRecorder(t *testing.T) (*recorder, string) {
	t.Helper()
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.hits = append(rec.hits, r.Header.Clone())
		rec.body = append(rec.body, string(b))
		rec.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"id":666},"access_token":"evil"}`))
	}))
	t.Cleanup(rec.Close)
	u, _ := url.Parse(rec.URL)
	u.Host = strings.Replace(u.Host, "127.0.0.1", "localhost", 1) // another host name
	return rec, u.String()
}

func (r *recorder) count() int { r.mu.Lock(); defer r.mu.Unlock(); return len(r.hits) }

func redirectTo(to string, code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, to+r.URL.Path, code) }
}

func TestRedirectsNeverCarryBodiesOrCredentials(t *testing.T) {
	p := newPlatform(t)
	rec, foreign := newRecorder(t)
	p.mux.Handle("POST /api/v2.0/advertisers", redirectTo(foreign, http.StatusTemporaryRedirect))
	p.mux.Handle("POST /api/v2.0/found", redirectTo(foreign, http.StatusFound))
	p.mux.Handle("GET /api/v2.0/bearer", redirectTo(foreign, http.StatusPermanentRedirect))
	c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))

	tests := []struct {
		name string
		req  adama.Request
	}{
		{"307 create with a password in its body", adama.Request{Method: http.MethodPost, Path: "/api/v2.0/advertisers", Auth: adama.AuthNone,
			Body: []byte("name=x&ad_server_password=hunter2"), ContentType: "application/x-www-form-urlencoded"}},
		{"302 turns a POST into a GET elsewhere", adama.Request{Method: http.MethodPost, Path: "/api/v2.0/found", Auth: adama.AuthNone, Body: []byte("a=1")}},
		{"308 with a bearer", adama.Request{Path: "/api/v2.0/bearer", Auth: adama.AuthClientCredentials}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			resp, err := c.Do(context.Background(), &req)
			require.Nil(t, resp, "the foreign answer is never taken as the platform's")
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, adama.CodeRedirectRefused, ae.Code)
			assert.ErrorIs(t, err, adama.ErrTransport)
			method := req.Method
			if method == "" {
				method = http.MethodGet
			}
			assert.Equal(t, method+" "+req.Path, ae.Method+" "+ae.Path)
		})
	}
	assert.Zero(t, rec.count(), "nothing reached the foreign host")
}

func TestTokenEndpointRefusesRedirects(t *testing.T) {
	p := newPlatform(t)
	rec, foreign := newRecorder(t)
	p.tokenHook = func(w http.ResponseWriter, r *http.Request) bool {
		redirectTo(foreign, http.StatusTemporaryRedirect)(w, r)
		return true
	}
	c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
	_, err := c.Token(context.Background())
	require.ErrorIs(t, err, adama.ErrTransport)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeRedirectRefused, ae.Code)

	flow, err := adama.NewAuthCodeFlow(p.URL, "id", ccSecret, "https://app.example/cb", p.Client())
	require.NoError(t, err)
	_, err = flow.Exchange(context.Background(), "the-code", "the-verifier")
	require.ErrorIs(t, err, adama.ErrTransport)
	_, err = flow.TokenSource(context.Background(), &oauth2.Token{RefreshToken: "rt-secret", Expiry: time.Unix(1, 0)}).Token()
	require.ErrorIs(t, err, adama.ErrTransport)

	assert.Zero(t, rec.count(), "no secret, code, verifier or refresh token reached the foreign host")
}

// addBearer is a caller's RoundTripper wrapping x/oauth2's Transport, which
// sets the caller's bearer on every request it carries.
type addBearer struct{ next http.RoundTripper }

func (a addBearer) RoundTrip(r *http.Request) (*http.Response, error) { return a.next.RoundTrip(r) }

func TestWrappedOAuth2TransportSendsNoBearerElsewhere(t *testing.T) {
	p := newPlatform(t)
	rec, foreign := newRecorder(t)
	p.mux.Handle("GET /api/v2.0/away", redirectTo(foreign, http.StatusFound))
	hc := &http.Client{Transport: addBearer{next: &oauth2.Transport{
		Source: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "callers-own-bearer"}),
		Base:   http.DefaultTransport,
	}}}
	c, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithHTTPClient(hc), adama.WithToken(userToken))
	require.NoError(t, err)

	resp, err := c.Do(context.Background(), &adama.Request{Method: http.MethodGet, URL: foreign + "/download?sig=1", Auth: adama.AuthNone})
	require.NoError(t, err)
	resp.Body.Close()
	_, err = c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/away", Auth: adama.AuthBearer})
	require.ErrorIs(t, err, adama.ErrTransport)

	require.Equal(t, 1, rec.count())
	assert.Empty(t, rec.hits[0].Get("Authorization"), "the wrapped oauth2 Transport's bearer did not reach another host")
	assert.Empty(t, rec.hits[0].Get("Cookie"))
}

// errorFields lists every string of e.
func errorFields(e *adama.Error) string {
	parts := []string{e.Code, e.Reason, e.Message, e.Body, e.Method, e.Path, e.RetryAfter, e.Error()}
	for _, f := range e.Fields {
		parts = append(parts, f.Code, f.Message, f.Field)
	}
	if e.Err != nil {
		parts = append(parts, e.Err.Error())
	}
	return strings.Join(parts, "|")
}

func assertNoSecrets(t *testing.T, s string, secrets ...string) {
	t.Helper()
	for _, sec := range secrets {
		assert.NotContains(t, s, sec)
	}
}

func TestEchoedSecretsAreScrubbedFromEveryField(t *testing.T) {
	echo := func(w http.ResponseWriter, r *http.Request, status int) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		ck, _ := r.Cookie(adama.SessionCookieName)
		cookie := ""
		if ck != nil {
			cookie = ck.Value
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"errors": []map[string]string{
				{"code": "bad_" + tok, "message": "token " + tok + " cookie " + cookie, "field": "f_" + cookie},
				{"code": "x_" + cookie, "message": "again " + tok, "field": tok},
			},
			"meta": map[string]string{"status": "invalid"},
		})
	}
	t.Run("API error", func(t *testing.T) {
		p := newPlatform(t)
		p.mux.HandleFunc("GET /api/v2.0/echo", func(w http.ResponseWriter, r *http.Request) { echo(w, r, http.StatusBadRequest) })
		c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
		_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/echo"})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		require.Len(t, ae.Fields, 2)
		assertNoSecrets(t, errorFields(ae), ccToken, sessCookie)
		assert.Contains(t, ae.Code, "[redacted]")
	})
	t.Run("XML reason", func(t *testing.T) {
		p := newPlatform(t)
		p.mux.HandleFunc("GET /api/v2.0/echo", func(w http.ResponseWriter, r *http.Request) {
			tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusForbidden)
			_, _ = fmt.Fprintf(w, `<result><status code="denied_%s" reason="r %s">t %s</status></result>`, tok, tok, tok)
		})
		c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
		_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/echo"})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assertNoSecrets(t, errorFields(ae), ccToken)
	})
	t.Run("session bootstrap error", func(t *testing.T) {
		p := newPlatform(t)
		p.sessionHook = func(w http.ResponseWriter, r *http.Request) bool { echo(w, r, http.StatusForbidden); return true }
		c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
		_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/anything", Auth: adama.AuthSession})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, route.Session, ae.Path)
		assertNoSecrets(t, errorFields(ae), ccToken)
	})
	t.Run("client-credentials error_description", func(t *testing.T) {
		p := newPlatform(t)
		p.tokenHook = func(w http.ResponseWriter, r *http.Request) bool {
			var body map[string]string
			_ = json.NewDecoder(r.Body).Decode(&body)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_client_" + body["client_secret"], "error_description": "bad secret " + body["client_secret"]})
			return true
		}
		c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
		_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/x", Auth: adama.AuthClientCredentials})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Contains(t, ae.Message, "bad secret")
		assertNoSecrets(t, errorFields(ae), ccSecret)
	})
	t.Run("authorization-code error_description", func(t *testing.T) {
		p := newPlatform(t)
		p.tokenHook = func(w http.ResponseWriter, r *http.Request) bool {
			_ = r.ParseForm()
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant",
				"error_description": "no " + r.PostForm.Get("client_secret") + " " + r.PostForm.Get("code") + " " + r.PostForm.Get("code_verifier") + " " + r.PostForm.Get("refresh_token")})
			return true
		}
		flow, err := adama.NewAuthCodeFlow(p.URL, "id", ccSecret, "https://app.example/cb", p.Client())
		require.NoError(t, err)
		_, err = flow.Exchange(context.Background(), "code-S1", "verifier-S2")
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assertNoSecrets(t, errorFields(ae), ccSecret, "code-S1", "verifier-S2")
		_, err = flow.TokenSource(context.Background(), &oauth2.Token{RefreshToken: "refresh-S3", Expiry: time.Unix(1, 0)}).Token()
		require.ErrorAs(t, err, &ae)
		assertNoSecrets(t, errorFields(ae), ccSecret, "refresh-S3")
	})
}

func TestPrintingClientShowsNoSecrets(t *testing.T) {
	p := newPlatform(t)
	c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"), adama.WithToken(userToken))
	_, err := c.Do(context.Background(), &adama.Request{Path: route.Session, Auth: adama.AuthSession})
	require.NoError(t, err, "token and session cookie are now held")
	cookieOnly, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithSessionCookie(sessCookie))
	require.NoError(t, err)
	flow, err := adama.NewAuthCodeFlow(p.URL, "id", ccSecret, "https://app.example/cb", nil)
	require.NoError(t, err)
	for _, v := range []any{c, cookieOnly, flow, *flow} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
			out := fmt.Sprintf(verb, v)
			assertNoSecrets(t, out, ccSecret, ccToken, userToken, sessCookie)
		}
	}
	assert.Contains(t, fmt.Sprint(c), p.URL)
}

func TestStalledAuthHoldsNoOneElse(t *testing.T) {
	tests := []struct {
		name  string
		stall func(p *platform, release <-chan struct{}, entered chan<- struct{})
		mode  adama.AuthMode
	}{
		{"token fetch", func(p *platform, release <-chan struct{}, entered chan<- struct{}) {
			p.tokenHook = func(_ http.ResponseWriter, r *http.Request) bool {
				entered <- struct{}{}
				select {
				case <-release:
				case <-r.Context().Done():
				}
				return false
			}
		}, adama.AuthClientCredentials},
		{"session bootstrap", func(p *platform, release <-chan struct{}, entered chan<- struct{}) {
			p.sessionHook = func(_ http.ResponseWriter, r *http.Request) bool {
				entered <- struct{}{}
				select {
				case <-release:
				case <-r.Context().Done():
				}
				return false
			}
		}, adama.AuthSession},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlatform(t)
			p.mux.HandleFunc("GET /api/v2.0/ok", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
			release, entered := make(chan struct{}), make(chan struct{}, 4)
			defer close(release)
			tt.stall(p, release, entered)
			c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))

			first := make(chan error, 1)
			go func() {
				_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/ok", Auth: tt.mode})
				first <- err
			}()
			<-entered // the first caller's fetch is stalled on the server

			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			second := make(chan error, 1)
			go func() {
				_, err := c.Do(ctx, &adama.Request{Path: "/api/v2.0/ok", Auth: tt.mode})
				second <- err
			}()
			select {
			case err := <-second:
				require.ErrorIs(t, err, context.DeadlineExceeded, "the waiter gave up with its own context")
			case <-time.After(10 * time.Second):
				t.Fatal("a waiter was held by the stalled fetch")
			}

			require.NoError(t, c.Close(), "Close cancels the stalled fetch and waits for it")
			select {
			case err := <-first:
				require.Error(t, err)
			case <-time.After(10 * time.Second):
				t.Fatal("the first caller outlived Close")
			}
			_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/ok", Auth: tt.mode})
			require.Error(t, err, "a closed client fetches no new credentials")
		})
	}
}

func TestSessionExpiryDoesNotRenewTheToken(t *testing.T) {
	p := newPlatform(t)
	var valid atomic.Value
	valid.Store("")
	p.mux.HandleFunc("GET /api/v2.0/me", func(w http.ResponseWriter, r *http.Request) {
		ck, _ := r.Cookie(adama.SessionCookieName)
		if ck == nil || ck.Value == valid.Load().(string) {
			w.WriteHeader(http.StatusUnauthorized) // that session expired
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	c := p.client(t, adama.WithClientCredentials("id", ccSecret, "aud"))
	call := func() error {
		resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/me", Auth: adama.AuthSession})
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	require.NoError(t, call())
	valid.Store(sessCookie + "-1") // the server expires the first session only
	require.NoError(t, call())
	assert.Equal(t, int32(2), p.bootstraps.Load(), "a new session")
	assert.Equal(t, int32(1), p.tokens.Load(), "the still-valid token was kept")
}

func TestTokenWithoutAuthURLNamesTheOption(t *testing.T) {
	p := newPlatform(t)
	c, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithHTTPClient(p.Client()), adama.WithClientCredentials("id", ccSecret, "aud"))
	require.NoError(t, err)
	_, err = c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/x", Auth: adama.AuthClientCredentials})
	require.ErrorIs(t, err, adama.ErrNotConfigured)
	assert.Contains(t, err.Error(), "WithAuthURL")
	assert.Zero(t, p.tokens.Load(), "no token request went to {base_url}")
	assert.NotErrorIs(t, err, adama.ErrTransport)
	assert.False(t, errors.Is(err, adama.ErrOutcomeUnknown))
}

func TestWrappedOAuth2TransportCannotReplaceTheClientsBearer(t *testing.T) {
	p := newPlatform(t)
	var calls atomic.Int32
	p.mux.HandleFunc("GET /api/v2.0/who", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_, _ = io.WriteString(w, r.Header.Get("Authorization"))
	})
	hc := &http.Client{Transport: addBearer{next: &oauth2.Transport{
		Source: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "callers-own-bearer"}),
		Base:   http.DefaultTransport,
	}}}
	c, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithHTTPClient(hc), adama.WithToken(userToken))
	require.NoError(t, err)
	for _, mode := range []adama.AuthMode{adama.AuthBearer, adama.AuthNone} {
		_, err = c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/who", Auth: mode})
		require.ErrorIs(t, err, adama.ErrTransport, "the answer to another identity's request is not the call's")
		assert.Contains(t, err.Error(), "WithHTTPClient")
	}
	assert.Equal(t, int32(2), calls.Load(), "no retry")
}
