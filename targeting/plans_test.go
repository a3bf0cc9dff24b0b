package targeting_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// exercisePlans runs every operation of the plans family for
// TestWireFitsDescription.
func exercisePlans(t *testing.T, ctx context.Context, tc *targeting.Client, h *adamatest.TargetingHandle) {
	t.Helper()
	h.NewStrategyPlanTargetValues().AddRaw(planTargetValue)
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	// Strategy templates.
	tpl := &targeting.StrategyTemplate{OrganizationID: adama.Ptr(int64(1)), Name: "Prospecting", Description: "Prospecting defaults"}
	tpl.SetTemplateText("goal_type: cpa\nbid_price: 2")
	tpl, err := tc.StrategyTemplates.Create(ctx, tpl)
	must(err)
	_, err = tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{OrganizationID: 1, Global: adama.Ptr(false)})
	must(err)
	tpl, err = tc.StrategyTemplates.Get(ctx, tpl.ID)
	must(err)
	tpl.Name = "Prospecting (2)"
	_, err = tc.StrategyTemplates.Update(ctx, tpl)
	must(err)
	must(tc.StrategyTemplates.Delete(ctx, tpl.ID))

	// New strategy groups.
	grp, err := tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 100, Name: "Prospecting",
		SpendCapType: targeting.NewStrategyGroupCapTypeEven, SpendCapAmount: adama.Ptr(adama.MustDecimal("250.50"))})
	must(err)
	in100 := qlang.Where("campaign_id", qlang.Eq, 100)
	_, err = tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{ListOptions: targeting.ListOptions{Q: in100}})
	must(err)
	_, err = tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{Full: true,
		With: []targeting.NewStrategyGroupWith{targeting.NewStrategyGroupWithStrategies}, ListOptions: targeting.ListOptions{Q: in100}})
	must(err)
	_, err = tc.NewStrategyGroups.GetWithStrategies(ctx, grp.ID)
	must(err)
	_, err = tc.NewStrategyGroups.Modify(ctx, grp.ID, func(g *targeting.NewStrategyGroup) error {
		g.SpendCapAmount = nil // nullable: sent as null
		g.SpendCapType = targeting.NewStrategyGroupCapTypeNoLimit
		g.ImpressionCapAmount = adama.Ptr(int64(5000))
		return nil
	})
	must(err)
	_, err = tc.NewStrategyGroups.History(ctx, grp.ID, nil)
	must(err)
	must(tc.NewStrategyGroups.Delete(ctx, grp.ID))

	// Strategy plan target values.
	_, err = tc.NewStrategyPlanTargetValues.List(ctx, nil)
	must(err)
	_, err = tc.NewStrategyPlanTargetValues.List(ctx, &targeting.NewStrategyPlanTargetValueListOptions{Full: true})
	must(err)

	// Campaign plans.
	var plan targeting.CampaignPlan
	must(json.Unmarshal(refExample(t, "createCampaignPlan.request.Example.json"), &plan))
	got, err := tc.CampaignPlans.Create(ctx, &plan)
	must(err)
	_, err = tc.CampaignPlans.List(ctx, nil)
	must(err)
	_, err = tc.CampaignPlans.Modify(ctx, got.ID, func(p *targeting.CampaignPlan) error {
		p.Budget.TotalBudget = adama.MustDecimal("250")
		return nil
	})
	must(err)
}

func plansClient(t *testing.T) (*targeting.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	return targeting.New(c), srv
}

