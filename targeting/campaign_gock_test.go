package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// TestCampaignFamilyExactRequests pins the bytes each write of the
// campaign, concept and contract families sends.
func TestCampaignFamilyExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}
	cmp := map[string]any{"id": 7, "name": "Spring", "version": 2}
	const cmpRead = `{"id":7,"name":"Spring","advertiser_id":76,"service_type":"SELF","version":2,"strategies":{"count":1},
		"goals":{"goal_type":"cpa","goal_value":2.5},
		"budget":{"currency_code":"USD","total_budget":100,"flights":[{"id":77,"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000","total_budget":100,"is_relevant":true}]},
		"site_lists":[{"id":4,"assigned":true,"name":"Blocked","sites_count":10}],
		"inventory":{"minimize_multi_ads":false,"effective_ads_txt_verified":"ANY"}}`

	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create campaign", func() {
			expect("POST", "/api/v3.0/campaigns").MatchType("json").
				BodyString(`{"name":"Spring","advertiser_id":76,"service_type":"SELF","duration":{"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000"},"goals":{"goal_type":"cpa","goal_value":2.50},"budget":{"currency_code":"USD","flights":[{"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000","total_budget":10000.01}]},"frequency":{"frequency_type":"asap","frequency_interval":"day","frequency_amount":5}}`).
				Reply(201).JSON(ok(cmp))
		}, func() error {
			_, err := tc.Campaigns.Create(ctx, newCampaign())
			return err
		}},
		{"update campaign sends changed groups whole, without their read-only properties", func() {
			expect("POST", "/api/v3.0/campaigns/7").MatchType("json").
				BodyString(`{"version":2,"inventory":{"minimize_multi_ads":true},"budget":{"total_budget":100,"currency_code":"USD","flights":[{"id":77,"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000","total_budget":150.75}]},"site_lists":[{"id":4,"assigned":false}]}`).
				Reply(200).JSON(ok(cmp))
		}, func() error {
			c := read[targeting.Campaign](t, cmpRead)
			c.Inventory.MinimizeMultiAds = adama.Ptr(true)
			c.Budget.Flights[0].TotalBudget = dec("150.75")
			c.SiteLists[0].Assigned = adama.Ptr(false)
			_, err := tc.Campaigns.Update(ctx, c)
			return err
		}},
		{"update campaign clears a nullable field with null", func() {
			expect("POST", "/api/v3.0/campaigns/7").MatchType("json").
				BodyString(`{"version":2,"source_campaign_id":null}`).Reply(200).JSON(ok(cmp))
		}, func() error {
			c := read[targeting.Campaign](t, `{"id":7,"name":"Spring","source_campaign_id":3,"version":2}`)
			c.SourceCampaignID = nil
			_, err := tc.Campaigns.Update(ctx, c)
			return err
		}},
		{"get extended", func() {
			expect("GET", "/api/v3.0/campaigns/7").MatchParams(exact(map[string]string{"extended": "true"})).Reply(200).JSON(ok(cmp))
		}, func() error {
			_, err := tc.Campaigns.GetExtended(ctx, 7)
			return err
		}},
		{"copy campaign", func() {
			expect("POST", "/api/v3.0/campaigns/7/copy").MatchType("json").
				BodyString(`{"name":"Copy","merit_pixel_id":9,"status":true,"copy_audience_in_brain":true,"budget":{"flights":[{"start_date":"2030-09-01T00:00:00+0000","end_date":"2030-09-30T00:00:00+0000","total_budget":99.99,"total_impression_budget":1000}]}}`).
				Reply(201).JSON(ok(cmp))
		}, func() error {
			_, err := tc.Campaigns.Copy(ctx, 7, &targeting.CampaignCopy{Name: "Copy", Status: true, MeritPixelID: adama.Ptr(int64(9)), CopyAudienceInBrain: adama.Ptr(true),
				Budget: &targeting.CampaignCopyBudget{Flights: []*targeting.CampaignCopyFlight{{StartDate: *at(9, 1), EndDate: *at(9, 30), TotalBudget: adama.MustDecimal("99.99"), TotalImpressionBudget: adama.Ptr(int64(1000))}}}})
			return err
		}},
		{"list budget flights", func() {
			expect("GET", "/api/v3.0/campaigns/7/budget_flights").MatchParams(exact(map[string]string{"full": "*", "page_limit": "10"})).
				Reply(200).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0, "total_count": 0}})
		}, func() error {
			_, err := tc.BudgetFlights.List(ctx, 7, &targeting.BudgetFlightListOptions{Full: true, PageLimit: 10})
			return err
		}},
		{"create concept", func() {
			expect("POST", "/api/v3.0/concepts").MatchType("json").BodyString(`{"name":"Autumn","advertiser_id":76,"status":true}`).
				Reply(201).JSON(ok(map[string]any{"id": 3, "name": "Autumn", "advertiser_id": 76, "version": 0}))
		}, func() error {
			_, err := tc.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76, Status: adama.Ptr(true)})
			return err
		}},
		{"update concept sends the name with what changed", func() {
			expect("POST", "/api/v3.0/concepts/3").MatchType("json").BodyString(`{"version":0,"name":"Autumn","status":false}`).
				Reply(200).JSON(ok(map[string]any{"id": 3, "name": "Autumn", "version": 1}))
		}, func() error {
			c := read[targeting.Concept](t, `{"id":3,"name":"Autumn","advertiser_id":76,"status":true,"version":0,"advertiser_name":"A","atomic_creative_list":[1]}`)
			c.Status = adama.Ptr(false)
			_, err := tc.Concepts.Update(ctx, c)
			return err
		}},
		{"list concepts by media type", func() {
			expect("GET", "/api/v3.0/concepts").MatchParams(exact(map[string]string{"media_type": "display,video", "full": "*"})).
				Reply(200).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success"}})
		}, func() error {
			_, err := tc.Concepts.List(ctx, &targeting.ConceptListOptions{Full: true, MediaTypes: []targeting.ConceptMediaType{targeting.ConceptMediaTypeDisplay, targeting.ConceptMediaTypeVideo}})
			return err
		}},
		{"create contract", func() {
			expect("POST", "/api/v3.0/contracts").MatchType("json").
				BodyString(`{"organization_id":34,"effective_start_date":"2030-01-01T00:00:00+0000","effective_end_date":"2030-12-31T00:00:00+0000","platform_monthly_min":1000.00,"platform_access_fee_pct":12.5,"platform_access_fee_unit":"PCT_TOTAL_COST","profit_share_fee_pct":0,"exclude_agency_margin":false,"p1_as_fee_cpm":0.05,"p1_vads_fee_cpm":0.25,"adaptive_segment_cpm":0,"currency_code":"USD","p1_html5_fee_cpm":0.05,"standard_segment_cpm":0.1}`).
				Reply(201).JSON(ok(map[string]any{"id": 4, "version": 0}))
		}, func() error {
			_, err := tc.Contracts.Create(ctx, newContract())
			return err
		}},
		{"update contract", func() {
			expect("POST", "/api/v3.0/contracts/4").MatchType("json").
				BodyString(`{"version":44,"dmp_fee_unit":null,"spend_cap":123456789.123456789}`).Reply(200).JSON(ok(map[string]any{"id": 4, "version": 45}))
		}, func() error {
			c := read[targeting.Contract](t, `{"id":4,"version":44,"organization_id":34,"dmp_fee_unit":"CPM","contract_number":9,"created_on":"2030-01-01T00:00:00+0000"}`)
			c.DMPFeeUnit = ""
			c.SpendCap = dec("123456789.123456789")
			_, err := tc.Contracts.Update(ctx, c)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			tt.mock()
			require.NoError(t, tt.run())
			require.True(t, gock.IsDone(), "the request did not match: %v", gock.GetUnmatchedRequests())
		})
	}
}
