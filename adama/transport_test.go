package adama_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"github.com/adamasdk/adama-go/adama"
)

// hijack answers with raw bytes (or none) and closes the connection.
func hijack(raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		_, _ = buf.WriteString(raw)
		_ = buf.Flush()
		_ = conn.Close()
	}
}

func TestTransportFailuresAreTyped(t *testing.T) {
	p := newPlatform(t)
	p.mux.Handle("GET /api/v2.0/dropped", hijack(""))
	p.mux.Handle("GET /api/v2.0/negative", hijack("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n"))
	p.mux.HandleFunc("GET /api/v2.0/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/api/v2.0/loop", http.StatusFound)
	})
	c := p.client(t, adama.WithRetry(adama.RetryPolicy{NoRetries: true}))
	for _, path := range []string{"/api/v2.0/dropped", "/api/v2.0/negative", "/api/v2.0/loop"} {
		t.Run(path, func(t *testing.T) {
			_, err := c.Do(context.Background(), &adama.Request{Path: path, Auth: adama.AuthNone})
			require.ErrorIs(t, err, adama.ErrTransport)
			assert.NotErrorIs(t, err, adama.ErrOutcomeUnknown, "a GET is safe to repeat")
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, adama.CodeTransport, ae.Code)
			assert.Zero(t, ae.StatusCode)
			assert.Equal(t, http.MethodGet, ae.Method)
			assert.Equal(t, path, ae.Path)
			var ue *url.Error
			assert.ErrorAs(t, err, &ue, "the underlying error is reachable")
		})
	}
}

func TestOutcomeUnknown(t *testing.T) {
	p := newPlatform(t)
	var creates atomic.Int32
	p.mux.HandleFunc("POST /api/v2.0/campaigns", func(w http.ResponseWriter, r *http.Request) {
		creates.Add(1)
		hijack("")(w, r) // applied, then the answer is lost
	})
	c := p.client(t)
	create := &adama.Request{Method: http.MethodPost, Path: "/api/v2.0/campaigns", Body: []byte("name=x"), Auth: adama.AuthNone}

	_, err := c.Do(context.Background(), create)
	require.ErrorIs(t, err, adama.ErrOutcomeUnknown)
	require.ErrorIs(t, err, adama.ErrTransport)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeOutcomeUnknown, ae.Code)
	assert.Equal(t, int32(1), creates.Load(), "not replayed")

	creates.Store(0)
	_, err = c.Do(context.Background(), create, adama.WithIdempotent())
	require.ErrorIs(t, err, adama.ErrTransport)
	assert.NotErrorIs(t, err, adama.ErrOutcomeUnknown, "the caller said a replay is harmless")
	assert.Equal(t, int32(4), creates.Load(), "retried")

	// A request that never reached a server: transport failure only.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	dead, err := adama.NewClient(adama.WithBaseURL("http://"+addr), adama.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = dead.Do(context.Background(), create)
	require.ErrorIs(t, err, adama.ErrTransport)
	assert.NotErrorIs(t, err, adama.ErrOutcomeUnknown)
	var op *net.OpError
	assert.ErrorAs(t, err, &op)
}

func gzipped(t *testing.T, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, err := zw.Write(append(append([]byte(`{"data":"`), bytes.Repeat([]byte("a"), n)...), `"}`...))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return b.Bytes()
}

func TestWholeBodyLimitCountsDecompressedBytes(t *testing.T) {
	p := newPlatform(t)
	bomb := gzipped(t, 8<<20)
	require.Less(t, len(bomb), 64<<10, "a small compressed body")
	p.mux.HandleFunc("GET /api/v2.0/bomb", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(bomb)
	})
	c := p.client(t, adama.WithMaxResponseBytes(1<<20))
	tests := []struct {
		name   string
		stream bool
	}{{"whole document", false}, {"stream", true}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/bomb", Auth: adama.AuthNone, Stream: tt.stream})
			require.NoError(t, err)
			defer resp.Body.Close()
			n, err := io.Copy(io.Discard, resp.Body)
			if tt.stream {
				require.NoError(t, err)
				assert.Greater(t, n, int64(8<<20))
				return
			}
			require.ErrorIs(t, err, adama.ErrTooLarge)
			assert.NotErrorIs(t, err, adama.ErrTransport)
			assert.Equal(t, int64(1<<20), n, "exactly the limit was read")
		})
	}
	_, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithMaxResponseBytes(0))
	require.Error(t, err)
}

func TestPartialRetryPolicyKeepsDefaults(t *testing.T) {
	tests := []struct {
		name  string
		p     adama.RetryPolicy
		calls int32
		ok    bool
	}{
		{"MinWait only", adama.RetryPolicy{MinWait: time.Millisecond, MaxWait: 2 * time.Millisecond}, 3, true},
		{"NoRetries", adama.RetryPolicy{MinWait: time.Millisecond, NoRetries: true}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlatform(t)
			var calls atomic.Int32
			p.mux.HandleFunc("GET /api/v2.0/flaky", func(w http.ResponseWriter, _ *http.Request) {
				if calls.Add(1) < 3 {
					w.WriteHeader(http.StatusServiceUnavailable)
					return
				}
				w.WriteHeader(http.StatusOK)
			})
			c, err := adama.NewClient(adama.WithBaseURL(p.URL), adama.WithRetry(tt.p))
			require.NoError(t, err)
			_, err = c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/flaky", Auth: adama.AuthNone})
			assert.Equal(t, tt.ok, err == nil, "error: %v", err)
			assert.Equal(t, tt.calls, calls.Load())
		})
	}
}

