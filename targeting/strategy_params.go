package targeting

import (
	"context"
	"io"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The strategy parameters of the Campaigns API reference (tag Strategy
// Parameters): read-only lists of what is assigned to strategies. Their
// List and All are generated (services_gen.go); the two CSV downloads are
// written here.

// StrategyDealService lists the deals assigned to strategies.
type StrategyDealService struct{ g *call.Group }

// StrategyDayPartService lists the strategies' day parts.
type StrategyDayPartService struct{ g *call.Group }

// StrategyGroupService lists the strategy groups by name.
type StrategyGroupService struct{ g *call.Group }

// StrategyIPAddressService lists the strategies' IP address targets and
// streams one strategy's as CSV.
type StrategyIPAddressService struct{ g *call.Group }

// StrategyConceptService lists the concepts assigned to strategies.
type StrategyConceptService struct{ g *call.Group }

// StrategyTargetValueService lists the strategies' target values.
type StrategyTargetValueService struct{ g *call.Group }

// StrategyPostalCodeService lists the strategies' postal code targets and
// streams one strategy's as CSV.
type StrategyPostalCodeService struct{ g *call.Group }

// validate checks the options: ListOptions' rules and the embed's value.
func (o *StrategyDealListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	if o.With != "" {
		valid.Enum(&v, "with", o.With)
	}
	return v.Err()
}

// validate checks the options: ListOptions' rules.
func (o *StrategyParameterListOptions) validate() error { return o.ListOptions.validate() }

// validate checks the options: ListOptions' rules.
func (o *StrategyConceptListOptions) validate() error { return o.ListOptions.validate() }

// validate has nothing to check: the list takes no parameters.
func (o *StrategyGroupListOptions) validate() error { return nil }

// Download streams strategy strategyID's IP address targets as the
// platform's CSV file (GET /strategy_ip_addresses/{strategy_id}/download.csv).
// The body is never read whole: the caller reads it and must close it.
func (s *StrategyIPAddressService) Download(ctx context.Context, strategyID int64, ro ...adama.RequestOption) (io.ReadCloser, error) {
	return downloadCSV(ctx, s.g, "/strategy_ip_addresses/", strategyID, ro)
}

// Download streams strategy strategyID's postal code targets as the
// platform's CSV file (GET /strategy_postal_codes/{strategy_id}/download.csv).
// The body is never read whole: the caller reads it and must close it.
func (s *StrategyPostalCodeService) Download(ctx context.Context, strategyID int64, ro ...adama.RequestOption) (io.ReadCloser, error) {
	return downloadCSV(ctx, s.g, "/strategy_postal_codes/", strategyID, ro)
}

func downloadCSV(ctx context.Context, g *call.Group, base string, strategyID int64, ro []adama.RequestOption) (io.ReadCloser, error) {
	if err := positiveID("strategy_id", strategyID); err != nil {
		return nil, err
	}
	resp, err := g.Send(ctx, &call.Call{Path: idPath(base[:len(base)-1], strategyID) + "/download.csv", Accept: "text/csv", Stream: true}, ro...)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
