package targetingfake

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the strategy parameters (read-only lists; seed them
// through the store).
const (
	StrategyDeals        = "strategy_deals"
	StrategyDayParts     = "strategy_day_parts"
	StrategyIPAddresses  = "strategy_ip_addresses"
	StrategyConcepts     = "strategy_concepts"
	StrategyTargetValues = "strategy_target_values"
	StrategyPostalCodes  = "strategy_postal_codes"
)

// paramView shapes a strategy parameter: the collection form (id,
// entity_type and name when it has one) without full=*.
func paramView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if f := q.Get("full"); f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	if single || q.Get("full") != "" {
		return rec, nil
	}
	out := map[string]any{"id": rec["id"], "entity_type": rec["entity_type"]}
	if n, ok := rec["name"]; ok {
		out["name"] = n
	}
	return out, nil
}

// needStrategy refuses a list whose q does not filter on strategy_id (the
// reference: strategy_id is required).
func needStrategy(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	if !strings.Contains(q.Get("q"), "strategy_id") {
		return nil, []wire.ErrorItem{invalid("q", "must filter on strategy_id")}
	}
	return nil, nil
}

func (h *handler) param(coll string, filter func(*Store, url.Values) (func(map[string]any) bool, []wire.ErrorItem)) *resource {
	return &resource{st: h.strat.st, coll: coll, project: paramView, filter: filter}
}

func (h *handler) listStrategyDeals(w http.ResponseWriter, r *http.Request) {
	if v := r.URL.Query().Get("with"); v != "" && !slices.Contains([]string{"strategy", "campaign", "advertiser", "agency"}, v) {
		badRequest(w, []wire.ErrorItem{invalid("with", "unknown relation %q", v)})
		return
	}
	h.param(StrategyDeals, nil).list(w, r)
}

func (h *handler) listStrategyDayParts(w http.ResponseWriter, r *http.Request) {
	h.param(StrategyDayParts, nil).list(w, r)
}

func (h *handler) listStrategyIPAddresses(w http.ResponseWriter, r *http.Request) {
	h.param(StrategyIPAddresses, needStrategy).list(w, r)
}

func (h *handler) listStrategyConcepts(w http.ResponseWriter, r *http.Request) {
	h.param(StrategyConcepts, nil).list(w, r)
}

func (h *handler) listStrategyTargetValues(w http.ResponseWriter, r *http.Request) {
	h.param(StrategyTargetValues, nil).list(w, r)
}

func (h *handler) listStrategyPostalCodes(w http.ResponseWriter, r *http.Request) {
	h.param(StrategyPostalCodes, needStrategy).list(w, r)
}

// listStrategyGroups answers the group names the strategies carry, each
// with its count and strategies, unpaged.
func (h *handler) listStrategyGroups(w http.ResponseWriter, r *http.Request) {
	ids := map[string][]int64{}
	var names []string
	for _, st := range h.strat.st.sorted(Strategies) {
		gs, _ := st["groups"].([]any)
		id, _ := toInt(st["id"])
		for _, g := range gs {
			name, ok := g.(string)
			if !ok {
				continue
			}
			if _, seen := ids[name]; !seen {
				names = append(names, name)
			}
			ids[name] = append(ids[name], id)
		}
	}
	slices.Sort(names)
	page := make([]map[string]any, 0, len(names))
	for _, n := range names {
		page = append(page, map[string]any{"name": n, "count": len(ids[n]), "strategy_ids": ids[n]})
	}
	n := int64(len(page))
	writeListPage(w, r, page, n, 0, n, max(n, 1), 0)
}

// downloadCSV answers the rows of coll for the path's strategy as a CSV
// attachment: the header, then one line per value.
func (h *handler) downloadCSV(w http.ResponseWriter, r *http.Request, coll string, header []string, rows func(map[string]any) [][]string) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var lines [][]string
	for _, rec := range h.strat.st.sorted(coll) {
		if sid, _ := toInt(rec["strategy_id"]); sid == id {
			lines = append(lines, rows(rec)...)
		}
	}
	if lines == nil && h.strat.st.Get(Strategies, id) == nil {
		notFound(w, "strategy", id)
		return
	}
	w.Header().Set("Content-Type", "text/csv")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_%d.csv"`, coll, id))
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write(header)
	_ = cw.WriteAll(lines)
}

func (h *handler) downloadStrategyIPAddresses(w http.ResponseWriter, r *http.Request) {
	h.downloadCSV(w, withID(r, "strategy_id"), StrategyIPAddresses, []string{"target_inet"}, func(rec map[string]any) [][]string {
		var out [][]string
		list, _ := rec["target_inet"].([]any)
		for _, a := range list {
			out = append(out, []string{fmt.Sprint(a)})
		}
		return out
	})
}

func (h *handler) downloadStrategyPostalCodes(w http.ResponseWriter, r *http.Request) {
	h.downloadCSV(w, withID(r, "strategy_id"), StrategyPostalCodes, []string{"code", "name", "value", "exclude"}, func(rec map[string]any) [][]string {
		v, _ := toInt(rec["value"])
		ex, _ := rec["exclude"].(bool)
		return [][]string{{fmt.Sprint(rec["code"]), fmt.Sprint(rec["name"]), strconv.FormatInt(v, 10), strconv.FormatBool(ex)}}
	})
}
