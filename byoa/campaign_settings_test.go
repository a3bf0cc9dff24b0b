package byoa_test

import (
	"context"
	"errors"
	"github.com/adamasdk/adama-go/byoa"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tenPercent() *byoa.Settings {
	return &byoa.Settings{UUIDType: byoa.UUIDTypeUUID, Settings: []byoa.Setting{
		{Low: 0, High: 9, ModelID: "m1", Namespace: "100667"},
	}}
}

func TestSettingsValidation(t *testing.T) {
	ok := byoa.Setting{ExecutorID: 2, Low: 0, High: 49, ModelID: "m", Namespace: "ns"}
	with := func(f func(*byoa.Settings)) *byoa.Settings {
		in := &byoa.Settings{Settings: []byoa.Setting{ok}, UUIDType: byoa.UUIDTypeCID}
		f(in)
		return in
	}
	tests := []struct {
		name  string
		in    *byoa.Settings
		field string
		rule  string
	}{
		{"valid", with(func(*byoa.Settings) {}), "", ""},
		{"nil", nil, "settings", "required"},
		{"empty", with(func(in *byoa.Settings) { in.Settings = nil }), "settings", "at least one"},
		{"low below 0", with(func(in *byoa.Settings) { in.Settings[0].Low = -1 }), "settings[0].low", "between 0 and 99"},
		{"high above 99", with(func(in *byoa.Settings) { in.Settings[0].High = 100 }), "settings[0].high", "between 0 and 99"},
		{"high 99", with(func(in *byoa.Settings) { in.Settings[0].High = 99 }), "", ""},
		{"low above high", with(func(in *byoa.Settings) { in.Settings[0].Low = 50 }), "settings[0].low", "must not exceed high"},
		{"low equals high", with(func(in *byoa.Settings) { in.Settings[0].Low = 49 }), "", ""},
		{"overlap", with(func(in *byoa.Settings) {
			in.Settings = append(in.Settings, byoa.Setting{Low: 49, High: 99, ModelID: "m2", Namespace: "ns"})
		}), "settings[1]", "overlaps settings[0]"},
		{"adjacent", with(func(in *byoa.Settings) {
			in.Settings = append(in.Settings, byoa.Setting{Low: 50, High: 99, ModelID: "m2", Namespace: "ns"})
		}), "", ""},
		{"overlap out of order", with(func(in *byoa.Settings) {
			in.Settings = []byoa.Setting{{Low: 60, High: 99, ModelID: "a", Namespace: "n"}, {Low: 0, High: 60, ModelID: "b", Namespace: "n"}}
		}), "settings[0]", "overlaps settings[1]"},
		{"old executor", with(func(in *byoa.Settings) { in.Settings[0].ExecutorID = 1 }), "settings[0].executor_id", "current executor"},
		{"executor defaulted", with(func(in *byoa.Settings) { in.Settings[0].ExecutorID = 0 }), "", ""},
		{"model_id missing", with(func(in *byoa.Settings) { in.Settings[0].ModelID = "" }), "settings[0].model_id", "required"},
		{"namespace missing", with(func(in *byoa.Settings) { in.Settings[0].Namespace = "" }), "settings[0].namespace", "required"},
		{"uuid_type unknown", with(func(in *byoa.Settings) { in.UUIDType = "cookie" }), "uuid_type", "must be one of"},
		{"uuid_type UUID", with(func(in *byoa.Settings) { in.UUIDType = byoa.UUIDTypeUUID }), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.in.Validate()
			if tt.field == "" {
				require.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), "%v", err)
			assert.ErrorIs(t, err, adama.ErrValidation)
		})
	}
}

func TestSettingsValidationReportsEveryRule(t *testing.T) {
	in := &byoa.Settings{UUIDType: "x", Settings: []byoa.Setting{{ExecutorID: 7, Low: 5, High: 1}}}
	var ve *adama.ValidationError
	require.ErrorAs(t, in.Validate(), &ve)
	for _, f := range []string{"uuid_type", "settings[0].low", "settings[0].executor_id", "settings[0].model_id", "settings[0].namespace"} {
		assert.True(t, ve.Has(f, ""), f)
	}
}

