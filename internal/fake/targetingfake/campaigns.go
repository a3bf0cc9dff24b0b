package targetingfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// The collections of campaigns, concepts and contracts. A campaign's
// budget flights live in its record (budget.flights).
const (
	Campaigns = "campaigns"
	Concepts  = "concepts"
	Contracts = "contracts"
)

// fspec is what the fake checks of one property of a request body: its
// JSON kind, whether null is allowed, the text values allowed, and for an
// object its properties and required ones, for a list its items.
type fspec struct {
	kind     string // int, num, bool, str, date, obj, arr
	nullable bool
	enum     []string
	required []string
	props    map[string]fspec
	items    *fspec
}

var (
	fint  = fspec{kind: "int"}
	fintN = fspec{kind: "int", nullable: true}
	fnum  = fspec{kind: "num"}
	fnumN = fspec{kind: "num", nullable: true}
	fbool = fspec{kind: "bool"}
	fdate = fspec{kind: "date"}
)

func fstr(enum ...string) fspec  { return fspec{kind: "str", enum: enum} }
func fstrN(enum ...string) fspec { return fspec{kind: "str", enum: enum, nullable: true} }
func farr(items fspec) fspec     { return fspec{kind: "arr", items: &items} }
func fobj(required []string, props map[string]fspec) fspec {
	return fspec{kind: "obj", required: required, props: props}
}

