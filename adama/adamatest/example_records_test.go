package adamatest_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/deals"
)

// Every group's handle holds its records with the same verbs: Add, Get,
// Put, Delete, All and Count, typed with the SDK's own records, and a
// change made through the handle is what the platform answers next.
func ExampleRecords() {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		fmt.Println(err)
		return
	}
	id := srv.Deals().Add(&deals.Deal{Name: "Seeded", DealIdentifier: "S-1", SupplySourceID: 246,
		Owner: deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100315}, Price: deals.MustPrice("USD", "2"), PriceType: deals.PriceTypeFixed})
	d, _ := srv.Deals().Get(id)
	d.Name = "Changed by another writer"
	srv.Deals().Put(d)

	got, err := deals.New(c).Deals.Get(context.Background(), id)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.Name, got.Price)
	// Output: Changed by another writer 2 USD
}

// Group A's handle has one Records per collection, named as
// entity.Client names its Services and typed with the same records; Raw
// shows a record in its wire form.
func ExampleEntitiesHandle() {
	srv := adamatest.NewServer()
	defer srv.Close()
	agencies := srv.Entities().Agencies()
	a, ok := agencies.Get(1)
	fmt.Println(ok, a.Name)
	a.Name = "Acme Renamed"
	agencies.Put(a)
	fmt.Println(agencies.Raw(1)["name"])
	// Output:
	// true Acme Direct
	// Acme Renamed
}

// Group D's handle holds video creatives, component creatives, assets
// and components typed with package creatives' records.
func ExampleCreativesHandle() {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		fmt.Println(err)
		return
	}
	id := srv.Creatives().Videos().Add(&creatives.VideoCreative{Details: creatives.CreativeDetails{Name: "Spot", Advertiser: 7, Concept: 11}})
	got, err := creatives.New(c).Videos.Get(context.Background(), id)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.Details.Name, got.Status)
	// Output: Spot Finished
}
