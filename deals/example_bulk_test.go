package deals_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/deals"
)

// BulkSave creates the deals without an id and saves the changes of those
// read before, in one request, and reports each deal's outcome.
func ExampleDealService_BulkSave() {
	dc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	made, err := dc.Deals.BulkCreate(ctx, []*deals.Deal{exampleDeal("S-1"), exampleDeal("S-2")})
	if err != nil {
		fmt.Println(err)
		return
	}
	first := made.Items[0].Deal
	first.Price = deals.MustPrice("USD", "7")
	res, err := dc.Deals.BulkSave(ctx, []*deals.Deal{first, exampleDeal("S-3")})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range res.Items {
		fmt.Println(it.Index, it.OK(), it.Deal.DealIdentifier, it.Deal.Price)
	}
	// Output:
	// 0 true S-1 7 USD
	// 1 true S-3 4.25 USD
}
