package adama

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/time/rate"
)

// Option configures a Client. Options are checked by NewClient.
type Option func(*config) error

type config struct {
	baseURL, authURL, byoaURL string
	httpClient                *http.Client
	tokenSource               oauth2.TokenSource
	cc                        *ccCredentials
	sessionCookie             string
	logger                    *slog.Logger
	retry                     RetryPolicy
	userAgent                 string
	maxResponseBytes          int64
	rateLimit                 rate.Limit
	rateBurst                 int
	strictDecoding            bool
}

// String describes the configuration without its secrets.
func (c config) String() string {
	return fmt.Sprintf("adama config{base: %q, auth: %q, byoa: %q, token source: %t, client credentials: %t, session cookie: %t}",
		c.baseURL, c.authURL, c.byoaURL, c.tokenSource != nil, c.cc != nil, c.sessionCookie != "")
}

// GoString is String: %#v never shows secrets.
func (c config) GoString() string { return c.String() }

// Format prints String for every verb.
func (c config) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, c.String()) }

// DefaultMaxResponseBytes bounds a whole (not streamed) response body after
// decompression when WithMaxResponseBytes is not given: 8 MiB. The largest
// page the platform sends is a list of 100 records with full=* in XML;
// measured against the SDK's fake platform it is 119,025 bytes (atomic
// creatives; strategies 104,473, campaigns 103,373), so the default leaves
// a margin of about 70 times for longer text fields and embedded records.
// A body over the limit fails having cost no more memory than the limit
// and one 1 MiB read chunk.
const DefaultMaxResponseBytes = 8 << 20

// RetryPolicy sets how failed requests are retried. Zero fields take their
// defaults, so RetryPolicy{MinWait: x} changes only the shortest wait; to
// turn retries off set NoRetries (or use WithMaxRetries(0), or
// WithCallRetries(0) for one call).
type RetryPolicy struct {
	// MaxRetries is the number of retries after the first attempt (default
	// 3; zero means the default).
	MaxRetries int
	// NoRetries turns retries off whatever MaxRetries says.
	NoRetries bool
	// MinWait and MaxWait bound the exponential backoff (defaults 200ms, 5s).
	// Each wait is drawn with jitter.
	MinWait, MaxWait time.Duration
	// MaxRetryAfter caps a server's Retry-After (default 30s). A longer
	// Retry-After ends the retries and returns the error.
	MaxRetryAfter time.Duration
}

// DefaultRetryPolicy is what a client uses when WithRetry is not given.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 3, MinWait: 200 * time.Millisecond, MaxWait: 5 * time.Second, MaxRetryAfter: 30 * time.Second}
}

func parseBase(name, raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("adama: %s %q must be an absolute http(s) URL", name, raw)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("adama: %s %q must not carry a query or fragment", name, raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// WithBaseURL sets {base_url}, the main API host (groups A to G).
func WithBaseURL(u string) Option {
	return func(c *config) (err error) { c.baseURL, err = parseBase("base URL", u); return }
}

// WithAuthURL sets {auth_url}, the authorisation server.
func WithAuthURL(u string) Option {
	return func(c *config) (err error) { c.authURL, err = parseBase("auth URL", u); return }
}

// WithBYOAURL sets {byoa_url}, the custom algorithm interface's server (group H).
func WithBYOAURL(u string) Option {
	return func(c *config) (err error) { c.byoaURL, err = parseBase("BYOA URL", u); return }
}

// WithHTTPClient sets the HTTP client whose Transport carries every request
// to the platform (tests inject httptest or gock here). Its Timeout applies
// per attempt. Its Transport must not add credentials: an x/oauth2
// Transport at the top is taken apart (its token source becomes the
// client's unless WithTokenSource was given); one wrapped in another
// RoundTripper cannot be, and a call whose Authorization header it changed
// fails with an *Error matching ErrTransport. Requests to other hosts (a
// pre-signed URL) go through the Transport only when it is an
// *http.Transport, otherwise through http.DefaultTransport, so that a
// wrapper cannot add credentials to them.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) error {
		if hc == nil {
			return errors.New("adama: WithHTTPClient: nil client")
		}
		c.httpClient = hc
		return nil
	}
}