// The writable properties of the bodies, from the description's
// CampaignWritable, CampaignCopyBody, ConceptCreate/ConceptUpdate and
// ContractWritable (targeting.campaigns.yaml); the required ones and the
// top-level value sets come from bodies (routes_gen.go).
var (
	campaignBody = map[string]fspec{"archived": fbool, "status": fbool, "name": {kind: "str", enum: nil}, "service_type": fstr("SELF", "MANAGED"), "io_name": fstr(), "io_reference_num": fstr(), "is_programmatic_guaranteed": fbool, "political": fbool, "source_campaign_id": fintN, "zone_name": fstr(),
		"viewability":      fobj([]string{"vendor_id", "type", "sample_rate"}, map[string]fspec{"vendor_id": fint, "type": fstr("AUTO_TAG", "BYOV"), "sample_rate": fnum}),
		"identity":         fobj(nil, map[string]fspec{"device_graph_only": fbool, "bid_min_devices": fint, "connected_id_type": fstrN("DETERMINISTIC_FIRST")}),
		"ad_server":        fobj(nil, map[string]fspec{"ad_server_id": fint, "ad_server_username": fstr(), "ad_server_password": fstr(), "use_default_ad_server": fbool, "ad_server_fee": fnum}),
		"pacing":           fobj(nil, map[string]fspec{"pacing_alert": fnum, "impression_cap_automatic": fbool, "impression_cap_amount": fintN, "impression_cap_type": fstr("even", "asap", "no-limit"), "spend_cap_type": fstr("even", "asap", "no-limit"), "spend_cap_amount": fnumN, "spend_cap_automatic": fbool, "brain_intraday_pacing": fbool, "spend_pace_ahead": fbool, "impression_pace_ahead": fbool}),
		"attribution":      fobj(nil, map[string]fspec{"has_custom_attribution": fbool, "custom_attribution_source": fstrN("3rd Party Attribution", "P1 MTA via Partner"), "pc_window_minutes": fint, "pv_window_minutes": fint, "pv_pct": fnum, "merit_pixel_id": fintN, "conversion_type": fstr("every", "variable"), "conversion_variable_minutes": fint}),
		"vendor_contracts": farr(fobj([]string{"vendor_id"}, map[string]fspec{"vendor_id": fint, "use_svc_contract": fbool, "price": fnumN, "rate_card_type": fstrN("CPM", "FIXED")})),
		"mfa_avoidance":    fstr("INHERIT", "ALLOW_ALL", "EXCLUDE_MFA"), "targeting_identity_level": fstr("INHERIT", "INDIVIDUAL", "HOUSEHOLD"),
		"duration":                fobj(nil, map[string]fspec{"start_date": fdate, "end_date": fdate}),
		"goals":                   fobj(nil, map[string]fspec{"goal_type": fstr("spend", "reach", "cpc", "cpe", "cpa", "roi", "ctr", "vcr", "viewability_rate", "vcpm", "cpcv"), "goal_alert": fnum, "goal_value": fnum, "goal_category": fstrN("audience", "engagement", "response")}),
		"budget":                  fobj([]string{"currency_code"}, map[string]fspec{"total_budget": fnumN, "total_impression_budget": fintN, "currency_code": fstr(), "margin_pct": fnum, "dynamic_budget_allocation_type": fstr("SBA_AUTO_ALLOCATION", "SBA_RECOMMENDATIONS_ONLY", "OFF"), "dynamic_budget_allocation_applied": fdate, "dynamic_budget_allocation_available": fdate, "flights": farr(fobj(nil, map[string]fspec{"id": fint, "start_date": fdate, "end_date": fdate, "total_budget": fnum, "total_impression_budget": fintN}))}),
		"frequency":               fobj(nil, map[string]fspec{"frequency_type": fstr("even", "asap", "no-limit", "p1-optimized", "frequency_goal"), "frequency_interval": fstrN("hour", "day", "week", "month", "not-applicable"), "frequency_amount": fintN, "use_svc_freq": fbool, "frequency_optimization": fbool}),
		"inventory":               fobj(nil, map[string]fspec{"ads_txt_verified": fstrN("ANY", "AUTHORIZED_ONLY", "AUTHORIZED_DIRECT_ONLY", "NONE"), "minimize_multi_ads": fbool, "override_suspicious_traffic_filter": fbool, "suspicious_traffic_filter_level": fint, "dcs_data_is_campaign_level": fbool, "restrict_targeting_to_deterministic_id": fbool, "restrict_targeting_to_same_device_id": fbool}),
		"site_lists":              farr(fobj(nil, map[string]fspec{"id": fint, "assigned": fbool})),
		"custom_brain_selections": farr(fobj(nil, map[string]fspec{"selection_id": fint, "selection_type": fstr("Audience Target", "Data Pixel", "Event Pixel", "Segment", "Dynamic")})),
	}
	campaignCreateBody = with2(campaignBody, map[string]fspec{"advertiser_id": fint})
	campaignUpdateBody = with2(campaignBody, map[string]fspec{"version": fint})
	campaignCopyBody   = map[string]fspec{"advertiser_id": fint, "name": fstr(), "start_date": fdate, "end_date": fdate, "merit_pixel_id": fintN, "status": fbool, "copy_assigned_site_lists": fbool, "copy_vendor_contracts": fbool, "copy_brain_settings": fbool, "copy_audience_in_brain": fbool, "copy_viewability": fbool,
		"budget": fobj(nil, map[string]fspec{"flights": farr(fobj([]string{"start_date", "end_date", "total_budget"}, map[string]fspec{"start_date": fdate, "end_date": fdate, "total_budget": fnum, "total_impression_budget": fintN}))})}
	conceptCreateBody  = map[string]fspec{"advertiser_id": fint, "name": fstr(), "status": fbool, "archived": fbool}
	conceptUpdateBody  = map[string]fspec{"version": fint, "name": fstr(), "status": fbool, "archived": fbool}
	contractBody       = map[string]fspec{"organization_id": fint, "effective_start_date": fdate, "effective_end_date": fdate, "platform_monthly_min": fnum, "platform_access_fee_pct": fnumN, "platform_access_fee_cpm": fnumN, "platform_access_fee_fixed": fnumN, "managed_service_fee_pct": fnumN, "managed_service_fee_cpm": fnumN, "managed_service_fee_fixed": fnumN, "optimization_fee_pct": fnumN, "optimization_fee_cpm": fnumN, "optimization_fee_fixed": fnumN, "pmp_optimization_off_unit": fstr("PCT_TOTAL_COST", "CPM", "PCT_NET_TOTAL_SPEND"), "pmp_optimization_off_fee_pct": fnumN, "pmp_optimization_off_fee_cpm": fnumN, "pmp_optimization_on_unit": fstr("PCT_TOTAL_COST", "CPM", "PCT_NET_TOTAL_SPEND"), "pmp_optimization_on_fee_pct": fnumN, "pmp_optimization_on_fee_cpm": fnumN, "dmp_fee_unit": fstrN("PCT_TOTAL_COST", "CPM", "CPTS"), "dmp_fee_pct": fnumN, "dmp_fee_cpm": fnumN, "dmp_fee_cpts": fnumN, "signals_fee_unit": fstrN("PCT_TOTAL_COST", "CPM"), "signals_fee_pct": fnumN, "signals_fee_cpm": fnumN, "p1_apps_fee_unit": fstrN("PCT_TOTAL_COST", "CPM"), "p1_apps_fee_pct": fnumN, "p1_apps_fee_cpm": fnumN, "spend_cap": fnumN, "platform_access_fee_unit": fstr("PCT_TOTAL_COST", "CPM", "FIXED", "PCT_NET_TOTAL_SPEND"), "managed_service_fee_unit": fstr("PCT_TOTAL_COST", "CPM", "FIXED", "PCT_NET_TOTAL_SPEND"), "optimization_fee_unit": fstr("PCT_TOTAL_COST", "CPM", "FIXED", "PCT_NET_TOTAL_SPEND"), "profit_share_fee_pct": fnum, "exclude_agency_margin": fbool, "p1_as_fee_cpm": fnum, "evidon_privacy_cost_cpm": fnum, "partner_channel_fee_cpm": fnumN, "partner_custom_fee_cpm": fnumN, "partner_safety_fee_cpm": fnum, "partner_quality_fee_cpm": fnum, "fbx_dynamic_cpm": fnum, "p1_vads_fee_cpm": fnum, "adaptive_segment_cpm": fnum, "external_media_tracking_cpm": fnum, "currency_code": fstr(), "p1_html5_fee_cpm": fnum, "viewability_display_sample": fnumN, "viewability_display_all_imps": fnumN, "viewability_video_sample": fnumN, "viewability_video_all_imps": fnumN, "standard_segment_cpm": fnum, "connected_id_cost": fnum, "financing_cost": fnum, "audience_verification_cost": fnum, "programmatic_guaranteed_platform_access_fee_cpm": fnumN, "programmatic_guaranteed_platform_access_fee_pct": fnumN, "programmatic_guaranteed_platform_access_fee_unit": fstr("PCT_TOTAL_COST", "CPM", "PCT_NET_TOTAL_SPEND"), "media_enablement_fee_cpm": fnumN, "media_enablement_fee_pct": fnumN, "media_enablement_fee_unit": fstr("PCT_TOTAL_COST", "CPM", "PCT_CLEAR"), "source_platform_access_fee_cpm": fnumN, "source_platform_access_fee_pct": fnumN, "source_platform_access_fee_unit": fstr("PCT_TOTAL_COST", "CPM"), "country_tax_withholding_fee_cpm": fnumN, "country_tax_withholding_fee_pct": fnumN, "country_tax_withholding_fee_unit": fstr("CPM", "PCT_CLEAR", "PCT_NET_TOTAL_SPEND"), "partnership_rebate_fee_cpm": fnumN, "partnership_rebate_fee_pct": fnumN, "partnership_rebate_fee_unit": fstr("CPM", "PCT_CLEAR", "PCT_NET_TOTAL_SPEND"), "cross_device_fee_cpm": fnumN, "dba_optimization_fee_cpm": fnumN, "dba_optimization_fee_pct": fnumN, "dba_optimization_fee_unit": fstr("CPM", "PCT_MEDIA"), "audio_video_platform_access_fee_cpm": fnumN, "audio_video_platform_access_fee_pct": fnumN, "audio_video_platform_access_fee_unit": fstr("CPM", "PCT_TOTAL_COST"), "mfa_fee_cpm": fnumN}
	contractCreateBody = contractBody
	contractUpdateBody = with2(contractBody, map[string]fspec{"version": fint})
)

