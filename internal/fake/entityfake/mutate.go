package entityfake

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// defaults are applied on create when the field is absent.
var defaults = map[string]Record{
	"agencies":      {"status": false, "dmp_enabled": "inherits", "ads_txt_verified": "AUTHORIZED_ONLY", "allow_x_adv_optimization": false, "allow_x_adv_pixels": false},
	"advertisers":   {"status": false},
	"strategies":    {"bid_aggressiveness": int64(50), "impression_pacing_interval": "day", "bid_price_is_media_only": true, "use_optimization": false},
	"pixel_bundles": {"status": true, "pricing": "CPM"},
	"atomic_creatives": {"ad_format": "DISPLAY", "media_type": "DISPLAY", "expansion_trigger": "MOUSEOVER",
		"expansion_direction": "NONRESTRICTED", "built": false, "rich_media": false, "approval_status": "PENDING"},
}

// currencyFor returns the currency money scalars are read in.
func (s *Store) currencyFor(c *collection, rec Record) string {
	if cc, ok := rec["currency_code"].(string); ok && cc != "" {
		return cc
	}
	if cid, ok := toInt(rec["campaign_id"]); ok {
		if camp := s.cols["campaigns"].get(cid); camp != nil {
			if cc, ok := camp["currency_code"].(string); ok && cc != "" {
				return cc
			}
		}
	}
	return "USD"
}

// apply sets the form fields on rec; it returns the offending key on a
// value that does not fit, and records changes in changed.
func (s *Store) apply(c *collection, rec Record, form map[string][]string, create bool, changed map[string][2]string) string {
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	cur := s.currencyFor(c, rec)
	if cc := form["currency_code"]; len(cc) > 0 && cc[0] != "" {
		cur = cc[0]
	}
	for _, k := range keys {
		if k == "version" || k == "id" || ReadOnly(c.name, k) {
			continue
		}
		vs := form[k]
		val := vs[len(vs)-1]
		segs := strings.Split(k, ".")
		leaf := segs[len(segs)-1]
		old, _ := render(rec[k])
		if val == "" {
			if create {
				continue
			}
			if !setPath(rec, segs, nil) {
				return k
			}
			if changed != nil {
				changed[k] = [2]string{old, ""}
			}
			continue
		}
		conv, ok := fromForm(leaf, val, cur)
		if !ok || !setPath(rec, segs, conv) {
			return k
		}
		if changed != nil {
			nv, _ := render(conv)
			if nv != old || len(segs) > 1 {
				changed[k] = [2]string{old, nv}
			}
		}
	}
	return ""
}

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	c := h.coll(w, r)
	if c == nil {
		return
	}
	form, ok := readForm(w, r, c, "id must not be sent")
	if !ok {
		return
	}
	var missing []wire.ErrorItem
	for _, f := range required[c.name] {
		if form.Get(f) == "" {
			missing = append(missing, wire.ErrorItem{Code: "required", Field: f, Message: f + " is required"})
		}
	}
	if len(missing) > 0 {
		writeError(w, r, http.StatusBadRequest, "invalid", "missing required fields", missing...)
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	if bad := h.st.missingParents(form); len(bad) > 0 {
		writeError(w, r, http.StatusBadRequest, "invalid", bad[0].Message, bad...)
		return
	}
	rec := Record{}
	if bad := h.st.apply(c, rec, form, true, nil); bad != "" {
		badRequest(w, r, bad, "invalid value for "+bad)
		return
	}
	for k, v := range defaults[c.name] {
		if _, ok := rec[k]; !ok {
			rec[k] = v
		}
	}
	if c.name == "strategies" {
		rec["currency_code"] = h.st.currencyFor(c, Record{"campaign_id": rec["campaign_id"]})
	}
	id, err := h.st.insertLocked(c.name, rec)
	if err != nil {
		writeError(w, r, http.StatusInternalServerError, "error", err.Error())
		return
	}
	h.st.record(c, id, 0, "create", map[string][2]string{})
	writeOne(w, r, h.st.view(c, c.get(id), view{fullByDefault: true}))
}

func (h *handler) update(w http.ResponseWriter, r *http.Request) {
	c, id, ok := h.collAndID(w, r)
	if !ok {
		return
	}
	form, ok := readForm(w, r, c, "id must not be sent on update")
	if !ok {
		return
	}
	ver, err := strconv.ParseInt(form.Get("version"), 10, 64)
	if err != nil {
		badRequest(w, r, "version", "version is required on update")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	cur := c.get(id)
	if cur == nil {
		writeError(w, r, http.StatusNotFound, "not_found", c.entityType+" "+r.PathValue("id")+" not found")
		return
	}
	if p := c.recs.Fresh(id, &ver); p != nil {
		writeError(w, r, p.Status, p.Code, p.Message, wire.ErrorItem{Code: p.Code, Field: p.Field, Message: "stale version"})
		return
	}
	next := deepCopy(cur)
	changed := map[string][2]string{}
	if bad := h.st.apply(c, next, form, false, changed); bad != "" {
		badRequest(w, r, bad, "invalid value for "+bad)
		return
	}
	next["version"] = ver + 1
	next["updated_on"] = wirefmt.FormatTime(h.st.now())
	c.put(id, next)
	h.st.record(c, id, ver+1, "update", changed)
	writeOne(w, r, h.st.view(c, next, view{fullByDefault: true}))
}

// record appends history entries; callers hold the write lock.
func (s *Store) record(c *collection, id, version int64, action string, changed map[string][2]string) {
	if noHistory[c.name] {
		return
	}
	key := c.name + "/" + strconv.FormatInt(id, 10)
	now := wirefmt.FormatTime(s.now())
	add := func(field, old, nv string) {
		s.histID++
		e := Record{"id": s.histID, "entity_type": "history", "version": int64(0), "action": action,
			"entity_version": version, "user_id": int64(1), "date": now}
		if field != "" {
			e["field_name"], e["old_value"], e["new_value"] = field, old, nv
		}
		s.history[key] = append(s.history[key], e)
	}
	if len(changed) == 0 {
		add("", "", "")
		return
	}
	fields := make([]string, 0, len(changed))
	for f := range changed {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		add(f, changed[f][0], changed[f][1])
	}
}

// missingParents returns an error item for each *_id field of a create
// naming a record of a served collection that does not exist (a parent
// must exist before its child is created). Callers hold the lock.
func (s *Store) missingParents(form map[string][]string) []wire.ErrorItem {
	var out []wire.ErrorItem
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		typ, ok := strings.CutSuffix(k, "_id")
		if !ok || stringIDFields[k] {
			continue
		}
		parent := s.cols[plural[typ]]
		if parent == nil {
			continue
		}
		vs := form[k]
		id, err := strconv.ParseInt(vs[len(vs)-1], 10, 64)
		if err != nil || id <= 0 {
			continue
		}
		if parent.get(id) == nil {
			out = append(out, wire.ErrorItem{Code: "invalid", Field: k, Message: typ + " " + strconv.FormatInt(id, 10) + " does not exist"})
		}
	}
	return out
}
