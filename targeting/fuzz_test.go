package targeting_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzRecordDecode feeds arbitrary JSON to every record decoder of the
// package: decoding never panics, and a record that decodes writes JSON
// that decodes again.
func FuzzRecordDecode(f *testing.F) {
	for _, name := range []string{"attachment.json", "attachment_platform.json", "target.json", "advertiser.json", "audit_log.json", "collection.json", "attachment_misfit.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, name), &env); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(env.Data))
	}
	f.Add([]byte(`{"id":"1e3","version":-0.0,"or_better":"off","vendor_attributions":[{"vendor_id":"7"}]}`))
	f.Add([]byte(`{"fields":[{"field_name":1,"old_value":null,"new_value":[1]}]}`))
	f.Add([]byte(`{"status":"maybe","target_id":{},"vendor_attributions":[{"vendor_id":{}}],"agency":{"id":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(v any, fresh func() any) {
			if err := json.Unmarshal(b, v); err != nil {
				return
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%T decoded but does not encode: %v", v, err)
			}
			again := fresh()
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T: its own output %s does not decode: %v", v, out, err)
			}
			// A misfit goes back as it came, so it is a misfit again.
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				if n := len(again.(interface{ Misfits() []adama.Misfit }).Misfits()); n != len(m.Misfits()) {
					t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(m.Misfits()), n, out)
				}
			}
		}
		check(new(targeting.Attachment), func() any { return new(targeting.Attachment) })
		check(new(targeting.Target), func() any { return new(targeting.Target) })
		unchanged(t, b, new(targeting.Attachment), func(a *targeting.Attachment) (int64, int64) { return a.ID, a.Version })
		unchanged(t, b, new(targeting.Target), func(x *targeting.Target) (int64, int64) { return x.ID, x.Version })
		unchanged(t, b, new(targeting.Advertiser), func(a *targeting.Advertiser) (int64, int64) { return a.ID, a.Version })
		check(new(targeting.TargetPath), func() any { return new(targeting.TargetPath) })
		check(new(targeting.Advertiser), func() any { return new(targeting.Advertiser) })
		check(new(targeting.HistoryEntry), func() any { return new(targeting.HistoryEntry) })
		var list []targeting.Attachment
		_ = json.Unmarshal(b, &list)
	})
}

// unchanged checks that Update of a record read from b and left alone
// sends its version and nothing else (misfits included).
func unchanged[T any](t *testing.T, b []byte, rec *T, ids func(*T) (int64, int64)) {
	if json.Unmarshal(b, rec) != nil {
		return
	}
	id, version := ids(rec)
	body, err := targeting.UpdateBody(rec)
	if id < 1 || version < 0 || version > math.MaxInt32 {
		if err == nil {
			t.Fatalf("%T: id %d, version %d accepted", rec, id, version)
		}
		return
	}
	if err != nil {
		t.Fatalf("%T read from %s: Update of the unchanged record: %v", rec, b, err)
	}
	if want := fmt.Sprintf(`{"version":%d}`, version); string(body) != want {
		t.Fatalf("%T read from %s: Update of the unchanged record sends %s, want %s", rec, b, body, want)
	}
}
