package adama

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/route"

	"golang.org/x/oauth2"
)

// tokenEarlyRenewal is how long before expiry a cached token is renewed.
const tokenEarlyRenewal = 5 * time.Minute

// ccCredentials are client-credentials settings.
type ccCredentials struct {
	clientID, clientSecret, audience string
}

// String names the client without its secret.
func (c ccCredentials) String() string {
	return fmt.Sprintf("client credentials{client_id: %q, audience: %q, client_secret: [redacted]}", c.clientID, c.audience)
}

// GoString is String.
func (c ccCredentials) GoString() string { return c.String() }

// Format prints String for every verb.
func (c ccCredentials) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, c.String()) }

// ccSource obtains tokens with the client-credentials grant and a JSON body,
// which x/oauth2's clientcredentials package cannot send (it sends forms).
// url is empty when the client was given no auth URL.
type ccSource struct {
	hc    *http.Client
	url   string
	creds ccCredentials
}

type ccRequest struct {
	Audience     string `json:"audience,omitempty"`
	GrantType    string `json:"grant_type"`
	ClientID     string `json:"client_id"`
	ClientSecret string `json:"client_secret"`
}

type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
}

// maxTokenBody bounds a token endpoint's answer.
const maxTokenBody = 1 << 20

// Token posts the JSON client-credentials request without a deadline; the
// client itself calls tokenCtx.
func (s *ccSource) Token() (*oauth2.Token, error) { return s.tokenCtx(context.Background()) }

