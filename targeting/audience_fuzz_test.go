package targeting_test

import (
	"encoding/json"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzAudienceDecode feeds arbitrary JSON to the decoders of the audience
// families: decoding never panics, a record that decodes writes JSON that
// decodes again with as many misfits, and Update of a segment group or an
// audience vendor read and left alone sends nothing but an empty object.
func FuzzAudienceDecode(f *testing.F) {
	for _, name := range []string{"segment_groups.json", "segment_group.json", "segment_group_assignments.json", "audience_vendors.json",
		"audience_vendor_created.json", "audience_segment_estimate.json", "contextual_segment_estimate.json", "targeting_location.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, "v3/audiences/"+name), &env); err != nil {
			f.Fatal(err)
		}
		if len(env.Data) > 0 && env.Data[0] == '[' {
			var items []json.RawMessage
			_ = json.Unmarshal(env.Data, &items)
			for _, it := range items {
				f.Add([]byte(it))
			}
			continue
		}
		f.Add([]byte(env.Data))
	}
	f.Add([]byte(`{"id":"9","status":"yes","segment_subgroup":[{"segment_operator":1,"segment_members":[{"segment_id":"x","cpm":"1e400"}]}]}`))
	f.Add([]byte(`{"retail_cpm":0.5,"wholesale_cpm":[{"currency_code":"EUR","value":"1.5"}],"audience_vendor":{"id":[]},"constraint_values":[1,"a"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		round := func(v any, fresh func() any) {
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
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				if n := len(again.(interface{ Misfits() []adama.Misfit }).Misfits()); n != len(m.Misfits()) {
					t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(m.Misfits()), n, out)
				}
			}
		}
		round(new(targeting.SegmentGroup), func() any { return new(targeting.SegmentGroup) })
		round(new(targeting.SegmentGroupAssignment), func() any { return new(targeting.SegmentGroupAssignment) })
		round(new(targeting.AudienceVendor), func() any { return new(targeting.AudienceVendor) })
		round(new(targeting.AudienceSegment), func() any { return new(targeting.AudienceSegment) })
		round(new(targeting.ContextualSegment), func() any { return new(targeting.ContextualSegment) })
		round(new(targeting.TargetingSegment), func() any { return new(targeting.TargetingSegment) })
		round(new(targeting.FrequentSegment), func() any { return new(targeting.FrequentSegment) })
		round(new(targeting.AudienceCPMEstimate), func() any { return new(targeting.AudienceCPMEstimate) })
		round(new(targeting.ContextualCPMEstimate), func() any { return new(targeting.ContextualCPMEstimate) })
		round(new(targeting.TechnologyTargetValue), func() any { return new(targeting.TechnologyTargetValue) })
		round(new(targeting.EntityGroup), func() any { return new(targeting.EntityGroup) })
		round(new(targeting.EnterpriseControl), func() any { return new(targeting.EnterpriseControl) })
		round(new(targeting.StrategyTargetingView), func() any { return new(targeting.StrategyTargetingView) })
		round(new(targeting.StrategyTargetingRequest), func() any { return new(targeting.StrategyTargetingRequest) })
		for _, rec := range []any{new(targeting.SegmentGroup), new(targeting.AudienceVendor)} {
			if json.Unmarshal(b, rec) != nil {
				continue
			}
			var id int64
			switch r := rec.(type) {
			case *targeting.SegmentGroup:
				id = r.ID
			case *targeting.AudienceVendor:
				id = r.ID
			}
			body, err := targeting.AudienceUpdateBody(rec)
			if id < 1 {
				if err == nil {
					t.Fatalf("%T: id %d accepted", rec, id)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%T read from %s: Update of the unchanged record: %v", rec, b, err)
			}
			if string(body) != `{}` {
				t.Fatalf("%T read from %s: Update of the unchanged record sends %s", rec, b, body)
			}
		}
	})
}
