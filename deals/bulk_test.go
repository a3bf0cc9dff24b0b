package deals_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

func TestBulkCreateAndUpdate2500(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	const n = 2500
	in := make([]*deals.Deal, n)
	for i := range in {
		in[i] = newDeal(fmt.Sprintf("BK-%04d", i))
		switch {
		case i%250 == 7: // refused by the client: no name
			in[i].Name = ""
		case i%250 == 11: // refused by the server: identifier taken by item 0
			in[i].DealIdentifier = "BK-0000"
		}
	}
	res, err := dc.Deals.BulkCreate(ctx, in)
	require.NoError(t, err)
	require.Len(t, res.Items, n)
	assert.Len(t, res.Chunks, 5, "2,500 items minus the 10 refused before sending, 500 per request")

	var ok, clientBad, serverBad int
	for i, it := range res.Items {
		assert.Equal(t, i, it.Index)
		assert.Equal(t, deals.BulkOpCreate, it.Op)
		switch {
		case i%250 == 7:
			clientBad++
			assert.ErrorIs(t, it.Err, adama.ErrValidation)
			assert.Equal(t, -1, it.Chunk)
		case i%250 == 11:
			serverBad++
			var ae *adama.Error
			require.ErrorAs(t, it.Err, &ae, "item %d", i)
			assert.Contains(t, ae.Message, "deal_identifier already exists")
		default:
			ok++
			require.True(t, it.OK(), "item %d: %v", i, it.Err)
			assert.Equal(t, in[i].DealIdentifier, it.Deal.DealIdentifier, "outcome matched to its input")
		}
	}
	assert.Equal(t, n-20, ok)
	assert.Len(t, res.Failed(), 20)
	assert.Len(t, res.Succeeded(), n-20)
	assert.Equal(t, n-20, srv.Deals().Count())

	// Bulk price update built from each deal's changes.
	var read []*deals.Deal
	for _, it := range res.Succeeded()[:600] {
		d := *it.Deal
		d.Price = deals.MustPrice("EUR", "2.5")
		read = append(read, &d)
	}
	read[3].ZoneName = string(make([]byte, 65)) // refused before sending
	up, err := dc.Deals.WithBulkChunkSize(250).BulkUpdate(ctx, read)
	require.NoError(t, err)
	assert.Len(t, up.Chunks, 3)
	assert.Len(t, up.Failed(), 1)
	assert.Equal(t, 3, up.Failed()[0].Index)
	for _, it := range up.Succeeded() {
		assert.Equal(t, "2.5", it.Deal.Price.Value.String())
	}
	body := lastBody(t, srv, http.MethodPut, "/deals/v1.0/bulk_update/deals")
	items := body["deals"].([]any)
	first := items[0].(map[string]any)
	assert.ElementsMatch(t, []string{"id", "price", "version"}, keys(first), "an update item carries its id and its changes only")
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestBulkSaveMixed(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	old, err := dc.Deals.Create(ctx, newDeal("M-0"))
	require.NoError(t, err)
	old.Status = adama.Ptr(false)
	gone := &deals.Deal{ID: 424242, Name: "missing"}
	res, err := dc.Deals.BulkSave(ctx, []*deals.Deal{newDeal("M-1"), old, gone})
	require.NoError(t, err)
	require.Len(t, res.Items, 3)
	assert.Equal(t, deals.BulkOpCreate, res.Items[0].Op)
	assert.True(t, res.Items[0].OK())
	assert.Equal(t, deals.BulkOpUpdate, res.Items[1].Op)
	require.True(t, res.Items[1].OK(), "%v", res.Items[1].Err)
	assert.False(t, *res.Items[1].Deal.Status)
	assert.Error(t, res.Items[2].Err)
	assert.False(t, res.Items[2].Unknown)

	body := lastBody(t, srv, http.MethodPost, "/deals/v1.0/bulk/deals")
	items := body["deals"].([]any)
	assert.Contains(t, items[0].(map[string]any), "owner", "a create carries every field")
	assert.ElementsMatch(t, []string{"id", "status", "version"}, keys(items[1].(map[string]any)))
}

func TestBulkChunkFailures(t *testing.T) {
	t.Run("a failed chunk fails its items and the rest go on", func(t *testing.T) {
		dc, srv := newClient(t)
		in := make([]*deals.Deal, 30)
		for i := range in {
			in[i] = newDeal(fmt.Sprintf("CF-%02d", i))
		}
		srv.FailNext("/deals/v1.0/bulk_create/deals", 1, http.StatusBadRequest, "")
		res, err := dc.Deals.WithBulkChunkSize(10).BulkCreate(context.Background(), in)
		require.NoError(t, err)
		require.Len(t, res.Chunks, 3)
		assert.Error(t, res.Chunks[0].Err)
		assert.False(t, res.Chunks[0].Unknown, "a 400 means nothing was made")
		assert.NoError(t, res.Chunks[1].Err)
		assert.NoError(t, res.Chunks[2].Err)
		assert.Len(t, res.Failed(), 10)
		assert.Equal(t, 20, srv.Deals().Count())
		assert.Equal(t, 0, res.Chunks[0].Start)
		assert.Equal(t, 10, res.Chunks[0].End)
	})
	t.Run("a lost creating answer is unknown and not retried", func(t *testing.T) {
		dc, srv := newClient(t)
		in := []*deals.Deal{newDeal("LOST-1"), newDeal("LOST-2")}
		srv.DropNext("/deals/v1.0/bulk_create/deals", 1)
		res, err := dc.Deals.BulkCreate(context.Background(), in)
		require.NoError(t, err)
		require.Len(t, res.Chunks, 1)
		assert.True(t, res.Chunks[0].Unknown)
		for _, it := range res.Items {
			assert.True(t, it.Unknown)
			assert.False(t, it.OK())
		}
		assert.Equal(t, 1, srv.Count("POST /deals/v1.0/bulk_create/deals"), "sent once")
	})
	t.Run("an update is retried", func(t *testing.T) {
		dc, srv := newClient(t)
		d, err := dc.Deals.Create(context.Background(), newDeal("RT-1"))
		require.NoError(t, err)
		d.Name = "retried"
		srv.FailNext("/deals/v1.0/bulk_update/deals", 1, http.StatusServiceUnavailable, "")
		res, err := dc.Deals.BulkUpdate(context.Background(), []*deals.Deal{d})
		require.NoError(t, err)
		require.True(t, res.Items[0].OK(), "%v", res.Items[0].Err)
		assert.Equal(t, "retried", res.Items[0].Deal.Name)
	})
	t.Run("empty input", func(t *testing.T) {
		dc, _ := newClient(t)
		_, err := dc.Deals.BulkUpdate(context.Background(), nil)
		assert.ErrorIs(t, err, adama.ErrValidation)
	})
}

func TestBulkAnswerMatching(t *testing.T) {
	// The answer of the reference example, matched to its inputs by id
	// even when the server lists them in another order.
	dc, srv := newClient(t)
	ctx := context.Background()
	a, err := dc.Deals.Create(ctx, newDeal("X-1"))
	require.NoError(t, err)
	b, err := dc.Deals.Create(ctx, newDeal("X-2"))
	require.NoError(t, err)
	a.Name, b.Name = "first", "second"
	b.Permissions.OrganizationIDs = []int64{1, 2} // refused by the client
	res, err := dc.Deals.BulkUpdate(ctx, []*deals.Deal{a, b})
	require.NoError(t, err)
	assert.Equal(t, "first", res.Items[0].Deal.Name)
	assert.ErrorIs(t, res.Items[1].Err, adama.ErrValidation)
	raw, _ := json.Marshal(srv.Deals().Raw(a.ID)["name"])
	assert.JSONEq(t, `"first"`, string(raw))
}