func TestStrategyTemplates(t *testing.T) {
	tc, srv := plansClient(t)
	ctx := context.Background()

	// Each of the reference's create examples decodes and creates.
	ids := map[string]int64{}
	for _, name := range []string{"GlobalTemplate", "OrganizationLevel", "AgencyLevel", "AdvertiserLevel"} {
		var tpl targeting.StrategyTemplate
		require.NoError(t, json.Unmarshal(refExample(t, "createStrategyTemplate.request."+name+".json"), &tpl), name)
		require.Empty(t, tpl.Misfits(), name)
		text, err := tpl.TemplateText()
		require.NoError(t, err)
		assert.Equal(t, "key: value", text, name)
		got, err := tc.StrategyTemplates.Create(ctx, &tpl)
		require.NoError(t, err, name)
		assert.Positive(t, got.ID)
		assert.JSONEq(t, `{"key":"value"}`, string(got.Template), "the platform answers the template parsed")
		ids[name] = got.ID
	}
	assert.Equal(t, 4, srv.Targeting().StrategyTemplates().Count())

	// Lists filter by level and answer the description as descriptiom.
	page, err := tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{Global: adama.Ptr(true)})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, ids["GlobalTemplate"], page.Items[0].ID)
	assert.Equal(t, "this is an example of valid strategy template  at Global level", page.Items[0].Description)
	page, err = tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{AgencyID: 190})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, ids["AgencyLevel"], page.Items[0].ID)
	var n int
	for x, err := range tc.StrategyTemplates.All(ctx, &targeting.StrategyTemplateListOptions{ListOptions: targeting.ListOptions{PageLimit: 3}}) {
		require.NoError(t, err)
		require.NotZero(t, x.ID)
		n++
	}
	assert.Equal(t, 4, n)

	// Modify replaces the template: the object read goes back as text.
	got, err := tc.StrategyTemplates.Modify(ctx, ids["AgencyLevel"], func(x *targeting.StrategyTemplate) error {
		x.Name = "renamed"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "renamed", got.Name)
	assert.JSONEq(t, `{"key":"value"}`, string(got.Template))
	// A list item (no template, descriptiom) saves once its template is set.
	page, err = tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{AdvertiserID: 190})
	require.NoError(t, err)
	item := page.Items[0]
	_, err = tc.StrategyTemplates.Update(ctx, item)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "a list item holds no template")
	item.SetTemplateText("a: 1")
	got, err = tc.StrategyTemplates.Update(ctx, item)
	require.NoError(t, err)
	assert.JSONEq(t, `{"a":1}`, string(got.Template))

	// Rules are checked before sending.
	_, err = tc.StrategyTemplates.Create(ctx, &targeting.StrategyTemplate{Name: "x"})
	require.ErrorAs(t, err, &ve)
	assert.Subset(t, violationFields(ve), []string{"description", "template"})
	assert.NotContains(t, violationFields(ve), "name")
	_, err = tc.StrategyTemplates.Create(ctx, nil)
	require.ErrorAs(t, err, &ve)
	_, err = tc.StrategyTemplates.List(ctx, &targeting.StrategyTemplateListOptions{AgencyID: -1})
	require.ErrorAs(t, err, &ve)

	// Delete; then the template is gone.
	require.NoError(t, tc.StrategyTemplates.Delete(ctx, ids["GlobalTemplate"]))
	_, err = tc.StrategyTemplates.Get(ctx, ids["GlobalTemplate"])
	require.ErrorIs(t, err, adama.ErrNotFound)
	require.ErrorIs(t, tc.StrategyTemplates.Delete(ctx, ids["GlobalTemplate"]), adama.ErrNotFound)
}

func violationFields(ve *adama.ValidationError) []string {
	var out []string
	for _, v := range ve.Violations {
		out = append(out, v.Field)
	}
	return out
}

