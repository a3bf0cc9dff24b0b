package targetingfake

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/qlang"
)

// Prefix is the group's path prefix.
const Prefix = "/api/v3.0"

// Paging bounds the reference gives page_limit and page_offset.
const (
	maxPageLimit     = 1000
	maxPageOffset    = 1000
	defaultPageLimit = 100
)

// attachmentFields are the fields attachments can be queried and sorted by.
var attachmentFields = []string{"id", "target_id", "strategy_id", "restriction", "operator", "created_on", "updated_on", "version", "or_better"}

// WriteError writes the v3.0 error response.
func WriteError(w http.ResponseWriter, _ *http.Request, status int, code, message string) {
	fake.WriteErrors(w, status, wire.ErrorItem{Code: code, Message: message})
}

// Register serves group B on r and returns its store.
func Register(r fake.Registrar) *Store {
	st := NewStore()
	fake.RegisterErrors(r, Prefix, WriteError)
	routes(newHandler(st)).Serve(r, Prefix, fake.Session)
	return st
}

// resource serves one collection.
type resource struct {
	st             *Store
	coll           string
	create, update schema
	// fields, when set, limits the fields q and sort_by may name.
	fields []string
	// filter reads extra list parameters and returns a record predicate,
	// or error items.
	filter func(st *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem)
	// project shapes a record for the answer.
	project func(r map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem)
	// history, when set, logs each create and update in the store's history.
	history bool
	// check, when set, adds the body's rules that schema cannot state
	// (numbers, lists of values); onCreate fills a new record's defaults.
	check    func(body map[string]any, create bool) []wire.ErrorItem
	onCreate func(rec map[string]any)
}

func invalid(field, format string, args ...any) wire.ErrorItem {
	return wire.ErrorItem{Code: "invalid", Field: field, Message: fmt.Sprintf(format, args...)}
}

func badRequest(w http.ResponseWriter, items []wire.ErrorItem) {
	fake.WriteErrors(w, http.StatusBadRequest, items...)
}

func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		badRequest(w, []wire.ErrorItem{invalid("id", "must be a positive integer")})
		return 0, false
	}
	return id, true
}

func notFound(w http.ResponseWriter, what string, id int64) {
	fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: fmt.Sprintf("%s %d not found", what, id)})
}

func intParam(q url.Values, name string, def, lo, hi int64, errs *[]wire.ErrorItem) int64 {
	s := q.Get(name)
	if s == "" {
		return def
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		*errs = append(*errs, invalid(name, "must be an integer between %d and %d", lo, hi))
		return def
	}
	return n
}

// list answers a page of the collection: filters, q, sort_by, paging.
func (rs *resource) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var errs []wire.ErrorItem
	limit, offset := paging(q, &errs)
	var query *qlang.Query
	if s := q.Get("q"); s != "" {
		pq, err := qlang.Parse(s)
		if err != nil {
			errs = append(errs, invalid("q", "%s", err.Error()))
		} else {
			query = pq
			for _, t := range pq.Terms {
				if p, ok := t.(qlang.Predicate); ok && rs.fields != nil && !slices.Contains(rs.fields, p.Field) {
					errs = append(errs, invalid("q", "cannot query by %s", p.Field))
				}
			}
		}
	}
	var sortKeys []string
	if s := q.Get("sort_by"); s != "" {
		for _, k := range strings.Split(s, ",") {
			k = strings.TrimSpace(k)
			name := strings.TrimPrefix(k, "-")
			if name == "" || (rs.fields != nil && !slices.Contains(rs.fields, name)) {
				errs = append(errs, invalid("sort_by", "cannot sort by %q", k))
				continue
			}
			sortKeys = append(sortKeys, k)
		}
	}
	var keep func(map[string]any) bool
	if rs.filter != nil {
		var ferrs []wire.ErrorItem
		keep, ferrs = rs.filter(rs.st, q)
		errs = append(errs, ferrs...)
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rs.st.mu.Lock()
	recs := rs.st.sorted(rs.coll)
	var out []map[string]any
	for _, rec := range recs {
		if keep != nil && !keep(rec) {
			continue
		}
		if query != nil && !qmatch.Match(query, record(rec)) {
			continue
		}
		out = append(out, rec)
	}
	rs.st.mu.Unlock()
	if len(sortKeys) > 0 {
		slices.SortStableFunc(out, func(a, b map[string]any) int {
			for _, k := range sortKeys {
				name := strings.TrimPrefix(k, "-")
				c := compareValues(a[name], b[name])
				if strings.HasPrefix(k, "-") {
					c = -c
				}
				if c != 0 {
					return c
				}
			}
			return 0
		})
	}
	total := int64(len(out))
	lo := min(offset, total)
	hi := min(lo+limit, total)
	page := make([]map[string]any, 0, hi-lo)
	for _, rec := range out[lo:hi] {
		if rs.project != nil {
			p, perrs := rs.project(rec, q, false)
			if len(perrs) > 0 {
				badRequest(w, perrs)
				return
			}
			rec = p
		}
		page = append(page, rec)
	}
	writeListPage(w, r, page, total, lo, hi, limit, offset)
}

