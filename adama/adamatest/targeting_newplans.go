package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// TargetingNewStrategyPlans is the collection of strategy plans
// (/new_strategy_plans) of group B.
const TargetingNewStrategyPlans = targetingfake.NewStrategyPlans

// NewStrategyPlans returns the strategy plans (/new_strategy_plans),
// keyed by id: seed them, read what a test sent, change one as another
// user would (SetRaw bumps its version).
func (h *TargetingHandle) NewStrategyPlans() *Records[int64, targeting.NewStrategyPlan] {
	if h.st == nil {
		return &Records[int64, targeting.NewStrategyPlan]{}
	}
	return targetingRecords(h.st, TargetingNewStrategyPlans, func(x *targeting.NewStrategyPlan) int64 { return x.ID })
}
