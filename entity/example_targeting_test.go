package entity_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

func targetingSetup() (*entity.Client, *adamatest.Server) {
	return setup(
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "Retarget", "campaign_id": 1}),
		adamatest.WithEntity("strategies", map[string]any{"id": 51, "name": "Prospect", "campaign_id": 1}),
		adamatest.WithEntity("deals", map[string]any{"id": 11, "name": "Sports PMP"}),
		adamatest.WithEntity("deals", map[string]any{"id": 12, "name": "News PMP"}),
	)
}

func ExampleClient_SetStrategyDeals() {
	ec, srv := targetingSetup()
	defer srv.Close()
	ctx := context.Background()
	_, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{AllPMP: adama.BoolPtr(false), DealIDs: []int64{11, 12}})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := ec.StrategyDeals(ctx, 50)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range s.Deals {
		fmt.Println(s.Name, "targets deal", d.ID)
	}
	// Output:
	// Retarget targets deal 11
	// Retarget targets deal 12
}

func ExampleClient_SetStrategyDomainRestrictions() {
	ec, srv := targetingSetup()
	defer srv.Close()
	ctx := context.Background()
	err := ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{
		{Domain: "news.example", Restriction: entity.RestrictionInclude},
		{Domain: "spam.example", Restriction: entity.RestrictionExclude},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := ec.StrategyDomainRestrictions.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("strategy", 50), SortBy: []string{"domain"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range p.Items {
		fmt.Println(d.Domain, d.Restriction)
	}
	// Output:
	// news.example INCLUDE
	// spam.example EXCLUDE
}

func ExampleClient_SetStrategyAudienceSegments() {
	ec, srv := targetingSetup()
	defer srv.Close()
	ctx := context.Background()
	err := ec.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{
		IncludeOp: entity.SetOpOr,
		Segments: []entity.AudienceTarget{
			{ID: 1, Restriction: entity.RestrictionInclude},
			{ID: 2, Restriction: entity.RestrictionExclude},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := ec.StrategyAudienceSegments.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("strategy", 50), SortBy: []string{"audience_segment_id"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Items {
		fmt.Println("segment", s.AudienceSegmentID, s.Restriction)
	}
	// Output:
	// segment 1 INCLUDE
	// segment 2 EXCLUDE
}

func ExampleClient_BulkUpdateStrategies() {
	ec, srv := targetingSetup()
	defer srv.Close()
	got, err := ec.BulkUpdateStrategies(context.Background(), []entity.StrategyBulkItem{
		{ID: 50, Fields: map[string]any{"status": true, "pixel_target_exrp_targeting_operator": "OR"}},
		{ID: 51, Fields: map[string]any{"status": true}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range got {
		fmt.Println(s.ID, s.Name, "on:", *s.Status, "version", s.Version)
	}
	// Output:
	// 50 Retarget on: true version 1
	// 51 Prospect on: true version 1
}

func ExampleClient_UploadSiteList() {
	ec, srv := setup(adamatest.WithEntity("strategies", map[string]any{"id": 80, "name": "Retarget", "campaign_id": 1}))
	defer srv.Close()
	ctx := context.Background()
	sl, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{
		OrganizationID: 1, Name: "Blocked", Restriction: entity.SiteListRestrictionExclude,
		FileName: "blocked.txt", Content: []byte("spam.example\nbad.example\n"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sl.Name, sl.Filename, *sl.SitesCount, "sites")
	lists, err := ec.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: sl.ID, Assigned: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range lists.Items {
		fmt.Println("strategy 80 has site list", l.Name)
	}
	p, err := ec.SiteListAssignments(ctx, sl.ID, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range p.Items {
		fmt.Println("assigned to", a.Collection, a.EntityID, a.Name)
	}
	// Output:
	// Blocked blocked.txt 2 sites
	// strategy 80 has site list Blocked
	// assigned to strategy 80 Retarget
}
