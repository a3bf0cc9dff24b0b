package adama_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

type benchRecord struct {
	ID         int64       `json:"id"`
	Name       string      `json:"name"`
	EntityType string      `json:"entity_type"`
	Version    int         `json:"version"`
	Status     bool        `json:"status"`
	Domain     string      `json:"domain"`
	AgencyID   int64       `json:"agency_id"`
	VerticalID int64       `json:"vertical_id"`
	CreatedOn  string      `json:"created_on"`
	Budget     adama.Money `json:"budget"`
}

func benchPage() []benchRecord {
	page := make([]benchRecord, 25)
	for i := range page {
		page[i] = benchRecord{ID: int64(i + 1), Name: "Advertiser", EntityType: "advertiser", Version: 3, Status: true,
			Domain: "https://example.com", AgencyID: 9, VerticalID: 4, CreatedOn: "2026-01-02T03:04:05+0000",
			Budget: adama.MustMoney("USD", "100.25")}
	}
	return page
}

func benchGroup(r fake.Registrar) {
	page := benchPage()
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		wire.WriteJSON(w, http.StatusOK, wire.Meta{Count: len(page), TotalCount: len(page)}, page)
	})
	r.Handle("GET /api/v2.0/advertisers", fake.Session, h)
	r.Handle("GET /plain/advertisers", fake.Public, h)
}

// BenchmarkGetJSON compares one JSON GET through the client (token,
// session cookie, retrying transport, envelope decoding) with plain
// net/http and encoding/json against the same loopback server.
func BenchmarkGetJSON(b *testing.B) {
	srv := adamatest.NewServer(withGroup(benchGroup))
	defer srv.Close()
	ctx := context.Background()

	b.Run("client", func(b *testing.B) {
		c, err := srv.NewClient()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			resp, err := c.Do(ctx, &adama.Request{Path: "/api/v2.0/advertisers"})
			if err != nil {
				b.Fatal(err)
			}
			var page []benchRecord
			if _, err := wire.DecodeJSON(resp.Body, &page); err != nil {
				b.Fatal(err)
			}
			resp.Body.Close()
			if len(page) != 25 {
				b.Fatal("short page")
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		hc := srv.Client()
		b.ReportAllocs()
		for b.Loop() {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/plain/advertisers", nil)
			req.Header.Set("Accept", "application/json")
			resp, err := hc.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			var env struct {
				Meta wire.Meta     `json:"meta"`
				Data []benchRecord `json:"data"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
				b.Fatal(err)
			}
			resp.Body.Close()
			if len(env.Data) != 25 {
				b.Fatal("short page")
			}
		}
	})
}
