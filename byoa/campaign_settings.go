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
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/valid"
)

// CurrentExecutorID is the executor_id settings must name: the reference
// says it "must be set to 2", the current version of the model executor.
const CurrentExecutorID int64 = 2

// MaxBucket is the highest low/high value of a setting: impressions are
// split into buckets 0-99 and a setting covers buckets low..high.
const MaxBucket = 99

// Settings is the whole of one campaign's settings (StrategyID zero) or
// one strategy's: the read-change-save record of CampaignSettings and
// StrategySettings. Update replaces the settings with those of the record
// (the platform's PUT replaces them all).
//
// Shape from the custom algorithm API reference: the PUT body
// {"settings": [...], "uuid_type": "UUID"} and the data of the answers.
type Settings struct {
	// CampaignID and StrategyID say whose settings these are; they are
	// the path of the request, not sent in the body.
	CampaignID int64 `json:"-"`
	StrategyID int64 `json:"-"`
	// UUIDType is the identifier the settings split on, sent at the top
	// level of the body. Read from the settings' uuid_type.
	UUIDType UUIDType `json:"uuid_type,omitempty"`
	// Settings are the bucket ranges and their models. Update sends
	// executor_id (CurrentExecutorID when zero), low, high, model_id,
	// namespace and each setting's Extra members.
	Settings []Setting `json:"settings"`
}

// Validate checks the rules of a PUT: at least one setting; low and high
// within 0-99 with low <= high; ranges that do not overlap; an executor
// id among those allowed; model_id and namespace present; a known
// uuid_type.
func (in *Settings) Validate() error { return in.validate([]int64{CurrentExecutorID}) }