func (s *ccSource) tokenCtx(ctx context.Context) (*oauth2.Token, error) {
	if s.url == "" {
		return nil, notConfigured(http.MethodPost, route.Token, "the client-credentials grant needs the token endpoint's host: give WithAuthURL")
	}
	body, err := json.Marshal(ccRequest{
		Audience: s.creds.audience, GrantType: "client_credentials",
		ClientID: s.creds.clientID, ClientSecret: s.creds.clientSecret,
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	scrub := func(v string) string { return scrubAll(v, s.creds.clientSecret) }
	resp, err := s.hc.Do(req)
	if err != nil {
		return nil, scrubError(transportError(http.MethodPost, route.Token, err, false), scrub)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxTokenBody))
	if err != nil {
		return nil, scrubError(transportError(http.MethodPost, route.Token, err, false), scrub)
	}
	if resp.StatusCode/100 != 2 {
		e := errorFromBody(resp.StatusCode, resp.Header, http.MethodPost, route.Token, data)
		e.Body = "" // a token endpoint's body may echo credentials
		return nil, scrubError(e, scrub)
	}
	var tr tokenResponse
	if err := json.Unmarshal(data, &tr); err != nil || tr.AccessToken == "" {
		return nil, &Error{StatusCode: resp.StatusCode, Code: "invalid_token_response", Message: "token response carries no access_token", Method: http.MethodPost, Path: route.Token}
	}
	tok := &oauth2.Token{AccessToken: tr.AccessToken, TokenType: tr.TokenType, RefreshToken: tr.RefreshToken}
	if tr.ExpiresIn > 0 {
		tok.Expiry = time.Now().Add(time.Duration(tr.ExpiresIn) * time.Second)
	}
	return tok, nil
}

// ctxTokenSource is a token source whose fetch a context bounds; the
// client's own sources are, a caller's oauth2.TokenSource is not.
type ctxTokenSource interface {
	tokenCtx(ctx context.Context) (*oauth2.Token, error)
}

// authFetchTimeout bounds one token fetch or session bootstrap, retries
// included; callers stop waiting earlier when their own context ends.
const authFetchTimeout = 30 * time.Second

// flight is one fetch in progress; waiters block on done.
type flight[T any] struct {
	done chan struct{}
	val  T
	err  error
}

// renewableSource caches tokens from an underlying source, renews them
// tokenEarlyRenewal before they expire, and can be told that the current
// token was refused so the next call fetches a new one. One fetch runs at
// a time, in its own goroutine bounded by authFetchTimeout and the
// client's lifetime; no lock is held while it runs and every waiter gives
// up when its own context ends.
type renewableSource struct {
	life context.Context // ends at Client.Close
	wg   *sync.WaitGroup // fetches Close waits for

	mu     sync.Mutex
	src    oauth2.TokenSource
	tok    *oauth2.Token
	stale  bool
	flight *flight[*oauth2.Token]
}

func (r *renewableSource) goodLocked() bool {
	return r.tok != nil && !r.stale && r.tok.AccessToken != "" &&
		(r.tok.Expiry.IsZero() || time.Until(r.tok.Expiry) > tokenEarlyRenewal)
}

// token returns the cached token or waits, at most until ctx ends, for
// the one fetch in flight (starting it if none is).
func (r *renewableSource) token(ctx context.Context) (*oauth2.Token, error) {
	r.mu.Lock()
	if r.goodLocked() {
		t := r.tok
		r.mu.Unlock()
		return t, nil
	}
	f := r.flight
	if f == nil {
		if r.life.Err() != nil {
			r.mu.Unlock()
			return nil, errClosed
		}
		f = &flight[*oauth2.Token]{done: make(chan struct{})}
		r.flight = f
		src := r.src
		if r.tok != nil {
			if rs, ok := src.(interface {
				renew(*oauth2.Token) oauth2.TokenSource
			}); ok {
				src = rs.renew(r.tok)
			}
		}
		cs, bounded := src.(ctxTokenSource)
		if bounded {
			r.wg.Add(1)
		}
		go r.fetch(f, src, cs, bounded)
	}
	r.mu.Unlock()
	select {
	case <-f.done:
		return f.val, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *renewableSource) fetch(f *flight[*oauth2.Token], src oauth2.TokenSource, cs ctxTokenSource, bounded bool) {
	var t *oauth2.Token
	var err error
	if bounded {
		defer r.wg.Done()
		ctx, cancel := context.WithTimeout(r.life, authFetchTimeout)
		t, err = cs.tokenCtx(ctx)
		cancel()
	} else {
		t, err = src.Token()
	}
	if err == nil && (t == nil || t.AccessToken == "") {
		err = &Error{Code: "invalid_token_response", Message: "the token source returned no access token", Method: http.MethodPost, Path: route.Token}
	}
	r.mu.Lock()
	if err == nil {
		r.tok, r.stale = t, false
	}
	r.flight = nil
	r.mu.Unlock()
	f.val, f.err = t, err
	close(f.done)
}

// current returns the last token obtained, good or not, for scrubbing.
func (r *renewableSource) current() *oauth2.Token {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tok
}

// isCurrent reports whether tok is the cached token and not marked
// refused.
func (r *renewableSource) isCurrent(tok *oauth2.Token) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tok == tok && !r.stale
}

// replaced reports whether a newer token than tok has been obtained.
func (r *renewableSource) replaced(tok *oauth2.Token) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tok != tok
}

// invalidate marks tok refused; a later Token call renews it.
func (r *renewableSource) invalidate(tok *oauth2.Token) {
	r.mu.Lock()
	if r.tok == tok {
		r.stale = true
	}
	r.mu.Unlock()
}

// errClosed is returned by calls on a closed Client.
var errClosed = errors.New("adama: the client is closed")

// AuthCodeFlow is the authorization-code grant with PKCE (S256) against
// {auth_url}: build the URL the user opens, exchange the returned code for
// a token, and get a TokenSource that refreshes it.
type AuthCodeFlow struct {
	cfg *oauth2.Config
	hc  *http.Client
}

// NewAuthCodeFlow returns the flow for an application registered with the
// operator. httpClient may be nil for a default retrying client; pass the
// same one given to WithHTTPClient in tests.
func NewAuthCodeFlow(authURL, clientID, clientSecret, redirectURL string, httpClient *http.Client) (*AuthCodeFlow, error) {
	base, err := parseBase("auth URL", authURL)
	if err != nil {
		return nil, err
	}
	if err := missing([2]string{"client_id", clientID}, [2]string{"redirect_url", redirectURL}); err != nil {
		return nil, err
	}
	return &AuthCodeFlow{
		cfg: &oauth2.Config{
			ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
			Endpoint: oauth2.Endpoint{AuthURL: base + route.Authorize, TokenURL: base + route.Token, AuthStyle: oauth2.AuthStyleInParams},
		},
		hc: tokenHTTPClient(httpClient, DefaultRetryPolicy()),
	}, nil
}

