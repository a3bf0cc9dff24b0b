package creativesfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// MaxBulkIDs is how many ids a bulk classification read takes.
const MaxBulkIDs = 100

type classification struct {
	Attributes []int64 `json:"attributes"`
	Language   int64   `json:"language"`
	Verticals  []int64 `json:"verticals"`
}

// writeUIError writes the classification interface's error body (schema
// UIErrorType).
func writeUIError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"errors": []any{map[string]any{"errorCode": status, "errorMessage": msg, "reasonCode": 0, "resource": "classification"}}})
}

// writeV1 writes an answer of the v1.0 paths: the value itself, with the
// given media type (the language and attribute lists use text/plain).
func writeV1(w http.ResponseWriter, status int, contentType string, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeV1Error(w http.ResponseWriter, status int, code, msg string) {
	writeV1(w, status, "application/json", map[string]any{"status": map[string]any{"code": code, "reason": code, "message": msg}})
}

func seedStatic() map[string][]map[string]any {
	return map[string][]map[string]any{
		"iab_verticals": {
			{"children": []int{215, 216}, "code": "IAB14", "description": "Society", "id": 214, "parent": 0},
			{"children": []int{}, "code": "IAB14-1", "description": "Dating", "id": 215, "parent": 214},
			{"children": []int{}, "code": "IAB14-2", "description": "Divorce Support", "id": 216, "parent": 214},
			{"children": []int{}, "code": "IAB22-2", "description": "Couponing", "id": 365, "parent": 363},
		},
		"language": {
			{"alpha2": "en", "bibliographic": "eng", "id": 1, "name": "English", "nameFr": "anglais", "terminologic": ""},
			{"alpha2": "fr", "bibliographic": "fre", "id": 2, "name": "French", "nameFr": "français", "terminologic": "fra"},
		},
		"iab_attributes": {
			{"id": 14, "name": "Windows Dialog or Alert Style", "parent": 0, "children": []int{}},
			{"id": 16, "name": "Ad can be skipped (e.g., skip button on preroll video)", "parent": 0, "children": []int{}},
			{"id": 999, "name": "None Apply", "parent": 0, "children": []int{}},
		},
	}
}

func (s *Store) staticItem(category string, id int64) map[string]any {
	for _, it := range s.static[category] {
		if n, _ := it["id"].(int); int64(n) == id {
			return it
		}
	}
	return nil
}

func (s *Store) inflate(c classification) map[string]any {
	attrs, verts := []any{}, []any{}
	for _, a := range c.Attributes {
		if it := s.staticItem("iab_attributes", a); it != nil {
			attrs = append(attrs, it)
		}
	}
	for _, v := range c.Verticals {
		if it := s.staticItem("iab_verticals", v); it != nil {
			verts = append(verts, it)
		}
	}
	var lang any = map[string]any{}
	if it := s.staticItem("language", c.Language); it != nil {
		lang = it
	}
	return map[string]any{"attributes": attrs, "language": lang, "verticals": verts}
}

func parseIDs(s string) ([]int64, bool) {
	var out []int64
	for _, p := range strings.Split(s, ",") {
		id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || id < 1 {
			return nil, false
		}
		out = append(out, id)
	}
	return out, len(out) > 0
}

// classGet serves the four GET operations of one version of the
// classification paths under {prefix}/{rest...}: their paths overlap in a
// ServeMux ("bulk/{cids}" and "{cid}/inflate" both match "bulk/inflate"),
// so the path picks the operation here, bulk first, and gives it its path
// value (idName for one classification, idsName for the bulk reads).
func classGet(v1 bool, idName, idsName string, one, oneInflated, bulk, bulkInflated func(http.ResponseWriter, *http.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.Trim(r.PathValue("rest"), "/"), "/")
		switch {
		case len(parts) == 2 && parts[0] == "bulk":
			r.SetPathValue(idsName, parts[1])
			bulk(w, r)
		case len(parts) == 3 && parts[0] == "bulk" && parts[2] == "inflate":
			r.SetPathValue(idsName, parts[1])
			bulkInflated(w, r)
		case len(parts) == 1:
			r.SetPathValue(idName, parts[0])
			one(w, r)
		case len(parts) == 2 && parts[1] == "inflate":
			r.SetPathValue(idName, parts[0])
			oneInflated(w, r)
		default:
			classFail(w, v1, http.StatusNotFound, "not found")
		}
	}
}

// classFail writes a classification read's error in the version's form.
func classFail(w http.ResponseWriter, v1 bool, status int, msg string) {
	if v1 {
		writeV1Error(w, status, "invalid", msg)
		return
	}
	writeUIError(w, status, msg)
}

