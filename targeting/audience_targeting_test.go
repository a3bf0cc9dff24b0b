package targeting_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
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

// putStrategies stores strategies ids in the fake, which refuses
// targeting for a strategy it does not hold.
func putStrategies(t *testing.T, srv *adamatest.Server, ids ...int64) {
	t.Helper()
	for _, id := range ids {
		require.True(t, srv.Targeting().Strategies().PutRaw(id, map[string]any{"id": id, "name": "s" + strconv.FormatInt(id, 10)}))
	}
}

func TestStrategyTargetingAdd(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	putStrategies(t, srv, 87, 88)
	tgt := srv.Targeting().Targets().AddRaw(map[string]any{"name": "Bavaria", "dimension_code": "REGN"})
	in := newStrategyTargeting()
	in.Targeting.Location.Include[0].TargetValueIDs = []int64{tgt}

	res, err := tc.StrategyTargeting.Add(ctx, in)
	require.NoError(t, err)
	assert.Equal(t, 200, res.Status)
	require.Len(t, res.Items, 2)
	assert.Len(t, res.Succeeded(), 2)
	for i, id := range []int64{87, 88} {
		it := res.Items[i]
		assert.Equal(t, i, it.Index)
		assert.Equal(t, id, it.ID)
		require.NotNil(t, it.Record)
		require.Len(t, it.Record.Location, 2, "two values for strategy %d", id)
		for _, l := range it.Record.Location {
			assert.Equal(t, id, l.StrategyID)
			assert.Equal(t, int64(2), l.StrategyCount)
		}
	}
	l := res.Items[0].Record.Location[0]
	assert.Equal(t, "Bavaria", l.TargetValueName)
	assert.False(t, l.StrategyTargetExclude)
	assert.True(t, res.Items[0].Record.Location[1].StrategyTargetExclude)

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

func TestStrategyTargetingAddPartial(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	putStrategies(t, srv, 87)
	in := newStrategyTargeting()
	in.StrategyIDs = []int64{404, 87}

	res, err := tc.StrategyTargeting.Add(ctx, in)
	require.NoError(t, err, "the request was answered; the refused strategy is an item's outcome")
	assert.Equal(t, 207, res.Status)
	require.Len(t, res.Items, 2)

	refused := res.Items[0]
	assert.Equal(t, int64(404), refused.ID)
	assert.False(t, refused.OK())
	var ae *adama.Error
	require.ErrorAs(t, refused.Err, &ae)
	assert.Equal(t, 207, ae.StatusCode)
	assert.Equal(t, "not_found", ae.Code)
	assert.Equal(t, []adama.FieldError{{Code: "not_found", Field: "strategy_id[0]", Message: "strategy 404 not found"}}, ae.Fields)
	assert.Equal(t, "POST", ae.Method)
	assert.Equal(t, "/api/v3.0/targeting", ae.Path)
	require.NotNil(t, refused.Record)
	assert.Empty(t, refused.Record.Location, "nothing was applied to it")

	ok := res.Items[1]
	assert.True(t, ok.OK())
	assert.Equal(t, int64(87), ok.ID)
	require.Len(t, ok.Record.Location, 2)
	assert.Equal(t, int64(1), ok.Record.Location[0].StrategyCount, "the refused strategy does not count")
	assert.Equal(t, []targeting.BulkItem[targeting.StrategyTargetingView]{refused}, res.Failed())

	// The fake kept the targeting of the strategy it took only: a second
	// call for 87 alone answers its rows again, and no more.
	again, err := tc.StrategyTargeting.Add(ctx, &targeting.StrategyTargetingRequest{StrategyIDs: []int64{87}})
	require.NoError(t, err)
	assert.Equal(t, 200, again.Status)
	assert.Len(t, again.Items[0].Record.Location, 2)
}

func TestStrategyTargetingBytes(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	expect("POST", "/api/v3.0/targeting").
		BodyString(`{"strategy_id":[87,88],"targeting":{"audience":{"include":[{"operator":"OR","audience_segment_ids":[32]}]},"my_data":{"include":{"pixel_bundle_ids":[88],"operator":"AND"}},"location":{"include":[{"code":"REGN","operator":"OR","target_value_ids":[33]}],"exclude":[{"target_value_ids":[3]}]},"day_parts":[{"user_time":true,"start_hour":1,"end_hour":5,"days":["M","U"]}]}}`).
		Reply(207).JSON(map[string]any{"data": map[string]any{"location": []any{}}, "meta": map[string]any{"status": "partial_success", "count": 0},
		"errors": []any{map[string]any{"code": "invalid", "message": "archived", "field": "strategy_id[1]"}}})
	res, err := tc.StrategyTargeting.Add(context.Background(), newStrategyTargeting())
	require.NoError(t, err)
	assert.True(t, gock.IsDone(), "pending: %v", gock.Pending())
	assert.Equal(t, 207, res.Status)
	assert.True(t, res.Items[0].OK())
	assert.EqualError(t, res.Items[1].Err, "adama: POST /api/v3.0/targeting: 207 invalid: the item was refused; strategy_id[1]: archived")
}

func TestDecodeStrategyTargetingExample(t *testing.T) {
	// The reference's x-examples of location_response (strategy_target_id,
	// strategy_target_value_id added: the schema requires them).
	want := targeting.LocationTargeting{StrategyID: 65, StrategyTargetID: 1, StrategyTargetActive: true, StrategyTargetOperator: "OR",
		StrategyTargetValueID: 1, TargetDimensionCode: "REGN", TargetDimensionName: "nameface REGN", TargetValueID: 18,
		TargetValueName: "target values item", TargetValueValue: 123123, TargetValueCode: "Target Value 1", StrategyCount: 2}
	ctx := context.Background()
	res, err := fileClient(t, 200, "v3/audiences/targeting_location.json").StrategyTargeting.Add(ctx, &targeting.StrategyTargetingRequest{StrategyIDs: []int64{65}})
	require.NoError(t, err)
	require.Len(t, res.Items, 1)
	require.True(t, res.Items[0].OK())
	assert.Equal(t, []targeting.LocationTargeting{want}, res.Items[0].Record.Location)
	assert.Empty(t, res.Items[0].Record.Misfits())

	// The same body under 207 names no reason: the items are not taken as
	// succeeded.
	res, err = fileClient(t, 207, "v3/audiences/targeting_location.json").StrategyTargeting.Add(ctx, &targeting.StrategyTargetingRequest{StrategyIDs: []int64{65}})
	require.NoError(t, err)
	assert.Len(t, res.Failed(), 1)
	assert.Equal(t, []targeting.LocationTargeting{want}, res.Items[0].Record.Location)

	// A 207 in the reference's shape: errors (code, message, field) beside
	// data. One reason names the second strategy, the other the targeting
	// both share.
	res, err = fileClient(t, 207, "v3/audiences/targeting_partial.json").StrategyTargeting.Add(ctx, &targeting.StrategyTargetingRequest{StrategyIDs: []int64{65, 66}})
	require.NoError(t, err)
	require.Len(t, res.Items, 2)
	shared := adama.FieldError{Code: "invalid", Message: "target value 19 is not a location", Field: "targeting.location.include[0].target_value_ids[1]"}
	own := adama.FieldError{Code: "not_found", Message: "strategy 66 not found", Field: "strategy_id[1]"}
	for i, tc := range []struct {
		id     int64
		rows   []targeting.LocationTargeting
		code   string
		fields []adama.FieldError
	}{
		{65, []targeting.LocationTargeting{want}, "invalid", []adama.FieldError{shared}},
		{66, nil, "not_found", []adama.FieldError{own, shared}},
	} {
		it := res.Items[i]
		assert.Equal(t, tc.id, it.ID)
		assert.Equal(t, tc.rows, it.Record.Location)
		var ae *adama.Error
		require.ErrorAs(t, it.Err, &ae)
		assert.Equal(t, 207, ae.StatusCode)
		assert.Equal(t, tc.code, ae.Code)
		assert.Equal(t, tc.fields, ae.Fields)
	}
}
