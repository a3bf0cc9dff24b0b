package dealsfake

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
)

// checkGroup applies the group rules to a merged deal group (callers hold
// mu).
func (s *Store) checkGroup(g Record, owner map[string]any) *fieldErr {
	if str(g["name"]) == "" {
		return &fieldErr{"name", "name is a required field"}
	}
	if utf8.RuneCountInString(str(g["name"])) > 255 {
		return &fieldErr{"name", "'name' is longer than 255 characters"}
	}
	if utf8.RuneCountInString(str(g["description"])) > 4095 {
		return &fieldErr{"description", "'description' is longer than 4095 characters"}
	}
	if g["permissions"] != nil {
		return &fieldErr{"permissions", "deal groups have no targeting permissions"}
	}
	list, ok := ids(g["deal_ids"])
	if !ok || g["deal_ids"] == nil {
		return &fieldErr{"deal_ids", "deal_ids is a required field"}
	}
	if len(list) > 300 {
		return &fieldErr{"deal_ids", "Each deal group can have upto 300 deal_ids"}
	}
	seen := map[int64]bool{}
	oi, _ := num(owner["id"])
	for _, id := range list {
		if seen[id] {
			return &fieldErr{"deal_ids", "duplicate id's in 'deal_ids'"}
		}
		seen[id] = true
		d, ok := s.deals.Get(id)
		if !ok {
			return &fieldErr{"deal_ids", fmt.Sprintf("Invalid deal id %d", id)}
		}
		do := mapOf(d["owner"])
		di, _ := num(do["id"])
		if str(do["type"]) != str(owner["type"]) || di != oi {
			return &fieldErr{"deal_ids", "'deal_ids' must be valid and must have the same owner fields as the deal group"}
		}
	}
	return nil
}

// storeGroup writes g and lists it on its deals (callers hold mu).
func (s *Store) storeGroup(g Record, id int64) Record {
	now := s.stamp()
	if id == 0 {
		g["created_on"], g["entity_type"], g["has_strategies"] = now, "deal_group", false
		if g["status"] == nil {
			g["status"] = true
		}
	}
	g["updated_on"] = now
	if id == 0 {
		delete(g, "id") // a create's id is the platform's
		g = s.groups.Add(g)
		id, _ = num(g["id"])
	} else {
		g, _ = s.groups.Update(id, nil, g)
	}
	s.deals.EditAll(func(d Record) Record {
		did, _ := num(d["id"])
		var refs []any
		for _, x := range asList(d["deal_groups"]) {
			if n, _ := num(mapOf(x)["id"]); n != id {
				refs = append(refs, x)
			}
		}
		list, _ := ids(g["deal_ids"])
		if slices.Contains(list, did) {
			refs = append(refs, Record{"id": float64(id), "name": g["name"]})
		}
		if refs == nil {
			refs = []any{}
		}
		d["deal_groups"] = refs
		return d
	})
	return g
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func (h *handler) createDealGroup(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	o := mapOf(body["owner"])
	if o == nil || !slices.Contains(ownerTypes, str(o["type"])) {
		bad(w, "owner.type", "Owner type not found.")
		return
	}
	if n, ok := num(o["id"]); !ok || n <= 0 {
		bad(w, "owner.id", "'owner.id' is a required property for this owner.type")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	g := clone(body)
	if e := h.st.checkGroup(g, o); e != nil {
		bad(w, e.field, e.msg)
		return
	}
	writeOne(w, http.StatusOK, h.st.storeGroup(g, 0))
}

func (h *handler) getDealGroup(w http.ResponseWriter, r *http.Request) {
	h.get(w, r, h.st.groups, "deal group")
}

func (h *handler) updateDealGroup(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	cur, found := h.st.groups.Get(id)
	if !found {
		notFound(w, "deal group", id)
		return
	}
	owner := mapOf(cur["owner"])
	if o, ok := body["owner"]; ok && o != nil {
		no := mapOf(o)
		ci, _ := num(owner["id"])
		ni, _ := num(no["id"])
		if no == nil || str(no["type"]) != str(owner["type"]) || ci != ni {
			bad(w, "owner", "ownership of a deal group cannot change")
			return
		}
	}
	merged := cur
	for k, v := range body {
		switch k {
		case "id", "entity_type", "created_on", "updated_on", "owner", "version", "has_strategies":
			continue
		}
		if v == nil {
			delete(merged, k)
			continue
		}
		merged[k] = v
	}
	if e := h.st.checkGroup(merged, owner); e != nil {
		bad(w, e.field, e.msg)
		return
	}
	writeOne(w, http.StatusOK, h.st.storeGroup(merged, id))
}

func (h *handler) listDealGroups(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	org, deal, strat := q.Get("owner.organization_id"), q.Get("deal_id"), q.Get("strategy_id")
	idset, ok := queryIDs(q, "ids")
	if !ok {
		bad(w, "ids", "'ids' must be a comma-separated list of ids")
		return
	}
	switch {
	case org == "" && idset == nil:
		bad(w, "owner.organization_id", "You need to provide 'owner.organization_id' or 'ids' parameter")
		return
	case org != "" && deal != "":
		bad(w, "deal_id", "You cannot combine owner.organization_id with deal_id parameter")
		return
	case strat != "" && deal != "":
		bad(w, "strategy_id", "You cannot combine strategy_id with deal_id parameter")
		return
	case strat != "" && org != "":
		bad(w, "strategy_id", "You cannot combine strategy_id with owner.organization_id parameter")
		return
	}
	if sb := q.Get("sort_by"); sb != "" && !slices.Contains([]string{"id", "name", "updated_on", "created_on"}, sb) {
		bad(w, "sort_by", "'sort_by' parameter must be one of id, name, updated_on, or created_on")
		return
	}
	win, ok := page(w, r)
	if !ok {
		return
	}
	dealID, _ := strconv.ParseInt(deal, 10, 64)
	h.st.mu.Lock()
	out := find(h.st.groups, q, func(g Record) bool {
		id, _ := num(g["id"])
		if idset != nil && !idset[id] {
			return false
		}
		if org != "" {
			o := mapOf(g["owner"])
			if !(str(o["type"]) == "ORGANIZATION" && fmt.Sprint(o["id"]) == org) && !h.st.ownedBy(g, org) {
				return false
			}
		}
		if dealID != 0 {
			l, _ := ids(g["deal_ids"])
			if !slices.Contains(l, dealID) {
				return false
			}
		}
		s := q.Get("status")
		return s == "" || fmt.Sprint(g["status"]) == s
	})
	h.st.mu.Unlock()
	writeList(w, out, win)
}

// ownedBy reports whether one of g's deals belongs to organization org.
func (s *Store) ownedBy(g Record, org string) bool {
	l, _ := ids(g["deal_ids"])
	for _, id := range l {
		if d, ok := s.deals.Get(id); ok && fmt.Sprint(orgOf(d)) == org {
			return true
		}
	}
	return false
}

// ---- channels ----

func (h *handler) listChannels(w http.ResponseWriter, _ *http.Request) {
	out := make([]Record, len(channelNames))
	for i := range channelNames {
		out[i] = channel(int64(i + 1))
	}
	fake.WriteJSON(w, http.StatusOK, out)
}
