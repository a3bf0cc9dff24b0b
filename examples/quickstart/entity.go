package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
)

// entityStep walks group A: an advertiser and campaign under an existing
// agency, a filtered listing, and an update that survives a version
// conflict. It returns the organization id for the report step.
func entityStep(ctx context.Context, w io.Writer, c *adama.Client) (int64, error) {
	ec := entity.New(c)

	// Bad input never leaves the machine: every broken rule in one error.
	_, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "x"}, FrequencyType: entity.FrequencyTypeEven})
	var ve *adama.ValidationError
	if errors.As(err, &ve) {
		fmt.Fprintf(w, "validate: %d rules broken before sending, e.g. %s\n", len(ve.Violations), ve.Violations[0])
	}

	agencies, err := ec.Agencies.List(ctx, &entity.ListOptions{PageLimit: 1, SortBy: []string{"id"}})
	if err != nil {
		return 0, fmt.Errorf("agencies: %w", err)
	}
	if len(agencies.Items) == 0 {
		return 0, errors.New("agencies: the account has none to work under")
	}
	agency := agencies.Items[0]
	fmt.Fprintf(w, "entity:   agency %d %q (1 of %d)\n", agency.ID, agency.Name, agencies.TotalCount)

	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{
		Common:   entity.Common{Name: "Quickstart Shoes"},
		AgencyID: agency.ID, AdServerID: 1, Domain: "https://shoes.example", VerticalID: 24,
	})
	if err != nil {
		return 0, fmt.Errorf("advertiser: %w", err)
	}
	fmt.Fprintf(w, "          created advertiser %d (version %d)\n", adv.ID, adv.Version)

	start := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, 1)
	for i, name := range []string{"Spring sale", "Summer sale", "Autumn sale"} {
		_, err := ec.Campaigns.Create(ctx, &entity.Campaign{
			Common: entity.Common{Name: name}, AdvertiserID: adv.ID, CurrencyCode: "USD",
			StartDate: adama.TimePtr(start.AddDate(0, 3*i, 0)), EndDate: adama.TimePtr(start.AddDate(0, 3*i+1, 0)),
			TotalBudget: adama.MustMoney("USD", "10000"), AdServerID: adama.Ptr[int64](1),
			GoalType: entity.GoalTypeSpend, GoalValue: adama.MustMoney("USD", "10000"),
			ServiceType: entity.ServiceTypeSelf, UseSvcFreq: adama.BoolPtr(false),
		})
		if err != nil {
			return 0, fmt.Errorf("campaign: %w", err)
		}
	}
	n := 0
	for camp, err := range ec.Campaigns.All(ctx, &entity.ListOptions{
		Limit: entity.LimitTo("advertiser", adv.ID), Q: qlang.Where("name", qlang.Like, "*sale"), SortBy: []string{"-name"},
	}) {
		if err != nil {
			return 0, fmt.Errorf("campaigns: %w", err)
		}
		if n == 0 {
			fmt.Fprintf(w, "          campaigns of advertiser %d named *sale, by name descending:", adv.ID)
		}
		fmt.Fprintf(w, " %q", camp.Name)
		n++
	}
	fmt.Fprintln(w)

	// Someone else updates the advertiser between our read and our write;
	// Modify re-reads and applies the change again.
	stale := *adv
	if _, err := ec.Advertisers.Modify(ctx, adv.ID, func(a *entity.Advertiser) error {
		a.ExternalID = "crm-1"
		return nil
	}); err != nil {
		return 0, err
	}
	stale.Status = adama.BoolPtr(true)
	if _, err := ec.Advertisers.Update(ctx, &stale); errors.Is(err, adama.ErrConflict) {
		fmt.Fprintln(w, "          stale update refused: version conflict")
	}
	updated, err := ec.Advertisers.Modify(ctx, adv.ID, func(a *entity.Advertiser) error {
		a.Status = adama.BoolPtr(true)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("modify: %w", err)
	}
	fmt.Fprintf(w, "          Modify re-read and updated: status on, external_id %q kept, version %d\n", updated.ExternalID, updated.Version)
	return agency.OrganizationID, nil
}
