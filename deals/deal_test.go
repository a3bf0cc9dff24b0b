package deals_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/qlang"
)

func TestDealCreateGetUpdate(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()

	d, err := dc.Deals.Create(ctx, newDeal("A-1"))
	require.NoError(t, err)
	assert.NotZero(t, d.ID)
	assert.Equal(t, "1.3", d.Price.Value.String())
	assert.Equal(t, "EUR", d.Price.CurrencyCode)
	assert.Equal(t, deals.OwnerTypeOrganization, d.Owner.Type)
	require.Len(t, d.Channels, 1)
	assert.Equal(t, "Display", d.Channels[0].Name)
	assert.Equal(t, "1.3000", srv.Deals().Raw(d.ID)["price"].(map[string]any)["value"], "the platform writes four decimals")

	got, err := dc.Deals.Get(ctx, d.ID)
	require.NoError(t, err)
	assert.Equal(t, d.DealIdentifier, got.DealIdentifier)
	assert.Equal(t, "2026-06-01T05:00:00+0000", got.StartDatetime.String())

	got.Name = "renamed"
	got.Price = deals.MustPrice("EUR", "2.125")
	up, err := dc.Deals.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, "renamed", up.Name)
	assert.Equal(t, "2.125", up.Price.Value.String())
	body := lastBody(t, srv, http.MethodPost, "/deals/v1.0/deals/"+itoa(d.ID))
	assert.Equal(t, map[string]any{"name": "renamed", "price": map[string]any{"currency_code": "EUR", "value": "2.125"}, "version": float64(1)}, body,
		"an update sends only what changed, and the version")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestDealUpdateRules(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	d, err := dc.Deals.Create(ctx, newDeal("B-1"))
	require.NoError(t, err)

	t.Run("owner cannot change", func(t *testing.T) {
		c := *d
		c.Owner = deals.Owner{Type: deals.OwnerTypeAgency, ID: 5}
		_, err := dc.Deals.Update(ctx, &c)
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("owner", "cannot change"))
	})
	t.Run("stale version is a conflict", func(t *testing.T) {
		got, err := dc.Deals.Get(ctx, d.ID)
		require.NoError(t, err)
		require.True(t, srv.Deals().SetRaw(d.ID, "description", "someone else"))
		got.Name = "mine"
		_, err = dc.Deals.Update(ctx, got)
		require.Error(t, err)
		assert.ErrorIs(t, err, adama.ErrConflict)
	})
	t.Run("server refuses an owner change too", func(t *testing.T) {
		fresh := &deals.Deal{ID: d.ID, Owner: deals.Owner{Type: deals.OwnerTypeAgency, ID: 9}, Name: "x"}
		// A hand-built record has no snapshot: the client cannot know the
		// owner, so it leaves owner out of the body and the server keeps it.
		up, err := dc.Deals.Update(ctx, fresh)
		require.NoError(t, err)
		assert.Equal(t, deals.OwnerTypeOrganization, up.Owner.Type)
	})
	t.Run("not found", func(t *testing.T) {
		_, err := dc.Deals.Get(ctx, 999999)
		assert.ErrorIs(t, err, adama.ErrNotFound)
	})
}

