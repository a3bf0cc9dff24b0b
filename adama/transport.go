package adama

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/time/rate"
)

type stateKey struct{}

// attemptState travels with one call through go-retryablehttp's hooks.
type attemptState struct {
	idempotent bool
	maxRetries int
	policy     RetryPolicy
	attempts   int         // sends so far; written by the request hook before each send
	gotConn    atomic.Bool // a connection was obtained: the request may have reached the server
	alienAuth  atomic.Bool // a RoundTripper below the client wrote an Authorization header of its own
}

func idempotentMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// retryStatus reports the statuses worth retrying.
func retryStatus(code int) bool {
	switch code {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// notSent reports whether err proves the request never reached the server
// (the connection could not be made).
func notSent(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// checkRetry decides whether go-retryablehttp tries again.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	st, _ := ctx.Value(stateKey{}).(*attemptState)
	if st == nil {
		st = &attemptState{idempotent: true, maxRetries: DefaultRetryPolicy().MaxRetries, policy: DefaultRetryPolicy()}
	}
	if st.alienAuth.Load() {
		return false, nil
	}
	if st.attempts > st.maxRetries {
		return false, nil
	}
	if err != nil {
		var rr *redirectRefusedError
		if errors.As(err, &rr) || errors.Is(err, errWaitPastDeadline) {
			return false, nil
		}
		if !st.idempotent && !notSent(err) {
			return false, nil
		}
		// The default policy refuses redirect loops, bad schemes and TLS
		// certificate errors; everything else is a connection error.
		return retryablehttp.DefaultRetryPolicy(ctx, nil, err)
	}
	if resp == nil || !retryStatus(resp.StatusCode) || !st.idempotent {
		return false, nil
	}
	if ra, ok := retryAfter(resp); ok && ra > st.policy.MaxRetryAfter {
		return false, nil // the server asks for longer than we wait: give the error back now
	}
	return true, nil
}

// retryAfter parses a Retry-After header in seconds or as an HTTP date.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp == nil {
		return 0, false
	}
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
		if s > 86400 {
			s = 86400
		}
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := time.Until(t)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// backoff honours Retry-After (checkRetry already refused one beyond the
// cap) and otherwise waits an exponential time with full jitter.
func backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if ra, ok := retryAfter(resp); ok {
		return ra
	}
	ceil := minWait
	for i := 0; i < attempt && ceil < maxWait; i++ {
		ceil *= 2
	}
	if ceil > maxWait {
		ceil = maxWait
	}
	if ceil <= minWait {
		return minWait
	}
	return minWait + rand.N(ceil-minWait)
}

// origin returns u's lower-cased scheme://host.
func origin(u *url.URL) string {
	k := originOf(u)
	return k.scheme + "://" + k.host
}

// originKey is a lower-cased scheme and host; building one from a URL
// already in lower case allocates nothing.
type originKey struct{ scheme, host string }

func originOf(u *url.URL) originKey {
	return originKey{strings.ToLower(u.Scheme), strings.ToLower(u.Host)}
}

// hostGuard strips credentials from any request to an origin (scheme and
// host) that is not the platform's, and sends such requests through
// foreign: a caller's RoundTripper that wraps x/oauth2's Transport would
// otherwise add its bearer below the guard.
type hostGuard struct {
	next    http.RoundTripper
	foreign http.RoundTripper
	origins map[originKey]bool
}

func (g *hostGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if g.origins[originOf(req.URL)] {
		return g.next.RoundTrip(req)
	}
	if hasCredentials(req.Header) {
		req = req.Clone(req.Context())
		for _, h := range credentialHeaders {
			delete(req.Header, h)
		}
	}
	return g.foreign.RoundTrip(req)
}

// credentialHeaders are the headers that carry the client's credentials,
// in canonical form (so that deleting them allocates nothing).
var credentialHeaders = [...]string{"Authorization", "Cookie", "Adama_session", "Adama_session_exp"}

func hasCredentials(h http.Header) bool {
	for _, k := range credentialHeaders {
		if h.Get(k) != "" {
			return true
		}
	}
	return false
}

// foreignTransport is the RoundTripper for hosts that are not the
// platform's: the caller's own *http.Transport, or http.DefaultTransport
// when the caller's is a wrapper that might add credentials.
func foreignTransport(rt http.RoundTripper) http.RoundTripper {
	if t, ok := rt.(*http.Transport); ok {
		return t
	}
	return processDefault{}
}

// processDefault is http.DefaultTransport as it is at the time of each
// request (a test's HTTP mock installed after the client was built takes
// effect).
type processDefault struct{}

func (processDefault) RoundTrip(req *http.Request) (*http.Response, error) {
	return http.DefaultTransport.RoundTrip(req)
}

