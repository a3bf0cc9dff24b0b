package targeting

import (
	"context"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// newStrategyPlansPath is the collection path of the strategy plans.
const newStrategyPlansPath = "/new_strategy_plans"

// NewStrategyPlanService calls the strategy plan endpoints of the
// Campaigns API reference's New Strategy Plans (/new_strategy_plans):
// list, create, read, change and remove plans, and forecast a plan,
// saved (RunForecast) or not (Forecast). Its methods are generated
// (services_gen.go) but Get and GetExtended.
type NewStrategyPlanService struct {
	g *call.Group
}

// Validate checks the plan against every rule the description states for
// a create (create true) or an update: lengths, enum values, the goals'
// ranges, and the required fields of the inventory, the creatives and the
// targeting's values when they are set. It returns an
// *adama.ValidationError or nil.
func (x *NewStrategyPlan) Validate(create bool) error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules and the owner ids.
func (o *NewStrategyPlanListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for name, id := range map[string]int64{"organization_id": o.OrganizationID, "agency_id": o.AgencyID, "advertiser_id": o.AdvertiserID} {
		if id != 0 {
			checkID(&v, name, id)
		}
	}
	return v.Err()
}

func (s *NewStrategyPlanService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*NewStrategyPlan, error) {
	return getOne[NewStrategyPlan](ctx, s.g, idPath(newStrategyPlansPath, id), idBetween("new_strategy_plan_id", id, 2147483647), extended, ro)
}

// Get returns one strategy plan (GET /new_strategy_plans/{id}).
func (s *NewStrategyPlanService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*NewStrategyPlan, error) {
	return s.get(ctx, id, false, ro)
}

// GetExtended returns one strategy plan with the extended properties of
// its targeting's values (names, paths, owners, the counts of postal and
// IP codes): GET /new_strategy_plans/{id}?extended=true.
func (s *NewStrategyPlanService) GetExtended(ctx context.Context, id int64, ro ...adama.RequestOption) (*NewStrategyPlan, error) {
	return s.get(ctx, id, true, ro)
}

// newStrategyPlanForecastRequest checks the plan to forecast by a
// create's rules and sends a create's body: the forecast of a plan that
// is not saved takes what a create takes.
func newStrategyPlanForecastRequest(c *call.Call, in *NewStrategyPlan) error {
	body, err := in.createRequest()
	if err != nil {
		return err
	}
	c.JSON = body
	return nil
}
