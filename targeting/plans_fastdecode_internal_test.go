package targeting

import (
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// FuzzPlansFastDecode: the plans family's one-pass decoders either leave
// a body to internal/record or give exactly the record it gives.
func FuzzPlansFastDecode(f *testing.F) {
	for _, s := range []string{
		`{"id":7,"entity_type":"strategy_group","campaign_id":100,"name":"G","description":null,"spend_cap_type":"even","spend_cap_amount":12.5,"impression_cap_type":"no-limit","impression_cap_amount":null,"external_identifier":"x","strategy_count":3,"strategies":[{"id":1,"entity_type":"strategy","name":"S"}],"created_on":"2026-01-02T03:04:05Z","updated_on":"2026-01-02T03:04:05+0000","version":2}`,
		`{"id":"7","spend_cap_amount":"12.50","impression_cap_amount":"5","strategy_count":"3","version":"2","spend_cap_type":"weekly"}`,
		`{"spend_cap_amount":{},"strategies":{},"strategies":[null,{"id":{}}],"created_on":1}`,
		`{"Name":"a","name":"b"}`, `null`, `{}`, `[]`,
		`{"id":3,"advertiser_id":"190","name":"P","duration":{"start_date":"2050-01-01T10:00:00Z","end_date":"2050-01-10T23:59:00+0000"},"budget":{"total_budget":"100.5","currency_code":"USD"},"zone_name":"UTC","version":"4"}`,
		`{"id":11,"strategy_target":{"id":4,"strategy_plan_id":"9","exclude":false,"active":"1","target_op":"OR"},"target_value":[{"id":501,"parent_value_id":null,"name":null,"value":23,"code":"BY","is_targetable":true},null]}`,
		`{"duration":{"start_date":5},"budget":{"total_budget":{}},"start_date":"x","total_budget":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !jsonscan.Valid(b) {
			return
		}
		recordtest.SameAsSlow(t, b, (*NewStrategyGroup).decodeFast, (*NewStrategyGroup).decodeSlow)
		recordtest.SameAsSlow(t, b, (*NewStrategyGroupStrategy).decodeFast, (*NewStrategyGroupStrategy).decodeSlow)
		recordtest.SameAsSlow(t, b, (*CampaignPlan).decodeFast, (*CampaignPlan).decodeSlow)
		recordtest.SameAsSlow(t, b, (*CampaignPlanDuration).decodeFast, (*CampaignPlanDuration).decodeSlow)
		recordtest.SameAsSlow(t, b, (*CampaignPlanBudget).decodeFast, (*CampaignPlanBudget).decodeSlow)
		recordtest.SameAsSlow(t, b, (*NewStrategyPlanTargetValue).decodeFast, (*NewStrategyPlanTargetValue).decodeSlow)
		recordtest.SameAsSlow(t, b, (*NewStrategyPlanTarget).decodeFast, (*NewStrategyPlanTarget).decodeSlow)
		recordtest.SameAsSlow(t, b, (*NewStrategyPlanTargetValueItem).decodeFast, (*NewStrategyPlanTargetValueItem).decodeSlow)
	})
}
