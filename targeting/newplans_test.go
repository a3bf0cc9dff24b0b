package targeting_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

// readNewPlanBody reads a body of testdata/v3/newplans, assembled from the
// reference's per-field examples.
func readNewPlanBody(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "v3", "newplans", name))
	require.NoError(t, err)
	return b
}

// newPlanFromExample is the create body of testdata/v3/newplans/create.json.
func newPlanFromExample(t testing.TB) *targeting.NewStrategyPlan {
	t.Helper()
	var p targeting.NewStrategyPlan
	require.NoError(t, json.Unmarshal(readNewPlanBody(t, "create.json"), &p))
	require.Empty(t, p.Misfits())
	return &p
}

// exerciseNewPlans runs every operation of the new strategy plans for
// TestWireFitsDescription.
func exerciseNewPlans(t *testing.T, ctx context.Context, tc *targeting.Client, _ *adamatest.TargetingHandle) {
	t.Helper()
	p, err := tc.NewStrategyPlans.Create(ctx, newPlanFromExample(t))
	require.NoError(t, err)
	_, err = tc.NewStrategyPlans.List(ctx, &targeting.NewStrategyPlanListOptions{AdvertiserID: 7, Extended: adama.Ptr(true)})
	require.NoError(t, err)
	_, err = tc.NewStrategyPlans.GetExtended(ctx, p.ID)
	require.NoError(t, err)
	_, err = tc.NewStrategyPlans.Modify(ctx, p.ID, func(x *targeting.NewStrategyPlan) error {
		x.Goals.MaxBid = adama.Ptr(adama.MustDecimal("9.5"))
		return nil
	})
	require.NoError(t, err)
	_, err = tc.NewStrategyPlans.RunForecast(ctx, p.ID)
	require.NoError(t, err)
	_, err = tc.NewStrategyPlans.Forecast(ctx, newPlanFromExample(t))
	require.NoError(t, err)
	require.NoError(t, tc.NewStrategyPlans.Delete(ctx, p.ID))
}