func TestCampaignSettingsLifecycle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()

	_, err := f.c.CampaignSettings.Get(ctx, 675865)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_CampaignSetting", ae.Code)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)

	in := &byoa.Settings{UUIDType: byoa.UUIDTypeUUID, Settings: []byoa.Setting{
		{Low: 0, High: 49, ModelID: "tree_brain", Namespace: "mm"},
		{Low: 50, High: 99, ModelID: "campaign_100001_tf", Namespace: "mm"},
	}}
	got, err := f.c.CampaignSettings.Update(ctx, owned(675865, 0, in))
	require.NoError(t, err)
	require.Len(t, got.Settings, 2)
	assert.Equal(t, int64(0), in.Settings[0].ExecutorID, "the caller's input is not changed")
	assert.Equal(t, int64(675865), got.CampaignID)
	assert.Equal(t, byoa.UUIDTypeUUID, got.UUIDType)
	assert.Equal(t, byoa.CurrentExecutorID, got.Settings[0].ExecutorID)
	assert.Equal(t, byoa.UUIDTypeUUID, got.Settings[1].UUIDType)
	assert.Equal(t, 50, got.Settings[1].Low)
	require.NotNil(t, got.Settings[0].CreatedOn)
	assert.False(t, got.Settings[0].CreatedOn.IsZero())

	read, err := f.c.CampaignSettings.Get(ctx, 675865)
	require.NoError(t, err)
	assert.Equal(t, got, read)
	stored, ok := f.srv.BYOA().Settings().Get(adamatest.BYOASettingsKey{CampaignID: 675865})
	require.True(t, ok)
	assert.Len(t, stored.Settings, 2)

	require.NoError(t, f.c.CampaignSettings.Delete(ctx, 675865))
	_, ok = f.srv.BYOA().Settings().Get(adamatest.BYOASettingsKey{CampaignID: 675865})
	assert.False(t, ok)
	_, err = f.c.CampaignSettings.Get(ctx, 675865)
	assert.Error(t, err)

	assert.Equal(t, []string{
		"GET /campaign_settings/675865", "PUT /campaign_settings/675865", "GET /campaign_settings/675865",
		"DELETE /campaign_settings/675865", "GET /campaign_settings/675865",
	}, f.host.Paths(), "every group H call goes to {byoa_url}")
}

func TestStrategySettingsLifecycle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	got, err := f.c.StrategySettings.Update(ctx, owned(10000, 1000, tenPercent()))
	require.NoError(t, err)
	require.Len(t, got.Settings, 1)
	assert.Equal(t, int64(1000), got.StrategyID)
	assert.Equal(t, int64(1000), got.Settings[0].StrategyID)
	assert.Equal(t, int64(10000), got.Settings[0].CampaignID)
	assert.Equal(t, 9, got.Settings[0].High)

	read, err := f.c.StrategySettings.Get(ctx, 10000, 1000)
	require.NoError(t, err)
	assert.Equal(t, got, read)
	_, err = f.c.CampaignSettings.Get(ctx, 10000)
	assert.Error(t, err, "strategy settings are not campaign settings")

	require.NoError(t, f.c.StrategySettings.Delete(ctx, 10000, 1000))
	assert.Zero(t, f.srv.BYOA().Settings().Count())
	reqs := f.srv.Requests()
	last := reqs[len(reqs)-1]
	assert.Equal(t, http.MethodDelete, last.Method)
	assert.Empty(t, last.Body, "the strategy DELETE has no body")

	err = f.c.StrategySettings.Delete(ctx, 10000, 1000)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_CampaignSetting", ae.Code)
}