func (in *Settings) validate(executors []int64) error {
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
	for i := range in.Settings {
		s, at := &in.Settings[i], valid.Index("", "settings", i)
		// The rules the description states of each entry (records_gen.go),
		// then those it cannot: low <= high, an allowed executor.
		s.validateAt(&v, at, true)
		v.Check(s.Low <= s.High, valid.Path(at, "low"), "must not exceed high", s.Low)
		if s.ExecutorID != 0 {
			v.Check(slices.Contains(executors, s.ExecutorID), valid.Path(at, "executor_id"), fmt.Sprintf("must be one of %v (the current executor)", executors), s.ExecutorID)
		}
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

// settingBody is one entry of a PUT's settings[]: the writable members of
// a Setting, in the reference's order, and its Extra members.
type settingBody struct {
	ExecutorID int64  `json:"executor_id"`
	Low        int    `json:"low"`
	High       int    `json:"high"`
	ModelID    string `json:"model_id"`
	Namespace  string `json:"namespace"`
}

type settingEntry struct {
	settingBody
	extra map[string]json.RawMessage
}

func (e settingEntry) MarshalJSON() ([]byte, error) { return encodeObject(e.settingBody, e.extra) }

type settingsBody struct {
	Settings []settingEntry `json:"settings"`
	UUIDType UUIDType       `json:"uuid_type,omitempty"`
}

// body returns the PUT body of in with the default executor filled in;
// in is not changed.
func (in *Settings) body() *settingsBody {
	out := &settingsBody{UUIDType: in.UUIDType, Settings: make([]settingEntry, len(in.Settings))}
	for i, s := range in.Settings {
		e := settingEntry{settingBody: settingBody{ExecutorID: s.ExecutorID, Low: s.Low, High: s.High, ModelID: s.ModelID, Namespace: s.Namespace}, extra: s.Extra}
		if e.ExecutorID == 0 {
			e.ExecutorID = CurrentExecutorID
		}
		out.Settings[i] = e
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
func (s *CampaignSettingsService) Get(ctx context.Context, campaignID int64, opts ...adama.RequestOption) (*Settings, error) {
	return settings(ctx, s.g, &call.Call{Path: "/campaign_settings/" + id(campaignID)}, campaignID, 0, opts)
}

// Update replaces the campaign's settings (rec.CampaignID) with those of
// rec and returns the settings the platform answers. rec is validated
// before sending and not changed; its StrategyID must be zero (strategy
// settings are StrategySettings').
func (s *CampaignSettingsService) Update(ctx context.Context, rec *Settings, opts ...adama.RequestOption) (*Settings, error) {
	if err := checkOwner(rec, false); err != nil {
		return nil, err
	}
	if err := rec.validate(s.executors); err != nil {
		return nil, err
	}
	return settings(ctx, s.g, &call.Call{Method: http.MethodPut, Path: "/campaign_settings/" + id(rec.CampaignID), JSON: rec.body()}, rec.CampaignID, 0, opts)
}

// Modify reads the campaign's settings, lets fn change them and saves
// them with Update (see modify.Run's rounds on a conflict).
func (s *CampaignSettingsService) Modify(ctx context.Context, campaignID int64, fn func(*Settings) error, opts ...adama.RequestOption) (*Settings, error) {
	return modify.Run(ctx, "campaign settings "+id(campaignID),
		func(ctx context.Context) (*Settings, error) { return s.Get(ctx, campaignID, opts...) },
		fn,
		func(ctx context.Context, rec *Settings) (*Settings, error) { return s.Update(ctx, rec, opts...) })
}

// Delete removes the campaign's settings. The request has no body.
func (s *CampaignSettingsService) Delete(ctx context.Context, campaignID int64, opts ...adama.RequestOption) error {
	_, err := settings(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: "/campaign_settings/" + id(campaignID)}, campaignID, 0, opts)
	return err
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
func (s *StrategySettingsService) Get(ctx context.Context, campaignID, strategyID int64, opts ...adama.RequestOption) (*Settings, error) {
	return settings(ctx, s.g, &call.Call{Path: strategyPath(campaignID, strategyID)}, campaignID, strategyID, opts)
}

// Update replaces the strategy's settings (rec.CampaignID,
// rec.StrategyID) with those of rec, validated before sending, and
// returns the settings the platform answers.
func (s *StrategySettingsService) Update(ctx context.Context, rec *Settings, opts ...adama.RequestOption) (*Settings, error) {
	if err := checkOwner(rec, true); err != nil {
		return nil, err
	}
	if err := rec.validate(s.executors); err != nil {
		return nil, err
	}
	return settings(ctx, s.g, &call.Call{Method: http.MethodPut, Path: strategyPath(rec.CampaignID, rec.StrategyID), JSON: rec.body()}, rec.CampaignID, rec.StrategyID, opts)
}

// Delete removes the strategy's settings (no request body).
func (s *StrategySettingsService) Delete(ctx context.Context, campaignID, strategyID int64, opts ...adama.RequestOption) error {
	_, err := settings(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: strategyPath(campaignID, strategyID)}, campaignID, strategyID, opts)
	return err
}

// checkOwner refuses a record that names no campaign (or, for strategy
// settings, no strategy; for campaign settings, a strategy).
func checkOwner(rec *Settings, strategy bool) error {
	var v valid.Validator
	v.Require("Settings", rec != nil)
	if rec != nil {
		v.Require("CampaignID", rec.CampaignID != 0)
		if strategy {
			v.Require("StrategyID", rec.StrategyID != 0)
		} else {
			v.Check(rec.StrategyID == 0, "StrategyID", "strategy settings are saved by StrategySettings", rec.StrategyID)
		}
	}
	return v.Err()
}

// settings sends c and reads the answer's settings as the record of
// campaignID (and strategyID); its UUIDType is the first setting's.
func settings(ctx context.Context, g *call.Group, c *call.Call, campaignID, strategyID int64, opts []adama.RequestOption) (*Settings, error) {
	var out settingList
	if _, err := g.Into(ctx, c, &out, opts...); err != nil {
		return nil, err
	}
	rec := &Settings{CampaignID: campaignID, StrategyID: strategyID, Settings: out}
	if len(out) > 0 {
		rec.UUIDType = out[0].UUIDType
	}
	return rec, nil
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
