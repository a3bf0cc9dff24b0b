package targetingfake

import (
	"bytes"
	"encoding/json"
	"io"
	stdmaps "maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Strategies is the collection of strategies.
const Strategies = "strategies"

// strategies serves the strategy operations over the store's Strategies
// collection, their changes in the store's history.
type strategies struct {
	st *Store
}

func newStrategies(st *Store) *strategies {
	return &strategies{st: st}
}

// strategyObjects are the writable properties that hold an object.
var strategyObjects = []string{"duration", "budget", "pacing", "goals", "frequency", "concepts", "inventory", "targeting"}

// strategyFields are the writable scalar properties of a strategy body
// (the StrategyWritable schema of the description).
var strategyFields = map[string]field{
	"name": {kind: kString, minLen: 1, maxLen: 128}, "description": {kind: kString, maxLen: 1024},
	"status": {kind: kBool}, "archived": {kind: kBool}, "use_optimization": {kind: kBool}, "device_graph_only": {kind: kBool},
	"media_type":            describedEnum("createStrategy", "media_type"),
	"type":                  describedEnum("createStrategy", "type"),
	"mfa_avoidance":         describedEnum("createStrategy", "mfa_avoidance"),
	"ads_txt_verified":      {kind: kString, enum: bodies["createStrategy"].Enums["ads_txt_verified"], nullable: true},
	"feature_compatibility": {kind: kString, maxLen: 1024, nullable: true},
	"strategy_group_id":     {kind: kInt, min: 1, nullable: true},
	"groups":                {kind: kArray, nullable: true},
}

var (
	strategyCreate = schema{fields: with(strategyFields, map[string]field{"campaign_id": intField(1)}), required: bodies["createStrategy"].Required}
	strategyUpdate = schema{fields: with(strategyFields, map[string]field{"version": intField(0)}), required: bodies["updateStrategy"].Required}
)

// checkStrategy checks a create or update body: the scalar properties by
// sc, the object ones as objects, required nested fields on create
// (goals.goal_type, pacing.pacing_amount, inventory's run_on_all_pmp and
// run_on_all_exchanges), and anything else (the read-only properties
// included) refused.
func checkStrategy(sc schema, body map[string]any, create bool) []wire.ErrorItem {
	flat := make(map[string]any, len(body))
	var errs []wire.ErrorItem
	for k, v := range body {
		if slices.Contains(strategyObjects, k) {
			if _, ok := v.(map[string]any); !ok {
				errs = append(errs, invalid(k, "must be an object"))
			}
			continue
		}
		if k == "groups" {
			continue // an array of text, checked below
		}
		flat[k] = v
	}
	req := sc
	req.required = slices.DeleteFunc(slices.Clone(sc.required), func(k string) bool { return slices.Contains(strategyObjects, k) })
	errs = append(errs, req.check(flat)...)
	for _, k := range sc.required {
		if _, ok := body[k]; !ok && slices.Contains(strategyObjects, k) {
			errs = append(errs, invalid(k, "is required"))
		}
	}
	if g, ok := body["groups"]; ok && g != nil {
		items, ok := g.([]any)
		for _, it := range items {
			if _, isText := it.(string); !isText {
				ok = false
			}
		}
		if !ok {
			errs = append(errs, invalid("groups", "must be an array of strings"))
		}
	}
	if create {
		need := map[string][]string{"goals": {"goal_type"}, "pacing": {"pacing_amount"}, "inventory": {"run_on_all_pmp", "run_on_all_exchanges"}}
		for _, obj := range []string{"goals", "pacing", "inventory"} {
			m, _ := body[obj].(map[string]any)
			if m == nil {
				continue
			}
			for _, k := range need[obj] {
				if _, ok := m[k]; !ok {
					errs = append(errs, invalid(obj+"."+k, "is required"))
				}
			}
		}
	}
	if g, ok := body["goals"].(map[string]any); ok {
		if t, ok := g["goal_type"].(string); ok && !slices.Contains([]string{"spend", "reach", "cpc", "cpe", "cpa", "roi", "ctr", "vcr", "viewability_rate", "vcpm", "cpcv"}, t) {
			errs = append(errs, invalid("goals.goal_type", "not a goal type"))
		}
	}
	return errs
}

// view shapes a strategy: a list without full=* holds id, name and
// entity_type; extended=true adds the advertiser and, for INHERIT, the
// inherited avoidance.
func (s *strategies) view(rec map[string]any, q url.Values, single bool) map[string]any {
	if !single && q.Get("full") == "" {
		return map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}
	}
	if q.Get("extended") == "true" {
		rec["advertiser_id"] = int64(1)
	}
	if rec["mfa_avoidance"] == "INHERIT" {
		rec["inherited_mfa_avoidance"] = "ALLOW_ALL"
		rec["inherited_mfa_from"] = "Campaign"
	}
	return rec
}