func with2(a, b map[string]fspec) map[string]fspec {
	out := make(map[string]fspec, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// cmpCheckProps returns the problems of an object body against its
// properties: unknown or read-only ones, required ones missing (at the top
// from the description's bodies table), wrong kinds, null where not
// allowed, values outside their set, at every depth.
func cmpCheckProps(at string, obj map[string]any, props map[string]fspec, required []string, errs *[]wire.ErrorItem) {
	bad := func(f, format string, args ...any) {
		*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: f, Message: fmt.Sprintf(format, args...)})
	}
	path := func(k string) string {
		if at == "" {
			return k
		}
		return at + "." + k
	}
	for _, k := range required {
		if _, ok := obj[k]; !ok {
			bad(path(k), "is required")
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		sp, ok := props[k]
		if !ok {
			bad(path(k), "unknown or read-only field")
			continue
		}
		cmpCheckValue(path(k), obj[k], sp, errs)
	}
}

func cmpCheckValue(at string, v any, sp fspec, errs *[]wire.ErrorItem) {
	bad := func(format string, args ...any) {
		*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: at, Message: fmt.Sprintf(format, args...)})
	}
	if v == nil {
		if !sp.nullable {
			bad("must not be null")
		}
		return
	}
	switch sp.kind {
	case "int":
		n, ok := v.(json.Number)
		if _, err := n.Int64(); !ok || err != nil {
			bad("must be an integer")
		}
	case "num":
		n, ok := v.(json.Number)
		if _, err := n.Float64(); !ok || err != nil {
			bad("must be a number")
		}
	case "bool":
		if _, ok := v.(bool); !ok {
			bad("must be a boolean")
		}
	case "date":
		s, ok := v.(string)
		if !ok {
			bad("must be a date-time")
		} else if _, err := wirefmt.ParseTime(s); err != nil {
			bad("must be a date-time")
		}
	case "str":
		s, ok := v.(string)
		switch {
		case !ok:
			bad("must be a string")
		case sp.enum != nil && !slices.Contains(sp.enum, s):
			bad("must be one of: %s", strings.Join(sp.enum, ", "))
		case utf8.RuneCountInString(s) > 256:
			bad("max length 256")
		}
	case "obj":
		o, ok := v.(map[string]any)
		if !ok {
			bad("must be an object")
			return
		}
		cmpCheckProps(at, o, sp.props, sp.required, errs)
	case "arr":
		items, ok := v.([]any)
		if !ok {
			bad("must be an array")
			return
		}
		for i, it := range items {
			cmpCheckValue(fmt.Sprintf("%s[%d]", at, i), it, *sp.items, errs)
		}
	}
}

