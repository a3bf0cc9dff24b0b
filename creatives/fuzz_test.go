package creatives

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adamasdk/adama-go/adama"
)

func seeds(f *testing.F) {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{`{}`, `null`, `[]`, `{"data":null}`, `{"response":{"value":null}}`, `{"status":{"code":"x"}}`, `"x"`, `7`, `{"id":"1e400"}`,
		`{"concept":{},"startTime":"soon","vendors":["x"],"details":{"active":"maybe"}}`} {
		f.Add([]byte(s))
	}
}

// FuzzRecords decodes any body into every record type, re-encodes it and
// decodes the result again: no panic, and a record read once survives its
// own round trip.
func FuzzRecords(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		targets := []func() any{
			func() any { return new(VideoCreative) }, func() any { return new(CreativeDetails) },
			func() any { return new(CreateResult) }, func() any { return new(Companion) },
			func() any { return new(HistoryEntry) }, func() any { return new(History) },
			func() any { return new(Classification) }, func() any { return new(StaticItem) },
			func() any { return new(InflatedClassification) }, func() any { return new(Variant) },
			func() any { return new(UploadStatus) }, func() any { return new(UploadLocation) }, func() any { return new(TempFile) },
			func() any { return new(ComponentCreative) },
			func() any { return new(Asset) }, func() any { return new(Component) }, func() any { return new(Approval) },
			func() any { return new(bulkWire) }, func() any { return new(companionsWire) }, func() any { return new(FlexString) },
		}
		for _, mk := range targets {
			v := mk()
			if json.Unmarshal(b, v) != nil {
				continue
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%T: marshal after a successful read: %v", v, err)
			}
			again := mk()
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T: own output does not read back: %v\n%s", v, err, out)
			}
			// A record written back (it has its own encoder) sends a misfit
			// as it came, so it is a misfit again.
			_, writes := v.(json.Marshaler)
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok && writes {
				if n := len(again.(interface{ Misfits() []adama.Misfit }).Misfits()); n != len(m.Misfits()) {
					t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(m.Misfits()), n, out)
				}
			}
		}
	})
}

// FuzzWireForms feeds any body to the v1.0 and component answer readers.
func FuzzWireForms(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = decodeV1[[]StaticItem](b, "GET", "/x")
		_, _ = decodeV1[Classification](b, "GET", "/x")
		var cs []ComponentCreative
		_, _ = decodeCC(b, &cs, "GET", "/x")
		var c ComponentCreative
		_, _ = decodeCC(b, &c, "GET", "/x")
		_, _ = decodeCC(b, nil, "GET", "/x")
		var comps []Component
		if m, err := decodeCC(b, &comps, "GET", "/x"); err == nil {
			if p := ccPage(comps, m); !p.HasTotal && p.TotalCount != 0 {
				t.Fatalf("a total_count that did not read became %d", p.TotalCount)
			}
		}
		var comp Component
		_, _ = decodeCC(b, &comp, "GET", "/x")
	})
}

// FuzzComponentCreativeChanges reads any body as a component creative: a
// record read has nothing to send, and the body of a create or of an
// update after a change is one JSON object.
func FuzzComponentCreativeChanges(f *testing.F) {
	seeds(f)
	f.Add([]byte(`{"atomic_creative_id":7,"concept_id":"77","clickthrough_url":"https://example.com","status":"1","title":"T",` +
		`"clickThroughUrl":"x","assets":[{"asset_id":5}],"future":{"a":1},"width":"300"}`))
	f.Add([]byte(`{"concept_id":{},"status":"maybe","assets":"[]","end_date":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var c ComponentCreative
		if json.Unmarshal(b, &c) != nil {
			return
		}
		if ch := c.Changes(); len(ch) != 0 {
			t.Fatalf("a record read sends %v", ch)
		}
		c.CreativeName += "x"
		c.NewAssets = KeepAssets(1)
		for _, body := range []ccOrdered{c.changes(), setOnly(c.writeForm())} {
			out, err := json.Marshal(body)
			if err != nil || !json.Valid(out) || out[0] != '{' {
				t.Fatalf("body %q: %v", out, err)
			}
		}
	})
}