func (s *strategies) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var errs []wire.ErrorItem
	for _, w := range q["with"] {
		for _, x := range strings.Split(w, ",") {
			if !slices.Contains([]string{"technology", "location", "ip_addresses", "geofences", "my_data", "audience", "contextual", "deals", "site_lists", "supply", "domain_restrictions", "concepts", "day_parts", "fold_positions"}, x) {
				errs = append(errs, invalid("with", "unknown relation %q", x))
			}
		}
	}
	if f := q.Get("full"); f != "" && f != "*" && f != "strategy" {
		errs = append(errs, invalid("full", "must be *"))
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rs := &resource{st: s.st, coll: Strategies, project: func(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
		return s.view(rec, q, single), nil
	}}
	if q.Get("live_only") == "true" {
		rs.filter = func(*Store, url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
			return func(rec map[string]any) bool { return rec["status"] == true }, nil
		}
	}
	rs.list(w, r)
}

func (s *strategies) get(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	rec := s.st.Get(Strategies, id)
	if rec == nil {
		notFound(w, "strategy", id)
		return
	}
	fake.WriteData(w, http.StatusOK, s.view(rec, r.URL.Query(), true), nil)
}

// fillDefaults sets the server's defaults of a new strategy.
func fillDefaults(rec map[string]any) {
	for k, v := range map[string]any{"status": false, "archived": false, "is_programmatic_guaranteed": false,
		"use_optimization": false, "device_graph_only": false, "mfa_avoidance": "INHERIT", "type": "REM",
		"zone_name": "America/New_York", "campaign_name": "Campaign", "campaign_zone_name": "America/New_York"} {
		if _, ok := rec[k]; !ok {
			rec[k] = v
		}
	}
	if _, ok := rec["frequency"]; !ok {
		rec["frequency"] = map[string]any{"frequency_type": "no-limit", "frequency_interval": "not-applicable", "frequency_amount": nil, "frequency_optimization": false}
	}
}

func (s *strategies) create(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := checkStrategy(strategyCreate, body, true); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := normalize(body)
	fillDefaults(rec)
	s.st.mu.Lock()
	id := s.st.addLocked(Strategies, rec)
	out, _ := s.st.colls[Strategies].Get(id)
	s.st.logChange(Strategies, id, "create", nil, out)
	s.st.mu.Unlock()
	fake.WriteData(w, http.StatusCreated, s.view(out, url.Values{}, true), nil)
}