func TestNewStrategyGroups(t *testing.T) {
	tc, srv := plansClient(t)
	ctx := context.Background()

	grp, err := tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 100, Name: "Retargeting",
		Description: adama.Ptr("site visitors"), ImpressionCapType: targeting.NewStrategyGroupCapTypeASAP, ImpressionCapAmount: adama.Ptr(int64(1000))})
	require.NoError(t, err)
	assert.Positive(t, grp.ID)
	assert.Equal(t, int64(1), grp.Version)
	assert.Equal(t, targeting.NewStrategyGroupCapTypeNoLimit, grp.SpendCapType, "the platform's default")
	_, err = tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 200, Name: "Other"})
	require.NoError(t, err)

	// A list needs the campaign_id== term; without full=* it answers the short form.
	_, err = tc.NewStrategyGroups.List(ctx, nil)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, []string{"q"}, violationFields(ve))
	page, err := tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("campaign_id", qlang.Eq, 100)}})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, "Retargeting", page.Items[0].Name)
	assert.Nil(t, page.Items[0].Description)
	page, err = tc.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{Full: true,
		With: []targeting.NewStrategyGroupWith{targeting.NewStrategyGroupWithStrategies}, ListOptions: targeting.ListOptions{Q: qlang.Where("campaign_id", qlang.Eq, 100)}})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, "site visitors", *page.Items[0].Description)
	assert.NotNil(t, page.Items[0].Strategies)

	// A stale version is a conflict; Modify reads again and retries.
	stale, err := tc.NewStrategyGroups.Get(ctx, grp.ID)
	require.NoError(t, err)
	srv.Targeting().NewStrategyGroups().SetRaw(grp.ID, "name", "changed elsewhere")
	stale.Name = "mine"
	_, err = tc.NewStrategyGroups.Update(ctx, stale)
	require.ErrorIs(t, err, adama.ErrConflict)
	got, err := tc.NewStrategyGroups.Modify(ctx, grp.ID, func(g *targeting.NewStrategyGroup) error {
		g.Description = nil
		g.SpendCapAmount = adama.Ptr(adama.MustDecimal("99.99"))
		return nil
	})
	require.NoError(t, err)
	assert.Nil(t, got.Description)
	assert.Equal(t, "99.99", got.SpendCapAmount.String())
	assert.Equal(t, int64(3), got.Version)

	// campaign_id is create-only; the caps' rules hold before sending.
	got.CampaignID = 300
	_, err = tc.NewStrategyGroups.Update(ctx, got)
	require.ErrorAs(t, err, &ve)
	got.CampaignID = 100
	got.SpendCapAmount = adama.Ptr(adama.MustDecimal("0.001"))
	_, err = tc.NewStrategyGroups.Update(ctx, got)
	require.ErrorAs(t, err, &ve)
	_, err = tc.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{Name: "no campaign", SpendCapType: "weekly"})
	require.ErrorAs(t, err, &ve)
	assert.ElementsMatch(t, []string{"campaign_id", "spend_cap_type"}, violationFields(ve))

	// History lists the create and the update.
	hist, err := tc.NewStrategyGroups.History(ctx, grp.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 2)
	assert.Equal(t, "create", hist.Items[0].Action)

	with, err := tc.NewStrategyGroups.GetWithStrategies(ctx, grp.ID)
	require.NoError(t, err)
	assert.NotNil(t, with.Strategies)

	require.NoError(t, tc.NewStrategyGroups.Delete(ctx, grp.ID))
	_, err = tc.NewStrategyGroups.Get(ctx, grp.ID)
	require.ErrorIs(t, err, adama.ErrNotFound)
	_, err = tc.NewStrategyGroups.Get(ctx, 0)
	require.ErrorAs(t, err, &ve)
	require.False(t, errors.Is(err, adama.ErrNotFound))
}

