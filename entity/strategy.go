package entity

import (
	"net/url"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// goalValueRequired lists the goal types that need goal_value.
var goalValueRequired = map[GoalType]bool{
	GoalTypeCPA: true, GoalTypeCPC: true, GoalTypeReach: true,
	GoalTypeROI: true, GoalTypeVCR: true, GoalTypeCTR: true,
}

// validateBetween checks the strategy's rules the schema cannot state
// (the generated validateAt checks the others and calls it last): the
// frequency rule, end_date against
// use_campaign_end and start_date, use_svc_freq off, use_optimization and
// goal_value by goal_type, the pixel_target_expr grammar and the site
// placements.
func (s *Strategy) validateBetween(v *valid.Validator, at string, create bool) {
	checkFrequency(v, at, s.FrequencyType, s.FrequencyInterval, s.FrequencyAmount)
	// end_date against use_campaign_end.
	hasEnd := s.EndDate != nil && !s.EndDate.IsZero()
	if isOn(s.UseCampaignEnd) {
		if hasEnd {
			v.Add(valid.Path(at, "end_date"), "must not be set when use_campaign_end is on", s.EndDate.String())
		}
	} else if create || isOff(s.UseCampaignEnd) {
		v.Check(hasEnd, valid.Path(at, "end_date"), "required when use_campaign_end is off", nil)
	}
	if hasEnd && s.StartDate != nil && !s.StartDate.IsZero() && !isOn(s.UseCampaignStart) {
		v.Check(!s.EndDate.Before(s.StartDate.Time), valid.Path(at, "end_date"), "must not be before start_date", s.EndDate.String())
	}
	v.Check(!isOn(s.UseSvcFreq), valid.Path(at, "use_svc_freq"), "must be off (legacy)", true)
	if s.GoalType.Valid() && s.GoalType != GoalTypeSpend { // an unknown one breaks its enum
		v.Check(s.UseOptimization != nil, valid.Path(at, "use_optimization"), "required when goal_type is not spend", nil)
	}
	if goalValueRequired[s.GoalType] {
		v.Check(len(s.GoalValue) > 0, valid.Path(at, "goal_value"), "required when goal_type is "+string(s.GoalType), nil)
	}
	if s.GoalType == GoalTypeVCR || s.GoalType == GoalTypeCTR {
		for _, a := range s.GoalValue {
			if a.Value.Cmp(adama.DecimalFromInt(0)) < 0 || a.Value.Cmp(adama.DecimalFromInt(100)) > 0 {
				v.Add(valid.Path(at, "goal_value"), "a percentage between 0 and 100 for goal_type "+string(s.GoalType), a.Value.String())
			}
		}
	}
	if s.PixelTargetExpr != "" && utf8.RuneCountInString(s.PixelTargetExpr) <= MaxPixelTargetExprLen { // a longer one breaks its length
		if _, err := ParsePixelTargetExpr(s.PixelTargetExpr); err != nil {
			v.Merge(at, err)
		}
	}
	for i := range s.SitePlacements {
		s.SitePlacements[i].validateAt(v, valid.Index(at, "site_placements", i))
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

// validateAt checks the object's enums (spec 2.4), naming each field
// under at ("rmx_strategy"); the strategy's generated validateAt calls it.
func (r *RMXStrategy) validateAt(v *valid.Validator, at string, create bool) {
	valid.Enum(v, valid.Path(at, "budget_type"), r.BudgetType)
	valid.Enum(v, valid.Path(at, "dynamic_pricing_option"), r.DynamicPricingOption)
	valid.Enum(v, valid.Path(at, "learning_budget_pacing"), r.LearningBudgetPacing)
	valid.Enum(v, valid.Path(at, "pacing"), r.Pacing)
	valid.Enum(v, valid.Path(at, "pricing_type"), r.PricingType)
	valid.Enum(v, valid.Path(at, "rmx_push_status"), r.RMXPushStatus)
	valid.Enum(v, valid.Path(at, "roi_cpc_target_ctr_type"), r.ROICPCTargetCTRType)
	valid.Enum(v, valid.Path(at, "roi_targets"), r.ROITargets)
	for i, p := range r.ROITargetPixels {
		valid.Enum(v, valid.Path(valid.Index(at, "roi_target_pixels", i), "rmx_pixel_type"), p.RMXPixelType)
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

// validateAt checks the placement's limits and enums (spec 2.4), naming
// each field under at ("site_placements[0]").
func (p *SitePlacement) validateAt(v *valid.Validator, at string) {
	v.MaxLen(valid.Path(at, "display_text"), p.DisplayText, MaxDisplayTextLen)
	v.MaxLen(valid.Path(at, "name"), p.Name, MaxNameLen)
	valid.Enum(v, valid.Path(at, "deal_source"), p.DealSource)
	valid.Enum(v, valid.Path(at, "media_type"), p.MediaType)
	valid.Enum(v, valid.Path(at, "pmp_type"), p.PMPType)
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
