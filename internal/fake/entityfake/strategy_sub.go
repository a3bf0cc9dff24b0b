package entityfake

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Strategy targeting written under strategies/{id}/…, as real clients of
// the platform send it: deals (all_pmp, deal.<n>.id), domain_restrictions
// (domains.<n>.domain, .restriction) and audience_segments
// (segments.<n>.id, .restriction, .group_identifier, include_op,
// exclude_op). Each replaces the strategy's set.

// BulkStrategiesPath is the bulk strategy update of the v3.0 reference
// (operation bulk-update-strategies).
const BulkStrategiesPath = "/api/v3.0/bulk_update/strategies"

// subPost serves POST /{collection}/{id}/{action}: a strategy's deals,
// domain_restrictions and audience_segments, and a campaign's or
// strategy's site_lists.
func (h *handler) subPost(w http.ResponseWriter, r *http.Request) {
	c := h.coll(w, r)
	if c == nil {
		return
	}
	action := r.PathValue("b")
	if action == "delete" {
		h.deleteOwn(w, r, c)
		return
	}
	siteLists := action == "site_lists" && (c.name == "campaigns" || c.name == "strategies")
	if !siteLists && (c.name != "strategies" || (action != "deals" && action != "domain_restrictions" && action != "audience_segments")) {
		writeError(w, r, http.StatusNotFound, "not_found", "no such path")
		return
	}
	id, ok := pathForm(w, r, "a")
	if !ok {
		return
	}
	form := r.PostForm
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	rec := c.get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", c.entityType+" "+r.PathValue("a")+" not found")
		return
	}
	switch action {
	case "site_lists":
		h.postSiteLists(w, r, c, id, form)
	case "deals":
		h.postDeals(w, r, c, id, rec, form)
	case "domain_restrictions":
		h.postDomains(w, r, id, form)
	case "audience_segments":
		h.postAudience(w, r, c, id, rec, form)
	}
}

// indexed reads the keys prefix.<n>.<field> of form (n from 1) into one
// map per n, in n's order. A key of another shape, or a field not in
// fields, is returned as bad.
func indexed(form map[string][]string, prefix string, fields ...string) (items []map[string]string, bad []string) {
	byN := map[int]map[string]string{}
	for k, vs := range form {
		rest, ok := strings.CutPrefix(k, prefix+".")
		if !ok {
			continue
		}
		ns, f, ok := strings.Cut(rest, ".")
		n, err := strconv.Atoi(ns)
		if !ok || err != nil || n < 1 || !slices.Contains(fields, f) {
			bad = append(bad, k)
			continue
		}
		if byN[n] == nil {
			byN[n] = map[string]string{}
		}
		byN[n][f] = vs[len(vs)-1]
	}
	for _, n := range slices.Sorted(maps.Keys(byN)) {
		items = append(items, byN[n])
	}
	slices.Sort(bad)
	return items, bad
}

// refuse answers 400 naming each field.
func refuse(w http.ResponseWriter, r *http.Request, items []wire.ErrorItem) bool {
	if len(items) == 0 {
		return false
	}
	writeError(w, r, http.StatusBadRequest, "invalid", items[0].Message, items...)
	return true
}

func unknownKeys(form map[string][]string, allowed func(string) bool) []wire.ErrorItem {
	var out []wire.ErrorItem
	for _, k := range slices.Sorted(maps.Keys(form)) {
		if !allowed(k) {
			out = append(out, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	return out
}

func (h *handler) postDeals(w http.ResponseWriter, r *http.Request, c *collection, id int64, rec Record, form map[string][]string) {
	errs := unknownKeys(form, func(k string) bool { return k == "all_pmp" || strings.HasPrefix(k, "deal.") })
	items, bad := indexed(form, "deal", "id")
	for _, k := range bad {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	var deals []any
	for i, it := range items {
		f := "deal." + strconv.Itoa(i+1) + ".id"
		did, ok := parseID(it["id"])
		if !ok {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: f, Message: "Invalid deal id(s)"})
			continue
		}
		if h.st.cols["deals"].get(did) == nil {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: f, Message: "deal " + it["id"] + " does not exist"})
			continue
		}
		deals = append(deals, Record{"entity_type": "deal", "id": did})
	}
	var allPMP *bool
	if vs := form["all_pmp"]; len(vs) > 0 {
		b, err := wirefmt.ParseBool(vs[len(vs)-1])
		if err != nil {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "all_pmp", Message: "all_pmp must be a boolean"})
		}
		allPMP = &b
	}
	if refuse(w, r, errs) {
		return
	}
	next := deepCopy(rec)
	if deals == nil {
		deals = []any{}
	}
	next["deals"] = deals
	changed := map[string][2]string{"deals": {"", strconv.Itoa(len(deals)) + " deals"}}
	if allPMP != nil {
		next["run_on_all_pmp"] = *allPMP
		changed["run_on_all_pmp"] = [2]string{"", strconv.FormatBool(*allPMP)}
	}
	ver := toInt64(rec["version"])
	next["version"] = ver + 1
	next["updated_on"] = wirefmt.FormatTime(h.st.now())
	c.put(id, next)
	h.st.record(c, id, ver+1, "update", changed)
	writeOne(w, r, h.st.view(c, next, view{fullByDefault: true}))
}

