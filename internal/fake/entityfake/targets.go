package entityfake

import (
	"errors"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// A strategy's targets by target value and by dimension, as real clients
// call them: GET and POST strategies/{id}/target_values (dimensions.<n>.
// code, .restriction, .operation, .value_ids), GET and POST
// strategies/{id}/target_dimensions/{dimension} (target_op,
// include.<n>.value_id, exclude.<n>.value_id), answered as strategy_target
// records, one per dimension and restriction; the XML form states the
// operator once, on <entities target_op>. GET
// strategies/{id}/retired_audience_segments answers the strategy's
// strategy_audience_segments marked retired.

func registerTargets(r fake.Registrar, h *handler) {
	h.st.targets, h.st.postcodes, h.st.perms = map[int64][]Record{}, map[int64][]string{}, map[int64]map[string][]int64{}
	registerPermissions(r, h)
	r.Handle("POST "+Prefix+"/strategies/{id}/target_postcodes", fake.Session, http.HandlerFunc(h.uploadPostcodes))
	r.Handle("GET "+Prefix+"/strategies/{id}/target_values", fake.Session, http.HandlerFunc(h.targetValues))
	r.Handle("POST "+Prefix+"/strategies/{id}/target_values", fake.Session, http.HandlerFunc(h.setTargetValues))
	r.Handle("GET "+Prefix+"/strategies/{id}/target_dimensions/{dimension}", fake.Session, http.HandlerFunc(h.targetValues))
	r.Handle("POST "+Prefix+"/strategies/{id}/target_dimensions/{dimension}", fake.Session, http.HandlerFunc(h.setTargetDimension))
	r.Handle("GET "+Prefix+"/strategies/{id}/retired_audience_segments", fake.Session, http.HandlerFunc(h.retiredSegments))
}

var dimensionCode = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// strategyOf resolves {id} to an existing strategy, answering 400 or 404
// itself. Callers hold the lock.
func (h *handler) strategyOf(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return 0, false
	}
	if h.st.cols["strategies"].get(id) == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "strategy "+r.PathValue("id")+" not found")
		return 0, false
	}
	return id, true
}

// dimensionOf returns the target dimension with code, or nil. Callers
// hold the lock.
func (s *Store) dimensionOf(code string) Record {
	for _, d := range s.cols["target_dimensions"].all() {
		if d["code"] == code {
			return d
		}
	}
	return nil
}

// targetValues serves GET target_values (every target of the strategy)
// and GET target_dimensions/{dimension} (the dimension's).
func (h *handler) targetValues(w http.ResponseWriter, r *http.Request) {
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	id, ok := h.strategyOf(w, r)
	if !ok {
		return
	}
	dim := r.PathValue("dimension")
	if dim != "" && h.st.dimensionOf(dim) == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "target dimension "+dim+" not found")
		return
	}
	writeTargets(w, r, h.st.targetsOf(id, dim))
}

// targetsOf returns copies of the strategy's targets, of dimension dim
// when it is set.
func (s *Store) targetsOf(id int64, dim string) []Record {
	var out []Record
	for _, t := range s.targets[id] {
		if dim == "" || t["name"] == dim {
			out = append(out, deepCopy(t))
		}
	}
	return out
}

// writeTargets answers strategy_target records: in JSON each with its
// target_op; in XML the operator once on <entities target_op> when the
// records share it (and then not on each entity).
func writeTargets(w http.ResponseWriter, r *http.Request, recs []Record) {
	if !fake.WantsXML(r) {
		writeMany(w, r, recs, 0, len(recs))
		return
	}
	op := ""
	for i, rec := range recs {
		o, _ := rec["target_op"].(string)
		if i > 0 && o != op {
			op = ""
			break
		}
		op = o
	}
	es := make([]wire.Entity, len(recs))
	for i, rec := range recs {
		if op != "" {
			rec = deepCopy(rec)
			delete(rec, "target_op")
		}
		es[i] = xmlEntity(rec)
	}
	wire.WriteXML(w, http.StatusOK, &wire.Result{CalledOn: nowString(), Entities: &wire.Entities{
		Count: len(es), Start: 0, TargetOp: op, Entities: es}})
}

