package entity_test

import (
	"context"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

// ExampleClient_siteLists creates a site list on its platform path and
// lists the organization's lists.
func ExampleClient_siteLists() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	sl, err := ec.SiteLists.Create(ctx, &entity.SiteList{Common: entity.Common{Name: "Blocked news"},
		OrganizationID: adama.Ptr[int64](1), Restriction: entity.SiteListRestrictionExclude})
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := ec.SiteLists.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("organization", 1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sl.Name, sl.Restriction, page.TotalCount)
	// Output:
	// Blocked news EXCLUDE 1
}

// ExampleClient_deals creates a deal in group A's view, after the checks of
// spec 8 pass.
func ExampleClient_deals() {
	ec, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	adv, _ := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "A"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 1})
	start := adama.TimePtr(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	end := adama.TimePtr(time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC))
	d, err := ec.Deals.Create(ctx, &entity.Deal{Common: entity.Common{Name: "Summer PMP"}, AdvertiserID: &adv.ID,
		PublisherID: adama.Ptr[int64](1), SupplySourceID: adama.Ptr[int64](1), StartDatetime: start, EndDatetime: end,
		DealIdentifier: "pmp-summer", MediaType: entity.DealMediaTypeDisplay, Price: adama.MustMoney("USD", "3.10"),
		PriceMethod: entity.DealPriceMethodCPM, PriceType: entity.DealPriceTypeFloor, Status: adama.BoolPtr(true)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Name, d.DealIdentifier, d.PriceType, d.Price)
	// Output:
	// Summer PMP pmp-summer FLOOR 3.1
}
