package entityfake

import (
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// CampaignsV3Path is the v3.0 campaign path of the reference
// (the Campaigns API v3.0 reference, operations
// get-campaign and update-campaign), where a campaign's
// custom_brain_selections are read and written.
const CampaignsV3Path = "/api/v3.0/campaigns"

// selectionTypes returns the selection_type values the reference's
// campaign update accepts.
func selectionTypes() []string {
	return []string{"Audience Target", "Data Pixel", "Event Pixel", "Segment", "Dynamic"}
}

// V3CampaignHandlers returns the handlers of the v3.0 campaign paths for
// a campaign of the v2.0 store (its custom brain selections): GET and POST
// /api/v3.0/campaigns/{id} and POST /api/v3.0/campaigns/{id}/copy, keyed
// by those patterns, each reading the campaign id from the path value
// "id". The group B fake (targetingfake) serves the v3.0 campaign paths
// and hands a campaign its own store lacks to these, so a campaign made
// through the v2.0 interface is also one of the v3.0 interface; the
// selections live in the stored campaign under custom_brain_selections,
// so a v2.0 read of the campaign carries them too. Answers and errors are
// in the v3.0 wire form.
func (s *Store) V3CampaignHandlers() map[string]http.Handler {
	h := &handler{st: s}
	return map[string]http.Handler{
		"GET " + CampaignsV3Path + "/{id}":       http.HandlerFunc(h.campaignV3),
		"POST " + CampaignsV3Path + "/{id}":      http.HandlerFunc(h.updateCampaignV3),
		"POST " + CampaignsV3Path + "/{id}/copy": http.HandlerFunc(h.copyCampaignV3),
	}
}

// v3Campaign is the part of a v3.0 campaign (schema campaign_full) the
// fake answers: the v2.0 record's identity and state and its selections.
func v3Campaign(rec Record) Record {
	out := Record{}
	for _, k := range []string{"id", "name", "version", "advertiser_id", "status", "start_date", "end_date", "merit_pixel_id", "source_campaign_id", "created_on", "updated_on", "custom_brain_selections"} {
		if v, ok := rec[k]; ok {
			out[k] = deepValue(v)
		}
	}
	if _, ok := out["custom_brain_selections"]; !ok {
		out["custom_brain_selections"] = []any{}
	}
	return out
}

// campaignV3 serves GET /api/v3.0/campaigns/{id}.
func (h *handler) campaignV3(w http.ResponseWriter, r *http.Request) {
	id, ok := campaignIDOf(w, r)
	if !ok {
		return
	}
	h.st.mu.RLock()
	rec := h.st.cols["campaigns"].get(id)
	var out Record
	if rec != nil {
		out = v3Campaign(rec)
	}
	h.st.mu.RUnlock()
	if out == nil {
		fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: "campaign " + strconv.FormatInt(id, 10) + " not found"})
		return
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// updateCampaignV3 serves POST /api/v3.0/campaigns/{id} for the part of
// campaign_update the fake implements: version (required; stale is 409)
// and custom_brain_selections (each with selection_id, a positive int32,
// and selection_type, one of selectionTypes). Any other property is
// refused with 400 naming it. The list replaces the campaign's
// selections; a selection already held (same id and type) keeps its id.
func (h *handler) updateCampaignV3(w http.ResponseWriter, r *http.Request) {
	id, ok := campaignIDOf(w, r)
	if !ok {
		return
	}
	var body map[string]json.RawMessage
	if !fake.ReadJSON(w, r, &body) {
		return
	}
	var errs []wire.ErrorItem
	var version int64
	if raw, ok := body["version"]; !ok || json.Unmarshal(raw, &version) != nil || version < 0 {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "version", Message: "version is required (a non-negative integer)"})
	}
	type item struct {
		SelectionID   *int64 `json:"selection_id"`
		SelectionType string `json:"selection_type"`
	}
	var items []item
	raw, has := body["custom_brain_selections"]
	if has && json.Unmarshal(raw, &items) != nil {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "custom_brain_selections", Message: "custom_brain_selections must be an array of {selection_id, selection_type}"})
	}
	for i, it := range items {
		p := "custom_brain_selections[" + strconv.Itoa(i) + "]"
		if it.SelectionID == nil || *it.SelectionID < 1 || *it.SelectionID > math.MaxInt32 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + ".selection_id", Message: "selection_id must be a positive int32"})
		}
		if !slices.Contains(selectionTypes(), it.SelectionType) {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + ".selection_type", Message: "selection_type must be one of the reference's values"})
		}
	}
	for _, k := range sortedKeys(body) {
		if k != "version" && k != "custom_brain_selections" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	if len(errs) > 0 {
		fake.WriteErrors(w, http.StatusBadRequest, errs...)
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	c := h.st.cols["campaigns"]
	rec := c.get(id)
	if rec == nil {
		fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: "campaign " + strconv.FormatInt(id, 10) + " not found"})
		return
	}
	cur := toInt64(rec["version"])
	if c.stale(id, version) {
		fake.WriteErrors(w, http.StatusConflict, wire.ErrorItem{Code: "conflict", Field: "version", Message: "stale version " + strconv.FormatInt(version, 10) + ", current " + strconv.FormatInt(cur, 10)})
		return
	}
	next := deepCopy(rec)
	if has {
		held := map[string]any{}
		old, _ := rec["custom_brain_selections"].([]any)
		for _, o := range old {
			if m, ok := o.(map[string]any); ok {
				held[selectionKey(toInt64(m["selection_id"]), m["selection_type"])] = m
			}
		}
		nextID := h.st.maxSelectionIDLocked() + 1
		list := make([]any, 0, len(items))
		for _, it := range items {
			if m, ok := held[selectionKey(*it.SelectionID, it.SelectionType)]; ok {
				list = append(list, deepValue(m))
				continue
			}
			list = append(list, map[string]any{
				"id": nextID, "version": int64(0), "campaign_id": id,
				"selection_id": *it.SelectionID, "selection_type": it.SelectionType,
				"active": true, "enable_svc_audiences_in_brain": false, "is_retired": false,
				"selection_name": it.SelectionType + " " + strconv.FormatInt(*it.SelectionID, 10),
			})
			nextID++
		}
		next["custom_brain_selections"] = list
	}
	next["version"] = cur + 1
	next["updated_on"] = wirefmt.FormatTime(h.st.now())
	c.put(id, next)
	h.st.record(c, id, cur+1, "update", map[string][2]string{"custom_brain_selections": {strconv.Itoa(lenOf(rec["custom_brain_selections"])), strconv.Itoa(len(items))}})
	fake.WriteData(w, http.StatusOK, v3Campaign(next), nil)
}

