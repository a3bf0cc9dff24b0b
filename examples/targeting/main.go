// Command targeting uses the targeting package (group B, the targeting and
// advertiser interface v3.0): it creates targets in two dimensions,
// attaches them to a strategy, lists the strategy's attachments by
// dimension, and recovers from a stale update with Modify.
//
//	go run ./examples/targeting
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/targeting -strategy 332
//
// With ADAMA_BASE_URL unset it starts the fake platform (adama/adamatest)
// in process; with it set, it reads the ADAMA_* variables (adama.WithEnv)
// and uses that deployment (examples/quickstart shows the
// authorization-code exchange; here an access token is given).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/examples/internal/platform"
	"github.com/adamasdk/adama-go/targeting"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "targeting:", err)
		os.Exit(1)
	}
}

// run parses args and runs the walk-through, writing what it does to w.
// getenv reads the ADAMA_* variables.
func run(ctx context.Context, args []string, w, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("targeting", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The strategy the targets are attached to (a group A strategy; group B
	// refers to it by id).
	strategyID := fs.Int64("strategy", 332, "strategy to attach the targets to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	client, done, err := platform.Connect(w, getenv)
	if err != nil {
		return err
	}
	defer done()
	tc := targeting.New(client)

	// Targets in two dimensions.
	region, err := tc.Targets.Create(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion, Visible: adama.Ptr(true)})
	if err != nil {
		return fmt.Errorf("target: %w", err)
	}
	browser, err := tc.Targets.Create(ctx, &targeting.Target{Name: "Firefox", DimensionCode: targeting.DimensionBrowser, Visible: adama.Ptr(true)})
	if err != nil {
		return fmt.Errorf("target: %w", err)
	}

	// Attach them to the strategy: include the region, exclude the browser.
	att, err := tc.Attachments.Create(ctx, &targeting.Attachment{
		TargetID: region.ID, StrategyID: *strategyID, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
	})
	if err != nil {
		return fmt.Errorf("attach: %w", err)
	}
	fmt.Fprintf(w, "attached target %d (%s %s) to strategy %d as attachment %d, version %d\n",
		att.TargetID, region.Name, region.DimensionCode, att.StrategyID, att.ID, att.Version)
	if _, err := tc.Attachments.Create(ctx, &targeting.Attachment{
		TargetID: browser.ID, StrategyID: *strategyID, Restriction: targeting.RestrictionExclude, Operator: targeting.OperatorOr,
	}); err != nil {
		return fmt.Errorf("attach: %w", err)
	}

	// The strategy's attachments in the region dimension.
	page, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{
		StrategyID: *strategyID, Dimensions: []targeting.Dimension{targeting.DimensionRegion, targeting.DimensionDMA},
	})
	if err != nil {
		return fmt.Errorf("list: %w", err)
	}
	fmt.Fprintf(w, "strategy %d has %d attachment(s) in REGN or DMAX:\n", *strategyID, page.TotalCount)
	for _, a := range page.Items {
		fmt.Fprintf(w, "  attachment %d: %s target %d (%s)\n", a.ID, a.Restriction, a.TargetID, a.Operator)
	}

	// Someone else (here, this program, from its own read) changes the
	// attachment; our update of the version we read is refused ...
	theirs, err := tc.Attachments.Get(ctx, att.ID)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	theirs.Operator = targeting.OperatorAnd
	if _, err := tc.Attachments.Update(ctx, theirs); err != nil {
		return fmt.Errorf("update: %w", err)
	}
	att.OrBetter = adama.Ptr(true)
	_, err = tc.Attachments.Update(ctx, att)
	if !errors.Is(err, adama.ErrConflict) {
		return fmt.Errorf("expected a version conflict, got %v", err)
	}
	fmt.Fprintln(w, "update with version", att.Version, "refused: version conflict")

	// ... and Modify reads, changes and writes again.
	att, err = tc.Attachments.Modify(ctx, att.ID, func(a *targeting.Attachment) error {
		a.OrBetter = adama.Ptr(true)
		return nil
	})
	if err != nil {
		return fmt.Errorf("modify: %w", err)
	}
	fmt.Fprintf(w, "attachment %d version %d: or_better %t, operator %s kept\n", att.ID, att.Version, *att.OrBetter, att.Operator)
	return nil
}
