// Command targeting uses the targeting package (group B, the targeting and
// advertiser interface v3.0): it creates targets in two dimensions,
// attaches them to a strategy, lists the strategy's attachments by
// dimension, and recovers from a stale update with Modify.
//
// It runs against the in-process fake platform (adama/adamatest):
//
//	go run ./examples/targeting
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := adamatest.NewServer()
	defer srv.Close()
	if err := run(ctx, os.Stdout, srv); err != nil {
		fmt.Fprintln(os.Stderr, "targeting:", err)
		os.Exit(1)
	}
}

// strategyID is the strategy the targets are attached to (a group A
// strategy; group B refers to it by id).
const strategyID = 332

func run(ctx context.Context, w io.Writer, srv *adamatest.Server) error {
	client, err := srv.NewClient()
	if err != nil {
		return err
	}
	tc := targeting.New(client)

	// Targets in two dimensions.
	region, err := tc.Targets.Create(ctx, &targeting.TargetCreate{Name: "Bavaria", DimensionCode: targeting.DimensionRegion, Visible: adama.Ptr(true)})
	if err != nil {
		return fmt.Errorf("target: %w", err)
	}
	browser, err := tc.Targets.Create(ctx, &targeting.TargetCreate{Name: "Firefox", DimensionCode: targeting.DimensionBrowser, Visible: adama.Ptr(true)})
	if err != nil {
		return fmt.Errorf("target: %w", err)
	}

	// Attach them to the strategy: include the region, exclude the browser.
	att, err := tc.Attachments.Create(ctx, &targeting.AttachmentCreate{
		TargetID: region.ID, StrategyID: strategyID, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
	})
	if err != nil {
		return fmt.Errorf("attach: %w", err)
	}
	fmt.Fprintf(w, "attached target %d (%s %s) to strategy %d as attachment %d, version %d\n",
		att.TargetID, region.Name, region.DimensionCode, att.StrategyID, att.ID, att.Version)
	if _, err := tc.Attachments.Create(ctx, &targeting.AttachmentCreate{
		TargetID: browser.ID, StrategyID: strategyID, Restriction: targeting.RestrictionExclude, Operator: targeting.OperatorOr,
	}); err != nil {
		return fmt.Errorf("attach: %w", err)
	}

	// The strategy's attachments in the region dimension.
	page, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{
		StrategyID: strategyID, Dimensions: []targeting.Dimension{targeting.DimensionRegion, targeting.DimensionDMA},
	})
	if err != nil {
		return fmt.Errorf("list: %w", err)
	}
	fmt.Fprintf(w, "strategy %d has %d attachment(s) in REGN or DMAX:\n", strategyID, page.TotalCount)
	for _, a := range page.Items {
		fmt.Fprintf(w, "  attachment %d: %s target %d (%s)\n", a.ID, a.Restriction, a.TargetID, a.Operator)
	}

	// Someone else changes the attachment; our update with the version we
	// read is refused ...
	srv.Targeting().SetField(adamatest.TargetingAttachments, att.ID, "operator", "AND")
	_, err = tc.Attachments.Update(ctx, att.ID, &targeting.AttachmentUpdate{Version: att.Version, OrBetter: adama.Some(true)})
	if !errors.Is(err, adama.ErrConflict) {
		return fmt.Errorf("expected a version conflict, got %v", err)
	}
	fmt.Fprintln(w, "update with version", att.Version, "refused: version conflict")

	// ... and Modify reads, changes and writes again.
	att, err = tc.Attachments.Modify(ctx, att.ID, func(a *targeting.Attachment) error {
		a.OrBetter = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("modify: %w", err)
	}
	fmt.Fprintf(w, "attachment %d version %d: or_better %t, operator %s kept\n", att.ID, att.Version, att.OrBetter, att.Operator)
	return nil
}
