package adamatest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/byoafake"
)

const byoaGroup = "byoa"

// registerBYOA plugs in group H (custom algorithm interface): campaign
// and strategy settings, the custom bid router and model data, on the
// server's {byoa_url}.
func registerBYOA(r fake.Registrar) {
	st := byoafake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore(byoaGroup, st)
	}
}

// BYOAHandle seeds and inspects the fake's group H state.
type BYOAHandle struct{ st *byoafake.Store }

// BYOA returns the handle on the group H fake (its methods do nothing when
// the group is not served).
func (s *Server) BYOA() *BYOAHandle {
	return &BYOAHandle{st: storeOf[*byoafake.Store](s, byoaGroup)}
}

// BYOAEndpoint is one bid-router endpoint to seed, in wire form.
type BYOAEndpoint = byoafake.Endpoint

// BYOAExecutor is one bid-router executor to seed, in wire form.
type BYOAExecutor = byoafake.Executor

// BYOASetting is one stored campaign or strategy setting, in wire form.
type BYOASetting = byoafake.Setting

// BYOAModel is one stored model.
type BYOAModel = byoafake.Model

// AddExecutor adds a bid-router executor of org under name; settings may
// then name its id.
func (h *BYOAHandle) AddExecutor(org int64, name string, x BYOAExecutor) {
	if h.st != nil {
		h.st.AddExecutor(org, name, x)
		h.st.AllowExecutor(x.ExecutorID)
	}
}

// Executor returns org's executor with id and its name.
func (h *BYOAHandle) Executor(org, id int64) (string, BYOAExecutor, bool) {
	if h.st == nil {
		return "", BYOAExecutor{}, false
	}
	return h.st.Executor(org, id)
}

// Settings returns the stored settings of a campaign (strategy 0) or a
// strategy.
func (h *BYOAHandle) Settings(campaign, strategy int64) []BYOASetting {
	if h.st == nil {
		return nil
	}
	return h.st.Settings(campaign, strategy)
}

// SetSettings stores settings without checking them (to seed).
func (h *BYOAHandle) SetSettings(campaign, strategy int64, list ...BYOASetting) {
	if h.st != nil {
		h.st.PutSettings(campaign, strategy, list)
	}
}

// AddModel stores a model (to seed). decoded, when not nil, is what the
// decode endpoint answers as the model's Data (a list of submodels);
// without it the fake decodes Data when it holds such a JSON list, plain
// or base64-encoded.
func (h *BYOAHandle) AddModel(m BYOAModel, decoded json.RawMessage) {
	if h.st != nil {
		m.Decoded = decoded
		h.st.PutModel(m)
	}
}

// Model returns a stored model.
func (h *BYOAHandle) Model(namespace, modelID string) (BYOAModel, bool) {
	if h.st == nil {
		return BYOAModel{}, false
	}
	return h.st.Model(namespace, modelID)
}

// ModelCount returns how many models are stored.
func (h *BYOAHandle) ModelCount() int {
	if h.st == nil {
		return 0
	}
	return h.st.ModelCount()
}

// ModelUploads returns how many model uploads the fake accepted.
func (h *BYOAHandle) ModelUploads() int {
	if h.st == nil {
		return 0
	}
	return h.st.ModelPuts()
}

// BidRouter plays the custom bid router against a client endpoint (for
// example a byoa.Handler): it POSTs OpenRTB 2.4 JSON bid requests the way
// the platform forwards them, waits at most each request's tmax plus
// Slack, and checks the answers.
type BidRouter struct {
	// URL is the client endpoint.
	URL string
	// Client sends the requests (http.DefaultClient when nil).
	Client *http.Client
	// Concurrency is how many requests are in flight at once (default 16).
	Concurrency int
	// Slack is how long past tmax the router still waits (default 50 ms).
	Slack time.Duration
}

// NewBidRouter returns a router for the endpoint at url.
func NewBidRouter(url string, hc *http.Client) *BidRouter {
	return &BidRouter{URL: url, Client: hc, Concurrency: 16, Slack: 50 * time.Millisecond}
}

// RouteResult is what the endpoint answered.
type RouteResult struct {
	// Sent is the requests sent.
	Sent int
	// Bids is the valid 200 answers; NoBids the 204 answers; Late the
	// requests not answered within tmax plus slack (no-bids for the
	// auction); Errors everything else (other statuses, invalid answers,
	// connection failures).
	Bids, NoBids, Late, Errors int
	// Responses holds each request's bid response (nil for no answer with
	// bids), in request order.
	Responses []*byoa.BidResponse
	// Failures describes the errors, in no particular order.
	Failures []error
}