func TestDealValidation(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	cases := []struct {
		name   string
		edit   func(d *deals.Deal)
		field  string
		rule   string
		create bool
	}{
		{"name required", func(d *deals.Deal) { d.Name = "" }, "name", "required", true},
		{"name 256 ok", func(d *deals.Deal) { d.Name = long(256) }, "", "", true},
		{"name 257", func(d *deals.Deal) { d.Name = long(257) }, "name", "max length 256", true},
		{"identifier required", func(d *deals.Deal) { d.DealIdentifier = "" }, "deal_identifier", "required", true},
		{"identifier 257", func(d *deals.Deal) { d.DealIdentifier = long(257) }, "deal_identifier", "max length 256", true},
		{"description 4096 ok", func(d *deals.Deal) { d.Description = long(4096) }, "", "", true},
		{"description 4097", func(d *deals.Deal) { d.Description = long(4097) }, "description", "max length 4096", true},
		{"zone 64 ok", func(d *deals.Deal) { d.ZoneName = long(64) }, "", "", true},
		{"zone 65", func(d *deals.Deal) { d.ZoneName = long(65) }, "zone_name", "max length 64", true},
		{"currency 3", func(d *deals.Deal) { d.CurrencyCode = "EURO" }, "currency_code", "3 letters", true},
		{"currency ok", func(d *deals.Deal) { d.CurrencyCode = "EUR" }, "", "", true},
		{"currency mismatch", func(d *deals.Deal) { d.CurrencyCode = "USD" }, "price.currency_code", "must match", true},
		{"currency required", func(d *deals.Deal) { d.Price.CurrencyCode = "" }, "currency_code", "required", true},
		{"price required", func(d *deals.Deal) { d.Price = nil }, "price", "required", true},
		{"price max", func(d *deals.Deal) { d.Price = deals.MustPrice("EUR", "10000000") }, "price.value", "at most", true},
		{"price max ok", func(d *deals.Deal) { d.Price = deals.MustPrice("EUR", "9999999.9999") }, "", "", true},
		{"price negative", func(d *deals.Deal) { d.Price = deals.MustPrice("EUR", "-1") }, "price.value", ">= 0", true},
		{"owner required", func(d *deals.Deal) { d.Owner = deals.Owner{} }, "owner", "required", true},
		{"owner type", func(d *deals.Deal) { d.Owner.Type = "INTERNAL" }, "owner.type", "one of", true},
		{"owner agency ok", func(d *deals.Deal) { d.Owner = deals.Owner{Type: deals.OwnerTypeAgency, ID: 4} }, "", "", true},
		{"owner id", func(d *deals.Deal) { d.Owner.ID = 0 }, "owner.id", "required", true},
		{"permissions required", func(d *deals.Deal) { d.Permissions = nil }, "permissions", "required", true},
		{"one organization", func(d *deals.Deal) { d.Permissions.OrganizationIDs = []int64{1, 2} }, "permissions.organization_ids", "at most one", true},
		{"duplicate agency", func(d *deals.Deal) { d.Permissions.AgencyIDs = []int64{3, 3} }, "permissions.agency_ids", "duplicate", true},
		{"supply source required", func(d *deals.Deal) { d.SupplySourceID = 0 }, "supply_source_id", "required", true},
		{"price type enum", func(d *deals.Deal) { d.PriceType = "CHEAP" }, "price_type", "one of", true},
		{"price method enum", func(d *deals.Deal) { d.PriceMethod = "CPC" }, "price_method", "one of", true},
		{"deal source enum", func(d *deals.Deal) { d.DealSource = "OTHER" }, "deal_source", "one of", true},
		{"deal source ok", func(d *deals.Deal) { d.DealSource = deals.DealSourceUser }, "", "", true},
		{"media type enum", func(d *deals.Deal) { d.MediaType = "AUDIO" }, "media_type", "one of", true},
		{"media type ok", func(d *deals.Deal) { d.MediaType = deals.MediaTypeVideo }, "", "", true},
		{"bill type enum", func(d *deals.Deal) { d.BillType = "X" }, "bill_type", "one of", true},
		{"deal type enum", func(d *deals.Deal) { d.DealType = "Y" }, "deal_type", "one of", true},
		{"start before end", func(d *deals.Deal) { d.EndDatetime = d.StartDatetime }, "start_datetime", "earlier", true},
		{"PG needs FIXED", func(d *deals.Deal) { d.DealType = deals.DealTypePG }, "price_type", "FIXED", true},
		{"PG ok", func(d *deals.Deal) { d.DealType, d.PriceType = deals.DealTypePG, deals.PriceTypeFixed }, "", "", true},
		{"PG needs dates", func(d *deals.Deal) {
			d.DealType, d.PriceType, d.EndDatetime = deals.DealTypePG, deals.PriceTypeFixed, nil
		}, "end_datetime", "required for a PG deal", true},
		{"channel id", func(d *deals.Deal) { d.Channels = []deals.Channel{{ID: 0}} }, "channels[0]", "positive", true},
		{"update needs no owner", func(d *deals.Deal) { d.Owner = deals.Owner{} }, "", "", false},
		{"update still checks lengths", func(d *deals.Deal) { d.Name = long(300) }, "name", "max length", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newDeal("V-1")
			tc.edit(d)
			err := d.Validate(tc.create)
			if tc.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, tc.rule), "%v", ve)
			assert.ErrorIs(t, err, adama.ErrValidation)
		})
	}
}

func TestDealValidationSendsNothing(t *testing.T) {
	dc, srv := newClient(t)
	d := newDeal("N-1")
	d.Name = ""
	d.ZoneName = strings.Repeat("z", 65)
	_, err := dc.Deals.Create(context.Background(), d)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("name", "required"))
	assert.True(t, ve.Has("zone_name", "max length 64"), "every broken rule in one error")
	assert.Zero(t, srv.Count("POST /deals/v1.0/deals"))
}

func TestDealServerRules(t *testing.T) {
	dc, _ := newClient(t)
	ctx := context.Background()
	_, err := dc.Deals.Create(ctx, newDeal("DUP"))
	require.NoError(t, err)
	_, err = dc.Deals.Create(ctx, newDeal("DUP"))
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Contains(t, ae.Error(), "deal_identifier already exists")
}

