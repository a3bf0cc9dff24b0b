package byoa

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// CurrentExecutorID is the executor_id settings must name: the reference
// says it "must be set to 2", the current version of the model executor.
const CurrentExecutorID int64 = 2

// MaxBucket is the highest low/high value of a setting: impressions are
// split into buckets 0-99 and a setting covers buckets low..high.
const MaxBucket = 99

// UUIDType says which user identifier splits impressions into buckets.
//
//adama:enum
type UUIDType string

// The UUIDType values.
const (
	UUIDTypeCID  UUIDType = "CID"
	UUIDTypeUUID UUIDType = "UUID"
)

// Setting is one campaign- or strategy-level setting as the server answers
// it: the buckets low..high of the campaign's (or strategy's) impressions
// are valued by model model_id of namespace.
//
// Shape from the custom algorithm API reference, the data items
// of GET /campaign_settings/{campaign_id} and its strategy form.
type Setting struct {
	CampaignID int64 `json:"campaign_id,omitempty"`
	// StrategyID is set for strategy-level settings.
	StrategyID int64 `json:"strategy_id,omitempty"`
	ExecutorID int64 `json:"executor_id"`
	Low        int   `json:"low"`
	High       int   `json:"high"`
	// ModelID is a brain name (or model id).
	ModelID   string      `json:"model_id,omitempty"`
	Namespace string      `json:"namespace,omitempty"`
	UUIDType  UUIDType    `json:"uuid_type,omitempty"`
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type settingAlias Setting

// UnmarshalJSON reads a setting, keeping unknown members in Extra.
func (s *Setting) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*settingAlias)(s), &s.Extra)
}

// Misfits lists the values that fit no documented form, kept and written
// back as they came (see adama.Misfit), nested records' included.
func (s *Setting) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return misfitsOf[settingAlias](s, s.Extra)
}

// MarshalJSON writes the setting with its Extra members.
func (s Setting) MarshalJSON() ([]byte, error) { return encodeObject(settingAlias(s), s.Extra) }

// SettingInput is one entry of a PUT's settings[].
type SettingInput struct {
	// ExecutorID defaults to CurrentExecutorID when zero.
	ExecutorID int64 `json:"executor_id"`
	// Low and High are the bucket range, 0-99, Low <= High.
	Low  int `json:"low"`
	High int `json:"high"`
	// ModelID and Namespace name the model (the namespace is usually the
	// organization id).
	ModelID   string `json:"model_id"`
	Namespace string `json:"namespace"`
}

// SettingsInput is the body of a PUT: the settings and, at the top level,
// the uuid_type they split on.
//
// Shape from the reference's PUT examples: {"settings": [...], "uuid_type":
// "UUID"}.
type SettingsInput struct {
	Settings []SettingInput `json:"settings"`
	UUIDType UUIDType       `json:"uuid_type,omitempty"`
}

// Validate checks the rules of a PUT: at least one setting; low and high
// within 0-99 with low <= high; ranges that do not overlap; an executor
// id among those allowed; model_id and namespace present; a known
// uuid_type.
func (in *SettingsInput) Validate() error { return in.validate([]int64{CurrentExecutorID}) }

func (in *SettingsInput) validate(executors []int64) error {
	var v valid.Validator
	if in == nil {
		v.Require("settings", false)
		return v.Err()
	}
	v.Check(len(in.Settings) > 0, "settings", "at least one setting is required", nil)
	if in.UUIDType != "" {
		v.Check(in.UUIDType.Valid(), "uuid_type", fmt.Sprintf("must be one of %v", UUIDType("").Values()), in.UUIDType)
	}
	type span struct{ lo, hi, i int }
	var spans []span
	for i, s := range in.Settings {
		f := func(name string) string { return fmt.Sprintf("settings[%d].%s", i, name) }
		v.Range(f("low"), int64(s.Low), 0, MaxBucket)
		v.Range(f("high"), int64(s.High), 0, MaxBucket)
		v.Check(s.Low <= s.High, f("low"), "must not exceed high", s.Low)
		if s.ExecutorID != 0 {
			v.Check(slices.Contains(executors, s.ExecutorID), f("executor_id"), fmt.Sprintf("must be one of %v (the current executor)", executors), s.ExecutorID)
		}
		v.Require(f("model_id"), s.ModelID != "")
		v.Require(f("namespace"), s.Namespace != "")
		if s.Low <= s.High {
			spans = append(spans, span{s.Low, s.High, i})
		}
	}
	sort.Slice(spans, func(a, b int) bool { return spans[a].lo < spans[b].lo })
	for k := 1; k < len(spans); k++ {
		if prev, cur := spans[k-1], spans[k]; cur.lo <= prev.hi {
			v.Addf(fmt.Sprintf("settings[%d]", cur.i), fmt.Sprintf("%d-%d", cur.lo, cur.hi),
				"range overlaps settings[%d] (%d-%d)", prev.i, prev.lo, prev.hi)
		}
	}
	return v.Err()
}

