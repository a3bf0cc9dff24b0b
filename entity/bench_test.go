package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/url"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/wire"
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
		for _, err := range ec.Campaigns.All(ctx, &ListOptions{Prefetch: prefetch}) {
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
func pageBytes(b *testing.B, accept string) []byte {
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
type plainStrategy Strategy

func BenchmarkDecodePageJSON(b *testing.B) {
	raw := pageBytes(b, "application/json")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := decodeJSONPage[Strategy](bytes.NewReader(raw))
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
		p, err := decodeXMLPage[Strategy](bytes.NewReader(raw))
		if err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodePageXMLBaseline decodes the same bytes with plain
// encoding/xml into the generic entity/prop tree (no typing).
func BenchmarkDecodePageXMLBaseline(b *testing.B) {
	raw := pageBytes(b, "application/xml")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var res wire.Result
		if err := xml.NewDecoder(bytes.NewReader(raw)).Decode(&res); err != nil || len(res.Entities.Entities) != 100 {
			b.Fatal(err)
		}
	}
}