// cmpCheckBody checks a body of operation op: the description's required
// properties and top-level value sets (bodies), then every property by
// props.
func cmpCheckBody(op string, body map[string]any, props map[string]fspec) []wire.ErrorItem {
	var errs []wire.ErrorItem
	b := bodies[op]
	cmpCheckProps("", body, props, b.Required, &errs)
	for k, vals := range b.Enums {
		if s, ok := body[k].(string); ok && !slices.Contains(vals, s) {
			errs = append(errs, invalid(k, "must be one of: %s", strings.Join(vals, ", ")))
		}
	}
	return errs
}

// campaignOps serves campaigns, their budget flights, concepts and
// contracts: records in the store's collections, their changes in the
// store's history (budget flights under budgetFlightLog and the campaign's
// id).
type campaignOps struct {
	st                             *Store
	campaigns, concepts, contracts *resource

	// v2 serves a campaign this store lacks (see Store.ServeV2Campaigns).
	v2 map[string]http.Handler
}

// ServeV2Campaigns makes the v3.0 campaign paths (GET and POST
// /campaigns/{id}, POST /campaigns/{id}/copy) hand a campaign this store
// lacks to the handlers given, keyed "GET /api/v3.0/campaigns/{id}",
// "POST /api/v3.0/campaigns/{id}" and "POST /api/v3.0/campaigns/{id}/copy",
// which read the id from the path value "id": the group A fake's view of
// the campaigns made through the v2.0 interface.
func (s *Store) ServeV2Campaigns(hs map[string]http.Handler) {
	s.mu.Lock()
	s.v2Campaigns = hs
	s.mu.Unlock()
}

// fallback returns the group A handler of pattern for a request whose
// campaign {id} this store lacks, or nil.
func (o *campaignOps) fallback(r *http.Request, pattern string) http.Handler {
	o.st.mu.Lock()
	hs := o.st.v2Campaigns
	o.st.mu.Unlock()
	h := hs[pattern]
	if h == nil {
		return nil
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 || o.st.Get(Campaigns, id) != nil {
		return nil
	}
	return h
}

func newCampaignOps(st *Store) *campaignOps {
	return &campaignOps{st: st,
		campaigns: &resource{st: st, coll: Campaigns, filter: campaignFilter, project: campaignView},
		concepts:  &resource{st: st, coll: Concepts, filter: conceptFilter, project: shortView},
		contracts: &resource{st: st, coll: Contracts, project: shortView},
	}
}

// add creates a record of coll from a body checked against props.
func (o *campaignOps) add(coll, op string, props map[string]fspec, fill func(map[string]any) []wire.ErrorItem) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		if errs := cmpCheckBody(op, body, props); len(errs) > 0 {
			badRequest(w, errs)
			return
		}
		rec := normalize(body)
		if fill != nil {
			if errs := fill(rec); len(errs) > 0 {
				badRequest(w, errs)
				return
			}
		}
		delete(rec, "id")
		id := o.st.Add(coll, rec)
		out := o.st.Get(coll, id)
		o.st.logChange(coll, id, "create", nil, out)
		if coll == Campaigns {
			o.st.logChange(budgetFlightLog, id, "create", nil, map[string]any{"flights": flightsOf(out)})
		}
		fake.WriteData(w, http.StatusCreated, out, nil)
	}
}

