package entityfake

import (
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Deletes as the platform's public clients send them: POST
// /{collection}/{id}/delete, and for a campaign's budget flights POST
// /campaigns/{campaign_id}/budget_flights/{id}/delete, each with the
// record's version as a form field. The answer is the deleted record (in
// JSON or XML by Accept, as a read answers it); a stale version is a 409
// conflict and deletes nothing; a missing or malformed version is a 400.

// deletable lists the collections whose records delete at their own path.
var deletable = set("strategy_concepts", "strategy_day_parts", "vendor_contracts", "contracts")

// CampaignBudgetFlightDeletePath is the pattern of a budget flight's
// delete under its campaign.
const CampaignBudgetFlightDeletePath = Prefix + "/campaigns/{cid}/budget_flights/{id}/delete"

// registerDeletes serves the deletes under a parent's path; the deletes at
// a collection's own path are served by subPost.
func registerDeletes(r fake.Registrar, h *handler) {
	r.Handle("POST "+CampaignBudgetFlightDeletePath, fake.Session, http.HandlerFunc(h.deleteBudgetFlight))
}

// deleteOwn serves POST /{collection}/{id}/delete.
func (h *handler) deleteOwn(w http.ResponseWriter, r *http.Request, c *collection) {
	if !deletable[c.name] {
		writeError(w, r, http.StatusNotFound, "not_found", "no such path")
		return
	}
	id, ok := pathID(w, r, "a")
	if !ok {
		return
	}
	h.deleteRecord(w, r, c, id, nil)
}

// deleteBudgetFlight serves POST
// /campaigns/{cid}/budget_flights/{id}/delete: the flight must belong to
// the campaign.
func (h *handler) deleteBudgetFlight(w http.ResponseWriter, r *http.Request) {
	cid, ok := parseID(r.PathValue("cid"))
	if !ok {
		badRequest(w, r, "campaign_id", "campaign_id must be a positive integer")
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	h.deleteRecord(w, r, h.st.cols["budget_flights"], id, func(rec Record) bool { return toInt64(rec["campaign_id"]) == cid })
}

// deleteRecord deletes id of c when its version is the one sent (and
// under, when given, holds for it) and answers the deleted record.
func (h *handler) deleteRecord(w http.ResponseWriter, r *http.Request, c *collection, id int64, under func(Record) bool) {
	if !parseForm(w, r) {
		return
	}
	for k := range r.PostForm {
		if k != "version" {
			badRequest(w, r, k, "unknown field "+k)
			return
		}
	}
	ver, err := strconv.ParseInt(r.PostForm.Get("version"), 10, 64)
	if err != nil || ver < 0 {
		badRequest(w, r, "version", "version is required on delete")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	rec := c.get(id)
	if rec == nil || (under != nil && !under(rec)) {
		writeError(w, r, http.StatusNotFound, "not_found", c.entityType+" "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	if p := c.recs.Fresh(id, &ver); p != nil {
		writeError(w, r, p.Status, p.Code, p.Message, wire.ErrorItem{Code: p.Code, Field: p.Field, Message: "stale version"})
		return
	}
	out := h.st.view(c, rec, view{fullByDefault: true})
	c.del(id)
	writeOne(w, r, out)
}
