package targetingfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// NewStrategyPlans is the collection of strategy plans (the Campaigns API
// reference's New Strategy Plans).
const NewStrategyPlans = "new_strategy_plans"

// newStrategyPlanWhat names a plan in a not-found answer.
const newStrategyPlanWhat = "strategy_plan"

// The top-level properties of a plan's create and update bodies; the
// nested ones are checked by newPlanRules.
var (
	newPlanFields = map[string]field{
		"name": {kind: kString, maxLen: 128}, "feature_compatibility": {kind: kString, maxLen: 1024},
		"device_graph_only": {kind: kBool}, "zone_name": {kind: kString}, "campaign_service_type": {kind: kString},
		"type": {kind: kString}, "channels": {kind: kAny}, "duration": {kind: kAny}, "budget": {kind: kAny},
		"goals": {kind: kAny}, "frequency": {kind: kAny}, "inventory": {kind: kAny}, "targeting": {kind: kAny},
		"creatives": {kind: kAny},
	}
	// newPlanReadOnly are the properties a plan's answer holds and its
	// bodies may not send (checkNewPlan refuses them by name).
	newPlanReadOnly = []string{"id", "campaign_id", "campaign_start_date", "campaign_end_date", "campaign_zone_name", "forecast", "entity_type", "created_on", "updated_on"}
	newPlanCreate   = schema{fields: with(with(newPlanFields, map[string]field{
		"advertiser_id": intField(math.MinInt32), "campaign_plan_id": intField(math.MinInt32),
	}), newPlanReadOnlyFields()), required: bodies["createNewStrategyPlan"].Required}
	newPlanUpdate = schema{fields: with(with(newPlanFields, map[string]field{"version": intField(math.MinInt32)}), newPlanReadOnlyFields()),
		required: bodies["updateNewStrategyPlan"].Required}
)

// newPlanReadOnlyFields lets the schema pass the read-only properties to
// checkNewPlan, which names them.
func newPlanReadOnlyFields() map[string]field {
	m := map[string]field{}
	for _, k := range newPlanReadOnly {
		m[k] = field{kind: kAny, nullable: true}
	}
	return m
}

// newPlanRules are the reference's rules of a plan's nested properties,
// by path: array items are "[]", and include and exclude are both "x".
var newPlanRules = struct {
	enums    map[string][]string
	ranges   map[string][2]float64
	required map[string][]string
}{
	enums: func() map[string][]string {
		and := []string{"AND", "OR"}
		m := map[string][]string{
			"channels[]":                                    {"display", "video", "audio", "ctv", "native"},
			"goals.goal_type":                               {"spend", "reach", "cpc", "cpe", "cpa", "roi", "ctr", "vcr", "viewability_rate", "vcpm", "cpcv", ""},
			"frequency.frequency_type":                      {"even", "asap", "no-limit", "p1-optimized"},
			"frequency.frequency_interval":                  {"hour", "day", "week", "month", "campaign", "not-applicable"},
			"inventory.domain_restrictions.x[].target_type": {"DOMAIN", "APP"},
			"targeting.fold_position[]":                     {"ABOVE", "BELOW", "UNCATEGORIZED"},
			"targeting.location.x[].code":                   {"DMAX", "REGN", "CITY", "COUNTRY"},
			"targeting.technology.x[].code":                 {"BSER", "CSPD", "DVCE", "ISPX", "OSXX", "INVT", "VPSZ", "VLIN", "VCON", "VAUD", "VSKP", "VPLC", "DVMD", "BRLG", "IPTA", "HYPL"},
			"targeting.ip_addresses.restriction":            {"INCLUDE", "EXCLUDE", ""},
			"targeting.postal_codes.restriction":            {"INCLUDE", "EXCLUDE"},
			"targeting.day_parts[].days[]":                  {"M", "T", "W", "R", "F", "S", "U"},
		}
		for _, p := range []string{"audience.x[]", "audience.x", "contextual.x[]", "contextual.x", "geofence.x", "my_data.x", "location.x[]", "technology.x[]"} {
			m["targeting."+p+".operator"] = and
		}
		return m
	}(),
	ranges: map[string][2]float64{
		"goals.goal_value": {0, 999999999.9999}, "goals.min_bid": {0, 9999999.99}, "goals.max_bid": {0.01, 9999999.99},
		"goals.roi_target": {0, 999999999.99}, "goals.bid_aggressiveness": {0, 100}, "goals.max_bid_wm": {0, 9999999.99},
		"targeting.day_parts[].start_hour": {0, 23}, "targeting.day_parts[].end_hour": {0, 23},
	},
	required: map[string][]string{
		"inventory":                           {"run_on_all_pmp", "run_on_all_exchanges"},
		"creatives":                           {"ad_expandable", "ad_formats", "ad_sizes"},
		"inventory.domain_restrictions.x[]":   {"domain", "target_type"},
		"inventory.site_lists[]":              {"site_list_id", "assigned"},
		"inventory.deals[]":                   {"deal_id"},
		"inventory.deal_groups[]":             {"deal_group_id"},
		"inventory.supply_sources[]":          {"supply_source_id"},
		"targeting.audience.x[].segments[]":   {"audience_segment_id"},
		"targeting.audience.x.segments[]":     {"audience_segment_id"},
		"targeting.contextual.x[].segments[]": {"targeting_segment_id"},
		"targeting.contextual.x.segments[]":   {"targeting_segment_id"},
		"targeting.contextual.x":              {"segments"},
		"targeting.my_data.x":                 {"pixels"},
		"targeting.my_data.x.pixels[]":        {"pixel_id"},
		"targeting.location.x[]":              {"target_value_id", "code"},
		"targeting.technology.x[]":            {"code", "target_value_id"},
		"targeting.recency[]":                 {"pixel_id", "from_hour", "to_hour"},
		"targeting.day_parts[]":               {"start_hour", "end_hour", "days"},
	},
}

