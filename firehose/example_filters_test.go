package firehose_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/firehose"
)

// FiltersOf turns the page of Filters.List back into the map a
// ConsumerSettings holds.
func ExampleFiltersOf() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	f := &firehose.Filter{Consumer: "example-consumer", Key: firehose.FilterKeyExchangeID, Values: []string{"15", "42"}}
	if _, err := fc.Filters.Update(ctx, f); err != nil {
		fmt.Println(err)
		return
	}
	p, err := fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: "example-consumer"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(firehose.FiltersOf(p).Get(firehose.FilterKeyExchangeID))
	// Output: [15 42]
}