func TestNewStrategyPlans(t *testing.T) {
	tc, srv := plansClient(t)
	ctx := context.Background()

	// The create example creates; the answer is the reference's shape.
	got, err := tc.NewStrategyPlans.Create(ctx, newPlanFromExample(t))
	require.NoError(t, err)
	assert.Positive(t, got.ID)
	assert.Equal(t, int64(1), got.Version)
	assert.Equal(t, int64(7), got.AdvertiserID)
	assert.Equal(t, "2500.5", got.Budget.Budget.String())
	assert.Equal(t, "America/New_York", got.CampaignZoneName)
	assert.Nil(t, got.Channels, "channels are sent, not answered")
	assert.Equal(t, targeting.DomainTargetTypeApp, got.Inventory.DomainRestrictions.Exclude[0].TargetType)
	assert.Equal(t, "1.25", got.Targeting.Audience.Include[0].Segments[0].UserCPM.String())
	assert.Nil(t, got.Targeting.Audience.Exclude.Segments[0].UserCPM)
	assert.Nil(t, got.Targeting.PostalCodes.Codes, "codes are sent, not answered")
	assert.Nil(t, got.Targeting.PostalCodes.Count, "the count is extended")
	assert.Nil(t, got.Forecast)
	assert.True(t, got.Creatives.AdExpandable.IsNull(), "the example sends null")
	assert.Empty(t, got.Misfits())
	other, err := tc.NewStrategyPlans.Create(ctx, &targeting.NewStrategyPlan{AdvertiserID: 8, Name: "Other"})
	require.NoError(t, err)

	// Extended reads add the counts and the values' names.
	ext, err := tc.NewStrategyPlans.GetExtended(ctx, got.ID)
	require.NoError(t, err)
	require.NotNil(t, ext.Targeting.PostalCodes.Count)
	assert.Equal(t, int64(3), *ext.Targeting.PostalCodes.Count)
	assert.Equal(t, "Value 87", ext.Targeting.Location.Include[0].Name)

	// Lists filter by advertiser; All pages.
	page, err := tc.NewStrategyPlans.List(ctx, &targeting.NewStrategyPlanListOptions{AdvertiserID: 8})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, other.ID, page.Items[0].ID)
	var n int
	for x, err := range tc.NewStrategyPlans.All(ctx, &targeting.NewStrategyPlanListOptions{ListOptions: targeting.ListOptions{PageLimit: 1}}) {
		require.NoError(t, err)
		require.NotZero(t, x.ID)
		n++
	}
	assert.Equal(t, 2, n)

	// A stale version is a conflict; Modify reads again and retries.
	stale, err := tc.NewStrategyPlans.Get(ctx, got.ID)
	require.NoError(t, err)
	require.True(t, srv.Targeting().NewStrategyPlans().SetRaw(got.ID, "name", "changed elsewhere"))
	stale.Name = "mine"
	_, err = tc.NewStrategyPlans.Update(ctx, stale)
	require.ErrorIs(t, err, adama.ErrConflict)
	mod, err := tc.NewStrategyPlans.Modify(ctx, got.ID, func(p *targeting.NewStrategyPlan) error {
		p.Goals.MaxBid = adama.Ptr(adama.MustDecimal("9.5"))
		p.Frequency.FrequencyType = targeting.StrategyFrequencyTypeP1Optimized
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "9.5", mod.Goals.MaxBid.String())
	assert.Equal(t, targeting.StrategyFrequencyTypeP1Optimized, mod.Frequency.FrequencyType)
	assert.Equal(t, "changed elsewhere", mod.Name)
	assert.Equal(t, int64(3), mod.Version)

	// A saved plan's forecast is kept on it; an unsaved one's is answered.
	fc, err := tc.NewStrategyPlans.RunForecast(ctx, got.ID)
	require.NoError(t, err)
	require.NotNil(t, fc.Forecast)
	res := fc.Forecast.ForecastResult
	assert.Equal(t, "success", res.Meta.Status)
	require.Len(t, res.Data.Pricing, 2)
	assert.Equal(t, "0.5", res.Data.Pricing[0].Price.String())
	assert.Equal(t, int64(5001000), res.Data.Pricing[0].Impressions, "2500.5 at a CPM of 0.5")
	assert.Equal(t, 2*res.Data.Pricing[0].Impressions, res.Data.Opps)
	assert.Equal(t, mod.Version, fc.Version, "a forecast changes no setting")
	again, err := tc.NewStrategyPlans.Get(ctx, got.ID)
	require.NoError(t, err)
	assert.Equal(t, fc.Forecast.ForecastResult.Data.Opps, again.Forecast.ForecastResult.Data.Opps)
	eph, err := tc.NewStrategyPlans.Forecast(ctx, newPlanFromExample(t))
	require.NoError(t, err)
	assert.Zero(t, eph.ID, "not saved")
	require.NotNil(t, eph.Forecast)
	assert.Equal(t, 2, srv.Targeting().NewStrategyPlans().Count())

	assert.Equal(t, 2, srv.Targeting().NewStrategyPlans().Count())

	// The stated rules hold before sending.
	var ve *adama.ValidationError
	bad := newPlanFromExample(t)
	bad.Goals.MaxBid = adama.Ptr(adama.MustDecimal("0"))
	bad.Goals.BidAggressiveness = adama.Ptr(int64(101))
	bad.Channels = []targeting.NewStrategyPlanChannel{"radio"}
	bad.Targeting.Recency = append(bad.Targeting.Recency, targeting.StrategyRecency{})
	bad.Inventory.DomainRestrictions.Include[0].TargetType = "SITE"
	_, err = tc.NewStrategyPlans.Create(ctx, bad)
	require.ErrorAs(t, err, &ve)
	assert.Subset(t, violationFields(ve), []string{"goals.max_bid", "goals.bid_aggressiveness", "channels[0]",
		"inventory.domain_restrictions.include[0].target_type"})
	_, err = tc.NewStrategyPlans.Forecast(ctx, bad)
	require.ErrorAs(t, err, &ve)
	_, err = tc.NewStrategyPlans.Create(ctx, nil)
	require.ErrorAs(t, err, &ve)
	mod.AdvertiserID = 9
	_, err = tc.NewStrategyPlans.Update(ctx, mod)
	require.ErrorAs(t, err, &ve, "advertiser_id is create-only")
	_, err = tc.NewStrategyPlans.List(ctx, &targeting.NewStrategyPlanListOptions{AgencyID: -1})
	require.ErrorAs(t, err, &ve)
	_, err = tc.NewStrategyPlans.Get(ctx, 0)
	require.ErrorAs(t, err, &ve)
	_, err = tc.NewStrategyPlans.RunForecast(ctx, 1<<31)
	require.ErrorAs(t, err, &ve)

	// Delete; then the plan is gone.
	require.NoError(t, tc.NewStrategyPlans.Delete(ctx, got.ID))
	_, err = tc.NewStrategyPlans.Get(ctx, got.ID)
	require.ErrorIs(t, err, adama.ErrNotFound)
	require.ErrorIs(t, tc.NewStrategyPlans.Delete(ctx, got.ID), adama.ErrNotFound)
	_, err = tc.NewStrategyPlans.RunForecast(ctx, got.ID)
	require.ErrorIs(t, err, adama.ErrNotFound)
}