func TestDealList(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	var made []*deals.Deal
	for _, id := range []string{"L-3", "L-1", "L-2"} {
		d := newDeal(id)
		if id == "L-2" {
			d.DealType, d.PriceType = deals.DealTypePG, deals.PriceTypeFixed
		}
		got, err := dc.Deals.Create(ctx, d)
		require.NoError(t, err)
		made = append(made, got)
	}
	other := newDeal("O-1")
	other.Owner, other.Permissions = deals.Owner{Type: deals.OwnerTypeOrganization, ID: 7}, &deals.Permissions{}
	_, err := dc.Deals.Create(ctx, other)
	require.NoError(t, err)
	srv.Deals().LinkStrategy(made[0].ID, 55)

	t.Run("organization, sorted", func(t *testing.T) {
		p, err := dc.Deals.List(ctx, &deals.ListOptions{OwnerOrganizationID: 100315, SortBy: deals.DealSortDealIdentifier, SortDir: deals.SortDirAsc})
		require.NoError(t, err)
		require.Len(t, p.Items, 3)
		assert.Equal(t, "L-1", p.Items[0].DealIdentifier)
		assert.Equal(t, 3, p.TotalCount)
	})
	t.Run("every filter reaches the query", func(t *testing.T) {
		st := true
		_, err := dc.Deals.List(ctx, &deals.ListOptions{
			IDs: []int64{made[0].ID, made[1].ID}, DealType: deals.DealTypeStandard, Q: qlang.Where("name", qlang.Like, "*Deal*"),
			SortBy: deals.DealSortPrice, SortDir: deals.SortDirDesc, PageLimit: 10, PageOffset: 0, CurrencyCode: "USD", Status: &st,
			OwnerType: deals.OwnerTypeOrganization, OwnerOrganizationID: 100315, OwnerAgencyID: 2, OwnerAdvertiserID: 3, StrategyID: 55,
			PermissionOrganizationIDs: []int64{100315}, PermissionAgencyIDs: []int64{4, 5}, PermissionAdvertiserIDs: []int64{6},
			TimeWindow: deals.TimeWindowLast7Days, Export: "csv",
		})
		require.NoError(t, err)
		reqs := srv.Requests()
		q := reqs[len(reqs)-1].Query
		for k, v := range map[string]string{
			"ids": itoa(made[0].ID) + "," + itoa(made[1].ID), "deal_type": "STANDARD", "q": "name=:*Deal*", "sort_by": "price", "sort_dir": "DESC",
			"page_limit": "10", "currency_code": "USD", "status": "true", "owner.type": "ORGANIZATION", "owner.organization_id": "100315",
			"owner.agency_id": "2", "owner.advertiser_id": "3", "strategy_id": "55", "permissions.organization_ids": "100315",
			"permissions.agency_ids": "4,5", "permissions.advertiser_ids": "6", "time_window": "last_7_days", "export": "csv",
		} {
			assert.Equal(t, v, q.Get(k), k)
		}
	})
	t.Run("strategy filter", func(t *testing.T) {
		p, err := dc.Deals.List(ctx, &deals.ListOptions{OwnerOrganizationID: 100315, StrategyID: 55})
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		assert.Equal(t, made[0].ID, p.Items[0].ID)
	})
	t.Run("deal type filter", func(t *testing.T) {
		p, err := dc.Deals.List(ctx, &deals.ListOptions{OwnerOrganizationID: 100315, DealType: deals.DealTypePG})
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		assert.Equal(t, "L-2", p.Items[0].DealIdentifier)
	})
	t.Run("all pages", func(t *testing.T) {
		var n int
		for d, err := range dc.Deals.All(ctx, &deals.ListOptions{OwnerOrganizationID: 100315, PageLimit: 2}) {
			require.NoError(t, err)
			assert.NotZero(t, d.ID)
			n++
		}
		assert.Equal(t, 3, n)
	})
	t.Run("rules", func(t *testing.T) {
		for _, tc := range []struct {
			o     deals.ListOptions
			field string
		}{
			{deals.ListOptions{}, "owner.organization_id"},
			{deals.ListOptions{OwnerOrganizationID: 1, PageLimit: 101}, "page_limit"},
			{deals.ListOptions{OwnerOrganizationID: 1, PageOffset: -1}, "page_offset"},
			{deals.ListOptions{OwnerOrganizationID: 1, SortBy: "zone"}, "sort_by"},
			{deals.ListOptions{OwnerOrganizationID: 1, SortDir: "UP"}, "sort_dir"},
			{deals.ListOptions{OwnerOrganizationID: 1, OwnerType: deals.OwnerTypeAgency}, "owner.type"},
			{deals.ListOptions{OwnerOrganizationID: 1, TimeWindow: deals.TimeWindowYesterday}, "time_window"},
			{deals.ListOptions{OwnerOrganizationID: 1, CurrencyCode: "DOLLAR"}, "currency_code"},
			{deals.ListOptions{IDs: []int64{0}}, "ids[0]"},
			{deals.ListOptions{OwnerOrganizationID: 1, DealType: "X"}, "deal_type"},
		} {
			_, err := dc.Deals.List(ctx, &tc.o)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve, tc.field)
			assert.True(t, ve.Has(tc.field, ""), "%s: %v", tc.field, ve)
		}
		_, err := dc.Deals.List(ctx, &deals.ListOptions{IDs: []int64{made[0].ID}})
		assert.NoError(t, err, "ids alone is enough")
	})
}

