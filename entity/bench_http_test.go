package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/route"
)

// The paired benchmarks over loopback HTTP: the SDK against what a user
// would write without it (net/http and encoding/json into plain structs
// with a field for every key of the record), both sides fetching the same
// recorded platform-shaped bodies (testdata/bench) from one httptest
// server, in every round (internal/benchpair; x-base is SDK ÷ plain time).

// plainAmount is one element of a money array, as a user would declare it.
type plainAmount struct {
	CurrencyCode string      `json:"currency_code"`
	Value        json.Number `json:"value"`
}

// plainMeta is the list envelope's meta, as a user would declare it.
type plainMeta struct {
	CalledOn   string `json:"called_on"`
	Count      int    `json:"count"`
	ETag       string `json:"etag"`
	Offset     int    `json:"offset"`
	Status     string `json:"status"`
	TotalCount int    `json:"total_count"`
	NextPage   string `json:"next_page"`
}

// userStrategy has a field for every key of a strategy in
// testdata/bench/strategies_page.json.
type userStrategy struct {
	BidAggressiveness        int           `json:"bid_aggressiveness"`
	BidPriceIsMediaOnly      bool          `json:"bid_price_is_media_only"`
	Budget                   []plainAmount `json:"budget"`
	CampaignID               int64         `json:"campaign_id"`
	CreatedOn                string        `json:"created_on"`
	EntityType               string        `json:"entity_type"`
	GoalType                 string        `json:"goal_type"`
	GoalValue                []plainAmount `json:"goal_value"`
	ID                       int64         `json:"id"`
	ImpressionPacingInterval string        `json:"impression_pacing_interval"`
	MaxBid                   []plainAmount `json:"max_bid"`
	Name                     string        `json:"name"`
	PacingAmount             []plainAmount `json:"pacing_amount"`
	Status                   bool          `json:"status"`
	Type                     string        `json:"type"`
	UpdatedOn                string        `json:"updated_on"`
	UseOptimization          bool          `json:"use_optimization"`
	Version                  int           `json:"version"`
}

// userCampaign has a field for every key of a campaign in
// testdata/bench/campaigns_page_platform.json, typed for what the platform
// sends: numbers that come as strings as json.Number, number-typed fields
// that come as money arrays as money arrays.
type userCampaign struct {
	AdServerID      int64         `json:"ad_server_id"`
	AdvertiserID    json.Number   `json:"advertiser_id"`
	AgencyFeePct    []plainAmount `json:"agency_fee_pct"`
	CreatedOn       string        `json:"created_on"`
	CurrencyCode    string        `json:"currency_code"`
	EndDate         string        `json:"end_date"`
	EntityType      string        `json:"entity_type"`
	FrequencyAmount []plainAmount `json:"frequency_amount"`
	GoalType        string        `json:"goal_type"`
	GoalValue       []plainAmount `json:"goal_value"`
	ID              int64         `json:"id"`
	MarginPct       []plainAmount `json:"margin_pct"`
	Name            string        `json:"name"`
	PacingAlert     []plainAmount `json:"pacing_alert"`
	ServiceType     string        `json:"service_type"`
	StartDate       string        `json:"start_date"`
	Status          bool          `json:"status"`
	TotalBudget     []plainAmount `json:"total_budget"`
	UpdatedOn       string        `json:"updated_on"`
	UseSvcFreq      bool          `json:"use_svc_freq"`
	Version         json.Number   `json:"version"`
	ZoneName        string        `json:"zone_name"`
}

// benchBodies are the recorded bodies the server answers with.
type benchBodies struct {
	strategies, campaigns, strategy []byte
	// pages are the strategy page rewritten for each offset of a
	// 10,000-record listing (meta offset and total_count).
	pages map[int][]byte
}

const (
	benchAllRecords = 10000
	benchToken      = "bench-token"
	benchSession    = "bench-session"
)

func loadBenchBodies(tb testing.TB) *benchBodies {
	tb.Helper()
	read := func(name string) []byte {
		b, err := os.ReadFile("testdata/bench/" + name)
		require.NoError(tb, err)
		return b
	}
	bb := &benchBodies{strategies: read("strategies_page.json"), campaigns: read("campaigns_page_platform.json"), strategy: read("strategy.json"), pages: map[int][]byte{}}
	for off := 0; off < benchAllRecords; off += 100 {
		p := bytes.Replace(bb.strategies, []byte(`"offset":0,`), []byte(`"offset":`+strconv.Itoa(off)+`,`), 1)
		p = bytes.Replace(p, []byte(`"total_count":100}`), []byte(`"total_count":`+strconv.Itoa(benchAllRecords)+`}`), 1)
		require.Contains(tb, string(p), `"total_count":`+strconv.Itoa(benchAllRecords)+`}`, "meta rewritten")
		bb.pages[off] = p
	}
	return bb
}