// refuseRedirect is a CheckRedirect that follows at most 10 redirects and
// never one that takes a request with credentials or a body to another
// origin (host or scheme).
func refuseRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	first := via[0]
	guarded := hasCredentials(first.Header) ||
		first.ContentLength != 0 || first.Body != nil && first.Body != http.NoBody || first.GetBody != nil
	if guarded && originOf(req.URL) != originOf(first.URL) {
		status := 0
		if req.Response != nil {
			status = req.Response.StatusCode
		}
		return &redirectRefusedError{status: status, from: origin(first.URL), to: origin(req.URL)}
	}
	return nil
}

// errWaitPastDeadline: the rate limiter's wait would outlast the call's
// deadline, so the call ends now, unsent.
var errWaitPastDeadline = fmt.Errorf("adama: rate limit: the wait would outlast the deadline: %w", context.DeadlineExceeded)

// gate holds every attempt to the limiter and to a pause a 429 asked for.
type gate struct {
	next    http.RoundTripper
	limiter *rate.Limiter // nil: no limit
	maxWait time.Duration // the longest pause a Retry-After may set

	// until is when the pause a 429 asked for ends, in Unix nanoseconds
	// (0: none). Every attempt reads it, so it is an atomic rather than a
	// mutex that every concurrent call would take.
	until atomic.Int64
}

func (g *gate) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := g.wait(ctx); err != nil {
		return nil, err
	}
	if g.limiter != nil {
		if err := g.limiter.Wait(ctx); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, errWaitPastDeadline
		}
	}
	resp, err := g.next.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		if ra, ok := retryAfter(resp); ok && ra > 0 {
			g.pause(min(ra, g.maxWait))
		}
	}
	return resp, err
}

// pause holds every attempt for d from now (a longer pause already set
// stays).
func (g *gate) pause(d time.Duration) {
	t := time.Now().Add(d).UnixNano()
	for {
		cur := g.until.Load()
		if t <= cur || g.until.CompareAndSwap(cur, t) {
			return
		}
	}
}

// wait blocks until the pause ends or ctx does.
func (g *gate) wait(ctx context.Context) error {
	for {
		until := g.until.Load()
		if until == 0 {
			return nil // never paused: no clock read
		}
		d := time.Until(time.Unix(0, until))
		if d <= 0 {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

func baseTransport(hc *http.Client) (http.RoundTripper, time.Duration) {
	if hc == nil {
		return http.DefaultTransport, 0
	}
	if hc.Transport == nil {
		return http.DefaultTransport, hc.Timeout
	}
	return hc.Transport, hc.Timeout
}

// newRetryClient builds the go-retryablehttp client for API calls.
func (c *Client) newRetryClient(hc *http.Client) *retryablehttp.Client {
	rt, timeout := baseTransport(hc)
	g := &gate{next: rt, maxWait: c.cfg.retry.MaxRetryAfter}
	if c.cfg.rateLimit > 0 {
		g.limiter = rate.NewLimiter(c.cfg.rateLimit, c.cfg.rateBurst)
	}
	c.gate = g
	rc := retryablehttp.NewClient()
	rc.Logger = nil
	rc.HTTPClient = &http.Client{
		Transport:     &hostGuard{next: g, foreign: foreignTransport(rt), origins: c.origins},
		Timeout:       timeout,
		CheckRedirect: refuseRedirect,
	}
	configureRetry(rc, c.cfg.retry)
	return rc
}

func configureRetry(rc *retryablehttp.Client, p RetryPolicy) {
	rc.RetryMax = 20 // the per-call limit is enforced in checkRetry
	rc.RetryWaitMin, rc.RetryWaitMax = p.MinWait, p.MaxWait
	rc.CheckRetry = checkRetry
	rc.Backoff = backoff
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	rc.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, i int) {
		if st, ok := req.Context().Value(stateKey{}).(*attemptState); ok {
			st.attempts = i + 1
		}
	}
}

// tokenHTTPClient returns the token endpoint's own retrying client: token
// requests are safe to repeat, so every method is retried; a redirect to
// another host or scheme is refused, since every token request carries a
// secret in its body.
func tokenHTTPClient(hc *http.Client, p RetryPolicy) *http.Client {
	rt, timeout := baseTransport(hc)
	rc := retryablehttp.NewClient()
	rc.Logger = nil
	rc.HTTPClient = &http.Client{Transport: rt, Timeout: timeout, CheckRedirect: refuseRedirect}
	configureRetry(rc, p)
	rc.RetryMax = p.MaxRetries
	rc.ErrorHandler = func(resp *http.Response, err error, _ int) (*http.Response, error) {
		if err != nil && resp != nil {
			// A RoundTripper returns a response or an error, not both
			// (a refused redirect comes with the redirect's answer).
			_ = resp.Body.Close()
			return nil, err
		}
		return resp, err
	}
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Value(stateKey{}) == nil {
			ctx = context.WithValue(ctx, stateKey{}, &attemptState{idempotent: true, maxRetries: p.MaxRetries, policy: p})
		}
		return checkRetry(ctx, resp, err)
	}
	std := rc.StandardClient()
	return std
}