func TestSettingsRefusedBeforeSending(t *testing.T) {
	f := newFixture(t)
	bad := &byoa.Settings{Settings: []byoa.Setting{{Low: 10, High: 5, ModelID: "m", Namespace: "n"}}}
	_, err := f.c.CampaignSettings.Update(context.Background(), owned(1, 0, bad))
	assert.ErrorIs(t, err, adama.ErrValidation)
	_, err = f.c.StrategySettings.Update(context.Background(), owned(1, 2, bad))
	assert.ErrorIs(t, err, adama.ErrValidation)
	assert.Empty(t, f.host.Paths())
}

func TestSettingsFakeEnforcesRules(t *testing.T) {
	// WithExecutorIDs lets the SDK send what the fake must then refuse.
	f := newFixture(t, byoa.WithExecutorIDs(1, 2))
	ctx := context.Background()
	_, err := f.c.CampaignSettings.Update(ctx, owned(5, 0, &byoa.Settings{Settings: []byoa.Setting{{ExecutorID: 1, High: 99, ModelID: "m", Namespace: "n"}}}))
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_Executor", ae.Code)
	assert.Equal(t, "Executor with ID 1 not found.", ae.Message)

	f.srv.BYOA().AddExecutor(9, "other", adamaExecutor(1))
	_, err = f.c.CampaignSettings.Update(ctx, owned(5, 0, &byoa.Settings{Settings: []byoa.Setting{{ExecutorID: 1, High: 99, ModelID: "m", Namespace: "n"}}}))
	require.NoError(t, err, "an executor the platform knows is accepted")
}

func TestSettingsRetriedAfterServerError(t *testing.T) {
	f := newFixture(t)
	f.srv.FailNext("/campaign_settings", 2, http.StatusServiceUnavailable, "")
	got, err := f.c.CampaignSettings.Update(context.Background(), owned(7, 0, tenPercent()))
	require.NoError(t, err)
	assert.Len(t, got.Settings, 1)

	f.srv.FailNext("/campaign_settings", 10, http.StatusInternalServerError, "")
	_, err = f.c.CampaignSettings.Get(context.Background(), 7)
	assert.ErrorIs(t, err, adama.ErrServer)
}

func TestSettingsDenied(t *testing.T) {
	f := newFixture(t)
	f.srv.Deny("/campaign_settings")
	_, err := f.c.CampaignSettings.Get(context.Background(), 7)
	assert.True(t, errors.Is(err, adama.ErrForbidden), "%v", err)
}

// TestFakeRefusesWhatTheSDKWouldNotSend sends raw bodies past the SDK's
// checks: the fake enforces the group's rules itself.
func TestFakeRefusesWhatTheSDKWouldNotSend(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name, method, path, body, code string
	}{
		{"overlap", "PUT", "/campaign_settings/1", `{"settings":[{"executor_id":2,"low":0,"high":50,"model_id":"m","namespace":"n"},{"executor_id":2,"low":50,"high":99,"model_id":"m","namespace":"n"}]}`, "Overlapping_ranges"},
		{"high above 99", "PUT", "/campaign_settings/1", `{"settings":[{"executor_id":2,"low":0,"high":100,"model_id":"m","namespace":"n"}]}`, "Invalid_range"},
		{"low above high", "PUT", "/campaign_settings/1/strategies/2", `{"settings":[{"executor_id":2,"low":9,"high":1,"model_id":"m","namespace":"n"}]}`, "Invalid_range"},
		{"no executor", "PUT", "/campaign_settings/1", `{"settings":[{"low":0,"high":9,"model_id":"m","namespace":"n"}]}`, "Not_Found_Executor"},
		{"uuid type", "PUT", "/campaign_settings/1", `{"settings":[{"executor_id":2,"low":0,"high":9,"model_id":"m","namespace":"n"}],"uuid_type":"cookie"}`, "Invalid_uuid_type"},
		{"no model", "PUT", "/campaign_settings/1", `{"settings":[{"executor_id":2,"low":0,"high":9,"namespace":"n"}]}`, "Invalid_model"},
		{"no settings", "PUT", "/campaign_settings/1", `{"uuid_type":"CID"}`, "Invalid_settings"},
		{"not JSON", "PUT", "/campaign_settings/1", `settings`, "JSON_Decode_Error"},
		{"model without data", "PUT", "/data/n/models/m", `{"brain_type_id":1003}`, "Missing_data"},
		{"model brain type", "PUT", "/data/n/models/m", `{"data":"x","brain_type_id":3}`, "Invalid_brain_type_id"},
		{"sample rate", "PATCH", "/custombidrouter/1/executors/4", `{"sample_rate":101}`, "Invalid_sample_rate"},
		{"namespace model", "GET", "/data/n?model_id=zz", ``, "Invalid_model_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, query, _ := strings.Cut(tt.path, "?")
			q, _ := url.ParseQuery(query)
			_, err := f.ac.Do(context.Background(), &adama.Request{Method: tt.method, Host: adama.HostBYOA, Path: path, Query: q,
				Body: []byte(tt.body), ContentType: "application/json", Auth: adama.AuthSession})
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
			assert.Equal(t, tt.code, ae.Code)
		})
	}
	assert.Zero(t, f.srv.BYOA().Settings().Count())
}

