package adama

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type stateKey struct{}

// attemptState travels with one call through go-retryablehttp's hooks.
type attemptState struct {
	idempotent bool
	maxRetries int
	policy     RetryPolicy
	attempts   int // sends so far; written by the request hook before each send
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
	if st.attempts > st.maxRetries {
		return false, nil
	}
	if err != nil {
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

// hostGuard strips credentials from any request to a host that is not the
// platform's: x/oauth2's Transport and net/http's redirect handling can
// otherwise carry them to a foreign host.
type hostGuard struct {
	next  http.RoundTripper
	hosts map[string]bool
}

func (g *hostGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if !g.hosts[strings.ToLower(req.URL.Host)] && (req.Header.Get("Authorization") != "" || req.Header.Get("Cookie") != "") {
		req = req.Clone(req.Context())
		req.Header.Del("Authorization")
		req.Header.Del("Cookie")
	}
	return g.next.RoundTrip(req)
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
	rc := retryablehttp.NewClient()
	rc.Logger = nil
	rc.HTTPClient = &http.Client{
		Transport: &hostGuard{next: rt, hosts: c.hosts},
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return errors.New("stopped after 10 redirects")
			}
			if !c.isPlatformHost(req.URL.Host) {
				req.Header.Del("Authorization")
				req.Header.Del("Cookie")
			}
			return nil
		},
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
// requests are safe to repeat, so every method is retried.
func tokenHTTPClient(hc *http.Client, p RetryPolicy) *http.Client {
	rt, timeout := baseTransport(hc)
	rc := retryablehttp.NewClient()
	rc.Logger = nil
	rc.HTTPClient = &http.Client{Transport: rt, Timeout: timeout}
	configureRetry(rc, p)
	rc.RetryMax = p.MaxRetries
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Value(stateKey{}) == nil {
			ctx = context.WithValue(ctx, stateKey{}, &attemptState{idempotent: true, maxRetries: p.MaxRetries, policy: p})
		}
		return checkRetry(ctx, resp, err)
	}
	std := rc.StandardClient()
	return std
}
