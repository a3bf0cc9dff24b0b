package adama

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// TokenPath is the token endpoint's path under {auth_url}.
const TokenPath = "/oauth/token"

// AuthorizePath is the authorization endpoint's path under {auth_url}.
const AuthorizePath = "/authorize"

// tokenEarlyRenewal is how long before expiry a cached token is renewed.
const tokenEarlyRenewal = 5 * time.Minute

// ccCredentials are client-credentials settings.
type ccCredentials struct {
	clientID, clientSecret, audience string
}

// ccSource obtains tokens with the client-credentials grant and a JSON body,
// which x/oauth2's clientcredentials package cannot send (it sends forms).
type ccSource struct {
	ctx   context.Context
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

// Token posts the JSON client-credentials request.
func (s *ccSource) Token() (*oauth2.Token, error) {
	body, err := json.Marshal(ccRequest{
		Audience: s.creds.audience, GrantType: "client_credentials",
		ClientID: s.creds.clientID, ClientSecret: s.creds.clientSecret,
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("adama: token request: %w", scrubErr(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("adama: token response: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		e := ErrorFromBody(resp.StatusCode, resp.Header, http.MethodPost, TokenPath, data)
		e.Body = "" // a token endpoint's body may echo credentials
		return nil, e
	}
	var tr tokenResponse
	if err := json.Unmarshal(data, &tr); err != nil || tr.AccessToken == "" {
		return nil, &Error{StatusCode: resp.StatusCode, Code: "invalid_token_response", Message: "token response carries no access_token", Method: http.MethodPost, Path: TokenPath}
	}
	tok := &oauth2.Token{AccessToken: tr.AccessToken, TokenType: tr.TokenType, RefreshToken: tr.RefreshToken}
	if tr.ExpiresIn > 0 {
		tok.Expiry = time.Now().Add(time.Duration(tr.ExpiresIn) * time.Second)
	}
	return tok, nil
}

// renewableSource caches tokens from an underlying source, renews them
// tokenEarlyRenewal before they expire, and can be told that the current
// token was refused so the next call fetches a new one.
type renewableSource struct {
	mu    sync.Mutex
	src   oauth2.TokenSource
	tok   *oauth2.Token
	stale bool
}

func (r *renewableSource) Token() (*oauth2.Token, error) {
	if t := r.cached(); t != nil {
		return t, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.tok != nil && !r.stale && r.tok.AccessToken != "" &&
		(r.tok.Expiry.IsZero() || time.Until(r.tok.Expiry) > tokenEarlyRenewal) {
		return r.tok, nil // renewed by a concurrent caller
	}
	src := r.src
	if r.stale && r.tok != nil {
		if rs, ok := src.(interface {
			renew(*oauth2.Token) oauth2.TokenSource
		}); ok {
			src = rs.renew(r.tok)
		}
	}
	t, err := src.Token()
	if err != nil {
		return nil, err
	}
	r.tok, r.stale = t, false
	return t, nil
}

// cached returns the current token when it is still good, without
// fetching.
func (r *renewableSource) cached() *oauth2.Token {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.tok != nil && !r.stale && r.tok.AccessToken != "" &&
		(r.tok.Expiry.IsZero() || time.Until(r.tok.Expiry) > tokenEarlyRenewal) {
		return r.tok
	}
	return nil
}

// invalidate marks tok refused; a later Token call renews it.
func (r *renewableSource) invalidate(tok *oauth2.Token) {
	r.mu.Lock()
	if r.tok == tok {
		r.stale = true
	}
	r.mu.Unlock()
}

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
	var v Validator
	v.Require("client_id", clientID != "")
	v.Require("redirect_url", redirectURL != "")
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &AuthCodeFlow{
		cfg: &oauth2.Config{
			ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
			Endpoint: oauth2.Endpoint{AuthURL: base + AuthorizePath, TokenURL: base + TokenPath, AuthStyle: oauth2.AuthStyleInParams},
		},
		hc: tokenHTTPClient(httpClient, DefaultRetryPolicy()),
	}, nil
}

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
		return nil, oauthError(err, "authorization_code")
	}
	return tok, nil
}

// TokenSource returns a source that hands out tok and refreshes it with its
// refresh token when it expires or when the platform refuses it.
func (f *AuthCodeFlow) TokenSource(ctx context.Context, tok *oauth2.Token) oauth2.TokenSource {
	return &refreshSource{ctx: context.WithValue(context.WithoutCancel(ctx), oauth2.HTTPClient, f.hc), cfg: f.cfg, tok: tok}
}

type refreshSource struct {
	ctx context.Context
	cfg *oauth2.Config
	tok *oauth2.Token
}

func (s *refreshSource) Token() (*oauth2.Token, error) {
	t, err := s.cfg.TokenSource(s.ctx, s.tok).Token()
	if err != nil {
		return nil, oauthError(err, "refresh_token")
	}
	return t, nil
}

// renew returns a source that refreshes even though cur has not expired.
func (s *refreshSource) renew(cur *oauth2.Token) oauth2.TokenSource {
	if cur.RefreshToken == "" {
		return s
	}
	return &refreshSource{ctx: s.ctx, cfg: s.cfg, tok: &oauth2.Token{RefreshToken: cur.RefreshToken, Expiry: time.Unix(1, 0)}}
}

// oauthError turns x/oauth2's error into an *Error without the response body
// (which may hold tokens).
func oauthError(err error, grant string) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) && re.Response != nil {
		code := re.ErrorCode
		if code == "" {
			code = "token_error"
		}
		return &Error{StatusCode: re.Response.StatusCode, Code: code, Message: grant + " grant refused: " + re.ErrorDescription, Method: http.MethodPost, Path: TokenPath}
	}
	return fmt.Errorf("adama: %s grant: %w", grant, scrubErr(err))
}

// newVerifierState returns a random URL-safe string.
func randomString() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// S256Challenge returns the PKCE S256 challenge of verifier.
func S256Challenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