// apply checks body against the stored strategy id and saves it: the
// problem's status and items, or the saved record.
func (s *strategies) apply(id int64, body map[string]any) (map[string]any, int, []wire.ErrorItem) {
	if errs := checkStrategy(strategyUpdate, body, false); len(errs) > 0 {
		return nil, http.StatusBadRequest, errs
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c := s.st.colls[Strategies]
	rec, exists := c.Get(id)
	if !exists {
		return nil, http.StatusNotFound, []wire.ErrorItem{{Code: "not_found", Message: "strategy " + strconv.FormatInt(id, 10) + " not found"}}
	}
	sent, _ := toInt(normalizeValue(body["version"]))
	if p := c.Fresh(id, &sent); p != nil {
		return nil, p.Status, []wire.ErrorItem{p.Item()}
	}
	before := clone(rec)
	for k, v := range normalize(body) {
		if k != "version" {
			rec[k] = v
		}
	}
	rec["updated_on"] = now()
	out, _ := c.Update(id, &sent, rec)
	s.st.logChange(Strategies, id, "update", before, out)
	return out, http.StatusOK, nil
}

func (s *strategies) update(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	out, status, errs := s.apply(id, body)
	if len(errs) > 0 {
		fake.WriteErrors(w, status, errs...)
		return
	}
	fake.WriteData(w, http.StatusOK, s.view(out, url.Values{}, true), nil)
}

// copyBody are the properties of a copy's body, by object.
var copyBody = map[string][]string{
	"duration":  {"start_date", "copy_use_campaign_start", "end_date", "copy_use_campaign_end"},
	"targeting": {"copy_geofence", "copy_contextual", "copy_audience", "copy_technology", "copy_my_data", "copy_location", "copy_day_parts", "copy_postal_codes", "copy_audio_video", "copy_ip_addresses", "copy_fold_position"},
	"inventory": {"copy_supply", "copy_site_lists", "copy_supply_controls"},
	"concepts":  {"copy_creative_groups"},
}

func (s *strategies) copy(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	for _, k := range bodies["copyStrategy"].Required {
		if _, ok := body[k]; !ok {
			errs = append(errs, invalid(k, "is required"))
		}
	}
	for k, v := range body {
		switch k {
		case "name":
			if n, ok := v.(string); !ok || n == "" || len(n) > 128 {
				errs = append(errs, invalid(k, "must be a name of 1 to 128 characters"))
			}
		case "status":
			if _, ok := v.(bool); !ok {
				errs = append(errs, invalid(k, "must be a boolean"))
			}
		default:
			props, known := copyBody[k]
			m, isObj := v.(map[string]any)
			if !known || !isObj {
				errs = append(errs, invalid(k, "unknown field"))
				continue
			}
			for p := range m {
				if !slices.Contains(props, p) {
					errs = append(errs, invalid(k+"."+p, "unknown field"))
				}
			}
		}
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	orig := s.st.Get(Strategies, id)
	if orig == nil {
		notFound(w, "strategy", id)
		return
	}
	cp := clone(orig)
	for _, k := range []string{"id", "version", "created_on", "updated_on"} {
		delete(cp, k)
	}
	cp["name"], cp["status"] = body["name"], body["status"]
	if d, ok := body["duration"].(map[string]any); ok {
		dur, _ := cp["duration"].(map[string]any)
		if dur == nil {
			dur = map[string]any{}
		}
		for _, k := range []string{"start_date", "end_date"} {
			if v, ok := d[k]; ok {
				dur[k] = v
			}
		}
		cp["duration"] = dur
	}
	s.st.mu.Lock()
	nid := s.st.addLocked(Strategies, cp)
	out, _ := s.st.colls[Strategies].Get(nid)
	s.st.logChange(Strategies, nid, "create", nil, out)
	s.st.mu.Unlock()
	fake.WriteData(w, http.StatusOK, s.view(out, url.Values{}, true), nil)
}

// stored returns strategy {id} of the path, or answers 404.
func (s *strategies) stored(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return nil, false
	}
	rec := s.st.Get(Strategies, id)
	if rec == nil {
		notFound(w, "strategy", id)
		return nil, false
	}
	return rec, true
}

func check(ok bool, message string) map[string]any {
	if ok {
		return map[string]any{"result": "pass", "message": "ok"}
	}
	return map[string]any{"result": "fail", "message": message}
}

func (s *strategies) healthcheck(w http.ResponseWriter, r *http.Request) {
	rec, ok := s.stored(w, r)
	if !ok {
		return
	}
	active := rec["status"] == true
	result := "pass"
	if !active {
		result = "fail"
	}
	strat := map[string]any{"id": rec["id"], "status": active, "activity_check": check(active, "the strategy is inactive"),
		"budget_check": check(true, ""), "inventory_check": check(true, ""), "day_parts_check": check(true, ""),
		"start_end_date_check": check(true, ""), "remaining_budget": nil, "currency_code": nil, "next_active_window_start": nil}
	if d, ok := rec["duration"].(map[string]any); ok {
		for _, k := range []string{"start_date", "end_date", "use_campaign_start", "use_campaign_end"} {
			if v, ok := d[k]; ok && v != nil {
				strat[k] = v
			}
		}
	}
	level := func(id int64) map[string]any {
		return map[string]any{"id": id, "status": true, "activity_check": check(true, "")}
	}
	cid, _ := toInt(rec["campaign_id"])
	camp := level(cid)
	camp["budget_check"], camp["start_end_date_check"], camp["remaining_budget"], camp["currency_code"] = check(true, ""), check(true, ""), 1000, "USD"
	fake.WriteData(w, http.StatusOK, map[string]any{
		"result": result, "organization": level(1), "agency": level(1), "advertiser": level(1), "campaign": camp, "strategy": strat,
		"contract": map[string]any{"id": 1, "expiration_date": "2030-01-01T00:00:00+0000", "activity_check": check(true, "")},
		"creative": map[string]any{"activity_check": check(true, ""), "approval_check": check(true, "")},
	}, nil)
}

func (s *strategies) friendlyNames(w http.ResponseWriter, r *http.Request) {
	rec, ok := s.stored(w, r)
	if !ok {
		return
	}
	// One name per location target of the tree (target_value_id and
	// code, the reference's strategy_location).
	var items []map[string]any
	t, _ := rec["targeting"].(map[string]any)
	loc, _ := t["location"].(map[string]any)
	for _, side := range []string{"include", "exclude"} {
		list, _ := loc[side].([]any)
		for _, it := range list {
			m, _ := it.(map[string]any)
			id, ok := toInt(m["target_value_id"])
			code, _ := m["code"].(string)
			if !ok {
				continue
			}
			items = append(items, map[string]any{"friendly_name": code + " " + strconv.FormatInt(id, 10), "target_id": strconv.FormatInt(id, 10),
				"dimension_code": code, "tuple": code + ":" + strconv.FormatInt(id, 10)})
		}
	}
	if items == nil {
		items = []map[string]any{}
	}
	writeListPage(w, r, items, int64(len(items)), 0, int64(len(items)), int64(max(len(items), 1)), 0)
}

func (s *strategies) forecastQuery(w http.ResponseWriter, r *http.Request) {
	rec, ok := s.stored(w, r)
	if !ok {
		return
	}
	out := map[string]any{"expression": expression(rec, false), "freqCap": nil, "freqDur": nil, "maxSpend": nil, "maxCPM": nil}
	if f, ok := rec["frequency"].(map[string]any); ok {
		out["freqCap"] = f["frequency_amount"]
		if iv, ok := f["frequency_interval"].(string); ok {
			out["freqDur"] = iv
		}
	}
	if g, ok := rec["goals"].(map[string]any); ok {
		out["maxCPM"] = g["max_bid"]
	}
	if b, ok := rec["budget"].(map[string]any); ok {
		out["maxSpend"] = b["budget"]
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// expression is a stand-in for the platform's serialised targeting
// expression: the strategy's id, and whether inactive parts are kept.
func expression(rec map[string]any, inactive bool) string {
	id, _ := toInt(rec["id"])
	e := "(strategy " + strconv.FormatInt(id, 10) + ")"
	if inactive {
		e += " +inactive"
	}
	return e
}

func (s *strategies) targetingExpression(w http.ResponseWriter, r *http.Request) {
	rec, ok := s.stored(w, r)
	if !ok {
		return
	}
	inc := r.URL.Query().Get("include_inactive")
	if inc != "" && inc != "true" && inc != "false" {
		badRequest(w, []wire.ErrorItem{invalid("include_inactive", "must be a boolean")})
		return
	}
	fake.WriteData(w, http.StatusOK, map[string]any{"expression": expression(rec, inc == "true")}, nil)
}

// bulk serves POST /bulk_update/strategies: each item of "update" is
// applied on its own; the answer lists those updated, with 207 when some
// were not.
func (s *strategies) bulk(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		badRequest(w, []wire.ErrorItem{invalid("", "the body could not be read")})
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if fb := s.fallback(raw); fb != nil {
		r.Body = io.NopCloser(bytes.NewReader(raw))
		fb.ServeHTTP(w, r)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	items, isList := body["update"].([]any)
	if !isList || len(items) == 0 {
		badRequest(w, []wire.ErrorItem{invalid("update", "must be a list of at least one strategy")})
		return
	}
	var done []map[string]any
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			continue
		}
		id, ok := toInt(normalizeValue(m["id"]))
		if !ok || id < 1 {
			continue
		}
		rest := make(map[string]any, len(m))
		for k, v := range m {
			if k == "id" {
				continue
			}
			if k == "targeting" {
				if t, ok := v.(map[string]any); ok {
					t = stdmaps.Clone(t)
					delete(t, "postal_codes") // the reference: ignored in bulk
					delete(t, "ip_addresses")
					v = t
				}
			}
			rest[k] = v
		}
		if out, _, errs := s.apply(id, rest); len(errs) == 0 {
			done = append(done, s.view(out, url.Values{}, true))
		}
	}
	status := http.StatusOK
	if len(done) < len(items) {
		status = http.StatusMultiStatus
	}
	fake.WriteData(w, status, done, map[string]any{"status": "success", "count": len(done), "total_count": len(done), "offset": 0})
}

// SetBulkStrategiesFallback sets what serves a bulk strategy update none
// of whose ids is one of this store's strategies (adamatest hands it to
// group A's fake, whose strategies entity's deprecated
// BulkUpdateStrategies names).
func (s *Store) SetBulkStrategiesFallback(h func() http.Handler) {
	s.mu.Lock()
	s.bulkFallback = h
	s.mu.Unlock()
}

// fallback returns the fallback handler when the bulk body names no
// strategy of the store, nil otherwise.
func (s *strategies) fallback(raw []byte) http.Handler {
	s.st.mu.Lock()
	fb := s.st.bulkFallback
	s.st.mu.Unlock()
	if fb == nil {
		return nil
	}
	var body struct {
		Update []struct {
			ID json.Number `json:"id"`
		} `json:"update"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return nil
	}
	for _, it := range body.Update {
		if id, err := it.ID.Int64(); err == nil && s.st.Get(Strategies, id) != nil {
			return nil
		}
	}
	return fb()
}

// ---- handlers (routes_gen.go) ----

func (h *handler) listStrategies(w http.ResponseWriter, r *http.Request) { h.strat.list(w, r) }

func (h *handler) createStrategy(w http.ResponseWriter, r *http.Request) { h.strat.create(w, r) }

func (h *handler) getStrategy(w http.ResponseWriter, r *http.Request) {
	h.strat.get(w, withID(r, "strategy_id"))
}

func (h *handler) updateStrategy(w http.ResponseWriter, r *http.Request) {
	h.strat.update(w, withID(r, "strategy_id"))
}

func (h *handler) copyStrategy(w http.ResponseWriter, r *http.Request) {
	h.strat.copy(w, withID(r, "strategy_id"))
}

func (h *handler) getStrategyHealthcheck(w http.ResponseWriter, r *http.Request) {
	h.strat.healthcheck(w, withID(r, "strategy_id"))
}

func (h *handler) getStrategyFriendlyNames(w http.ResponseWriter, r *http.Request) {
	h.strat.friendlyNames(w, withID(r, "strategy_id"))
}

func (h *handler) getStrategyForecastQuery(w http.ResponseWriter, r *http.Request) {
	h.strat.forecastQuery(w, withID(r, "strategy_id"))
}

func (h *handler) getStrategyTargetingExpression(w http.ResponseWriter, r *http.Request) {
	h.strat.targetingExpression(w, withID(r, "strategy_id"))
}

func (h *handler) getStrategyHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "strategy_id"), Strategies, Strategies)
}

func (h *handler) bulkUpdateStrategies(w http.ResponseWriter, r *http.Request) { h.strat.bulk(w, r) }

func (h *handler) listStrategiesHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveAuditLog(w, r, Strategies)
}