// target is one strategy_target to store: its dimension, restriction,
// operator and values.
type target struct {
	dim     Record
	exclude bool
	op      string
	values  []int64
}

// checkValues reads value ids for dimension dim, adding an error per bad
// one.
func (h *handler) checkValues(field string, ids []string, dim Record, seen map[int64]bool, errs *[]wire.ErrorItem) []int64 {
	var out []int64
	for _, s := range ids {
		vid, ok := parseID(strings.TrimSpace(s))
		v := h.st.cols["target_values"].get(vid)
		switch {
		case !ok:
			*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: field, Message: field + " must be positive integers"})
		case v == nil:
			*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: field, Message: "target value " + s + " does not exist"})
		case dim != nil && toInt64(v["target_dimension_id"]) != toInt64(dim["id"]):
			*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: field, Message: "target value " + s + " is not of dimension " + dim["code"].(string)})
		case seen[vid]:
			*errs = append(*errs, wire.ErrorItem{Code: "invalid", Field: field, Message: "target value " + s + " listed twice"})
		default:
			seen[vid] = true
			out = append(out, vid)
		}
	}
	return out
}

func badOp(op string) bool { return op != "" && op != "AND" && op != "OR" }

// setTargetValues serves POST target_values: every dimension given
// replaces the strategy's targets.
func (h *handler) setTargetValues(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, ok := h.strategyOf(w, r)
	if !ok {
		return
	}
	form := r.PostForm
	errs := unknownKeys(form, func(k string) bool { return strings.HasPrefix(k, "dimensions.") })
	items, bad := indexed(form, "dimensions", "code", "restriction", "operation", "value_ids")
	for _, k := range bad {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	var ts []target
	seen := map[string]bool{}
	for i, it := range items {
		p := "dimensions." + strconv.Itoa(i+1) + "."
		dim := h.st.dimensionOf(it["code"])
		if dim == nil {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "code", Message: "target dimension " + strconv.Quote(it["code"]) + " does not exist"})
		}
		if it["restriction"] != "INCLUDE" && it["restriction"] != "EXCLUDE" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "restriction", Message: p + "restriction must be INCLUDE or EXCLUDE"})
		}
		if badOp(it["operation"]) {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "operation", Message: p + "operation must be AND or OR"})
		}
		if seen[it["code"]+"/"+it["restriction"]] {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "code", Message: "dimension " + it["code"] + " " + it["restriction"] + " given twice"})
		}
		seen[it["code"]+"/"+it["restriction"]] = true
		if it["value_ids"] == "" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "value_ids", Message: p + "value_ids is required"})
		}
		vals := h.checkValues(p+"value_ids", strings.Split(it["value_ids"], ","), dim, map[int64]bool{}, &errs)
		ts = append(ts, target{dim: dim, exclude: it["restriction"] == "EXCLUDE", op: it["operation"], values: vals})
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.targets[id] = nil
	writeTargets(w, r, h.st.putTargets(id, ts))
}