func TestCampaignPlans(t *testing.T) {
	tc, srv := plansClient(t)
	ctx := context.Background()

	// The reference's create example decodes and creates.
	var plan targeting.CampaignPlan
	require.NoError(t, json.Unmarshal(refExample(t, "createCampaignPlan.request.Example.json"), &plan))
	require.Empty(t, plan.Misfits())
	got, err := tc.CampaignPlans.Create(ctx, &plan)
	require.NoError(t, err)
	assert.Positive(t, got.ID)
	assert.Equal(t, int64(190), got.AdvertiserID)
	assert.Equal(t, "100", got.Budget.TotalBudget.String())
	assert.Equal(t, "USD", got.Budget.CurrencyCode)
	assert.Equal(t, "2050-01-10T23:59:00Z", got.Duration.EndDate.UTC().Format(time.RFC3339))
	assert.Equal(t, int64(1), got.Version)

	// The reference's update example is a whole replacement.
	var upd targeting.CampaignPlan
	require.NoError(t, json.Unmarshal(refExample(t, "updateCampaignPlan.request.Example.json"), &upd))
	got, err = tc.CampaignPlans.Update(ctx, &targeting.CampaignPlan{ID: got.ID, Version: got.Version,
		Name: upd.Name, Duration: upd.Duration, Budget: upd.Budget, ZoneName: upd.ZoneName})
	require.NoError(t, err)
	assert.Equal(t, int64(2), got.Version)

	// A stale version is a conflict; Modify reads again.
	stale, err := tc.CampaignPlans.Get(ctx, got.ID)
	require.NoError(t, err)
	srv.Targeting().CampaignPlans().SetRaw(got.ID, "name", "elsewhere")
	stale.Name = "mine"
	_, err = tc.CampaignPlans.Update(ctx, stale)
	require.ErrorIs(t, err, adama.ErrConflict)
	got, err = tc.CampaignPlans.Modify(ctx, got.ID, func(p *targeting.CampaignPlan) error {
		p.ZoneName = "Europe/Berlin"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "Europe/Berlin", got.ZoneName)
	assert.Equal(t, "elsewhere", got.Name)

	// The platform's own rules: a start in the past is refused.
	past := plan
	past.Duration = &targeting.CampaignPlanDuration{StartDate: adama.NewTime(time.Now().AddDate(0, 0, -2)), EndDate: adama.NewTime(time.Now().AddDate(0, 0, 3))}
	_, err = tc.CampaignPlans.Create(ctx, &past)
	require.ErrorIs(t, err, adama.ErrBadRequest)

	// The stated rules hold before sending; advertiser_id is create-only.
	var ve *adama.ValidationError
	_, err = tc.CampaignPlans.Create(ctx, &targeting.CampaignPlan{Name: "x", Budget: &targeting.CampaignPlanBudget{TotalBudget: adama.MustDecimal("0.5"), CurrencyCode: "EURO"}})
	require.ErrorAs(t, err, &ve)
	assert.ElementsMatch(t, []string{"advertiser_id", "duration", "budget.total_budget", "budget.currency_code", "zone_name"}, violationFields(ve))
	got.AdvertiserID = 191
	_, err = tc.CampaignPlans.Update(ctx, got)
	require.ErrorAs(t, err, &ve)

	page, err := tc.CampaignPlans.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	var n int
	for p, err := range tc.CampaignPlans.All(ctx, nil) {
		require.NoError(t, err)
		assert.Equal(t, "Europe/Berlin", p.ZoneName)
		n++
	}
	assert.Equal(t, 1, n)
}

// planTargetValue is a strategy plan target value in the reference's full
// form.
var planTargetValue = map[string]any{"id": 11, "name": "Region values",
	"strategy_target": map[string]any{"id": 4, "strategy_plan_id": 9, "target_dimension_id": 7, "exclude": false, "active": true, "target_op": "OR"},
	"target_value":    []any{map[string]any{"id": 501, "parent_value_id": nil, "target_dimension_id": 7, "name": "Bavaria", "value": 23, "code": "BY", "is_targetable": true}}}

func TestNewStrategyPlanTargetValues(t *testing.T) {
	tc, srv := plansClient(t)
	ctx := context.Background()
	srv.Targeting().NewStrategyPlanTargetValues().AddRaw(planTargetValue)

	page, err := tc.NewStrategyPlanTargetValues.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, &targeting.NewStrategyPlanTargetValue{ID: 11, EntityType: "strategy_plan_target_value", Name: "Region values"}, page.Items[0])

	page, err = tc.NewStrategyPlanTargetValues.List(ctx, &targeting.NewStrategyPlanTargetValueListOptions{Full: true})
	require.NoError(t, err)
	v := page.Items[0]
	assert.Empty(t, v.Misfits())
	assert.Equal(t, targeting.NewStrategyPlanTargetOpOr, v.StrategyTarget.TargetOp)
	assert.Equal(t, int64(9), v.StrategyTarget.StrategyPlanID)
	require.Len(t, v.TargetValue, 1)
	assert.Equal(t, "BY", *v.TargetValue[0].Code)
	assert.Nil(t, v.TargetValue[0].ParentValueID)
	for x, err := range tc.NewStrategyPlanTargetValues.All(ctx, &targeting.NewStrategyPlanTargetValueListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("id", qlang.Eq, 11)}}) {
		require.NoError(t, err)
		assert.Equal(t, int64(11), x.ID)
	}
}
