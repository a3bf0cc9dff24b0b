package targetingfake

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// CreativeTags is the collection GET /creatives/{creative_id} reads,
// seeded with one creative.
const CreativeTags = "creative_tags"

// roleList are the user roles the platform lists.
var roleList = []map[string]any{
	{"id": 2, "name": "admin", "must_include": []any{}, "must_exclude": []any{3, 4}},
	{"id": 3, "name": "manager", "must_include": []any{}, "must_exclude": []any{2, 4}},
	{"id": 4, "name": "reporter", "must_include": []any{}, "must_exclude": []any{2, 3}},
	{"id": 5, "name": "internal", "must_include": []any{}, "must_exclude": []any{}},
	{"id": 6, "name": "agency", "must_include": []any{}, "must_exclude": []any{}},
	{"id": 7, "name": "edit_data_definition", "must_include": []any{8}, "must_exclude": []any{}},
	{"id": 8, "name": "view_data_definition", "must_include": []any{}, "must_exclude": []any{}},
	{"id": 9, "name": "edit_segments", "must_include": []any{10}, "must_exclude": []any{}},
	{"id": 10, "name": "view_segments", "must_include": []any{}, "must_exclude": []any{}},
}

// targetValues are the target values the fake lists.
var targetValues = []map[string]any{
	{"id": 1, "dimension_id": 7, "dimension_code": "REGN", "parent_value_id": 0, "name": "Bavaria", "value": 101, "code": "BY",
		"is_targetable": true, "full_path": "Location » Region » Bavaria"},
	{"id": 2, "dimension_id": 7, "dimension_code": "REGN", "parent_value_id": 0, "name": "Bretagne", "value": 102, "code": "BRE",
		"is_targetable": true, "full_path": "Location » Region » Bretagne"},
	{"id": 3, "dimension_id": 2, "dimension_code": "BSER", "parent_value_id": 0, "name": "Firefox", "value": 3, "code": "FF",
		"is_targetable": true, "full_path": "Technology » Browser » Firefox"},
}

func staticList(w http.ResponseWriter, r *http.Request, all []map[string]any) {
	out := make([]map[string]any, 0, len(all))
	for _, x := range all {
		m := make(map[string]any, len(x)+1)
		for k, v := range x {
			m[k] = v
		}
		if _, ok := m["dimension_code"]; !ok {
			m["entity_type"] = "role"
		}
		out = append(out, m)
	}
	n := int64(len(out))
	writeListPage(w, r, out, n, 0, n, max(n, 1), 0)
}

func (h *handler) listRoles(w http.ResponseWriter, r *http.Request) { staticList(w, r, roleList) }

func (h *handler) listTargetValues(w http.ResponseWriter, r *http.Request) {
	name := strings.ToLower(r.URL.Query().Get("name"))
	var keep []map[string]any
	for _, v := range targetValues {
		if n, _ := v["name"].(string); strings.Contains(strings.ToLower(n), name) {
			keep = append(keep, v)
		}
	}
	staticList(w, r, keep)
}

// searchEntities finds organizations, agencies and advertisers whose name
// holds the text (any case).
func (h *handler) searchEntities(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var errs []wire.ErrorItem
	name := strings.ToLower(q.Get("name"))
	if name == "" {
		errs = append(errs, invalid("name", "is required"))
	}
	limit := intParam(q, "limit", 10, 1, 1000, &errs)
	flag := func(k string) bool {
		s := q.Get(k)
		b, err := strconv.ParseBool(s)
		if s != "" && err != nil {
			errs = append(errs, invalid(k, "must be true or false"))
		}
		return b
	}
	activeOnly, terminated := flag("active_only"), flag("terminated")
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	out := map[string]any{}
	for _, coll := range []string{Organizations, Agencies, Advertisers} {
		hits := []any{}
		for _, rec := range h.orgs.st.sorted(coll) {
			n, _ := rec["name"].(string)
			if !strings.Contains(strings.ToLower(n), name) || int64(len(hits)) >= limit {
				continue
			}
			if st, ok := rec["status"].(bool); activeOnly && ok && !st {
				continue
			}
			if t, _ := rec["terminated"].(bool); t && !terminated {
				continue
			}
			hits = append(hits, map[string]any{"id": rec["id"], "entity_type": rec["entity_type"], "name": n})
		}
		out[coll] = hits
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// healthcheck answers the bare health object.
func (h *handler) healthcheck(w http.ResponseWriter, _ *http.Request) {
	fake.WriteJSON(w, http.StatusOK, map[string]any{"build_version": "3.0.1807", "build_date": "2026-01-01", "database_connection": true,
		"latency": "1ms", "node_conns": map[string]any{"acquired": 1, "constucting": 0, "idle": 4}, "node_max_conns": 10, "node_total_cons": 5})
}

func (h *handler) getCreativeTag(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "creative_id")
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	rec := h.orgs.st.Get(CreativeTags, id)
	if rec == nil {
		notFound(w, "creative", id)
		return
	}
	out := map[string]any{}
	for _, k := range []string{"atomic_creative_id", "tag", "tag_type", "inner_tag"} {
		if v, ok := rec[k]; ok {
			out[k] = v
		}
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// listPixelTargetingAdvertisers answers the advertiser's siblings when its
// agency allows pixels across advertisers (an agency the store does not
// hold allows them), in the list's short form with the agency.
func (h *handler) listPixelTargetingAdvertisers(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "advertiser_id")
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	st := h.orgs.st
	adv := st.Get(Advertisers, id)
	if adv == nil {
		notFound(w, "advertiser", id)
		return
	}
	aid, _ := toInt(adv["agency_id"])
	agency := st.Get(Agencies, aid)
	page := []map[string]any{}
	if allow, _ := agency["allow_x_adv_pixels"].(bool); agency == nil || allow {
		for _, rec := range st.sorted(Advertisers) {
			if rid, _ := toInt(rec["id"]); rid == id {
				continue
			}
			if x, _ := toInt(rec["agency_id"]); x != aid {
				continue
			}
			name := "Agency " + strconv.FormatInt(aid, 10)
			if agency != nil {
				name, _ = agency["name"].(string)
			}
			page = append(page, map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"],
				"agency": map[string]any{"id": aid, "name": name, "entity_type": "agency", "rel": "agency"}})
		}
	}
	n := int64(len(page))
	writeListPage(w, r, page, n, 0, n, max(n, 1), 0)
}
