package entityfake

import "strings"

// knownFields lists, per collection, the fields a create or update may
// carry: the properties of the collection's reference schema
// (the entity schemas) and the fields the SDK's records
// send. version is taken on every create and update (and ignored on
// create); read-only properties (ReadOnly) are taken and ignored, as the
// platform does.
var knownFields = map[string]map[string]bool{
	"ad_servers":                   set("name", "status"),
	"advertisers":                  set("accountable_and_addressable", "ad_server_fee", "ad_server_id", "ad_server_password", "ad_server_username", "ads_txt_verified", "agency_id", "allow_x_strat_optimization", "billing_contact_id", "data_sharing_enabled", "dmp_enabled", "domain", "external_id", "frequency_amount", "frequency_interval", "frequency_type", "minimize_multi_ads", "name", "political", "sales_contact_id", "status", "vertical_id"),
	"agencies":                     set("ads_txt_verified", "allow_x_adv_optimization", "allow_x_adv_pixels", "billing_contact_id", "dmp_enabled", "eligible_for_data_sharing", "logo", "name", "organization_id", "sales_contact_id", "status", "traffic_contact_id"),
	"atomic_creatives":             set("ad_format", "ad_server_type", "advertiser_id", "approval_status", "build_date", "build_errors", "built", "built_by_user_id", "click_through_url", "click_url", "concept_id", "creative_import_file_id", "edited_tag", "end_date", "expand", "expansion_direction", "expansion_trigger", "external_identifier", "file_type", "has_sound", "height", "is_https", "is_mraid", "is_multi_creative", "last_modified", "media_type", "name", "p1as", "rejected_reason", "rich_media", "rich_media_provider", "start_date", "status", "t1as", "tag", "tag_type", "tpas_ad_tag", "tpas_ad_tag_name", "version", "width"),
	"audience_segments":            set("audience_vendor_id", "buyable", "child_count", "full_path", "name", "status", "type"),
	"budget_flights":               set("campaign_id", "currency_code", "end_date", "name", "start_date", "status", "total_budget", "zone_name"),
	"campaigns":                    set("ad_server_fee", "ad_server_id", "ad_server_password", "ad_server_username", "advertiser_id", "agency_fee_pct", "conversion_type", "conversion_variable_minutes", "currency_code", "dcs_data_is_campaign_level", "end_date", "frequency_amount", "frequency_interval", "frequency_type", "goal_alert", "goal_category", "goal_type", "goal_value", "has_custom_attribution", "initial_start_date", "io_name", "io_reference_num", "margin_pct", "merit_pixel_id", "name", "pacing_alert", "pc_window_minutes", "pv_pct", "pv_window_minutes", "service_type", "spend_cap_amount", "spend_cap_automatic", "spend_cap_enabled", "start_date", "status", "total_budget", "use_default_ad_server", "use_svc_freq", "zone_name"),
	"concepts":                     set("advertiser_id", "name", "status"),
	"contacts":                     set("email", "first_name", "last_name", "name", "phone", "status", "title"),
	"creative_approvals":           set("additional_detail", "approval_status", "atomic_creative_approval_id", "atomic_creative_id", "creative_import_file_id", "deal_status", "deal_status_rejected_reason", "external_identifier", "name", "rejected_reason", "status", "supply_source_id"),
	"deals":                        set("advertiser_id", "currency_code", "deal_identifier", "deal_source", "description", "end_datetime", "media_type", "name", "partner_sourced", "price", "price_method", "price_type", "publisher_id", "start_datetime", "status", "supply_source_id", "zone_name"),
	"organizations":                set("address_1", "address_2", "adx_seat_account_id", "allow_byo_price", "allow_x_agency_pixels", "city", "contact_name", "country", "currency_code", "name", "org_type", "phone", "state", "status", "svc_contact_name", "tag_ruleset", "use_evidon_optout", "zip"),
	"pixel_bundles":                set("advertiser_id", "agency_id", "cost_cpm", "cost_cpts", "cost_pct_cpm", "currency", "currency_fixed", "eligible", "external_identifier", "keywords", "name", "pixel_type", "pricing", "provider_id", "revenue", "rmx_conversion_minutes", "rmx_conversion_type", "rmx_friendly", "rmx_merit", "rmx_pc_window_minutes", "rmx_pv_window_minutes", "segment_op", "status", "tag_type", "tags", "type"),
	"pixel_providers":              set("agency_id", "execution_by", "name", "status", "taxonomy_file", "vendor_id"),
	"pixels":                       set("bundle_id", "distributed", "name", "pixel_type", "status", "supply_source_id", "tag"),
	"placement_slots":              set("ad_slot", "allow_remnant", "auction_type", "budget", "buy_price", "buy_price_type", "description", "end_date", "est_volume", "frequency_amount", "frequency_interval", "frequency_type", "height", "name", "prm_pub_ceiling", "prm_pub_markup", "sell_price", "sell_price_type", "site_placement_id", "start_date", "status", "volume_unit", "width"),
	"publisher_sites":              set("name", "publisher_id", "status"),
	"publishers":                   set("name", "organization_id", "status"),
	"site_lists":                   set("filename", "name", "organization_id", "restriction", "sites_count", "sites_count_domain", "status"),
	"site_placements":              set("bill_media_to_client", "deal_source", "display_text", "media_type", "name", "pmp_type", "publisher_site_id", "status"),
	"strategies":                   set("audience_segment_exclude_op", "audience_segment_include_op", "bid_aggressiveness", "bid_min_devices", "bid_price_is_media_only", "budget", "campaign_id", "currency_code", "description", "device_graph_only", "effective_goal_value", "end_date", "exchange_type_for_run_on_all", "feature_compatibility", "frequency_amount", "frequency_interval", "frequency_optimization", "frequency_type", "goal_type", "goal_value", "impression_cap", "impression_pacing_amount", "impression_pacing_interval", "impression_pacing_type", "max_bid", "media_type", "min_bid", "name", "pacing_amount", "pacing_interval", "pacing_type", "pixel_target_expr", "rmx_strategy", "run_on_all_exchanges", "run_on_all_pmp", "run_on_display", "run_on_mobile", "run_on_only_fraud_filtered_exchanges", "run_on_streaming", "site_placements", "site_restriction_transparent_urls", "site_selectiveness", "start_date", "status", "supply_type", "targeting_segment_exclude_op", "targeting_segment_include_op", "total_budget", "type", "use_campaign_end", "use_campaign_start", "use_optimization", "use_svc_freq", "zone_name"),
	"strategy_audience_segments":   set("audience_segment_id", "group_identifier", "name", "restriction", "status", "strategy_id"),
	"strategy_concepts":            set("concept_id", "name", "status", "strategy_id", "weighting"),
	"strategy_day_parts":           set("days", "end_hour", "name", "start_hour", "status", "strategy_id", "user_time"),
	"strategy_domain_restrictions": set("domain", "name", "restriction", "status", "strategy_id", "target_type"),
	"strategy_supply_sources":      set("name", "status", "strategy_id", "supply_source_id"),
	"strategy_targeting_segments":  set("group_identifier", "name", "operator", "restriction", "status", "strategy_id", "targeting_segment_id", "user_cpm"),
	"supply_sources":               set("bidder_exchange_identifier", "code", "default_seat_identifier", "distribute", "has_display", "has_mobile_display", "has_mobile_video", "has_video", "is_proservice", "name", "parent_supply_id", "pixel_tag", "pmp_enabled", "rtb_enabled", "rtb_type", "seat_enabled", "status", "supply_type", "svc_safe", "use_pool"),
	"target_dimensions":            set("code", "name", "status"),
	"target_values":                set("child_count", "dimension_code", "is_targetable", "name", "status", "target_dimension_id", "type", "value"),
	"targeting_vendors":            set("name", "namespace_code", "organization_id", "sites_count_domain", "status", "targeting_vendor_type_id"),
	"users":                        set("access_internal_fees", "active", "creator_id", "edit_campaigns", "edit_data_definition", "edit_margins_and_performance", "fax", "first_name", "labs_enable_rmx", "last_login_on", "last_name", "link_ldap", "mobile", "name", "password", "password_reset_sent", "password_reset_token", "phone", "role", "scope", "sso_auth_sent", "sso_auth_token", "status", "title", "type", "username", "view_data_definition", "view_dmp_reports", "view_organizations", "view_segments"),
	"contracts":                    set(contractFields...),
	"vendor_contracts":             set("campaign_id", "name", "price", "rate_card_type", "status", "use_svc_contract", "vendor_id"),
	"vendor_domains":               set("allow_subdomain_match", "domain", "name", "status", "vendor_id"),
	"vendor_pixel_domains":         set("domain", "name", "status", "vendor_domain_id", "vendor_pixel_id"),
	"vendor_pixels":                set("creative_id", "name", "set_by", "status", "tag", "tag_type"),
	"vendors":                      set("adx_approved", "adx_declaration_required", "adx_ssl_approved", "adx_vendor_identifier", "adx_video_approved", "adx_video_ssl_approved", "description", "is_eligible", "name", "rate_card_price", "rate_card_type", "status", "svc_contract_available", "vendor_type", "wholesale_price"),
	"verticals":                    set("name", "status"),
}

