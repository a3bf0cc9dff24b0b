package targeting_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func setup() (*targeting.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return targeting.New(c), srv
}

func ExampleNew() {
	tc, srv := setup()
	defer srv.Close()
	tgt, err := tc.Targets.Create(context.Background(), &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tgt.ID, tgt.Name, tgt.DimensionCode, tgt.Version)
	// Output: 1 Bavaria REGN 1
}

func ExampleAttachmentService_Create() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	att, err := tc.Attachments.Create(ctx, &targeting.Attachment{
		TargetID: 8, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(att.ID, att.StrategyID, att.TargetID, att.Restriction, att.Version)

	// Rules are checked before anything is sent, all at once.
	_, err = tc.Attachments.Create(ctx, &targeting.Attachment{TargetID: -1, Restriction: "MAYBE"})
	var ve *adama.ValidationError
	if errors.As(err, &ve) {
		for _, v := range ve.Violations {
			fmt.Println(v.Field+":", v.Rule)
		}
	}
	// Output:
	// 1 332 8 INCLUDE 1
	// target_id: must be between 1 and 2147483647
	// strategy_id: required
	// restriction: one of: INCLUDE, EXCLUDE
	// operator: required
}

func ExampleAttachmentService_List() {
	tc, srv := setup()
	defer srv.Close()
	h := srv.Targeting()
	region := h.Targets().AddRaw(map[string]any{"name": "Bavaria", "dimension_code": "REGN"})
	browser := h.Targets().AddRaw(map[string]any{"name": "Firefox", "dimension_code": "BSER"})
	h.Attachments().AddRaw(map[string]any{"target_id": region, "strategy_id": 5, "restriction": "INCLUDE", "operator": "OR"})
	h.Attachments().AddRaw(map[string]any{"target_id": browser, "strategy_id": 5, "restriction": "EXCLUDE", "operator": "OR"})

	page, err := tc.Attachments.List(context.Background(), &targeting.AttachmentListOptions{
		StrategyID: 5,
		Dimensions: []targeting.Dimension{targeting.DimensionBrowser},
		ListOptions: targeting.ListOptions{
			SortBy: []string{"-id"},
			Q:      qlang.Where("restriction", qlang.Eq, "EXCLUDE"),
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range page.Items {
		fmt.Println(a.ID, a.TargetID, a.Restriction)
	}
	fmt.Println("total:", page.TotalCount)
	// Output:
	// 2 2 EXCLUDE
	// total: 1
}

func ExampleAttachmentService_All() {
	tc, srv := setup()
	defer srv.Close()
	srv.Targeting().AddN(adamatest.TargetingAttachments, 250, map[string]any{"strategy_id": 9})
	n := 0
	for _, err := range tc.Attachments.All(context.Background(), &targeting.AttachmentListOptions{StrategyID: 9}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n++
	}
	fmt.Println(n, "attachments")
	// Output: 250 attachments
}

func ExampleAttachmentService_Modify() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	h := srv.Targeting()
	id := h.Attachments().AddRaw(map[string]any{"target_id": 8, "strategy_id": 5, "restriction": "INCLUDE", "operator": "OR"})

	// An update with a stale version is a conflict.
	read, err := tc.Attachments.Get(ctx, id)
	if err != nil {
		fmt.Println(err)
		return
	}
	h.Attachments().SetRaw(id, "operator", "AND")
	read.OrBetter = adama.Ptr(true)
	_, err = tc.Attachments.Update(ctx, read)
	fmt.Println(errors.Is(err, adama.ErrConflict))

	// Modify reads the current version, applies the change and writes it.
	att, err := tc.Attachments.Modify(ctx, id, func(a *targeting.Attachment) error {
		a.OrBetter = adama.Ptr(true)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*att.OrBetter, att.Operator, att.Version)
	// Output:
	// true
	// true AND 3
}

func ExampleTargetService_Update() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	tgt, err := tc.Targets.Create(ctx, &targeting.Target{Name: "Chrome", DimensionCode: targeting.DimensionBrowser, FactualID: adama.Ptr("f-1")})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Update sends what changed since the read; an empty value is sent on
	// purpose.
	tgt.Name, tgt.FactualID = "Chromium", adama.Ptr("")
	tgt, err = tc.Targets.Update(ctx, tgt)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %q %d\n", tgt.Name, *tgt.FactualID, tgt.Version)
	// Output: Chromium "" 2
}

func ExampleTargetPathService_List() {
	tc, srv := setup()
	defer srv.Close()
	page, err := tc.TargetPaths.List(context.Background(), &targeting.ListOptions{Q: qlang.Search("location")})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range page.Items {
		fmt.Println(p.ID, p.Name)
	}
	// Output:
	// 3 Location
	// 4 Location » Region
}

func ExampleAdvertiserService_List() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	adv, err := tc.Advertisers.Create(ctx, &targeting.Advertiser{
		Name: "Brand", AgencyID: 3, VerticalID: 10, AdServerID: 1, Domain: "https://brand.example",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{With: []targeting.AdvertiserWith{targeting.AdvertiserWithAgency}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range page.Items {
		fmt.Println(a.ID, a.Name, a.Agency.ID)
	}
	hist, err := tc.Advertisers.History(ctx, adv.ID, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hist.Items[0].Action)
	// Output:
	// 1 Brand 3
	// create
}
