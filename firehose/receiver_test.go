package firehose_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"

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
