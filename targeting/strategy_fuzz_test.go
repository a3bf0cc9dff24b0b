package targeting_test

import (
	"encoding/json"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzStrategyDecode feeds arbitrary JSON to the strategy family's
// decoders: decoding never panics, a record that decodes writes JSON that
// decodes again with as many misfits, and Update of a strategy left alone
// sends its version only.
func FuzzStrategyDecode(f *testing.F) {
	for _, name := range []string{"v3/strategies/strategy.json", "v3/strategies/strategy_variant.json", "v3/strategies/healthcheck.json", "v3/strategies/forecast_query.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, name), &env); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(env.Data))
	}
	f.Add([]byte(`{"id":"7","version":"3","goals":{"max_bid":"1.5","bid_min_devices":"x"},"concepts":{"creative_groups":[{"percent":"50"}]}}`))
	f.Add([]byte(`{"strategy_target":{"target_op":"XOR","exclude":"1"},"target_value":[{"parent_value_id":"2","name":null}],"target_inet":"10.0.0.1","percent":"12.5","status":null}`))
	f.Add([]byte(`{"targeting":[1],"inventory":{"domain_restrictions":"no","deals":[{"deal_id":{}}]},"duration":null}`))
	f.Add([]byte(`{"fold_position":"ABOVE","audience":{"include":{"segments":[]},"exclude":[{"operator":"OR"}]},"geofence":{"include":{"segments":[{"geofence_segment_id":"x","updated_on":"then"}]}},"day_parts":[{"days":"M"}]}`))
	f.Add([]byte(`{"include":[{"domain":7,"target_type":"APP"}],"exclude":{"domain":"a"}}`))
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
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				if n := len(again.(interface{ Misfits() []adama.Misfit }).Misfits()); n != len(m.Misfits()) {
					t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(m.Misfits()), n, out)
				}
			}
		}
		check(new(targeting.Strategy), func() any { return new(targeting.Strategy) })
		check(new(targeting.StrategyHealthcheck), func() any { return new(targeting.StrategyHealthcheck) })
		check(new(targeting.StrategyForecastQuery), func() any { return new(targeting.StrategyForecastQuery) })
		check(new(targeting.TargetingFriendlyName), func() any { return new(targeting.TargetingFriendlyName) })
		check(new(targeting.StrategyCopy), func() any { return new(targeting.StrategyCopy) })
		check(new(targeting.StrategyDeal), func() any { return new(targeting.StrategyDeal) })
		check(new(targeting.StrategyDayPart), func() any { return new(targeting.StrategyDayPart) })
		check(new(targeting.StrategyGroup), func() any { return new(targeting.StrategyGroup) })
		check(new(targeting.StrategyIPAddress), func() any { return new(targeting.StrategyIPAddress) })
		check(new(targeting.StrategyConcept), func() any { return new(targeting.StrategyConcept) })
		check(new(targeting.StrategyTargetValue), func() any { return new(targeting.StrategyTargetValue) })
		check(new(targeting.StrategyPostalCode), func() any { return new(targeting.StrategyPostalCode) })
		check(new(targeting.StrategyTargetingTree), func() any { return new(targeting.StrategyTargetingTree) })
		check(new(targeting.DomainRestrictions), func() any { return new(targeting.DomainRestrictions) })
		unchanged(t, b, new(targeting.Strategy), func(s *targeting.Strategy) (int64, int64) { return s.ID, s.Version })
	})
}
