package targeting_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzCreativesDecode feeds arbitrary JSON to the decoders of atomic
// creatives, pixel bundles, marketplaces and site lists: decoding never panics, a
// record that decodes writes JSON that decodes again with as many
// misfits, and Update of a record read and left alone sends its version
// only.
func FuzzCreativesDecode(f *testing.F) {
	for _, name := range []string{"atomic_creative_extended.json", "pixel_bundle.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, creativesData(name)), &env); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(env.Data))
	}
	var list struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(f, creativesData("marketplace_list.json")), &list); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(list.Data[0]))
	var sl struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(f, creativesData("site_list.json")), &sl); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(sl.Data))
	f.Add([]byte(`{"id":"7","version":"2","vast_version":"x","vendors":[{"id":"a"}],"targeted_strategies":{"strategies_list":["1",null]}}`))
	f.Add([]byte(`{"id":1,"version":1,"cost_cpm":"1e400","event_urls":[1],"pricing":"FLAT","mkt_sell_price":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		roundTrip(t, b, func() *targeting.AtomicCreative { return new(targeting.AtomicCreative) })
		roundTrip(t, b, func() *targeting.PixelBundle { return new(targeting.PixelBundle) })
		roundTrip(t, b, func() *targeting.Marketplace { return new(targeting.Marketplace) })
		roundTrip(t, b, func() *targeting.SiteList { return new(targeting.SiteList) })
		roundTrip(t, b, func() *targeting.SiteListAssignment { return new(targeting.SiteListAssignment) })
		if a := new(targeting.AtomicCreative); json.Unmarshal(b, a) == nil {
			unchangedSave(t, b, a, a.ID, a.Version, func() ([]byte, error) { return targeting.SavedBody(a) })
		}
		if p := new(targeting.PixelBundle); json.Unmarshal(b, p) == nil {
			unchangedSave(t, b, p, p.ID, p.Version, func() ([]byte, error) { return targeting.SavedBody(p) })
		}
		if m := new(targeting.Marketplace); json.Unmarshal(b, m) == nil {
			unchangedSave(t, b, m, m.ID, m.Version, func() ([]byte, error) { return targeting.SavedBody(m) })
		}
	})
}

type misfitter interface{ Misfits() []adama.Misfit }

func roundTrip[T any, P interface {
	*T
	misfitter
}](t *testing.T, b []byte, fresh func() P) {
	v := fresh()
	if json.Unmarshal(b, v) != nil {
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
	if len(again.Misfits()) != len(v.Misfits()) {
		t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(v.Misfits()), len(again.Misfits()), out)
	}
}

// unchangedSave checks that Update of rec, read from b and left alone, sends
// its version and nothing else (misfits included), and refuses an id or
// version out of range.
func unchangedSave(t *testing.T, b []byte, rec any, id, version int64, body func() ([]byte, error)) {
	got, err := body()
	if id < 1 || version < 0 || version > math.MaxInt32 {
		if err == nil {
			t.Fatalf("%T: id %d, version %d accepted", rec, id, version)
		}
		return
	}
	if err != nil {
		t.Fatalf("%T read from %s: Update of the unchanged record: %v", rec, b, err)
	}
	if want := fmt.Sprintf(`{"version":%d}`, version); string(got) != want {
		t.Fatalf("%T read from %s: Update of the unchanged record sends %s, want %s", rec, b, got, want)
	}
}
