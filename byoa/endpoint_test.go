package byoa_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const minimalRequest = `{"id":"r1","imp":[{"id":"1","banner":{"w":300,"h":250}}],"tmax":500}`

func oneBid(price string) *byoa.BidResponse {
	return &byoa.BidResponse{SeatBid: []byoa.SeatBid{{Bid: []byoa.Bid{{ID: "b1", ImpID: "1", Price: adama.MustDecimal(price), CrID: "cr-1"}}}}}
}

func post(t *testing.T, h http.Handler, method, body string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, "/bid", strings.NewReader(body)))
	return rec
}

func TestHandlerAnswers(t *testing.T) {
	tests := []struct {
		name   string
		method string
		body   string
		fn     byoa.BidFunc
		status int
		stats  byoa.HandlerStats
	}{
		{"bid", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) { return oneBid("1.25"), nil },
			200, byoa.HandlerStats{Requests: 1, Bids: 1}},
		{"nil response", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) { return nil, nil },
			204, byoa.HandlerStats{Requests: 1, NoBids: 1}},
		{"no bids", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) {
			return &byoa.BidResponse{ID: "r1", NBR: 2}, nil
		}, 204, byoa.HandlerStats{Requests: 1, NoBids: 1}},
		{"error", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) {
			return nil, errors.New("model down")
		},
			204, byoa.HandlerStats{Requests: 1, NoBids: 1, Failures: 1}},
		{"panic", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) { panic("boom") },
			204, byoa.HandlerStats{Requests: 1, NoBids: 1, Panics: 1}},
		{"timeout", "POST", `{"id":"r1","imp":[{"id":"1"}],"tmax":20}`, func(ctx context.Context, _ *byoa.BidRequest) (*byoa.BidResponse, error) {
			<-ctx.Done()
			return oneBid("1"), nil
		}, 204, byoa.HandlerStats{Requests: 1, NoBids: 1, Timeouts: 1}},
		{"bid for unknown impression", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) {
			r := oneBid("1")
			r.SeatBid[0].Bid[0].ImpID = "9"
			return r, nil
		}, 204, byoa.HandlerStats{Requests: 1, NoBids: 1, Failures: 1}},
		{"zero price", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) { return oneBid("0"), nil },
			204, byoa.HandlerStats{Requests: 1, NoBids: 1, Failures: 1}},
		{"other request id", "POST", minimalRequest, func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) {
			r := oneBid("1")
			r.ID = "r2"
			return r, nil
		}, 204, byoa.HandlerStats{Requests: 1, NoBids: 1, Failures: 1}},
		{"GET", "GET", "", nil, 405, byoa.HandlerStats{Requests: 1, Invalid: 1}},
		{"not JSON", "POST", "<xml/>", nil, 400, byoa.HandlerStats{Requests: 1, Invalid: 1}},
		{"no id", "POST", `{"imp":[{"id":"1"}]}`, nil, 400, byoa.HandlerStats{Requests: 1, Invalid: 1}},
		{"no imp", "POST", `{"id":"r"}`, nil, 400, byoa.HandlerStats{Requests: 1, Invalid: 1}},
		{"imp without id", "POST", `{"id":"r","imp":[{}]}`, nil, 400, byoa.HandlerStats{Requests: 1, Invalid: 1}},
		{"too large", "POST", `{"id":"r","imp":[{"id":"1"}],"pad":"` + strings.Repeat("x", 2048) + `"}`, nil, 413, byoa.HandlerStats{Requests: 1, Invalid: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hooked []error
			var mu sync.Mutex
			h := byoa.NewHandler(tt.fn, byoa.WithMaxBodyBytes(1024), byoa.WithErrorHook(func(err error) {
				mu.Lock()
				hooked = append(hooked, err)
				mu.Unlock()
			}))
			rec := post(t, h, tt.method, tt.body)
			assert.Equal(t, tt.status, rec.Code)
			assert.Equal(t, tt.stats, h.Stats())
			mu.Lock()
			assert.Len(t, hooked, int(tt.stats.Failures+tt.stats.Panics))
			mu.Unlock()
			if tt.status == 200 {
				assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
				assert.Equal(t, "2.4", rec.Header().Get("X-Openrtb-Version"))
				var resp byoa.BidResponse
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &resp))
				assert.Equal(t, "r1", resp.ID, "the response id defaults to the request's")
				assert.Equal(t, "1.25", resp.SeatBid[0].Bid[0].Price.String())
			}
			if tt.status == 204 {
				assert.Empty(t, rec.Body.Bytes())
			}
		})
	}
}

