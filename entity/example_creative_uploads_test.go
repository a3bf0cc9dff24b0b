package entity_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// A third-party ad server's export of creatives: upload the file, look
// at the pending batch, then create the creatives for an advertiser.
func ExampleClient_UploadCreatives() {
	ec, srv := setup(adamatest.WithEntity("advertisers", map[string]any{"id": 42, "name": "Shoes", "agency_id": 1}))
	defer srv.Close()
	ctx := context.Background()
	export := "Banner 300x250,<script src=x></script>\nBanner 728x90,<script src=y></script>\n"
	batch, err := ec.UploadCreatives(ctx, &entity.BatchFile{
		FileName: "export.csv", ContentType: "text/csv",
		Content: strings.NewReader(export), Size: int64(len(export)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(batch.Status, len(batch.Items))
	done, err := ec.ApproveCreativeUpload(ctx, batch.ID, &entity.BatchApproval{AdvertiserID: 42})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range done.Items {
		fmt.Println(it.Index, it.Name, it.Status, it.ID > 0)
	}
	// Output:
	// pending 2
	// 1 Banner 300x250 created true
	// 2 Banner 728x90 created true
}

// Creative assets: upload a named batch, then approve part of it.
func ExampleClient_UploadCreativeAssets() {
	ec, srv := setup(adamatest.WithEntity("advertisers", map[string]any{"id": 42, "name": "Shoes", "agency_id": 1}))
	defer srv.Close()
	ctx := context.Background()
	list := "logo.png\nhero.jpg\n"
	batch, err := ec.UploadCreativeAssets(ctx, &entity.BatchFile{
		FileName: "assets.txt", Name: "Spring", Content: strings.NewReader(list), Size: int64(len(list)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	done, err := ec.ApproveCreativeAssets(ctx, batch.ID, &entity.BatchApproval{AdvertiserID: 42, Indexes: []int{2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range done.Items {
		fmt.Println(it.Name, it.Status)
	}
	// Output:
	// logo.png rejected
	// hero.jpg created
}
