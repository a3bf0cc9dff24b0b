package entityfake

import (
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// The v2.0 actions real clients send under a campaign or a site list
// (issue #20): custom brain selections added one at a time
// (selection_id, selection_type) or in bulk
// (custom_brain_selections.<n>.selection_id and .selection_type), answered
// as selection records, and deleted one at a time with their version; a
// campaign's daily margins (margins.<n>.date and .margin_pct) and domains
// added to a site list (domains.<n>.domain), each answered with an
// acknowledgement. Selections live in the stored campaign as the v3.0
// paths keep them, so either form reads what the other wrote.

func registerCampaignActions(r fake.Registrar, h *handler) {
	r.Handle("POST "+Prefix+"/campaigns/{id}/custom_brain_selections", fake.Session, http.HandlerFunc(h.addBrainSelections))
	r.Handle("POST "+Prefix+"/campaigns/{id}/custom_brain_selections/bulk", fake.Session, http.HandlerFunc(h.addBrainSelections))
	r.Handle("POST "+Prefix+"/campaigns/{cid}/custom_brain_selections/{id}/delete", fake.Session, http.HandlerFunc(h.deleteBrainSelection))
	r.Handle("POST "+Prefix+"/campaigns/{id}/margins", fake.Session, http.HandlerFunc(h.campaignMargins))
	r.Handle("POST "+Prefix+"/site_lists/{id}/domains", fake.Session, http.HandlerFunc(h.siteListDomains))
}

// writeAck answers an action the platform acknowledges without a record.
func writeAck(w http.ResponseWriter, r *http.Request) {
	if fake.WantsXML(r) {
		wire.WriteXML(w, http.StatusOK, &wire.Result{CalledOn: nowString()})
		return
	}
	wire.WriteJSON(w, http.StatusOK, wire.Meta{CalledOn: nowString()}, nil)
}

// addBrainSelections serves POST /campaigns/{id}/custom_brain_selections
// (one selection, answered as its record) and .../bulk (indexed, answered
// as the list of the records added).
func (h *handler) addBrainSelections(w http.ResponseWriter, r *http.Request) {
	id, ok := pathForm(w, r, "id")
	if !ok {
		return
	}
	bulk := strings.HasSuffix(r.URL.Path, "/bulk")
	var items []map[string]string
	if bulk {
		if items, ok = formItems(w, r, "custom_brain_selections", "custom_brain_selections.<n> are required", "selection_id", "selection_type"); !ok {
			return
		}
	} else {
		if refuse(w, r, unknownKeys(r.PostForm, func(k string) bool { return k == "selection_id" || k == "selection_type" })) {
			return
		}
		items = []map[string]string{{"selection_id": r.PostForm.Get("selection_id"), "selection_type": r.PostForm.Get("selection_type")}}
	}
	var errs []wire.ErrorItem
	type sel struct {
		id  int64
		typ string
	}
	sels := make([]sel, 0, len(items))
	for i, it := range items {
		p := ""
		if bulk {
			p = "custom_brain_selections." + strconv.Itoa(i+1) + "."
		}
		sid, err := strconv.ParseInt(it["selection_id"], 10, 64)
		if err != nil || sid < 1 || sid > math.MaxInt32 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "selection_id", Message: "selection_id must be a positive int32"})
		}
		if !slices.Contains(selectionTypes(), it["selection_type"]) {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "selection_type", Message: "selection_type must be one of the reference's values"})
		}
		sels = append(sels, sel{sid, it["selection_type"]})
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	c := h.st.cols["campaigns"]
	rec := c.get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "campaign "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	list, _ := rec["custom_brain_selections"].([]any)
	held := map[string]bool{}
	for _, o := range list {
		if m, ok := o.(map[string]any); ok {
			held[selectionKey(toInt64(m["selection_id"]), m["selection_type"])] = true
		}
	}
	nextID := h.st.maxSelectionIDLocked() + 1
	now := wirefmt.FormatTime(h.st.now())
	var added []Record
	for _, s := range sels {
		if held[selectionKey(s.id, s.typ)] {
			writeError(w, r, http.StatusBadRequest, "invalid", "selection "+strconv.FormatInt(s.id, 10)+" ("+s.typ+") is already held",
				wire.ErrorItem{Code: "invalid", Field: "selection_id", Message: "already held"})
			return
		}
		held[selectionKey(s.id, s.typ)] = true
		m := Record{"id": nextID, "entity_type": "custom_brain_selection", "version": int64(0), "campaign_id": id,
			"selection_id": s.id, "selection_type": s.typ, "active": true, "enable_svc_audiences_in_brain": false,
			"is_retired": false, "selection_name": s.typ + " " + strconv.FormatInt(s.id, 10), "created_on": now, "updated_on": now}
		nextID++
		list = append(list, m)
		added = append(added, deepCopy(m))
	}
	rec["custom_brain_selections"] = list
	if bulk {
		writeMany(w, r, added, 0, len(added))
		return
	}
	writeOne(w, r, added[0])
}

