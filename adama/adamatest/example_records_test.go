package adamatest_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/entity"
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

// Typed reads a handle held as JSON objects (group A's collections) with
// the SDK's own record type.
func ExampleTyped() {
	srv := adamatest.NewServer()
	defer srv.Close()
	agencies := adamatest.Typed[entity.Agency](srv.Entities().Collection("agencies"))
	a, ok := agencies.Get(1)
	fmt.Println(ok, a.Name)
	// Output: true Acme Direct
}