func TestHandlerDeadline(t *testing.T) {
	h := byoa.NewHandler(nil)
	tests := []struct {
		tmax int64
		want time.Duration
	}{
		{0, 95 * time.Millisecond},
		{50, 45 * time.Millisecond},
		{6, 3 * time.Millisecond}, // the margin is at most half of tmax
		{5000, 995 * time.Millisecond},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, h.Deadline(tt.tmax), "tmax %d", tt.tmax)
	}
	h = byoa.NewHandler(nil, byoa.WithDefaultTMax(time.Second), byoa.WithMaxTMax(2*time.Second), byoa.WithSafetyMargin(0))
	assert.Equal(t, time.Second, h.Deadline(0))
	assert.Equal(t, 2*time.Second, h.Deadline(9000))

	var got time.Duration
	h = byoa.NewHandler(func(ctx context.Context, _ *byoa.BidRequest) (*byoa.BidResponse, error) {
		dl, ok := ctx.Deadline()
		require.True(t, ok)
		got = time.Until(dl)
		return nil, nil
	})
	post(t, h, "POST", minimalRequest)
	assert.LessOrEqual(t, got, 495*time.Millisecond, "the BidFunc's context ends at tmax less the margin")
}

// TestRouterThousandShortRequests has adamatest play the router: 1,000
// requests with a short tmax against a handler whose function is slow
// for a quarter of them, declines some and panics on some.
func TestRouterThousandShortRequests(t *testing.T) {
	m, err := byoa.DecodeModel(mustRead(t, "model_decode.json"))
	require.NoError(t, err)
	sc, err := m.Scorer(byoa.GoalTypeCTR)
	require.NoError(t, err)
	seg, _ := sc.Index("week_part^0")
	goal := adama.MustDecimal("4.00")

	// The handler answers at the deadline without waiting for the function,
	// so a function may start after its request was answered: count starts
	// and ends rather than Add to a WaitGroup that may already be waited on.
	var started, finished atomic.Int64
	fn := func(ctx context.Context, req *byoa.BidRequest) (*byoa.BidResponse, error) {
		started.Add(1)
		defer finished.Add(1)
		n := len(req.ID)
		last := req.ID[n-1]
		switch {
		case last == '3' || last == '7': // slow: waits for the deadline
			<-ctx.Done()
			return nil, ctx.Err()
		case last == '5':
			return nil, nil
		case last == '9' && req.ID[n-2] == '9':
			panic("model bug")
		}
		p := sc.ScoreActive([]int{seg})
		price, err := byoa.BidPrice(p, goal, 4)
		if err != nil {
			return nil, err
		}
		return &byoa.BidResponse{SeatBid: []byoa.SeatBid{{Bid: []byoa.Bid{{ID: "b", ImpID: req.Imp[0].ID, Price: price}}}}}, nil
	}
	h := byoa.NewHandler(fn)
	ts := httptest.NewServer(h)
	router := adamatest.NewBidRouter(ts.URL, ts.Client())
	res := router.Route(context.Background(), adamatest.SampleBidRequests(1000, 30))
	ts.Close() // waits for every handler to return
	require.Eventually(t, func() bool {
		st := h.Stats()
		return started.Load() == st.Requests-st.Invalid && finished.Load() == started.Load()
	}, 30*time.Second, time.Millisecond, "every request's function has run")

	assert.Equal(t, 1000, res.Sent)
	assert.Zero(t, res.Errors, "%v", res.Failures)
	assert.Equal(t, 1000, res.Bids+res.NoBids+res.Late)
	st := h.Stats()
	t.Logf("router: %d bids, %d no-bids, %d late; handler: %+v", res.Bids, res.NoBids, res.Late, st)
	// A request the router gave up on may not have reached the handler.
	assert.GreaterOrEqual(t, st.Requests, int64(1000-res.Late))
	assert.LessOrEqual(t, st.Requests, int64(1000))
	assert.Equal(t, st.Requests, st.Bids+st.NoBids, "every request reaching the handler is answered")
	// Every slow or panicking request that reached the handler is a no-bid:
	// at its deadline, or by the panic (or its error, when the function
	// returned as the deadline passed).
	missed := 1000 - st.Requests
	assert.GreaterOrEqual(t, st.Timeouts+st.Panics+st.Failures, 210-missed)
	assert.LessOrEqual(t, st.Panics, int64(10))
	assert.LessOrEqual(t, int64(res.Bids), st.Bids)
	assert.Positive(t, res.Bids)
	for _, r := range res.Responses {
		if r != nil {
			assert.Equal(t, "2.0765", r.SeatBid[0].Bid[0].Price.String(), "σ(0.035219+0.041367)×4.00")
		}
	}
}

