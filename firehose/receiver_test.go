package firehose_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

func TestReceiver(t *testing.T) {
	var mu sync.Mutex
	var got []string
	fail := false
	h := firehose.NewReceiver(func(_ context.Context, op *firehose.Opportunity) error {
		mu.Lock()
		defer mu.Unlock()
		if fail {
			return errors.New("queue full")
		}
		got = append(got, op.Request.ID)
		return nil
	}, &firehose.ReceiverOptions{MaxBody: 4096, RetryAfter: 5})
	ts := httptest.NewServer(h)
	defer ts.Close()

	jsonl, err := os.ReadFile("testdata/batch.jsonl.gz")
	require.NoError(t, err)
	array, err := os.ReadFile("testdata/batch.json")
	require.NoError(t, err)
	post := func(body []byte) *http.Response {
		resp, err := http.Post(ts.URL, "application/octet-stream", bytes.NewReader(body))
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}

	assert.Equal(t, http.StatusOK, post(jsonl).StatusCode)
	assert.Equal(t, http.StatusOK, post(array).StatusCode)
	assert.Equal(t, []string{"req-1", "req-2", "req-3", "req-1", "req-2", "req-3"}, got)

	assert.Equal(t, http.StatusBadRequest, post([]byte("{\"id\":\"1\"}\n{broken\n")).StatusCode)
	assert.Equal(t, http.StatusRequestEntityTooLarge, post(bytes.Repeat([]byte("{\"id\":\"1\"}\n"), 1000)).StatusCode)
	assert.Equal(t, http.StatusBadRequest, post(append([]byte{0x89, 'L', 'Z', 'O', 0, 0x0d, 0x0a, 0x1a, 0x0a}, make([]byte, 30)...)).StatusCode)
	lzo, err := os.ReadFile("testdata/batch.jsonl.lzo")
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, post(lzo).StatusCode)
	require.Len(t, got, 10, "6, then the record before the malformed one, then 3")
	assert.Equal(t, []string{"1", "req-1", "req-2", "req-3"}, got[6:])

	resp, err := http.Get(ts.URL)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Equal(t, "POST", resp.Header.Get("Allow"))

	mu.Lock()
	fail = true
	mu.Unlock()
	resp = post(jsonl)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "5", resp.Header.Get("Retry-After"))
}

// slowBody sends first, then one more byte every 10 ms until closed.
func slowBody(first string) (io.Reader, func()) {
	pr, pw := io.Pipe()
	stop := make(chan struct{})
	go func() {
		if _, err := io.WriteString(pw, first); err != nil {
			return
		}
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				_ = pw.Close()
				return
			case <-tick.C:
				if _, err := pw.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	var once sync.Once
	return pr, func() { once.Do(func() { close(stop) }) }
}

// TestReceiverReadTimeout: a sender that trickles its body is answered
// 408 once ReadTimeout has passed, on a server that sets no timeout of
// its own; the records before have reached fn.
func TestReceiverReadTimeout(t *testing.T) {
	var mu sync.Mutex
	var ids []string
	h := firehose.NewReceiver(func(_ context.Context, op *firehose.Opportunity) error {
		mu.Lock()
		defer mu.Unlock()
		ids = append(ids, op.Request.ID)
		return nil
	}, &firehose.ReceiverOptions{ReadTimeout: 300 * time.Millisecond})
	ts := httptest.NewServer(h)
	defer ts.Close()
	body, stop := slowBody("{\"id\":\"first\"}\n{\"id\":")
	defer stop()
	// The bound only proves the request ends: the trickle alone never would.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL, body)
	require.NoError(t, err)
	resp, err := ts.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	msg, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode, "%s", msg)
	assert.Contains(t, string(msg), "did not arrive in time")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []string{"first"}, ids)
}
