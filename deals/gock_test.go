package deals_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

// These tests pin the exact bytes the package sends: method, path, query,
// headers (bearer and session cookie) and JSON body. They are not
// parallel: gock intercepts the client's transport.

func gockClient(t *testing.T) *deals.Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc); gock.Off() })
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return deals.New(c)
}

func okDeal() map[string]any {
	return map[string]any{"meta": map[string]any{"status": "ok"}, "data": map[string]any{"id": 9, "name": "n"}}
}

func TestGockCreateDeal(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").
		Post("/deals/v1.0/deals").
		MatchHeader("Authorization", "^Bearer tok$").
		MatchHeader("Cookie", "adama_session=sess").
		MatchType("json").
		MatchHeader("Accept", "^application/json$").
		BodyString(`{"channels":[1],"deal_identifier":"Test_3","deal_type":"PG","end_datetime":"2022-06-17T05:00:00+0000","name":"Test_3",` +
			`"owner":{"type":"ORGANIZATION","id":100315},"permissions":{"all_organizations":false,"organization_ids":[100315],"agency_ids":[],"advertiser_ids":[]},` +
			`"price":{"currency_code":"EUR","value":"1.3"},"price_method":"CPM","price_type":"FIXED",` +
			`"start_datetime":"2022-06-01T05:00:00+0000","status":true,"supply_source_id":246}`).
		Reply(200).JSON(okDeal())
	d := &deals.Deal{
		Name: "Test_3", DealIdentifier: "Test_3", Owner: deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100315},
		Permissions: &deals.Permissions{OrganizationIDs: []int64{100315}}, Price: deals.MustPrice("EUR", "1.30"),
		SupplySourceID: 246, StartDatetime: ts("2022-06-01T05:00:00+00:00"), EndDatetime: ts("2022-06-17T05:00:00+00:00"),
		Status: adama.Ptr(true), PriceMethod: deals.PriceMethodCPM, PriceType: deals.PriceTypeFixed, DealType: deals.DealTypePG,
		Channels: []deals.Channel{{ID: 1}},
	}
	_, err := dc.Deals.Create(context.Background(), d)
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

func TestGockUpdateDealDiff(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Get("/deals/v1.0/deals/457001").
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":{"id":457001,"name":"Test_3","status":true,"version":3,` +
		`"owner":{"type":"ORGANIZATION","id":100315},"price":{"value":"1.3000","currency_code":"EUR"},"channels":[{"id":1,"name":"Display"}],"custom":1}}`)
	gock.New("https://api.example").Post("/deals/v1.0/deals/457001").
		BodyString(`{"name":"Test_3_update","status":false,"version":3}`).
		Reply(200).JSON(okDeal())
	ctx := context.Background()
	d, err := dc.Deals.Get(ctx, 457001)
	require.NoError(t, err)
	d.Name, d.Status = "Test_3_update", adama.Ptr(false)
	_, err = dc.Deals.Update(ctx, d)
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

func TestGockBulkUpdate(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Put("/deals/v1.0/bulk_update/deals").
		BodyString(`{"deals":[{"id":5,"name":"a"},{"id":6,"price":{"currency_code":"USD","value":"2"}}]}`).
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":{"updated_deals":[{"id":5,"name":"a"}],` +
		`"invalid_deals":[{"deal":{"id":6,"entity_type":"deal"},"validation_error":"'price.value' is invalid"}]}}`)
	res, err := dc.Deals.BulkUpdate(context.Background(), []*deals.Deal{{ID: 5, Name: "a"}, {ID: 6, Price: deals.MustPrice("USD", "2")}})
	require.NoError(t, err)
	assert.True(t, res.Items[0].OK())
	require.Error(t, res.Items[1].Err)
	assert.Contains(t, res.Items[1].Err.Error(), "'price.value' is invalid")
	assert.True(t, gock.IsDone())
}

