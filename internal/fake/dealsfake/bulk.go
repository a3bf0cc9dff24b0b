package dealsfake

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/internal/fake"
)

// bulkUpdateDeals updates deals in bulk.
func (h *handler) bulkUpdateDeals(w http.ResponseWriter, r *http.Request) { h.bulk("update")(w, r) }

// bulkCreateDeals creates deals in bulk.
func (h *handler) bulkCreateDeals(w http.ResponseWriter, r *http.Request) { h.bulk("create")(w, r) }

// bulkSaveDeals creates and updates deals in bulk.
func (h *handler) bulkSaveDeals(w http.ResponseWriter, r *http.Request) { h.bulk("mixed")(w, r) }

// bulk answers the three bulk deal calls: every item is applied on its
// own; refused items come back in invalid_deals with the reason.
func (h *handler) bulk(mode string) http.HandlerFunc {
	okKey := map[string]string{"update": "updated_deals", "create": "created_deals", "mixed": "valid_deals"}[mode]
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		items, ok := body["deals"].([]any)
		if !ok {
			items, ok = body["data"].([]any)
		}
		if !ok || len(items) == 0 {
			bad(w, "deals", "There is no data to be updated!")
			return
		}
		if len(items) > MaxBulk {
			bad(w, "deals", "There are more than 1000 ids to be updated!")
			return
		}
		valid, invalid := []Record{}, []Record{}
		h.st.mu.Lock()
		for _, x := range items {
			it := mapOf(x)
			if it == nil {
				invalid = append(invalid, Record{"deal": x, "validation_error": "The request is invalid!"})
				continue
			}
			id, hasID := num(it["id"])
			var (
				d   Record
				err *fieldErr
			)
			switch {
			case mode == "update" && !hasID:
				err = &fieldErr{"id", "'id' is required to update a deal"}
			case mode == "create" || (mode == "mixed" && !hasID):
				d, err = h.st.createDeal(it)
			default:
				d, _, err = h.st.updateDeal(id, it)
			}
			if err != nil {
				echo := clone(it)
				echo["entity_type"] = "deal"
				invalid = append(invalid, Record{"deal": echo, "validation_error": err.msg})
				continue
			}
			valid = append(valid, d)
		}
		h.st.mu.Unlock()
		fake.WriteData(w, http.StatusOK, Record{okKey: valid, "invalid_deals": invalid}, map[string]any{"status": "ok"})
	}
}

// ---- analytics ----

var windows = []string{"yesterday", "last_7_days", "last_30_days", "month_to_date"}

// performance is a deal's deterministic reporting data.
func performance(id int64) Record {
	imps := (id * 37) % 1000
	return Record{
		"bid_requests": float64(imps * 20), "bids": float64(imps * 2), "bid_rate": 0.1, "wins": float64(imps),
		"win_rate": 0.5, "matches": float64(imps * 3), "match_rate": float64(id%7) / 10, "impressions": float64(imps),
		"total_spend":      Record{"value": float64(imps) / 100, "currencyCode": "USD"},
		"e_CPM":            Record{"value": 2.5, "currencyCode": "USD"},
		"media_spend":      Record{"value": float64(imps) / 200, "currencyCode": "USD"},
		"viewability_rate": Record{"value": float64(id%10) / 10, "currencyCode": ""},
		"response_rate":    Record{"value": 0.01, "is_percent": true},
		"clicks":           float64(imps / 50), "ctr": 0.02, "uniques": float64(imps / 2), "frequency": 2.0,
	}
}

