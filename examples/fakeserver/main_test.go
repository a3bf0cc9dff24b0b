package main

import (
	"context"
	"github.com/adamasdk/adama-go/internal/route"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

func TestServeStandalone(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, l, "my-id", "my-secret", "aud") }()

	base := "http://" + l.Addr().String()
	c, err := adama.NewClient(adama.WithBaseURL(base), adama.WithAuthURL(base), adama.WithClientCredentials("my-id", "my-secret", "aud"))
	require.NoError(t, err)
	resp, err := c.Do(ctx, &adama.Request{Path: route.Session, Auth: adama.AuthBearer})
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)

	bad, err := adama.NewClient(adama.WithBaseURL(base), adama.WithAuthURL(base), adama.WithClientCredentials("my-id", "wrong", "aud"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = bad.Do(ctx, &adama.Request{Path: route.Session, Auth: adama.AuthBearer})
	assert.ErrorIs(t, err, adama.ErrUnauthorized)

	cancel()
	require.NoError(t, <-done)
}
