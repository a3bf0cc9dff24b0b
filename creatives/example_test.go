package creatives_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
)

// setup starts a fake platform and returns the group's client.
func setup() (*creatives.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return creatives.New(c), srv
}

// Create a video creative and upload its file in one call, then wait for
// the encoding.
func ExampleVideoService() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()

	file := strings.NewReader("...video bytes...")
	res, err := cc.Videos.CreateAndUpload(ctx, &creatives.NewVideoCreative{
		Advertiser: 7, Name: "Spring spot", Concept: 11,
		ClickthroughURL: "https://example.com/spring", FileName: "spring.mp4",
	}, file, file.Size(), creatives.UploadOptions{
		Progress: func(sent, total int64) {
			if sent == total {
				fmt.Println("uploaded", sent, "bytes")
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := cc.Videos.WaitEncoded(ctx, res.CreativeID, creatives.WaitOptions{Interval: time.Millisecond})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Details.Name, v.Status, v.Percent)

	// Read, change, save: Update sends the new name and clears the
	// landing URL, leaving everything else alone.
	v.Details.Name, v.Details.LandingURL = "Spring spot (final)", ""
	v, err = cc.Videos.Update(ctx, v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Details.Name)
	// Output:
	// uploaded 17 bytes
	// Spring spot Finished 100
	// Spring spot (final)
}

func ExampleCompanionService() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	id := srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{"advertiser": 7, "name": "Spot", "concept": 11, "clickthroughUrl": "https://example.com"}})

	comp, err := cc.Companions.Create(ctx, id, &creatives.Companion{
		Details: creatives.CompanionDetails{AdServer: "adama", Typ: creatives.CompanionTypeStatic, Width: 300, Height: 250,
			LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"},
		ResourceData: "data:image/png;base64,iVBORw0KGgo=",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	list, _ := cc.Companions.List(ctx, id, nil)
	fmt.Println(len(list.Items), list.Items[0].ID == comp.ID, list.Items[0].MimeType)
	// Output: 1 true image/png
}

func ExampleClassificationService() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	inf, err := cc.Classifications.Save(ctx, 42, &creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{215}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(inf.Language.Name, inf.Verticals[0].Code, inf.Attributes[0].Name)
	recs, _ := cc.Classifications.BulkGet(ctx, []int64{42, 43})
	fmt.Println(len(recs), recs[0].Details.Verticals)
	// Output:
	// English IAB14-1 Windows Dialog or Alert Style
	// 1 [215]
}

func ExampleStaticDataService() {
	cc, srv := setup()
	defer srv.Close()
	items, err := cc.StaticData.List(context.Background(), creatives.CategoryIABVerticals, &creatives.StaticDataOptions{Key: "coupon"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range items.Items {
		fmt.Println(it.ID, it.Code, it.Description)
	}
	// Output: 365 IAB22-2 Couponing
}

func ExampleVideoService_VASTV2() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	id := srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{"advertiser": 7, "name": "Spot", "concept": 11, "clickthroughUrl": "https://example.com"}})
	//lint:ignore SA1019 the example shows the deprecated v2.0 interface.
	vast, err := cc.Videos.VASTV2(ctx, id)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(string(vast), "<?xml"), strings.Contains(string(vast), "<AdTitle>Spot</AdTitle>"))
	// Output: true true
}

func ExampleComponentCreativeService() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	c, err := cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{
		ConceptID: "77", CreativeName: "Native", Status: true, NewAssets: creatives.ReplaceAssets(creatives.TextAsset(7, "Hello")),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Add an image and keep the title.
	c, err = cc.ComponentCreatives.AddAssets(ctx, c.AtomicCreativeID, []creatives.AssetInput{creatives.ImageAsset("logo.png", []byte("png"))})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range c.Assets {
		fmt.Println(a.AssetType, a.ComponentHumanName)
	}
	// Output:
	// text Title
	// image Image
}

func ExampleComponentService() {
	cc, srv := setup()
	defer srv.Close()
	comp, err := cc.Components.Create(context.Background(), &creatives.Component{ComponentHumanName: "Right Image", ValueTypeName: creatives.ComponentValueTypeImage})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(comp.ComponentHumanName, comp.ValueTypeName, *comp.IsEnabled)
	// Output: Right Image IMAGE true
}

func ExampleAssetService() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	a := srv.Creatives().AddComponentCreative(100, "a")
	b := srv.Creatives().AddComponentCreative(200, "b")
	_, err := cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 6, AssetValue: "Body text", CreativeIDs: []int64{a, b}})
	fmt.Println(err)
	asset, _ := cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 6, AssetValue: "Body text", CreativeIDs: []int64{a}})
	fmt.Println(asset.AssetType, asset.AssetValue, asset.AdvertiserID)
	// Output:
	// adama: invalid request: creative_ids[1]: all creatives must belong to one advertiser (got 200)
	// text Body text 100
}

func ExampleApprovalService() {
	cc, srv := setup()
	defer srv.Close()
	id := srv.Creatives().AddComponentCreative(100, "a")
	ap, err := cc.Approvals.ListByIDs(context.Background(), []int64{id})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ap[0].AtomicCreativeID == id, ap[0].NetStatus)
	// Output: true PENDING
}

// Upload a v2 video creative's file through the platform's upload host:
// ask where it goes, stream it there, and let the platform take it. The
// upload host here is the fake under another origin: it gets no
// credential.
func ExampleVideoService_UploadViaUploaderV2() {
	cc, srv := setup()
	defer srv.Close()
	ctx := context.Background()

	v, err := cc.Videos.CreateV2(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{
		Active: true, Advertiser: 7, Name: "Autumn spot", Concept: 11, ClickthroughURL: "https://example.com/autumn",
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	file := strings.NewReader("...video bytes...")
	tmp, err := cc.Videos.UploadViaUploaderV2(ctx, v.ID, "autumn.mp4", file, file.Size(), creatives.UploadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tmp.Name, tmp.Size, tmp.Type, strings.HasPrefix(tmp.Path, "/tmp/"))

	up := srv.Creatives().Uploads()[0]
	fmt.Println("credentials at the upload host:", up.Header.Get("Authorization") != "" || up.Header.Get("Cookie") != "")

	st, err := cc.Videos.StatusV2(ctx, v.ID)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.UploadInfo.Status, st.UploadInfo.Name)
	// Output:
	// autumn.mp4 17 video/mp4 true
	// credentials at the upload host: false
	// done autumn.mp4
}