// benchServer serves the bodies: the session bootstrap, one strategy,
// the strategy and campaign pages (the strategy page at each page_offset),
// after latency. Both sides send the same bearer and session cookie.
// newConns counts the connections the server accepts.
func benchServer(tb testing.TB, bb *benchBodies, latency time.Duration, newConns *atomic.Int64) *httptest.Server {
	tb.Helper()
	write := func(w http.ResponseWriter, b []byte) {
		if latency > 0 {
			time.Sleep(latency)
		}
		w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		_, _ = w.Write(b)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+route.Session, func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: benchSession, Path: "/"})
		w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
		_, _ = w.Write([]byte(`{"data":{"entity_type":"user","id":1,"session":{"sessionid":"` + benchSession + `","expires":"2099-01-01T00:00:00+0000"}},"meta":{"status":"ok"}}`))
	})
	auth := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			ck, err := r.Cookie(adama.SessionCookieName)
			if r.Header.Get("Authorization") != "Bearer "+benchToken || err != nil || ck.Value != benchSession {
				http.Error(w, "unauthenticated", http.StatusUnauthorized)
				return
			}
			h(w, r)
		}
	}
	mux.HandleFunc("GET /api/v2.0/strategies/1", auth(func(w http.ResponseWriter, r *http.Request) { write(w, bb.strategy) }))
	mux.HandleFunc("GET /api/v2.0/campaigns", auth(func(w http.ResponseWriter, r *http.Request) { write(w, bb.campaigns) }))
	mux.HandleFunc("GET /api/v2.0/strategies", auth(func(w http.ResponseWriter, r *http.Request) {
		off, _ := strconv.Atoi(r.URL.Query().Get("page_offset"))
		p, ok := bb.pages[off]
		if !ok {
			http.Error(w, "no such page", http.StatusNotFound)
			return
		}
		write(w, p)
	}))
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			newConns.Add(1)
		}
	}
	srv.Start()
	tb.Cleanup(srv.Close)
	return srv
}

// benchSides are the SDK client and the plain http.Client (with the
// same transport settings a user gets from httptest: keep-alive, up to
// 256 idle connections per host on both sides) over one server.
type benchSides struct {
	srv   *httptest.Server
	ec    *Client
	plain *http.Client
	// newConns counts the connections the server accepted; conns
	// wraps a side to count those it opened.
	newConns atomic.Int64
}

// conns returns fn counting into *n the connections the server accepts
// while it runs (the two sides never run at once), from its second run on:
// the first, benchpair's warm-up, opens the side's pool.
func (s *benchSides) conns(n *int64, fn func()) func() {
	warm := false
	return func() {
		before := s.newConns.Load()
		fn()
		if warm {
			*n += s.newConns.Load() - before
		}
		warm = true
	}
}

func newBenchSides(tb testing.TB, latency time.Duration) *benchSides {
	tb.Helper()
	s := &benchSides{}
	srv := benchServer(tb, loadBenchBodies(tb), latency, &s.newConns)
	transport := func() *http.Client {
		t := srv.Client().Transport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 256
		t.MaxIdleConns = 256
		return &http.Client{Transport: t}
	}
	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithToken(benchToken), adama.WithHTTPClient(transport()))
	require.NoError(tb, err)
	s.srv, s.ec, s.plain = srv, New(c), transport()
	_, err = s.ec.Session(context.Background()) // session fetched before timing
	require.NoError(tb, err)
	return s
}

// plainGet is what a user writes: a GET with bearer and cookie, the body
// decoded by encoding/json into dst.
func (s *benchSides) plainGet(tb testing.TB, path string, dst any) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, s.srv.URL+path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+benchToken)
	req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: benchSession})
	resp, err := s.plain.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		tb.Fatal(resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(dst); err != nil {
		tb.Fatal(err)
	}
}

type userPage[T any] struct {
	Meta plainMeta `json:"meta"`
	Data []T       `json:"data"`
}

type userOne[T any] struct {
	Meta plainMeta `json:"meta"`
	Data T         `json:"data"`
}