func mustRead(t testing.TB, name string) []byte {
	t.Helper()
	b, err := io.ReadAll(mustOpen(t, name))
	require.NoError(t, err)
	return b
}

func mustOpen(t testing.TB, name string) io.Reader {
	t.Helper()
	b, err := osReadFile("testdata/" + name)
	require.NoError(t, err)
	return bytes.NewReader(b)
}

// TestHandlerReadTimeout: a router that trickles its bid request is
// answered 408 once the read timeout has passed, on a server that sets no
// timeout of its own, and the BidFunc is never called.
func TestHandlerReadTimeout(t *testing.T) {
	called := make(chan struct{}, 1)
	h := byoa.NewHandler(func(context.Context, *byoa.BidRequest) (*byoa.BidResponse, error) {
		called <- struct{}{}
		return oneBid("1"), nil
	}, byoa.WithReadTimeout(300*time.Millisecond))
	ts := httptest.NewServer(h)
	defer ts.Close()

	pr, pw := io.Pipe()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		_, _ = io.WriteString(pw, minimalRequest[:10])
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
	// The bound only proves the request ends: the trickle alone never would.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL, pr)
	require.NoError(t, err)
	resp, err := ts.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode)
	assert.Empty(t, called)
	assert.Equal(t, byoa.HandlerStats{Requests: 1, Invalid: 1}, h.Stats())

	// A request that arrives in time is served as usual.
	resp, err = ts.Client().Post(ts.URL, "application/json", strings.NewReader(minimalRequest))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}

// TestHandlerPassesMisfits: a request with a value of no documented form
// reaches the BidFunc, which sees the field listed by Misfits and can
// decline.
func TestHandlerPassesMisfits(t *testing.T) {
	var seen []adama.Misfit
	h := byoa.NewHandler(func(_ context.Context, req *byoa.BidRequest) (*byoa.BidResponse, error) {
		seen = req.Misfits()
		if len(seen) > 0 {
			return nil, nil
		}
		return oneBid("1.25"), nil
	})
	rec := post(t, h, "POST", `{"id":"r1","imp":[{"id":"1","bidfloor":{"amount":2}}],"tmax":"500"}`)
	assert.Equal(t, http.StatusNoContent, rec.Code)
	assert.Equal(t, []adama.Misfit{{Field: "imp[0].bidfloor", Raw: json.RawMessage(`{"amount":2}`)}}, seen)
	rec = post(t, h, "POST", `{"id":"r1","imp":[{"id":"1","bidfloor":"2.00"}],"tmax":"500"}`)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Empty(t, seen)
}
