package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func newStrategyTargeting() *targeting.StrategyTargetingRequest {
	return &targeting.StrategyTargetingRequest{
		StrategyIDs: []int64{87, 88},
		Targeting: &targeting.TargetingSpec{
			Audience: &targeting.AudienceTargeting{Include: []targeting.AudienceTarget{{Operator: targeting.SegmentOperatorOr, AudienceSegmentIDs: []int64{32}}}},
			Location: &targeting.DimensionTargeting{
				Include: []targeting.DimensionTarget{{Code: targeting.DimensionRegion, Operator: targeting.SegmentOperatorOr, TargetValueIDs: []int64{33}}},
				Exclude: []targeting.DimensionTarget{{TargetValueIDs: []int64{3}}},
			},
			MyData:   &targeting.MyDataTargeting{Include: &targeting.PixelTargeting{PixelBundleIDs: []int64{88}, Operator: targeting.SegmentOperatorAnd}},
			DayParts: []targeting.TargetingDayPart{{UserTime: adama.Ptr(true), StartHour: 1, EndHour: 5, Days: []targeting.TargetingDay{targeting.TargetingDayMonday, targeting.TargetingDaySunday}}},
		},
	}
}

func TestStrategyTargetingAdd(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	tgt := srv.Targeting().Targets().AddRaw(map[string]any{"name": "Bavaria", "dimension_code": "REGN"})
	in := newStrategyTargeting()
	in.Targeting.Location.Include[0].TargetValueIDs = []int64{tgt}

	view, err := tc.StrategyTargeting.Add(ctx, in)
	require.NoError(t, err)
	require.Len(t, view.Location, 4, "two values for two strategies")
	l := view.Location[0]
	assert.Equal(t, int64(87), l.StrategyID)
	assert.Equal(t, "Bavaria", l.TargetValueName)
	assert.False(t, l.StrategyTargetExclude)
	assert.True(t, view.Location[1].StrategyTargetExclude)
	assert.Equal(t, int64(2), l.StrategyCount)

	before := len(srv.Requests())
	bad := newStrategyTargeting()
	bad.StrategyIDs = nil
	bad.Targeting.Location.Include[0].Code = ""
	bad.Targeting.DayParts[0].EndHour = 24
	bad.Targeting.DayParts[0].Days = []targeting.TargetingDay{"X"}
	_, err = tc.StrategyTargeting.Add(ctx, bad)
	assert.ElementsMatch(t, []string{"strategy_id", "targeting.location.include[0].code", "targeting.day_parts[0].end_hour", "targeting.day_parts[0].days[0]"}, violated(t, err))
	_, err = tc.StrategyTargeting.Add(ctx, nil)
	assert.Equal(t, []string{"request"}, violated(t, err))
	assert.Len(t, srv.Requests(), before, "nothing sent")
}

func TestStrategyTargetingBytes(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	expect("POST", "/api/v3.0/targeting").
		BodyString(`{"strategy_id":[87,88],"targeting":{"audience":{"include":[{"operator":"OR","audience_segment_ids":[32]}]},"my_data":{"include":{"pixel_bundle_ids":[88],"operator":"AND"}},"location":{"include":[{"code":"REGN","operator":"OR","target_value_ids":[33]}],"exclude":[{"target_value_ids":[3]}]},"day_parts":[{"user_time":true,"start_hour":1,"end_hour":5,"days":["M","U"]}]}}`).
		Reply(200).JSON(map[string]any{"data": map[string]any{"location": []any{}}, "meta": map[string]any{"status": "success", "count": 0}})
	_, err := tc.StrategyTargeting.Add(context.Background(), newStrategyTargeting())
	require.NoError(t, err)
	assert.True(t, gock.IsDone(), "pending: %v", gock.Pending())
}

func TestDecodeStrategyTargetingExample(t *testing.T) {
	// The reference's x-examples of location_response (strategy_target_id,
	// strategy_target_value_id added: the schema requires them), under 200
	// and under the 207 of a partial success.
	for _, status := range []int{200, 207} {
		v, err := fileClient(t, status, "v3/audiences/targeting_location.json").StrategyTargeting.Add(context.Background(), &targeting.StrategyTargetingRequest{StrategyIDs: []int64{65}})
		require.NoError(t, err)
		require.Len(t, v.Location, 1)
		assert.Equal(t, targeting.LocationTargeting{StrategyID: 65, StrategyTargetID: 1, StrategyTargetActive: true, StrategyTargetOperator: "OR",
			StrategyTargetValueID: 1, TargetDimensionCode: "REGN", TargetDimensionName: "nameface REGN", TargetValueID: 18,
			TargetValueName: "target values item", TargetValueValue: 123123, TargetValueCode: "Target Value 1", StrategyCount: 2}, v.Location[0])
		assert.Empty(t, v.Misfits())
	}
}
