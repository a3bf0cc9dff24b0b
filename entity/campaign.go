package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Campaign is a campaign, collection campaigns. Its fields are not shown
// in the spec (2.13) beyond the fast-propagating ones of 4.A (end_date,
// start_date, status, total_budget); the rest follow the reference schema,
// and everything else is kept in Extra.
type Campaign struct {
	Common
	AdvertiserID         int64             `json:"advertiser_id,omitempty" url:"advertiser_id,omitempty"`
	Status               *adama.Bool       `json:"status,omitempty" url:"status,omitempty"`
	StartDate            *adama.Time       `json:"start_date,omitempty" url:"start_date,omitempty"`
	EndDate              *adama.Time       `json:"end_date,omitempty" url:"end_date,omitempty"`
	InitialStartDate     *adama.Time       `json:"initial_start_date,omitempty" url:"-"`
	TotalBudget          adama.Money       `json:"total_budget,omitempty" url:"total_budget,omitempty"`
	CurrencyCode         string            `json:"currency_code,omitempty" url:"currency_code,omitempty"`
	ZoneName             string            `json:"zone_name,omitempty" url:"zone_name,omitempty"`
	GoalType             GoalType          `json:"goal_type,omitempty" url:"goal_type,omitempty"`
	GoalValue            adama.Money       `json:"goal_value,omitempty" url:"goal_value,omitempty"`
	GoalCategory         GoalCategory      `json:"goal_category,omitempty" url:"goal_category,omitempty"`
	ServiceType          ServiceType       `json:"service_type,omitempty" url:"service_type,omitempty"`
	ConversionType       ConversionType    `json:"conversion_type,omitempty" url:"conversion_type,omitempty"`
	FrequencyType        FrequencyType     `json:"frequency_type,omitempty" url:"frequency_type,omitempty"`
	FrequencyInterval    FrequencyInterval `json:"frequency_interval,omitempty" url:"frequency_interval,omitempty"`
	FrequencyAmount      *int              `json:"frequency_amount,omitempty" url:"frequency_amount,omitempty"`
	AdServerID           *int64            `json:"ad_server_id,omitempty" url:"ad_server_id,omitempty"`
	MeritPixelID         *int64            `json:"merit_pixel_id,omitempty" url:"merit_pixel_id,omitempty"`
	PCWindowMinutes      *int              `json:"pc_window_minutes,omitempty" url:"pc_window_minutes,omitempty"`
	PVWindowMinutes      *int              `json:"pv_window_minutes,omitempty" url:"pv_window_minutes,omitempty"`
	PVPct                *adama.Decimal    `json:"pv_pct,omitempty" url:"pv_pct,omitempty"`
	MarginPct            *adama.Decimal    `json:"margin_pct,omitempty" url:"margin_pct,omitempty"`
	SpendCapAmount       adama.Money       `json:"spend_cap_amount,omitempty" url:"spend_cap_amount,omitempty"`
	SpendCapEnabled      *adama.Bool       `json:"spend_cap_enabled,omitempty" url:"spend_cap_enabled,omitempty"`
	SpendCapAutomatic    *adama.Bool       `json:"spend_cap_automatic,omitempty" url:"spend_cap_automatic,omitempty"`
	UseDefaultAdServer   *adama.Bool       `json:"use_default_ad_server,omitempty" url:"use_default_ad_server,omitempty"`
	HasCustomAttribution *adama.Bool       `json:"has_custom_attribution,omitempty" url:"has_custom_attribution,omitempty"`
	IOName               string            `json:"io_name,omitempty" url:"io_name,omitempty"`
	IOReferenceNum       string            `json:"io_reference_num,omitempty" url:"io_reference_num,omitempty"`
	// AdServerFee, AdServerUsername and AdServerPassword are the
	// third-party ad server's fee and log-in (reference schema campaign).
	// AdServerFee and SpendCapAmount are money: the platform sends them as
	// a number or as a one-currency array, and the currency is kept.
	AdServerFee      adama.Money `json:"ad_server_fee,omitempty" url:"ad_server_fee,omitempty"`
	AdServerUsername string      `json:"ad_server_username,omitempty" url:"ad_server_username,omitempty"`
	AdServerPassword string      `json:"ad_server_password,omitempty" url:"ad_server_password,omitempty"`
	// AgencyFeePct is the agency fee percentage.
	AgencyFeePct *adama.Decimal `json:"agency_fee_pct,omitempty" url:"agency_fee_pct,omitempty"`
	// UseSvcFreq turns on the platform's own frequency capping (required
	// on create by the reference schema).
	UseSvcFreq                *adama.Bool    `json:"use_svc_freq,omitempty" url:"use_svc_freq,omitempty"`
	ConversionVariableMinutes *int           `json:"conversion_variable_minutes,omitempty" url:"conversion_variable_minutes,omitempty"`
	DCSDataIsCampaignLevel    *adama.Bool    `json:"dcs_data_is_campaign_level,omitempty" url:"dcs_data_is_campaign_level,omitempty"`
	GoalAlert                 string         `json:"goal_alert,omitempty" url:"goal_alert,omitempty"`
	PacingAlert               *adama.Decimal `json:"pacing_alert,omitempty" url:"pacing_alert,omitempty"`

	// CustomBrainSelections are the campaign's custom brain selections
	// (reference v3.0 schema campaign_full, items
	// campaign_custom_brain_selection), read wherever an answer carries
	// them. The v2.0 form has no key for them, so Create and Update never
	// send them and refuse a record whose selections the caller set or
	// changed: write them with Client.SetCampaignCustomBrainSelections.
	CustomBrainSelections []CustomBrainSelection `json:"custom_brain_selections,omitempty" url:"-"`

	// Advertiser is the embedded parent (with=advertiser); never sent.
	Advertiser *Advertiser `json:"advertiser,omitempty" url:"-"`
}

func (c *Campaign) check(v *valid.Validator, create bool) {
	if create {
		// Required by the reference schema campaign (its use_mm_freq is
		// use_svc_freq here), and name.
		v.Require("name", c.Name != "")
		v.Require("advertiser_id", c.AdvertiserID != 0)
		v.Require("ad_server_id", c.AdServerID != nil)
		v.Require("start_date", c.StartDate != nil && !c.StartDate.IsZero())
		v.Require("end_date", c.EndDate != nil && !c.EndDate.IsZero())
		v.Require("goal_type", c.GoalType != "")
		v.Require("goal_value", len(c.GoalValue) > 0)
		v.Require("service_type", c.ServiceType != "")
		v.Require("total_budget", len(c.TotalBudget) > 0)
		v.Require("use_svc_freq", c.UseSvcFreq != nil)
	}
	if c.ConversionVariableMinutes != nil {
		v.Check(*c.ConversionVariableMinutes >= 0, "conversion_variable_minutes", "must be >= 0", *c.ConversionVariableMinutes)
	}
	checkUnsentBrainSelections(v, c.CustomBrainSelections)
	checkCurrency(v, "currency_code", c.CurrencyCode)
	v.MaxLen("zone_name", c.ZoneName, MaxZoneNameLen)
	checkEnum(v, "goal_category", c.GoalCategory)
	checkEnum(v, "service_type", c.ServiceType)
	checkEnum(v, "conversion_type", c.ConversionType)
	checkFrequency(v, c.FrequencyType, c.FrequencyInterval, c.FrequencyAmount)
	if c.StartDate != nil && c.EndDate != nil && !c.StartDate.IsZero() && !c.EndDate.IsZero() {
		v.Check(!c.EndDate.Before(c.StartDate.Time), "end_date", "must not be before start_date", c.EndDate.String())
	}
}