// TestNewStrategyPlanFakeRules: the fake platform refuses what the
// reference refuses when the SDK's checks are bypassed.
func TestNewStrategyPlanFakeRules(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	ctx := context.Background()
	for name, tc := range map[string]struct {
		body  string
		field string
	}{
		"read-only":       {`{"id":4,"name":"x"}`, "id"},
		"unknown":         {`{"nickname":"x"}`, "nickname"},
		"inventory":       {`{"inventory":{"run_on_all_pmp":true}}`, "inventory.run_on_all_exchanges"},
		"creatives":       {`{"creatives":{"ad_sizes":[]}}`, "creatives.ad_expandable"},
		"goal range":      {`{"goals":{"max_bid":0}}`, "goals.max_bid"},
		"frequency enum":  {`{"frequency":{"frequency_interval":"year"}}`, "frequency.frequency_interval"},
		"location value":  {`{"targeting":{"location":{"exclude":[{"code":"DMAX"}]}}}`, "targeting.location.exclude[0].target_value_id"},
		"contextual segs": {`{"targeting":{"contextual":{"exclude":{"code":"SFTY"}}}}`, "targeting.contextual.exclude.segments"},
		"not an object":   {`{"creatives":true}`, "creatives"},
		"name length":     {`{"name":"` + strings.Repeat("n", 129) + `"}`, "name"},
	} {
		resp, err := c.Do(ctx, &adama.Request{Method: http.MethodPost, Host: adama.HostBase, Path: "/api/v3.0/new_strategy_plans",
			Auth: adama.AuthSession, Body: []byte(tc.body), ContentType: "application/json"})
		if resp != nil {
			resp.Body.Close()
		}
		var ae *adama.Error
		require.ErrorAs(t, err, &ae, name)
		assert.Equal(t, http.StatusBadRequest, ae.StatusCode, name)
		var fields []string
		for _, f := range ae.Fields {
			fields = append(fields, f.Field)
		}
		assert.Contains(t, fields, tc.field, name)
	}
}