func TestRateLimitHoldsEveryCall(t *testing.T) {
	p := newPlatform(t)
	var calls atomic.Int32
	p.mux.HandleFunc("GET /api/v2.0/ok", func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusOK)
	})
	c := p.client(t, adama.WithRateLimit(rate.Every(time.Hour), 1))
	resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/ok", Auth: adama.AuthNone})
	require.NoError(t, err)
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = c.Do(ctx, &adama.Request{Path: "/api/v2.0/ok", Auth: adama.AuthNone})
	require.ErrorIs(t, err, context.DeadlineExceeded, "the second call waits for the limiter and gives up with its context")
	assert.Equal(t, int32(1), calls.Load())

	_, err = adama.NewClient(adama.WithBaseURL(p.URL), adama.WithRateLimit(0, 1))
	require.Error(t, err)
}

func TestRetryAfterPausesTheWholeClient(t *testing.T) {
	p := newPlatform(t)
	var others atomic.Int32
	p.mux.HandleFunc("GET /api/v2.0/busy", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "20")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	p.mux.HandleFunc("GET /api/v2.0/other", func(w http.ResponseWriter, _ *http.Request) {
		others.Add(1)
		w.WriteHeader(http.StatusOK)
	})
	c := p.client(t)
	_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/busy", Auth: adama.AuthNone}, adama.WithCallRetries(0))
	require.ErrorIs(t, err, adama.ErrRateLimited)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = c.Do(ctx, &adama.Request{Path: "/api/v2.0/other", Auth: adama.AuthNone})
	require.ErrorIs(t, err, context.DeadlineExceeded, "another call waits out the server's Retry-After")
	assert.Zero(t, others.Load())
}

func TestBothGrantsInOneClient(t *testing.T) {
	p := newPlatform(t)
	p.mux.HandleFunc("GET /api/v2.0/who", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Header.Get("Authorization"))
	})
	c := p.client(t, adama.WithToken(userToken), adama.WithClientCredentials("id", ccSecret, "aud"))
	who := func(c *adama.Client, mode adama.AuthMode) (string, error) {
		resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/who", Auth: mode})
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	got, err := who(c, adama.AuthBearer)
	require.NoError(t, err)
	assert.Equal(t, "Bearer "+userToken, got)
	got, err = who(c, adama.AuthClientCredentials)
	require.NoError(t, err)
	assert.Equal(t, "Bearer "+ccToken, got)

	tokenOnly := p.client(t, adama.WithToken(userToken))
	_, err = who(tokenOnly, adama.AuthClientCredentials)
	require.ErrorIs(t, err, adama.ErrNotConfigured)
	assert.Contains(t, err.Error(), "WithClientCredentials")
	none := p.client(t)
	_, err = who(none, adama.AuthBearer)
	require.ErrorIs(t, err, adama.ErrNotConfigured)
	assert.Contains(t, err.Error(), "WithTokenSource")

	_, err = adama.NewClient(adama.WithBaseURL(p.URL), adama.WithToken("a"), adama.WithToken("b"))
	require.Error(t, err, "two token options conflict")
}

func TestUnconfiguredHostsAreErrors(t *testing.T) {
	var hits atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) }))
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken(userToken))
	require.NoError(t, err)
	tests := []struct {
		host   adama.Host
		option string
	}{{adama.HostBYOA, "WithBYOAURL"}, {adama.HostAuth, "WithAuthURL"}}
	for _, tt := range tests {
		_, err := c.Do(context.Background(), &adama.Request{Host: tt.host, Path: "/x", Auth: adama.AuthBearer})
		require.ErrorIs(t, err, adama.ErrNotConfigured)
		assert.Contains(t, err.Error(), tt.option)
	}
	assert.Zero(t, hits.Load(), "nothing went to {base_url} instead")
}

// TestCallHeadersCannotReplaceCredentials: the client sets its own
// Authorization and Cookie last.
func TestCallHeadersCannotReplaceCredentials(t *testing.T) {
	p := newPlatform(t)
	p.mux.HandleFunc("GET /api/v2.0/who", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Header.Get("Authorization"))
	})
	c := p.client(t, adama.WithToken(userToken))
	resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/who", Auth: adama.AuthBearer,
		Header: http.Header{"Authorization": {"Bearer other"}}}, adama.WithHeader("Authorization", "Bearer more"))
	require.NoError(t, err)
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	require.True(t, err == nil || errors.Is(err, io.EOF))
	assert.Equal(t, "Bearer "+userToken, line)
}

func TestDeadlineWaitingForAnswerIsOutcomeUnknown(t *testing.T) {
	p := newPlatform(t)
	p.mux.HandleFunc("POST /api/v2.0/slow", func(_ http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // the server notices the client leaving only after the body
		<-r.Context().Done()               // applied, but the answer never comes in time
	})
	c := p.client(t)
	_, err := c.Do(context.Background(), &adama.Request{Method: http.MethodPost, Path: "/api/v2.0/slow", Body: []byte("a=1"), Auth: adama.AuthNone},
		adama.WithTimeout(50*time.Millisecond))
	require.ErrorIs(t, err, adama.ErrOutcomeUnknown)
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	_, err = c.Do(context.Background(), &adama.Request{Method: http.MethodPost, Path: "/api/v2.0/slow", Body: []byte("a=1"), Auth: adama.AuthNone, Idempotent: true},
		adama.WithTimeout(50*time.Millisecond))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotErrorIs(t, err, adama.ErrOutcomeUnknown, "a read-only POST has no outcome to doubt")
}
