package entity_test

import (
	"testing"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/stretchr/testify/require"
)

func newTestClient(t testing.TB, opts ...adamatest.Option) (*entity.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient()
	require.NoError(t, err)
	return entity.New(c), srv
}

func newXMLClient(t testing.TB, srv *adamatest.Server) *entity.Client {
	t.Helper()
	c, err := srv.NewClient()
	require.NoError(t, err)
	return entity.New(c, entity.WithXML())
}

func ip(i int) *int      { return &i }
func i64(i int64) *int64 { return &i }