func TestGockBulkCreateUsesData(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Post("/deals/v1.0/bulk_create/deals").
		BodyString(`{"data":[{"deal_identifier":"i","name":"n","owner":{"type":"AGENCY","id":3},` +
			`"permissions":{"all_organizations":false,"organization_ids":[],"agency_ids":[3],"advertiser_ids":[]},"price":{"currency_code":"USD","value":"0.5"},"supply_source_id":1}]}`).
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":{"created_deals":[{"id":1,"deal_identifier":"i","name":"n"}],"invalid_deals":[]}}`)
	res, err := dc.Deals.BulkCreate(context.Background(), []*deals.Deal{{Name: "n", DealIdentifier: "i", Owner: deals.Owner{Type: deals.OwnerTypeAgency, ID: 3},
		Permissions: &deals.Permissions{AgencyIDs: []int64{3}}, Price: deals.MustPrice("USD", "0.50"), SupplySourceID: 1}})
	require.NoError(t, err)
	require.True(t, res.Items[0].OK(), "%v", res.Items[0].Err)
	assert.Equal(t, int64(1), res.Items[0].Deal.ID)
	assert.True(t, gock.IsDone())
}

func TestGockAnalytics(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Post("/deals/v1.0/deal_analytics").
		MatchParam("owner.organization_id", "^100048$").
		BodyString(`{"reporting":{"organization_id":100048,"time_window":"last_7_days"},"filters":[{"field":"id","op":"in","value":[447824]},` +
			`{"field":"match_rate","op":"\u003e","value":0}],"sorting":[{"field":"viewability_rate","dir":"asc"}],"paging":{"page_offset":0,"page_limit":50}}`).
		Reply(200).BodyString(`{"meta":{"status":"ok","count":"1","total_count":"1"},"data":[{"id":447824,"performance_data":{"impressions":"10","e_CPM":{"value":1.25,"currencyCode":"USD"}},"is_favorite":true}]}`)
	p, err := dc.Analytics.List(context.Background(), &deals.AnalyticsQuery{OrganizationID: 100048, TimeWindow: deals.TimeWindowLast7Days,
		Filters: []deals.Filter{{Field: "id", Op: deals.FilterOpIn, Value: []int{447824}}, {Field: "match_rate", Op: deals.FilterOpGt, Value: 0}},
		Sorting: []deals.Sort{{Field: "viewability_rate", Dir: deals.SortDirAsc}}, PageLimit: 50})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, int64(10), p.Items[0].Performance.Impressions)
	assert.Equal(t, "1.25", p.Items[0].Performance.ECPM.Value.String())
	assert.True(t, p.Items[0].IsFavorite)
	assert.True(t, gock.IsDone())
}

func TestGockListsAndPublishers(t *testing.T) {
	dc := gockClient(t)
	empty := `{"meta":{"status":"ok","count":0,"total_count":0},"data":[]}`
	gock.New("https://api.example").Get("/deals/v1.0/deal_groups").
		MatchParam("owner.organization_id", "^7$").MatchParam("sort_by", "^name$").MatchParam("page_limit", "^20$").
		Reply(200).BodyString(empty)
	gock.New("https://api.example").Get("/deals/v1.0/publishers").
		MatchParam("organization_id", "^100315$").MatchParam("sort_by", "^name$").
		Reply(200).BodyString(empty)
	gock.New("https://api.example").Post("/deals/v1.0/bulk_create/publishers").
		BodyString(`{"names":["my name is..","my other name is"],"organization_id":100315}`).
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":[{"id":514,"name":"my name is.."},{"id":515,"name":"my other name is"}]}`)
	gock.New("https://api.example").Delete("/deals/v1.0/publishers/5").
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":{"id":5,"deleted_on":"2020-10-07T21:26:03+00:00"}}`)
	gock.New("https://api.example").Get("/deals/v1.0/deals/380882/strategy_deals").
		MatchParam("with", "^strategy,campaign,advertiser$").
		Reply(200).BodyString(empty)
	ctx := context.Background()
	_, err := dc.DealGroups.List(ctx, &deals.GroupListOptions{OwnerOrganizationID: 7, SortBy: deals.GroupSortName, PageLimit: 20})
	require.NoError(t, err)
	_, err = dc.Publishers.List(ctx, &deals.PublisherListOptions{OrganizationID: 100315, SortBy: "name"})
	require.NoError(t, err)
	ps, err := dc.Publishers.BulkCreate(ctx, 100315, []string{"my name is..", "my other name is"})
	require.NoError(t, err)
	assert.Len(t, ps, 2)
	require.NoError(t, dc.Publishers.Delete(ctx, 5))
	_, err = dc.Deals.Strategies(ctx, 380882, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedStrategy, deals.EmbedCampaign, deals.EmbedAdvertiser}})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

