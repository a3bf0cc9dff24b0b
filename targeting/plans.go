package targeting

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/update"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// ---- strategy templates ----

// StrategyTemplateService calls the strategy template endpoints
// (/strategy_templates; reference tag Strategy Templates). Its methods
// are generated (services_gen.go). A template carries no version: Update
// replaces it with the record sent, and Modify reads, changes and
// replaces it.
type StrategyTemplateService struct {
	g *call.Group
}

// Validate checks the template against every rule the description states
// for its create and update body (the same body: name, description and
// template required, their lengths, the int32 range of the owner ids). It
// returns an *adama.ValidationError or nil.
func (x *StrategyTemplate) Validate() error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, true)
	return v.Err()
}

// checkTemplate checks the rule the generator cannot state on a raw
// value (x-go-validate-also): the template is required, and is text or
// an object (the form the platform answers it in).
func (x *StrategyTemplate) checkTemplate(v *valid.Validator, at string, _ bool) {
	raw := bytes.TrimSpace(x.Template)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		v.Require(valid.Path(at, "template"), false)
		return
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			v.Add(valid.Path(at, "template"), "must be JSON text or an object", string(raw))
		}
	case '{':
		if !json.Valid(raw) {
			v.Add(valid.Path(at, "template"), "must be JSON text or an object", string(raw))
		}
	default:
		v.Add(valid.Path(at, "template"), "must be JSON text or an object", string(raw))
	}
}

// TemplateText returns the template as the text a create or update sends:
// the text itself when the template holds text, the object's JSON (which
// is also YAML) when it holds the object the platform answers.
func (x *StrategyTemplate) TemplateText() (string, error) {
	raw := bytes.TrimSpace(x.Template)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return "", err
	}
	return b.String(), nil
}

// SetTemplateText sets the template to text (the platform's template
// language), which a create or update sends as it is.
func (x *StrategyTemplate) SetTemplateText(text string) {
	b, _ := json.Marshal(text)
	x.Template = b
}

// body is the body a create or update of the template sends: the
// writable fields and Extra (but the read-only fields and the list
// answers' misspelt descriptiom, which names no property of a write),
// the template as text.
func (x *StrategyTemplate) body() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	x.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	text, err := x.TemplateText()
	if err != nil {
		return nil, err
	}
	c := *x
	c.SetTemplateText(text)
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(b, &body); err != nil {
		return nil, err
	}
	for _, k := range []string{"id", "creator_id", "created_on", "updated_on", "descriptiom"} {
		delete(body, k)
	}
	return body, nil
}

// createRequest is the body of a create: the writable fields.
func (x *StrategyTemplate) createRequest() (any, error) { return x.body() }

// updateRequest is the body of an update, which replaces the template:
// the writable fields, as a create sends them.
func (x *StrategyTemplate) updateRequest() (any, error) {
	if x != nil && x.ID <= 0 {
		var v valid.Validator
		v.Add("strategy_template_id", "must be a positive id", x.ID)
		return nil, v.Err()
	}
	return x.body()
}

// validate checks the options: ListOptions' rules and positive owner ids.
func (o *StrategyTemplateListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for name, id := range map[string]int64{"organization_id": o.OrganizationID, "agency_id": o.AgencyID, "advertiser_id": o.AdvertiserID} {
		if id != 0 {
			checkID(&v, name, id)
		}
	}
	return v.Err()
}

// ---- new strategy groups ----

const newStrategyGroupsPath = "/new_strategy_groups"

// NewStrategyGroupService calls the strategy group endpoints of the
// Campaigns API reference's New Strategy Groups (/new_strategy_groups).
// Its methods are generated (services_gen.go) but Get and
// GetWithStrategies.
type NewStrategyGroupService struct {
	g *call.Group
}

