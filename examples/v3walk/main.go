// Command v3walk walks the v3.0 campaign management interface (package
// targeting) down its hierarchy: it makes an organization, an agency, an
// advertiser, a campaign with one budget flight and a strategy, attaches
// a region target to the strategy, then reads the chain back from the
// strategy up and changes the campaign with Modify (read, change, save).
//
//	go run ./examples/v3walk
//
// With ADAMA_BASE_URL unset it starts the fake platform (adama/adamatest)
// in process; with it set, it reads the ADAMA_* variables (adama.WithEnv)
// and uses that deployment.
package main

import (
	"context"
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
	if err := run(ctx, os.Stdout, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "v3walk:", err)
		os.Exit(1)
	}
}

func decimal(s string) *adama.Decimal {
	d := adama.MustDecimal(s)
	return &d
}

func day(t time.Time) *adama.Time {
	d := adama.NewTime(t)
	return &d
}

// run makes the hierarchy and walks it, writing what it does to w; getenv
// reads the ADAMA_* variables.
func run(ctx context.Context, w io.Writer, getenv func(string) string) error {
	client, done, err := platform.Connect(w, getenv)
	if err != nil {
		return err
	}
	defer done()
	tc := targeting.New(client)

	org, err := tc.Organizations.Create(ctx, &targeting.Organization{
		Name: "Walk Org", Status: adama.Ptr(true), MMContactName: "Ann", ADXSeatAccountID: 1,
		ConnectedIDType: targeting.ConnectedIDTypeDeterministicFirst, ContactName: "Bob", Address1: "1 Main St",
		City: "Springfield", State: "IL", Zip: "62701", Country: "US", Phone: "+1 555 0100",
		CurrencyCode: "EUR", BillingCountryCode: "US", DMPEnabled: targeting.OrganizationDMPEnabledEnabled,
	})
	if err != nil {
		return fmt.Errorf("organization: %w", err)
	}
	ag, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Walk Agency", OrganizationID: org.ID})
	if err != nil {
		return fmt.Errorf("agency: %w", err)
	}
	adv, err := tc.Advertisers.Create(ctx, &targeting.Advertiser{
		Name: "Walk Brand", AgencyID: ag.ID, VerticalID: 10, AdServerID: 1, Domain: "https://brand.example",
	})
	if err != nil {
		return fmt.Errorf("advertiser: %w", err)
	}
	start := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 1, 0)
	camp, err := tc.Campaigns.Create(ctx, &targeting.Campaign{
		Name: "Walk Campaign", AdvertiserID: adv.ID, ServiceType: targeting.ServiceTypeSelf,
		Goals: &targeting.CampaignGoals{GoalType: targeting.CampaignGoalTypeCPA, GoalValue: decimal("2.50")},
		Budget: &targeting.CampaignBudget{CurrencyCode: "EUR", Flights: []*targeting.BudgetFlight{
			{StartDate: day(start), EndDate: day(start.AddDate(0, 0, 29)), TotalBudget: decimal("5000.25")},
		}},
	})
	if err != nil {
		return fmt.Errorf("campaign: %w", err)
	}
	st, err := tc.Strategies.Create(ctx, &targeting.Strategy{
		CampaignID: camp.ID, Name: "Walk Strategy", MediaType: targeting.StrategyMediaTypeDisplay,
		Duration: &targeting.StrategyDuration{UseCampaignStart: adama.Ptr(true), UseCampaignEnd: adama.Ptr(true)},
		Pacing:   &targeting.StrategyPacing{PacingType: targeting.StrategyPacingTypeEven, PacingAmount: decimal("100")},
		Goals:    &targeting.StrategyGoals{GoalType: targeting.StrategyGoalTypeCPA, GoalValue: decimal("4.5")},
	})
	if err != nil {
		return fmt.Errorf("strategy: %w", err)
	}
	region, err := tc.Targets.Create(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion, Visible: adama.Ptr(true)})
	if err != nil {
		return fmt.Errorf("target: %w", err)
	}
	if _, err := tc.Attachments.Create(ctx, &targeting.Attachment{
		TargetID: region.ID, StrategyID: st.ID, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
	}); err != nil {
		return fmt.Errorf("attachment: %w", err)
	}

	// Walk up from the strategy, each record read by the id its child holds.
	st, err = tc.Strategies.Get(ctx, st.ID)
	if err != nil {
		return fmt.Errorf("strategy: %w", err)
	}
	camp, err = tc.Campaigns.Get(ctx, st.CampaignID)
	if err != nil {
		return fmt.Errorf("campaign: %w", err)
	}
	adv, err = tc.Advertisers.Get(ctx, camp.AdvertiserID)
	if err != nil {
		return fmt.Errorf("advertiser: %w", err)
	}
	ag, err = tc.Agencies.Get(ctx, adv.AgencyID)
	if err != nil {
		return fmt.Errorf("agency: %w", err)
	}
	org, err = tc.Organizations.Get(ctx, ag.OrganizationID)
	if err != nil {
		return fmt.Errorf("organization: %w", err)
	}
	fmt.Fprintf(w, "organization %d %q\n  agency %d %q\n    advertiser %d %q\n      campaign %d %q (%s %s)\n        strategy %d %q\n",
		org.ID, org.Name, ag.ID, ag.Name, adv.ID, adv.Name, camp.ID, camp.Name, camp.Budget.Flights[0].TotalBudget, camp.Budget.CurrencyCode, st.ID, st.Name)
	page, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{StrategyID: st.ID, Dimensions: []targeting.Dimension{targeting.DimensionRegion}})
	if err != nil {
		return fmt.Errorf("attachments: %w", err)
	}
	for _, a := range page.Items {
		fmt.Fprintf(w, "          targeting: %s target %d (%s)\n", a.Restriction, a.TargetID, region.Name)
	}

	// Read, change, save: Modify reads the campaign, applies the change to
	// the version read and saves it, reading again on a version conflict.
	camp, err = tc.Campaigns.Modify(ctx, camp.ID, func(c *targeting.Campaign) error {
		c.Name = "Walk Campaign (spring)"
		return nil
	})
	if err != nil {
		return fmt.Errorf("modify: %w", err)
	}
	fmt.Fprintf(w, "campaign %d is now %q, version %d\n", camp.ID, camp.Name, camp.Version)
	return nil
}
