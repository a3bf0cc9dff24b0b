package byoa_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/byoa"
)

func fiftyFeatureModel(b *testing.B) (*byoa.Scorer, map[string]float64, []float64) {
	b.Helper()
	w := byoa.FeatureWeights{byoa.ConstFeature: -1.2}
	values := map[string]float64{}
	for i := range 50 {
		name := fmt.Sprintf("feature_%02d^%d", i, i%3)
		w[name] = float64(i%7-3) / 100
		values[name] = float64(i % 2)
	}
	sc, err := byoa.NewScorer(&byoa.Submodel{GoalType: byoa.GoalTypeCTR, Features: []byoa.FeatureWeights{w}})
	if err != nil {
		b.Fatal(err)
	}
	x := make([]float64, sc.Len())
	for name, v := range values {
		i, _ := sc.Index(name)
		x[i] = v
	}
	return sc, values, x
}

var sink float64

// BenchmarkScore scores one impression with 50 features (dense vector).
func BenchmarkScore(b *testing.B) {
	sc, _, x := fiftyFeatureModel(b)
	b.ReportAllocs()
	for b.Loop() {
		sink = sc.Score(x)
	}
}

// BenchmarkScoreBaselineMap is the plain way: a map of coefficients and a
// map of the impression's values, math.Exp at the end.
func BenchmarkScoreBaselineMap(b *testing.B) {
	_, values, _ := fiftyFeatureModel(b)
	coef := map[string]float64{}
	for name := range values {
		coef[name] = 0.01
	}
	b.ReportAllocs()
	for b.Loop() {
		z := -1.2
		for name, v := range values {
			z += coef[name] * v
		}
		sink = 1 / (1 + math.Exp(-z))
	}
}

func benchRequest(b *testing.B) []byte {
	b.Helper()
	body, err := json.Marshal(adamatest.SampleBidRequests(1, 100)[0])
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// BenchmarkHandler measures the endpoint kit: decode, deadline, bid
// function, checks and encoding of a one-bid answer.
func BenchmarkHandler(b *testing.B) {
	body := benchRequest(b)
	price := adama.MustDecimal("1.25")
	h := byoa.NewHandler(func(_ context.Context, req *byoa.BidRequest) (*byoa.BidResponse, error) {
		return &byoa.BidResponse{SeatBid: []byoa.SeatBid{{Bid: []byoa.Bid{{ID: "b", ImpID: req.Imp[0].ID, Price: price}}}}}, nil
	})
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/bid", bytes.NewReader(body)))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

type plainImp struct {
	ID       string  `json:"id"`
	TagID    string  `json:"tagid"`
	BidFloor float64 `json:"bidfloor"`
	Banner   *struct {
		W int `json:"w"`
		H int `json:"h"`
	} `json:"banner"`
}

type plainRequest struct {
	ID     string          `json:"id"`
	Imp    []plainImp      `json:"imp"`
	TMax   int             `json:"tmax"`
	Site   json.RawMessage `json:"site"`
	Device json.RawMessage `json:"device"`
	User   json.RawMessage `json:"user"`
}

type plainBid struct {
	ID    string  `json:"id"`
	ImpID string  `json:"impid"`
	Price float64 `json:"price"`
}

type plainResponse struct {
	ID      string `json:"id"`
	SeatBid []struct {
		Bid []plainBid `json:"bid"`
	} `json:"seatbid"`
}

// BenchmarkHandlerBaselinePlain is a plain http.Handler decoding the same
// request with encoding/json into plain structs and answering one bid.
func BenchmarkHandlerBaselinePlain(b *testing.B) {
	body := benchRequest(b)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req plainRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Imp) == 0 {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		resp := plainResponse{ID: req.ID}
		resp.SeatBid = append(resp.SeatBid, struct {
			Bid []plainBid `json:"bid"`
		}{[]plainBid{{ID: "b", ImpID: req.Imp[0].ID, Price: 1.25}}})
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(resp)
	})
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/bid", bytes.NewReader(body)))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}
