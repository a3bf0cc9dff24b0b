package targeting_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// The read-only lists: the fake platform starts with a few records in each,
// and the handles of adamatest add more.

func ExampleAdServerService_List() {
	tc, srv := setup()
	defer srv.Close()
	// Without full the list answers id, name and entity_type.
	page, err := tc.AdServers.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range page.Items {
		fmt.Println(a.ID, a.Name, a.EntityType)
	}
	// Output:
	// 1 adama ad_server
	// 2 cloud1 ad_server
}

func ExampleCurrencyRateService_All() {
	tc, srv := setup()
	defer srv.Close()
	for r, err := range tc.CurrencyRates.All(context.Background(), &targeting.LookupListOptions{Full: true}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		// Rates are exact decimals.
		fmt.Println(r.CurrencyCode, r.Rate, r.Date.Format("2006-01-02"))
	}
	// Output:
	// USD 1 2026-01-01
	// EUR 0.92 2026-01-01
}

func ExampleTimezoneService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.Timezones.List(context.Background(), &targeting.TimezoneListOptions{Full: true, SortBy: "-name"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, z := range page.Items {
		desc := "(none)"
		if z.Description != nil {
			desc = *z.Description
		}
		fmt.Println(z.ZoneName, z.DisplayName, desc)
	}
	// Output:
	// UTC UTC (none)
	// America/New_York Eastern Time US Eastern
}

func ExampleVerticalService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.Verticals.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range page.Items {
		fmt.Println(v.ID, v.Name)
	}
	// Output:
	// 1 Automotive
	// 2 Retail
	// 3 Travel
}

func ExamplePixelProviderService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.PixelProviders.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range page.Items {
		fmt.Println(p.Name, p.ExecutionBy, p.VendorID, p.ProviderTax)
	}
	// Output: cloud1 pixels SVC 1 0
}

func ExampleVendorContractService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.VendorContracts.List(context.Background(), &targeting.ListOptions{PageLimit: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range page.Items {
		fmt.Println(c.VendorID, *c.UseMMContract, c.Price, c.RateCardType)
	}
	// Output: 1 true 0.5 CPM
}

func ExampleSupplySourceService_Get() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	id := srv.Targeting().SupplySources().AddRaw(map[string]any{"name": "p1 video", "supply_type": "exchange", "code": "P1V",
		"rtb_enabled": true, "has_video": true, "mkt_sell_price": "2.10", "mkt_sell_price_currency_code": "EUR"})
	// The list answers id and name; Get every property.
	page, err := tc.SupplySources.List(ctx, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(page.Items), page.Items[len(page.Items)-1].Name)
	ss, err := tc.SupplySources.Get(ctx, id)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ss.ID, ss.Code, *ss.HasVideo, ss.MktSellPrice, *ss.MktSellPriceCurrencyCode)
	// Output:
	// 3 p1 video
	// 3 P1V true 2.1 EUR
}

func ExampleRoleService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.Roles.List(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range page.Items[:3] {
		fmt.Println(r.ID, r.Name, "excludes", r.MustExclude)
	}
	// Output:
	// 2 admin excludes [3 4]
	// 3 manager excludes [2 4]
	// 4 reporter excludes [2 3]
}

func ExampleTargetValueService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.TargetValues.List(context.Background(), &targeting.TargetValueListOptions{Name: "bav"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range page.Items {
		fmt.Println(v.DimensionCode, v.Value, v.Name, *v.IsTargetable)
	}
	// Output: REGN 101 Bavaria true
}

func ExampleHealthService_Check() {
	tc, srv := setup()
	defer srv.Close()
	h, err := tc.Health.Check(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.BuildVersion, *h.DatabaseConnection, h.NodeConns.Idle, h.NodeMaxConns)
	// Output: 3.0.1807 true 4 10
}

func ExampleCreativeTagService_Get() {
	tc, srv := setup()
	defer srv.Close()
	tag, err := tc.CreativeTags.Get(context.Background(), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tag.AtomicCreativeID, tag.TagType)
	fmt.Println(tag.Tag)
	// Output:
	// 1 SCRIPT
	// <script src="https://ads.example/1.js"></script>
}

func ExampleContextualSegmentService_EstimateCPM() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	page, err := tc.ContextualSegments.List(ctx, &targeting.ContextualSegmentListOptions{Full: true, CurrencyCode: "USD"})
	if err != nil {
		fmt.Println(err)
		return
	}
	seg := page.Items[0]
	fmt.Println(seg.ID, seg.Name, seg.CPM, seg.SegmentObjectiveName)
	est, err := tc.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{
		CurrencyCode: "USD",
		Include: []targeting.ContextualSegmentsGroup{{Operator: targeting.SegmentOperatorAnd,
			Segments: []targeting.ContextualSegmentPrice{{TargetingSegmentID: seg.ID}}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(est.CPM.CurrencyCode, est.CPM.Value)
	// Output:
	// 5678 My Audience Group 0.5 Custom
	// USD 0.5
}

func ExampleTargetingSegmentObjectiveService_Get() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	// The list answers id and name; Get the objective and its version.
	for o, err := range tc.TargetingSegmentObjectives.All(ctx, nil) {
		if err != nil {
			fmt.Println(err)
			return
		}
		obj, err := tc.TargetingSegmentObjectives.Get(ctx, o.ID)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(o.ID, o.Name, obj.Objective, obj.Version)
	}
	_, err := tc.TargetingSegmentObjectives.Get(ctx, 99)
	fmt.Println(errors.Is(err, adama.ErrNotFound))
	// Output:
	// 1 Custom Custom 1
	// true
}
