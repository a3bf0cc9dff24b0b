package deals_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/internal/call"
)

func seedTestdata(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"id":"1","price":"1e3","status":"yes","channels":[{"id":"2"}],"owner":{"id":"x"}}`))
	f.Add([]byte(`{"status":"maybe","supply_source_id":{}}`))
	f.Add([]byte(`{"price":{"value":[]},"channels":[{"id":true}],"permissions":{"agency_ids":"x"}}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[]`))
}

// FuzzDealDecode feeds any JSON to the deal decoder: it must never panic,
// and what it decodes must encode and decode again to the same writable
// form.
func FuzzDealDecode(f *testing.F) {
	seedTestdata(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		var d deals.Deal
		if err := json.Unmarshal(b, &d); err != nil {
			return
		}
		out, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("encoding a decoded deal: %v", err)
		}
		var again deals.Deal
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("decoding an encoded deal: %v\n%s", err, out)
		}
		if len(d.Changes()) != 0 || len(again.Changes()) != 0 {
			t.Fatalf("a freshly read deal reports changes: %v %v", d.Changes(), again.Changes())
		}
		if a, b := misfitFields(d.Misfits()), misfitFields(again.Misfits()); !slices.Equal(a, b) {
			t.Fatalf("misfits differ after a round trip: %v %v\n%s", a, b, out)
		}
	})
}

func misfitFields(ms []adama.Misfit) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Field
	}
	slices.Sort(out)
	return out
}

// FuzzEnvelopeRecords decodes any body through the group's envelope into
// every record type; nothing may panic.
func FuzzEnvelopeRecords(f *testing.F) {
	seedTestdata(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		var ds []deals.Deal
		_, _ = call.DataMeta.Decode(bytes.NewReader(b), "application/json", &ds)
		var rows []deals.AnalyticsRow
		_, _ = call.DataMeta.Decode(bytes.NewReader(b), "application/json", &rows)
		var g deals.DealGroup
		_, _ = call.DataMeta.Decode(bytes.NewReader(b), "application/json", &g)
		var ps []deals.Publisher
		_, _ = call.DataMeta.Decode(bytes.NewReader(b), "application/json", &ps)
		var cs []deals.Channel
		_, _ = call.Bare.Decode(bytes.NewReader(b), "application/json", &cs)
	})
}

// FuzzPrice reads any price form; what it reads writes back exactly.
func FuzzPrice(f *testing.F) {
	for _, s := range []string{`{"value":"1.3000","currency_code":"EUR"}`, `1.3`, `"9999999.9999"`, `{"value":12}`, `"1e-3"`, `{"value":null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p deals.Price
		if err := json.Unmarshal(b, &p); err != nil {
			return
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var q deals.Price
		if err := json.Unmarshal(out, &q); err != nil {
			t.Fatalf("re-reading %s: %v", out, err)
		}
		if p.Value.Cmp(q.Value) != 0 || p.CurrencyCode != q.CurrencyCode {
			t.Fatalf("round trip changed %s to %s", p, q)
		}
	})
}
