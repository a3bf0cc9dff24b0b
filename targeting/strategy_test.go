package targeting_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

func newStrategy() *targeting.Strategy {
	start := adama.NewTime(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	end := adama.NewTime(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	return &targeting.Strategy{
		CampaignID: 45, Name: "Retarget", MediaType: targeting.StrategyMediaTypeDisplay, Status: adama.Ptr(true),
		Duration: &targeting.StrategyDuration{StartDate: &start, EndDate: &end},
		Pacing:   &targeting.StrategyPacing{PacingType: targeting.StrategyPacingTypeEven, PacingAmount: adama.Ptr(adama.MustDecimal("23.5")), PacingInterval: targeting.StrategyPacingIntervalDay},
		Goals:    &targeting.StrategyGoals{GoalType: targeting.StrategyGoalTypeCPA, GoalValue: adama.Ptr(adama.MustDecimal("4.25")), MaxBid: adama.Ptr(adama.MustDecimal("12"))},
		Inventory: &targeting.StrategyInventory{RunOnAllPMP: adama.Ptr(false), RunOnAllExchanges: adama.Ptr(true),
			Deals: []targeting.StrategyDealRef{{DealID: 8}}},
	}
}

// exerciseStrategies runs every strategy operation once, for
// TestWireFitsDescription.
func exerciseStrategies(t *testing.T, ctx context.Context, tc *targeting.Client) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	st, err := tc.Strategies.Create(ctx, newStrategy())
	must(err)
	_, err = tc.Strategies.List(ctx, &targeting.StrategyListOptions{Full: true, With: []targeting.StrategyWith{targeting.StrategyWithDeals}, LiveOnly: adama.Ptr(true)})
	must(err)
	st, err = tc.Strategies.GetExtended(ctx, st.ID)
	must(err)
	st.Description = adama.Ptr("the first")
	st, err = tc.Strategies.Update(ctx, st)
	must(err)
	cp, err := tc.Strategies.Copy(ctx, st.ID, &targeting.StrategyCopy{Name: "Copy", Status: false,
		Targeting: &targeting.StrategyCopyTargeting{CopyLocation: adama.Ptr(true)}})
	must(err)
	_, err = tc.Strategies.Healthcheck(ctx, st.ID)
	must(err)
	_, err = tc.Strategies.FriendlyNames(ctx, st.ID)
	must(err)
	_, err = tc.Strategies.ForecastQuery(ctx, st.ID)
	must(err)
	_, err = tc.Strategies.TargetingExpression(ctx, st.ID, true)
	must(err)
	_, err = tc.Strategies.History(ctx, st.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.Strategies.AuditLog(ctx, []int64{st.ID, cp.ID}, nil)
	must(err)
	st.Status = adama.Ptr(false)
	cp.Name = "Copy 2"
	_, err = tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{st, cp})
	must(err)
}

func TestStrategiesCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Strategies.Create(ctx, newStrategy())
	require.NoError(t, err)
	assert.Equal(t, "Retarget", created.Name)
	assert.Equal(t, int64(45), created.CampaignID)
	assert.Equal(t, int64(1), created.Version)
	assert.Equal(t, targeting.StrategyGoalTypeCPA, created.Goals.GoalType)
	assert.Equal(t, "4.25", created.Goals.GoalValue.String())
	assert.Equal(t, []targeting.StrategyDealRef{{DealID: 8}}, created.Inventory.Deals)
	assert.Equal(t, targeting.StrategyFrequencyTypeNoLimit, created.Frequency.FrequencyType, "the server's default")
	assert.Equal(t, targeting.MFAAvoidanceInherit, created.MFAAvoidance)
	assert.Equal(t, targeting.StrategyMFASourceCampaign, created.InheritedMFAFrom)

	got, err := tc.Strategies.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Zero(t, got.AdvertiserID)
	ext, err := tc.Strategies.GetExtended(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(1), ext.AdvertiserID)

	changed := *got
	changed.Name, changed.Pacing = "Retarget 2", &targeting.StrategyPacing{PacingType: targeting.StrategyPacingTypeASAP, PacingAmount: adama.Ptr(adama.MustDecimal("50"))}
	changed.StrategyGroupID = adama.Ptr[int64](3)
	upd, err := tc.Strategies.Update(ctx, &changed)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":1,"name":"Retarget 2","strategy_group_id":3,"pacing":{"pacing_type":"asap","pacing_amount":50}}`,
		string(reqs[len(reqs)-1].Body), "what changed since the read, a nested record whole")
	assert.Equal(t, "Retarget 2", upd.Name)
	assert.Equal(t, int64(2), upd.Version)

	// The first read is stale now.
	got.Archived = adama.Ptr(true)
	_, err = tc.Strategies.Update(ctx, got)
	require.ErrorIs(t, err, adama.ErrConflict)
	mod, err := tc.Strategies.Modify(ctx, created.ID, func(s *targeting.Strategy) error {
		s.Archived = adama.Ptr(true)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr(true), mod.Archived)

	list := collect(t, tc.Strategies.All(ctx, &targeting.StrategyListOptions{ListOptions: targeting.ListOptions{PageLimit: 1}}))
	require.Len(t, list, 1)
	assert.Equal(t, "Retarget 2", list[0].Name)
	assert.Nil(t, list[0].Goals, "a list without full=* holds id, name and entity_type")
	full, err := tc.Strategies.List(ctx, &targeting.StrategyListOptions{Full: true})
	require.NoError(t, err)
	require.Len(t, full.Items, 1)
	assert.NotNil(t, full.Items[0].Goals)

	hist, err := tc.Strategies.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "create", hist.Items[0].Action)
	assert.Equal(t, "update", hist.Items[1].Action)
	assert.Equal(t, "Retarget 2", srv.Targeting().Strategies().Raw(created.ID)["name"])
}