// BenchmarkHTTPPageStrategies is aim (a): one 100-strategy page through
// Strategies.List against a plain GET decoded into []userStrategy.
func BenchmarkHTTPPageStrategies(b *testing.B) {
	s := newBenchSides(b, 0)
	ctx := context.Background()
	benchpair.Run(b, 0, func() {
		p, err := s.ec.Strategies.List(ctx, &ListOptions{PageLimit: 100})
		if err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}, func() {
		var p userPage[userStrategy]
		s.plainGet(b, "/api/v2.0/strategies?page_limit=100", &p)
		if len(p.Data) != 100 {
			b.Fatal("short page")
		}
	})
}

// BenchmarkHTTPPageCampaigns is aim (a) on the 100 campaigns as the
// platform sends them (numbers as strings, money arrays on number-typed
// fields) against a plain GET decoded into []userCampaign.
func BenchmarkHTTPPageCampaigns(b *testing.B) {
	s := newBenchSides(b, 0)
	ctx := context.Background()
	benchpair.Run(b, 0, func() {
		p, err := s.ec.Campaigns.List(ctx, &ListOptions{PageLimit: 100})
		if err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}, func() {
		var p userPage[userCampaign]
		s.plainGet(b, "/api/v2.0/campaigns?page_limit=100", &p)
		if len(p.Data) != 100 {
			b.Fatal("short page")
		}
	})
}

// BenchmarkHTTPGet is aim (b): one Strategies.Get against a plain GET
// decoded into userStrategy. The unpaired sub-benchmarks give each
// side's allocations.
func BenchmarkHTTPGet(b *testing.B) {
	s := newBenchSides(b, 0)
	ctx := context.Background()
	sdk := func() {
		if st, err := s.ec.Strategies.Get(ctx, 1, nil); err != nil || st.ID != 1 {
			b.Fatal(err)
		}
	}
	plain := func() {
		var one userOne[userStrategy]
		s.plainGet(b, "/api/v2.0/strategies/1", &one)
		if one.Data.ID != 1 {
			b.Fatal("wrong record")
		}
	}
	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sdk()
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			plain()
		}
	})
	b.Run("paired", func(b *testing.B) { benchpair.Run(b, 0, sdk, plain) })
}

