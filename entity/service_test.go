package entity_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stripState clears what differs between equal records read twice: the
// update snapshot.
func stripState[T any](r *T) *T {
	stripRaw(reflect.ValueOf(r))
	return r
}

func stripRaw(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			stripRaw(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			stripRaw(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[entity.Common]() && v.CanAddr() {
			entity.ClearSnapshot(v.Addr().Interface().(*entity.Common))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				stripRaw(v.Field(i))
			}
		}
	}
}

// crud runs Create, Get, List, All, Update and History on one collection,
// in JSON and XML.
func crud[T any](t *testing.T, svc *entity.Service[T], xsvc *entity.Service[T], rec *T, change func(*T)) {
	t.Helper()
	ctx := context.Background()
	created, err := svc.Create(ctx, rec)
	require.NoError(t, err)
	c := entity.CommonOf(created)
	require.Positive(t, c.ID)
	assert.Equal(t, 0, c.Version)
	assert.NotNil(t, c.CreatedOn)

	got, err := svc.Get(ctx, c.ID, nil)
	require.NoError(t, err)
	gotX, err := xsvc.Get(ctx, c.ID, nil)
	require.NoError(t, err)
	assert.Equal(t, stripState(got), stripState(gotX), "JSON and XML decode to the same record")

	page, err := svc.List(ctx, &entity.ListOptions{Q: qlang.IDs(c.ID)})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, 1, page.TotalCount)
	n := 0
	for it, err := range svc.All(ctx, &entity.ListOptions{Q: qlang.IDs(c.ID)}) {
		require.NoError(t, err)
		assert.Equal(t, c.ID, entity.CommonOf(it).ID)
		n++
	}
	assert.Equal(t, 1, n)

	change(got)
	updated, err := svc.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, 1, entity.CommonOf(updated).Version)

	h, err := svc.History(ctx, c.ID)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(h), 2)
	assert.Equal(t, "create", h[0].Action)
	assert.Equal(t, "update", h[len(h)-1].Action)
	hx, err := xsvc.History(ctx, c.ID)
	require.NoError(t, err)
	assert.Len(t, hx, len(h))
}