// classOK writes a classification read's answer in the version's form.
func classOK(w http.ResponseWriter, v1 bool, v any) {
	if v1 {
		writeV1(w, http.StatusOK, "application/json", v)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// classBulk answers the bulk read of the comma-separated ids, inflated or
// not.
func (s *Store) classBulk(w http.ResponseWriter, v1, inflate bool, ids string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	list, good := parseIDs(ids)
	if !good {
		classFail(w, v1, http.StatusBadRequest, "ids must be a comma-separated list of integers")
		return
	}
	if len(list) > MaxBulkIDs {
		classFail(w, v1, http.StatusBadRequest, "too many ids")
		return
	}
	recs := []any{}
	for _, id := range list {
		c, found := s.classes[id]
		if !found {
			continue
		}
		var d any = c
		if inflate {
			d = s.inflate(c)
		}
		recs = append(recs, map[string]any{"atomic_creative_id": id, "details": d})
	}
	classOK(w, v1, map[string]any{"records": recs})
}

// classOne answers one creative's classification, inflated or not.
func (s *Store) classOne(w http.ResponseWriter, v1, inflate bool, idText string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, err := strconv.ParseInt(idText, 10, 64)
	c, found := s.classes[id]
	if err != nil || !found {
		classFail(w, v1, http.StatusNotFound, "classification not found")
		return
	}
	if inflate {
		classOK(w, v1, s.inflate(c))
		return
	}
	classOK(w, v1, c)
}

func (s *Store) classSave(v1 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, good := pathInt(r, "cid")
		var c classification
		if err := json.NewDecoder(r.Body).Decode(&c); err != nil || !good {
			if v1 {
				writeV1Error(w, http.StatusBadRequest, "invalid", "invalid classification")
				return
			}
			writeUIError(w, http.StatusBadRequest, "invalid classification")
			return
		}
		s.mu.Lock()
		s.classes[id] = c
		inf := s.inflate(c)
		s.mu.Unlock()
		if v1 {
			writeV1(w, http.StatusOK, "application/json", c)
			return
		}
		writeJSON(w, http.StatusOK, inf)
	}
}

func (s *Store) classForcePublish(w http.ResponseWriter, r *http.Request) {
	id, _ := pathInt(r, "cid")
	s.mu.Lock()
	c, found := s.classes[id]
	s.mu.Unlock()
	if !found {
		writeUIError(w, http.StatusInternalServerError, "classification not found")
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Store) classBulkSave(v1 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Records []struct {
				ID      int64          `json:"atomic_creative_id"`
				Details classification `json:"details"`
			} `json:"records"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Records) == 0 {
			if v1 {
				writeV1Error(w, http.StatusBadRequest, "invalid", "records are required")
				return
			}
			writeUIError(w, http.StatusBadRequest, "records are required")
			return
		}
		s.mu.Lock()
		recs := []any{}
		for _, rec := range body.Records {
			s.classes[rec.ID] = rec.Details
			recs = append(recs, map[string]any{"atomic_creative_id": rec.ID, "details": s.inflate(rec.Details)})
		}
		s.mu.Unlock()
		if v1 {
			writeV1(w, http.StatusOK, "application/json", map[string]any{"records": recs})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"records": recs})
	}
}

func (s *Store) staticList(v1 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		cat := r.PathValue("category")
		key := strings.ToLower(r.URL.Query().Get("key"))
		s.mu.Lock()
		items, found := s.static[cat]
		out := []any{}
		for _, it := range items {
			if key == "" || strings.Contains(strings.ToLower(str(it["name"])+" "+str(it["description"])+" "+str(it["code"])), key) {
				out = append(out, it)
			}
		}
		s.mu.Unlock()
		switch {
		case !found && v1:
			writeV1Error(w, http.StatusNotFound, "not_found", "unknown category")
		case !found:
			writeUIError(w, http.StatusNotFound, "unknown category "+cat)
		case v1:
			ct := "application/json"
			if slices.Contains([]string{"iab_attributes", "language"}, cat) {
				ct = "text/plain; charset=utf-8"
			}
			writeV1(w, http.StatusOK, ct, out)
		default:
			writeJSON(w, http.StatusOK, out)
		}
	}
}

func (s *Store) staticGet(v1 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		cat := r.PathValue("category")
		id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
		s.mu.Lock()
		it := s.staticItem(cat, id)
		s.mu.Unlock()
		switch {
		case it == nil && v1:
			writeV1Error(w, http.StatusNotFound, "not_found", "item not found")
		case it == nil:
			writeUIError(w, http.StatusNotFound, "item not found")
		case v1:
			writeV1(w, http.StatusOK, "application/json", it)
		default:
			writeJSON(w, http.StatusOK, it)
		}
	}
}
