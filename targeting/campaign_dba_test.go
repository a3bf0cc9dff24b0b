package targeting_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func TestBudgetFlightsBulkUpdate(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	c, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	fid := c.Budget.Flights[0].ID

	f := *c.Budget.Flights[0]
	f.TotalBudget = dec("12000.25")
	res, err := tc.BudgetFlights.BulkUpdate(ctx, []*targeting.BudgetFlight{
		&f,
		{ID: 999999, TotalBudget: dec("1")}, // no such flight: left out of a 207
		{ID: 5, StartDate: at(7, 31), EndDate: at(7, 1)}, // refused before sending
		nil,
	})
	require.NoError(t, err)
	assert.Equal(t, http.StatusMultiStatus, res.Status)
	require.Len(t, res.Items, 4)
	require.True(t, res.Items[0].OK(), "%v", res.Items[0].Err)
	assert.Equal(t, "12000.25", res.Items[0].Record.TotalBudget.String())
	assert.ErrorIs(t, res.Items[1].Err, targeting.ErrNotInAnswer)
	var ve *adama.ValidationError
	assert.ErrorAs(t, res.Items[2].Err, &ve)
	assert.ErrorAs(t, res.Items[3].Err, &ve)
	assert.Len(t, res.Failed(), 3)
	assert.NotContains(t, cmpLastBody(t, srv), "is_relevant", "read-only properties stay out")

	got, err := tc.Campaigns.Get(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, fid, got.Budget.Flights[0].ID)
	assert.Equal(t, "12000.25", got.Budget.Flights[0].TotalBudget.String())
	assert.Greater(t, got.Version, c.Version)

	_, err = tc.BudgetFlights.BulkUpdate(ctx, nil)
	require.ErrorAs(t, err, &ve)
}

func TestCampaignDynamicBudgetAllocation(t *testing.T) {
	tc, _ := newClient(t)
	ctx := context.Background()
	c, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)

	short, err := tc.Campaigns.UpdateDynamicBudgetAllocation(ctx, c.ID, &targeting.CampaignDBA{DynamicBudgetAllocationApplied: at(3, 2)}, false) //nolint:staticcheck // the legacy call is still served
	require.NoError(t, err)
	assert.Equal(t, c.ID, short.ID)
	assert.Nil(t, short.Budget, "without full the answer is id, entity_type and name")
	full, err := tc.Campaigns.UpdateDynamicBudgetAllocation(ctx, c.ID, &targeting.CampaignDBA{DynamicBudgetAllocationAvailable: at(3, 3)}, true) //nolint:staticcheck // as above
	require.NoError(t, err)
	require.NotNil(t, full.Budget)
	assert.True(t, full.Budget.DynamicBudgetAllocationApplied.Equal(at(3, 2).Time))
	assert.True(t, full.Budget.DynamicBudgetAllocationAvailable.Equal(at(3, 3).Time))
	_, err = tc.Campaigns.UpdateDynamicBudgetAllocation(ctx, 999999, &targeting.CampaignDBA{}, false) //nolint:staticcheck // as above
	require.ErrorIs(t, err, adama.ErrNotFound)

	res, err := tc.Campaigns.UpdateDynamicBudgetAllocations(ctx, []*targeting.CampaignDBA{
		{ID: c.ID, DynamicBudgetAllocationApplied: at(4, 1)},
		{ID: 999999, DynamicBudgetAllocationApplied: at(4, 1)},
		{ID: 0},
	})
	require.NoError(t, err)
	assert.Equal(t, http.StatusMultiStatus, res.Status)
	require.True(t, res.Items[0].OK(), "%v", res.Items[0].Err)
	assert.True(t, res.Items[0].Record.DynamicBudgetAllocationApplied.Equal(at(4, 1).Time))
	assert.ErrorIs(t, res.Items[1].Err, targeting.ErrNotInAnswer)
	var ve *adama.ValidationError
	assert.ErrorAs(t, res.Items[2].Err, &ve)
	got, err := tc.Campaigns.Get(ctx, c.ID)
	require.NoError(t, err)
	assert.True(t, got.Budget.DynamicBudgetAllocationApplied.Equal(at(4, 1).Time))
}

// TestCampaignDBAExactRequests pins the bytes the allocation calls and
// the flights' bulk update send.
func TestCampaignDBAExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()

	expect("POST", "/api/v3.0/bulk_update/budget_flights").MatchType("json").
		BodyString(`{"budget_flights":{"update":[{"id":77,"end_date":"2030-06-30T00:00:00+0000","total_budget":100.50}]}}`).
		Reply(200).JSON(map[string]any{"data": []any{map[string]any{"id": 77, "total_budget": 100.5}}, "meta": map[string]any{"status": "success"}})
	res, err := tc.BudgetFlights.BulkUpdate(ctx, []*targeting.BudgetFlight{{ID: 77, EndDate: at(6, 30), TotalBudget: dec("100.50"), IsRelevant: adama.Ptr(true)}})
	require.NoError(t, err)
	require.True(t, res.Items[0].OK(), "%v", res.Items[0].Err)

	expect("POST", "/api/v3.0/campaigns/7/dynamic_budget_allocation").MatchParam("full", `^\*$`).MatchType("json").
		BodyString(`{"dynamic_budget_allocation_applied":"2030-03-02T00:00:00+0000"}`).
		Reply(200).JSON(map[string]any{"data": map[string]any{"id": 7, "entity_type": "campaign", "name": "Spring"}, "meta": map[string]any{"status": "success"}})
	_, err = tc.Campaigns.UpdateDynamicBudgetAllocation(ctx, 7, &targeting.CampaignDBA{DynamicBudgetAllocationApplied: at(3, 2)}, true) //nolint:staticcheck // the legacy call is still served
	require.NoError(t, err)

	expect("POST", "/api/v3.0/campaign_dba").MatchType("json").
		BodyString(`[{"id":7,"dynamic_budget_allocation_applied":"2030-03-02T00:00:00+0000","dynamic_budget_allocation_available":"2030-03-03T00:00:00+0000"}]`).
		Reply(207).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success"}})
	dres, err := tc.Campaigns.UpdateDynamicBudgetAllocations(ctx, []*targeting.CampaignDBA{{ID: 7, DynamicBudgetAllocationApplied: at(3, 2), DynamicBudgetAllocationAvailable: at(3, 3)}})
	require.NoError(t, err)
	assert.Equal(t, http.StatusMultiStatus, dres.Status)
	assert.ErrorIs(t, dres.Items[0].Err, targeting.ErrNotInAnswer)
	require.True(t, gock.IsDone(), "the request did not match: %v", gock.GetUnmatchedRequests())
}
