package entity_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
)

func setup(opts ...adamatest.Option) (*entity.Client, *adamatest.Server) {
	srv := adamatest.NewServer(opts...)
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return entity.New(c), srv
}

func ExampleService_Create() {
	ec, srv := setup()
	defer srv.Close()
	adv, err := ec.Advertisers.Create(context.Background(), &entity.Advertiser{
		Common:   entity.Common{Name: "Brand"},
		AgencyID: 1, AdServerID: 1, Domain: "https://brand.example", VerticalID: 3,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(adv.ID, adv.Name, adv.Version)
	// Output: 1 Brand 0
}

func ExampleService_Create_validation() {
	ec, srv := setup()
	defer srv.Close()
	_, err := ec.Strategies.Create(context.Background(), &entity.Strategy{
		Common:            entity.Common{Name: "S"},
		CampaignID:        1,
		Type:              entity.StrategyTypeGBO,
		GoalType:          entity.GoalTypeSpend,
		GoalValue:         adama.MustMoney("USD", "1"),
		Budget:            adama.MustMoney("USD", "100"),
		MaxBid:            adama.MustMoney("USD", "5"),
		PacingAmount:      adama.MustMoney("USD", "10"),
		UseCampaignEnd:    adama.BoolPtr(true),
		BidAggressiveness: adama.Ptr(150),
	})
	fmt.Println(errors.Is(err, adama.ErrValidation))
	fmt.Println(err)
	// Output:
	// true
	// adama: invalid request: bid_aggressiveness: must be between 0 and 100 (got 150)
}

func ExampleService_Get() {
	ec, srv := setup()
	defer srv.Close()
	ag, err := ec.Agencies.Get(context.Background(), 1, &entity.GetOptions{With: []string{"organization"}, Full: []string{"*"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ag.Name, "/", ag.Organization.Name, ag.Organization.CurrencyCode)
	// Output: Acme Direct / Acme Media Holdings USD
}

func ExampleService_List() {
	ec, srv := setup()
	defer srv.Close()
	page, err := ec.Verticals.List(context.Background(), &entity.ListOptions{
		Q:         qlang.Where("name", qlang.Like, "*ing*"),
		SortBy:    []string{"-name"},
		PageLimit: 3,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Count, page.Offset, page.TotalCount)
	for _, v := range page.Items {
		fmt.Println(v.ID, v.Name)
	}
	// Output:
	// 3 0 4
	// 28 Video Gaming
	// 25 Technology and Computing
	// 22 Shopping
}

func ExampleService_All() {
	ec, srv := setup(adamatest.WithEntities("campaigns", 250))
	defer srv.Close()
	n := 0
	for c, err := range ec.Campaigns.All(context.Background(), &entity.ListOptions{Prefetch: 2}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n++
		_ = c
	}
	fmt.Println(n, srv.Count("GET /api/v2.0/campaigns"))
	// Output: 250 3
}

func ExampleService_Update() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	ag, _ := ec.Agencies.Get(ctx, 2, nil)
	ag.AllowXAdvOptimization = adama.BoolPtr(false) // false is sent
	ag.Logo = "logo.png"
	ag, err := ec.Agencies.Update(ctx, ag)
	if err != nil {
		fmt.Println(err)
		return
	}
	reqs := srv.Requests() // what the update sent: the changed fields and the version
	fmt.Println(string(reqs[len(reqs)-1].Body))
	fmt.Println(ag.Version, ag.Logo, *ag.AllowXAdvOptimization)
	// Output:
	// allow_x_adv_optimization=0&logo=logo.png&version=0
	// 1 logo.png false
}

func ExampleService_Modify() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	stale, _ := ec.Agencies.Get(ctx, 1, nil)
	srv.Entities().Agencies().SetRaw(1, "logo", "someone-else.png") // another user writes
	stale.Logo = "mine.png"
	_, err := ec.Agencies.Update(ctx, stale)
	fmt.Println(errors.Is(err, adama.ErrConflict))

	ag, err := ec.Agencies.Modify(ctx, 1, func(a *entity.Agency) error {
		a.Logo = "mine.png"
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ag.Logo, ag.Version)
	// Output:
	// true
	// mine.png 2
}

func ExampleService_History() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	ag, _ := ec.Agencies.Create(ctx, &entity.Agency{Common: entity.Common{Name: "New"}, OrganizationID: 1})
	_, _ = ec.Agencies.Modify(ctx, ag.ID, func(a *entity.Agency) error { a.Logo = "new.png"; return nil })
	h, err := ec.Agencies.History(ctx, ag.ID)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range h {
		fmt.Println(e.Action, e.FieldName, e.NewValue, e.EntityVersion)
	}
	// Output:
	// create   0
	// update logo new.png 1
}

func ExampleService_FastFields() {
	ec, srv := setup()
	defer srv.Close()
	fmt.Println(ec.Campaigns.FastFields())
	// Output: [id end_date start_date status total_budget]
}

func ExampleClient_Session() {
	ec, srv := setup()
	defer srv.Close()
	s, err := ec.Session(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.ID, s.Name, s.EntityType, s.Expires != nil)
	// Output: 1 test.user user true
}

func ExampleParsePixelTargetExpr() {
	e, err := entity.ParsePixelTargetExpr("([1] and [2]) and not ([3] or [4])")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Include, e.IncludeOp, e.Exclude, e.ExcludeOp)
	fmt.Println(e)
	_, err = entity.ParsePixelTargetExpr("( [1] AND [2] OR [3] )")
	fmt.Println(err)
	// Output:
	// [1 2] AND [3 4] OR
	// ( [1] AND [2] ) AND NOT ( [3] OR [4] )
	// adama: invalid request: pixel_target_expr: the conditional among included pixels must be the same
}

// Example_collections touches every collection service once.
func Example_collections() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	day := func(d int) *adama.Time { return adama.TimePtr(time.Date(2026, 5, d, 0, 0, 0, 0, time.UTC)) }
	adv, _ := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "A"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 1})
	usd := func(v string) adama.Money { return adama.MustMoney("USD", v) }
	camp, _ := ec.Campaigns.Create(ctx, &entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: adv.ID, AdServerID: adama.Ptr[int64](1),
		StartDate: day(1), EndDate: day(31), GoalType: entity.GoalTypeSpend, GoalValue: usd("1"), ServiceType: entity.ServiceTypeSelf,
		TotalBudget: usd("1000"), UseSvcFreq: adama.BoolPtr(false)})
	st, _ := ec.Strategies.Create(ctx, &entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: camp.ID, UseCampaignEnd: adama.BoolPtr(true),
		Type: entity.StrategyTypeGBO, GoalType: entity.GoalTypeSpend, GoalValue: usd("1"), Budget: usd("100"), MaxBid: usd("5"), PacingAmount: usd("10")})
	_, _ = ec.BudgetFlights.Create(ctx, &entity.BudgetFlight{CampaignID: camp.ID, StartDate: day(1), EndDate: day(31), TotalBudget: adama.MustMoney("USD", "100")})
	_, _ = ec.StrategyDayParts.Create(ctx, &entity.StrategyDayPart{StrategyID: st.ID, StartHour: adama.Ptr(8), EndHour: adama.Ptr(20)})
	_, _ = ec.StrategyAudienceSegments.Create(ctx, &entity.StrategyAudienceSegment{StrategyID: st.ID, AudienceSegmentID: 1, Restriction: entity.RestrictionInclude})
	_, _ = ec.StrategyDomainRestrictions.Create(ctx, &entity.StrategyDomainRestriction{StrategyID: st.ID, Domain: "x.example", Restriction: entity.RestrictionExclude})
	_, _ = ec.SiteLists.Create(ctx, &entity.SiteList{Common: entity.Common{Name: "L"}, OrganizationID: adama.Ptr[int64](1)})
	_, _ = ec.PixelBundles.Create(ctx, &entity.PixelBundle{Common: entity.Common{Name: "P"}, AdvertiserID: &adv.ID, PixelType: entity.PixelTypeEvent, TagType: entity.PixelTagTypeImage, CurrencyFixed: "USD"})
	_, _ = ec.Concepts.Create(ctx, &entity.Concept{Common: entity.Common{Name: "K"}, AdvertiserID: adv.ID})
	_, _ = ec.AtomicCreatives.Create(ctx, &entity.AtomicCreative{AdServerType: entity.AdServerTypePlatform, AdvertiserID: adv.ID, ExternalIdentifier: "e", FileType: entity.FileTypePNG, Width: 1, Height: 1, Tag: "t", TagType: entity.CreativeTagTypeImg, TpasAdTagName: "n"})
	_, _ = ec.CreativeApprovals.Create(ctx, &entity.CreativeApproval{AtomicCreativeID: 1, SupplySourceID: 1})
	total := func(p int, err error) int {
		if err != nil {
			return -1
		}
		return p
	}
	count := func(name string, f func() (int, error)) { fmt.Println(name, total(f())) }
	count("organizations", func() (int, error) { p, err := ec.Organizations.List(ctx, nil); return p.TotalCount, err })
	count("agencies", func() (int, error) { p, err := ec.Agencies.List(ctx, nil); return p.TotalCount, err })
	count("advertisers", func() (int, error) { p, err := ec.Advertisers.List(ctx, nil); return p.TotalCount, err })
	count("campaigns", func() (int, error) { p, err := ec.Campaigns.List(ctx, nil); return p.TotalCount, err })
	count("strategies", func() (int, error) { p, err := ec.Strategies.List(ctx, nil); return p.TotalCount, err })
	count("users", func() (int, error) { p, err := ec.Users.List(ctx, nil); return p.TotalCount, err })
	count("verticals", func() (int, error) { p, err := ec.Verticals.List(ctx, nil); return p.TotalCount, err })
	count("contacts", func() (int, error) { p, err := ec.Contacts.List(ctx, nil); return p.TotalCount, err })
	count("ad_servers", func() (int, error) { p, err := ec.AdServers.List(ctx, nil); return p.TotalCount, err })
	count("audience_segments", func() (int, error) { p, err := ec.AudienceSegments.List(ctx, nil); return p.TotalCount, err })
	count("budget_flights", func() (int, error) { p, err := ec.BudgetFlights.List(ctx, nil); return p.TotalCount, err })
	count("strategy_day_parts", func() (int, error) { p, err := ec.StrategyDayParts.List(ctx, nil); return p.TotalCount, err })
	count("strategy_audience_segments", func() (int, error) { p, err := ec.StrategyAudienceSegments.List(ctx, nil); return p.TotalCount, err })
	count("strategy_domain_restrictions", func() (int, error) { p, err := ec.StrategyDomainRestrictions.List(ctx, nil); return p.TotalCount, err })
	count("site_lists", func() (int, error) { p, err := ec.SiteLists.List(ctx, nil); return p.TotalCount, err })
	count("pixel_bundles", func() (int, error) { p, err := ec.PixelBundles.List(ctx, nil); return p.TotalCount, err })
	count("concepts", func() (int, error) { p, err := ec.Concepts.List(ctx, nil); return p.TotalCount, err })
	count("atomic_creatives", func() (int, error) { p, err := ec.AtomicCreatives.List(ctx, nil); return p.TotalCount, err })
	count("creative_approvals", func() (int, error) { p, err := ec.CreativeApprovals.List(ctx, nil); return p.TotalCount, err })
	// Output:
	// organizations 3
	// agencies 2
	// advertisers 1
	// campaigns 1
	// strategies 1
	// users 1
	// verticals 34
	// contacts 2
	// ad_servers 10
	// audience_segments 5
	// budget_flights 1
	// strategy_day_parts 1
	// strategy_audience_segments 1
	// strategy_domain_restrictions 1
	// site_lists 1
	// pixel_bundles 1
	// concepts 1
	// atomic_creatives 1
	// creative_approvals 1
}
