// Command byoa walks through the custom algorithm interface (group H,
// package byoa): it decodes a model and scores three sample impressions
// locally, uploads the model, routes 10% of a campaign to it with campaign
// settings, lowers an executor's sample rate, and runs a bid endpoint built
// with the endpoint kit against the fake router.
//
// It runs against the in-process fake platform (adama/adamatest):
//
//	go run ./examples/byoa
package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/byoa"
)

// model is a decoded model as the decode endpoint answers it.
const model = `[{"Beta":[-0.69,0.0017,0.96],"Boundaries":null,"GoalType":"CPA","Predictions":null,
 "Features":[{"__const":-3.1,"week_part^0":0.42,"week_part^1":-0.2,"video_skippability^0":0.35,"bidder_pixel_frequency^am:1013008":0.8}]}]`

const (
	orgID      = 100667
	campaignID = 675865
	executorID = 4
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := adamatest.NewServer()
	defer srv.Close()
	srv.BYOA().AddExecutor(orgID, "Example Production Executor", adamatest.BYOAExecutor{ExecutorID: executorID,
		Endpoints: []adamatest.BYOAEndpoint{{BrainTypeID: 1003, ContentType: "json", Environment: "production",
			Endpoint: "https://bid.example/valuate", PopIDs: []string{"ewr"}, SampleRate: 100, EndpointType: "bid"}}})
	if err := run(ctx, os.Stdout, srv); err != nil {
		fmt.Fprintln(os.Stderr, "byoa:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer, srv *adamatest.Server) error {
	client, err := srv.NewClient()
	if err != nil {
		return err
	}
	bc := byoa.New(client)

	// 1. Decode the model and score three impressions before uploading.
	m, err := byoa.DecodeModel([]byte(`{"Data":` + model + `}`))
	if err != nil {
		return err
	}
	sc, err := m.Scorer(byoa.GoalTypeCPA)
	if err != nil {
		return err
	}
	goal := adama.MustDecimal("25.00") // the strategy's CPA goal value
	impressions := [][]string{
		{"week_part^0"},
		{"week_part^1", "video_skippability^0"},
		{"week_part^0", "bidder_pixel_frequency^am:1013008"},
	}
	for i, features := range impressions {
		var active []int
		for _, f := range features {
			if j, ok := sc.Index(f); ok {
				active = append(active, j)
			}
		}
		p := sc.ScoreActive(active)
		price, err := byoa.BidPrice(p, goal, 4)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "impression %d: rate %.4f, bid %s\n", i+1, p, price)
	}

	// 2. Upload it (the fake decodes base64 JSON; the platform has its own
	// encoding).
	data := base64.StdEncoding.EncodeToString([]byte(model))
	info, err := bc.Models.Upload(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "example_cpa"}, &byoa.Upload{Data: data, BrainTypeID: 1003})
	if err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	fmt.Fprintf(w, "uploaded %d bytes\n", info.DataSize)

	// 3. Route 10% of the campaign (buckets 0-9) to the model.
	settings, err := bc.CampaignSettings.Update(ctx, &byoa.Settings{CampaignID: campaignID, UUIDType: byoa.UUIDTypeUUID,
		Settings: []byoa.Setting{{Low: 0, High: 9, ModelID: "example_cpa", Namespace: "100667"}}})
	if err != nil {
		return fmt.Errorf("campaign settings: %w", err)
	}
	for _, s := range settings.Settings {
		fmt.Fprintf(w, "campaign %d buckets %d-%d -> %s/%s (executor %d)\n", s.CampaignID, s.Low, s.High, s.Namespace, s.ModelID, s.ExecutorID)
	}

	// 4. Lower the executor's sample rate.
	ex, err := bc.BidRouter.SetSampleRate(ctx, orgID, executorID, 20)
	if err != nil {
		return fmt.Errorf("sample rate: %w", err)
	}
	if name, x, ok := ex.ByID(executorID); ok {
		fmt.Fprintf(w, "executor %q sample rate %d%%\n", name, x.Endpoints[0].SampleRate)
	}

	// 5. A bid endpoint valuing requests with the local scorer, under the
	// fake router.
	wp0, _ := sc.Index("week_part^0")
	h := byoa.NewHandler(func(ctx context.Context, req *byoa.BidRequest) (*byoa.BidResponse, error) {
		if len(req.Enrichment().Pixels) == 0 {
			return nil, nil
		}
		price, err := byoa.BidPrice(sc.ScoreActive([]int{wp0}), goal, 4)
		if err != nil {
			return nil, err
		}
		return &byoa.BidResponse{SeatBid: []byoa.SeatBid{{Bid: []byoa.Bid{{ID: req.ID + "-b", ImpID: req.Imp[0].ID, Price: price}}}}}, nil
	}, byoa.WithReadTimeout(2*time.Second))
	// The handler reads the body as it arrives: the server's timeouts keep
	// a sender that trickles its request (or never ends its headers) from
	// holding a connection for good.
	ts := httptest.NewUnstartedServer(h)
	ts.Config.ReadHeaderTimeout = 2 * time.Second
	ts.Config.ReadTimeout = 5 * time.Second
	ts.Config.WriteTimeout = 10 * time.Second
	ts.Config.IdleTimeout = time.Minute
	ts.Start()
	defer ts.Close()
	reqs := adamatest.SampleBidRequests(10, 1000) // tmax 1 s
	for _, r := range reqs[:3] {
		r.User.Ext = nil // not enriched with pixel recency: no bid
	}
	router := adamatest.NewBidRouter(ts.URL, ts.Client())
	router.Slack = 2 * time.Second
	res := router.Route(ctx, reqs)
	fmt.Fprintf(w, "router: %d requests, %d bids, %d no-bids, %d late, %d errors\n", res.Sent, res.Bids, res.NoBids, res.Late, res.Errors)
	return nil
}