// String describes the flow without its client secret.
func (f AuthCodeFlow) String() string {
	return fmt.Sprintf("adama.AuthCodeFlow{client_id: %q, token_url: %q, client_secret: [redacted]}", f.cfg.ClientID, f.cfg.Endpoint.TokenURL)
}

// GoString is String: %#v never shows the secret.
func (f AuthCodeFlow) GoString() string { return f.String() }

// Format prints String for every verb.
func (f AuthCodeFlow) Format(s fmt.State, _ rune) { _, _ = io.WriteString(s, f.String()) }

// Config returns a copy of the underlying oauth2 configuration.
func (f *AuthCodeFlow) Config() oauth2.Config { return *f.cfg }

// AuthURL returns the URL to send the user to and the PKCE verifier to keep
// for Exchange. state protects against cross-site request forgery.
func (f *AuthCodeFlow) AuthURL(state string, opts ...oauth2.AuthCodeOption) (authURL, verifier string) {
	verifier = oauth2.GenerateVerifier()
	opts = append(opts, oauth2.S256ChallengeOption(verifier))
	return f.cfg.AuthCodeURL(state, opts...), verifier
}

// Exchange trades the code from the redirect for a token.
func (f *AuthCodeFlow) Exchange(ctx context.Context, code, verifier string) (*oauth2.Token, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, f.hc)
	tok, err := f.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, oauthError(err, "authorization_code", f.cfg.ClientSecret, code, verifier)
	}
	return tok, nil
}

// TokenSource returns a source that hands out tok and refreshes it with its
// refresh token when it expires or when the platform refuses it. ctx's
// values reach the refresh requests; its cancellation does not (a Client
// bounds each refresh itself).
func (f *AuthCodeFlow) TokenSource(ctx context.Context, tok *oauth2.Token) oauth2.TokenSource {
	return &refreshSource{ctx: context.WithoutCancel(ctx), hc: f.hc, cfg: f.cfg, tok: tok}
}

type refreshSource struct {
	ctx context.Context
	hc  *http.Client
	cfg *oauth2.Config
	tok *oauth2.Token
}

func (s *refreshSource) Token() (*oauth2.Token, error) { return s.tokenCtx(s.ctx) }

func (s *refreshSource) tokenCtx(ctx context.Context) (*oauth2.Token, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, s.hc)
	t, err := s.cfg.TokenSource(ctx, s.tok).Token()
	if err != nil {
		return nil, oauthError(err, "refresh_token", s.cfg.ClientSecret, s.tok.AccessToken, s.tok.RefreshToken)
	}
	return t, nil
}

// renew returns a source that refreshes with cur's refresh token (the
// latest one, should the server rotate them) even though cur has not
// expired.
func (s *refreshSource) renew(cur *oauth2.Token) oauth2.TokenSource {
	if cur.RefreshToken == "" {
		return s
	}
	return &refreshSource{ctx: s.ctx, hc: s.hc, cfg: s.cfg, tok: &oauth2.Token{RefreshToken: cur.RefreshToken, Expiry: time.Unix(1, 0)}}
}

// String describes the source without its tokens.
func (s *refreshSource) String() string { return "adama refresh-token source{tokens: [redacted]}" }

// GoString is String.
func (s *refreshSource) GoString() string { return s.String() }

// oauthError turns x/oauth2's error into an *Error without the response
// body (which may hold tokens) and with secrets scrubbed from every field.
func oauthError(err error, grant string, secrets ...string) error {
	scrub := func(v string) string { return scrubAll(v, secrets...) }
	var re *oauth2.RetrieveError
	if errors.As(err, &re) && re.Response != nil {
		code := re.ErrorCode
		if code == "" {
			code = "token_error"
		}
		return scrubError(&Error{StatusCode: re.Response.StatusCode, Code: code, Message: grant + " grant refused: " + re.ErrorDescription, Method: http.MethodPost, Path: route.Token}, scrub)
	}
	return scrubError(transportError(http.MethodPost, route.Token, err, false), scrub)
}

// newVerifierState returns a random URL-safe string.
func randomString() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
