package creatives

import (
	"encoding/json"
	"github.com/adamasdk/adama-go/adama"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

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

func i64(i int64) *int64 { return &i }

// seedVideo stores a valid video creative with an unknown property.
func seedVideo(srv *adamatest.Server) int64 {
	return srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{
		"active": true, "advertiser": 7, "name": "Spring spot", "concept": 11,
		"clickthroughUrl": "https://example.com/click", "landingUrl": "https://example.com",
		"vastVersion": "VAST3", "futureField": map[string]any{"kept": true},
	}})
}

func validNew() *NewVideoCreative {
	return &NewVideoCreative{Advertiser: 7, Name: "Launch", Concept: 11, ClickthroughURL: "https://example.com/c"}
}

// validRecord is a valid video creative to create.
func validRecord() *VideoCreative {
	return &VideoCreative{Details: CreativeDetails{Active: true, Advertiser: 7, Name: "Launch", Concept: 11, ClickthroughURL: "https://example.com/c"}}
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

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

func mustReq(t testing.TB, method, url, body, token string) *http.Request {
	t.Helper()
	r, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	r.Header.Set("Authorization", "Bearer "+token)
	r.Header.Set("Content-Type", "application/json")
	return r
}

// newRawServer answers every request with one fixed response, for wire
// forms the fake does not produce; it returns a client wired to it.
func newRawServer(t testing.TB, status int, contentType, body string) *adama.Client {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithRetry(adama.RetryPolicy{MaxRetries: 0}))
	require.NoError(t, err)
	return c
}
