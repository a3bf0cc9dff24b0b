package targeting_test

import (
	"encoding/json"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzCampaignFamilyDecode feeds arbitrary JSON to the decoders of the
// campaign, budget flight, allocation, concept and contract records: decoding never
// panics, a record that decodes writes JSON that decodes again with as
// many misfits, and a campaign, concept or contract read and left alone
// updates with its version only.
func FuzzCampaignFamilyDecode(f *testing.F) {
	for _, name := range []string{"v3/campaigns/campaign.json", "v3/campaigns/concept.json", "v3/campaigns/contract.json", "v3/campaigns/budget_flights.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, name), &env); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(env.Data))
	}
	f.Add([]byte(`{"id":"7","version":"2","budget":{"currency_code":"USD","flights":[{"id":"77","total_budget":"1e3","is_relevant":"true"}]},"goals":{"goal_value":"x"}}`))
	f.Add([]byte(`{"id":4,"version":1,"spend_cap":"123456789.123456789","dmp_fee_unit":"NEW","platform_monthly_min":{}}`))
	f.Add([]byte(`{"id":"7","dynamic_budget_allocation_applied":null,"dynamic_budget_allocation_available":"2030-03-01"}`))
	f.Add([]byte(`{"id":3,"version":0,"name":"C","media_type_list":["print",1],"atomic_creative_list":"1,2"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		cmpRoundTrip(t, b, func() any { return new(targeting.Campaign) })
		cmpRoundTrip(t, b, func() any { return new(targeting.BudgetFlight) })
		cmpRoundTrip(t, b, func() any { return new(targeting.Concept) })
		cmpRoundTrip(t, b, func() any { return new(targeting.Contract) })
		cmpRoundTrip(t, b, func() any { return new(targeting.CampaignCopy) })
		cmpRoundTrip(t, b, func() any { return new(targeting.CampaignDBA) })
		leftAlone(t, b, new(targeting.Campaign), func(c *targeting.Campaign) (int64, int64) { return c.ID, c.Version })
		leftAlone(t, b, new(targeting.Concept), func(c *targeting.Concept) (int64, int64) { return c.ID, c.Version })
		leftAlone(t, b, new(targeting.Contract), func(c *targeting.Contract) (int64, int64) { return c.ID, c.Version })
	})
}

func cmpRoundTrip(t *testing.T, b []byte, fresh func() any) {
	v := fresh()
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

// leftAlone checks that Update of a record read from b and left alone
// sends its version and nothing else, or refuses it before sending.
func leftAlone[T any](t *testing.T, b []byte, rec *T, ids func(*T) (int64, int64)) {
	if json.Unmarshal(b, rec) != nil {
		return
	}
	id, version := ids(rec)
	body, err := targeting.CampaignFamilyUpdateBody(rec)
	if id < 1 || version < 0 || version > 2147483647 {
		if err == nil {
			t.Fatalf("%T: id %d, version %d accepted", rec, id, version)
		}
		return
	}
	if err != nil {
		return // a rule the record read breaks (a concept without name) is refused before sending
	}
	var got map[string]json.RawMessage
	if json.Unmarshal(body, &got) != nil || len(got) != 1 && !(len(got) == 2 && got["name"] != nil) {
		t.Fatalf("%T read from %s: Update of the unchanged record sends %s", rec, b, body)
	}
}