// BenchmarkHTTPAllPrefetch is aim (c): All over 10,000 strategies (100
// pages, 20 ms server latency per request) with prefetch 8 against 8
// plain workers fetching the same pages. All waits for the first page's
// total before it prefetches: one round trip the workers, told the page
// count, do not wait for.
func BenchmarkHTTPAllPrefetch(b *testing.B) {
	s := newBenchSides(b, 20*time.Millisecond)
	ctx := context.Background()
	benchpair.Run(b, 0, func() {
		n := 0
		for _, err := range s.ec.Strategies.All(ctx, &ListOptions{Prefetch: 8}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != benchAllRecords {
			b.Fatalf("got %d records", n)
		}
	}, func() { s.plainWorkers(b, 8) })
}

// BenchmarkHTTPAllSpeculate is aim (c) with ListOptions.Speculate on:
// the first page goes out with the 8 after it.
func BenchmarkHTTPAllSpeculate(b *testing.B) {
	s := newBenchSides(b, 20*time.Millisecond)
	ctx := context.Background()
	benchpair.Run(b, 0, func() {
		n := 0
		for _, err := range s.ec.Strategies.All(ctx, &ListOptions{Prefetch: 8, Speculate: true}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != benchAllRecords {
			b.Fatalf("got %d records", n)
		}
	}, func() { s.plainWorkers(b, 8) })
}

// plainWorkers is what a user writes to list the 10,000 strategies with
// workers: the page offsets, known in advance, handed to that many
// goroutines.
func (s *benchSides) plainWorkers(tb testing.TB, workers int) {
	offsets := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for range workers {
		wg.Go(func() {
			for off := range offsets {
				var p userPage[userStrategy]
				path := "/api/v2.0/strategies?page_limit=100"
				if off > 0 {
					path += "&page_offset=" + strconv.Itoa(off)
				}
				s.plainGet(tb, path, &p)
				mu.Lock()
				n += len(p.Data)
				mu.Unlock()
			}
		})
	}
	for off := 0; off < benchAllRecords; off += 100 {
		offsets <- off
	}
	close(offsets)
	wg.Wait()
	if n != benchAllRecords {
		tb.Fatalf("got %d records", n)
	}
}

// BenchmarkHTTPConcurrent128 is aim (d): 128 goroutines sharing one SDK
// client against 128 sharing one http.Client, each making 16 single
// GETs; x-base is the time for all of them (throughput is its inverse).
func BenchmarkHTTPConcurrent128(b *testing.B) {
	s := newBenchSides(b, 0)
	ctx := context.Background()
	const workers, each = 128, 16
	fan := func(one func()) func() {
		return func() {
			var wg sync.WaitGroup
			for range workers {
				wg.Go(func() {
					for range each {
						one()
					}
				})
			}
			wg.Wait()
		}
	}
	var sdkConns, plainConns int64
	benchpair.Run(b, 0, s.conns(&sdkConns, fan(func() {
		if st, err := s.ec.Strategies.Get(ctx, 1, nil); err != nil || st.ID != 1 {
			b.Error(err)
		}
	})), s.conns(&plainConns, fan(func() {
		var one userOne[userStrategy]
		s.plainGet(b, "/api/v2.0/strategies/1", &one)
		if one.Data.ID != 1 {
			b.Error("wrong record")
		}
	})))
	// Connections each side opened per timed round: churn on one side
	// only would be the transport, not the SDK.
	b.ReportMetric(float64(sdkConns)/float64(b.N), "cand-conns/round")
	b.ReportMetric(float64(plainConns)/float64(b.N), "base-conns/round")
}

// TestBenchBodiesDecodeAlike keeps the baselines honest: the SDK and the
// plain structs read the same records from the bodies the benchmarks
// serve.
func TestBenchBodiesDecodeAlike(t *testing.T) {
	s := newBenchSides(t, 0)
	ctx := context.Background()

	sp, err := s.ec.Strategies.List(ctx, &ListOptions{PageLimit: 100})
	require.NoError(t, err)
	var up userPage[userStrategy]
	s.plainGet(t, "/api/v2.0/strategies?page_limit=100", &up)
	require.Len(t, sp.Items, 100)
	require.Len(t, up.Data, 100)
	for i, u := range up.Data {
		g := sp.Items[i]
		require.Equal(t, u.ID, g.ID)
		require.Equal(t, u.Name, g.Name)
		require.Equal(t, u.Version, g.Version)
		require.Equal(t, u.CampaignID, g.CampaignID)
		require.Equal(t, string(u.Budget[0].Value), g.Budget[0].Value.String())
		require.Empty(t, g.Extra, "every key has a field")
	}

	cp, err := s.ec.Campaigns.List(ctx, &ListOptions{PageLimit: 100})
	require.NoError(t, err)
	var uc userPage[userCampaign]
	s.plainGet(t, "/api/v2.0/campaigns?page_limit=100", &uc)
	require.Len(t, cp.Items, 100)
	require.Len(t, uc.Data, 100)
	for i, u := range uc.Data {
		g := cp.Items[i]
		require.Equal(t, u.ID, g.ID)
		require.Equal(t, string(u.Version), strconv.Itoa(g.Version))
		require.Equal(t, string(u.AdvertiserID), strconv.FormatInt(g.AdvertiserID, 10))
		require.NotNil(t, g.MarginPct)
		require.Equal(t, string(u.MarginPct[0].Value), g.MarginPct.String())
		require.Equal(t, "USD", g.Currencies["margin_pct"])
		require.NotNil(t, g.FrequencyAmount)
		require.Equal(t, string(u.FrequencyAmount[0].Value), strconv.Itoa(*g.FrequencyAmount))
		require.Len(t, g.TotalBudget, 2)
		require.Empty(t, g.Misfits())
	}

	st, err := s.ec.Strategies.Get(ctx, 1, nil)
	require.NoError(t, err)
	var one userOne[userStrategy]
	s.plainGet(t, "/api/v2.0/strategies/1", &one)
	require.Equal(t, one.Data.ID, st.ID)
	require.Equal(t, one.Data.Name, st.Name)

	n := 0
	for rec, err := range s.ec.Strategies.All(ctx, &ListOptions{Prefetch: 8}) {
		require.NoError(t, err)
		require.NotNil(t, rec)
		n++
	}
	require.Equal(t, benchAllRecords, n)
	n = 0
	for rec, err := range s.ec.Strategies.All(ctx, &ListOptions{Prefetch: 8, Speculate: true}) {
		require.NoError(t, err)
		require.NotNil(t, rec)
		n++
	}
	require.Equal(t, benchAllRecords, n)
}