// WithTokenSource sets where bearer tokens come from: any oauth2.TokenSource,
// such as one from AuthCodeFlow.TokenSource or oauth2.StaticTokenSource.
func WithTokenSource(ts oauth2.TokenSource) Option {
	return func(c *config) error {
		if ts == nil {
			return errors.New("adama: WithTokenSource: nil token source")
		}
		if c.tokenSource != nil {
			return errTwoTokens
		}
		c.tokenSource = ts
		return nil
	}
}

var errTwoTokens = errors.New("adama: WithToken and WithTokenSource (or either twice, or ADAMA_ACCESS_TOKEN with one of them) both set the bearer token; give one")

// WithToken is WithTokenSource with a fixed access token.
func WithToken(accessToken string) Option {
	return func(c *config) error {
		if accessToken == "" {
			return errors.New("adama: WithToken: empty token")
		}
		if c.tokenSource != nil {
			return errTwoTokens
		}
		c.tokenSource = oauth2.StaticTokenSource(&oauth2.Token{AccessToken: accessToken, TokenType: "Bearer"})
		return nil
	}
}

// WithClientCredentials makes the client obtain tokens with the
// client-credentials grant (group G): a JSON body with audience, grant_type,
// client_id and client_secret posted to {auth_url}/oauth/token (WithAuthURL
// is then needed). Tokens are cached and renewed before they expire.
//
// It combines with WithTokenSource or WithToken: calls made with
// AuthClientCredentials send this grant's token, AuthBearer and AuthSession
// calls send the token source's. A client given only client credentials
// sends their token on every authenticated call.
func WithClientCredentials(clientID, clientSecret, audience string) Option {
	return func(c *config) error {
		if err := missing([2]string{"client_id", clientID}, [2]string{"client_secret", clientSecret}); err != nil {
			return err
		}
		if c.cc != nil {
			return errors.New("adama: WithClientCredentials given twice")
		}
		c.cc = &ccCredentials{clientID: clientID, clientSecret: clientSecret, audience: audience}
		return nil
	}
}

// WithSessionCookie authenticates with an existing adama_session cookie and
// no bearer token.
//
// Deprecated: cookie-only authentication is deprecated by the platform; use
// a token (WithTokenSource, WithClientCredentials), from which the client
// obtains the session cookie itself.
func WithSessionCookie(cookie string) Option {
	return func(c *config) error {
		if cookie == "" {
			return errors.New("adama: WithSessionCookie: empty cookie")
		}
		c.sessionCookie = cookie
		return nil
	}
}

// WithLogger sets the logger. The client logs method, path, status, attempt
// and duration at debug level, never credentials. Silent by default.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error {
		if l == nil {
			return errors.New("adama: WithLogger: nil logger")
		}
		c.logger = l
		return nil
	}
}

// WithRetry sets the retry policy. Zero fields take their defaults
// (MaxRetries included); NoRetries asks for none.
func WithRetry(p RetryPolicy) Option {
	return func(c *config) error {
		d := DefaultRetryPolicy()
		if p.MaxRetries < 0 || p.MaxRetries > 20 {
			return fmt.Errorf("adama: WithRetry: MaxRetries %d must be between 0 and 20", p.MaxRetries)
		}
		switch {
		case p.NoRetries:
			p.MaxRetries = 0
		case p.MaxRetries == 0:
			p.MaxRetries = d.MaxRetries
		}
		if p.MinWait < 0 || p.MaxWait < 0 || p.MaxRetryAfter < 0 {
			return errors.New("adama: WithRetry: waits must not be negative")
		}
		if p.MinWait == 0 {
			p.MinWait = d.MinWait
		}
		if p.MaxWait == 0 {
			p.MaxWait = d.MaxWait
		}
		if p.MaxWait < p.MinWait {
			return fmt.Errorf("adama: WithRetry: MaxWait %s is below MinWait %s", p.MaxWait, p.MinWait)
		}
		if p.MaxRetryAfter == 0 {
			p.MaxRetryAfter = d.MaxRetryAfter
		}
		c.retry = p
		return nil
	}
}

