package entity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidationNamesEveryRuleAndSendsNothing(t *testing.T) {
	ec, srv := newTestClient(t)
	s := &entity.Strategy{Common: entity.Common{Name: strings.Repeat("n", 70)}, BidAggressiveness: ip(200), BidMinDevices: ip(9), GoalType: entity.GoalTypeROI,
		UseSvcFreq: adama.BoolPtr(true), PixelTargetExpr: "( [1] AND [2] OR [3] )"}
	srv.ResetRequests()
	_, err := ec.Strategies.Create(context.Background(), s)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	for _, f := range []string{"name", "campaign_id", "bid_aggressiveness", "bid_min_devices", "use_svc_freq", "use_optimization", "goal_value", "end_date", "pixel_target_expr"} {
		assert.True(t, ve.Has(f, ""), f)
	}
	assert.Empty(t, srv.Requests())
	_, err = ec.Strategies.Update(context.Background(), &entity.Strategy{BidMinDevices: ip(0)})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("id", ""))
	assert.Empty(t, srv.Requests())
}
