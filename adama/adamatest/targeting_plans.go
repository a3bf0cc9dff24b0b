package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// targetingPlans are the handles on the plans family's collections of
// group B: strategy templates and new strategy groups.
type targetingPlans struct {
	templates *Records[int64, targeting.StrategyTemplate]
	groups    *Records[int64, targeting.NewStrategyGroup]
}

func newTargetingPlans(st *targetingfake.Store) targetingPlans {
	if st == nil {
		return targetingPlans{templates: &Records[int64, targeting.StrategyTemplate]{}, groups: &Records[int64, targeting.NewStrategyGroup]{}}
	}
	return targetingPlans{
		templates: targetingRecords(st, TargetingStrategyTemplates, func(x *targeting.StrategyTemplate) int64 { return x.ID }),
		groups:    targetingRecords(st, TargetingNewStrategyGroups, func(x *targeting.NewStrategyGroup) int64 { return x.ID }),
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