func TestDealStrategies(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	d, err := dc.Deals.Create(ctx, newDeal("S-1"))
	require.NoError(t, err)
	srv.Deals().LinkStrategy(d.ID, 1234)
	srv.Deals().LinkStrategy(d.ID, 5678)
	p, err := dc.Deals.Strategies(ctx, d.ID, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedStrategy, deals.EmbedCampaign}})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	assert.Equal(t, int64(1234), p.Items[0].StrategyID)
	require.NotNil(t, p.Items[0].Strategy)
	assert.Equal(t, "Strategy 1234", p.Items[0].Strategy.Name)
	require.NotNil(t, p.Items[0].Campaign)
	assert.Nil(t, p.Items[0].Advertiser)

	_, err = dc.Deals.Strategies(ctx, d.ID, &deals.StrategyListOptions{With: []deals.Embed{"creative"}})
	assert.ErrorIs(t, err, adama.ErrValidation)
	_, err = dc.Deals.Strategies(ctx, 0, nil)
	assert.ErrorIs(t, err, adama.ErrValidation)
}

func TestDealRetriesAndFaults(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	d, err := dc.Deals.Create(ctx, newDeal("F-1"))
	require.NoError(t, err)

	srv.FailNext("/deals/v1.0/deals/", 2, http.StatusServiceUnavailable, "")
	got, err := dc.Deals.Get(ctx, d.ID)
	require.NoError(t, err, "a read is retried")
	assert.Equal(t, d.ID, got.ID)

	srv.FailNext("/deals/v1.0/deals", 1, http.StatusInternalServerError, "")
	_, err = dc.Deals.Create(ctx, newDeal("F-2"))
	var ae *adama.Error
	require.ErrorAs(t, err, &ae, "a create is not retried")
	assert.Equal(t, http.StatusInternalServerError, ae.StatusCode)
	assert.Equal(t, "/deals/v1.0/deals", ae.Path)

	srv.Deny("/deals/v1.0/")
	_, err = dc.Deals.Get(ctx, d.ID)
	assert.True(t, errors.Is(err, adama.ErrForbidden) || errors.Is(err, adama.ErrUnauthorized), "%v", err)
}

func TestWithPrefix(t *testing.T) {
	_, srv := newClient(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	dc := deals.New(c, deals.WithPrefix("/other/v9/"))
	_, err = dc.Deals.Get(context.Background(), 1)
	require.Error(t, err)
	assert.Equal(t, 1, srv.Count("GET /other/v9/deals/1"), "the prefix is the only difference")
}

func TestDealListPermissionFilters(t *testing.T) {
	dc, _ := newClient(t)
	ctx := context.Background()
	a := newDeal("P-1")
	a.Permissions.AgencyIDs = []int64{11}
	b := newDeal("P-2")
	b.Permissions.AgencyIDs = []int64{12}
	b.Permissions.AdvertiserIDs = []int64{21}
	for _, d := range []*deals.Deal{a, b} {
		_, err := dc.Deals.Create(ctx, d)
		require.NoError(t, err)
	}
	cases := []struct {
		o    deals.ListOptions
		want []string
	}{
		{deals.ListOptions{PermissionAgencyIDs: []int64{11, 12}}, []string{"P-1", "P-2"}},
		{deals.ListOptions{PermissionAgencyIDs: []int64{11, 12}, PermissionAdvertiserIDs: []int64{21}}, []string{"P-2"}},
		{deals.ListOptions{PermissionAgencyIDs: []int64{99}}, nil},
	}
	for _, tc := range cases {
		tc.o.OwnerOrganizationID, tc.o.SortBy = 100315, deals.DealSortDealIdentifier
		p, err := dc.Deals.List(ctx, &tc.o)
		require.NoError(t, err)
		var got []string
		for _, d := range p.Items {
			got = append(got, d.DealIdentifier)
		}
		assert.Equal(t, tc.want, got)
	}
}