// Validate checks the group against every rule the description states
// for a create (campaign_id and name required) or an update: lengths, the
// caps' ranges and kinds. It returns an *adama.ValidationError or nil.
func (x *NewStrategyGroup) Validate(create bool) error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules, the embeds, and the
// campaign_id== term the platform requires in q (it scopes permissions).
func (o *NewStrategyGroupListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for i, w := range o.With {
		valid.Enum(&v, fmt.Sprintf("with[%d]", i), w)
	}
	if !hasCampaignTerm(o.Q) {
		v.Add("q", "must hold a campaign_id== term (for example qlang.Where(\"campaign_id\", qlang.Eq, 100))", nil)
	}
	return v.Err()
}

// hasCampaignTerm reports whether q holds a campaign_id== predicate.
func hasCampaignTerm(q *qlang.Query) bool {
	if q == nil {
		return false
	}
	return slices.ContainsFunc(q.Terms, func(t qlang.Term) bool {
		p, ok := t.(qlang.Predicate)
		return ok && p.Field == "campaign_id" && p.Op == qlang.Eq
	})
}

func (s *NewStrategyGroupService) get(ctx context.Context, id int64, with bool, ro []adama.RequestOption) (*NewStrategyGroup, error) {
	if err := positiveID("new_strategy_group_id", id); err != nil {
		return nil, err
	}
	var q url.Values
	if with {
		q = url.Values{"with": {string(NewStrategyGroupWithStrategies)}}
	}
	return call.One[NewStrategyGroup](ctx, s.g, &call.Call{Path: idPath(newStrategyGroupsPath, id), Query: q}, ro...)
}

// Get returns one strategy group (GET /new_strategy_groups/{id}).
func (s *NewStrategyGroupService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*NewStrategyGroup, error) {
	return s.get(ctx, id, false, ro)
}

// GetWithStrategies returns one strategy group with its strategies
// embedded (Strategies): GET /new_strategy_groups/{id}?with=strategies.
func (s *NewStrategyGroupService) GetWithStrategies(ctx context.Context, id int64, ro ...adama.RequestOption) (*NewStrategyGroup, error) {
	return s.get(ctx, id, true, ro)
}

// ---- campaign plans ----

// CampaignPlanService calls the campaign plan endpoints
// (/campaign_plans; reference tag Campaign Plans). Its methods are
// generated (services_gen.go). The platform does not page the list.
type CampaignPlanService struct {
	g *call.Group
}

// Validate checks the plan against every rule the description states for
// a create (every writable field required, the budget's range and
// currency code's length) or an update (the same but advertiser_id). It
// returns an *adama.ValidationError or nil.
func (x *CampaignPlan) Validate(create bool) error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, create)
	return v.Err()
}

// createRequest is the body of a create: the writable fields, once the
// plan keeps the create's rules.
func (x *CampaignPlan) createRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	x.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body, err := x.writable()
	if err != nil {
		return nil, err
	}
	return json.RawMessage(body), nil
}

// updateRequest is the body of an update: the version read and every
// writable field but advertiser_id, since the platform's update requires
// name, duration, budget and zone_name together (it replaces them). A
// change of advertiser_id since the read is refused.
func (x *CampaignPlan) updateRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if x.ID <= 0 {
		v.Add("campaign_plan_id", "must be a positive id", x.ID)
	}
	if orig := x.original(); orig != nil {
		x.validateChange(&v, orig)
	}
	x.validate(&v, false)
	now, err := x.writable()
	if err != nil {
		return nil, err
	}
	return update.Body(&v, now, nil, x.Version, x.createOnlyFields(), x.fixedFields(), nil)
}

// validate checks nothing: the list takes no options.
func (o *CampaignPlanListOptions) validate() error { return nil }

// ---- new strategy plan target values ----

// NewStrategyPlanTargetValueService lists the target values of strategy
// plans (/new_strategy_plan_target_values; reference tag New Strategy
// Plans). Its methods are generated (services_gen.go).
type NewStrategyPlanTargetValueService struct {
	g *call.Group
}

// validate checks the options: ListOptions' rules.
func (o *NewStrategyPlanTargetValueListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}
