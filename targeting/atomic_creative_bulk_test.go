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

func TestAtomicCreativesBulkUpdate(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 1, Name: "A", Width: 1, Height: 1})
	require.NoError(t, err)
	b, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 1, Name: "B", Width: 1, Height: 1})
	require.NoError(t, err)
	stale := *b
	srv.Targeting().AtomicCreatives().SetRaw(b.ID, "name", "B elsewhere")

	a.Name = "A2"
	stale.Archived = adama.Ptr(true)
	res, err := tc.AtomicCreatives.BulkUpdate(ctx, []*targeting.AtomicCreative{
		{AdvertiserID: 1, Name: "C", Width: 2, Height: 2}, // created
		a,                       // updated
		{Name: "no advertiser"}, // refused before sending
		&stale,                  // refused by the platform: stale version
		{AdvertiserID: 1, Name: "D", Width: 3, Height: 3, MediaType: "video"}, // created
		nil, // refused before sending
	})
	require.NoError(t, err)
	require.Len(t, res.Items, 6)
	assert.JSONEq(t, `{"atomic_creatives":{"create":[{"advertiser_id":1,"name":"C","width":2,"height":2},
		{"advertiser_id":1,"name":"D","width":3,"height":3,"media_type":"video"}],
		"update":[{"id":1,"version":1,"name":"A2"},{"id":2,"version":1,"archived":true}]}}`, lastBody(srv))

	it := res.Items
	assert.Equal(t, targeting.BulkActionCreate, it[0].Action)
	require.True(t, it[0].OK())
	assert.Equal(t, "C", it[0].AtomicCreative.Name)
	require.True(t, it[1].OK())
	assert.Equal(t, targeting.BulkActionUpdate, it[1].Action)
	assert.Equal(t, "A2", it[1].AtomicCreative.Name)
	assert.Equal(t, int64(2), it[1].AtomicCreative.Version)
	var ve *adama.ValidationError
	require.ErrorAs(t, it[2].Err, &ve)
	var ae *adama.Error
	require.ErrorAs(t, it[3].Err, &ae)
	assert.Contains(t, ae.Message, "update item 1")
	require.True(t, it[4].OK())
	assert.Equal(t, "D", it[4].AtomicCreative.Name)
	assert.Equal(t, targeting.AtomicCreativeMediaTypeVideo, it[4].AtomicCreative.MediaType)
	require.ErrorAs(t, it[5].Err, &ve)
	assert.Len(t, res.Succeeded(), 3)
	assert.Len(t, res.Failed(), 3)
	assert.Equal(t, 4, srv.Targeting().AtomicCreatives().Count())

	_, err = tc.AtomicCreatives.BulkUpdate(ctx, nil)
	require.ErrorAs(t, err, &ve)
	res, err = tc.AtomicCreatives.BulkUpdate(ctx, []*targeting.AtomicCreative{{Name: "x"}})
	require.NoError(t, err, "nothing valid: nothing sent, the item's outcome reported")
	require.ErrorAs(t, res.Items[0].Err, &ve)
}

func TestAtomicCreativesBulkUpdateRequestFails(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	expect("POST", "/api/v3.0/bulk_update/atomic_creatives").MatchType("json").
		BodyString(`{"atomic_creatives":{"create":[{"advertiser_id":1,"name":"C","width":2,"height":2}],"update":[{"id":4,"version":3,"status":false}]}}`).
		Reply(503).JSON(map[string]any{"errors": []any{map[string]any{"code": "unavailable", "message": "down"}}, "meta": map[string]any{"status": "error"}})
	u := read[targeting.AtomicCreative](t, `{"id":4,"version":3,"advertiser_id":1,"name":"A","width":1,"height":1,"status":true}`)
	u.Status = adama.Ptr(false)
	res, err := tc.AtomicCreatives.BulkUpdate(context.Background(), []*targeting.AtomicCreative{{AdvertiserID: 1, Name: "C", Width: 2, Height: 2}, u})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
	for _, it := range res.Items {
		require.ErrorIs(t, it.Err, adama.ErrUnavailable)
		assert.True(t, it.Unknown, "a request that creates may have been applied")
	}
}

func TestAtomicCreativesBulkAnswerMatching(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	expect("POST", "/api/v3.0/bulk_update/atomic_creatives").
		Reply(207).JSON(map[string]any{
		"data": []any{map[string]any{"id": 9, "version": 1, "name": "new"}, map[string]any{"id": 4, "version": 4, "name": "A"}},
		"meta": map[string]any{"status": "success", "count": 2},
		"errors": []any{map[string]any{"action": "create", "index": 0, "entity_type": "atomic_creative",
			"errors": []any{map[string]any{"code": "invalid", "field": "tag_type", "message": "not allowed"}}}},
	})
	u := read[targeting.AtomicCreative](t, `{"id":4,"version":3,"advertiser_id":1,"name":"A","width":1,"height":1}`)
	u.Name = "A"
	u.Archived = adama.Ptr(true)
	res, err := tc.AtomicCreatives.BulkUpdate(context.Background(), []*targeting.AtomicCreative{
		{AdvertiserID: 1, Name: "bad", Width: 2, Height: 2}, u, {AdvertiserID: 1, Name: "new", Width: 2, Height: 2}})
	require.NoError(t, err)
	var ae *adama.Error
	require.ErrorAs(t, res.Items[0].Err, &ae)
	assert.Equal(t, "invalid", ae.Code)
	assert.Contains(t, ae.Message, "tag_type: not allowed")
	assert.Equal(t, int64(4), res.Items[1].AtomicCreative.Version, "the update by its id")
	assert.Equal(t, int64(9), res.Items[2].AtomicCreative.ID, "the second create takes the created record left")
}
