package deals_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/internal/call"
)

// BenchmarkDecodeDeals decodes a page of 100 deals through the group's
// envelope, against plain encoding/json into a struct with the same
// fields (no leniency, no unknown-field keeping, no update snapshot).
func BenchmarkDecodeDeals(b *testing.B) {
	for _, in := range []struct{ name, file, path string }{
		{"reference", "testdata/bulk_deals.json", "valid"},
		{"platform", "testdata/deal_platform.json", ""},
	} {
		b.Run(in.name, func(b *testing.B) { benchDecode(b, in.file, in.path) })
	}
}

func benchDecode(b *testing.B, file, path string) {
	one, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(one, &env); err != nil {
		b.Fatal(err)
	}
	item := env.Data
	if path != "" {
		var inner struct {
			Valid []json.RawMessage `json:"valid_deals"`
		}
		if err := json.Unmarshal(env.Data, &inner); err != nil {
			b.Fatal(err)
		}
		item = inner.Valid[0]
	}
	items := bytes.Repeat(append(item, ','), 100)
	page := []byte(`{"meta":{"status":"ok","count":100},"data":[` + string(items[:len(items)-1]) + `]}`)
	b.Run("deals", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			var ds []deals.Deal
			if _, err := call.DataMeta.Decode(bytes.NewReader(page), "application/json", &ds); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			var p struct {
				Data []map[string]any `json:"data"`
			}
			if err := json.Unmarshal(page, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}
