package entity

import (
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// goalValueRequired lists the goal types that need goal_value.
var goalValueRequired = map[GoalType]bool{
	GoalTypeCPA: true, GoalTypeCPC: true, GoalTypeReach: true,
	GoalTypeROI: true, GoalTypeVCR: true, GoalTypeCTR: true,
}

func (s *Strategy) check(v *valid.Validator, create bool) {
	if create {
		// Required by the reference schema strategy: budget, campaign_id,
		// goal_type, goal_value, max_bid, name, pacing_amount, type.
		v.Require("name", s.Name != "")
		v.Require("campaign_id", s.CampaignID != 0)
		v.Require("budget", len(s.Budget) > 0)
		v.Require("goal_type", s.GoalType != "")
		v.Require("goal_value", len(s.GoalValue) > 0)
		v.Require("max_bid", len(s.MaxBid) > 0)
		v.Require("pacing_amount", len(s.PacingAmount) > 0)
		v.Require("type", s.Type != "")
	}
	v.MaxLen("name", s.Name, MaxNameLen)
	v.MaxLen("description", s.Description, MaxDescriptionLen)
	v.MaxLen("pixel_target_expr", s.PixelTargetExpr, MaxPixelTargetExprLen)
	v.MaxLen("feature_compatibility", s.FeatureCompatibility, MaxFeatureCompatibilityLen)
	v.MaxLen("zone_name", s.ZoneName, MaxZoneNameLen)
	v.Check(s.CampaignID >= 0, "campaign_id", "must be >= 0", s.CampaignID)
	if s.ImpressionCap != nil {
		v.Check(*s.ImpressionCap >= 0, "impression_cap", "must be >= 0", *s.ImpressionCap)
	}
	checkEnum(v, "type", s.Type)
	checkEnum(v, "supply_type", s.SupplyType)
	checkEnum(v, "media_type", s.MediaType)
	checkEnum(v, "goal_type", s.GoalType)
	checkEnum(v, "pacing_type", s.PacingType)
	checkEnumIn(v, "pacing_interval", s.PacingInterval, PacingIntervalHour, PacingIntervalDay)
	checkEnum(v, "impression_pacing_type", s.ImpressionPacingType)
	// Input takes hour and day; the others only appear in output (and are
	// checked only when the caller sets them, see Update).
	checkEnumIn(v, "impression_pacing_interval", s.ImpressionPacingInterval, PacingIntervalHour, PacingIntervalDay)
	checkEnum(v, "audience_segment_include_op", s.AudienceSegmentIncludeOp)
	checkEnum(v, "audience_segment_exclude_op", s.AudienceSegmentExcludeOp)
	checkEnum(v, "exchange_type_for_run_on_all", s.ExchangeTypeForRunOnAll)
	checkEnum(v, "site_selectiveness", s.SiteSelectiveness)
	checkFrequency(v, s.FrequencyType, s.FrequencyInterval, s.FrequencyAmount)
	// A strategy's frequency_interval takes day, month, week and hour on
	// input; campaign and not-applicable only appear in output.
	if s.FrequencyInterval.Valid() {
		checkEnumIn(v, "frequency_interval", s.FrequencyInterval, FrequencyIntervalDay, FrequencyIntervalMonth, FrequencyIntervalWeek, FrequencyIntervalHour)
	}
	if s.BidAggressiveness != nil {
		v.Range("bid_aggressiveness", int64(*s.BidAggressiveness), 0, 100)
	}
	if s.BidMinDevices != nil {
		v.Range("bid_min_devices", int64(*s.BidMinDevices), 1, 5)
	}
	// end_date against use_campaign_end.
	hasEnd := s.EndDate != nil && !s.EndDate.IsZero()
	if isOn(s.UseCampaignEnd) {
		if hasEnd {
			v.Add("end_date", "must not be set when use_campaign_end is on", s.EndDate.String())
		}
	} else if create || isOff(s.UseCampaignEnd) {
		v.Check(hasEnd, "end_date", "required when use_campaign_end is off", nil)
	}
	if hasEnd && s.StartDate != nil && !s.StartDate.IsZero() && !isOn(s.UseCampaignStart) {
		v.Check(!s.EndDate.Before(s.StartDate.Time), "end_date", "must not be before start_date", s.EndDate.String())
	}
	v.Check(!isOn(s.UseSvcFreq), "use_svc_freq", "must be off (legacy)", true)
	if s.GoalType != "" && s.GoalType != GoalTypeSpend {
		v.Check(s.UseOptimization != nil, "use_optimization", "required when goal_type is not spend", nil)
	}
	if goalValueRequired[s.GoalType] {
		v.Check(len(s.GoalValue) > 0, "goal_value", "required when goal_type is "+string(s.GoalType), nil)
	}
	if s.GoalType == GoalTypeVCR || s.GoalType == GoalTypeCTR {
		for _, a := range s.GoalValue {
			if a.Value.Cmp(adama.DecimalFromInt(0)) < 0 || a.Value.Cmp(adama.DecimalFromInt(100)) > 0 {
				v.Add("goal_value", "a percentage between 0 and 100 for goal_type "+string(s.GoalType), a.Value.String())
			}
		}
	}
	if s.PixelTargetExpr != "" {
		if _, err := ParsePixelTargetExpr(s.PixelTargetExpr); err != nil {
			v.Merge("", err)
		}
	}
	if s.RMXStrategy != nil {
		var sub valid.Validator
		s.RMXStrategy.check(&sub)
		v.Merge("rmx_strategy", sub.Err())
	}
	for i := range s.SitePlacements {
		var sub valid.Validator
		s.SitePlacements[i].check(&sub)
		v.Merge("site_placements["+itoa(i)+"]", sub.Err())
	}
}

// RMXStrategy is a strategy's nested rmx_strategy object (spec 2.4).
type RMXStrategy struct {
	ID                   int64                `json:"id,omitempty" url:"-"`
	Version              *int                 `json:"version,omitempty" url:"-"`
	BudgetType           RMXBudgetType        `json:"budget_type,omitempty" url:"budget_type,omitempty"`
	DynamicPricingOption DynamicPricingOption `json:"dynamic_pricing_option,omitempty" url:"dynamic_pricing_option,omitempty"`
	LearningBudgetPacing LearningBudgetPacing `json:"learning_budget_pacing,omitempty" url:"learning_budget_pacing,omitempty"`
	LearningSlider       *int                 `json:"learning_slider,omitempty" url:"learning_slider,omitempty"`
	Pacing               RMXPacing            `json:"pacing,omitempty" url:"pacing,omitempty"`
	Price                adama.Money          `json:"price,omitempty" url:"price,omitempty"`
	PricingType          RMXPricingType       `json:"pricing_type,omitempty" url:"pricing_type,omitempty"`
	RMXPushEntityID      *int64               `json:"rmx_push_entity_id,omitempty" url:"rmx_push_entity_id,omitempty"`
	RMXPushStatus        RMXPushStatus        `json:"rmx_push_status,omitempty" url:"rmx_push_status,omitempty"`
	ROICPCTargetCTR      string               `json:"roi_cpc_target_ctr,omitempty" url:"roi_cpc_target_ctr,omitempty"`
	ROICPCTargetCTRType  ROICPCTargetCTRType  `json:"roi_cpc_target_ctr_type,omitempty" url:"roi_cpc_target_ctr_type,omitempty"`
	ROIModifier          *adama.Decimal       `json:"roi_modifier,omitempty" url:"roi_modifier,omitempty"`
	ROITargets           ROITargets           `json:"roi_targets,omitempty" url:"roi_targets,omitempty"`
	Status               *adama.Bool          `json:"status,omitempty" url:"status,omitempty"`
	StrategyID           *int64               `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	ROITargetPixels      []ROITargetPixel     `json:"roi_target_pixels,omitempty" url:"-"`
}

// EncodeValues writes the object as rmx_strategy.<field> keys, and each
// ROI target pixel as rmx_strategy.roi_target_pixels.<i>.<field>.
func (r *RMXStrategy) EncodeValues(key string, v *url.Values) error {
	if r == nil {
		return nil
	}
	if err := prefixed(v, key+".", r); err != nil {
		return err
	}
	for i := range r.ROITargetPixels {
		if err := prefixed(v, key+".roi_target_pixels."+itoa(i)+".", &r.ROITargetPixels[i]); err != nil {
			return err
		}
	}
	return nil
}

func (r *RMXStrategy) check(v *valid.Validator) {
	checkEnum(v, "budget_type", r.BudgetType)
	checkEnum(v, "dynamic_pricing_option", r.DynamicPricingOption)
	checkEnum(v, "learning_budget_pacing", r.LearningBudgetPacing)
	checkEnum(v, "pacing", r.Pacing)
	checkEnum(v, "pricing_type", r.PricingType)
	checkEnum(v, "rmx_push_status", r.RMXPushStatus)
	checkEnum(v, "roi_cpc_target_ctr_type", r.ROICPCTargetCTRType)
	checkEnum(v, "roi_targets", r.ROITargets)
	for i, p := range r.ROITargetPixels {
		checkEnum(v, "roi_target_pixels["+itoa(i)+"].rmx_pixel_type", p.RMXPixelType)
	}
}

// ROITargetPixel is one item of rmx_strategy.roi_target_pixels.
type ROITargetPixel struct {
	ID            int64        `json:"id,omitempty" url:"id,omitempty"`
	Name          string       `json:"name,omitempty" url:"name,omitempty"`
	Version       *int         `json:"version,omitempty" url:"-"`
	PixelBundleID int64        `json:"pixel_bundle_id,omitempty" url:"pixel_bundle_id,omitempty"`
	Price         adama.Money  `json:"price,omitempty" url:"price,omitempty"`
	RMXPixelType  RMXPixelType `json:"rmx_pixel_type,omitempty" url:"rmx_pixel_type,omitempty"`
	RMXStrategyID *int64       `json:"rmx_strategy_id,omitempty" url:"rmx_strategy_id,omitempty"`
	Status        *adama.Bool  `json:"status,omitempty" url:"status,omitempty"`
	CreatedOn     *adama.Time  `json:"created_on,omitempty" url:"-"`
	UpdatedOn     *adama.Time  `json:"updated_on,omitempty" url:"-"`
}

// SitePlacement is one item of a strategy's site_placements.
type SitePlacement struct {
	BillMediaToClient *adama.Bool        `json:"bill_media_to_client,omitempty" url:"bill_media_to_client,omitempty"`
	DealSource        DealSource         `json:"deal_source,omitempty" url:"deal_source,omitempty"`
	DisplayText       string             `json:"display_text,omitempty" url:"display_text,omitempty"`
	MediaType         PlacementMediaType `json:"media_type,omitempty" url:"media_type,omitempty"`
	Name              string             `json:"name,omitempty" url:"name,omitempty"`
	PMPType           PMPType            `json:"pmp_type,omitempty" url:"pmp_type,omitempty"`
	PublisherSiteID   int64              `json:"publisher_site_id,omitempty" url:"publisher_site_id,omitempty"`
}

func (p *SitePlacement) check(v *valid.Validator) {
	v.MaxLen("display_text", p.DisplayText, MaxDisplayTextLen)
	v.MaxLen("name", p.Name, MaxNameLen)
	checkEnum(v, "deal_source", p.DealSource)
	checkEnum(v, "media_type", p.MediaType)
	checkEnum(v, "pmp_type", p.PMPType)
}

// SitePlacements is a strategy's site_placements array.
type SitePlacements []SitePlacement

// EncodeValues writes each placement as site_placements.<i>.<field> keys.
func (s SitePlacements) EncodeValues(key string, v *url.Values) error {
	for i := range s {
		if err := prefixed(v, key+"."+itoa(i)+".", &s[i]); err != nil {
			return err
		}
	}
	return nil
}