// put changes record {id} of coll with a body checked against props,
// refusing a stale version with 409. merge, when set, applies the body.
func (o *campaignOps) put(coll, op string, props map[string]fspec, merge func(rec, body map[string]any)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r)
		if !ok {
			return
		}
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		if errs := cmpCheckBody(op, body, props); len(errs) > 0 {
			badRequest(w, errs)
			return
		}
		o.st.mu.Lock()
		c := o.st.colls[coll]
		rec, exists := c.Get(id)
		if !exists {
			o.st.mu.Unlock()
			notFound(w, entityTypes[coll], id)
			return
		}
		sent, _ := toInt(normalizeValue(body["version"]))
		if p := c.Fresh(id, &sent); p != nil {
			o.st.mu.Unlock()
			fake.WriteErrors(w, p.Status, p.Item())
			return
		}
		before := clone(rec)
		nb := normalize(body)
		delete(nb, "version")
		if merge != nil {
			merge(rec, nb)
		} else {
			for k, v := range nb {
				rec[k] = v
			}
		}
		rec["updated_on"] = now()
		out, _ := c.Update(id, &sent, rec)
		o.st.mu.Unlock()
		o.st.logChange(coll, id, "update", before, out)
		if coll == Campaigns && fmt.Sprint(flightsOf(before)) != fmt.Sprint(flightsOf(out)) {
			o.st.logChange(budgetFlightLog, id, "update", map[string]any{"flights": flightsOf(before)}, map[string]any{"flights": flightsOf(out)})
		}
		fake.WriteData(w, http.StatusOK, out, nil)
	}
}

// budgetFlightLog names the log of the changes to campaigns' flights.
const budgetFlightLog = "budget_flights"

func flightsOf(rec map[string]any) []any {
	b, _ := rec["budget"].(map[string]any)
	f, _ := b["flights"].([]any)
	return f
}

// mergeCampaign applies an update body: the grouped settings merge key
// by key, as the platform's partial update of a group does; flights
// without id are added with a new id.
func (o *campaignOps) mergeCampaign(rec, body map[string]any) {
	for k, v := range body {
		sub, isObj := v.(map[string]any)
		cur, hadObj := rec[k].(map[string]any)
		if isObj && hadObj {
			for sk, sv := range sub {
				cur[sk] = sv
			}
			rec[k] = cur
			continue
		}
		rec[k] = v
	}
	numberFlights(rec)
}

// flightSeq gives new budget flights their ids.
var flightSeq = struct {
	sync.Mutex
	n int64
}{n: 1000}

// numberFlights gives each flight of rec without id a new one.
func numberFlights(rec map[string]any) {
	for _, f := range flightsOf(rec) {
		m, ok := f.(map[string]any)
		if !ok {
			continue
		}
		if _, has := m["id"]; !has {
			flightSeq.Lock()
			flightSeq.n++
			m["id"] = flightSeq.n
			flightSeq.Unlock()
		}
	}
}

// campaignDefaults fills what the platform sets on a new campaign.
func (o *campaignOps) campaignDefaults(rec map[string]any) []wire.ErrorItem {
	if aid, _ := toInt(rec["advertiser_id"]); aid < 1 {
		return []wire.ErrorItem{invalid("advertiser_id", "must be a positive id")}
	}
	if b, _ := rec["budget"].(map[string]any); len(flightsOf(rec)) == 0 || b == nil {
		return []wire.ErrorItem{invalid("budget.flights", "must hold at least 1 item")}
	}
	for k, v := range map[string]any{"status": true, "archived": false, "political": false, "mfa_avoidance": "INHERIT",
		"targeting_identity_level": "INHERIT", "v3_usage": true, "locked_on": nil} {
		if _, ok := rec[k]; !ok {
			rec[k] = v
		}
	}
	numberFlights(rec)
	for _, f := range flightsOf(rec) {
		if m, ok := f.(map[string]any); ok {
			m["is_relevant"] = true
		}
	}
	return nil
}

// campaignView shapes a campaign: a list without full=* holds id, name
// and entity_type; with= embeds the advertiser or agency; a get with
// extended=true adds the inherited settings.
func campaignView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	var embeds []string
	for _, w := range q["with"] {
		for _, x := range strings.Split(w, ",") {
			if x != "advertiser" && x != "agency" {
				return nil, []wire.ErrorItem{invalid("with", "must be advertiser or agency")}
			}
			embeds = append(embeds, x)
		}
	}
	if f := q.Get("full"); f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	out := rec
	if !single && q.Get("full") == "" {
		out = map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}
	}
	aid, _ := toInt(rec["advertiser_id"])
	for _, e := range embeds {
		switch e {
		case "advertiser":
			out["advertiser"] = map[string]any{"id": aid, "name": "Advertiser " + strconv.FormatInt(aid, 10)}
		case "agency":
			out["agency"] = map[string]any{"id": int64(1), "name": "Agency 1"}
		}
	}
	if single && q.Get("extended") == "true" {
		if rec["mfa_avoidance"] == "INHERIT" {
			out["inherited_mfa_avoidance"] = "ALLOW_ALL"
			out["inherited_mfa_from"] = "Organization"
		}
		if rec["targeting_identity_level"] == "INHERIT" {
			out["inherited_targeting_identity_level"] = "INDIVIDUAL"
		}
	}
	return out, nil
}