// body returns a copy of in with the default executor filled in.
func (in *SettingsInput) body() *SettingsInput {
	out := &SettingsInput{UUIDType: in.UUIDType, Settings: slices.Clone(in.Settings)}
	for i := range out.Settings {
		if out.Settings[i].ExecutorID == 0 {
			out.Settings[i].ExecutorID = CurrentExecutorID
		}
	}
	return out
}

// CampaignSettingsService reads and changes campaign-level settings
// (/campaign_settings/{campaign_id}).
type CampaignSettingsService struct {
	g         *call.Group
	executors []int64
}

// Get returns the campaign's settings. (The server ignores page_limit,
// with and sort_by here, so the SDK offers none.)
func (s *CampaignSettingsService) Get(ctx context.Context, campaignID int64, opts ...adama.RequestOption) ([]Setting, error) {
	return settings(ctx, s.g, &call.Call{Path: "/campaign_settings/" + id(campaignID)}, opts)
}

// Put replaces the campaign's settings. The input is validated before
// sending; in is not changed.
func (s *CampaignSettingsService) Put(ctx context.Context, campaignID int64, in *SettingsInput, opts ...adama.RequestOption) ([]Setting, error) {
	if err := in.validate(s.executors); err != nil {
		return nil, err
	}
	return settings(ctx, s.g, &call.Call{Method: http.MethodPut, Path: "/campaign_settings/" + id(campaignID), JSON: in.body()}, opts)
}

// Delete removes the campaign's settings and returns what was removed.
// The request has no body.
func (s *CampaignSettingsService) Delete(ctx context.Context, campaignID int64, opts ...adama.RequestOption) ([]Setting, error) {
	return settings(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: "/campaign_settings/" + id(campaignID)}, opts)
}

// StrategySettingsService reads and changes strategy-level settings
// (/campaign_settings/{campaign_id}/strategies/{strategy_id}).
type StrategySettingsService struct {
	g         *call.Group
	executors []int64
}

func strategyPath(campaignID, strategyID int64) string {
	return "/campaign_settings/" + id(campaignID) + "/strategies/" + id(strategyID)
}

// Get returns the strategy's settings.
func (s *StrategySettingsService) Get(ctx context.Context, campaignID, strategyID int64, opts ...adama.RequestOption) ([]Setting, error) {
	return settings(ctx, s.g, &call.Call{Path: strategyPath(campaignID, strategyID)}, opts)
}

// Put replaces the strategy's settings, validated before sending.
func (s *StrategySettingsService) Put(ctx context.Context, campaignID, strategyID int64, in *SettingsInput, opts ...adama.RequestOption) ([]Setting, error) {
	if err := in.validate(s.executors); err != nil {
		return nil, err
	}
	return settings(ctx, s.g, &call.Call{Method: http.MethodPut, Path: strategyPath(campaignID, strategyID), JSON: in.body()}, opts)
}

// Delete removes the strategy's settings (no request body) and returns
// what was removed.
func (s *StrategySettingsService) Delete(ctx context.Context, campaignID, strategyID int64, opts ...adama.RequestOption) ([]Setting, error) {
	return settings(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: strategyPath(campaignID, strategyID)}, opts)
}

func settings(ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) ([]Setting, error) {
	var out settingList
	if _, err := g.Into(ctx, c, &out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}

// settingList reads data as a list of settings or, liberally, as one
// setting object.
type settingList []Setting

func (l *settingList) UnmarshalJSON(b []byte) error {
	b = trimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		var one Setting
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*l = settingList{one}
		return nil
	}
	var many []Setting
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*l = many
	return nil
}