// replaceChildren deletes the records of collection name pointing at
// strategy id and inserts recs. Callers hold the write lock.
func (s *Store) replaceChildren(name string, id int64, recs []Record) []Record {
	lc := s.cols[name]
	for _, rid := range lc.ids() {
		if toInt64(lc.get(rid)["strategy_id"]) == id {
			lc.del(rid)
		}
	}
	out := make([]Record, 0, len(recs))
	for _, rec := range recs {
		rec["strategy_id"] = id
		nid, _ := s.insertLocked(name, rec)
		out = append(out, deepCopy(lc.get(nid)))
	}
	return out
}

func (h *handler) postDomains(w http.ResponseWriter, r *http.Request, id int64, form map[string][]string) {
	errs := unknownKeys(form, func(k string) bool { return strings.HasPrefix(k, "domains.") })
	items, bad := indexed(form, "domains", "domain", "restriction")
	for _, k := range bad {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	var recs []Record
	for i, it := range items {
		p := "domains." + strconv.Itoa(i+1) + "."
		if it["domain"] == "" {
			errs = append(errs, wire.ErrorItem{Code: "required", Field: p + "domain", Message: p + "domain is required"})
		}
		if it["restriction"] != "INCLUDE" && it["restriction"] != "EXCLUDE" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "restriction", Message: p + "restriction must be INCLUDE or EXCLUDE"})
		}
		recs = append(recs, Record{"domain": it["domain"], "restriction": it["restriction"], "target_type": "DOMAIN", "created_at": wirefmt.FormatTime(h.st.now())})
	}
	if refuse(w, r, errs) {
		return
	}
	out := h.st.replaceChildren("strategy_domain_restrictions", id, recs)
	writeMany(w, r, out, 0, len(out))
}

func (h *handler) postAudience(w http.ResponseWriter, r *http.Request, c *collection, id int64, rec Record, form map[string][]string) {
	errs := unknownKeys(form, func(k string) bool {
		return k == "include_op" || k == "exclude_op" || strings.HasPrefix(k, "segments.")
	})
	items, bad := indexed(form, "segments", "id", "restriction", "group_identifier")
	for _, k := range bad {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	for _, op := range []string{"include_op", "exclude_op"} {
		if v := form[op]; len(v) > 0 && v[len(v)-1] != "AND" && v[len(v)-1] != "OR" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: op, Message: op + " must be AND or OR"})
		}
	}
	var recs []Record
	for i, it := range items {
		p := "segments." + strconv.Itoa(i+1) + "."
		sid, ok := parseID(it["id"])
		switch {
		case !ok:
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "id", Message: p + "id must be a positive integer"})
		case h.st.cols["audience_segments"].get(sid) == nil:
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "id", Message: "audience segment " + it["id"] + " does not exist"})
		}
		if it["restriction"] != "INCLUDE" && it["restriction"] != "EXCLUDE" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "restriction", Message: p + "restriction must be INCLUDE or EXCLUDE"})
		}
		nr := Record{"audience_segment_id": sid, "restriction": it["restriction"]}
		if g := it["group_identifier"]; g != "" {
			nr["group_identifier"] = g
		}
		recs = append(recs, nr)
	}
	if refuse(w, r, errs) {
		return
	}
	out := h.st.replaceChildren("strategy_audience_segments", id, recs)
	changed := map[string][2]string{}
	for form, field := range map[string]string{"include_op": "audience_segment_include_op", "exclude_op": "audience_segment_exclude_op"} {
		if v := r.PostForm.Get(form); v != "" {
			changed[field] = [2]string{"", v}
		}
	}
	if len(changed) > 0 {
		next := deepCopy(rec)
		for f, ch := range changed {
			next[f] = ch[1]
		}
		ver := toInt64(rec["version"])
		next["version"] = ver + 1
		next["updated_on"] = wirefmt.FormatTime(h.st.now())
		c.put(id, next)
		h.st.record(c, id, ver+1, "update", changed)
	}
	writeMany(w, r, out, 0, len(out))
}