// writeListPage answers one page of a list in the reference's list form:
// count, offset and total_count, next_page while items follow and
// prev_page after the first page (links keep the request's other query
// parameters). lo and hi bound the page within the total.
func writeListPage(w http.ResponseWriter, r *http.Request, page []map[string]any, total, lo, hi, limit, offset int64) {
	meta := map[string]any{"status": "success", "count": len(page), "total_count": total, "offset": offset}
	link := func(off int64) string {
		nq := r.URL.Query()
		nq.Set("page_offset", strconv.FormatInt(off, 10))
		nq.Set("page_limit", strconv.FormatInt(limit, 10))
		return "http://" + r.Host + r.URL.Path + "?" + nq.Encode()
	}
	if hi < total {
		meta["next_page"] = link(hi)
	}
	if lo > 0 {
		meta["prev_page"] = link(max(0, lo-limit))
	}
	fake.WriteData(w, http.StatusOK, page, meta)
}

func compareValues(a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	if x, ok := toInt(a); ok {
		if y, ok := toInt(b); ok {
			return cmp.Compare(x, y)
		}
	}
	_, aText := a.(string)
	_, bText := b.(string)
	if !aText && !bText {
		if x, ok := toFloat(a); ok {
			if y, ok := toFloat(b); ok {
				return cmp.Compare(x, y)
			}
		}
	}
	if x, ok := a.(bool); ok {
		if y, ok := b.(bool); ok {
			return cmp.Compare(boolInt(x), boolInt(y))
		}
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (rs *resource) get(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	rec := rs.st.Get(rs.coll, id)
	if rec == nil {
		notFound(w, entityTypes[rs.coll], id)
		return
	}
	if rs.project != nil {
		p, errs := rs.project(rec, r.URL.Query(), true)
		if len(errs) > 0 {
			badRequest(w, errs)
			return
		}
		rec = p
	}
	fake.WriteData(w, http.StatusOK, rec, nil)
}

// readBody decodes a JSON object body keeping numbers exact.
func readBody(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		badRequest(w, []wire.ErrorItem{invalid("", "the body must be application/json, not %q", ct)})
		return nil, false
	}
	var body map[string]any
	if err := decodeExact(http.MaxBytesReader(w, r.Body, 1<<20), &body); err != nil || body == nil {
		badRequest(w, []wire.ErrorItem{invalid("", "the body must be a JSON object")})
		return nil, false
	}
	return body, true
}

func (rs *resource) add(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	errs := rs.create.check(body)
	if rs.check != nil {
		errs = append(errs, rs.check(body, true)...)
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := normalize(body)
	switch rs.coll {
	case Advertisers:
		for k, v := range map[string]any{"frequency_interval": "not-applicable", "frequency_type": "no-limit",
			"attribution_level": "INDIVIDUAL", "targeting_identity_level": "INDIVIDUAL", "advertiser_brain": true,
			"status": false, "political": false, "data_sharing_enabled": false, "minimize_multi_ads": false, "ad_server_fee": 0} {
			if _, ok := rec[k]; !ok {
				rec[k] = v
			}
		}
	case Attachments:
		if _, ok := rec["or_better"]; !ok {
			rec["or_better"] = false
		}
	case Targets:
		for _, k := range []string{"visible", "visible_overridden"} {
			if _, ok := rec[k]; !ok {
				rec[k] = false
			}
		}
	}
	if rs.onCreate != nil {
		rs.onCreate(rec)
	}
	delete(rec, "id")
	rs.st.mu.Lock()
	id := rs.st.addLocked(rs.coll, rec)
	out, _ := rs.st.colls[rs.coll].Get(id)
	if rs.history {
		rs.st.logChange(rs.coll, id, "create", nil, out)
	}
	rs.st.mu.Unlock()
	if rs.project != nil {
		out, _ = rs.project(out, url.Values{}, true)
	}
	fake.WriteData(w, http.StatusCreated, out, nil)
}

func (rs *resource) put(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	errs := rs.update.check(body)
	if rs.check != nil {
		errs = append(errs, rs.check(body, false)...)
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rs.st.mu.Lock()
	c := rs.st.colls[rs.coll]
	rec, exists := c.Get(id)
	if !exists {
		rs.st.mu.Unlock()
		notFound(w, entityTypes[rs.coll], id)
		return
	}
	sent, _ := toInt(normalizeValue(body["version"]))
	if p := c.Fresh(id, &sent); p != nil {
		rs.st.mu.Unlock()
		fake.WriteErrors(w, p.Status, p.Item())
		return
	}
	before := clone(rec)
	for k, v := range normalize(body) {
		if k == "version" {
			continue
		}
		rec[k] = v
	}
	rec["updated_on"] = now()
	out, _ := c.Update(id, &sent, rec)
	if rs.history {
		rs.st.logChange(rs.coll, id, "update", before, out)
	}
	rs.st.mu.Unlock()
	if rs.project != nil {
		out, _ = rs.project(out, url.Values{}, true)
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

func (rs *resource) del(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	_, exists := rs.st.colls[rs.coll].Delete(id)
	if !exists {
		notFound(w, entityTypes[rs.coll], id)
		return
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{"meta": map[string]any{"status": "success"}})
}

// attachmentFilter reads strategy_id and dimension.
func attachmentFilter(st *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	var strategy int64
	if s := q.Get("strategy_id"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			errs = append(errs, invalid("strategy_id", "must be an integer"))
		}
		strategy = n
	}
	var dims []string
	if s := q.Get("dimension"); s != "" {
		for _, d := range strings.Split(s, ",") {
			if d = strings.TrimSpace(d); d != "" {
				dims = append(dims, d)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return func(rec map[string]any) bool {
		if s := q.Get("strategy_id"); s != "" {
			if n, _ := toInt(rec["strategy_id"]); n != strategy {
				return false
			}
		}
		if len(dims) > 0 {
			tid, _ := toInt(rec["target_id"])
			t, _ := st.colls[Targets].Get(tid)
			code, _ := t["dimension_code"].(string)
			if !slices.Contains(dims, code) {
				return false
			}
		}
		return true
	}, nil
}

// advertiserView shapes an advertiser: a list without full=* holds id,
// name and entity_type; with=agency embeds the agency; a get with
// extended=true adds the inherited MFA avoidance.
func advertiserView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	var withAgency bool
	for _, w := range q["with"] {
		for _, x := range strings.Split(w, ",") {
			if x != "agency" {
				errs = append(errs, invalid("with", "must be agency"))
			}
			withAgency = true
		}
	}
	if f := q.Get("full"); f != "" && f != "*" && f != "advertiser" {
		errs = append(errs, invalid("full", "must be *"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	out := rec
	if !single && q.Get("full") == "" {
		out = map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}
	}
	if withAgency {
		aid, _ := toInt(rec["agency_id"])
		out["agency"] = map[string]any{"id": aid, "name": "Agency " + strconv.FormatInt(aid, 10), "entity_type": "agency", "rel": "agency"}
	}
	if single && q.Get("extended") == "true" && rec["mfa_avoidance"] == "INHERIT" {
		out["inherited_mfa_avoidance"] = "ALLOW_ALL"
		out["inherited_mfa_from"] = "Organization"
	}
	return out, nil
}

// changedFields is the fields list of a change-log entry: each property of
// after that differs from before, in name order, with both values as the
// log's text (jsonText); the bookkeeping properties (version, created_on,
// updated_on) and skip are left out.
func changedFields(before, after map[string]any, skip ...string) []map[string]any {
	var fields []map[string]any
	keys := make([]string, 0, len(after))
	for k := range after {
		if k != "version" && k != "updated_on" && k != "created_on" && !slices.Contains(skip, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		old, had := before[k]
		if had && jsonText(old) == jsonText(after[k]) {
			continue
		}
		oldS := ""
		if had {
			oldS = jsonText(old)
		}
		fields = append(fields, map[string]any{"field_name": k, "old_value": oldS, "new_value": jsonText(after[k])})
	}
	return fields
}

// jsonText writes a value as the change log's text: a string bare, null
// as nothing, anything else as JSON.
func jsonText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// record adapts a stored record to qlang.Match.
type record map[string]any

func (r record) Field(name string) (string, bool) {
	v, ok := r[name]
	if !ok || v == nil {
		return "", false
	}
	return form.QueryValue(v), true
}

func (r record) ID() int64 {
	id, _ := toInt(r["id"])
	return id
}

func (r record) Strings() []string {
	var out []string
	for _, v := range r {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