func TestCampaignSettingsModify(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	_, err := f.c.CampaignSettings.Update(ctx, owned(42, 0, tenPercent()))
	require.NoError(t, err)

	got, err := f.c.CampaignSettings.Modify(ctx, 42, func(s *byoa.Settings) error {
		s.Settings[0].High = 19
		s.Settings = append(s.Settings, byoa.Setting{Low: 20, High: 29, ModelID: "second", Namespace: "ns"})
		return nil
	})
	require.NoError(t, err)
	require.Len(t, got.Settings, 2)
	assert.Equal(t, int64(42), got.CampaignID)
	assert.Equal(t, byoa.UUIDTypeUUID, got.UUIDType, "the uuid_type read is sent back")
	stored, ok := f.srv.BYOA().Settings().Get(adamatest.BYOASettingsKey{CampaignID: 42})
	require.True(t, ok)
	require.Len(t, stored.Settings, 2)
	assert.Equal(t, 19, stored.Settings[0].High)
	assert.Equal(t, "second", stored.Settings[1].ModelID)
	assert.Equal(t, byoa.UUIDTypeUUID, stored.Settings[1].UUIDType)

	boom := errors.New("boom")
	_, err = f.c.CampaignSettings.Modify(ctx, 42, func(*byoa.Settings) error { return boom })
	assert.ErrorIs(t, err, boom)
	_, err = f.c.CampaignSettings.Modify(ctx, 43, func(*byoa.Settings) error { return nil })
	var ae *adama.Error
	require.ErrorAs(t, err, &ae, "no settings to read")
	assert.Equal(t, "Not_Found_CampaignSetting", ae.Code)
}

func TestSettingsUpdateNeedsItsOwner(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		save  func(*byoa.Settings) error
		rec   *byoa.Settings
		field string
	}{
		{"campaign without id", func(r *byoa.Settings) error { _, err := f.c.CampaignSettings.Update(ctx, r); return err }, tenPercent(), "CampaignID"},
		{"campaign with a strategy", func(r *byoa.Settings) error { _, err := f.c.CampaignSettings.Update(ctx, r); return err }, owned(1, 2, tenPercent()), "StrategyID"},
		{"strategy without strategy", func(r *byoa.Settings) error { _, err := f.c.StrategySettings.Update(ctx, r); return err }, owned(1, 0, tenPercent()), "StrategyID"},
		{"nil", func(r *byoa.Settings) error { _, err := f.c.StrategySettings.Update(ctx, r); return err }, nil, "Settings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.save(tt.rec)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, ""), "%v", err)
		})
	}
	assert.Empty(t, f.host.Paths())
}
