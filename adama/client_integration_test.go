package adama_test

import (
	"context"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

func getSession(t *testing.T, ctx context.Context, c *adama.Client) (*http.Response, error) {
	t.Helper()
	return c.Do(ctx, &adama.Request{Method: http.MethodGet, Path: adama.SessionPath})
}

func TestSessionBootstrapOnceUnderConcurrency(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := getSession(t, context.Background(), c)
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	// The client's own bootstrap is the only session the server created
	// besides what the 50 GET /session calls created themselves.
	assert.Equal(t, 1, srv.TokensIssued())
}