// shortView shapes a concept or contract: a list without full=* holds
// id, name and entity_type.
func shortView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if f := q.Get("full"); f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	if single || q.Get("full") == "*" {
		return rec, nil
	}
	out := map[string]any{"id": rec["id"], "entity_type": rec["entity_type"]}
	if n, ok := rec["name"]; ok {
		out["name"] = n
	}
	return out, nil
}

// conceptFilter reads media_type: concepts with a creative of one of the
// types.
func conceptFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var types []string
	for _, s := range strings.Split(q.Get("media_type"), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if !slices.Contains([]string{"audio", "display", "native", "video"}, s) {
			return nil, []wire.ErrorItem{invalid("media_type", "must be audio, display, native or video")}
		}
		types = append(types, s)
	}
	if len(types) == 0 {
		return nil, nil
	}
	return func(rec map[string]any) bool {
		have, _ := rec["media_type_list"].([]any)
		for _, h := range have {
			if s, ok := h.(string); ok && slices.Contains(types, s) {
				return true
			}
		}
		return false
	}, nil
}

// campaignFilter reads live_only and filter_expired, refusing both.
func campaignFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	live, expired := q.Get("live_only") == "true", q.Get("filter_expired") == "true"
	if live && expired {
		return nil, []wire.ErrorItem{invalid("filter_expired", "cannot be combined with live_only=true")}
	}
	if !live && !expired {
		return nil, nil
	}
	t := time.Now()
	return func(rec map[string]any) bool {
		d, _ := rec["duration"].(map[string]any)
		end, _ := d["end_date"].(string)
		start, _ := d["start_date"].(string)
		e, err := wirefmt.ParseTime(end)
		if err != nil || !e.After(t) {
			return false
		}
		if live {
			s, err := wirefmt.ParseTime(start)
			return err == nil && s.Before(t)
		}
		return true
	}, nil
}

// copyCampaign answers 201 with a copy of campaign {id} changed by the
// body.
func (o *campaignOps) copyCampaign(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := cmpCheckBody("copyCampaign", body, campaignCopyBody); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	src := o.st.Get(Campaigns, id)
	if src == nil {
		notFound(w, entityTypes[Campaigns], id)
		return
	}
	b := normalize(body)
	cp := clone(src)
	for _, k := range []string{"id", "version", "created_on", "updated_on"} {
		delete(cp, k)
	}
	cp["name"], cp["status"] = b["name"], b["status"]
	if v, ok := b["advertiser_id"]; ok {
		cp["advertiser_id"] = v
	}
	d, _ := cp["duration"].(map[string]any)
	if d == nil {
		d = map[string]any{}
	}
	for _, k := range []string{"start_date", "end_date"} {
		if v, ok := b[k]; ok {
			d[k] = v
		}
	}
	cp["duration"] = d
	if v, ok := b["merit_pixel_id"]; ok {
		a, _ := cp["attribution"].(map[string]any)
		if a == nil {
			a = map[string]any{}
		}
		a["merit_pixel_id"] = v
		cp["attribution"] = a
	}
	if bb, ok := b["budget"].(map[string]any); ok {
		if fl, ok := bb["flights"]; ok {
			budget, _ := cp["budget"].(map[string]any)
			if budget == nil {
				budget = map[string]any{}
			}
			budget["flights"] = fl
			cp["budget"] = budget
		}
	}
	for _, f := range flightsOf(cp) {
		if m, ok := f.(map[string]any); ok {
			delete(m, "id")
		}
	}
	numberFlights(cp)
	if b["copy_audience_in_brain"] != true {
		delete(cp, "custom_brain_selections")
	}
	if b["copy_assigned_site_lists"] != true {
		delete(cp, "site_lists")
	}
	if b["copy_vendor_contracts"] != true {
		delete(cp, "vendor_contracts")
	}
	if b["copy_viewability"] != true {
		delete(cp, "viewability")
	}
	if b["copy_brain_settings"] == true {
		cp["source_campaign_id"] = id
	}
	nid := o.st.Add(Campaigns, cp)
	out := o.st.Get(Campaigns, nid)
	o.st.logChange(Campaigns, nid, "create", nil, out)
	fake.WriteData(w, http.StatusCreated, out, nil)
}

