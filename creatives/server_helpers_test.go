package creatives_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/require"
)

func newTestClient(t testing.TB, opts ...adamatest.Option) (*creatives.Client, *adamatest.Server) {
	t.Helper()
	return newTestClientWith(t, nil, opts...)
}

// newTestClientWith is newTestClient whose client also takes clientOpts.
func newTestClientWith(t testing.TB, clientOpts []adama.Option, opts ...adamatest.Option) (*creatives.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient(clientOpts...)
	require.NoError(t, err)
	return creatives.New(c), srv
}

// seedVideo stores a valid video creative with an unknown property.
func seedVideo(srv *adamatest.Server) int64 {
	return srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{
		"active": true, "advertiser": 7, "name": "Spring spot", "concept": 11,
		"clickthroughUrl": "https://example.com/click", "landingUrl": "https://example.com",
		"vastVersion": "VAST3", "futureField": map[string]any{"kept": true},
	}})
}

// lastJSON decodes the body of the last write (not GET) the fake
// received.
func lastJSON(t testing.TB, srv *adamatest.Server) map[string]any {
	t.Helper()
	reqs := srv.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method != http.MethodGet {
			var m map[string]any
			require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
			return m
		}
	}
	require.Fail(t, "no write was received")
	return nil
}

func i64(i int64) *int64 { return &i }

func itoa(i int64) string { return strconv.FormatInt(i, 10) }
