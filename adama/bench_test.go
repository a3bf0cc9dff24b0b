package adama_test

import (
	"context"
	"encoding/json"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/route"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/call"
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
}

// BenchmarkGetJSON compares one JSON GET through the SDK's call layer
// (token, session cookie, retrying transport, envelope decoding into typed
// records) with plain net/http and encoding/json on the same
// session-authenticated route, with the same bearer and cookie, decoding
// into the same records.
func BenchmarkGetJSON(b *testing.B) {
	srv := adamatest.NewServer(withGroup(benchGroup))
	defer srv.Close()
	ctx := context.Background()
	c, err := srv.NewClient()
	if err != nil {
		b.Fatal(err)
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: "/api/v2.0", Auth: adama.AuthSession, Envelope: call.DataMeta}
	if _, err := call.List[benchRecord](ctx, g, &call.Call{Path: "/advertisers"}); err != nil {
		b.Fatal(err) // token and session fetched before timing
	}
	// The baseline's own credentials, obtained the way the platform hands
	// them out: a bearer token and the session cookie for it.
	token := srv.IssueToken()
	sreq, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+route.Session, nil)
	sreq.Header.Set("Authorization", "Bearer "+token)
	sresp, err := srv.Client().Do(sreq)
	if err != nil {
		b.Fatal(err)
	}
	sresp.Body.Close()
	var cookie *http.Cookie
	for _, ck := range sresp.Cookies() {
		if ck.Name == adama.SessionCookieName {
			cookie = ck
		}
	}
	if cookie == nil {
		b.Fatal("no session cookie")
	}

	client := func() {
		p, err := call.List[benchRecord](ctx, g, &call.Call{Path: "/advertisers"})
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Items) != 25 {
			b.Fatal("short page")
		}
	}
	plain := func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v2.0/advertisers", nil)
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		req.AddCookie(cookie)
		resp, err := srv.Client().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			b.Fatal(resp.Status)
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
	b.Run("client", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			client()
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			plain()
		}
	})
	// Both in every round, alternating: x-base is the client's time ÷ the
	// plain request's.
	b.Run("paired", func(b *testing.B) { benchpair.Run(b, 0, client, plain) })
}
