package targeting_test

import (
	"context"
	"encoding/csv"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// seedStrategyParams stores one record of each strategy parameter for
// strategy 7.
func seedStrategyParams(srv *adamatest.Server) {
	h := srv.Targeting()
	h.StrategyDeals().AddRaw(map[string]any{"strategy_id": 7, "deal_id": 8})
	h.StrategyDayParts().AddRaw(map[string]any{"strategy_id": 7, "user_time": true, "status": nil, "start_hour": 1, "end_hour": 5, "days": "MTWRF"})
	h.StrategyIPAddresses().AddRaw(map[string]any{"strategy_id": 7, "target_inet": []any{"10.0.0.1", "192.168.0.0/24"}})
	h.StrategyConcepts().AddRaw(map[string]any{"strategy_id": 7, "concept_id": 24, "status": true, "weighting": "NONE", "percent": nil})
	h.StrategyTargetValues().AddRaw(map[string]any{"strategy_target": map[string]any{"id": 3, "strategy_id": 7, "target_dimension_id": 2, "exclude": false, "active": true, "target_op": "OR"},
		"target_value": []any{map[string]any{"id": 87, "parent_value_id": nil, "target_dimension_id": 2, "name": "Bavaria", "value": 87, "code": "BY", "is_targetable": true}}})
	h.StrategyPostalCodes().AddRaw(map[string]any{"strategy_id": 7, "name": "Munich", "value": 80331, "code": "80331", "exclude": false})
	h.StrategyPostalCodes().AddRaw(map[string]any{"strategy_id": 7, "name": "Berlin", "value": 10115, "code": "10115", "exclude": true})
}

// exerciseStrategyParams runs every strategy parameter operation once,
// for TestWireFitsDescription.
func exerciseStrategyParams(t *testing.T, ctx context.Context, tc *targeting.Client, srv *adamatest.Server) {
	t.Helper()
	seedStrategyParams(srv)
	full := &targeting.StrategyParameterListOptions{Full: true, ListOptions: targeting.ListOptions{Q: qlang.Where("strategy_id", qlang.Eq, 7)}}
	_, err := tc.StrategyDeals.List(ctx, &targeting.StrategyDealListOptions{Full: true, With: targeting.StrategyDealWithStrategy})
	require.NoError(t, err)
	_, err = tc.StrategyDayParts.List(ctx, full)
	require.NoError(t, err)
	_, err = tc.StrategyGroups.List(ctx, nil)
	require.NoError(t, err)
	_, err = tc.StrategyIPAddresses.List(ctx, full)
	require.NoError(t, err)
	_, err = tc.StrategyConcepts.List(ctx, &targeting.StrategyConceptListOptions{Full: true, Extended: adama.Ptr(true)})
	require.NoError(t, err)
	_, err = tc.StrategyTargetValues.List(ctx, full)
	require.NoError(t, err)
	_, err = tc.StrategyPostalCodes.List(ctx, full)
	require.NoError(t, err)
	for _, dl := range []func(context.Context, int64, ...adama.RequestOption) (io.ReadCloser, error){tc.StrategyIPAddresses.Download, tc.StrategyPostalCodes.Download} {
		rc, err := dl(ctx, 7)
		require.NoError(t, err)
		_, err = io.Copy(io.Discard, rc)
		require.NoError(t, err)
		require.NoError(t, rc.Close())
	}
}

func TestStrategyParameters(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	seedStrategyParams(srv)
	for _, name := range []string{"A", "B"} {
		s := newStrategy()
		s.Name, s.Groups = name, []string{"Prospecting"}
		_, err := tc.Strategies.Create(ctx, s)
		require.NoError(t, err)
	}
	byStrategy := targeting.ListOptions{Q: qlang.Where("strategy_id", qlang.Eq, 7)}

	deals, err := tc.StrategyDeals.List(ctx, &targeting.StrategyDealListOptions{Full: true})
	require.NoError(t, err)
	require.Len(t, deals.Items, 1)
	assert.Equal(t, int64(8), deals.Items[0].DealID)
	short, err := tc.StrategyDeals.List(ctx, nil)
	require.NoError(t, err)
	assert.Zero(t, short.Items[0].DealID, "the collection form without full=*")

	parts := collect(t, tc.StrategyDayParts.All(ctx, &targeting.StrategyParameterListOptions{Full: true}))
	require.Len(t, parts, 1)
	assert.Equal(t, int64(5), parts[0].EndHour)
	assert.Nil(t, parts[0].Status)
	assert.Equal(t, "MTWRF", parts[0].Days)

	groups, err := tc.StrategyGroups.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, groups.Items, 1)
	assert.Equal(t, "Prospecting", groups.Items[0].Name)
	assert.Equal(t, []int64{1, 2}, groups.Items[0].StrategyIDs)

	ips, err := tc.StrategyIPAddresses.List(ctx, &targeting.StrategyParameterListOptions{Full: true, ListOptions: byStrategy})
	require.NoError(t, err)
	assert.Equal(t, []string{"10.0.0.1", "192.168.0.0/24"}, ips.Items[0].TargetInet)
	_, err = tc.StrategyIPAddresses.List(ctx, nil)
	require.ErrorIs(t, err, adama.ErrBadRequest, "strategy_id is required")

	concepts, err := tc.StrategyConcepts.List(ctx, &targeting.StrategyConceptListOptions{Full: true})
	require.NoError(t, err)
	assert.Equal(t, targeting.StrategyWeightingNone, concepts.Items[0].Weighting)
	assert.Nil(t, concepts.Items[0].Percent)

	tv, err := tc.StrategyTargetValues.List(ctx, &targeting.StrategyParameterListOptions{Full: true})
	require.NoError(t, err)
	assert.Equal(t, targeting.OperatorOr, tv.Items[0].StrategyTarget.TargetOp)
	assert.Equal(t, adama.Ptr("Bavaria"), tv.Items[0].TargetValue[0].Name)

	pcs := collect(t, tc.StrategyPostalCodes.All(ctx, &targeting.StrategyParameterListOptions{Full: true, ListOptions: targeting.ListOptions{PageLimit: 1, Q: byStrategy.Q}}))
	require.Len(t, pcs, 2)
	assert.Equal(t, adama.Ptr(true), pcs[1].Exclude)

	rc, err := tc.StrategyPostalCodes.Download(ctx, 7)
	require.NoError(t, err)
	rows, err := csv.NewReader(rc).ReadAll()
	require.NoError(t, err)
	require.NoError(t, rc.Close())
	assert.Equal(t, [][]string{{"code", "name", "value", "exclude"}, {"80331", "Munich", "80331", "false"}, {"10115", "Berlin", "10115", "true"}}, rows)
	reqs := srv.Requests()
	assert.Equal(t, "text/csv", reqs[len(reqs)-1].Header.Get("Accept"))

	rc, err = tc.StrategyIPAddresses.Download(ctx, 7)
	require.NoError(t, err)
	b, err := io.ReadAll(rc)
	require.NoError(t, err)
	require.NoError(t, rc.Close())
	assert.Equal(t, "target_inet\n10.0.0.1\n192.168.0.0/24\n", string(b))

	_, err = tc.StrategyIPAddresses.Download(ctx, 99)
	require.ErrorIs(t, err, adama.ErrNotFound)
	_, err = tc.StrategyPostalCodes.Download(ctx, 0)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	_, err = tc.StrategyDeals.List(ctx, &targeting.StrategyDealListOptions{With: "nope"})
	require.ErrorAs(t, err, &ve)
}