func TestCRUDEveryCollection(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	t.Run("organizations", func(t *testing.T) {
		crud(t, ec.Organizations, xc.Organizations, entity.FullOrganization(&entity.Organization{Common: entity.Common{Name: "Org"}, CurrencyCode: "USD", City: "Paris"}), func(o *entity.Organization) { o.City = "Lyon" })
	})
	t.Run("agencies", func(t *testing.T) {
		crud(t, ec.Agencies, xc.Agencies, &entity.Agency{Common: entity.Common{Name: "Ag"}, OrganizationID: 1}, func(a *entity.Agency) { a.Status = adama.BoolPtr(true) })
	})
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Adv"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 2})
	require.NoError(t, err)
	t.Run("advertisers", func(t *testing.T) {
		crud(t, ec.Advertisers, xc.Advertisers, &entity.Advertiser{Common: entity.Common{Name: "Adv2"}, AgencyID: 1, AdServerID: 2, Domain: "https://b.example", VerticalID: 34,
			FrequencyType: entity.FrequencyTypeEven, FrequencyInterval: entity.FrequencyIntervalDay, FrequencyAmount: ip(3)}, func(a *entity.Advertiser) { a.FrequencyAmount = ip(0) })
	})
	camp, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "Camp"}, AdvertiserID: adv.ID, CurrencyCode: "EUR", StartDate: entity.Day1, EndDate: entity.Day2, TotalBudget: adama.MustMoney("EUR", "1000")}))
	require.NoError(t, err)
	t.Run("campaigns", func(t *testing.T) {
		crud(t, ec.Campaigns, xc.Campaigns, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C2"}, AdvertiserID: adv.ID, TotalBudget: adama.MustMoney("USD", "10.5")}), func(c *entity.Campaign) { c.Status = adama.BoolPtr(false) })
	})
	strat := entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: camp.ID, EndDate: entity.Day2, StartDate: entity.Day1, GoalType: entity.GoalTypeCPA,
		GoalValue: adama.MustMoney("", "2.5"), UseOptimization: adama.BoolPtr(true), Budget: adama.MustMoney("", "100"),
		RMXStrategy:    &entity.RMXStrategy{PricingType: entity.RMXPricingTypeCPM, Price: adama.MustMoney("", "1.25"), ROITargetPixels: []entity.ROITargetPixel{{PixelBundleID: 4, RMXPixelType: entity.RMXPixelTypeClick}}},
		SitePlacements: entity.SitePlacements{{Name: "P1", DealSource: entity.DealSourceUser, MediaType: entity.PlacementMediaTypeDisplay, PublisherSiteID: 9}}})
	t.Run("strategies", func(t *testing.T) {
		crud(t, ec.Strategies, xc.Strategies, strat, func(s *entity.Strategy) { s.BidAggressiveness = ip(0) })
	})
	s, err := ec.Strategies.Create(ctx, entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S2"}, CampaignID: camp.ID, UseCampaignEnd: adama.BoolPtr(true)}))
	require.NoError(t, err)
	assert.Equal(t, "EUR", s.CurrencyCode, "inherited from the campaign")
	t.Run("users", func(t *testing.T) {
		crud(t, ec.Users, xc.Users, entity.FullUser(&entity.User{Common: entity.Common{Name: "U"}, Username: "u1", Role: entity.UserRoleReporter}), func(u *entity.User) { u.Title = "Boss" })
	})
	t.Run("verticals", func(t *testing.T) {
		v, err := ec.Verticals.Get(ctx, 34, nil)
		require.NoError(t, err)
		assert.Equal(t, "Non-profit", v.Name)
		_, err = ec.Verticals.History(ctx, 34)
		assert.ErrorIs(t, err, adama.ErrNotFound)
	})
	t.Run("contacts", func(t *testing.T) {
		crud(t, ec.Contacts, xc.Contacts, &entity.Contact{Common: entity.Common{Name: "Ct"}, Email: "a@b.c"}, func(c *entity.Contact) { c.Phone = "123" })
	})
	t.Run("atomic_creatives", func(t *testing.T) {
		crud(t, ec.AtomicCreatives, xc.AtomicCreatives, &entity.AtomicCreative{Common: entity.Common{Name: "Cr"}, AdServerType: entity.AdServerTypePlatform, AdvertiserID: adv.ID,
			ExternalIdentifier: "x1", FileType: entity.FileTypeHTML5, Width: 300, Height: 250, Tag: "<script></script>", TagType: entity.CreativeTagTypeScript, TpasAdTagName: "t",
			ClickThroughURL: "https://brand.example/landing"}, func(a *entity.AtomicCreative) { a.IsHTTPS = adama.BoolPtr(true) })
	})
	t.Run("creative_approvals", func(t *testing.T) {
		crud(t, ec.CreativeApprovals, xc.CreativeApprovals, &entity.CreativeApproval{AtomicCreativeID: 1, SupplySourceID: 2, ApprovalStatus: entity.ApprovalStatusPending}, func(a *entity.CreativeApproval) { a.ApprovalStatus = entity.ApprovalStatusApproved })
	})
	t.Run("concepts", func(t *testing.T) {
		crud(t, ec.Concepts, xc.Concepts, &entity.Concept{Common: entity.Common{Name: "Co"}, AdvertiserID: adv.ID}, func(c *entity.Concept) { c.Status = adama.BoolPtr(true) })
	})
	t.Run("pixel_bundles", func(t *testing.T) {
		crud(t, ec.PixelBundles, xc.PixelBundles, &entity.PixelBundle{Common: entity.Common{Name: "Px"}, AdvertiserID: &adv.ID, PixelType: entity.PixelTypeEvent, TagType: entity.PixelTagTypeJS, Currency: entity.PixelParamS1, Revenue: entity.PixelParamV1},
			func(p *entity.PixelBundle) { p.Keywords = "kw" })
	})
	t.Run("budget_flights", func(t *testing.T) {
		crud(t, ec.BudgetFlights.Service, xc.BudgetFlights.Service, &entity.BudgetFlight{CampaignID: camp.ID, StartDate: entity.Day1, EndDate: entity.Day2, TotalBudget: adama.MustMoney("EUR", "500")},
			func(f *entity.BudgetFlight) { f.TotalBudget = adama.MustMoney("EUR", "600") })
	})
	t.Run("strategy_day_parts", func(t *testing.T) {
		crud(t, ec.StrategyDayParts.Service, xc.StrategyDayParts.Service, &entity.StrategyDayPart{StrategyID: s.ID, StartHour: ip(0), EndHour: ip(12), Days: "MTWRF"}, func(d *entity.StrategyDayPart) { d.StartHour = ip(1) })
	})
	t.Run("strategy_audience_segments", func(t *testing.T) {
		crud(t, ec.StrategyAudienceSegments, xc.StrategyAudienceSegments, &entity.StrategyAudienceSegment{StrategyID: s.ID, AudienceSegmentID: 2, Restriction: entity.RestrictionInclude}, func(a *entity.StrategyAudienceSegment) { a.Restriction = entity.RestrictionExclude })
	})
	t.Run("audience_segments", func(t *testing.T) {
		crud(t, ec.AudienceSegments, xc.AudienceSegments, &entity.AudienceSegment{Common: entity.Common{Name: "Seg"}, Buyable: adama.BoolPtr(true)}, func(a *entity.AudienceSegment) { a.Buyable = adama.BoolPtr(false) })
	})
	t.Run("strategy_domain_restrictions", func(t *testing.T) {
		crud(t, ec.StrategyDomainRestrictions, xc.StrategyDomainRestrictions, &entity.StrategyDomainRestriction{StrategyID: s.ID, Domain: "news.example", Restriction: entity.RestrictionExclude}, func(d *entity.StrategyDomainRestriction) { d.TargetType = "DOMAIN" })
	})
	t.Run("site_lists", func(t *testing.T) {
		crud(t, ec.SiteLists, xc.SiteLists, &entity.SiteList{Common: entity.Common{Name: "L"}, OrganizationID: adama.Ptr[int64](1), Restriction: entity.SiteListRestrictionInclude}, func(l *entity.SiteList) { l.Status = adama.BoolPtr(true) })
	})
	t.Run("ad_servers", func(t *testing.T) {
		p, err := ec.AdServers.List(ctx, nil)
		require.NoError(t, err)
		assert.Equal(t, 10, p.TotalCount)
	})
}

