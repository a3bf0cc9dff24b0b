package targeting_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/adamasdk/adama-go/targeting"
)

func ExampleSiteListService_Reupload() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	first := "news.example\n"
	sl, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{
		OrganizationID: 16, Name: "Blocked", File: strings.NewReader(first), Size: int64(len(first)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Replace the sites, sending the version read; a stale one would be
	// an error matching adama.ErrConflict.
	next := "news.example\nsports.example\nweather.example\n"
	sl, err = tc.SiteLists.Reupload(ctx, sl.ID, &targeting.SiteListUpload{
		Version: sl.Version, FileName: "blocked-v2.csv", File: strings.NewReader(next), Size: int64(len(next)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sl.Name, sl.Version, *sl.FileName, *sl.SitesCount)
	// Output: Blocked 2 blocked-v2.csv 3
}

func ExampleSiteListService_Assignments() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	sites := "news.example\n"
	sl, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{
		OrganizationID: 16, Name: "Blocked", File: strings.NewReader(sites), Size: int64(len(sites)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The fake's state: the list assigned to a campaign and a strategy.
	h := srv.Targeting().SiteListAssignments()
	h.AddRaw(map[string]any{"site_list_id": sl.ID, "entity_id": 71, "associated_campaign_id": 71, "collection": "campaigns", "name": "Spring"})
	h.AddRaw(map[string]any{"site_list_id": sl.ID, "entity_id": 90, "associated_campaign_id": 71, "collection": "strategies", "name": "Retarget"})

	p, err := tc.SiteLists.Assignments(ctx, sl.ID, &targeting.SiteListAssignmentListOptions{Full: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.TotalCount, "assignments")
	for _, a := range p.Items {
		fmt.Println(a.Collection, a.EntityID, a.Name, "in campaign", a.AssociatedCampaignID)
	}
	// Output:
	// 2 assignments
	// campaigns 71 Spring in campaign 71
	// strategies 90 Retarget in campaign 71
}