func TestGockNullPageItemIsZeroRecord(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Get("/deals/v1.0/deals").MatchParam("ids", "^2$").
		Reply(200).BodyString(`{"meta":{"status":"ok","count":2},"data":[null,{"id":2,"name":"b"}]}`)
	gock.New("https://api.example").Get("/deals/v1.0/channels").
		Reply(200).BodyString(`[{"id":"3","name":"Video"},null]`)
	p, err := dc.Deals.List(context.Background(), &deals.ListOptions{IDs: []int64{2}})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	require.NotNil(t, p.Items[0], "a null item is a zero record, not a nil pointer")
	assert.Equal(t, int64(0), p.Items[0].ID)
	assert.Equal(t, int64(2), p.Items[1].ID)
	chs, err := dc.Channels.List(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, chs.Items, 2)
	assert.Equal(t, int64(3), chs.Items[0].ID)
	require.NotNil(t, chs.Items[1])
	assert.True(t, gock.IsDone())
}

func TestGockPublisherUpdateSendsChangedUnknowns(t *testing.T) {
	read := `{"meta":{"status":"ok"},"data":{"id":7,"name":"p","organization_id":1,"note":"a","tier":2,"created_on":"soon"}}`
	tests := []struct {
		name   string
		change func(p *deals.Publisher)
		body   string
	}{
		{"name only", func(p *deals.Publisher) { p.Name = "q" }, `{"name":"q"}`},
		{"changed unknown", func(p *deals.Publisher) { p.Extra["note"] = json.RawMessage(`"b"`) }, `{"name":"p","note":"b"}`},
		{"removed unknown", func(p *deals.Publisher) { delete(p.Extra, "tier") }, `{"name":"p","tier":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dc := gockClient(t)
			gock.New("https://api.example").Get("/deals/v1.0/publishers/7").Reply(200).BodyString(read)
			gock.New("https://api.example").Post("/deals/v1.0/publishers/7").BodyString(tt.body).
				Reply(200).BodyString(read)
			p, err := dc.Publishers.Get(context.Background(), 7)
			require.NoError(t, err)
			require.NotEmpty(t, p.Misfits(), "created_on fits no documented form")
			tt.change(p)
			_, err = dc.Publishers.Update(context.Background(), p)
			require.NoError(t, err)
			assert.True(t, gock.IsDone())
		})
	}
}

func TestGockPublisherCreate(t *testing.T) {
	dc := gockClient(t)
	gock.New("https://api.example").Post("/deals/v1.0/publishers").
		BodyString(`{"name":"Daily","organization_id":100315}`).
		Reply(200).BodyString(`{"meta":{"status":"ok"},"data":{"id":9,"name":"Daily","organization_id":100315}}`)
	p, err := dc.Publishers.Create(context.Background(), &deals.Publisher{ID: 4, OrganizationID: 100315, Name: "Daily"})
	require.NoError(t, err)
	assert.Equal(t, int64(9), p.ID)
	assert.True(t, gock.IsDone())
}
