package byoa_test

import (
	"github.com/adamasdk/adama-go/byoa"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"sync"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/require"
)

// byoaHost is a separate {byoa_url} in front of the fake: a proxy on its
// own port that records the host and paths it is asked for, so the tests
// see that group H goes to {byoa_url} and nowhere else.
type byoaHost struct {
	URL   string
	mu    sync.Mutex
	paths []string
}

func (h *byoaHost) Paths() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.paths...)
}

type fixture struct {
	ac   *adama.Client
	c    *byoa.Client
	srv  *adamatest.Server
	host *byoaHost
}

func newFixture(t testing.TB, opts ...byoa.Option) *fixture {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithT(t))
	target, err := url.Parse(srv.URL)
	require.NoError(t, err)
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	h := &byoaHost{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.paths = append(h.paths, r.Method+" "+r.URL.Path)
		h.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	h.URL = ts.URL
	ac, err := srv.NewClient(adama.WithBYOAURL(ts.URL))
	require.NoError(t, err)
	return &fixture{ac: ac, c: byoa.New(ac, opts...), srv: srv, host: h}
}

func ptr[T any](v T) *T { return &v }

func adamaExecutor(id int64) adamatest.BYOAExecutor {
	return adamatest.BYOAExecutor{ExecutorID: id, Endpoints: []adamatest.BYOAEndpoint{{
		BrainTypeID: 1003, ContentType: "protobuf", Endpoint: "http://bid.example/valuate", EndpointID: "01b0acd2",
		Environment: "production", Logging: map[string]any{"logging_enabled": false}, PopIDs: []string{"ewr"},
		SampleRate: 100, UpstreamEnabled: true, EndpointType: "bid",
	}}}
}

var osReadFile = os.ReadFile

// owned sets whose settings rec holds and returns it.
func owned(campaignID, strategyID int64, rec *byoa.Settings) *byoa.Settings {
	rec.CampaignID, rec.StrategyID = campaignID, strategyID
	return rec
}
