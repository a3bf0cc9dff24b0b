package entityfake

// The contracts collection (issue #20): the fee fields of spec section
// 2.9 and the contract fields of the Campaigns API v3.0 reference (schema
// contract_base, with the spec's neutral words).

// contractFields are the fields a contract create or update may carry.
var contractFields = []string{
	"adaptive_segment_cpm", "audience_verification_cost", "audio_video_platform_access_fee_cpm",
	"audio_video_platform_access_fee_pct", "audio_video_platform_access_fee_unit",
	"connected_id_cost", "contract_number", "country_tax_withholding_fee_cpm",
	"country_tax_withholding_fee_pct", "country_tax_withholding_fee_unit", "cross_device_fee_cpm",
	"currency_code", "dba_optimization_fee_cpm", "dba_optimization_fee_pct",
	"dba_optimization_fee_unit", "dmp_fee_cpm", "dmp_fee_cpts", "dmp_fee_pct", "dmp_fee_unit",
	"effective_end_date", "effective_start_date", "exclude_agency_margin",
	"external_media_tracking_cpm", "financing_cost", "managed_service_fee_cpm",
	"managed_service_fee_fixed", "managed_service_fee_pct", "managed_service_fee_unit",
	"media_enablement_fee_cpm", "media_enablement_fee_pct", "media_enablement_fee_unit",
	"mfa_fee_cpm", "optimization_fee_cpm", "optimization_fee_fixed", "optimization_fee_pct",
	"optimization_fee_unit", "organization_id", "p1_apps_fee_cpm", "p1_apps_fee_pct",
	"p1_apps_fee_unit", "p1_as_fee_cpm", "p1_html5_fee_cpm", "p1_vads_fee_cpm",
	"partner_channel_fee_cpm", "partner_custom_fee_cpm", "partner_quality_fee_cpm",
	"partner_safety_fee_cpm", "partnership_rebate_fee_cpm", "partnership_rebate_fee_pct",
	"partnership_rebate_fee_unit", "platform_access_fee_cpm", "platform_access_fee_fixed",
	"platform_access_fee_pct", "platform_access_fee_unit", "platform_monthly_min",
	"pmp_optimization_off_fee_cpm", "pmp_optimization_off_fee_pct", "pmp_optimization_off_unit",
	"pmp_optimization_on_fee_cpm", "pmp_optimization_on_fee_pct", "pmp_optimization_on_unit",
	"profit_share_fee_pct", "programmatic_guaranteed_platform_access_fee_cpm",
	"programmatic_guaranteed_platform_access_fee_pct",
	"programmatic_guaranteed_platform_access_fee_unit", "signals_fee_cpm", "signals_fee_pct",
	"signals_fee_unit", "source_platform_access_fee_cpm", "source_platform_access_fee_pct",
	"source_platform_access_fee_unit", "spend_cap", "standard_segment_cpm", "value",
	"viewability_display_all_imps", "viewability_display_sample", "viewability_video_all_imps",
	"viewability_video_sample",
}

// contractRequired are the fields a contract create must carry (the
// reference's contract create).
var contractRequired = []string{
	"organization_id", "currency_code", "effective_start_date", "effective_end_date",
	"platform_monthly_min", "exclude_agency_margin", "profit_share_fee_pct", "p1_as_fee_cpm",
	"p1_vads_fee_cpm", "p1_html5_fee_cpm", "standard_segment_cpm", "adaptive_segment_cpm",
}

// The kinds of the contract's fields: money arrays, decimals, dates and a
// boolean; the integers (platform_monthly_min, spend_cap, value,
// contract_number) are already integer fields.
func init() {
	for _, f := range []string{
		"partner_channel_fee_cpm", "partner_custom_fee_cpm", "partner_quality_fee_cpm",
		"partner_safety_fee_cpm", "standard_segment_cpm", "p1_as_fee_cpm", "p1_html5_fee_cpm",
		"p1_vads_fee_cpm", "pmp_optimization_on_fee_cpm", "pmp_optimization_off_fee_cpm",
		"platform_access_fee_cpm", "platform_access_fee_fixed",
		"programmatic_guaranteed_platform_access_fee_cpm", "source_platform_access_fee_cpm",
		"partnership_rebate_fee_cpm", "managed_service_fee_cpm", "managed_service_fee_fixed",
		"optimization_fee_cpm", "optimization_fee_fixed", "dmp_fee_cpm", "dmp_fee_cpts",
		"signals_fee_cpm", "p1_apps_fee_cpm", "media_enablement_fee_cpm",
		"country_tax_withholding_fee_cpm", "dba_optimization_fee_cpm",
		"audio_video_platform_access_fee_cpm", "adaptive_segment_cpm", "external_media_tracking_cpm",
		"cross_device_fee_cpm", "mfa_fee_cpm",
	} {
		moneyFields[f] = true
	}
	for _, f := range []string{
		"partnership_rebate_fee_pct", "platform_access_fee_pct", "pmp_optimization_on_fee_pct",
		"pmp_optimization_off_fee_pct", "profit_share_fee_pct",
		"programmatic_guaranteed_platform_access_fee_pct", "source_platform_access_fee_pct",
		"viewability_display_all_imps", "viewability_display_sample", "viewability_video_all_imps",
		"viewability_video_sample", "managed_service_fee_pct", "optimization_fee_pct", "dmp_fee_pct",
		"signals_fee_pct", "p1_apps_fee_pct", "media_enablement_fee_pct",
		"country_tax_withholding_fee_pct", "dba_optimization_fee_pct",
		"audio_video_platform_access_fee_pct", "connected_id_cost", "financing_cost",
		"audience_verification_cost",
	} {
		numberFields[f] = true
	}
	for _, f := range []string{"effective_start_date", "effective_end_date"} {
		timeFields[f] = true
	}
	boolFields["exclude_agency_margin"] = true
}
