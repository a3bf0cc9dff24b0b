package entity_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// A delete reads the record's version first unless the caller gives the
// version it read; a record changed since is not deleted.
func ExampleDeletableService_Delete() {
	srv := adamatest.NewServer(adamatest.WithEntity("strategy_concepts", map[string]any{"id": 4410, "name": "Holiday", "strategy_id": 1, "concept_id": 1}))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	ec := entity.New(c)
	ctx := context.Background()

	sc, _ := ec.StrategyConcepts.Get(ctx, 4410, nil)
	srv.Entities().StrategyConcepts().SetRaw(4410, "name", "changed by someone else")
	err = ec.StrategyConcepts.Delete(ctx, sc.ID, &entity.DeleteOptions{Version: adama.Ptr(sc.Version)})
	fmt.Println("stale:", errors.Is(err, adama.ErrConflict))

	err = ec.StrategyConcepts.Delete(ctx, sc.ID, nil) // the current version
	fmt.Println("deleted:", err == nil)
	_, err = ec.StrategyConcepts.Get(ctx, sc.ID, nil)
	fmt.Println("gone:", errors.Is(err, adama.ErrNotFound))
	// Output:
	// stale: true
	// deleted: true
	// gone: true
}

// A campaign's budget flight is deleted under the campaign's path.
func ExampleSubDeletableService_Delete() {
	srv := adamatest.NewServer(adamatest.WithEntity("budget_flights", map[string]any{"id": 55, "campaign_id": 7701, "version": 2}))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	ec := entity.New(c)
	err = ec.BudgetFlights.Delete(context.Background(), 7701, 55, &entity.DeleteOptions{Version: adama.Ptr(2)})
	fmt.Println(err, srv.Entities().BudgetFlights().Count())
	// Output: <nil> 0
}

// A contract's fees: money per currency, percentages exact, units typed.
func ExampleContract() {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	ec := entity.New(c)
	k, err := ec.Contracts.Create(context.Background(), &entity.Contract{
		OrganizationID: 1, CurrencyCode: "USD", EffectiveStartDate: &adama.Time{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		EffectiveEndDate:   &adama.Time{Time: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)},
		PlatformMonthlyMin: adama.Ptr[int64](5000), ExcludeAgencyMargin: adama.BoolPtr(false),
		ProfitShareFeePct: adama.Ptr(adama.MustDecimal("12.5")),
		P1ASFeeCPM:        adama.MustMoney("USD", "0.05"), P1VadsFeeCPM: adama.MustMoney("USD", "0.25"),
		P1HTML5FeeCPM: adama.MustMoney("USD", "0.05"), StandardSegmentCPM: adama.MustMoney("USD", "0.1"),
		AdaptiveSegmentCPM:    adama.MustMoney("USD", "0"),
		PlatformAccessFeeUnit: entity.FeeUnitPctTotalCost, PlatformAccessFeePct: adama.Ptr(adama.MustDecimal("8.25")),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fee, _ := k.P1ASFeeCPM.Get("USD")
	fmt.Println(k.ID, k.PlatformAccessFeeUnit, k.PlatformAccessFeePct, fee)
	// Output: 1 PCT_TOTAL_COST 8.25 0.05
}

// A campaign's custom brain selections in the v2.0 form: added one at a
// time or in bulk, answered as selection records, deleted one at a time.
func ExampleClient_BulkAddCampaignCustomBrainSelections() {
	srv := adamatest.NewServer(adamatest.WithEntity("campaigns", map[string]any{"id": 7701, "name": "Holiday push"}))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	ec := entity.New(c)
	ctx := context.Background()
	sels, err := ec.BulkAddCampaignCustomBrainSelections(ctx, 7701, []entity.BrainSelection{
		{SelectionID: 45, SelectionType: entity.SelectionTypeDynamic},
		{SelectionID: 3302, SelectionType: entity.SelectionTypeEventPixel},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sels {
		fmt.Println(s.ID, s.SelectionID, s.SelectionType)
	}
	err = ec.DeleteCampaignCustomBrainSelection(ctx, 7701, sels[0].ID, nil)
	camp, _ := ec.CampaignCustomBrainSelections(ctx, 7701)
	fmt.Println(err, len(camp.CustomBrainSelections))
	// Output:
	// 1 45 Dynamic
	// 2 3302 Event Pixel
	// <nil> 1
}

// Daily margins and site-list domains are answered with an
// acknowledgement only.
func ExampleClient_SetCampaignMargins() {
	srv := adamatest.NewServer(adamatest.WithEntity("campaigns", map[string]any{"id": 7701, "name": "Holiday push"}),
		adamatest.WithEntity("site_lists", map[string]any{"id": 2101, "name": "Blocked", "organization_id": 1}))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	ec := entity.New(c)
	ctx := context.Background()
	err = ec.SetCampaignMargins(ctx, 7701, []entity.CampaignMargin{
		{Date: adama.Time{Time: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}, MarginPct: adama.MustDecimal("12.5")},
	})
	fmt.Println(err)
	err = ec.AddSiteListDomains(ctx, 2101, []string{"a.example", "b.example"})
	sl, _ := ec.SiteLists.Get(ctx, 2101, nil)
	fmt.Println(err, *sl.SitesCount)
	// Output:
	// <nil>
	// <nil> 2
}