func TestUpdateSendsOnlyChanges(t *testing.T) {
	ec, srv := newTestClient(t, adamatest.WithEntity("advertisers", map[string]any{
		"name": "Keep", "agency_id": 1, "ad_server_id": 1, "domain": "https://k.example", "vertical_id": 5,
		"status": true, "external_id": "ext", "frequency_amount": 4, "future_field": "kept"}))
	ctx := context.Background()
	a, err := ec.Advertisers.Get(ctx, 1, nil)
	require.NoError(t, err)
	assert.JSONEq(t, `"kept"`, string(a.Extra["future_field"]))

	a.Status = adama.BoolPtr(false) // send false
	a.FrequencyAmount = ip(0)       // send 0
	a.ExternalID = ""               // clear
	f, err := entity.UpdateForm(ec.Advertisers, a)
	require.NoError(t, err)
	assert.Equal(t, url.Values{"status": {"0"}, "frequency_amount": {"0"}, "external_id": {""}, "version": {"0"}}, f)

	a2, err := ec.Advertisers.Update(ctx, a)
	require.NoError(t, err)
	assert.Equal(t, 1, a2.Version)
	assert.False(t, bool(*a2.Status))
	assert.Equal(t, 0, *a2.FrequencyAmount)
	assert.Empty(t, a2.ExternalID)
	assert.JSONEq(t, `"kept"`, string(a2.Extra["future_field"]), "unknown field preserved")
	last := srv.Requests()[len(srv.Requests())-1]
	assert.NotRegexp(t, `(^|&)id=`, string(last.Body))
	assert.NotContains(t, string(last.Body), "future_field")

	// A changed Extra value is sent.
	a2.Extra["future_field"] = []byte(`"changed"`)
	f, err = entity.UpdateForm(ec.Advertisers, a2)
	require.NoError(t, err)
	assert.Equal(t, "changed", f.Get("future_field"))

	// Hand-built record: every set field, never id.
	hb := &entity.Advertiser{Common: entity.Common{ID: 1, Version: 1}, Political: adama.BoolPtr(false)}
	f, err = entity.UpdateForm(ec.Advertisers, hb)
	require.NoError(t, err)
	assert.Equal(t, url.Values{"political": {"0"}, "version": {"1"}}, f)
}

