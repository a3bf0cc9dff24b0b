package targeting

import (
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// FuzzStrategyTreeFastDecode: the one-pass decoders of a strategy's
// targeting tree and domain restrictions either leave a body to
// internal/record or give exactly the record it gives.
func FuzzStrategyTreeFastDecode(f *testing.F) {
	for _, b := range recordtest.Bodies(f, "testdata/v3/strategies/strategy*.json") {
		f.Add(b)
	}
	for _, s := range []string{
		`{"fold_position":["ABOVE","MARGIN"],"audience":{"include":[{"operator":"OR","segments":[{"audience_segment_id":"24","user_cpm":"1.5"}]}],"exclude":{"segments":[]},"retired":["12"]},"brand_safety":1}`,
		`{"location":{"include":[{"code":"REGN","target_value_id":"87","target_value":"5"}]},"day_parts":[{"start_hour":"1","end_hour":"late","days":["M"]}],"recency":[{"to_hour":"7"}]}`,
		`{"geofence":{"include":{"segments":[{"geofence_segment_id":{},"updated_on":"then","status":"1"}]}},"my_data":{"exclude":{"pixels":[{"pixel_id":"65","pixel_type":"other"}]}}}`,
		`{"include":[{"domain":"a.example","target_type":"APP"}],"exclude":[null,{"domain":7}]}`,
		`{"postal_codes":{"restriction":"INCLUDE","count":"5"},"ip_addresses":{"restriction":"","count":{}}}`,
		`null`, `{}`, `[]`, `{"Location":1,"location":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !jsonscan.Valid(b) {
			return
		}
		recordtest.SameAsSlow(t, b, (*StrategyTargetingTree).decodeFast, (*StrategyTargetingTree).decodeSlow)
		recordtest.SameAsSlow(t, b, (*StrategyAudienceSegment).decodeFast, (*StrategyAudienceSegment).decodeSlow)
		recordtest.SameAsSlow(t, b, (*StrategyGeofenceSegment).decodeFast, (*StrategyGeofenceSegment).decodeSlow)
		recordtest.SameAsSlow(t, b, (*StrategyTargetValueRef).decodeFast, (*StrategyTargetValueRef).decodeSlow)
		recordtest.SameAsSlow(t, b, (*StrategyTargetCount).decodeFast, (*StrategyTargetCount).decodeSlow)
		recordtest.SameAsSlow(t, b, (*DomainRestrictions).decodeFast, (*DomainRestrictions).decodeSlow)
		recordtest.SameAsSlow(t, b, (*Strategy).decodeFast, (*Strategy).decodeSlow)
	})
}