func (h *handler) dealAnalytics(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	org, err := strconv.ParseInt(q.Get("owner.organization_id"), 10, 64)
	if err != nil || org <= 0 {
		bad(w, "owner.organization_id", "Invalid owner.organization_id")
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	rep := mapOf(body["reporting"])
	if rep == nil {
		bad(w, "reporting", "reporting is a required field")
		return
	}
	if n, ok := num(rep["organization_id"]); !ok || n <= 0 {
		bad(w, "reporting.organization_id", "reporting.organization_id is a required field")
		return
	}
	tw := str(rep["time_window"])
	custom := rep["start_date"] != nil || rep["end_date"] != nil
	switch {
	case tw != "" && custom:
		bad(w, "reporting.time_window", "send time_window or start_date/end_date, not both")
		return
	case tw == "" && !custom:
		bad(w, "reporting.time_window", "a time window is required")
		return
	case tw != "" && !slices.Contains(windows, tw):
		bad(w, "reporting.time_window", "'time_window' format is invalid")
		return
	case custom && (str(rep["start_date"]) == "" || str(rep["end_date"]) == ""):
		bad(w, "reporting.start_date", "start_date and end_date go together")
		return
	}
	var rows []Record
	for _, row := range h.st.deals.Find(fake.Query[Record]{Keep: func(d Record) bool { return orgOf(d) == org }}) {
		id, _ := num(row["id"])
		row["performance_data"] = performance(id)
		row["issues"] = []any{}
		row["is_favorite"] = id%2 == 0
		for _, c := range asList(row["channels"]) {
			if m := mapOf(c); m != nil {
				m["id"] = fmt.Sprint(m["id"]) // the analytics answer sends channel ids as strings
			}
		}
		if p := mapOf(row["publisher"]); p != nil {
			p["id"] = fmt.Sprint(p["id"])
		}
		rows = append(rows, row)
	}
	for i, f := range asList(body["filters"]) {
		fm := mapOf(f)
		op := str(fm["op"])
		if !slices.Contains([]string{"in", ">", "<", "=", "!=", ">=", "<="}, op) || str(fm["field"]) == "" {
			bad(w, fmt.Sprintf("filters[%d]", i), "invalid filter")
			return
		}
		rows = slices.DeleteFunc(rows, func(row Record) bool { return !matchFilter(row, str(fm["field"]), op, fm["value"]) })
	}
	slices.SortStableFunc(rows, func(a, b Record) int {
		x, _ := num(a["id"])
		y, _ := num(b["id"])
		return cmp.Compare(x, y)
	})
	for i := len(asList(body["sorting"])) - 1; i >= 0; i-- {
		s := mapOf(asList(body["sorting"])[i])
		dir := str(s["dir"])
		if dir != "asc" && dir != "desc" {
			bad(w, fmt.Sprintf("sorting[%d].dir", i), "dir must be asc or desc")
			return
		}
		field := str(s["field"])
		slices.SortStableFunc(rows, func(a, b Record) int {
			c := cmp.Compare(metric(a, field), metric(b, field))
			if dir == "desc" {
				c = -c
			}
			return c
		})
	}
	win := fake.Window{Limit: MaxPageLimit}
	if p := mapOf(body["paging"]); p != nil {
		if n, ok := num(p["page_limit"]); ok && n > 0 && n <= MaxPageLimit {
			win.Limit = int(n)
		}
		if n, ok := num(p["page_offset"]); ok && n >= 0 {
			win.Offset = int(n)
		}
	}
	writeList(w, rows, win)
}

// metric is a row's numeric value of field (deal field or metric).
func metric(row Record, field string) float64 {
	v, ok := row[field]
	if !ok {
		v = mapOf(row["performance_data"])[field]
	}
	if m := mapOf(v); m != nil {
		v = m["value"]
	}
	switch x := v.(type) {
	case float64:
		return x
	case string:
		f, _ := strconv.ParseFloat(x, 64)
		return f
	}
	return 0
}

func matchFilter(row Record, field, op string, value any) bool {
	x := metric(row, field)
	if op == "in" {
		for _, v := range asList(value) {
			if y, ok := v.(float64); ok && y == x {
				return true
			}
			if s, ok := v.(string); ok && s == fmt.Sprint(row[field]) {
				return true
			}
		}
		return false
	}
	y, ok := value.(float64)
	if !ok {
		s := fmt.Sprint(row[field])
		switch op {
		case "=":
			return s == fmt.Sprint(value)
		case "!=":
			return s != fmt.Sprint(value)
		}
		return false
	}
	switch op {
	case ">":
		return x > y
	case "<":
		return x < y
	case ">=":
		return x >= y
	case "<=":
		return x <= y
	case "=":
		return x == y
	}
	return x != y
}

// ---- seeding and inspection, for adamatest's handle ----

// Deals is the store's collection of deals, each as its JSON object,
// keyed by id; writes through it skip the group's rules.
func (s *Store) Deals() *fake.Collection[int64, Record] { return s.deals }

// Groups is the store's collection of deal groups.
func (s *Store) Groups() *fake.Collection[int64, Record] { return s.groups }

// Publishers is the store's collection of publishers.
func (s *Store) Publishers() *fake.Collection[int64, Record] { return s.publishers }

// FillDeal fills the server's fields of a new deal as a create does
// (dates, defaults, prices with four decimals, channels as objects),
// without the group's rules; Deals().Add then gives it an id and version
// 1.
func (s *Store) FillDeal(d Record) Record {
	d["created_on"] = s.stamp()
	d["entity_type"] = "deal"
	d["strategies_count"] = float64(0)
	d["effective_status"] = "creating"
	if d["status"] == nil {
		d["status"] = true
	}
	for f, def := range map[string]string{"price_type": "FLOOR", "price_method": "CPM", "deal_type": "STANDARD", "bill_type": "EXCHANGE"} {
		if d[f] == nil {
			d[f] = def
		}
	}
	if o := mapOf(d["owner"]); o != nil && str(o["type"]) == "ORGANIZATION" {
		d["organization_id"] = o["id"]
	}
	return s.normalize(d)
}

// FillPublisher fills the server's fields of a seeded publisher.
func (s *Store) FillPublisher(p Record) Record {
	now := s.stamp()
	for k, v := range map[string]any{"last_touch_user_id": float64(4254), "created_on": now, "updated_on": now} {
		if p[k] == nil {
			p[k] = v
		}
	}
	if _, ok := p["deleted_on"]; !ok {
		p["deleted_on"] = nil
	}
	return p
}

// FillGroup fills the server's fields of a seeded deal group.
func (s *Store) FillGroup(g Record) Record {
	now := s.stamp()
	g["created_on"], g["updated_on"], g["entity_type"] = now, now, "deal_group"
	if g["has_strategies"] == nil {
		g["has_strategies"] = false
	}
	if g["status"] == nil {
		g["status"] = true
	}
	return g
}

// LinkStrategy records that strategy targets deal.
func (s *Store) LinkStrategy(deal, strategy int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.strategies[deal] = append(s.strategies[deal], strategy)
	n := float64(len(s.strategies[deal]))
	s.deals.Edit(deal, false, func(d Record) Record { d["strategies_count"] = n; return d })
}

// LinkGroupStrategy records that strategy targets deal group group.
func (s *Store) LinkGroupStrategy(group, strategy int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.groupStrat[group] = append(s.groupStrat[group], strategy)
	s.groups.Edit(group, false, func(g Record) Record { g["has_strategies"] = true; return g })
}
