package creatives

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/internal/benchpair"
)

// creativePage is a page of 100 video creatives as the platform sends
// them (numbers as numbers, every documented property set).
func creativePage(b *testing.B) []byte {
	b.Helper()
	item := `{"id":5123,"details":{"active":true,"advertiser":7,"name":"Spring spot","concept":11,"startTime":1700000000,` +
		`"endTime":1800000000,"clickthroughUrl":"https://example.com/click","landingUrl":"https://example.com",` +
		`"landingUrlIsCalculated":false,"eventPixels":[{"typ":"start","url":"https://px.example/s"}],"vendors":[12,13],` +
		`"vastVersion":"VAST3","disabledVariants":[],"clockNumber":"ABC/DEF123/030"},"companionIds":[101,102],` +
		`"duration":15.5,"isUploaded":true,"unsecureUrls":{"3":{"id":3,"urls":["http://tracker.example/p"],"vendorName":"Tracker"}},` +
		`"status":"Finished","readyToServe":true,"thumbnail":"https://cdn.example/t.jpg","autoVendors":[3],"percent":100,` +
		`"isSecure":true,"isRotating":false,"isDynamic":false,"isAudio":false,"vpaidVersion":2,"hasCompanions":true,` +
		`"vastVersion":"VAST3","p1as":true,"updatedOn":"2026-01-02T03:04:05Z"}`
	page := []byte("[")
	for i := range 100 {
		if i > 0 {
			page = append(page, ',')
		}
		page = append(page, item...)
	}
	return append(page, ']')
}

// plainCreative is what a user would write without the SDK: a field for
// every key of the record (the date-time a time.Time), decoded by
// encoding/json.
type plainCreative struct {
	ID      int64 `json:"id"`
	Details struct {
		Active                 bool   `json:"active"`
		Advertiser             int64  `json:"advertiser"`
		Name                   string `json:"name"`
		Concept                int64  `json:"concept"`
		StartTime              *int64 `json:"startTime"`
		EndTime                *int64 `json:"endTime"`
		ClickthroughURL        string `json:"clickthroughUrl"`
		CustomVAST             string `json:"customVAST"`
		CustomVASTURL          string `json:"customVASTUrl"`
		ViewabilityTemplate    string `json:"viewabilityTemplate"`
		LandingURL             string `json:"landingUrl"`
		LandingURLIsCalculated bool   `json:"landingUrlIsCalculated"`
		EventPixels            []struct {
			Typ string `json:"typ"`
			URL string `json:"url"`
		} `json:"eventPixels"`
		Vendors                []int64 `json:"vendors"`
		VASTVersion            string  `json:"vastVersion"`
		DisabledVariants       []int64 `json:"disabledVariants"`
		ExternalIdentifier     string  `json:"externalIdentifier"`
		ClockNumber            string  `json:"clockNumber"`
		CustomVASTExtensionXML string  `json:"customVASTExtensionXML"`
	} `json:"details"`
	CompanionIDs []int64 `json:"companionIds"`
	Duration     float64 `json:"duration"`
	IsUploaded   bool    `json:"isUploaded"`
	UnsecureURLs map[string]struct {
		ID         int64    `json:"id"`
		URLs       []string `json:"urls"`
		VendorName string   `json:"vendorName"`
	} `json:"unsecureUrls"`
	Status        string    `json:"status"`
	ReadyToServe  bool      `json:"readyToServe"`
	Thumbnail     string    `json:"thumbnail"`
	AutoVendors   []int64   `json:"autoVendors"`
	Percent       float64   `json:"percent"`
	IsSecure      bool      `json:"isSecure"`
	IsRotating    bool      `json:"isRotating"`
	IsDynamic     bool      `json:"isDynamic"`
	IsAudio       bool      `json:"isAudio"`
	VPAIDVersion  int       `json:"vpaidVersion"`
	HasCompanions bool      `json:"hasCompanions"`
	VASTVersion   string    `json:"vastVersion"`
	P1AS          bool      `json:"p1as"`
	UpdatedOn     time.Time `json:"updatedOn"`
}

// BenchmarkDecodeCreativePage decodes a page of 100 creatives: the
// generated one-pass decoder, the record decoder of internal/record it
// falls back to (how every creatives record was read before), and plain
// structs through encoding/json as the baseline, in one run.
func BenchmarkDecodeCreativePage(b *testing.B) {
	page := creativePage(b)
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			var out []*VideoCreative
			if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 || !out[99].P1AS {
				b.Fatal(err)
			}
		}
	})
	b.Run("record", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			var out []*slowCreative
			if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 || !out[99].P1AS {
				b.Fatal(err)
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			var out []*plainCreative
			if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 {
				b.Fatal(err)
			}
		}
	})
}

// slowCreative reads a creative through internal/record only.
type slowCreative struct{ VideoCreative }

func (c *slowCreative) UnmarshalJSON(b []byte) error { return c.decodeSlow(b) }

// BenchmarkDecodeCreativePagePaired decodes the page with the generated
// decoder and with plain structs in every round, alternating which goes
// first, and reports the median per-round ratio generated/plain
// ("x-base", lower is better) on this shared machine.
func BenchmarkDecodeCreativePagePaired(b *testing.B) {
	page := creativePage(b)
	cand := func() {
		var out []*VideoCreative
		if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 {
			b.Fatal(err)
		}
	}
	benchpair.Run(b, len(page), cand, plainPage(b, page))
}

// BenchmarkDecodeCreativePageRecordPaired is the same pairing for the
// decoder of internal/record alone (how the records were read before
// they were generated).
func BenchmarkDecodeCreativePageRecordPaired(b *testing.B) {
	page := creativePage(b)
	cand := func() {
		var out []*slowCreative
		if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 {
			b.Fatal(err)
		}
	}
	benchpair.Run(b, len(page), cand, plainPage(b, page))
}

// plainPage decodes page into plain structs.
func plainPage(b *testing.B, page []byte) func() {
	return func() {
		var out []*plainCreative
		if err := json.Unmarshal(page, &out); err != nil || len(out) != 100 {
			b.Fatal(err)
		}
	}
}
