package deals_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

func TestDealGroups(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	org := deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100315}
	d1, err := dc.Deals.Create(ctx, newDeal("G-1"))
	require.NoError(t, err)
	d2, err := dc.Deals.Create(ctx, newDeal("G-2"))
	require.NoError(t, err)
	foreign := newDeal("G-3")
	foreign.Owner = deals.Owner{Type: deals.OwnerTypeAgency, ID: 44}
	d3, err := dc.Deals.Create(ctx, foreign)
	require.NoError(t, err)

	g := &deals.DealGroup{Name: "viewable", Owner: org, DealIDs: []int64{d1.ID, d2.ID}}
	require.NoError(t, dc.DealGroups.CheckOwners(ctx, dc.Deals, g))
	made, err := dc.DealGroups.Create(ctx, g)
	require.NoError(t, err)
	assert.Equal(t, "deal_group", made.EntityType)
	assert.Equal(t, []int64{d1.ID, d2.ID}, made.DealIDs)

	got, err := dc.Deals.Get(ctx, d1.ID)
	require.NoError(t, err)
	require.Len(t, got.DealGroups, 1)
	assert.Equal(t, made.ID, got.DealGroups[0].ID)

	t.Run("owner check reads the deals", func(t *testing.T) {
		bad := &deals.DealGroup{Name: "mixed", Owner: org, DealIDs: []int64{d1.ID, d3.ID, 987654}}
		err := dc.DealGroups.CheckOwners(ctx, dc.Deals, bad)
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("deal_ids[1]", "owned by AGENCY 44"), "%v", ve)
		assert.True(t, ve.Has("deal_ids[2]", "not found"), "%v", ve)
		assert.False(t, ve.Has("deal_ids[0]", ""))
	})
	t.Run("server refuses a foreign deal", func(t *testing.T) {
		_, err := dc.DealGroups.Create(ctx, &deals.DealGroup{Name: "mixed", Owner: org, DealIDs: []int64{d3.ID}})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
		assert.Contains(t, ae.Error(), "same owner")
	})
	t.Run("update sends the change and keeps the owner", func(t *testing.T) {
		cur, err := dc.DealGroups.Get(ctx, made.ID)
		require.NoError(t, err)
		cur.DealIDs = []int64{d2.ID}
		up, err := dc.DealGroups.Update(ctx, cur)
		require.NoError(t, err)
		assert.Equal(t, []int64{d2.ID}, up.DealIDs)
		assert.Equal(t, map[string]any{"deal_ids": []any{float64(d2.ID)}}, lastBody(t, srv, http.MethodPost, "/deals/v1.0/deal_groups/"+itoa(made.ID)))

		up.Owner = deals.Owner{Type: deals.OwnerTypeAdvertiser, ID: 1}
		_, err = dc.DealGroups.Update(ctx, up)
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("owner", "cannot change"))
	})
	t.Run("list", func(t *testing.T) {
		p, err := dc.DealGroups.List(ctx, &deals.GroupListOptions{OwnerOrganizationID: 100315, SortBy: deals.GroupSortName})
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		p, err = dc.DealGroups.List(ctx, &deals.GroupListOptions{IDs: []int64{made.ID}})
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		var n int
		for _, err := range dc.DealGroups.All(ctx, &deals.GroupListOptions{IDs: []int64{made.ID}}) {
			require.NoError(t, err)
			n++
		}
		assert.Equal(t, 1, n)
	})
	t.Run("strategies using the group", func(t *testing.T) {
		srv.Deals().LinkGroupStrategy(made.ID, 77)
		p, err := dc.DealGroups.Strategies(ctx, made.ID, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedAdvertiser}})
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		assert.Equal(t, int64(77), p.Items[0].StrategyID)
		assert.Equal(t, made.ID, p.Items[0].DealGroupID)
		require.NotNil(t, p.Items[0].Advertiser)
	})
}

func TestDealGroupRules(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	org := deals.Owner{Type: deals.OwnerTypeOrganization, ID: 1}
	many := make([]int64, 301)
	for i := range many {
		many[i] = int64(i + 1)
	}
	cases := []struct {
		name  string
		g     deals.DealGroup
		field string
		rule  string
	}{
		{"ok", deals.DealGroup{Name: "g", Owner: org, DealIDs: []int64{1}}, "", ""},
		{"name required", deals.DealGroup{Owner: org, DealIDs: []int64{1}}, "name", "required"},
		{"owner required", deals.DealGroup{Name: "g", DealIDs: []int64{1}}, "owner", "required"},
		{"owner type", deals.DealGroup{Name: "g", Owner: deals.Owner{Type: deals.OwnerTypeInternal, ID: 1}, DealIDs: []int64{1}}, "owner.type", "one of"},
		{"deal ids required", deals.DealGroup{Name: "g", Owner: org}, "deal_ids", "required"},
		{"at most 300", deals.DealGroup{Name: "g", Owner: org, DealIDs: many}, "deal_ids", "at most 300"},
		{"300 ok", deals.DealGroup{Name: "g", Owner: org, DealIDs: many[:300]}, "", ""},
		// deal_ids is uniqueItems in the description: the repeat is named
		// at its index, in the words every group uses.
		{"duplicates", deals.DealGroup{Name: "g", Owner: org, DealIDs: []int64{1, 1}}, "deal_ids[1]", "listed twice"},
		{"name 256", deals.DealGroup{Name: string(make([]byte, 256)), Owner: org, DealIDs: []int64{1}}, "name", "max length 255"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Validate(true)
			if tc.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, tc.rule), "%v", ve)
		})
	}
	t.Run("no permissions of its own", func(t *testing.T) {
		var g deals.DealGroup
		require.NoError(t, g.UnmarshalJSON([]byte(`{"id":1,"name":"g","owner":{"type":"ORGANIZATION","id":1},"deal_ids":[1],"permissions":{"agency_ids":[2]}}`)))
		err := g.Validate(false)
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("permissions", "no targeting permissions"))
	})
	listCases := []struct {
		name  string
		o     deals.GroupListOptions
		field string
	}{
		{"organization or ids", deals.GroupListOptions{}, "owner.organization_id"},
		{"strategy alone is not enough", deals.GroupListOptions{StrategyID: 4}, "owner.organization_id"},
		{"org with deal", deals.GroupListOptions{OwnerOrganizationID: 1, DealID: 2}, "deal_id"},
		{"strategy with deal", deals.GroupListOptions{IDs: []int64{1}, StrategyID: 1, DealID: 2}, "strategy_id"},
		{"strategy with org", deals.GroupListOptions{OwnerOrganizationID: 1, StrategyID: 2}, "strategy_id"},
		{"sort", deals.GroupListOptions{OwnerOrganizationID: 1, SortBy: "price"}, "sort_by"},
		{"page limit", deals.GroupListOptions{OwnerOrganizationID: 1, PageLimit: 500}, "page_limit"},
	}
	for _, tc := range listCases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dc.DealGroups.List(ctx, &tc.o)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, ""), "%v", ve)
		})
	}
	assert.Zero(t, srv.Count("GET /deals/v1.0/deal_groups"), "refused lists send nothing")
}