// TestNewStrategyPlanDecode reads the bodies assembled from the
// reference's per-field examples: the extended answer whole, a list, and
// a platform-shaped answer (numbers as text, unknown enum values kept, a
// value of no documented form reported with its raw value).
func TestNewStrategyPlanDecode(t *testing.T) {
	var env struct {
		Data targeting.NewStrategyPlan `json:"data"`
	}
	require.NoError(t, json.Unmarshal(readNewPlanBody(t, "response_extended.json"), &env))
	p := env.Data
	assert.Empty(t, p.Misfits())
	assert.Empty(t, p.Extra)
	assert.Equal(t, int64(33), p.ID)
	assert.Equal(t, int64(8), p.CampaignID)
	assert.Equal(t, "2050-01-31T23:59:59Z", p.CampaignEndDate.UTC().Format("2006-01-02T15:04:05Z07:00"))
	assert.Nil(t, p.Duration.StartDate)
	assert.Equal(t, "8.01", p.Goals.MaxBidWM.String())
	assert.Nil(t, p.Goals.ROITarget)
	assert.Equal(t, targeting.ForecastFrequencyDurationNotApplicable, p.Frequency.FrequencyInterval)
	seg := p.Targeting.Audience.Include[0].Segments[0]
	assert.Equal(t, "Auto intenders", seg.AudienceSegmentName)
	assert.Equal(t, "1.1", seg.CPM.String())
	assert.Equal(t, targeting.PixelBundlePixelTypeEvent, p.Targeting.MyData.Include.Pixels[0].PixelType)
	assert.Equal(t, targeting.PixelOwnerTypeAdvertiser, p.Targeting.MyData.Include.Pixels[0].OwnerType)
	assert.Equal(t, "DMA-501", p.Targeting.Location.Include[0].ProviderCode)
	assert.Equal(t, targeting.DimensionDMA, p.Targeting.Location.Include[0].Code)
	assert.Equal(t, int64(500), *p.Targeting.IPAddresses.Count)
	assert.Equal(t, []targeting.TargetingDay{"M", "T", "W", "S", "U"}, p.Targeting.DayParts[0].Days)
	assert.Nil(t, p.Creatives.AdFormats)
	assert.Equal(t, adama.Some(false), p.Creatives.AdExpandable)
	f := p.Forecast.ForecastResult.Data
	assert.Equal(t, int64(216000), f.Opps)
	assert.Equal(t, "352816.151476", f.Pricing[0].Spend.String())
	assert.Empty(t, f.Errors, "null on success")

	var list struct {
		Data []*targeting.NewStrategyPlan `json:"data"`
	}
	require.NoError(t, json.Unmarshal(readNewPlanBody(t, "list.json"), &list))
	require.Len(t, list.Data, 2)
	assert.True(t, list.Data[0].Inventory.RunOnAllPMP)
	assert.Equal(t, targeting.RestrictionExclude, list.Data[1].Targeting.PostalCodes.Restriction)

	require.NoError(t, json.Unmarshal(readNewPlanBody(t, "response_platform.json"), &env))
	p = env.Data
	assert.Equal(t, int64(33), p.ID, "numbers as text")
	assert.Equal(t, int64(3), p.Version)
	assert.Equal(t, "2500.5", p.Budget.Budget.String())
	assert.Equal(t, int64(50), *p.Goals.BidAggressiveness)
	assert.True(t, p.Inventory.RunOnAllPMP, "a boolean as text")
	assert.Equal(t, targeting.StrategyGoalType("brand_lift"), p.Goals.GoalType, "an unknown enum value is kept")
	assert.False(t, p.Goals.GoalType.Valid())
	assert.Equal(t, targeting.ForecastFrequencyDuration("fortnight"), p.Frequency.FrequencyInterval)
	assert.Equal(t, []targeting.FoldPosition{"ABOVE", "SIDEBAR"}, p.Targeting.FoldPosition)
	assert.Equal(t, targeting.Dimension("ZIPX"), p.Targeting.Location.Include[0].Code)
	assert.Equal(t, "7.665749", p.Forecast.ForecastResult.Data.Pricing[0].Price.String(), "a price as a number")
	assert.Equal(t, int64(216000), p.Forecast.ForecastResult.Data.Opps)
	assert.Equal(t, []adama.Misfit{{Field: "goals.bid_min_devices", Raw: json.RawMessage(`{"at_least": 1}`)}}, p.Misfits())
	assert.JSONEq(t, `2`, string(p.Extra["strategy_count"]), "an unknown property is kept")
	out, err := json.Marshal(&p)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"bid_min_devices":{"at_least":1}`, "the misfit goes back as it came")
	assert.Contains(t, string(out), `"strategy_count":2`)
	assert.True(t, p.Creatives.AdExpandable.IsNull(), "null is kept apart from unset and false")
	assert.Contains(t, string(out), `"ad_expandable":null`)
}
