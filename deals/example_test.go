package deals_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/deals"
)

func setup() (*deals.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return deals.New(c), srv
}

func exampleDeal(ident string) *deals.Deal {
	return &deals.Deal{
		Name:           "Premium video " + ident,
		Owner:          deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100315},
		Permissions:    &deals.Permissions{OrganizationIDs: []int64{100315}},
		Price:          deals.MustPrice("USD", "4.25"),
		SupplySourceID: 246,
		DealIdentifier: ident,
		PriceType:      deals.PriceTypeFloor,
	}
}

func ExampleDealService_Create() {
	dc, srv := setup()
	defer srv.Close()
	d, err := dc.Deals.Create(context.Background(), exampleDeal("PV-1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Name, d.Price, d.Owner)
	// Output: Premium video PV-1 4.25 USD ORGANIZATION 100315
}

func ExampleDealService_Update() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	made, _ := dc.Deals.Create(ctx, exampleDeal("PV-2"))
	d, _ := dc.Deals.Get(ctx, made.ID)
	d.Price = deals.MustPrice("USD", "5")
	fmt.Println(d.Changes())
	up, err := dc.Deals.Update(ctx, d)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(up.Price)
	// Output:
	// [price]
	// 5 USD
}

func ExampleDealService_List() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	for _, id := range []string{"B", "A"} {
		_, _ = dc.Deals.Create(ctx, exampleDeal(id))
	}
	p, err := dc.Deals.List(ctx, &deals.ListOptions{OwnerOrganizationID: 100315, SortBy: deals.DealSortDealIdentifier})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range p.Items {
		fmt.Println(d.DealIdentifier)
	}
	_, err = dc.Deals.List(ctx, &deals.ListOptions{})
	fmt.Println(err)
	// Output:
	// A
	// B
	// adama: invalid request: owner.organization_id: required unless ids is given
}

func ExampleDealGroupService_Create() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	d, _ := dc.Deals.Create(ctx, exampleDeal("G-1"))
	g := &deals.DealGroup{Name: "Video", Owner: d.Owner, DealIDs: []int64{d.ID}}
	if err := dc.DealGroups.CheckOwners(ctx, dc.Deals, g); err != nil {
		fmt.Println(err)
		return
	}
	made, err := dc.DealGroups.Create(ctx, g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(made.Name, len(made.DealIDs))
	// Output: Video 1
}

func ExamplePublisherService_Create() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	p, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 100315, Name: "Daily News"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Name, p.OrganizationID)
	_, err = dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 100315, Name: "A name far too long for a publisher"})
	fmt.Println(err)
	// Output:
	// Daily News 100315
	// adama: invalid request: name: max length 20, has 35 (got A name far too long for a publisher)
}

func ExampleChannelService_List() {
	dc, srv := setup()
	defer srv.Close()
	p, err := dc.Channels.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range p.Items[:3] {
		fmt.Println(c.ID, c.Name)
	}
	// Output:
	// 1 Display
	// 2 Mobile Web
	// 3 Mobile In-app
}

func ExampleDealService_BulkUpdate() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	var read []*deals.Deal
	for _, id := range []string{"K-1", "K-2", "K-3"} {
		d, _ := dc.Deals.Create(ctx, exampleDeal(id))
		read = append(read, d)
	}
	for _, d := range read {
		d.Price = deals.MustPrice("USD", "6.10")
	}
	read[2].Price = deals.MustPrice("USD", "99999999") // above the maximum
	res, err := dc.Deals.BulkUpdate(ctx, read)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range res.Items {
		if it.OK() {
			fmt.Println(it.Index, "updated:", it.Deal.Price)
		} else {
			fmt.Println(it.Index, "failed:", it.Err)
		}
	}
	// Output:
	// 0 updated: 6.1 USD
	// 1 updated: 6.1 USD
	// 2 failed: adama: invalid request: price.value: at most 9999999.9999 (got 99999999)
}

func ExampleAnalyticsService_List() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	_, _ = dc.Deals.Create(ctx, exampleDeal("AN-1"))
	p, err := dc.Analytics.List(ctx, &deals.AnalyticsQuery{OrganizationID: 100315, TimeWindow: deals.TimeWindowLast7Days,
		Sorting: []deals.Sort{{Field: "impressions", Dir: deals.SortDirDesc}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(p.Items), p.Items[0].Deal.DealIdentifier, p.Items[0].Performance.TotalSpend.CurrencyCode)
	_, err = dc.Analytics.List(ctx, &deals.AnalyticsQuery{OrganizationID: 100315})
	fmt.Println(err)
	// Output:
	// 1 AN-1 USD
	// adama: invalid request: reporting.time_window: time_window or start_date and end_date is required
}

func ExampleDealService_Strategies() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	d, _ := dc.Deals.Create(ctx, exampleDeal("ST-1"))
	srv.Deals().LinkStrategy(d.ID, 4321)
	p, err := dc.Deals.Strategies(ctx, d.ID, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedStrategy}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Items[0].StrategyID, p.Items[0].Strategy.Name)
	// Output: 4321 Strategy 4321
}

func ExampleDealService_Modify() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	d, err := dc.Deals.Create(ctx, exampleDeal("MO-1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	up, err := dc.Deals.Modify(ctx, d.ID, func(d *deals.Deal) error {
		d.Price = deals.MustPrice("USD", "2.25")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(up.DealIdentifier, up.Price)
	// Output: MO-1 2.25 USD
}
