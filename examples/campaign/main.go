// Command campaign builds an ad-buying hierarchy with the entity package
// (group A, entity management v2.0): organization > agency > advertiser >
// campaign > strategy with a budget flight, day parts, an audience segment
// and a pixel; then lists the strategies with a filter, and updates one
// through a version conflict.
//
//	go run ./examples/campaign
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/campaign
//
// With ADAMA_BASE_URL unset it starts the fake platform (adama/adamatest)
// in process; with it set, it reads the ADAMA_* variables (adama.WithEnv)
// and uses that deployment (examples/quickstart shows the
// authorization-code exchange; here an access token is given).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/examples/internal/platform"
	"github.com/adamasdk/adama-go/qlang"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		os.Exit(1)
	}
}

// run builds the hierarchy, writing what it does to w. getenv reads the
// ADAMA_* variables.
func run(ctx context.Context, w io.Writer, getenv func(string) string) error {
	client, done, err := platform.Connect(w, getenv)
	if err != nil {
		return err
	}
	defer done()
	ec := entity.New(client)

	org, err := ec.Organizations.Create(ctx, &entity.Organization{
		Common: entity.Common{Name: "Example Holdings"}, CurrencyCode: "USD",
		Address1: "1 Market St", City: "Springfield", State: "IL", Zip: "62701", Phone: "+1 217 555 0100",
		ContactName: "Pat Buyer", SvcContactName: "Sam Support",
	})
	if err != nil {
		return fmt.Errorf("organization: %w", err)
	}
	agency, err := ec.Agencies.Create(ctx, &entity.Agency{Common: entity.Common{Name: "Example Agency"}, OrganizationID: org.ID})
	if err != nil {
		return fmt.Errorf("agency: %w", err)
	}
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{
		Common:   entity.Common{Name: "Example Shoes"},
		AgencyID: agency.ID, AdServerID: 1, Domain: "https://shoes.example", VerticalID: 24,
		FrequencyType: entity.FrequencyTypeEven, FrequencyInterval: entity.FrequencyIntervalDay, FrequencyAmount: adama.Ptr(5),
	})
	if err != nil {
		return fmt.Errorf("advertiser: %w", err)
	}
	start := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, 0)
	camp, err := ec.Campaigns.Create(ctx, &entity.Campaign{
		Common: entity.Common{Name: "Summer sale"}, AdvertiserID: adv.ID, CurrencyCode: "USD",
		StartDate: adama.TimePtr(start), EndDate: adama.TimePtr(end), TotalBudget: adama.MustMoney("USD", "50000"),
		AdServerID: adama.Ptr[int64](1), ServiceType: entity.ServiceTypeSelf, UseSvcFreq: adama.BoolPtr(false),
		GoalType: entity.GoalTypeCPA, GoalValue: adama.MustMoney("USD", "12.50"),
	})
	if err != nil {
		return fmt.Errorf("campaign: %w", err)
	}
	if _, err := ec.BudgetFlights.Create(ctx, &entity.BudgetFlight{
		CampaignID: camp.ID, StartDate: adama.TimePtr(start), EndDate: adama.TimePtr(end), TotalBudget: adama.MustMoney("USD", "50000"),
	}); err != nil {
		return fmt.Errorf("budget flight: %w", err)
	}
	pixel, err := ec.PixelBundles.Create(ctx, &entity.PixelBundle{
		Common: entity.Common{Name: "Checkout"}, AdvertiserID: &adv.ID, PixelType: entity.PixelTypeEvent,
		TagType: entity.PixelTagTypeJS, Currency: entity.PixelParamS1, Revenue: entity.PixelParamV1,
	})
	if err != nil {
		return fmt.Errorf("pixel: %w", err)
	}
	strat, err := ec.Strategies.Create(ctx, &entity.Strategy{
		Common: entity.Common{Name: "Retarget buyers"}, CampaignID: camp.ID, Type: entity.StrategyTypeREM,
		UseCampaignStart: adama.BoolPtr(true), UseCampaignEnd: adama.BoolPtr(true),
		GoalType: entity.GoalTypeCPA, GoalValue: adama.MustMoney("", "12.50"), UseOptimization: adama.BoolPtr(true),
		Budget: adama.MustMoney("", "20000"), MaxBid: adama.MustMoney("", "8"),
		PacingType: entity.PacingTypeEven, PacingInterval: entity.PacingIntervalDay, PacingAmount: adama.MustMoney("", "700"),
		PixelTargetExpr: fmt.Sprintf("( [%d] )", pixel.ID),
	})
	if err != nil {
		return fmt.Errorf("strategy: %w", err)
	}
	for _, h := range [][2]int{{7, 11}, {17, 22}} {
		if _, err := ec.StrategyDayParts.Create(ctx, &entity.StrategyDayPart{
			StrategyID: strat.ID, StartHour: adama.Ptr(h[0]), EndHour: adama.Ptr(h[1]), Days: "MTWRF", UserTime: adama.BoolPtr(true),
		}); err != nil {
			return fmt.Errorf("day part: %w", err)
		}
	}
	for _, seg := range []int64{1, 2} {
		if _, err := ec.StrategyAudienceSegments.Create(ctx, &entity.StrategyAudienceSegment{
			StrategyID: strat.ID, AudienceSegmentID: seg, Restriction: entity.RestrictionInclude,
		}); err != nil {
			return fmt.Errorf("audience segment: %w", err)
		}
	}
	fmt.Fprintf(w, "created organization %d > agency %d > advertiser %d > campaign %d > strategy %d (%s)\n",
		org.ID, agency.ID, adv.ID, camp.ID, strat.ID, strat.CurrencyCode)

	// A second strategy, then a filtered listing of the campaign's strategies.
	if _, err := ec.Strategies.Create(ctx, &entity.Strategy{Common: entity.Common{Name: "Prospecting"}, CampaignID: camp.ID,
		UseCampaignEnd: adama.BoolPtr(true), GoalType: entity.GoalTypeSpend, Type: entity.StrategyTypeGBO,
		GoalValue: adama.MustMoney("", "1"), Budget: adama.MustMoney("", "5000"), MaxBid: adama.MustMoney("", "4"),
		PacingAmount: adama.MustMoney("", "200")}); err != nil {
		return fmt.Errorf("strategy: %w", err)
	}
	for s, err := range ec.Strategies.All(ctx, &entity.ListOptions{
		Limit:  entity.LimitTo("campaign.advertiser", adv.ID),
		Q:      qlang.Where("goal_type", qlang.Eq, "cpa"),
		With:   []string{"campaign"},
		SortBy: []string{"-id"},
	}) {
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "strategy %d %q goal %s %s in campaign %q\n", s.ID, s.Name, s.GoalType, s.GoalValue, s.Campaign.Name)
	}
	days, err := ec.StrategyDayParts.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("strategy", strat.ID)})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d day parts\n", days.TotalCount)

	// An update that meets a version conflict, and recovers.
	mine, err := ec.Strategies.Get(ctx, strat.ID, nil)
	if err != nil {
		return err
	}
	// Someone else edits the strategy after our read (here, this program).
	if _, err := ec.Strategies.Modify(ctx, strat.ID, func(s *entity.Strategy) error {
		s.Description = "edited in the UI meanwhile"
		return nil
	}); err != nil {
		return err
	}
	mine.MaxBid = adama.MustMoney("", "9")
	if _, err := ec.Strategies.Update(ctx, mine); errors.Is(err, adama.ErrConflict) {
		fmt.Fprintln(w, "version conflict: re-reading and retrying")
	} else if err != nil {
		return err
	}
	updated, err := ec.Strategies.Modify(ctx, strat.ID, func(s *entity.Strategy) error {
		s.MaxBid = adama.MustMoney("", "9")
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "strategy %d version %d max_bid %s description %q\n", updated.ID, updated.Version, updated.MaxBid, updated.Description)
	return nil
}