func TestStrategyRulesBeforeSending(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	for name, tt := range map[string]struct {
		s     *targeting.Strategy
		field string
	}{
		"no campaign":   {&targeting.Strategy{Name: "x", MediaType: targeting.StrategyMediaTypeVideo}, "campaign_id"},
		"unknown media": {func() *targeting.Strategy { s := newStrategy(); s.MediaType = "AUDIO"; return s }(), "media_type"},
		"long name":     {func() *targeting.Strategy { s := newStrategy(); s.Name = string(make([]byte, 129)); return s }(), "name"},
		"bid too high": {func() *targeting.Strategy {
			s := newStrategy()
			s.Goals.MaxBid = adama.Ptr(adama.MustDecimal("10000000"))
			return s
		}(), "goals.max_bid"},
		"aggressiveness": {func() *targeting.Strategy {
			s := newStrategy()
			s.Goals.BidAggressiveness = adama.Ptr[int64](101)
			return s
		}(), "goals.bid_aggressiveness"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := tc.Strategies.Create(ctx, tt.s)
			var ve *adama.ValidationError
			require.True(t, errors.As(err, &ve), "%v", err)
			assert.Contains(t, fieldsOfValidation(ve), tt.field)
		})
	}
	_, err := tc.Strategies.Copy(ctx, 1, &targeting.StrategyCopy{})
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "%v", err)
	assert.Contains(t, fieldsOfValidation(ve), "name")
	_, err = tc.Strategies.AuditLog(ctx, nil, nil)
	require.True(t, errors.As(err, &ve), "%v", err)
	_, err = tc.Strategies.Get(ctx, 0)
	require.True(t, errors.As(err, &ve), "%v", err)
	assert.Empty(t, srv.Requests(), "nothing sent")
}

func fieldsOfValidation(ve *adama.ValidationError) []string {
	var out []string
	for _, v := range ve.Violations {
		out = append(out, v.Field)
	}
	return out
}

// The fake refuses what the description refuses: read-only properties,
// a missing required nested field, an unknown enum value.
func TestStrategyFakeRefuses(t *testing.T) {
	_, srv := newClient(t)
	hc, err := srv.NewClient()
	require.NoError(t, err)
	for name, body := range map[string]string{
		"read-only id":     `{"id":4,"campaign_id":1,"name":"x","media_type":"DISPLAY","goals":{"goal_type":"cpa"},"duration":{},"pacing":{"pacing_amount":1}}`,
		"no goal type":     `{"campaign_id":1,"name":"x","media_type":"DISPLAY","goals":{},"duration":{},"pacing":{"pacing_amount":1}}`,
		"unknown media":    `{"campaign_id":1,"name":"x","media_type":"AUDIO","goals":{"goal_type":"cpa"},"duration":{},"pacing":{"pacing_amount":1}}`,
		"missing duration": `{"campaign_id":1,"name":"x","media_type":"DISPLAY","goals":{"goal_type":"cpa"},"pacing":{"pacing_amount":1}}`,
	} {
		t.Run(name, func(t *testing.T) {
			resp, err := hc.Do(context.Background(), &adama.Request{Method: http.MethodPost, Host: adama.HostBase, Path: "/api/v3.0/strategies",
				Auth: adama.AuthSession, Body: []byte(body), ContentType: "application/json"})
			if resp != nil {
				resp.Body.Close()
			}
			require.ErrorIs(t, err, adama.ErrBadRequest)
		})
	}
	assert.Zero(t, srv.Targeting().Strategies().Count())
}