// checkNewPlan returns the problems of a plan's body that its schema
// leaves: read-only properties, then the nested rules.
func checkNewPlan(body map[string]any) []wire.ErrorItem {
	var errs []wire.ErrorItem
	for _, k := range newPlanReadOnly {
		if _, ok := body[k]; ok {
			errs = append(errs, invalid(k, "is read-only"))
		}
	}
	for _, k := range []string{"channels", "duration", "budget", "goals", "frequency", "inventory", "targeting", "creatives"} {
		if v, ok := body[k]; ok {
			walkNewPlan(k, k, v, &errs)
		}
	}
	return errs
}

// walkNewPlan checks v, found at field (the name an error gives) and rule
// path path, and what it holds.
func walkNewPlan(field, path string, v any, errs *[]wire.ErrorItem) {
	bad := func(format string, args ...any) { *errs = append(*errs, invalid(field, format, args...)) }
	if vals, ok := newPlanRules.enums[path]; ok && v != nil {
		if s, isText := v.(string); !isText || !slices.Contains(vals, s) {
			bad("must be one of: %s", strings.Join(vals, ", "))
		}
	}
	if lim, ok := newPlanRules.ranges[path]; ok && v != nil {
		n, isNum := v.(json.Number)
		f, err := n.Float64()
		if !isNum || err != nil || f < lim[0] || f > lim[1] {
			bad("must be a number between %v and %v", lim[0], lim[1])
		}
	}
	req, wantObject := newPlanRules.required[path]
	switch x := v.(type) {
	case map[string]any:
		for _, k := range req {
			if _, ok := x[k]; !ok {
				*errs = append(*errs, invalid(field+"."+k, "is required"))
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := path + "." + k
			if k == "include" || k == "exclude" {
				p = path + ".x"
			}
			walkNewPlan(field+"."+k, p, x[k], errs)
		}
	case []any:
		for i, it := range x {
			walkNewPlan(fmt.Sprintf("%s[%d]", field, i), path+"[]", it, errs)
		}
	default:
		if wantObject && v != nil {
			bad("must be an object")
		}
	}
}

// newPlans serves the plans of the store through the group's resource.
func (h *handler) newPlans() *resource {
	return &resource{st: h.plans.st, coll: NewStrategyPlans, create: newPlanCreate, update: newPlanUpdate,
		filter: newPlanFilter, project: newPlanView,
		check: func(body map[string]any, _ bool) []wire.ErrorItem { return checkNewPlan(body) }}
}

func (h *handler) listNewStrategyPlans(w http.ResponseWriter, r *http.Request) {
	h.newPlans().list(w, r)
}

func (h *handler) createNewStrategyPlan(w http.ResponseWriter, r *http.Request) {
	h.newPlans().add(w, r)
}

func (h *handler) getNewStrategyPlan(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "new_strategy_plan_id")
	if _, ok := h.existingPlan(w, r); ok {
		h.newPlans().get(w, r)
	}
}

// updateNewStrategyPlan changes a plan: the properties sent replace the
// stored ones; a version sent must be the current one (409 otherwise),
// and a body without one changes the current version.
func (h *handler) updateNewStrategyPlan(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "new_strategy_plan_id")
	id, ok := h.existingPlan(w, r)
	if !ok {
		return
	}
	body, ok := peekBody(w, r)
	if !ok {
		return
	}
	if _, sent := body["version"]; !sent {
		body["version"] = h.plans.st.Get(NewStrategyPlans, id)["version"]
		b, _ := json.Marshal(body)
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	h.newPlans().put(w, r)
}

func (h *handler) deleteNewStrategyPlan(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "new_strategy_plan_id")
	if id, ok := h.existingPlan(w, r); ok {
		h.plans.st.Collection(NewStrategyPlans).Delete(id)
		fake.WriteJSON(w, http.StatusOK, map[string]any{"meta": map[string]any{"status": "success"}})
	}
}

