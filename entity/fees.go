package entity

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Fees holds the fee fields of spec 2.9. The spec does not show which
// record carries them, so Fees is a reusable block: embed it in your own
// struct (it has json and url tags), or read it from a record's Extra with
// FeesFromExtra.
type Fees struct {
	PartnerChannelFeeCPM     adama.Money `json:"partner_channel_fee_cpm,omitempty" url:"partner_channel_fee_cpm,omitempty"`
	PartnerCustomFeeCPM      adama.Money `json:"partner_custom_fee_cpm,omitempty" url:"partner_custom_fee_cpm,omitempty"`
	PartnerQualityFeeCPM     adama.Money `json:"partner_quality_fee_cpm,omitempty" url:"partner_quality_fee_cpm,omitempty"`
	PartnerSafetyFeeCPM      adama.Money `json:"partner_safety_fee_cpm,omitempty" url:"partner_safety_fee_cpm,omitempty"`
	StandardSegmentCPM       adama.Money `json:"standard_segment_cpm,omitempty" url:"standard_segment_cpm,omitempty"`
	P1ASFeeCPM               adama.Money `json:"p1_as_fee_cpm,omitempty" url:"p1_as_fee_cpm,omitempty"`
	P1HTML5FeeCPM            adama.Money `json:"p1_html5_fee_cpm,omitempty" url:"p1_html5_fee_cpm,omitempty"`
	P1VadsFeeCPM             adama.Money `json:"p1_vads_fee_cpm,omitempty" url:"p1_vads_fee_cpm,omitempty"`
	PMPOptimizationOnFeeCPM  adama.Money `json:"pmp_optimization_on_fee_cpm,omitempty" url:"pmp_optimization_on_fee_cpm,omitempty"`
	PMPOptimizationOffFeeCPM adama.Money `json:"pmp_optimization_off_fee_cpm,omitempty" url:"pmp_optimization_off_fee_cpm,omitempty"`

	PartnershipRebateFeePct                    *adama.Decimal `json:"partnership_rebate_fee_pct,omitempty" url:"partnership_rebate_fee_pct,omitempty"`
	PlatformAccessFeePct                       *adama.Decimal `json:"platform_access_fee_pct,omitempty" url:"platform_access_fee_pct,omitempty"`
	PMPOptimizationOnFeePct                    *adama.Decimal `json:"pmp_optimization_on_fee_pct,omitempty" url:"pmp_optimization_on_fee_pct,omitempty"`
	PMPOptimizationOffFeePct                   *adama.Decimal `json:"pmp_optimization_off_fee_pct,omitempty" url:"pmp_optimization_off_fee_pct,omitempty"`
	ProfitShareFeePct                          *adama.Decimal `json:"profit_share_fee_pct,omitempty" url:"profit_share_fee_pct,omitempty"`
	ProgrammaticGuaranteedPlatformAccessFeePct *adama.Decimal `json:"programmatic_guaranteed_platform_access_fee_pct,omitempty" url:"programmatic_guaranteed_platform_access_fee_pct,omitempty"`
	SourcePlatformAccessFeePct                 *adama.Decimal `json:"source_platform_access_fee_pct,omitempty" url:"source_platform_access_fee_pct,omitempty"`

	PartnershipRebateFeeUnit                    FeeUnit `json:"partnership_rebate_fee_unit,omitempty" url:"partnership_rebate_fee_unit,omitempty"`
	PlatformAccessFeeUnit                       FeeUnit `json:"platform_access_fee_unit,omitempty" url:"platform_access_fee_unit,omitempty"`
	PMPOptimizationOnUnit                       FeeUnit `json:"pmp_optimization_on_unit,omitempty" url:"pmp_optimization_on_unit,omitempty"`
	PMPOptimizationOffUnit                      FeeUnit `json:"pmp_optimization_off_unit,omitempty" url:"pmp_optimization_off_unit,omitempty"`
	ProgrammaticGuaranteedPlatformAccessFeeUnit FeeUnit `json:"programmatic_guaranteed_platform_access_fee_unit,omitempty" url:"programmatic_guaranteed_platform_access_fee_unit,omitempty"`
	SourcePlatformAccessFeeUnit                 FeeUnit `json:"source_platform_access_fee_unit,omitempty" url:"source_platform_access_fee_unit,omitempty"`

	PlatformMonthlyMin *int64 `json:"platform_monthly_min,omitempty" url:"platform_monthly_min,omitempty"`
	SpendCap           *int64 `json:"spend_cap,omitempty" url:"spend_cap,omitempty"`
	Value              *int64 `json:"value,omitempty" url:"value,omitempty"`

	ViewabilityDisplayAllImps *adama.Decimal `json:"viewability_display_all_imps,omitempty" url:"viewability_display_all_imps,omitempty"`
	ViewabilityDisplaySample  *adama.Decimal `json:"viewability_display_sample,omitempty" url:"viewability_display_sample,omitempty"`
	ViewabilityVideoAllImps   *adama.Decimal `json:"viewability_video_all_imps,omitempty" url:"viewability_video_all_imps,omitempty"`
	ViewabilityVideoSample    *adama.Decimal `json:"viewability_video_sample,omitempty" url:"viewability_video_sample,omitempty"`

	OrganizationID *int64 `json:"organization_id,omitempty" url:"organization_id,omitempty"`
}

// Validate checks the fee units.
func (f *Fees) Validate() error {
	var v valid.Validator
	two := []FeeUnit{FeeUnitCPM, FeeUnitPctTotalCost}
	checkEnumIn(&v, "partnership_rebate_fee_unit", f.PartnershipRebateFeeUnit, two...)
	checkEnum(&v, "platform_access_fee_unit", f.PlatformAccessFeeUnit)
	checkEnum(&v, "pmp_optimization_on_unit", f.PMPOptimizationOnUnit)
	checkEnum(&v, "pmp_optimization_off_unit", f.PMPOptimizationOffUnit)
	checkEnumIn(&v, "programmatic_guaranteed_platform_access_fee_unit", f.ProgrammaticGuaranteedPlatformAccessFeeUnit, two...)
	checkEnumIn(&v, "source_platform_access_fee_unit", f.SourcePlatformAccessFeeUnit, two...)
	return v.Err()
}

// FeesFromExtra reads the fee fields out of a record's Extra (the fees of
// whichever record carries them).
func FeesFromExtra(extra map[string]json.RawMessage) (*Fees, error) {
	b, err := json.Marshal(extra)
	if err != nil {
		return nil, err
	}
	var f Fees
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	return &f, nil
}
