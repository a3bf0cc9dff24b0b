// Command deals walks through the marketplaces interface: it creates deals
// under an organization, groups them, bulk-updates their prices with a
// per-item report, and runs deal analytics for the last 7 days.
//
//	go run ./examples/deals
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/deals -org 100315 -supply 246
//
// With ADAMA_BASE_URL unset (or with -demo) it starts the fake platform
// (adama/adamatest) in process; with it set, it reads the ADAMA_*
// variables (adama.WithEnv) and uses that deployment (examples/quickstart
// shows the authorization-code exchange; here an access token is given).
package main

import (
	"context"
	"fmt"
	"io"

	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/examples/internal/platform"
)

func main() { platform.Main("deals", run) }

// run parses args and runs the walk-through, writing what it does to
// stdout. getenv reads the ADAMA_* variables.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := platform.NewFlags("deals", stderr)
	org := fs.Int64("org", 100315, "organization that owns the deals")
	supply := fs.Int64("supply", 246, "supply source of the deals")
	n := fs.Int("n", 3, "deals to create")
	price := fs.String("price", "2.75", "new CPM price for the bulk update")
	if err := fs.Parse(args); err != nil {
		return err
	}
	newPrice, err := deals.NewPrice("USD", *price)
	if err != nil {
		return err
	}
	client, done, err := fs.Connect(stdout, getenv)
	if err != nil {
		return err
	}
	defer done()
	dc := deals.New(client)
	owner := deals.Owner{Type: deals.OwnerTypeOrganization, ID: *org}

	// 1. Create deals under the organization.
	var made []*deals.Deal
	for i := range *n {
		d, err := dc.Deals.Create(ctx, &deals.Deal{
			Name:           fmt.Sprintf("Example deal %d", i+1),
			Owner:          owner,
			Permissions:    &deals.Permissions{OrganizationIDs: []int64{*org}},
			Price:          deals.MustPrice("USD", "1.50"),
			SupplySourceID: *supply,
			DealIdentifier: fmt.Sprintf("EX-%d-%d", *org, i+1),
			PriceType:      deals.PriceTypeFloor,
		})
		if err != nil {
			return fmt.Errorf("creating deal %d: %w", i+1, err)
		}
		made = append(made, d)
		fmt.Fprintf(stdout, "created deal %d %q at %s\n", d.ID, d.DealIdentifier, d.Price)
	}

	// 2. Group them: every deal must have the group's owner.
	g := &deals.DealGroup{Name: "Example group", Owner: owner}
	for _, d := range made {
		g.DealIDs = append(g.DealIDs, d.ID)
	}
	if err := dc.DealGroups.CheckOwners(ctx, dc.Deals, g); err != nil {
		return err
	}
	group, err := dc.DealGroups.Create(ctx, g)
	if err != nil {
		return fmt.Errorf("creating the group: %w", err)
	}
	fmt.Fprintf(stdout, "group %d holds %d deals\n", group.ID, len(group.DealIDs))

	// 3. Bulk-update the prices; each item reports its own outcome.
	for _, d := range made {
		d.Price = newPrice
	}
	res, err := dc.Deals.BulkUpdate(ctx, made)
	if err != nil {
		return err
	}
	for _, it := range res.Items {
		switch {
		case it.OK():
			fmt.Fprintf(stdout, "deal %d: price now %s\n", it.Deal.ID, it.Deal.Price)
		case it.Unknown:
			fmt.Fprintf(stdout, "item %d: outcome unknown: %v\n", it.Index, it.Err)
		default:
			fmt.Fprintf(stdout, "item %d: failed: %v\n", it.Index, it.Err)
		}
	}

	// 4. Analytics for the last 7 days, most impressions first.
	p, err := dc.Analytics.List(ctx, &deals.AnalyticsQuery{
		OrganizationID: *org, TimeWindow: deals.TimeWindowLast7Days,
		Sorting: []deals.Sort{{Field: "impressions", Dir: deals.SortDirDesc}},
	})
	if err != nil {
		return fmt.Errorf("analytics: %w", err)
	}
	for _, row := range p.Items {
		var imps int64
		if row.Performance != nil {
			imps = row.Performance.Impressions
		}
		fmt.Fprintf(stdout, "analytics: deal %d %q %d impressions\n", row.Deal.ID, row.Deal.DealIdentifier, imps)
	}
	return nil
}