func TestConflictAndModify(t *testing.T) {
	ec, srv := newTestClient(t)
	ctx := context.Background()
	a, err := ec.Agencies.Get(ctx, 1, nil)
	require.NoError(t, err)
	require.True(t, srv.Entities().Agencies().SetRaw(1, "logo", "other-user.png"))
	a.Logo = "mine.png"
	_, err = ec.Agencies.Update(ctx, a)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrConflict)

	calls := 0
	out, err := ec.Agencies.Modify(ctx, 1, func(a *entity.Agency) error {
		calls++
		if calls == 1 { // another writer sneaks in between read and write
			srv.Entities().Agencies().SetRaw(1, "logo", "race.png")
		}
		a.Logo = "mine.png"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 2, calls)
	assert.Equal(t, "mine.png", out.Logo)
	assert.Equal(t, 3, out.Version)

	_, err = ec.Agencies.Modify(ctx, 1, func(a *entity.Agency) error {
		srv.Entities().Agencies().SetRaw(1, "logo", "always.png")
		return nil
	})
	assert.ErrorIs(t, err, adama.ErrConflict)

	stop := errors.New("stop")
	_, err = ec.Agencies.Modify(ctx, 1, func(*entity.Agency) error { return stop })
	assert.ErrorIs(t, err, stop)
}