// deleteBrainSelection serves POST
// /campaigns/{cid}/custom_brain_selections/{id}/delete: id is the
// selection record's id; version is required, a stale one is a 409.
func (h *handler) deleteBrainSelection(w http.ResponseWriter, r *http.Request) {
	cid, ok1 := parseID(r.PathValue("cid"))
	id, ok2 := parseID(r.PathValue("id"))
	if !ok1 || !ok2 {
		badRequest(w, r, "id", "ids must be positive integers")
		return
	}
	if !parseForm(w, r) {
		return
	}
	if refuse(w, r, unknownKeys(r.PostForm, func(k string) bool { return k == "version" })) {
		return
	}
	ver, err := strconv.ParseInt(r.PostForm.Get("version"), 10, 64)
	if err != nil || ver < 0 {
		badRequest(w, r, "version", "version is required on delete")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	rec := h.st.cols["campaigns"].get(cid)
	var list []any
	if rec != nil {
		list, _ = rec["custom_brain_selections"].([]any)
	}
	for i, o := range list {
		m, ok := o.(map[string]any)
		if !ok || toInt64(m["id"]) != id {
			continue
		}
		if cur := toInt64(m["version"]); cur != ver {
			msg := "version conflict: sent " + strconv.FormatInt(ver, 10) + ", current is " + strconv.FormatInt(cur, 10)
			writeError(w, r, http.StatusConflict, "conflict", msg, wire.ErrorItem{Code: "conflict", Field: "version", Message: "stale version"})
			return
		}
		out := deepCopy(m)
		out["entity_type"] = "custom_brain_selection"
		rec["custom_brain_selections"] = slices.Delete(slices.Clone(list), i, i+1)
		writeOne(w, r, out)
		return
	}
	writeError(w, r, http.StatusNotFound, "not_found", "custom_brain_selection "+strconv.FormatInt(id, 10)+" not found")
}

// campaignMargins serves POST /campaigns/{id}/margins: each margin's date
// (YYYY-MM-DD) and margin_pct (0 to 100), kept on the campaign under
// margins (date -> percentage).
func (h *handler) campaignMargins(w http.ResponseWriter, r *http.Request) {
	id, ok := pathForm(w, r, "id")
	if !ok {
		return
	}
	items, ok := formItems(w, r, "margins", "margins.<n> are required", "date", "margin_pct")
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	for i, it := range items {
		p := "margins." + strconv.Itoa(i+1) + "."
		if !isDay(it["date"]) {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "date", Message: "date must be YYYY-MM-DD"})
		}
		d, err := adama.ParseDecimal(it["margin_pct"])
		if err != nil || d.Cmp(adama.Decimal{}) < 0 || d.Cmp(adama.MustDecimal("100")) > 0 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "margin_pct", Message: "margin_pct must be between 0 and 100"})
		}
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	rec := h.st.cols["campaigns"].get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "campaign "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	margins, _ := rec["margins"].(map[string]any)
	if margins == nil {
		margins = map[string]any{}
	}
	for _, it := range items {
		d, _ := adama.ParseDecimal(it["margin_pct"])
		margins[it["date"]] = d.String()
	}
	rec["margins"] = margins
	writeAck(w, r)
}

// inIndexed allows the keys prefix.<n>.<field> indexed read.
func inIndexed(prefix string, bad []string) func(string) bool {
	return func(k string) bool { return strings.HasPrefix(k, prefix+".") && !slices.Contains(bad, k) }
}

func isDay(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, ch := range s {
		if i != 4 && i != 7 && (ch < '0' || ch > '9') {
			return false
		}
	}
	return true
}

// siteListDomains serves POST /site_lists/{id}/domains: the domains are
// added to the list's entries (the uploaded file's kept).
func (h *handler) siteListDomains(w http.ResponseWriter, r *http.Request) {
	id, ok := pathForm(w, r, "id")
	if !ok {
		return
	}
	items, ok := formItems(w, r, "domains", "domains.<n>.domain are required", "domain")
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	for i, it := range items {
		if d := it["domain"]; d == "" || strings.ContainsAny(d, " /,") {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "domains." + strconv.Itoa(i+1) + ".domain", Message: "must be a domain name"})
		}
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	rec := h.st.cols["site_lists"].get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "site_list "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	sites := h.st.lists.Sites(id)
	added := int64(0)
	for _, it := range items {
		if !slices.Contains(sites, it["domain"]) {
			sites = append(sites, it["domain"])
			added++
		}
	}
	h.st.lists.SetSites(id, sites)
	rec["sites_count"] = int64(len(sites))
	rec["sites_count_domain"] = toInt64(rec["sites_count_domain"]) + added
	h.st.cols["site_lists"].put(id, rec) // the shared collection hands out copies
	writeAck(w, r)
}
