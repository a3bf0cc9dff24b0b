package targeting_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzPlansDecode feeds arbitrary JSON to the plans family's decoders: a
// record that decodes writes JSON that decodes again with as many
// misfits, an unchanged strategy group's update sends its version alone,
// and a template's body is built or refused without panicking.
func FuzzPlansDecode(f *testing.F) {
	for _, name := range []string{"GlobalTemplate", "OrganizationLevel", "AgencyLevel", "AdvertiserLevel"} {
		f.Add(refExample(f, "createStrategyTemplate.request."+name+".json"))
	}
	f.Add([]byte(`{"id":4,"descriptiom":"d","template":{"a":[1,{"b":null}]},"global":"true","organization_id":"1"}`))
	f.Add([]byte(`{"id":7,"campaign_id":100,"name":"G","spend_cap_amount":"1e2","strategies":[{"id":"3"}],"version":2}`))
	f.Add([]byte(`{"id":7,"spend_cap_type":"weekly","impression_cap_amount":{},"version":-1}`))
	f.Add(refExample(f, "createCampaignPlan.request.Example.json"))
	f.Add([]byte(`{"id":11,"strategy_target":{"id":"4","exclude":"false","target_op":"XOR"},"target_value":[{"id":501,"parent_value_id":null,"code":null,"value":"23"},null]}`))
	f.Add([]byte(`{"id":"3","duration":{"start_date":"2050-01-01T10:00:00+0000","end_date":1},"budget":{"total_budget":"1e2","currency_code":5},"version":"2"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		plansRoundTrip(t, b, func() any { return new(targeting.StrategyTemplate) })
		plansRoundTrip(t, b, func() any { return new(targeting.NewStrategyGroup) })
		plansRoundTrip(t, b, func() any { return new(targeting.NewStrategyGroupStrategy) })
		plansRoundTrip(t, b, func() any { return new(targeting.CampaignPlan) })
		plansRoundTrip(t, b, func() any { return new(targeting.NewStrategyPlanTargetValue) })
		var plan targeting.CampaignPlan
		if json.Unmarshal(b, &plan) == nil {
			_, _ = targeting.CampaignPlanUpdateBody(&plan)
		}
		var tpl targeting.StrategyTemplate
		if json.Unmarshal(b, &tpl) == nil {
			_, _ = targeting.StrategyTemplateBody(&tpl)
		}
		var g targeting.NewStrategyGroup
		if json.Unmarshal(b, &g) != nil {
			return
		}
		body, err := targeting.NewStrategyGroupUpdateBody(&g)
		if g.ID < 1 || g.Version < 0 || g.Version > math.MaxInt32 {
			return
		}
		if err != nil {
			t.Fatalf("read from %s: Update of the unchanged group: %v", b, err)
		}
		if want := fmt.Sprintf(`{"version":%d}`, g.Version); string(body) != want {
			t.Fatalf("read from %s: Update of the unchanged group sends %s, want %s", b, body, want)
		}
	})
}

// plansRoundTrip decodes b into a fresh record; one that decodes encodes, and
// its output decodes again with as many misfits.
func plansRoundTrip(t *testing.T, b []byte, fresh func() any) {
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
	type misfits interface{ Misfits() []adama.Misfit }
	if n, m := len(again.(misfits).Misfits()), len(v.(misfits).Misfits()); n != m {
		t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, m, n, out)
	}
}
