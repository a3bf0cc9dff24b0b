package adama_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/route"
)

// authCodeToken runs the authorization-code flow against srv and returns
// the flow and its token.
func authCodeToken(t *testing.T, srv *adamatest.Server) (*adama.AuthCodeFlow, *oauth2.Token) {
	t.Helper()
	flow, err := adama.NewAuthCodeFlow(srv.URL, srv.ClientID(), srv.ClientSecret(), adamatest.DefaultRedirectURL, srv.Client())
	require.NoError(t, err)
	authURL, verifier := flow.AuthURL("state-1")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	tok, err := flow.Exchange(context.Background(), loc.Query().Get("code"), verifier)
	require.NoError(t, err)
	return flow, tok
}

// When the token and the session have both expired, 50 concurrent calls
// renew them once: one token, one session bootstrap, every call succeeding.
func TestOneRenewalPerExpiryUnderConcurrency(t *testing.T) {
	grants := []struct {
		name   string
		client func(t *testing.T, srv *adamatest.Server) *adama.Client
	}{
		{"client credentials", func(t *testing.T, srv *adamatest.Server) *adama.Client { return newClient(t, srv) }},
		{"authorization code", func(t *testing.T, srv *adamatest.Server) *adama.Client {
			flow, tok := authCodeToken(t, srv)
			c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithAuthURL(srv.URL), adama.WithHTTPClient(srv.Client()),
				adama.WithTokenSource(flow.TokenSource(context.Background(), tok)), adama.WithLogger(debugLogger()),
				adama.WithRetry(adama.RetryPolicy{MaxRetries: 3, MinWait: time.Millisecond, MaxWait: 20 * time.Millisecond}))
			require.NoError(t, err)
			t.Cleanup(func() { _ = c.Close() })
			return c
		}},
	}
	scenarios := []struct {
		name     string
		lifetime time.Duration // of tokens; 0 for the fake's default
		wait     time.Duration // before the storm
		latency  time.Duration
		sessions int // GET /session requests at most
	}{
		// The platform drops token and session; the client learns it from
		// the 401s, so one bootstrap with the old token may be refused
		// before the token is renewed.
		{name: "revoked", sessions: 2},
		{name: "revoked, 2 ms latency", latency: 2 * time.Millisecond, sessions: 2},
		{name: "revoked, 10 ms latency", latency: 10 * time.Millisecond, sessions: 2},
		// The token has also reached its renewal time on the client (a
		// token of 5 min 2 s is renewed after 2 s): the token first, then
		// exactly one bootstrap.
		{name: "expired", lifetime: 5*time.Minute + 2*time.Second, wait: 2100 * time.Millisecond, sessions: 1},
	}
	for _, g := range grants {
		for _, sc := range scenarios {
			t.Run(g.name+"/"+sc.name, func(t *testing.T) {
				var opts []adamatest.Option
				if sc.lifetime > 0 {
					opts = append(opts, adamatest.WithTokenLifetime(sc.lifetime))
				}
				srv := newServer(t, opts...)
				c := g.client(t, srv)
				ctx := context.Background()
				_, err := ping(ctx, c, http.MethodGet)
				require.NoError(t, err)
				tokens, sessions := srv.TokensIssued(), srv.SessionBootstraps()

				time.Sleep(sc.wait)
				// The renewed token lives a day: a storm that outlasts the
				// short token's 2 s renewal window on a loaded machine must
				// not count a second, legitimate renewal.
				srv.SetTokenLifetime(24 * time.Hour)
				srv.RevokeTokens() // token and session expire server-side
				srv.ResetRequests()
				srv.SetLatency(sc.latency)
				var wg sync.WaitGroup
				errs := make([]error, 50)
				for i := range errs {
					wg.Add(1)
					go func() {
						defer wg.Done()
						p, err := ping(ctx, c, http.MethodGet)
						if err == nil && !p.Pong {
							err = errors.New("no pong")
						}
						errs[i] = err
					}()
				}
				wg.Wait()
				for i, err := range errs {
					assert.NoError(t, err, "call %d", i)
				}
				assert.Equal(t, 1, srv.SessionBootstraps()-sessions, "one session bootstrap")
				assert.Equal(t, 1, srv.TokensIssued()-tokens, "one token renewal")
				assert.LessOrEqual(t, srv.Count("GET "+route.Session), sc.sessions, "GET %s requests", route.Session)
				assert.LessOrEqual(t, srv.Count("GET /api/v2.0/ping"), 100, "each call replayed at most once")
			})
		}
	}
}