// listBudgetFlights answers a page of campaign {id}'s flights: id,
// entity_type and name without full=*.
func (o *campaignOps) listBudgetFlights(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	var errs []wire.ErrorItem
	limit, offset := paging(q, &errs)
	if f := q.Get("full"); f != "" && f != "*" {
		errs = append(errs, invalid("full", "must be *"))
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := o.st.Get(Campaigns, id)
	if rec == nil {
		notFound(w, entityTypes[Campaigns], id)
		return
	}
	var all []map[string]any
	for _, f := range flightsOf(rec) {
		m, ok := f.(map[string]any)
		if !ok {
			continue
		}
		if q.Get("full") == "" {
			m = map[string]any{"id": m["id"], "entity_type": "budget_flight", "name": fmt.Sprintf("Flight %v", m["id"])}
		}
		all = append(all, m)
	}
	total := int64(len(all))
	lo := min(offset, total)
	hi := min(lo+limit, total)
	writeListPage(w, r, all[lo:hi], total, lo, hi, limit, offset)
}

// ---- campaigns, budget flights, concepts, contracts ----

func (h *handler) listCampaigns(w http.ResponseWriter, r *http.Request) { h.cmp.campaigns.list(w, r) }

func (h *handler) createCampaign(w http.ResponseWriter, r *http.Request) {
	h.cmp.add(Campaigns, "createCampaign", campaignCreateBody, h.cmp.campaignDefaults)(w, r)
}

func (h *handler) getCampaign(w http.ResponseWriter, r *http.Request) {
	r, ok := campaignPath(w, r)
	if !ok {
		return
	}
	if fb := h.cmp.fallback(r, "GET "+Prefix+"/campaigns/{id}"); fb != nil {
		fb.ServeHTTP(w, r)
		return
	}
	h.cmp.campaigns.get(w, r)
}

func (h *handler) updateCampaign(w http.ResponseWriter, r *http.Request) {
	r, ok := campaignPath(w, r)
	if !ok {
		return
	}
	if fb := h.cmp.fallback(r, "POST "+Prefix+"/campaigns/{id}"); fb != nil {
		fb.ServeHTTP(w, r)
		return
	}
	h.cmp.put(Campaigns, "updateCampaign", campaignUpdateBody, h.cmp.mergeCampaign)(w, r)
}

func (h *handler) getCampaignHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "campaign_id"), Campaigns, Campaigns)
}

func (h *handler) copyCampaign(w http.ResponseWriter, r *http.Request) {
	r, ok := campaignPath(w, r)
	if !ok {
		return
	}
	if fb := h.cmp.fallback(r, "POST "+Prefix+"/campaigns/{id}/copy"); fb != nil {
		fb.ServeHTTP(w, r)
		return
	}
	h.cmp.copyCampaign(w, r)
}

func (h *handler) listBudgetFlights(w http.ResponseWriter, r *http.Request) {
	h.cmp.listBudgetFlights(w, withID(r, "campaign_id"))
}

func (h *handler) getBudgetFlightHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "campaign_id"), Campaigns, budgetFlightLog)
}

func (h *handler) listConcepts(w http.ResponseWriter, r *http.Request) { h.cmp.concepts.list(w, r) }

func (h *handler) createConcept(w http.ResponseWriter, r *http.Request) {
	h.cmp.add(Concepts, "createConcept", conceptCreateBody, conceptDefaults)(w, r)
}

func (h *handler) getConcept(w http.ResponseWriter, r *http.Request) {
	h.cmp.concepts.get(w, withID(r, "concept_id"))
}

func (h *handler) updateConcept(w http.ResponseWriter, r *http.Request) {
	h.cmp.put(Concepts, "updateConcept", conceptUpdateBody, nil)(w, withID(r, "concept_id"))
}

func (h *handler) getConceptHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "concept_id"), Concepts, Concepts)
}

func (h *handler) listContracts(w http.ResponseWriter, r *http.Request) { h.cmp.contracts.list(w, r) }

func (h *handler) createContract(w http.ResponseWriter, r *http.Request) {
	h.cmp.add(Contracts, "createContract", contractCreateBody, contractDefaults)(w, r)
}

func (h *handler) getContract(w http.ResponseWriter, r *http.Request) {
	h.cmp.contracts.get(w, withID(r, "contract_id"))
}

func (h *handler) updateContract(w http.ResponseWriter, r *http.Request) {
	h.cmp.put(Contracts, "updateContract", contractUpdateBody, nil)(w, withID(r, "contract_id"))
}

func (h *handler) getContractHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "contract_id"), Contracts, Contracts)
}

