package targeting

import "encoding/json"

// NewStrategyPlanUpdateBody returns the body Update would send for p, or
// the validation error it would return before sending.
func NewStrategyPlanUpdateBody(p *NewStrategyPlan) ([]byte, error) {
	body, err := p.updateRequest()
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}

// NewStrategyPlanCreateBody returns the body Create and Forecast would
// send for p, or the validation error they would return before sending.
func NewStrategyPlanCreateBody(p *NewStrategyPlan) ([]byte, error) {
	body, err := p.createRequest()
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}
