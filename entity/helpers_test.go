package entity

import (
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/require"
)

func newTestClient(t testing.TB, opts ...adamatest.Option) (*Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient()
	require.NoError(t, err)
	return New(c), srv
}

func newXMLClient(t testing.TB, srv *adamatest.Server) *Client {
	t.Helper()
	c, err := srv.NewClient(adama.WithFormat(adama.FormatXML))
	require.NoError(t, err)
	return New(c)
}

func ip(i int) *int      { return &i }
func i64(i int64) *int64 { return &i }