func selectionKey(id int64, typ any) string {
	s, _ := typ.(string)
	return strconv.FormatInt(id, 10) + "|" + s
}

func lenOf(v any) int {
	l, _ := v.([]any)
	return len(l)
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// maxSelectionIDLocked returns the largest custom brain selection id held
// by any campaign; callers hold the lock.
func (s *Store) maxSelectionIDLocked() int64 {
	var top int64
	for _, rec := range s.cols["campaigns"].all() {
		list, _ := rec["custom_brain_selections"].([]any)
		for _, o := range list {
			if m, ok := o.(map[string]any); ok {
				top = max(top, toInt64(m["id"]))
			}
		}
	}
	return top
}

// copyFields are the properties of the reference's copy-campaign body.
func copyFields() []string {
	return []string{"advertiser_id", "name", "start_date", "end_date", "merit_pixel_id", "status", "copy_assigned_site_lists",
		"copy_vendor_contracts", "copy_brain_settings", "copy_audience_in_brain", "copy_viewability", "budget"}
}

// copyCampaignV3 serves POST /api/v3.0/campaigns/{id}/copy: name (1 to
// 256 characters) and status required, the other fields of the
// reference's body optional, anything else refused. The copy is a new
// campaign answered 201 in the v3.0 form; with copy_audience_in_brain it
// carries the source's custom brain selections (new ids), with
// copy_brain_settings its source_campaign_id is the source; budget
// flights become the copy's budget_flights.
func (h *handler) copyCampaignV3(w http.ResponseWriter, r *http.Request) {
	id, ok := campaignIDOf(w, r)
	if !ok {
		return
	}
	var body map[string]json.RawMessage
	if !fake.ReadJSON(w, r, &body) {
		return
	}
	var errs []wire.ErrorItem
	bad := func(field, msg string) {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: field, Message: msg})
	}
	for _, k := range sortedKeys(body) {
		if !slices.Contains(copyFields(), k) {
			bad(k, "unknown field "+k)
		}
	}
	var name string
	if json.Unmarshal(body["name"], &name) != nil || name == "" || len([]rune(name)) > 256 {
		bad("name", "name is required, 1 to 256 characters")
	}
	var status bool
	if json.Unmarshal(body["status"], &status) != nil {
		bad("status", "status is required (a boolean)")
	}
	flags := map[string]bool{}
	for _, k := range []string{"copy_assigned_site_lists", "copy_vendor_contracts", "copy_brain_settings", "copy_audience_in_brain", "copy_viewability"} {
		if raw, ok := body[k]; ok {
			var b bool
			if json.Unmarshal(raw, &b) != nil {
				bad(k, k+" must be a boolean")
			}
			flags[k] = b
		}
	}
	var advertiser int64
	if raw, ok := body["advertiser_id"]; ok && (json.Unmarshal(raw, &advertiser) != nil || advertiser < 1) {
		bad("advertiser_id", "advertiser_id must be a positive integer")
	}
	var merit *int64
	if raw, ok := body["merit_pixel_id"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &merit) != nil || *merit < 1 {
			bad("merit_pixel_id", "merit_pixel_id must be a positive integer or null")
		}
	}
	dates := map[string]string{}
	for _, k := range []string{"start_date", "end_date"} {
		if raw, ok := body[k]; ok {
			var s string
			if json.Unmarshal(raw, &s) != nil {
				bad(k, k+" must be a date-time")
				continue
			}
			if _, err := wirefmt.ParseTime(s); err != nil {
				bad(k, k+" must be a date-time")
				continue
			}
			dates[k] = s
		}
	}
	type flight struct {
		StartDate             *string      `json:"start_date"`
		EndDate               *string      `json:"end_date"`
		TotalBudget           *json.Number `json:"total_budget"`
		TotalImpressionBudget *int64       `json:"total_impression_budget"`
	}
	var budget struct {
		Flights []flight `json:"flights"`
	}
	if raw, ok := body["budget"]; ok && json.Unmarshal(raw, &budget) != nil {
		bad("budget", "budget must be {flights: [...]}")
	}
	for i, f := range budget.Flights {
		p := "budget.flights[" + strconv.Itoa(i) + "]"
		if f.StartDate == nil {
			bad(p+".start_date", "start_date is required")
		}
		if f.EndDate == nil {
			bad(p+".end_date", "end_date is required")
		}
		if f.TotalBudget == nil {
			bad(p+".total_budget", "total_budget is required")
		}
		if f.TotalImpressionBudget != nil && *f.TotalImpressionBudget < 1 {
			bad(p+".total_impression_budget", "total_impression_budget must be at least 1")
		}
	}
	if len(errs) > 0 {
		fake.WriteErrors(w, http.StatusBadRequest, errs...)
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	c := h.st.cols["campaigns"]
	src := c.get(id)
	if src == nil {
		fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: "campaign " + strconv.FormatInt(id, 10) + " not found"})
		return
	}
	rec := deepCopy(src)
	for _, k := range []string{"id", "version", "created_on", "updated_on", "custom_brain_selections", "source_campaign_id"} {
		delete(rec, k)
	}
	rec["name"], rec["status"] = name, status
	if advertiser > 0 {
		rec["advertiser_id"] = advertiser
	}
	for k, v := range dates {
		rec[k] = v
	}
	if raw, ok := body["merit_pixel_id"]; ok {
		if string(raw) == "null" {
			delete(rec, "merit_pixel_id")
		} else {
			rec["merit_pixel_id"] = *merit
		}
	}
	if flags["copy_brain_settings"] {
		rec["source_campaign_id"] = id
	}
	newID, err := h.st.insertLocked("campaigns", rec)
	if err != nil {
		fake.WriteErrors(w, http.StatusInternalServerError, wire.ErrorItem{Code: "error", Message: err.Error()})
		return
	}
	rec = c.get(newID)
	if old, _ := src["custom_brain_selections"].([]any); flags["copy_audience_in_brain"] && len(old) > 0 {
		next := h.st.maxSelectionIDLocked() + 1
		list := make([]any, 0, len(old))
		for _, o := range old {
			m, ok := deepValue(o).(map[string]any)
			if !ok {
				continue
			}
			m["id"], m["version"], m["campaign_id"] = next, int64(0), newID
			next++
			list = append(list, m)
		}
		rec["custom_brain_selections"] = list
	}
	h.st.record(c, newID, 0, "create", map[string][2]string{})
	currency, _ := rec["currency_code"].(string)
	if currency == "" {
		currency = "USD"
	}
	for _, f := range budget.Flights {
		bf := Record{"campaign_id": newID, "start_date": *f.StartDate, "end_date": *f.EndDate, "currency_code": currency,
			"total_budget": []any{map[string]any{"currency_code": currency, "value": *f.TotalBudget}}}
		if f.TotalImpressionBudget != nil {
			bf["total_impression_budget"] = *f.TotalImpressionBudget
		}
		_, _ = h.st.insertLocked("budget_flights", bf)
	}
	fake.WriteData(w, http.StatusCreated, v3Campaign(rec), nil)
}

// campaignIDOf reads the v3.0 campaign path's id, answering 400 naming
// campaign_id when it is not a positive integer.
func campaignIDOf(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		fake.WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Field: "campaign_id", Message: "campaign_id must be a positive integer"})
	}
	return id, ok
}