func TestServerRejectsIDAndStaleVersion(t *testing.T) {
	ec, srv := newTestClient(t)
	ctx := context.Background()
	c, err := srv.NewClient()
	require.NoError(t, err)
	resp, err := c.Do(ctx, &adama.Request{Method: "POST", Path: "/api/v2.0/agencies/1", Body: []byte("id=1&version=0&logo=x"), ContentType: "application/x-www-form-urlencoded"})
	if resp != nil {
		resp.Body.Close()
	}
	assert.ErrorIs(t, err, adama.ErrBadRequest)
	_, err = ec.Agencies.Update(ctx, &entity.Agency{Common: entity.Common{ID: 1, Version: 9}, Logo: "x"})
	assert.ErrorIs(t, err, adama.ErrConflict)
	_, err = ec.Agencies.Get(ctx, 999, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	xc := newXMLClient(t, srv)
	_, err = xc.Agencies.Get(ctx, 999, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestPagingAcross250(t *testing.T) {
	ec, srv := newTestClient(t, adamatest.WithEntities("campaigns", 250))
	ctx := context.Background()
	p, err := ec.Campaigns.List(ctx, &entity.ListOptions{PageLimit: 100, PageOffset: 200})
	require.NoError(t, err)
	assert.Equal(t, 50, p.Count)
	assert.Equal(t, 200, p.Offset)
	assert.Equal(t, 250, p.TotalCount)

	for _, prefetch := range []int{0, 3} {
		srv.ResetRequests()
		var ids []int64
		for c, err := range ec.Campaigns.All(ctx, &entity.ListOptions{Prefetch: prefetch}) {
			require.NoError(t, err)
			ids = append(ids, c.ID)
		}
		require.Len(t, ids, 250)
		for i := range ids {
			assert.Equal(t, int64(i+1), ids[i])
		}
		assert.Equal(t, 3, srv.Count("GET /api/v2.0/campaigns"))
	}
	// page_limit over 100 is a client-side error, before any request.
	srv.ResetRequests()
	for _, err := range ec.Campaigns.All(ctx, &entity.ListOptions{PageLimit: 101}) {
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("page_limit", ""))
	}
	_, err = ec.Campaigns.List(ctx, &entity.ListOptions{PageLimit: 500})
	assert.ErrorIs(t, err, adama.ErrValidation)
	assert.Zero(t, len(srv.Requests()))
	// ...and a 400 from the server.
	c, _ := srv.NewClient()
	_, err = c.Do(ctx, &adama.Request{Method: "GET", Path: "/api/v2.0/campaigns", Query: url.Values{"page_limit": {"101"}}})
	assert.ErrorIs(t, err, adama.ErrBadRequest)

	// Lazy: nothing before ranging; early break stops.
	srv.ResetRequests()
	seq := ec.Campaigns.All(ctx, &entity.ListOptions{PageLimit: 10, Prefetch: 4})
	assert.Zero(t, len(srv.Requests()))
	n := 0
	for _, err := range seq {
		require.NoError(t, err)
		n++
		if n == 15 {
			break
		}
	}
	assert.Equal(t, 15, n)
	// Speculate asks for the window with the first page and still yields
	// every record once, in order; without a window it is refused.
	var ids, specIDs []int64
	for c, err := range ec.Campaigns.All(ctx, &entity.ListOptions{PageLimit: 10}) {
		require.NoError(t, err)
		ids = append(ids, c.ID)
	}
	for c, err := range ec.Campaigns.All(ctx, &entity.ListOptions{PageLimit: 10, Prefetch: 4, Speculate: true}) {
		require.NoError(t, err)
		specIDs = append(specIDs, c.ID)
	}
	assert.Equal(t, ids, specIDs)
	_, err = ec.Campaigns.List(ctx, &entity.ListOptions{Speculate: true})
	var sve *adama.ValidationError
	require.ErrorAs(t, err, &sve)
	assert.True(t, sve.Has("speculate", "needs prefetch above 0"))
	// Context cancellation ends the iteration with its error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	for _, err := range ec.Campaigns.All(cctx, nil) {
		assert.ErrorIs(t, err, context.Canceled)
	}
}

func TestListOptions(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Zeta brand"}, AgencyID: 2, AdServerID: 1, Domain: "https://z.example", VerticalID: 1})
	require.NoError(t, err)
	for i, n := range []string{"alpha", "beta", "gamma"} {
		_, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: n}, AdvertiserID: adv.ID, TotalBudget: adama.MustMoney("USD", []string{"30", "10", "20"}[i])}))
		require.NoError(t, err)
	}
	other, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Other"}, AgencyID: 1, AdServerID: 1, Domain: "https://o.example", VerticalID: 1})
	require.NoError(t, err)
	_, err = ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "delta"}, AdvertiserID: other.ID}))
	require.NoError(t, err)

	names := func(p *entity.Page[entity.Campaign]) []string {
		var out []string
		for _, c := range p.Items {
			out = append(out, c.Name)
		}
		return out
	}
	// sort_by, several keys and descending
	p, err := ec.Campaigns.List(ctx, &entity.ListOptions{SortBy: []string{"-advertiser_id", "name"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"delta", "alpha", "beta", "gamma"}, names(p))
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{SortBy: []string{"total_budget"}, Q: qlang.Where("advertiser_id", qlang.Eq, adv.ID)})
	require.NoError(t, err)
	assert.Equal(t, []string{"beta", "gamma", "alpha"}, names(p))
	// q
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{Q: qlang.Where("name", qlang.Like, "*ta")})
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"beta", "delta"}, names(p))
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{Q: qlang.Search("amm")})
	require.NoError(t, err)
	assert.Equal(t, []string{"gamma"}, names(p))
	c, _ := srv.NewClient()
	_, err = c.Do(ctx, &adama.Request{Method: "GET", Path: "/api/v2.0/campaigns", Query: url.Values{"q": {"(0,5)"}}})
	assert.ErrorIs(t, err, adama.ErrBadRequest, "id out of range is a 400")
	// limit: parent, ancestor chain
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("advertiser", adv.ID)})
	require.NoError(t, err)
	assert.Equal(t, 3, p.TotalCount)
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("advertiser.agency", 1)})
	require.NoError(t, err)
	assert.Equal(t, []string{"delta"}, names(p))
	px, err := xc.Campaigns.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("advertiser.agency.organization", 2)})
	require.NoError(t, err)
	assert.Equal(t, 3, px.TotalCount)
	// with (nested chain) and full
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{With: []string{"advertiser,agency"}, Full: []string{"campaign", "advertiser"}, Q: qlang.IDs(1)})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	require.NotNil(t, p.Items[0].Advertiser)
	assert.Equal(t, "https://z.example", p.Items[0].Advertiser.Domain, "advertiser full")
	require.NotNil(t, p.Items[0].Advertiser.Agency)
	assert.Equal(t, "Globex Performance", p.Items[0].Advertiser.Agency.Name)
	assert.Zero(t, p.Items[0].Advertiser.Agency.OrganizationID, "agency not full")
	px, err = xc.Campaigns.List(ctx, &entity.ListOptions{With: []string{"advertiser,agency"}, Full: []string{"campaign", "advertiser"}, Q: qlang.IDs(1)})
	require.NoError(t, err)
	assert.Equal(t, stripState[entity.Advertiser](p.Items[0].Advertiser), stripState[entity.Advertiser](px.Items[0].Advertiser))
	// minimal output
	p, err = ec.Campaigns.List(ctx, &entity.ListOptions{Minimal: true, PageLimit: 1})
	require.NoError(t, err)
	assert.Zero(t, p.Items[0].AdvertiserID)
	assert.NotEmpty(t, p.Items[0].Name)
	// Get with with
	a, err := ec.Advertisers.Get(ctx, adv.ID, &entity.GetOptions{With: []string{"agency,organization"}, Full: []string{"*"}})
	require.NoError(t, err)
	assert.Equal(t, "Globex Advertising", a.Agency.Organization.Name)
	assert.Equal(t, "EUR", a.Agency.Organization.CurrencyCode)
}