// Route sends every request and collects the answers.
func (r *BidRouter) Route(ctx context.Context, reqs []*byoa.BidRequest) RouteResult {
	hc := r.Client
	if hc == nil {
		hc = http.DefaultClient
	}
	conc := max(r.Concurrency, 1)
	res := RouteResult{Sent: len(reqs), Responses: make([]*byoa.BidResponse, len(reqs))}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, conc)
	for i, req := range reqs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			resp, outcome, err := r.one(ctx, hc, req)
			mu.Lock()
			defer mu.Unlock()
			switch outcome {
			case "bid":
				res.Bids++
				res.Responses[i] = resp
			case "nobid":
				res.NoBids++
			case "late":
				res.Late++
			default:
				res.Errors++
				res.Failures = append(res.Failures, err)
			}
		}()
	}
	wg.Wait()
	return res
}

func (r *BidRouter) one(ctx context.Context, hc *http.Client, req *byoa.BidRequest) (*byoa.BidResponse, string, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, "error", err
	}
	wait := 100 * time.Millisecond
	if req.TMax > 0 {
		wait = time.Duration(req.TMax) * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(ctx, wait+r.Slack)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(body))
	if err != nil {
		return nil, "error", err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("X-Openrtb-Version", "2.4")
	resp, err := hc.Do(hr)
	if err != nil {
		// The HTTP client may notice the deadline before the context does.
		if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
			return nil, "late", nil
		}
		return nil, "error", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
			return nil, "late", nil
		}
		return nil, "error", err
	}
	switch resp.StatusCode {
	case http.StatusNoContent:
		return nil, "nobid", nil
	case http.StatusOK:
	default:
		return nil, "error", fmt.Errorf("request %s: status %d", req.ID, resp.StatusCode)
	}
	var br byoa.BidResponse
	if err := json.Unmarshal(b, &br); err != nil {
		return nil, "error", fmt.Errorf("request %s: %w", req.ID, err)
	}
	if br.ID != req.ID {
		return nil, "error", fmt.Errorf("request %s: answered with id %q", req.ID, br.ID)
	}
	imps := map[string]bool{}
	for _, imp := range req.Imp {
		imps[imp.ID] = true
	}
	for _, sb := range br.SeatBid {
		for _, bid := range sb.Bid {
			if !imps[bid.ImpID] {
				return nil, "error", fmt.Errorf("request %s: bid for unknown impression %q", req.ID, bid.ImpID)
			}
		}
	}
	return &br, "bid", nil
}

// SampleBidRequests returns n varied OpenRTB 2.4 bid requests with the
// given tmax (milliseconds), enriched the way the SDK reads enrichment:
// segments in user.data and pixel recency in user.ext.pixels.
func SampleBidRequests(n int, tmax int64) []*byoa.BidRequest {
	out := make([]*byoa.BidRequest, n)
	sizes := [][2]int{{300, 250}, {728, 90}, {320, 50}, {160, 600}}
	for i := range out {
		sz := sizes[i%len(sizes)]
		req := &byoa.BidRequest{
			ID:   fmt.Sprintf("req-%d", i),
			TMax: tmax, AT: 2, Cur: []string{"USD"},
			Imp: []byoa.Imp{{ID: "1", TagID: fmt.Sprintf("tag-%d", i%7), BidFloor: adama.MustDecimal("0.50"), BidFloorCur: "USD",
				Banner: &byoa.Banner{W: sz[0], H: sz[1], Format: []byoa.Format{{W: sz[0], H: sz[1]}}}}},
			Site:   &byoa.Site{ID: fmt.Sprintf("site-%d", i%11), Domain: "news.example", Page: "https://news.example/a", Publisher: &byoa.Publisher{ID: "pub-1"}},
			Device: &byoa.Device{UA: "Mozilla/5.0", IP: "192.0.2.1", DeviceType: 2, OS: "iOS", Geo: &byoa.Geo{Country: "USA", Region: "NY"}},
			User: &byoa.User{ID: fmt.Sprintf("u-%d", i), Data: []byoa.Data{{ID: "dp-1", Segment: []byoa.Segment{{ID: strconv.Itoa(1000 + i%5)}}}},
				Ext: json.RawMessage(fmt.Sprintf(`{"pixels":{"1013008":%d}}`, 60*(i%24)))},
		}
		out[i] = req
	}
	return out
}