// forecastNewStrategyPlan forecasts a plan that is not saved: the body is
// a create's; the answer is the plan as sent, with its forecast.
func (h *handler) forecastNewStrategyPlan(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := append(newPlanCreate.check(body), checkNewPlan(body)...); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := normalize(body)
	rec["forecast"] = newPlanForecast(rec)
	out, _ := newPlanView(rec, url.Values{}, true)
	fake.WriteData(w, http.StatusOK, out, nil)
}

// runNewStrategyPlanForecast forecasts a saved plan and keeps the
// forecast on it (the version stays: the plan's settings did not change).
func (h *handler) runNewStrategyPlanForecast(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "new_strategy_plan_id")
	id, ok := h.existingPlan(w, r)
	if !ok {
		return
	}
	c := h.plans.st.Collection(NewStrategyPlans)
	c.Edit(id, false, func(rec map[string]any) map[string]any {
		rec["forecast"] = newPlanForecast(rec)
		return rec
	})
	h.newPlans().get(w, r)
}

// existingPlan reads the path id and answers 400 or 404 when it names no
// plan.
func (h *handler) existingPlan(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return 0, false
	}
	if !h.plans.st.Collection(NewStrategyPlans).Has(id) {
		notFound(w, newStrategyPlanWhat, id)
		return 0, false
	}
	return id, true
}

// newPlanFilter reads organization_id, agency_id, advertiser_id (the
// fake knows a plan's advertiser only) and extended.
func newPlanFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	want := map[string]int64{}
	for _, k := range []string{"organization_id", "agency_id", "advertiser_id"} {
		if s := q.Get(k); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n < 1 {
				errs = append(errs, invalid(k, "must be a positive integer"))
			}
			want[k] = n
		}
	}
	if s := q.Get("extended"); s != "" {
		if _, err := strconv.ParseBool(s); err != nil {
			errs = append(errs, invalid("extended", "must be true or false"))
		}
	}
	return func(rec map[string]any) bool {
		for k, v := range want {
			if n, _ := toInt(rec[k]); n != v {
				return false
			}
		}
		return true
	}, errs
}

// newPlanView shapes a plan as the reference answers it: no entity_type,
// dates or channels; the campaign's dates and zone from the plan's; the
// postal and IP codes as their restriction, with extended=true their
// count and the names of the location and technology values.
func newPlanView(rec map[string]any, q url.Values, _ bool) (map[string]any, []wire.ErrorItem) {
	extended, _ := strconv.ParseBool(q.Get("extended"))
	out := clone(rec)
	for _, k := range []string{"entity_type", "created_on", "updated_on", "channels"} {
		delete(out, k)
	}
	d, _ := out["duration"].(map[string]any)
	for k, from := range map[string]string{"campaign_start_date": "start_date", "campaign_end_date": "end_date"} {
		if s, ok := d[from].(string); ok {
			out[k] = s
		}
	}
	if z, ok := out["zone_name"]; ok {
		out["campaign_zone_name"] = z
	}
	t, _ := out["targeting"].(map[string]any)
	for _, k := range []string{"postal_codes", "ip_addresses"} {
		if c, ok := t[k].(map[string]any); ok {
			codes, _ := c["codes"].([]any)
			delete(c, "codes")
			if extended {
				c["count"] = int64(len(codes))
			}
		}
	}
	if extended {
		for _, k := range []string{"location", "technology"} {
			m, _ := t[k].(map[string]any)
			for _, side := range []string{"include", "exclude"} {
				vals, _ := m[side].([]any)
				for _, v := range vals {
					if tv, ok := v.(map[string]any); ok {
						id, _ := toInt(tv["target_value_id"])
						tv["name"], tv["target_value"] = fmt.Sprintf("Value %d", id), id
					}
				}
			}
		}
	}
	return out, nil
}

// newPlanForecast is a plausible forecast of a plan in the reference's
// forecast_request form: at the plan's lowest and highest bid (0.5 and 5
// when unset), the impressions its budget (1000 when unset) buys at that
// CPM, their uniques (70%) and spend; opps is twice the most impressions.
func newPlanForecast(rec map[string]any) map[string]any {
	num := func(obj, k string, def float64) float64 {
		m, _ := rec[obj].(map[string]any)
		if f, ok := toFloat(m[k]); ok {
			return f
		}
		return def
	}
	budget := num("budget", "budget", 1000)
	prices := []float64{num("goals", "min_bid", 0.5), num("goals", "max_bid", 5)}
	var pricing []any
	var most int64
	for _, p := range prices {
		if p <= 0 {
			p = 0.01
		}
		imps := int64(budget / p * 1000)
		most = max(most, imps)
		pricing = append(pricing, map[string]any{
			"impressions": imps, "uniques": imps * 7 / 10,
			"price": strconv.FormatFloat(p, 'f', 6, 64), "spend": strconv.FormatFloat(float64(imps)*p/1000, 'f', 6, 64),
		})
	}
	return map[string]any{
		"forecast_date": now(),
		"forecast_result": map[string]any{
			"data": map[string]any{"errors": nil, "flags": nil, "opps": most * 2, "pricing": pricing, "uniques": most * 7 / 10},
			"meta": map[string]any{"status": "success"},
		},
	}
}
