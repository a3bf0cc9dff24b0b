package byoa_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/byoa"
)

// setup starts the fake platform and a group H client wired to its
// {byoa_url} (ClientOptions sets WithBYOAURL).
func setup() (*byoa.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return byoa.New(c), srv
}

// Route 10% of a campaign's impressions (buckets 0-9) to a custom model.
func ExampleCampaignSettingsService_Update() {
	bc, srv := setup()
	defer srv.Close()
	got, err := bc.CampaignSettings.Update(context.Background(), &byoa.Settings{
		CampaignID: 675865,
		UUIDType:   byoa.UUIDTypeUUID,
		Settings:   []byoa.Setting{{Low: 0, High: 9, ModelID: "aggregate_2", Namespace: "100667"}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range got.Settings {
		fmt.Println(s.CampaignID, s.Low, s.High, s.ModelID, s.ExecutorID, s.UUIDType)
	}
	// Output: 675865 0 9 aggregate_2 2 UUID
}

func ExampleCampaignSettingsService_Update_validation() {
	bc, srv := setup()
	defer srv.Close()
	_, err := bc.CampaignSettings.Update(context.Background(), &byoa.Settings{CampaignID: 1, Settings: []byoa.Setting{
		{Low: 0, High: 60, ModelID: "a", Namespace: "n"},
		{Low: 50, High: 120, ModelID: "b", Namespace: "n"},
	}})
	fmt.Println(errors.Is(err, adama.ErrValidation))
	var ve *adama.ValidationError
	if errors.As(err, &ve) {
		for _, v := range ve.Violations {
			fmt.Println(v.Field+":", v.Rule)
		}
	}
	// Output:
	// true
	// settings[1].high: must be between 0 and 99
	// settings[1]: range overlaps settings[0] (0-60)
}

func ExampleStrategySettingsService_Delete() {
	bc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	in := &byoa.Settings{CampaignID: 10000, StrategyID: 1000, Settings: []byoa.Setting{{Low: 0, High: 99, ModelID: "m", Namespace: "100667"}}}
	if _, err := bc.StrategySettings.Update(ctx, in); err != nil {
		fmt.Println(err)
		return
	}
	err := bc.StrategySettings.Delete(ctx, 10000, 1000)
	fmt.Println(err)
	_, err = bc.StrategySettings.Get(ctx, 10000, 1000)
	var ae *adama.Error
	if errors.As(err, &ae) {
		fmt.Println(ae.StatusCode, ae.Code)
	}
	// Output:
	// <nil>
	// 400 Not_Found_CampaignSetting
}

// Lower an executor's sample rate: the percent of opportunities the
// router forwards to its endpoints.
func ExampleBidRouterService_SetSampleRate() {
	bc, srv := setup()
	defer srv.Close()
	srv.BYOA().AddExecutor(100667, "ACME Org Production Executor", adamatest.BYOAExecutor{ExecutorID: 4,
		Endpoints: []adamatest.BYOAEndpoint{{BrainTypeID: 1003, ContentType: "json", Environment: "production",
			Endpoint: "https://bid.example/valuate", PopIDs: []string{"ewr"}, SampleRate: 100, EndpointType: "bid"}}})
	ctx := context.Background()
	cfg, err := bc.BidRouter.Configuration(ctx, 100667)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range cfg.Executors.Names() {
		fmt.Println(name, cfg.Executors[name].ExecutorID, cfg.Executors[name].Endpoints[0].SampleRate)
	}
	changed, err := bc.BidRouter.SetSampleRate(ctx, 100667, 4, 25)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, x, _ := changed.ByID(4)
	fmt.Println(x.Endpoints[0].SampleRate)
	// Output:
	// ACME Org Production Executor 4 100
	// 25
}

func ExampleModelsService_UploadStream() {
	bc, srv := setup()
	defer srv.Close()
	// The model's text; base64 needs no JSON escaping, so Size can be given.
	data := base64.StdEncoding.EncodeToString([]byte(`[{"Features":[{"__const":0.1,"week_part^0":0.4}],"GoalType":"ctr","Boundaries":null}]`))
	info, err := bc.Models.UploadStream(context.Background(), byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"}, &byoa.StreamUpload{
		BrainTypeID: 1003,
		Size:        int64(len(data)),
		Open:        func() (io.Reader, error) { return strings.NewReader(data), nil },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(info.DataSize == int64(len(data)))
	m, err := bc.Models.Decode(context.Background(), byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Data[0].GoalType, m.Data[0].Features[0]["week_part^0"])
	// Output:
	// true
	// ctr 0.4
}

func ExampleScorer() {
	m, err := byoa.DecodeModel([]byte(`{"Data":[{"Features":[{"__const":-2,"week_part^0":0.5,"video_skippability^0":1}],"GoalType":"CPA","Boundaries":null}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	sc, err := m.Scorer(byoa.GoalTypeCPA)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, features := range [][]string{nil, {"week_part^0"}, {"week_part^0", "video_skippability^0"}} {
		var active []int
		for _, f := range features {
			if i, ok := sc.Index(f); ok {
				active = append(active, i)
			}
		}
		p := sc.ScoreActive(active)
		price, _ := byoa.BidPrice(p, adama.MustDecimal("12.00"), 4)
		fmt.Printf("%.4f %s\n", p, price)
	}
	// Output:
	// 0.1192 1.4304
	// 0.1824 2.1891
	// 0.3775 4.5305
}

func ExampleNewHandler() {
	h := byoa.NewHandler(func(ctx context.Context, req *byoa.BidRequest) (*byoa.BidResponse, error) {
		if len(req.Enrichment().Segments) == 0 {
			return nil, nil // no bid
		}
		return &byoa.BidResponse{SeatBid: []byoa.SeatBid{{Bid: []byoa.Bid{{ID: "b1", ImpID: req.Imp[0].ID, Price: adama.MustDecimal("1.50")}}}}}, nil
	}, byoa.WithReadTimeout(2*time.Second))
	// Serve it with timeouts: the handler reads the body as it arrives.
	ts := httptest.NewUnstartedServer(h)
	ts.Config.ReadHeaderTimeout = 2 * time.Second
	ts.Config.ReadTimeout = 5 * time.Second
	ts.Start()
	defer ts.Close()
	reqs := adamatest.SampleBidRequests(3, 1000) // tmax 1 s
	reqs[1].User = nil                           // not enriched: no bid
	router := adamatest.NewBidRouter(ts.URL, ts.Client())
	router.Slack = 2 * time.Second
	res := router.Route(context.Background(), reqs)
	fmt.Println(res.Bids, res.NoBids, res.Errors)
	fmt.Println(res.Responses[0].SeatBid[0].Bid[0].Price)
	// Output:
	// 2 1 0
	// 1.5
}
