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

func TestCampaignBulkUpdateOutcomes(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	b, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	stale, err := tc.Campaigns.Get(ctx, b.ID)
	require.NoError(t, err)
	require.True(t, srv.Targeting().Campaigns().SetRaw(b.ID, "io_name", "other writer"))

	a.Name = "A renamed"
	stale.Political = adama.Ptr(true)
	bad := &targeting.Campaign{ID: a.ID, Version: a.Version, Name: "x", ServiceType: "FULL"}
	res, err := tc.Campaigns.BulkUpdate(ctx, []*targeting.Campaign{a, stale, bad, nil})
	require.NoError(t, err)
	assert.Equal(t, 207, res.Status)
	require.Len(t, res.Items, 4)
	assert.True(t, res.Items[0].OK())
	assert.Equal(t, "A renamed", res.Items[0].Record.Name)
	require.ErrorIs(t, res.Items[1].Err, targeting.ErrNotInAnswer, "a stale version is left out")
	var ve *adama.ValidationError
	require.ErrorAs(t, res.Items[2].Err, &ve, "refused before sending")
	require.ErrorAs(t, res.Items[3].Err, &ve)
	assert.Len(t, res.Succeeded(), 1)
	assert.Len(t, res.Failed(), 3)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"update":[{"id":1,"version":1,"name":"A renamed"},{"id":2,"version":1,"political":true}]}`, string(reqs[len(reqs)-1].Body))

	_, err = tc.Campaigns.BulkUpdate(ctx, nil)
	require.ErrorAs(t, err, &ve)
}

func TestConceptBulkUpdate(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	c, err := tc.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76})
	require.NoError(t, err)
	res, err := tc.Concepts.BulkUpdate(ctx, []*targeting.Concept{{ID: c.ID, Archived: adama.Ptr(true)}, {ID: 999}})
	require.NoError(t, err)
	assert.Equal(t, 207, res.Status)
	require.True(t, res.Items[0].OK())
	assert.Equal(t, adama.Ptr(true), res.Items[0].Record.Archived)
	require.ErrorIs(t, res.Items[1].Err, targeting.ErrNotInAnswer)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"concepts":{"update":[{"id":1,"archived":true},{"id":999}]}}`, string(reqs[len(reqs)-1].Body))
}

func TestBulkExactRequest(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	expect("POST", "/api/v3.0/bulk_update/campaigns").MatchType("json").
		BodyString(`{"update":[{"id":7,"version":2,"status":false}]}`).
		Reply(200).JSON(map[string]any{"data": []any{map[string]any{"id": 7, "version": 3, "status": false}}, "meta": map[string]any{"status": "success"}})
	c := read[targeting.Campaign](t, `{"id":7,"name":"Spring","status":true,"version":2}`)
	c.Status = adama.Ptr(false)
	res, err := tc.Campaigns.BulkUpdate(context.Background(), []*targeting.Campaign{c})
	require.NoError(t, err)
	assert.Equal(t, 200, res.Status)
	assert.Equal(t, int64(3), res.Items[0].Record.Version)
	assert.True(t, gock.IsDone())
}

func TestCampaignAuditLog(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	b, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	_, err = tc.Campaigns.Modify(ctx, a.ID, func(c *targeting.Campaign) error { c.Name = "A2"; return nil })
	require.NoError(t, err)
	log, err := tc.Campaigns.AuditLog(ctx, []int64{a.ID, b.ID}, &targeting.HistoryOptions{PageLimit: 10})
	require.NoError(t, err)
	require.Len(t, log.Items, 3)
	assert.Equal(t, a.ID, log.Items[0].EntityID)
	assert.Equal(t, "update", log.Items[0].Action)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"id":[1,2]}`, string(reqs[len(reqs)-1].Body))
	_, err = tc.Campaigns.AuditLog(ctx, nil, nil)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
}
