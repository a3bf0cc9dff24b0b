package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// TargetingCampaignPlans and TargetingNewStrategyPlanTargetValues are the
// plans family's collections of campaign plans and of strategy plan target
// values.
const (
	TargetingCampaignPlans               = targetingfake.CampaignPlans
	TargetingNewStrategyPlanTargetValues = targetingfake.NewStrategyPlanTargetValues
)

// targetingPlans are the handles on the plans family's collections of
// group B: strategy templates, new strategy groups and campaign plans.
type targetingPlans struct {
	templates *Records[int64, targeting.StrategyTemplate]
	groups    *Records[int64, targeting.NewStrategyGroup]
	plans     *Records[int64, targeting.CampaignPlan]
	values    *Records[int64, targeting.NewStrategyPlanTargetValue]
}

func newTargetingPlans(st *targetingfake.Store) targetingPlans {
	if st == nil {
		return targetingPlans{templates: &Records[int64, targeting.StrategyTemplate]{}, groups: &Records[int64, targeting.NewStrategyGroup]{},
			plans: &Records[int64, targeting.CampaignPlan]{}, values: &Records[int64, targeting.NewStrategyPlanTargetValue]{}}
	}
	return targetingPlans{
		templates: targetingRecords(st, TargetingStrategyTemplates, func(x *targeting.StrategyTemplate) int64 { return x.ID }),
		groups:    targetingRecords(st, TargetingNewStrategyGroups, func(x *targeting.NewStrategyGroup) int64 { return x.ID }),
		plans:     targetingRecords(st, TargetingCampaignPlans, func(x *targeting.CampaignPlan) int64 { return x.ID }),
		values:    targetingRecords(st, TargetingNewStrategyPlanTargetValues, func(x *targeting.NewStrategyPlanTargetValue) int64 { return x.ID }),
	}
}

// StrategyTemplates returns the strategy templates, keyed by id.
func (h *TargetingHandle) StrategyTemplates() *Records[int64, targeting.StrategyTemplate] {
	return h.plans.templates
}

// NewStrategyGroups returns the strategy groups (/new_strategy_groups),
// keyed by id.
func (h *TargetingHandle) NewStrategyGroups() *Records[int64, targeting.NewStrategyGroup] {
	return h.plans.groups
}

// CampaignPlans returns the campaign plans, keyed by id.
func (h *TargetingHandle) CampaignPlans() *Records[int64, targeting.CampaignPlan] {
	return h.plans.plans
}

// NewStrategyPlanTargetValues returns the strategy plan target values,
// keyed by id (read only through the API: seed them here).
func (h *TargetingHandle) NewStrategyPlanTargetValues() *Records[int64, targeting.NewStrategyPlanTargetValue] {
	return h.plans.values
}