// strategyDeals serves GET strategies/{id}/deals: the strategy with its
// deals ([] when it has none).
func (h *handler) strategyDeals(w http.ResponseWriter, r *http.Request, c *collection, id int64) {
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	rec := c.get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "strategy "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	out := h.st.view(c, rec, view{fullByDefault: true})
	if _, ok := out["deals"]; !ok {
		out["deals"] = []any{}
	}
	writeOne(w, r, out)
}

// BulkStrategiesHandler returns the handler of the bulk strategy update
// over this store's strategies. The path belongs to the v3.0 group
// (targetingfake), which serves it and hands it here when the strategies
// it names are group A's (entity's deprecated BulkUpdateStrategies).
func (s *Store) BulkStrategiesHandler() http.Handler {
	return http.HandlerFunc((&handler{st: s}).bulkStrategies)
}

// bulkStrategies serves POST /api/v3.0/bulk_update/strategies: a JSON
// body {"update":[{"id":…, fields…}]}. Every item is checked first (the
// strategy exists, each field is a strategy field with a value that fits,
// version if sent is current); any failure refuses the whole batch with
// 400 naming update[i].field. Otherwise each strategy is updated and the
// list answered in the v3.0 form.
func (h *handler) bulkStrategies(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Update []map[string]json.RawMessage `json:"update"`
	}
	if !fake.ReadJSON(w, r, &body) {
		return
	}
	if len(body.Update) == 0 {
		fake.WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Field: "update", Message: "update must list at least one strategy"})
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	c := h.st.cols["strategies"]
	var errs []wire.ErrorItem
	type change struct {
		id   int64
		form map[string][]string
	}
	var changes []change
	for i, it := range body.Update {
		p := "update[" + strconv.Itoa(i) + "]"
		var id int64
		if raw, ok := it["id"]; !ok || json.Unmarshal(raw, &id) != nil || id <= 0 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + ".id", Message: "id is required"})
			continue
		}
		rec := c.get(id)
		if rec == nil {
			errs = append(errs, wire.ErrorItem{Code: "not_found", Field: p + ".id", Message: "strategy " + strconv.FormatInt(id, 10) + " not found"})
			continue
		}
		form := map[string][]string{}
		for _, k := range slices.Sorted(maps.Keys(it)) {
			raw := it[k]
			switch {
			case k == "id":
				continue
			case k == "version":
				var v int64
				if json.Unmarshal(raw, &v) != nil || c.stale(id, v) {
					errs = append(errs, wire.ErrorItem{Code: "conflict", Field: p + ".version", Message: "stale version"})
				}
				continue
			case k == "pixel_target_exrp_targeting_operator":
				var s string
				if json.Unmarshal(raw, &s) != nil || (s != "AND" && s != "OR") {
					errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "." + k, Message: k + " must be AND or OR"})
				}
				form[k] = []string{s}
				continue
			case !Accepts("strategies", k) || k == "rmx_strategy" || k == "site_placements":
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "." + k, Message: "unknown field " + k})
				continue
			}
			form[k] = []string{jsonScalar(raw)}
		}
		changes = append(changes, change{id: id, form: form})
	}
	if len(errs) == 0 {
		for i, ch := range changes {
			test := deepCopy(c.get(ch.id))
			if bad := h.st.apply(c, test, ch.form, false, nil); bad != "" {
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "update[" + strconv.Itoa(i) + "]." + bad, Message: "invalid value for " + bad})
			}
		}
	}
	if len(errs) > 0 {
		fake.WriteErrors(w, http.StatusBadRequest, errs...)
		return
	}
	out := make([]Record, 0, len(changes))
	for _, ch := range changes {
		rec := c.get(ch.id)
		next := deepCopy(rec)
		changed := map[string][2]string{}
		_ = h.st.apply(c, next, ch.form, false, changed)
		ver := toInt64(rec["version"])
		next["version"] = ver + 1
		next["updated_on"] = wirefmt.FormatTime(h.st.now())
		c.put(ch.id, next)
		h.st.record(c, ch.id, ver+1, "update", changed)
		out = append(out, h.st.view(c, next, view{fullByDefault: true}))
	}
	wire.WriteJSON(w, http.StatusOK, wire.Meta{CalledOn: nowString(), Count: len(out), TotalCount: len(out)}, out)
}

// jsonScalar renders a JSON value as the form value it stands for: a
// string's text, true/false as 1/0, a number's digits, a one-currency
// money array's value, null as "" (clear).
func jsonScalar(raw json.RawMessage) string {
	var v any
	d := json.NewDecoder(strings.NewReader(string(raw)))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return string(raw)
	}
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "1"
		}
		return "0"
	case json.Number:
		return x.String()
	case []any:
		if len(x) == 1 {
			if m, ok := x[0].(map[string]any); ok {
				if n, ok := m["value"].(json.Number); ok {
					return n.String()
				}
			}
		}
	}
	return string(raw)
}
