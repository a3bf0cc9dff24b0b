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

// BYOAHandle seeds and inspects the fake's group H state: Settings and
// Models are typed with the SDK's records; the bid-router executors, which
// carry their organization and name, have verbs of their own.
type BYOAHandle struct {
	st       *byoafake.Store
	settings *Records[BYOASettingsKey, byoa.Settings]
	models   *Records[byoa.ModelKey, byoa.Model]
}

// BYOASettingsKey names one campaign's settings (StrategyID 0) or one
// strategy's.
type BYOASettingsKey struct{ CampaignID, StrategyID int64 }

// BYOA returns the handle on the group H fake (its methods do nothing when
// the group is not served).
func (s *Server) BYOA() *BYOAHandle {
	st := storeOf[*byoafake.Store](s, byoaGroup)
	h := &BYOAHandle{st: st, settings: &Records[BYOASettingsKey, byoa.Settings]{}, models: &Records[byoa.ModelKey, byoa.Model]{}}
	if st != nil {
		h.settings = byoaSettings(st)
		h.models = byoaModels(st)
	}
	return h
}

// Settings returns the campaign and strategy settings, keyed by campaign
// and strategy; Get answers false where there are none.
func (h *BYOAHandle) Settings() *Records[BYOASettingsKey, byoa.Settings] { return h.settings }

// Models returns the stored models, keyed by namespace and model id.
func (h *BYOAHandle) Models() *Records[byoa.ModelKey, byoa.Model] { return h.models }

// SetDecoded sets what the decode endpoint answers as a stored model's
// Data (a list of submodels); without it the fake decodes Data when it
// holds such a JSON list, plain or base64-encoded. It reports whether the
// model exists.
func (h *BYOAHandle) SetDecoded(key byoa.ModelKey, submodels json.RawMessage) bool {
	return h.st != nil && h.st.Models().Edit(byoafake.ModelKey{Namespace: key.Namespace, ModelID: key.ModelID}, false,
		func(m byoafake.Model) byoafake.Model { m.Decoded = submodels; return m })
}

// BYOAEndpoint is one bid-router endpoint to seed, in wire form.
type BYOAEndpoint = byoafake.Endpoint

// BYOAExecutor is one bid-router executor to seed, in wire form.
type BYOAExecutor = byoafake.Executor

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

// ModelUploads returns how many model uploads the fake accepted.
func (h *BYOAHandle) ModelUploads() int {
	if h.st == nil {
		return 0
	}
	return h.st.ModelPuts()
}

func byoaSettings(st *byoafake.Store) *Records[BYOASettingsKey, byoa.Settings] {
	fk := func(k BYOASettingsKey) byoafake.SettingKey {
		return byoafake.SettingKey{Campaign: k.CampaignID, Strategy: k.StrategyID}
	}
	return &Records[BYOASettingsKey, byoa.Settings]{
		key: func(s *byoa.Settings) (BYOASettingsKey, bool) {
			return BYOASettingsKey{s.CampaignID, s.StrategyID}, s.CampaignID > 0
		},
		setKey: func(s *byoa.Settings, k BYOASettingsKey) { s.CampaignID, s.StrategyID = k.CampaignID, k.StrategyID },
		b: backing[BYOASettingsKey]{
			get: func(k BYOASettingsKey) ([]byte, bool) {
				list := st.SettingsOf(fk(k))
				if len(list) == 0 {
					return nil, false
				}
				b, err := json.Marshal(map[string]any{"uuid_type": list[0].UUIDType, "settings": list})
				return b, err == nil
			},
			put: func(k BYOASettingsKey, b []byte) bool {
				var in struct {
					UUIDType string             `json:"uuid_type"`
					Settings []byoafake.Setting `json:"settings"`
				}
				if json.Unmarshal(b, &in) != nil {
					return false
				}
				for i := range in.Settings {
					if in.Settings[i].UUIDType == "" {
						in.Settings[i].UUIDType = in.UUIDType
					}
				}
				st.PutSettings(fk(k), in.Settings)
				return true
			},
			del: func(k BYOASettingsKey) bool { return st.DeleteSettings(fk(k)) },
			keys: func() []BYOASettingsKey {
				var out []BYOASettingsKey
				for _, k := range st.SettingKeys() {
					out = append(out, BYOASettingsKey{k.Campaign, k.Strategy})
				}
				return out
			},
		},
	}
}

func byoaModels(st *byoafake.Store) *Records[byoa.ModelKey, byoa.Model] {
	return &Records[byoa.ModelKey, byoa.Model]{
		key: func(m *byoa.Model) (byoa.ModelKey, bool) { return m.Key(), m.Namespace != "" && m.ModelID != "" },
		b: backing[byoa.ModelKey]{
			get: func(k byoa.ModelKey) ([]byte, bool) {
				m, ok := st.Model(k.Namespace, k.ModelID)
				if !ok {
					return nil, false
				}
				b, err := json.Marshal(m.Wire())
				return b, err == nil
			},
			put: func(k byoa.ModelKey, b []byte) bool {
				var in byoa.Model
				if json.Unmarshal(b, &in) != nil {
					return false
				}
				m := byoafake.Model{Namespace: k.Namespace, ModelID: k.ModelID, BrainTypeID: int(in.BrainTypeID), Data: in.Data}
				if in.CreatedOn != nil {
					m.CreatedOn = in.CreatedOn.Time
				}
				if in.UpdatedOn != nil {
					m.UpdatedOn = in.UpdatedOn.Time
				}
				if old, ok := st.Model(k.Namespace, k.ModelID); ok {
					m.Decoded = old.Decoded
				}
				st.PutModel(m)
				return true
			},
			del: func(k byoa.ModelKey) bool {
				_, ok := st.Models().Delete(byoafake.ModelKey{Namespace: k.Namespace, ModelID: k.ModelID})
				return ok
			},
			keys: func() []byoa.ModelKey {
				var out []byoa.ModelKey
				for _, m := range st.Models().All() {
					out = append(out, byoa.ModelKey{Namespace: m.Namespace, ModelID: m.ModelID})
				}
				return out
			},
		},
	}
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
