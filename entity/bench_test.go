package entity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// benchAll lists 10,000 records through All with 20 ms latency per request.
func benchAll(b *testing.B, prefetch int) {
	ec, srv := newTestClient(b, adamatest.WithEntities("campaigns", 10000))
	ctx := context.Background()
	if _, err := ec.Session(ctx); err != nil { // warm up token and session
		b.Fatal(err)
	}
	srv.SetLatency(20 * time.Millisecond)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		n := 0
		for _, err := range ec.Campaigns.All(ctx, &entity.ListOptions{Prefetch: prefetch}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 10000 {
			b.Fatalf("got %d records", n)
		}
	}
}

// BenchmarkAllSequential is the baseline: one page after another.
func BenchmarkAllSequential(b *testing.B) { benchAll(b, 0) }

// BenchmarkAllPrefetch8 fetches up to 8 pages ahead concurrently.
func BenchmarkAllPrefetch8(b *testing.B) { benchAll(b, 8) }

// pageBytes fetches a 100-record strategy page from the fake in form f.
func pageBytes(b testing.TB, accept string) []byte {
	srv := adamatest.NewServer(adamatest.WithEntities("strategies", 100))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		b.Fatal(err)
	}
	resp, err := c.Do(context.Background(), &adama.Request{Method: "GET", Path: "/api/v2.0/strategies", Query: url.Values{"full": {"*"}, "page_limit": {"100"}}, Accept: accept})
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		b.Fatal(err)
	}
	return raw
}

// plainStrategy is Strategy without its decoding method: what plain
// encoding/json does with the same struct.
type plainStrategy entity.Strategy

