package targeting

import "encoding/json"

// NewStrategyGroupUpdateBody returns the body Update would send for g,
// or the validation error it would return before sending.
func NewStrategyGroupUpdateBody(g *NewStrategyGroup) ([]byte, error) {
	body, err := g.updateRequest()
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}

// StrategyTemplateBody returns the body Create and Update would send for
// x, or the validation error they would return before sending.
func StrategyTemplateBody(x *StrategyTemplate) ([]byte, error) {
	body, err := x.createRequest()
	if err != nil {
		return nil, err
	}
	return json.Marshal(body)
}

// CampaignPlanUpdateBody returns the body Update would send for p, or the
// validation error it would return before sending.
func CampaignPlanUpdateBody(p *CampaignPlan) ([]byte, error) {
	body, err := p.updateRequest()
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}
