package adamatest

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/entity"
)

// StrategyTargets returns the strategy_target records strategy
// strategyID has, as the fake stores them (set through
// strategies/{id}/target_values and target_dimensions/{dimension}).
func (e *EntitiesHandle) StrategyTargets(strategyID int64) []*entity.StrategyTarget {
	if e.st == nil {
		return nil
	}
	var out []*entity.StrategyTarget
	for _, rec := range e.st.StrategyTargets(strategyID) {
		b, err := json.Marshal(rec)
		if err != nil {
			continue
		}
		var t entity.StrategyTarget
		if json.Unmarshal(b, &t) == nil {
			out = append(out, &t)
		}
	}
	return out
}

// StrategyPostcodes returns the postal codes last uploaded for strategy
// strategyID (strategies/{id}/target_postcodes).
func (e *EntitiesHandle) StrategyPostcodes(strategyID int64) []string {
	if e.st == nil {
		return nil
	}
	return e.st.StrategyPostcodes(strategyID)
}

// UploadBatch returns the status of the creative or creative asset upload
// batch id ("" when there is none), its items' names and the ids created
// by its approval (creatives/upload, creative_assets/upload).
func (e *EntitiesHandle) UploadBatch(id string) (status string, names []string, ids []int64) {
	if e.st == nil {
		return "", nil, nil
	}
	return e.st.Batch(id)
}
