package dealsfake

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
)

// enums the platform checks; a deal body's own come from the description
// (bodies, in routes_gen.go).
var (
	ownerTypes = []string{"ADVERTISER", "AGENCY", "ORGANIZATION"}
	dealSorts  = []string{"name", "id", "deal_identifier", "supply_source_id", "updated_on", "created_on", "start_datetime", "end_datetime", "price", "description"}
)

// fieldErr is one refused field.
type fieldErr struct{ field, msg string }

func parseTime(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	for _, l := range []string{time.RFC3339Nano, "2006-01-02T15:04:05-0700"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// checkDeal applies the group's rules to a create body, or to the merged
// record of an update.
func (s *Store) checkDeal(d Record, create bool, self int64) *fieldErr {
	if create {
		for _, f := range []string{"name", "owner", "permissions", "price", "supply_source_id"} {
			if d[f] == nil {
				return &fieldErr{f, f + " is a required field"}
			}
		}
	}
	for f, n := range map[string]int{"name": 256, "deal_identifier": 256, "description": 4096, "zone_name": 64} {
		if s, ok := d[f].(string); ok && utf8.RuneCountInString(s) > n {
			return &fieldErr{f, fmt.Sprintf("'%s' is longer than %d characters", f, n)}
		}
	}
	op := "updateDeal"
	if create {
		op = "createDeal"
	}
	for f, vals := range bodies[op].Enums {
		if v, ok := d[f]; ok && v != nil && !slices.Contains(vals, str(v)) {
			return &fieldErr{f, fmt.Sprintf("'%s' format is invalid", f)}
		}
	}
	if create {
		o := mapOf(d["owner"])
		if o == nil || !slices.Contains(ownerTypes, str(o["type"])) {
			return &fieldErr{"owner.type", "Owner type not found."}
		}
		if id, ok := num(o["id"]); !ok || id <= 0 {
			return &fieldErr{"owner.id", "'owner.id' is a required property for this owner.type"}
		}
	}
	if p := mapOf(d["price"]); d["price"] != nil {
		if p == nil {
			return &fieldErr{"price.value", "'price.value' is invalid"}
		}
		v, ok := formatPrice(p["value"])
		if !ok || strings.HasPrefix(v, "-") || len(strings.Split(v, ".")[0]) > 7 {
			return &fieldErr{"price.value", "'price.value' is invalid"}
		}
		if c, ok := p["currency_code"].(string); ok && len(c) != 3 {
			return &fieldErr{"price.currency_code", "Invalid currency_code"}
		}
	}
	if c, ok := d["currency_code"].(string); ok && len(c) != 3 {
		return &fieldErr{"currency_code", "Invalid currency_code"}
	}
	if p := mapOf(d["permissions"]); p != nil {
		if orgs, _ := ids(p["organization_ids"]); len(orgs) > 1 {
			return &fieldErr{"permissions.organization_ids", "'permissions.organization_ids' currently can have up to one id"}
		}
		for _, f := range []string{"agency_ids", "advertiser_ids"} {
			l, _ := ids(p[f])
			seen := map[int64]bool{}
			for _, id := range l {
				if seen[id] {
					return &fieldErr{"permissions." + f, "overlap error: duplicate " + strings.TrimSuffix(f, "_ids") + "ID"}
				}
				seen[id] = true
			}
		}
	}
	start, okS := parseTime(d["start_datetime"])
	end, okE := parseTime(d["end_datetime"])
	if okS && okE && !start.Before(end) {
		return &fieldErr{"start_datetime", "'start_datetime' must be earlier than 'end_datetime'"}
	}
	if str(d["deal_type"]) == "PG" {
		if str(d["price_type"]) != "FIXED" {
			return &fieldErr{"price_type", "Programmatic guaranteed deals must have a fixed price"}
		}
		if !okS {
			return &fieldErr{"start_datetime", "start_datetime is required and must match the dates in the Programmatic Guaranteed agreement"}
		}
		if !okE {
			return &fieldErr{"end_datetime", "end_datetime is required and must match the dates in the Programmatic Guaranteed agreement"}
		}
	}
	if ident := str(d["deal_identifier"]); ident != "" {
		if len(s.deals.Find(fake.Query[Record]{Keep: func(o Record) bool {
			id, _ := num(o["id"])
			return id != self && str(o["deal_identifier"]) == ident
		}})) > 0 {
			return &fieldErr{"deal_identifier", "This deal_identifier already exists"}
		}
	}
	if chs, ok := d["channels"].([]any); ok {
		for _, c := range chs {
			n, ok := num(c)
			if m := mapOf(c); m != nil {
				n, ok = num(m["id"])
			}
			if !ok || channel(n) == nil {
				return &fieldErr{"channels", "Invalid channel id"}
			}
		}
	}
	return nil
}

// storeDeal fills server fields and writes d as deal id, or as a new
// deal when id is 0 (callers hold mu).
func (s *Store) storeDeal(d Record, id int64) Record {
	if id == 0 {
		delete(d, "id") // a create's id is the platform's
		return s.deals.Add(s.FillDeal(d))
	}
	d, _ = s.deals.Update(id, nil, s.normalize(d))
	return d
}

// normalize writes what the platform writes on every save: the update
// date, prices with four decimals and a currency, channels as objects.
func (s *Store) normalize(d Record) Record {
	d["updated_on"] = s.stamp()
	if p := mapOf(d["price"]); p != nil {
		v, _ := formatPrice(p["value"])
		p["value"] = v
		if p["currency_code"] == nil {
			p["currency_code"] = cmp.Or(str(d["currency_code"]), "USD")
		}
	}
	if chs, ok := d["channels"].([]any); ok {
		out := make([]any, 0, len(chs))
		for _, c := range chs {
			n, _ := num(c)
			if m := mapOf(c); m != nil {
				n, _ = num(m["id"])
			}
			out = append(out, channel(n))
		}
		d["channels"] = out
	}
	if d["deal_groups"] == nil {
		d["deal_groups"] = []any{}
	}
	return d
}

// createDeal applies a create body (callers hold mu).
func (s *Store) createDeal(body Record) (Record, *fieldErr) {
	if e := s.checkDeal(body, true, 0); e != nil {
		return nil, e
	}
	return s.storeDeal(clone(body), 0), nil
}

// updateDeal applies an update body to deal id (callers hold mu). It
// returns status 404, 409 or 400 with the error.
func (s *Store) updateDeal(id int64, body Record) (Record, int, *fieldErr) {
	cur, ok := s.deals.Get(id)
	if !ok {
		return nil, http.StatusNotFound, &fieldErr{"id", fmt.Sprintf("deal %d not found", id)}
	}
	if o, ok := body["owner"]; ok && o != nil {
		co, no := mapOf(cur["owner"]), mapOf(o)
		ci, _ := num(co["id"])
		ni, _ := num(no["id"])
		if no == nil || str(no["type"]) != str(co["type"]) || ci != ni {
			return nil, http.StatusBadRequest, &fieldErr{"owner", "ownership of a deal cannot change"}
		}
	}
	if v, ok := body["version"]; ok {
		want, _ := num(v)
		if p := s.deals.Fresh(id, &want); p != nil {
			return nil, p.Status, &fieldErr{p.Field, p.Message}
		}
	}
	merged := cur
	for k, v := range body {
		switch k {
		case "id", "version", "entity_type", "created_on", "updated_on", "organization_id", "strategies_count", "owner":
			continue
		}
		if v == nil {
			delete(merged, k)
			continue
		}
		merged[k] = v
	}
	if e := s.checkDeal(merged, false, id); e != nil {
		return nil, http.StatusBadRequest, e
	}
	return s.storeDeal(merged, id), http.StatusOK, nil
}

func (h *handler) createDeal(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	h.st.mu.Lock()
	d, e := h.st.createDeal(body)
	h.st.mu.Unlock()
	if e != nil {
		bad(w, e.field, e.msg)
		return
	}
	writeOne(w, http.StatusOK, d)
}

func (h *handler) getDeal(w http.ResponseWriter, r *http.Request) {
	h.get(w, r, h.st.deals, "deal")
}

func (h *handler) updateDeal(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	h.st.mu.Lock()
	d, status, e := h.st.updateDeal(id, body)
	h.st.mu.Unlock()
	switch status {
	case http.StatusOK:
		writeOne(w, http.StatusOK, d)
	case http.StatusConflict:
		fake.WriteErrors(w, status, errItem("conflict", e))
	case http.StatusNotFound:
		fake.WriteErrors(w, status, errItem("not_found", e))
	default:
		bad(w, e.field, e.msg)
	}
}

func (h *handler) listDeals(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	org := q.Get("owner.organization_id")
	idset, ok := queryIDs(q, "ids")
	if !ok {
		bad(w, "ids", "'ids' must be a comma-separated list of ids between 1 and 2147483647")
		return
	}
	if org == "" && idset == nil {
		bad(w, "owner.organization_id", "You need to provide 'owner.organization_id' or 'ids' parameter")
		return
	}
	win, ok := page(w, r)
	if !ok {
		return
	}
	if sb := q.Get("sort_by"); sb != "" && !slices.Contains(dealSorts, sb) {
		bad(w, "sort_by", "'sort_by' parameter is invalid")
		return
	}
	var st *bool
	if s := q.Get("status"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			bad(w, "status", "'status' parameter is invalid")
			return
		}
		st = &b
	}
	if tw := q.Get("time_window"); tw != "" && tw != "last_7_days" {
		bad(w, "time_window", "'time_window' parameter is invalid")
		return
	}
	if ot := q.Get("owner.type"); ot != "" && ot != "ORGANIZATION" {
		bad(w, "owner.type", "'owner.type' parameter is invalid")
		return
	}
	perm := map[string]map[int64]bool{}
	for _, k := range []string{"organization_ids", "agency_ids", "advertiser_ids"} {
		set, ok := queryIDs(q, "permissions."+k)
		if !ok {
			bad(w, "permissions."+k, "'permissions."+k+"' must be a comma-separated list of ids")
			return
		}
		if set != nil {
			perm[k] = set
		}
	}
	strategy, _ := strconv.ParseInt(q.Get("strategy_id"), 10, 64)
	h.st.mu.Lock()
	out := find(h.st.deals, q, func(d Record) bool {
		id, _ := num(d["id"])
		switch {
		case idset != nil && !idset[id],
			org != "" && fmt.Sprint(orgOf(d)) != org,
			q.Get("deal_type") != "" && str(d["deal_type"]) != q.Get("deal_type"),
			st != nil && d["status"] != *st,
			strategy != 0 && !slices.Contains(h.st.strategies[id], strategy),
			!matchOwner(d, q.Get("owner.agency_id"), "AGENCY") || !matchOwner(d, q.Get("owner.advertiser_id"), "ADVERTISER"),
			!matchPermissions(d, perm):
			return false
		}
		return true
	})
	h.st.mu.Unlock()
	for _, rec := range out {
		delete(rec, "bill_type") // the list does not disclose bill_type
	}
	writeList(w, out, win)
}

func matchOwner(d Record, want, typ string) bool {
	if want == "" {
		return true
	}
	o := mapOf(d["owner"])
	return str(o["type"]) == typ && fmt.Sprint(o["id"]) == want
}

// matchPermissions keeps a deal permissioned to at least one id of each
// given list (OR within a list, AND between lists).
func matchPermissions(d Record, perm map[string]map[int64]bool) bool {
	p := mapOf(d["permissions"])
	for k, want := range perm {
		have, _ := ids(p[k])
		hit := false
		for _, id := range have {
			hit = hit || want[id]
		}
		if !hit {
			return false
		}
	}
	return true
}

// orgOf is the organization owning d (its organization_id, or the owner
// id of an organization-owned deal).
func orgOf(d Record) int64 {
	if n, ok := num(d["organization_id"]); ok {
		return n
	}
	o := mapOf(d["owner"])
	n, _ := num(o["id"])
	return n
}

func errItem(code string, e *fieldErr) wireItem {
	return wireItem{Code: code, Message: e.msg, Field: e.field}
}

func (h *handler) listStrategyDeals(w http.ResponseWriter, r *http.Request) {
	h.links(w, r, "strategy_deal", "deal_id", func(id int64) ([]int64, bool) {
		return h.st.strategies[id], h.st.deals.Has(id)
	})
}

func (h *handler) listStrategyDealGroups(w http.ResponseWriter, r *http.Request) {
	h.links(w, r, "strategy_deal_group", "deal_group_id", func(id int64) ([]int64, bool) {
		return h.st.groupStrat[id], h.st.groups.Has(id)
	})
}

// links answers a strategy link list, embedding what with names.
func (h *handler) links(w http.ResponseWriter, r *http.Request, typ, parent string, of func(int64) ([]int64, bool)) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	win, ok := page(w, r)
	if !ok {
		return
	}
	var with []string
	if s := q.Get("with"); s != "" {
		for _, x := range strings.Split(s, ",") {
			if !slices.Contains([]string{"strategy", "campaign", "advertiser"}, x) {
				bad(w, "with", "'with' parameter is invalid: "+x)
				return
			}
			with = append(with, x)
		}
	}
	h.st.mu.Lock()
	strats, found := of(id)
	strats = slices.Clone(strats)
	h.st.mu.Unlock()
	if !found {
		notFound(w, strings.TrimPrefix(typ, "strategy_"), id)
		return
	}
	out := make([]Record, 0, len(strats))
	for i, sid := range strats {
		rec := Record{"id": float64(id*1000 + int64(i) + 1), "entity_type": typ, "strategy_id": float64(sid), parent: float64(id)}
		for _, x := range with {
			switch x {
			case "strategy":
				rec["strategy"] = Record{"id": float64(sid), "name": fmt.Sprintf("Strategy %d", sid)}
			case "campaign":
				rec["campaign"] = Record{"id": float64(sid / 10), "name": fmt.Sprintf("Campaign %d", sid/10)}
			case "advertiser":
				rec["advertiser"] = Record{"id": float64(sid / 100), "name": fmt.Sprintf("Advertiser %d", sid/100)}
			}
		}
		out = append(out, rec)
	}
	writeList(w, out, win)
}