func TestPluralLinkage(t *testing.T) {
	ec, srv := newTestClient(t,
		adamatest.WithEntity("vendor_contracts", map[string]any{"campaign_id": 2, "vendor_id": 7}),
		adamatest.WithEntity("vendors", map[string]any{"id": 7, "name": "V7"}),
		adamatest.WithEntities("campaigns", 3))
	_ = srv
	p, err := ec.Campaigns.List(context.Background(), &entity.ListOptions{Limit: entity.LimitTo("vendor_contracts.vendor", 7)})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, int64(2), p.Items[0].ID)
	_, err = ec.Campaigns.List(context.Background(), &entity.ListOptions{Limit: entity.LimitTo("nonsense", 7)})
	assert.ErrorIs(t, err, adama.ErrBadRequest)
}

func TestSessionAndFastFields(t *testing.T) {
	ec, srv := newTestClient(t)
	s, err := ec.Session(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(1), s.ID)
	assert.Equal(t, "test.user", s.Name)
	assert.Equal(t, "user", s.EntityType)
	xs, err := newXMLClient(t, srv).Session(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "test.user", xs.Name)
	assert.Equal(t, int64(1), xs.ID)
	require.NotNil(t, xs.Expires)
	require.NotNil(t, s.Expires)
	assert.True(t, xs.Expires.Sub(s.Expires.Time).Abs() < 5*time.Second, "XML and JSON carry the same expiry")
	assert.NotContains(t, fmt.Sprintf("%+v %#v", s, xs), "sess_", "no session id in a printed Session")
	assert.Contains(t, ec.Strategies.FastFields(), "max_bid")
	assert.Contains(t, ec.Campaigns.FastFields(), "total_budget")
	assert.Contains(t, ec.BudgetFlights.FastFields(), "total_budget_usd")
	assert.Empty(t, ec.Advertisers.FastFields())
	assert.Equal(t, "strategies", ec.Strategies.Collection())
}

