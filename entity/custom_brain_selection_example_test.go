package entity_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

func ExampleClient_SetCampaignCustomBrainSelections() {
	ec, srv := setup(adamatest.WithEntity("campaigns", map[string]any{"id": 7, "name": "Spring", "advertiser_id": 1}))
	defer srv.Close()
	ctx := context.Background()

	cur, err := ec.CampaignCustomBrainSelections(ctx, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	sels := append(cur.Selections(), entity.BrainSelection{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget})
	out, err := ec.SetCampaignCustomBrainSelections(ctx, 7, cur.Version, sels)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range out.CustomBrainSelections {
		fmt.Println(out.ID, out.Version, s.SelectionID, s.SelectionType, bool(*s.Active))
	}

	_, err = ec.SetCampaignCustomBrainSelections(ctx, 7, out.Version, []entity.BrainSelection{{SelectionID: 5, SelectionType: "segment"}})
	fmt.Println(err)
	// Output:
	// 7 1 23 Audience Target true
	// adama: invalid request: custom_brain_selections[0].selection_type: one of: Audience Target, Data Pixel, Event Pixel, Segment, Dynamic (got segment)
}

func ExampleClient_CopyCampaign() {
	ec, srv := setup(adamatest.WithEntity("campaigns", map[string]any{"id": 7, "name": "Spring", "advertiser_id": 1}))
	defer srv.Close()
	ctx := context.Background()
	if _, err := ec.SetCampaignCustomBrainSelections(ctx, 7, 0, []entity.BrainSelection{{SelectionID: 45, SelectionType: entity.SelectionTypeEventPixel}}); err != nil {
		fmt.Println(err)
		return
	}
	cp, err := ec.CopyCampaign(ctx, 7, &entity.CampaignCopy{Name: "Summer", Status: adama.Ptr(true), CopyAudienceInBrain: adama.Ptr(true)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cp.ID, cp.Name, len(cp.CustomBrainSelections), cp.CustomBrainSelections[0].SelectionType)
	// Output: 8 Summer 1 Event Pixel
}
