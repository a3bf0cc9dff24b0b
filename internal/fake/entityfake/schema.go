package entityfake

import "strings"

// Prefix is group A's path prefix.
const Prefix = "/api/v2.0"

type kind int

const (
	kString kind = iota
	kInt
	kBool
	kMoney
	kNumber
	kTime
)

// collections maps collection name -> entity type (singular).
var collections = map[string]string{
	"organizations": "organization", "agencies": "agency", "advertisers": "advertiser",
	"campaigns": "campaign", "strategies": "strategy", "users": "user", "verticals": "vertical",
	"contacts": "contact", "atomic_creatives": "atomic_creative", "creative_approvals": "creative_approval",
	"concepts": "concept", "pixel_bundles": "pixel_bundle", "budget_flights": "budget_flight",
	"strategy_day_parts": "strategy_day_part", "strategy_audience_segments": "strategy_audience_segment",
	"audience_segments": "audience_segment", "strategy_domain_restrictions": "strategy_domain_restriction",
	"ad_servers": "ad_server", "vendors": "vendor",
	"contracts":        "contract",
	"vendor_contracts": "vendor_contract",
	// Collections of the reference schemas.
	"strategy_concepts":           "strategy_concept",
	"strategy_supply_sources":     "strategy_supply_source",
	"supply_sources":              "supply_source",
	"site_lists":                  "site_list",
	"vendor_domains":              "vendor_domain",
	"vendor_pixels":               "vendor_pixel",
	"vendor_pixel_domains":        "vendor_pixel_domain",
	"pixels":                      "pixel",
	"pixel_providers":             "pixel_provider",
	"placement_slots":             "placement_slot",
	"publishers":                  "publisher",
	"publisher_sites":             "publisher_site",
	"site_placements":             "site_placement",
	"target_dimensions":           "target_dimension",
	"target_values":               "target_value",
	"strategy_targeting_segments": "strategy_targeting_segment",
	"deals":                       "deal",
	"targeting_vendors":           "targeting_vendor",
}

// plural maps entity type -> collection.
var plural = func() map[string]string {
	m := map[string]string{}
	for c, t := range collections {
		m[t] = c
	}
	return m
}()

// noHistory lists collections without a change log.
var noHistory = map[string]bool{"verticals": true, "ad_servers": true}

// required lists the fields a create must carry (spec 2.2-2.8).
var required = map[string][]string{
	// organizations, campaigns, strategies and users: the reference
	// schemas' required lists (use_svc_freq and svc_contact_name are the
	// reference's vendor-named fields), plus name.
	"organizations":              {"name", "address_1", "city", "contact_name", "svc_contact_name", "phone", "state", "zip"},
	"agencies":                   {"name", "organization_id"},
	"advertisers":                {"name", "agency_id", "ad_server_id", "domain", "vertical_id"},
	"campaigns":                  {"name", "advertiser_id", "ad_server_id", "end_date", "goal_type", "goal_value", "service_type", "start_date", "total_budget", "use_svc_freq"},
	"strategies":                 {"name", "campaign_id", "budget", "goal_type", "goal_value", "max_bid", "pacing_amount", "type"},
	"atomic_creatives":           {"ad_server_type", "advertiser_id", "external_identifier", "file_type", "height", "width", "tag", "tag_type", "tpas_ad_tag_name"},
	"pixel_bundles":              {"name", "pixel_type"},
	"budget_flights":             {"campaign_id", "start_date", "end_date", "total_budget"},
	"strategy_day_parts":         {"strategy_id", "start_hour", "end_hour"},
	"strategy_audience_segments": {"strategy_id", "audience_segment_id", "restriction"},
	"concepts":                   {"advertiser_id", "name"},
	"audience_segments":          {"name"},
	"users":                      {"username", "first_name", "last_name", "role", "scope", "title", "type"},
	// From the reference schemas.
	"strategy_concepts":           {"name"},
	"strategy_supply_sources":     {"strategy_id", "supply_source_id"},
	"supply_sources":              {"code", "name"},
	"site_lists":                  {"name", "organization_id"},
	"vendor_domains":              {"domain", "vendor_id"},
	"vendor_pixels":               {"name"},
	"pixels":                      {"bundle_id", "pixel_type", "tag"},
	"pixel_providers":             {"name", "vendor_id"},
	"placement_slots":             {"auction_type", "buy_price", "buy_price_type", "height", "site_placement_id", "width"},
	"publishers":                  {"name"},
	"publisher_sites":             {"name", "publisher_id"},
	"site_placements":             {"name", "publisher_site_id"},
	"strategy_targeting_segments": {"name"},
	"deals":                       {"advertiser_id", "start_datetime", "end_datetime", "deal_identifier", "media_type", "name", "price", "price_method", "price_method", "price_type", "publisher_id", "status", "supply_source_id"},
	"targeting_vendors":           {"name", "organization_id"},
	"contracts":                   contractRequired,
}