// setTargetDimension serves POST target_dimensions/{dimension}: the
// values given replace the dimension's targets.
func (h *handler) setTargetDimension(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, ok := h.strategyOf(w, r)
	if !ok {
		return
	}
	code := r.PathValue("dimension")
	dim := h.st.dimensionOf(code)
	if !dimensionCode.MatchString(code) || dim == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "target dimension "+code+" not found")
		return
	}
	form := r.PostForm
	errs := unknownKeys(form, func(k string) bool {
		return k == "target_op" || strings.HasPrefix(k, "include.") || strings.HasPrefix(k, "exclude.")
	})
	op := form.Get("target_op")
	if badOp(op) {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "target_op", Message: "target_op must be AND or OR"})
	}
	seen := map[int64]bool{}
	var ts []target
	for _, side := range []string{"include", "exclude"} {
		items, bad := indexed(form, side, "value_id")
		for _, k := range bad {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
		ids := make([]string, len(items))
		for i, it := range items {
			ids[i] = it["value_id"]
		}
		if vals := h.checkValues(side, ids, dim, seen, &errs); len(vals) > 0 {
			ts = append(ts, target{dim: dim, exclude: side == "exclude", op: op, values: vals})
		}
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.targets[id] = slices.DeleteFunc(h.st.targets[id], func(t Record) bool { return t["name"] == code })
	h.st.putTargets(id, ts)
	writeTargets(w, r, h.st.targetsOf(id, code))
}

// putTargets adds the strategy's targets and returns copies of the new
// records. Callers hold the write lock.
func (s *Store) putTargets(id int64, ts []target) []Record {
	var next int64
	for _, recs := range s.targets {
		for _, t := range recs {
			next = max(next, toInt64(t["id"]))
		}
	}
	out := []Record{}
	now := nowString()
	for _, t := range ts {
		op := t.op
		if op == "" {
			op = "OR"
		}
		next++
		rec := Record{"id": next, "entity_type": "strategy_target", "name": t.dim["code"], "version": int64(0),
			"strategy_id": id, "target_dimension_id": toInt64(t.dim["id"]), "exclude": t.exclude, "active": true,
			"target_op": op, "created_on": now, "updated_on": now}
		s.targets[id] = append(s.targets[id], rec)
		out = append(out, deepCopy(rec))
	}
	return out
}

// retiredSegments serves GET retired_audience_segments: the strategy's
// strategy_audience_segments marked retired, paged.
func (h *handler) retiredSegments(w http.ResponseWriter, r *http.Request) {
	win, p := paging.Read(r.URL.Query())
	if p != nil {
		badRequest(w, r, p.Field, p.Message)
		return
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	id, ok := h.strategyOf(w, r)
	if !ok {
		return
	}
	c := h.st.cols["strategy_audience_segments"]
	var all []Record
	for _, sid := range c.ids() {
		rec := c.get(sid)
		if toInt64(rec["strategy_id"]) == id && rec["retired"] == true {
			all = append(all, h.st.view(c, rec, view{fullByDefault: true}))
		}
	}
	lo := min(win.Offset, len(all))
	hi := min(lo+win.Limit, len(all))
	writeMany(w, r, all[lo:hi], lo, len(all))
}

// StrategyTargets returns copies of strategy id's strategy_target
// records.
func (s *Store) StrategyTargets(id int64) []Record {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.targetsOf(id, "")
}

// uploadPostcodes serves POST target_postcodes: a multipart body whose
// part file holds postal codes (lines or commas), replacing the
// strategy's; answered by an acknowledgement (meta only; in XML a status
// ok).
func (h *handler) uploadPostcodes(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload+1<<20)
	if err := r.ParseMultipartForm(maxUpload); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			badRequest(w, r, "file", "file too large")
			return
		}
		badRequest(w, r, "", "a multipart/form-data body is required")
		return
	}
	var errs []wire.ErrorItem
	for k := range r.MultipartForm.Value {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	for k := range r.MultipartForm.File {
		if k != "file" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	var codes []string
	if fh := r.MultipartForm.File["file"]; len(fh) == 0 {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "file", Message: "file is required"})
	} else if f, err := fh[0].Open(); err == nil {
		b, _ := io.ReadAll(f)
		_ = f.Close()
		if codes = sitesOf(b); len(codes) == 0 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "file", Message: "file holds no postal code"})
		}
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, ok := h.strategyOf(w, r)
	if !ok || refuse(w, r, errs) {
		return
	}
	h.st.postcodes[id] = codes
	if fake.WantsXML(r) {
		wire.WriteXML(w, http.StatusOK, &wire.Result{CalledOn: nowString()})
		return
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{"meta": map[string]any{"status": "success", "called_on": nowString()}})
}

// StrategyPostcodes returns the postal codes last uploaded for strategy
// id.
func (s *Store) StrategyPostcodes(id int64) []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Clone(s.postcodes[id])
}
