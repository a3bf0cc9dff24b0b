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

// TestNewPlansExactRequests pins the bytes the new strategy plans' writes
// send: the writable fields set, in the description's order; an update's
// version and changes; the forecasts.
func TestNewPlansExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	plan := map[string]any{"id": 33, "version": 3, "name": "P"}
	ok := map[string]any{"data": plan, "meta": map[string]any{"status": "success"}}
	const createBody = `{"advertiser_id":7,"campaign_plan_id":55,"channels":["display","ctv"],"name":"P","device_graph_only":false,` +
		`"budget":{"budget":2500.5,"currency_code":"USD"},"goals":{"goal_type":"cpa","max_bid":7.25},` +
		`"inventory":{"run_on_all_pmp":false,"run_on_all_exchanges":true},` +
		`"targeting":{"postal_codes":{"restriction":"INCLUDE","codes":["us-14392"]},"day_parts":[{"start_hour":1,"end_hour":5,"days":["M","U"]}]},` +
		`"creatives":{"ad_expandable":null,"ad_formats":["DISPLAY"],"ad_sizes":["300x250"]}}`
	built := func() *targeting.NewStrategyPlan {
		return &targeting.NewStrategyPlan{AdvertiserID: 7, CampaignPlanID: 55, Name: "P", DeviceGraphOnly: adama.Ptr(false),
			Channels:  []targeting.NewStrategyPlanChannel{targeting.NewStrategyPlanChannelDisplay, targeting.NewStrategyPlanChannelCTV},
			Budget:    &targeting.NewStrategyPlanBudget{Budget: adama.Ptr(adama.MustDecimal("2500.5")), CurrencyCode: "USD"},
			Goals:     &targeting.NewStrategyPlanGoals{GoalType: targeting.StrategyGoalTypeCPA, MaxBid: adama.Ptr(adama.MustDecimal("7.25"))},
			Inventory: &targeting.NewStrategyPlanInventory{RunOnAllExchanges: true},
			Targeting: &targeting.NewStrategyPlanTargeting{
				PostalCodes: &targeting.NewStrategyPlanCodes{Restriction: targeting.RestrictionInclude, Codes: []string{"us-14392"}},
				DayParts:    []targeting.TargetingDayPart{{StartHour: 1, EndHour: 5, Days: []targeting.TargetingDay{targeting.TargetingDayMonday, targeting.TargetingDaySunday}}}},
			Creatives: &targeting.NewStrategyPlanCreatives{AdExpandable: adama.Null[bool](), AdFormats: []string{"DISPLAY"}, AdSizes: []string{"300x250"}},
		}
	}
	readBack := `{"id":33,"version":3,"campaign_id":8,"name":"P","goals":{"goal_type":"cpa","max_bid":7.25,"min_bid":0.5},` +
		`"creatives":{"ad_expandable":true,"ad_formats":null,"ad_sizes":["300x250"]},"campaign_zone_name":"UTC",` +
		`"forecast":{"forecast_date":"2050-01-01T16:00:00+0000","forecast_result":{"data":{"errors":null,"flags":null,"opps":2,"pricing":[],"uniques":1},"meta":{"status":"success"}}}}`

	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create (null and false sent as set)", func() {
			expect("POST", "/api/v3.0/new_strategy_plans").MatchType("json").BodyString(createBody).Reply(201).JSON(ok)
		}, func() error {
			_, err := tc.NewStrategyPlans.Create(ctx, built())
			return err
		}},
		{"forecast of an unsaved plan sends a create's body", func() {
			expect("POST", "/api/v3.0/new_strategy_plans/forecast").MatchType("json").BodyString(createBody).Reply(200).JSON(ok)
		}, func() error {
			_, err := tc.NewStrategyPlans.Forecast(ctx, built())
			return err
		}},
		{"update sends the version and the changed part, nothing read-only", func() {
			expect("POST", "/api/v3.0/new_strategy_plans/33").MatchType("json").
				BodyString(`{"version":3,"name":"Q","goals":{"goal_type":"cpa","min_bid":0.5,"max_bid":9.5}}`).Reply(200).JSON(ok)
		}, func() error {
			x := read[targeting.NewStrategyPlan](t, readBack)
			x.Name = "Q"
			x.Goals.MaxBid = adama.Ptr(adama.MustDecimal("9.5"))
			_, err := tc.NewStrategyPlans.Update(ctx, x)
			return err
		}},
		{"run the forecast of a saved plan (no body)", func() {
			expect("POST", "/api/v3.0/new_strategy_plans/33/forecast").BodyString(``).Reply(200).BodyString(`{"data":` + readBack + `,"meta":{"status":"success"}}`)
		}, func() error {
			p, err := tc.NewStrategyPlans.RunForecast(ctx, 33)
			if err == nil {
				assert.Equal(t, int64(2), p.Forecast.ForecastResult.Data.Opps)
			}
			return err
		}},
		{"list query", func() {
			expect("GET", "/api/v3.0/new_strategy_plans").
				MatchParams(exact(map[string]string{"advertiser_id": "7", "agency_id": "3", "extended": "true", "page_limit": "20", "sort_by": "-id"})).
				Reply(200).JSON(map[string]any{"data": []any{plan}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			_, err := tc.NewStrategyPlans.List(ctx, &targeting.NewStrategyPlanListOptions{AdvertiserID: 7, AgencyID: 3, Extended: adama.Ptr(true),
				ListOptions: targeting.ListOptions{PageLimit: 20, SortBy: []string{"-id"}}})
			return err
		}},
		{"get extended", func() {
			expect("GET", "/api/v3.0/new_strategy_plans/33").MatchParams(exact(map[string]string{"extended": "true"})).Reply(200).JSON(ok)
		}, func() error {
			_, err := tc.NewStrategyPlans.GetExtended(ctx, 33)
			return err
		}},
		{"delete", func() {
			expect("DELETE", "/api/v3.0/new_strategy_plans/33").Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "success"}})
		}, func() error {
			return tc.NewStrategyPlans.Delete(ctx, 33)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			tt.mock()
			require.NoError(t, tt.run())
			assert.True(t, gock.IsDone(), "the request did not match")
		})
	}
}
