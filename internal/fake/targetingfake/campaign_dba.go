package targetingfake

import (
	"net/http"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// The dynamic budget allocation dates and a bulk update's flight, as the
// Campaigns API reference states them.
var (
	fdateN   = fspec{kind: "date", nullable: true}
	dbaBody  = map[string]fspec{"dynamic_budget_allocation_applied": fdateN, "dynamic_budget_allocation_available": fdateN}
	dbaItem  = fobj([]string{"id"}, with2(dbaBody, map[string]fspec{"id": fint}))
	flightUp = map[string]fspec{"start_date": fdate, "end_date": fdate, "total_budget": fnum, "total_impression_budget": fintN}
)

// setDBA copies the allocation dates body sets into campaign id's
// budget, bumping its version; it returns the campaign, or nil when there
// is none.
func (o *campaignOps) setDBA(id int64, body map[string]any) map[string]any {
	c := o.st.colls[Campaigns]
	before, _ := c.Get(id)
	ok := c.Edit(id, true, func(rec map[string]any) map[string]any {
		b, _ := rec["budget"].(map[string]any)
		if b == nil {
			b = map[string]any{}
		}
		for k := range dbaBody {
			if v, has := body[k]; has {
				b[k] = v
			}
		}
		rec["budget"] = b
		rec["updated_on"] = now()
		return rec
	})
	if !ok {
		return nil
	}
	after, _ := c.Get(id)
	o.st.logChange(Campaigns, id, "update", before, after)
	return after
}

// updateCampaignDBALegacy sets one campaign's allocation dates and answers
// its id, entity_type and name, or every property with full=*.
func (h *handler) updateCampaignDBALegacy(w http.ResponseWriter, r *http.Request) {
	r, ok := campaignPath(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	full := r.URL.Query().Get("full")
	if full != "" && full != "*" {
		badRequest(w, []wire.ErrorItem{invalid("full", "must be *")})
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := cmpCheckBody("updateCampaignDBALegacy", body, dbaBody); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	out := h.cmp.setDBA(id, normalize(body))
	if out == nil {
		notFound(w, entityTypes[Campaigns], id)
		return
	}
	if full == "" {
		out = map[string]any{"id": out["id"], "entity_type": entityTypes[Campaigns], "name": out["name"]}
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// updateCampaignDBA sets the allocation dates of each campaign the body
// lists; an item naming no campaign, or that breaks a rule, is left out
// of the answer, which is then 207.
func (h *handler) updateCampaignDBA(w http.ResponseWriter, r *http.Request) {
	items, ok := readList(w, r)
	if !ok {
		return
	}
	if len(items) == 0 {
		badRequest(w, []wire.ErrorItem{invalid("", "must be a list of at least 1 item")})
		return
	}
	status := http.StatusOK
	out := []map[string]any{}
	for _, it := range items {
		var errs []wire.ErrorItem
		cmpCheckValue("", it, dbaItem, &errs)
		m, _ := it.(map[string]any)
		id, idOK := toInt(normalizeValue(m["id"]))
		if len(errs) > 0 || !idOK || id < 1 {
			status = http.StatusMultiStatus
			continue
		}
		nb := normalize(m)
		if h.cmp.setDBA(id, nb) == nil {
			status = http.StatusMultiStatus
			continue
		}
		nb["id"] = id
		out = append(out, nb)
	}
	fake.WriteData(w, status, out, map[string]any{"status": "success", "count": len(out)})
}

// bulkUpdateBudgetFlights changes each flight the body's update list names
// inside its campaign (the campaign's version bumped); an item naming no
// flight, or that breaks a rule, is left out of the answer, which is then
// 207. The reference's create and delete lists are refused: this fake
// serves the updates only.
func (h *handler) bulkUpdateBudgetFlights(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	bf, _ := body["budget_flights"].(map[string]any)
	items, ok := bf["update"].([]any)
	if !ok || len(body) != 1 || len(bf) != 1 {
		badRequest(w, []wire.ErrorItem{invalid("budget_flights.update", "must be a list of budget flights")})
		return
	}
	status := http.StatusOK
	out := []map[string]any{}
	c := h.cmp.st.colls[Campaigns]
	for _, it := range items {
		m, _ := it.(map[string]any)
		id, idOK := toInt(normalizeValue(m["id"]))
		rest := map[string]any{}
		for k, v := range m {
			if k != "id" {
				rest[k] = v
			}
		}
		var errs []wire.ErrorItem
		cmpCheckProps("", rest, flightUp, nil, &errs)
		if m == nil || !idOK || id < 1 || len(errs) > 0 {
			status = http.StatusMultiStatus
			continue
		}
		var found map[string]any
		var owner int64
		for _, cid := range c.Keys() {
			rec, _ := c.Get(cid)
			for _, f := range flightsOf(rec) {
				if fm, _ := f.(map[string]any); fm != nil {
					if fid, _ := toInt(fm["id"]); fid == id {
						owner = cid
					}
				}
			}
		}
		if owner != 0 {
			nb := normalize(rest)
			before, _ := c.Get(owner)
			c.Edit(owner, true, func(rec map[string]any) map[string]any {
				for _, f := range flightsOf(rec) {
					if fm, _ := f.(map[string]any); fm != nil {
						if fid, _ := toInt(fm["id"]); fid == id {
							for k, v := range nb {
								fm[k] = v
							}
							found = clone(fm)
						}
					}
				}
				rec["updated_on"] = now()
				return rec
			})
			after, _ := c.Get(owner)
			h.st.logChange(budgetFlightLog, owner, "update", map[string]any{"flights": flightsOf(before)}, map[string]any{"flights": flightsOf(after)})
		}
		if found == nil {
			status = http.StatusMultiStatus
			continue
		}
		out = append(out, found)
	}
	fake.WriteData(w, status, out, map[string]any{"status": "success", "count": len(out)})
}

// readList decodes a JSON array body keeping numbers exact.
func readList(w http.ResponseWriter, r *http.Request) ([]any, bool) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		badRequest(w, []wire.ErrorItem{invalid("", "the body must be application/json, not %q", ct)})
		return nil, false
	}
	var body []any
	if err := decodeExact(http.MaxBytesReader(w, r.Body, 1<<20), &body); err != nil || body == nil {
		badRequest(w, []wire.ErrorItem{invalid("", "the body must be a JSON array")})
		return nil, false
	}
	return body, true
}
