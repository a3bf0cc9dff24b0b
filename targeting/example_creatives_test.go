package targeting_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleAtomicCreativeService_Modify() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	ac, err := tc.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{
		AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250, VendorIDs: []int64{3},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ac, err = tc.AtomicCreatives.Modify(ctx, ac.ID, func(a *targeting.AtomicCreative) error {
		a.ClickURL = adama.Ptr("https://brand.example/spring")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ext, err := tc.AtomicCreatives.GetExtended(ctx, ac.ID)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ext.ID, ext.Name, ext.Version, *ext.ClickURL, len(ext.Vendors))
	// Output: 1 Banner 2 https://brand.example/spring 1
}

func ExamplePixelBundleService_All() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	for _, name := range []string{"Checkout", "Signup"} {
		_, err := tc.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: name, PixelType: targeting.PixelBundlePixelTypeEvent,
			TagType: targeting.PixelBundleTagTypeJS, AdvertiserID: adama.Ptr(int64(125))})
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	for p, err := range tc.PixelBundles.All(ctx, &targeting.PixelBundleListOptions{Full: true}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.ID, p.Name, p.PixelType)
	}
	// Output:
	// 1 Checkout event
	// 2 Signup event
}

func ExampleMarketplaceService_Create() {
	tc, srv := setup()
	defer srv.Close()
	m, err := tc.Marketplaces.Create(context.Background(), &targeting.Marketplace{
		Name: "Open exchange", StrategyID: 5, SellPrice: adama.Ptr(adama.MustDecimal("1.50")), SellPriceCurrencyCode: adama.Ptr("USD"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.ID, m.Name, m.SellPrice, *m.SellPriceCurrencyCode)
	// Output: 1 Open exchange 1.5 USD
}

func ExampleSiteListService_Upload() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	sites := "news.example\nsports.example\n"
	sl, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{
		OrganizationID: 16, Name: "Blocked", Restriction: targeting.RestrictionExclude,
		File: strings.NewReader(sites), Size: int64(len(sites)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sl.ID, sl.Name, sl.Restriction, *sl.SitesCount)
	csv, err := tc.SiteLists.Download(ctx, sl.ID, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer csv.Close()
	if _, err := io.Copy(os.Stdout, csv); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 Blocked EXCLUDE 2
	// site,target_type
	// news.example,domain
	// sports.example,domain
}