func TestStrategyCopyAndDerivedReads(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	s := newStrategy()
	s.Targeting = &targeting.StrategyTargetingTree{Location: &targeting.StrategyDimensionTargeting{
		Include: []targeting.StrategyTargetValueRef{{TargetValueID: 87, Code: targeting.DimensionRegion}}}}
	st, err := tc.Strategies.Create(ctx, s)
	require.NoError(t, err)

	cp, err := tc.Strategies.Copy(ctx, st.ID, &targeting.StrategyCopy{Name: "Retarget copy", Status: false,
		Duration: &targeting.StrategyCopyDuration{CopyUseCampaignStart: adama.Ptr(true)}})
	require.NoError(t, err)
	assert.NotEqual(t, st.ID, cp.ID)
	assert.Equal(t, "Retarget copy", cp.Name)
	assert.Equal(t, adama.Ptr(false), cp.Status)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"name":"Retarget copy","status":false,"duration":{"copy_use_campaign_start":true}}`, string(reqs[len(reqs)-1].Body))

	hc, err := tc.Strategies.Healthcheck(ctx, st.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.HealthcheckResultPass, hc.Result)
	assert.Equal(t, st.ID, hc.Strategy.ID)
	assert.Equal(t, targeting.HealthcheckResultPass, hc.Creative.ApprovalCheck.Result)
	hc, err = tc.Strategies.Healthcheck(ctx, cp.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.HealthcheckResultFail, hc.Result, "an inactive copy")

	names, err := tc.Strategies.FriendlyNames(ctx, st.ID)
	require.NoError(t, err)
	require.Len(t, names, 1)
	assert.Equal(t, "87", names[0].TargetID)
	assert.Equal(t, "REGN", names[0].DimensionCode)

	fq, err := tc.Strategies.ForecastQuery(ctx, st.ID)
	require.NoError(t, err)
	assert.Equal(t, "12", fq.MaxCPM.String())
	assert.Equal(t, targeting.ForecastFrequencyDurationNotApplicable, fq.FreqDur)

	ex, err := tc.Strategies.TargetingExpression(ctx, st.ID, false)
	require.NoError(t, err)
	assert.NotEmpty(t, ex.Expression)
	_, err = tc.Strategies.TargetingExpression(ctx, st.ID, true)
	require.NoError(t, err)
	reqs = srv.Requests()
	assert.Equal(t, "true", reqs[len(reqs)-1].Query.Get("include_inactive"))

	_, err = tc.Strategies.Healthcheck(ctx, 999)
	require.ErrorIs(t, err, adama.ErrNotFound)

	page, err := tc.Strategies.AuditLog(ctx, []int64{st.ID, cp.ID}, &targeting.HistoryOptions{PageLimit: 1})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, 2, page.TotalCount)
	page, err = tc.Strategies.AuditLog(ctx, []int64{st.ID, cp.ID}, &targeting.HistoryOptions{PageLimit: 1, PageOffset: 1})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, cp.ID, page.Items[0].EntityID)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"id":[1,2]}`, string(reqs[len(reqs)-1].Body))
}

func TestStrategyBulkUpdate(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a, err := tc.Strategies.Create(ctx, newStrategy())
	require.NoError(t, err)
	b, err := tc.Strategies.Create(ctx, newStrategy())
	require.NoError(t, err)

	a.Name, b.Status = "A", adama.Ptr(false)
	res, err := tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{a, b})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, res.Status)
	require.Len(t, res.Succeeded(), 2)
	assert.Equal(t, "A", res.Items[0].Strategy.Name)
	assert.Equal(t, int64(2), res.Items[1].Strategy.Version)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"update":[{"id":1,"version":1,"name":"A"},{"id":2,"version":1,"status":false}]}`, string(reqs[len(reqs)-1].Body))

	// a is stale now: the platform answers 207 without it; nil is refused
	// before sending, the rest sent.
	a.Name = "stale"
	fresh := res.Items[1].Strategy
	fresh.Name = "B"
	res, err = tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{a, nil, fresh})
	require.NoError(t, err)
	assert.Equal(t, http.StatusMultiStatus, res.Status)
	require.Len(t, res.Failed(), 2)
	require.ErrorIs(t, res.Items[0].Err, targeting.ErrBulkItemNotUpdated)
	var ve *adama.ValidationError
	require.True(t, errors.As(res.Items[1].Err, &ve))
	assert.Equal(t, "B", res.Items[2].Strategy.Name)
	assert.Equal(t, "A", srv.Targeting().Strategies().Raw(a.ID)["name"])

	_, err = tc.Strategies.BulkUpdate(ctx, nil)
	require.True(t, errors.As(err, &ve))
	res, err = tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{fresh, fresh})
	require.NoError(t, err)
	require.True(t, errors.As(res.Items[1].Err, &ve), "listed twice")
}

// The fake serves one bulk path for both views: group A's deprecated
// BulkUpdateStrategies still reaches group A's strategies.
func TestStrategyBulkPathSharedWithEntity(t *testing.T) {
	tc, srv := newClient(t, adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "S50", "campaign_id": 1}))
	ctx := context.Background()
	s, err := tc.Strategies.Create(ctx, newStrategy())
	require.NoError(t, err)
	s.Name = "v3"
	res, err := tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{s})
	require.NoError(t, err)
	require.Len(t, res.Succeeded(), 1)
	assert.Equal(t, "S50", srv.Entities().Strategies().Raw(50)["name"])
}
