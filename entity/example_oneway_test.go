package entity_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
)

// The seven things the README's quick start shows, the same in every group:
// the client, the group's Client, a record, its pages, read-change-save,
// Modify and the one error type.
func Example() {
	ctx := context.Background()
	ec, srv := setup(adamatest.WithEntities("campaigns", 3))
	defer srv.Close()

	camp, err := ec.Campaigns.Get(ctx, 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := ec.Campaigns.List(ctx, &entity.ListOptions{Q: qlang.Where("id", qlang.Ge, 2)})
	if err != nil {
		fmt.Println(err)
		return
	}
	n := 0
	for _, err := range ec.Campaigns.All(ctx, nil) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n++
	}
	fmt.Println(len(page.Items), "of", n, "campaigns from id 2")

	camp.Name = "Spring sale"
	camp, err = ec.Campaigns.Update(ctx, camp)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(camp.Name, "version", camp.Version)

	camp, err = ec.Campaigns.Modify(ctx, 2, func(c *entity.Campaign) error { c.Name = "Summer sale"; return nil })
	if errors.Is(err, adama.ErrConflict) {
		fmt.Println("changed by someone else five times in a row")
		return
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(camp.Name, "version", camp.Version)

	_, err = ec.Campaigns.Get(ctx, 99, nil)
	fmt.Println(errors.Is(err, adama.ErrNotFound))
	// Output:
	// 2 of 3 campaigns from id 2
	// Spring sale version 1
	// Summer sale version 2
	// true
}
