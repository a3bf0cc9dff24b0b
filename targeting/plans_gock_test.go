package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// TestPlansExactRequests pins the bytes the plans family's writes send.
func TestPlansExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}
	tpl := map[string]any{"id": 4, "organization_id": 1, "name": "P", "description": "D", "template": map[string]any{"key": "value"}}
	grp := map[string]any{"id": 7, "campaign_id": 100, "name": "G", "version": 2}

	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create strategy template (the reference's example)", func() {
			expect("POST", "/api/v3.0/strategy_templates").MatchType("json").
				BodyString(`{"agency_id":190,"description":"this is an example of valid strategy template  at Agency level","name":"valid strategy template (Agency)","template":"key: value"}`).
				Reply(201).JSON(ok(tpl))
		}, func() error {
			x := read[targeting.StrategyTemplate](t, string(refExample(t, "createStrategyTemplate.request.AgencyLevel.json")))
			_, err := tc.StrategyTemplates.Create(ctx, x)
			return err
		}},
		{"update strategy template replaces it, the template read sent as text", func() {
			expect("POST", "/api/v3.0/strategy_templates/4").MatchType("json").
				BodyString(`{"description":"D","name":"Q","organization_id":1,"template":"{\"key\":\"value\"}"}`).
				Reply(200).JSON(ok(tpl))
		}, func() error {
			x := read[targeting.StrategyTemplate](t, `{"id":4,"organization_id":1,"global":null,"name":"P","description":"D","template":{"key":"value"},"created_on":"2026-01-02T03:04:05Z"}`)
			x.Name = "Q"
			_, err := tc.StrategyTemplates.Update(ctx, x)
			return err
		}},
		{"list strategy templates query", func() {
			expect("GET", "/api/v3.0/strategy_templates").
				MatchParams(exact(map[string]string{"global": "false", "advertiser_id": "190", "page_limit": "20"})).
				Reply(200).JSON(map[string]any{"data": []any{map[string]any{"id": 4, "descriptiom": "D"}}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			p, err := tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{Global: adama.Ptr(false), AdvertiserID: 190,
				ListOptions: targeting.ListOptions{PageLimit: 20}})
			if err == nil {
				assert.Equal(t, "D", p.Items[0].Description, "descriptiom read as the description")
			}
			return err
		}},
		{"delete strategy template", func() {
			expect("DELETE", "/api/v3.0/strategy_templates/4").Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "success"}})
		}, func() error {
			return tc.StrategyTemplates.Delete(ctx, 4)
		}},
		{"create new strategy group", func() {
			expect("POST", "/api/v3.0/new_strategy_groups").MatchType("json").
				BodyString(`{"campaign_id":100,"name":"G","spend_cap_type":"asap","spend_cap_amount":12.5,"external_identifier":""}`).
				Reply(201).JSON(ok(grp))
		}, func() error {
			_, err := tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 100, Name: "G",
				SpendCapType: targeting.NewStrategyGroupCapTypeASAP, SpendCapAmount: adama.Ptr(adama.MustDecimal("12.5")), ExternalIdentifier: adama.Ptr("")})
			return err
		}},
		{"update new strategy group sends version and changes, a cleared cap as null", func() {
			expect("POST", "/api/v3.0/new_strategy_groups/7").MatchType("json").
				BodyString(`{"version":2,"spend_cap_amount":null,"impression_cap_type":"even"}`).Reply(200).JSON(ok(grp))
		}, func() error {
			g := read[targeting.NewStrategyGroup](t, `{"id":7,"campaign_id":100,"name":"G","spend_cap_type":"even","spend_cap_amount":12.5,"impression_cap_type":"no-limit","strategy_count":3,"version":2}`)
			g.SpendCapAmount, g.ImpressionCapType = nil, targeting.NewStrategyGroupCapTypeEven
			_, err := tc.NewStrategyGroups.Update(ctx, g)
			return err
		}},
		{"list new strategy groups query", func() {
			expect("GET", "/api/v3.0/new_strategy_groups").
				MatchParams(exact(map[string]string{"q": "campaign_id==100&name=:Pro*", "full": "*", "with": "strategies", "sort_by": "-spend_cap_amount"})).
				Reply(200).JSON(map[string]any{"data": []any{grp}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			_, err := tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{Full: true,
				With:        []targeting.NewStrategyGroupWith{targeting.NewStrategyGroupWithStrategies},
				ListOptions: targeting.ListOptions{SortBy: []string{"-spend_cap_amount"}, Q: qlang.Where("campaign_id", qlang.Eq, 100).Like("name", "Pro*")}})
			return err
		}},
		{"get new strategy group with strategies", func() {
			expect("GET", "/api/v3.0/new_strategy_groups/7").MatchParam("with", "^strategies$").
				Reply(200).JSON(ok(map[string]any{"id": 7, "strategies": []any{map[string]any{"id": 3, "entity_type": "strategy", "name": "S"}}}))
		}, func() error {
			g, err := tc.NewStrategyGroups.GetWithStrategies(ctx, 7)
			if err == nil {
				assert.Equal(t, []*targeting.NewStrategyGroupStrategy{{ID: 3, EntityType: "strategy", Name: "S"}}, g.Strategies)
			}
			return err
		}},
		{"delete new strategy group (answered with the group)", func() {
			expect("DELETE", "/api/v3.0/new_strategy_groups/7").Reply(200).JSON(ok(grp))
		}, func() error {
			return tc.NewStrategyGroups.Delete(ctx, 7)
		}},
		{"create campaign plan (the reference's example; dates in the platform's form)", func() {
			expect("POST", "/api/v3.0/campaign_plans").MatchType("json").
				BodyString(`{"advertiser_id":190,"name":"valid campaign plan","duration":{"start_date":"2050-01-01T10:00:00+0000","end_date":"2050-01-10T23:59:00+0000"},"budget":{"total_budget":100,"currency_code":"USD"},"zone_name":"America/New_York"}`).
				Reply(201).JSON(ok(map[string]any{"id": 3, "advertiser_id": 190, "name": "valid campaign plan", "version": 1}))
		}, func() error {
			x := read[targeting.CampaignPlan](t, string(refExample(t, "createCampaignPlan.request.Example.json")))
			_, err := tc.CampaignPlans.Create(ctx, x)
			return err
		}},
		{"update campaign plan sends the version and every replaced field", func() {
			expect("POST", "/api/v3.0/campaign_plans/3").MatchType("json").
				BodyString(`{"version":4,"name":"P","duration":{"start_date":"2050-01-01T10:00:00+0000","end_date":"2050-01-10T23:59:00+0000"},"budget":{"total_budget":250.5,"currency_code":"USD"},"zone_name":"UTC"}`).
				Reply(200).JSON(ok(map[string]any{"id": 3, "version": 5}))
		}, func() error {
			x := read[targeting.CampaignPlan](t, `{"id":3,"advertiser_id":190,"name":"P","duration":{"start_date":"2050-01-01T10:00:00Z","end_date":"2050-01-10T23:59:00Z"},"budget":{"total_budget":100,"currency_code":"USD"},"zone_name":"UTC","created_on":"2026-01-02T03:04:05Z","version":4}`)
			x.Budget.TotalBudget = adama.MustDecimal("250.5")
			_, err := tc.CampaignPlans.Update(ctx, x)
			return err
		}},
		{"list campaign plans", func() {
			expect("GET", "/api/v3.0/campaign_plans").
				Reply(200).JSON(map[string]any{"data": []any{map[string]any{"id": 3}}, "meta": map[string]any{"status": "success", "count": 1}})
		}, func() error {
			p, err := tc.CampaignPlans.List(ctx, nil)
			if err == nil {
				assert.Equal(t, int64(3), p.Items[0].ID)
			}
			return err
		}},
		{"new strategy group history", func() {
			expect("GET", "/api/v3.0/new_strategy_groups/7/history").MatchParams(exact(map[string]string{"page_limit": "3"})).
				Reply(200).JSON(map[string]any{"data": nil, "meta": map[string]any{"status": "success", "count": 0}})
		}, func() error {
			_, err := tc.NewStrategyGroups.History(ctx, 7, &targeting.HistoryOptions{PageLimit: 3})
			return err
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