func BenchmarkDecodePageJSON(b *testing.B) {
	raw := pageBytes(b, "application/json")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := entity.DecodeJSONPage[entity.Strategy](bytes.NewReader(raw))
		if err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePageJSONBaseline(b *testing.B) {
	raw := pageBytes(b, "application/json")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var env struct {
			Meta wire.Meta       `json:"meta"`
			Data []plainStrategy `json:"data"`
		}
		if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&env); err != nil || len(env.Data) != 100 {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePageXML(b *testing.B) {
	raw := pageBytes(b, "application/xml")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := entity.DecodeXMLPage[entity.Strategy](bytes.NewReader(raw))
		if err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodePageXMLBaseline decodes the same bytes the plain
// encoding/xml way into the same typed records: a hand-written mapping
// from the result/entity/prop tree to Strategy fields, with strconv and
// the same date-time parser (what a careful programmer would write for
// the properties this page carries).
func BenchmarkDecodePageXMLBaseline(b *testing.B) {
	raw := pageBytes(b, "application/xml")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		items, err := handDecodeStrategies(raw)
		if err != nil || len(items) != 100 {
			b.Fatal(err)
		}
	}
}

func handDecodeStrategies(raw []byte) ([]*plainStrategy, error) {
	var res wire.Result
	if err := xml.NewDecoder(bytes.NewReader(raw)).Decode(&res); err != nil {
		return nil, err
	}
	out := make([]*plainStrategy, 0, len(res.Entities.Entities))
	for i := range res.Entities.Entities {
		e := &res.Entities.Entities[i]
		s := &plainStrategy{}
		var err error
		if s.ID, err = strconv.ParseInt(e.ID, 10, 64); err != nil {
			return nil, err
		}
		if s.Version, err = strconv.Atoi(e.Version); err != nil {
			return nil, err
		}
		s.Name, s.EntityType = e.Name, e.Type
		for _, p := range e.Props {
			switch p.Name {
			case "bid_aggressiveness":
				n, err := strconv.Atoi(p.Value)
				if err != nil {
					return nil, err
				}
				s.BidAggressiveness = &n
			case "campaign_id":
				if s.CampaignID, err = strconv.ParseInt(p.Value, 10, 64); err != nil {
					return nil, err
				}
			case "bid_price_is_media_only", "status", "use_optimization":
				v, err := wirefmt.ParseBool(p.Value)
				if err != nil {
					return nil, err
				}
				bv := adama.Bool(v)
				switch p.Name {
				case "status":
					s.Status = &bv
				case "use_optimization":
					s.UseOptimization = &bv
				default:
					s.BidPriceIsMediaOnly = &bv
				}
			case "created_on", "updated_on":
				t, err := wirefmt.ParseTime(p.Value)
				if err != nil {
					return nil, err
				}
				if p.Name == "created_on" {
					s.CreatedOn = adama.TimePtr(t)
				} else {
					s.UpdatedOn = adama.TimePtr(t)
				}
			case "impression_pacing_interval":
				s.ImpressionPacingInterval = entity.PacingInterval(p.Value)
			case "type":
				s.Type = entity.StrategyType(p.Value)
			case "goal_type":
				s.GoalType = entity.GoalType(p.Value)
			case "goal_value", "budget", "max_bid", "pacing_amount":
				m := make(adama.Money, 0, len(p.Amounts))
				for _, a := range p.Amounts {
					d, err := adama.ParseDecimal(a.Value)
					if err != nil {
						return nil, err
					}
					m = append(m, adama.Amount{CurrencyCode: a.CurrencyCode, Value: d})
				}
				switch p.Name {
				case "goal_value":
					s.GoalValue = m
				case "budget":
					s.Budget = m
				case "max_bid":
					s.MaxBid = m
				default:
					s.PacingAmount = m
				}
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// TestHandDecodeMatchesSDK keeps the XML baselines honest: each yields
// the records the SDK yields.
func TestHandDecodeMatchesSDK(t *testing.T) {
	raw := pageBytes(t, "application/xml")
	p, err := entity.DecodeXMLPage[entity.Strategy](bytes.NewReader(raw))
	require.NoError(t, err)
	for name, decode := range map[string]func([]byte) ([]*plainStrategy, error){
		"Decode into the result tree": handDecodeStrategies,
		"raw tokens":                  rawHandDecodeStrategies,
	} {
		t.Run(name, func(t *testing.T) {
			hand, err := decode(raw)
			require.NoError(t, err)
			require.Len(t, hand, len(p.Items))
			for i, h := range hand {
				got := (*plainStrategy)(stripState(p.Items[i]))
				got.Extra = nil
				assert.Equal(t, h, got)
			}
		})
	}
}

// BenchmarkDecodePageJSONPaired is DecodePageJSON against its baseline in
// every round (internal/benchpair): x-base is the SDK's time ÷ plain
// encoding/json's into the same struct.
func BenchmarkDecodePageJSONPaired(b *testing.B) {
	raw := pageBytes(b, "application/json")
	benchpair.Run(b, len(raw), func() {
		if p, err := entity.DecodeJSONPage[entity.Strategy](bytes.NewReader(raw)); err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}, func() {
		var env struct {
			Meta wire.Meta       `json:"meta"`
			Data []plainStrategy `json:"data"`
		}
		if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&env); err != nil || len(env.Data) != 100 {
			b.Fatal(err)
		}
	})
}

// BenchmarkDecodePageXMLPaired is DecodePageXML against the hand-written
// typed encoding/xml decoder in every round.
func BenchmarkDecodePageXMLPaired(b *testing.B) {
	raw := pageBytes(b, "application/xml")
	benchpair.Run(b, len(raw), func() {
		if p, err := entity.DecodeXMLPage[entity.Strategy](bytes.NewReader(raw)); err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}, func() {
		if items, err := handDecodeStrategies(raw); err != nil || len(items) != 100 {
			b.Fatal(err)
		}
	})
}

// BenchmarkAllPrefetchPaired lists 10,000 campaigns (100 pages, 20 ms per
// request) with prefetch 8 against sequential paging in every round:
// x-base below 1 is the speed-up.
func BenchmarkAllPrefetchPaired(b *testing.B) {
	ec, srv := newTestClient(b, adamatest.WithEntities("campaigns", 10000))
	ctx := context.Background()
	if _, err := ec.Session(ctx); err != nil {
		b.Fatal(err)
	}
	srv.SetLatency(20 * time.Millisecond)
	list := func(prefetch int) func() {
		return func() {
			n := 0
			for _, err := range ec.Campaigns.All(ctx, &entity.ListOptions{Prefetch: prefetch}) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != 10000 {
				b.Fatalf("got %d records", n)
			}
		}
	}
	benchpair.Run(b, 0, list(8), list(0))
}