func TestStrategyNestedForm(t *testing.T) {
	s := &entity.Strategy{Common: entity.Common{ID: 5}, RMXStrategy: &entity.RMXStrategy{PricingType: entity.RMXPricingTypeCPA, Price: adama.MustMoney("", "2"),
		ROITargetPixels: []entity.ROITargetPixel{{PixelBundleID: 3, Price: adama.MustMoney("", "1.5")}}},
		SitePlacements: entity.SitePlacements{{Name: "a", PMPType: entity.PMPTypeDirect}, {Name: "b"}}}
	f, err := entity.UpdateForm(&entity.Service[entity.Strategy]{}, s)
	require.NoError(t, err)
	assert.Equal(t, "CPA", f.Get("rmx_strategy.pricing_type"))
	assert.Equal(t, "2", f.Get("rmx_strategy.price"))
	assert.Equal(t, "3", f.Get("rmx_strategy.roi_target_pixels.0.pixel_bundle_id"))
	assert.Equal(t, "1.5", f.Get("rmx_strategy.roi_target_pixels.0.price"))
	assert.Equal(t, "a", f.Get("site_placements.0.name"))
	assert.Equal(t, "DIRECT", f.Get("site_placements.0.pmp_type"))
	assert.Equal(t, "b", f.Get("site_placements.1.name"))
	for k := range f {
		assert.False(t, strings.HasPrefix(k, "rmx_strategy[") || k == "id", k)
	}
}

func TestStrategyAudienceSegmentsWithPlacements(t *testing.T) {
	ec, _ := newTestClient(t, adamatest.WithEntities("campaigns", 1))
	ctx := context.Background()
	s, err := ec.Strategies.Create(ctx, entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "P"}, CampaignID: 1, UseCampaignEnd: adama.BoolPtr(true),
		SitePlacements: entity.SitePlacements{{Name: "pl", PublisherSiteID: 4}}}))
	require.NoError(t, err)
	_, err = ec.StrategyAudienceSegments.Create(ctx, &entity.StrategyAudienceSegment{StrategyID: s.ID, AudienceSegmentID: 1, Restriction: entity.RestrictionInclude})
	require.NoError(t, err)
	got, err := ec.Strategies.Get(ctx, s.ID, nil)
	require.NoError(t, err)
	require.Len(t, got.SitePlacements, 1)
	require.Len(t, got.StrategyAudienceSegments, 1)
	assert.Equal(t, int64(1), got.StrategyAudienceSegments[0].AudienceSegmentID)
	assert.True(t, reflect.DeepEqual(got.SitePlacements[0].PublisherSiteID, int64(4)))
}

// An update marked idempotent whose answer is lost after it was applied is
// sent again; the replay meets the version the first send made. The
// result is the applied record, not a conflict.
func TestIdempotentUpdateReplayIsReconciled(t *testing.T) {
	ec, srv := newTestClient(t, adamatest.WithEntities("advertisers", 1))
	ctx := context.Background()
	p, err := ec.Advertisers.List(ctx, &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	require.NotEmpty(t, p.Items)
	id := p.Items[0].ID
	path := "/api/v2.0/advertisers/" + strconv.FormatInt(id, 10)
	adv, err := ec.Advertisers.Get(ctx, id, nil)
	require.NoError(t, err)
	v := adv.Version
	adv.Name = "Renamed once"
	srv.LoseAnswerNext(path, 1)
	out, err := ec.Advertisers.Update(ctx, adv, adama.WithIdempotent())
	require.NoError(t, err)
	assert.Equal(t, "Renamed once", out.Name)
	assert.Equal(t, v+1, out.Version)
	assert.Equal(t, 2, srv.Count("POST "+path), "sent twice, applied once")

	// A real conflict (someone else changed the record) stays a conflict.
	adv2, err := ec.Advertisers.Get(ctx, id, nil)
	require.NoError(t, err)
	require.True(t, srv.Entities().Advertisers().SetRaw(id, "name", "Other user"))
	adv2.Name = "Mine"
	srv.LoseAnswerNext(path, 1)
	_, err = ec.Advertisers.Update(ctx, adv2, adama.WithIdempotent())
	assert.ErrorIs(t, err, adama.ErrConflict)
}