// conceptDefaults fills what the platform sets on a new concept.
func conceptDefaults(rec map[string]any) []wire.ErrorItem {
	aid, _ := toInt(rec["advertiser_id"])
	if aid < 1 {
		return []wire.ErrorItem{invalid("advertiser_id", "must be a positive id")}
	}
	for k, v := range map[string]any{"status": true, "archived": false, "advertiser_name": "Advertiser " + strconv.FormatInt(aid, 10),
		"atomic_creative_list": []any{}, "media_type_list": []any{}, "strategy_list": []any{}} {
		if _, ok := rec[k]; !ok {
			rec[k] = v
		}
	}
	return nil
}

// contractSeq numbers the contracts.
var contractSeq = struct {
	sync.Mutex
	n int64
}{n: 5000}

// contractDefaults fills what the platform sets on a new contract: its
// number.
func contractDefaults(rec map[string]any) []wire.ErrorItem {
	contractSeq.Lock()
	contractSeq.n++
	rec["contract_number"] = contractSeq.n
	contractSeq.Unlock()
	return nil
}

// campaignPath checks the path's campaign_id, naming it in the error, and
// gives it as {id}.
func campaignPath(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	if id, err := strconv.ParseInt(r.PathValue("campaign_id"), 10, 64); err != nil || id < 1 {
		badRequest(w, []wire.ErrorItem{invalid("campaign_id", "must be a positive integer")})
		return r, false
	}
	return withID(r, "campaign_id"), true
}

// bulkUpdate applies each item of a bulk update ({id, version?, ...}) to
// its record of coll as an update does; an item that is refused (no such
// record, a stale version, a body the update would refuse) is left out of
// the answer, which is then 207.
func (o *campaignOps) bulkUpdate(coll string, items []any, props map[string]fspec, merge func(rec, body map[string]any)) (int, []map[string]any) {
	status := http.StatusOK
	var out []map[string]any
	for _, it := range items {
		body, ok := it.(map[string]any)
		id, idOK := toInt(normalizeValue(body["id"]))
		if !ok || !idOK || id < 1 {
			status = http.StatusMultiStatus
			continue
		}
		rest := make(map[string]any, len(body))
		for k, v := range body {
			if k != "id" {
				rest[k] = v
			}
		}
		var errs []wire.ErrorItem
		cmpCheckProps("", rest, props, nil, &errs)
		o.st.mu.Lock()
		c := o.st.colls[coll]
		rec, exists := c.Get(id)
		var sent *int64
		if v, has := rest["version"]; has {
			n, _ := toInt(normalizeValue(v))
			sent = &n
		}
		if len(errs) > 0 || !exists || (sent != nil && c.Fresh(id, sent) != nil) {
			o.st.mu.Unlock()
			status = http.StatusMultiStatus
			continue
		}
		before := clone(rec)
		nb := normalize(rest)
		delete(nb, "version")
		if merge != nil {
			merge(rec, nb)
		} else {
			for k, v := range nb {
				rec[k] = v
			}
		}
		rec["updated_on"] = now()
		after, _ := c.Update(id, sent, rec)
		o.st.mu.Unlock()
		o.st.logChange(coll, id, "update", before, after)
		out = append(out, after)
	}
	return status, out
}

func (h *handler) bulkUpdateCampaigns(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	items, ok := body["update"].([]any)
	if !ok || len(items) == 0 || len(body) != 1 {
		badRequest(w, []wire.ErrorItem{invalid("update", "must be a list of at least 1 campaign")})
		return
	}
	status, out := h.cmp.bulkUpdate(Campaigns, items, campaignUpdateBody, h.cmp.mergeCampaign)
	fake.WriteData(w, status, out, map[string]any{"status": "success", "count": len(out)})
}

func (h *handler) bulkUpdateConcepts(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	cs, _ := body["concepts"].(map[string]any)
	items, ok := cs["update"].([]any)
	if !ok || len(body) != 1 || len(cs) != 1 {
		badRequest(w, []wire.ErrorItem{invalid("concepts.update", "must be a list of concepts")})
		return
	}
	status, out := h.cmp.bulkUpdate(Concepts, items, map[string]fspec{"status": fbool, "archived": fbool}, nil)
	fake.WriteData(w, status, out, map[string]any{"status": "success", "count": len(out)})
}

// auditLogCampaigns answers a page of the changes of the campaigns whose
// ids the body lists, newest first within each campaign.
func (h *handler) auditLogCampaigns(w http.ResponseWriter, r *http.Request) {
	h.st.serveAuditLog(w, r, Campaigns)
}