// readOnlyEvery lists the read-only properties every record carries: the
// common entity's entity_type and meta, and created_on and updated_on
// (spec 2.1), which the reference schemas mark read-only wherever they
// list them.
var readOnlyEvery = set("entity_type", "meta", "created_on", "updated_on")

// readOnlyFields lists, per collection, the other properties the
// collection's reference schema marks read-only. Left out are those the
// spec lists as fields a record takes (an atomic creative's
// approval_status, built and built_by_user_id; a creative approval's
// approval_status, external_identifier, rejected_reason and
// supply_source_id; an audience segment's audience_vendor_id): the spec
// rules where the two disagree.
var readOnlyFields = map[string]map[string]bool{
	"atomic_creatives":   set("build_date", "build_errors", "last_modified", "t1as"),
	"audience_segments":  set("child_count", "full_path", "type"),
	"campaigns":          set("initial_start_date"),
	"contracts":          set("contract_number"),
	"creative_approvals": set("additional_detail", "atomic_creative_approval_id", "creative_import_file_id"),
	// A strategy's currency_code is inherited from its campaign and its
	// effective_goal_value is output only (spec 2.4).
	"strategies": set("currency_code", "effective_goal_value"),
	"users":      set("creator_id", "last_login_on", "password_reset_sent", "password_reset_token", "sso_auth_sent", "sso_auth_token"),
}

// ReadOnly reports whether field is a read-only property of collection's
// records: a client that saves a record it read sends it back, and the
// platform takes the request and ignores the field.
func ReadOnly(collection, field string) bool {
	return readOnlyEvery[field] || readOnlyFields[collection][field]
}

// Accepts reports whether the fake takes field in a create or update of
// collection: version, a read-only property (taken and ignored), or a
// field the collection has; a dotted key ("rmx_strategy.pricing_type") is
// taken when its first part is. A collection without a field list takes
// every field.
func Accepts(collection, field string) bool {
	known, ok := knownFields[collection]
	if !ok {
		return true
	}
	if field == "version" || ReadOnly(collection, field) {
		return true
	}
	head, _, _ := strings.Cut(field, ".")
	return known[field] || known[head]
}