var boolFields = set("status", "minimize_multi_ads", "allow_x_strat_optimization", "data_sharing_enabled", "political",
	"accountable_and_addressable", "allow_x_adv_optimization", "allow_x_adv_pixels", "eligible_for_data_sharing",
	"use_campaign_start", "use_campaign_end", "use_svc_freq", "use_optimization", "frequency_optimization",
	"bid_price_is_media_only", "run_on_all_exchanges", "run_on_all_pmp", "run_on_display", "run_on_mobile",
	"run_on_streaming", "run_on_only_fraud_filtered_exchanges", "site_restriction_transparent_urls", "device_graph_only",
	"bill_media_to_client", "is_relevant", "built", "has_sound", "is_https", "is_mraid", "is_multi_creative",
	"rich_media", "p1as", "eligible", "rmx_friendly", "rmx_merit", "user_time", "buyable", "assigned",
	"campaign_assigned", "strategy_assigned", "active", "spend_cap_enabled", "spend_cap_automatic",
	"use_default_ad_server", "has_custom_attribution", "allow_x_agency_pixels", "allow_byo_price", "edit_campaigns",
	"edit_margins_and_performance", "access_internal_fees", "view_organizations", "view_segments", "exclude",
	"dcs_data_is_campaign_level", "edit_data_definition", "view_data_definition", "view_dmp_reports", "labs_enable_rmx",
	"link_ldap", "use_evidon_optout")

var moneyFields = set("budget", "max_bid", "min_bid", "pacing_amount", "goal_value", "effective_goal_value",
	"total_budget", "total_budget_usd")

var intFields = set("id", "version", "frequency_amount", "impression_cap", "conversion_variable_minutes", "bid_aggressiveness", "bid_min_devices",
	"effective_device_graph_only", "learning_slider", "width", "height", "start_hour", "end_hour", "child_count",
	"sites_count", "sites_count_domain", "rmx_conversion_minutes", "rmx_pc_window_minutes", "rmx_pv_window_minutes",
	"impression_pacing_amount", "pc_window_minutes", "pv_window_minutes", "entity_version", "platform_monthly_min",
	"spend_cap", "value")

var numberFields = set("price", "ad_server_fee", "agency_fee_pct", "pacing_alert", "roi_modifier", "cost_cpm", "cost_pct_cpm", "cost_cpts", "pv_pct", "margin_pct",
	"spend_cap_amount")

var timeFields = set("start_date", "end_date", "created_on", "updated_on", "last_modified", "created_at",
	"initial_start_date", "last_login_on", "date")

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// stringIDFields end in _id but hold free text.
var stringIDFields = set("external_id", "external_identifier")

func kindOf(field string) kind {
	switch {
	case stringIDFields[field]:
		return kString
	case boolFields[field]:
		return kBool
	case moneyFields[field]:
		return kMoney
	case intFields[field], strings.HasSuffix(field, "_id"):
		return kInt
	case numberFields[field]:
		return kNumber
	case timeFields[field]:
		return kTime
	}
	return kString
}
