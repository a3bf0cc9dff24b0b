package targeting_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// TestDecodeStrategyVariant reads the platform-shaped strategy of
// testdata/v3/strategies/strategy_variant.json through Get: numbers sent
// as strings fill their fields, values the reference does not list are
// kept, the misfit is reported with its raw value, the unknown property is
// kept in the tree's Extra.
func TestDecodeStrategyVariant(t *testing.T) {
	ctx := context.Background()
	s, err := fileClient(t, 200, "v3/strategies/strategy_variant.json").Strategies.Get(ctx, 23)
	require.NoError(t, err, "nothing in the body fails the record")
	assert.Equal(t, []adama.Misfit{{Field: "targeting.day_parts[0].end_hour", Raw: json.RawMessage(`"late"`)}}, s.Misfits())

	assert.Equal(t, &targeting.DomainRestrictions{Include: []targeting.DomainRestriction{}, Exclude: []targeting.DomainRestriction{
		{Domain: "bad.example", TargetType: targeting.DomainTargetTypeDomain},
		{Domain: "com.example.game", TargetType: "BUNDLE"},
	}}, s.Inventory.DomainRestrictions)
	assert.False(t, s.Inventory.DomainRestrictions.Exclude[1].TargetType.Valid(), "kept, not known")

	tree := s.Targeting
	require.NotNil(t, tree)
	assert.Equal(t, []targeting.FoldPosition{targeting.FoldPositionAbove, "MARGIN"}, tree.FoldPosition)
	assert.Equal(t, []targeting.StrategyAudienceGroup{{Operator: targeting.SegmentOperatorOr, Segments: []targeting.StrategyAudienceSegment{
		{AudienceSegmentID: 24, UserCPM: adama.Ptr(adama.MustDecimal("1.5")), AudienceSegmentName: "Cyclists"}}}}, tree.Audience.Include)
	assert.Equal(t, []int64{12}, tree.Audience.Retired)
	assert.Equal(t, []targeting.StrategyTargetValueRef{
		{Code: targeting.DimensionRegion, Operator: targeting.SegmentOperatorOr, TargetValueID: 87, FullPath: "Europe >> Bavaria"},
		{Code: "GALAXY", TargetValueID: 88},
	}, tree.Location.Include)
	require.Len(t, tree.DayParts, 1)
	assert.Equal(t, int64(1), tree.DayParts[0].StartHour)
	assert.Zero(t, tree.DayParts[0].EndHour, "the misfit leaves its field zero")
	assert.Equal(t, []targeting.TargetingDay{targeting.TargetingDayMonday, "X"}, tree.DayParts[0].Days)
	assert.Equal(t, []targeting.StrategyRecency{{PixelID: 55, FromHour: adama.Ptr[int64](5), ToHour: 7}}, tree.Recency)
	assert.JSONEq(t, `{"level":2}`, string(tree.Extra["brand_safety"]))
}

// TestStrategyTreeRoundTrip: the record's own form writes the tree back
// with what it could not type (misfit, unknown property, unknown values),
// and reading that gives the same tree.
func TestStrategyTreeRoundTrip(t *testing.T) {
	s := variantStrategy(t)
	out, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"end_hour":"late"`)
	assert.Contains(t, string(out), `"brand_safety":{"level":2}`)
	assert.Contains(t, string(out), `"target_type":"BUNDLE"`)
	var again targeting.Strategy
	require.NoError(t, json.Unmarshal(out, &again))
	assert.Equal(t, s.Targeting, again.Targeting)
	assert.Equal(t, s.Inventory.DomainRestrictions.Exclude, again.Inventory.DomainRestrictions.Exclude)
	assert.Empty(t, again.Inventory.DomainRestrictions.Include, "an empty list is left out, as of every record")
	assert.Equal(t, s.Misfits(), again.Misfits())
}

// TestStrategyTreeOverFake: a typed tree is created, read back and kept by
// an update of another field (Modify), over the fake platform.
func TestStrategyTreeOverFake(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	s := newStrategy()
	s.Targeting = &targeting.StrategyTargetingTree{
		Location:   &targeting.StrategyDimensionTargeting{Include: []targeting.StrategyTargetValueRef{{Code: targeting.DimensionRegion, TargetValueID: 87}}},
		Technology: &targeting.StrategyDimensionTargeting{Exclude: []targeting.StrategyTargetValueRef{{Code: targeting.DimensionBrowser, TargetValueID: 5}}},
		MyData:     &targeting.StrategyMyDataTargeting{Include: &targeting.StrategyPixelSet{Operator: targeting.SegmentOperatorAnd, Pixels: []targeting.StrategyPixelRef{{PixelID: 65}}}},
	}
	s.Inventory.DomainRestrictions = &targeting.DomainRestrictions{Exclude: []targeting.DomainRestriction{{Domain: "bad.example", TargetType: targeting.DomainTargetTypeDomain}}}
	created, err := tc.Strategies.Create(ctx, s)
	require.NoError(t, err)
	got, err := tc.Strategies.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, s.Targeting, got.Targeting)
	assert.Equal(t, s.Inventory.DomainRestrictions, got.Inventory.DomainRestrictions)

	// The stored tree in a platform form the SDK does not write: an
	// unrelated change leaves it as it was.
	raw := map[string]any{"location": map[string]any{"include": []any{map[string]any{"code": "REGN", "target_value_id": "87"}}}, "fold_position": []any{"MARGIN"}}
	require.True(t, srv.Targeting().Strategies().SetRaw(created.ID, "targeting", raw))
	_, err = tc.Strategies.Modify(ctx, created.ID, func(s *targeting.Strategy) error { s.Name = "Renamed"; return nil })
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.NotContains(t, string(reqs[len(reqs)-1].Body), "targeting")
	stored, _ := json.Marshal(srv.Targeting().Strategies().Raw(created.ID)["targeting"])
	assert.JSONEq(t, `{"location":{"include":[{"code":"REGN","target_value_id":"87"}]},"fold_position":["MARGIN"]}`, string(stored))
}