// WithMaxRetries sets only the retry count of the policy.
func WithMaxRetries(n int) Option {
	return func(c *config) error {
		if n < 0 || n > 20 {
			return fmt.Errorf("adama: WithMaxRetries: %d must be between 0 and 20", n)
		}
		c.retry.MaxRetries = n
		return nil
	}
}

// WithMaxResponseBytes bounds the size of a whole response body after
// decompression (default DefaultMaxResponseBytes). Reading past it fails
// with an *Error matching ErrTooLarge. Requests marked Stream are not
// bounded in total; their readers bound each line or record instead.
func WithMaxResponseBytes(n int64) Option {
	return func(c *config) error {
		if n <= 0 {
			return fmt.Errorf("adama: WithMaxResponseBytes: %d must be positive", n)
		}
		c.maxResponseBytes = n
		return nil
	}
}

// WithRateLimit limits the client to r requests a second with bursts of
// burst, across all its calls. Every attempt (retries, session bootstraps
// and redirects included) waits for the limiter and gives up when its
// context ends. Without it the client sends as fast as it is asked,
// pausing only when a 429 answer's Retry-After says so.
func WithRateLimit(r rate.Limit, burst int) Option {
	return func(c *config) error {
		if r <= 0 || burst <= 0 {
			return fmt.Errorf("adama: WithRateLimit: rate %v and burst %d must be positive", r, burst)
		}
		c.rateLimit, c.rateBurst = r, burst
		return nil
	}
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *config) error { c.userAgent = ua; return nil }
}

// Environment variables read by WithEnv.
const (
	EnvBaseURL      = "ADAMA_BASE_URL"
	EnvAuthURL      = "ADAMA_AUTH_URL"
	EnvBYOAURL      = "ADAMA_BYOA_URL"
	EnvClientID     = "ADAMA_CLIENT_ID"
	EnvClientSecret = "ADAMA_CLIENT_SECRET"
	EnvAudience     = "ADAMA_AUDIENCE"
	EnvAccessToken  = "ADAMA_ACCESS_TOKEN"
)

// WithEnv reads the ADAMA_* environment variables: base, auth and BYOA
// URLs, and credentials (ADAMA_ACCESS_TOKEN, or ADAMA_CLIENT_ID with
// ADAMA_CLIENT_SECRET and optionally ADAMA_AUDIENCE for client credentials).
// Unset variables leave the setting alone. The client reads the environment
// only when given this option.
func WithEnv() Option { return WithEnvFrom(os.Getenv) }

// WithEnvFrom is WithEnv reading variables through getenv, for tests and
// for programs that keep their settings elsewhere.
func WithEnvFrom(getenv func(string) string) Option {
	return func(c *config) error {
		if getenv == nil {
			return errors.New("adama: WithEnvFrom: nil getenv")
		}
		for _, e := range []struct {
			name string
			opt  func(string) Option
		}{{EnvBaseURL, WithBaseURL}, {EnvAuthURL, WithAuthURL}, {EnvBYOAURL, WithBYOAURL}} {
			if v := getenv(e.name); v != "" {
				if err := e.opt(v)(c); err != nil {
					return err
				}
			}
		}
		if tok := getenv(EnvAccessToken); tok != "" {
			return WithToken(tok)(c)
		}
		if id, sec := getenv(EnvClientID), getenv(EnvClientSecret); id != "" && sec != "" {
			return WithClientCredentials(id, sec, getenv(EnvAudience))(c)
		}
		return nil
	}
}
