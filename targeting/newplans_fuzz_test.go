package targeting_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/targeting"
)

// FuzzNewStrategyPlanDecode feeds arbitrary JSON to the strategy plan's
// decoder (and so to every record it holds): a plan that decodes writes
// JSON that decodes again with as many misfits, a create's body is built
// or refused, and an unchanged plan's update sends its version alone.
func FuzzNewStrategyPlanDecode(f *testing.F) {
	for _, name := range []string{"create.json", "response_extended.json", "response_platform.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		b := readNewPlanBody(f, name)
		if json.Unmarshal(b, &env) == nil && env.Data != nil {
			b = env.Data
		}
		f.Add(b)
	}
	f.Add([]byte(`{"id":"1","version":"2","creatives":{"ad_expandable":"maybe","ad_formats":null},"targeting":{"audience":{"exclude":null}}}`))
	f.Add([]byte(`{"id":5,"goals":{"goal_type":"","max_bid":"1e400"},"targeting":{"fold_position":[null,1],"day_parts":[{"days":"MTW"}]}}`))
	f.Add([]byte(`{"id":5,"version":1,"forecast":{"forecast_result":{"data":{"pricing":[{"price":[],"spend":"x"}]}}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		plansRoundTrip(t, b, func() any { return new(targeting.NewStrategyPlan) })
		var p targeting.NewStrategyPlan
		if json.Unmarshal(b, &p) != nil {
			return
		}
		_, _ = targeting.NewStrategyPlanCreateBody(&p)
		body, err := targeting.NewStrategyPlanUpdateBody(&p)
		if p.ID < 1 || p.ID > math.MaxInt32 || p.Version < math.MinInt32 || p.Version > math.MaxInt32 {
			return
		}
		if err != nil {
			return // a misfit or a broken rule read from the platform may be refused
		}
		if want := fmt.Sprintf(`{"version":%d}`, p.Version); string(body) != want {
			t.Fatalf("read from %s: Update of the unchanged plan sends %s, want %s", b, body, want)
		}
	})
}
