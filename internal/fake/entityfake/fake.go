// Package entityfake is the in-process fake of group A (entity management
// v2.0, prefix /api/v2.0) served by adama/adamatest: create, read, update
// with optimistic locking and history, lists with paging, q, sort_by,
// with, full and /limit/ chains, in JSON or XML by Accept, with the
// platform's error envelopes. It does not import package entity.
package entityfake

import (
	"cmp"
	"hash/fnv"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Config shapes the fake's starting data; the zero value is the default
// seed.
type Config struct {
	// NoSeed starts the store empty.
	NoSeed bool
	// Seeds are records added after the default seed.
	Seeds []Seed
	// Bulk adds that many generated records per collection.
	Bulk map[string]int
}

// Seed is one record to preload into a collection.
type Seed struct {
	Collection string
	Record     Record
}

// paging is the group's page form: page_limit 1 to MaxPageLimit (the
// default), page_offset from 0.
var paging = fake.Paging{LimitParam: "page_limit", OffsetParam: "page_offset", Default: MaxPageLimit, Max: MaxPageLimit,
	MinLimit: 1, Negative: "%[1]s must be between 1 and %[2]d", TooLarge: "%[1]s must be between 1 and %[2]d",
	BadOffset: "%[1]s must be a non-negative integer"}

// MaxPageLimit is the largest page_limit the platform accepts.
const MaxPageLimit = 100

// Register plugs the group A handlers into r and returns their store.
func Register(r fake.Registrar, cfg Config) *Store {
	st := NewStore()
	if !cfg.NoSeed {
		st.seedDefaults()
	}
	for _, sd := range cfg.Seeds {
		_, _ = st.Insert(sd.Collection, deepCopy(sd.Record))
	}
	for c, n := range cfg.Bulk {
		st.Generate(c, n)
	}
	h := &handler{st: st}
	fake.RegisterErrors(r, Prefix, func(w http.ResponseWriter, r *http.Request, status int, code, message string) {
		writeError(w, r, status, code, message)
	})
	r.Handle("GET "+Prefix+"/{collection}", fake.Session, http.HandlerFunc(h.list))
	r.Handle("POST "+Prefix+"/{collection}", fake.Session, http.HandlerFunc(h.create))
	r.Handle("GET "+Prefix+"/{collection}/{id}", fake.Session, http.HandlerFunc(h.get))
	r.Handle("POST "+Prefix+"/{collection}/{id}", fake.Session, http.HandlerFunc(h.update))
	r.Handle("GET "+Prefix+"/{collection}/{a}/{b}", fake.Session, http.HandlerFunc(h.sub))
	r.Handle("POST "+Prefix+"/{collection}/{a}/{b}", fake.Session, http.HandlerFunc(h.subPost))
	registerSiteLists(r, h)
	registerDeletes(r, h)
	registerCampaignActions(r, h)
	registerTargets(r, h)
	registerBatches(r, h)
	return st
}

type handler struct{ st *Store }

func (h *handler) coll(w http.ResponseWriter, r *http.Request) *collection {
	c := h.st.cols[r.PathValue("collection")]
	if c == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "no collection "+r.PathValue("collection"))
	}
	return c
}

// collAndID resolves the collection and id of /{collection}/{id},
// answering 404 or 400 itself when either is wrong.
func (h *handler) collAndID(w http.ResponseWriter, r *http.Request) (*collection, int64, bool) {
	c := h.coll(w, r)
	if c == nil {
		return nil, 0, false
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return nil, 0, false
	}
	return c, id, true
}

// readForm parses a create or update body of collection c, which must
// not carry id; a field the collection does not have is refused with a
// 400 naming it (spec 7), every unknown field at once.
func readForm(w http.ResponseWriter, r *http.Request, c *collection, idRule string) (url.Values, bool) {
	if !parseForm(w, r) {
		return nil, false
	}
	if _, ok := r.PostForm["id"]; ok {
		badRequest(w, r, "id", idRule)
		return nil, false
	}
	var unknown []wire.ErrorItem
	for _, k := range slices.Sorted(maps.Keys(r.PostForm)) {
		if !Accepts(c.name, k) {
			unknown = append(unknown, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	if len(unknown) > 0 {
		writeError(w, r, http.StatusBadRequest, "invalid", "unknown field "+unknown[0].Field, unknown...)
		return nil, false
	}
	return r.PostForm, true
}

// writeError answers as the platform does: in XML (asked for, or no
// Accept) <result><status code>message</status> with an <errors> element
// of <field-error name error/> for the items naming a field; in JSON the
// error envelope with meta.status the code word (not_found, invalid,
// auth_required, conflict, denied, error) and media type application/json.
func writeError(w http.ResponseWriter, r *http.Request, status int, code, message string, fields ...wire.ErrorItem) {
	if fake.WantsXML(r) {
		var fe []wire.FieldError
		for _, f := range fields {
			if f.Field != "" {
				fe = append(fe, wire.FieldError{Name: f.Field, Error: f.Message})
			}
		}
		wire.WriteXMLFieldErrors(w, status, code, message, fe...)
		return
	}
	items := append([]wire.ErrorItem{{Code: code, Message: message}}, fields...)
	wire.WriteJSONErrorStatus(w, status, code, items...)
}

func badRequest(w http.ResponseWriter, r *http.Request, field, msg string) {
	writeError(w, r, http.StatusBadRequest, "invalid", msg, wire.ErrorItem{Code: "invalid", Field: field, Message: msg})
}

func parseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

// writeOne writes one record in the requested form.
func writeOne(w http.ResponseWriter, r *http.Request, rec Record) {
	if fake.WantsXML(r) {
		e := xmlEntity(rec)
		wire.WriteXML(w, http.StatusOK, &wire.Result{CalledOn: nowString(), Entity: &e})
		return
	}
	wire.WriteJSON(w, http.StatusOK, wire.Meta{CalledOn: nowString(), Count: 1}, rec)
}

// writeMany writes a page in the requested form. The JSON meta carries,
// as the platform's does, an etag of the page and, when more records
// follow, next_page: the address of the next page.
func writeMany(w http.ResponseWriter, r *http.Request, recs []Record, offset, total int) {
	if fake.WantsXML(r) {
		es := make([]wire.Entity, len(recs))
		for i, rec := range recs {
			es[i] = xmlEntity(rec)
		}
		// As the platform writes it: count is the number of matches in
		// the whole list (not the page size), and there is no
		// total_count attribute.
		wire.WriteXML(w, http.StatusOK, &wire.Result{CalledOn: nowString(), Entities: &wire.Entities{
			Count: total, Start: offset, Entities: es}})
		return
	}
	if recs == nil {
		recs = []Record{}
	}
	meta := wire.Meta{CalledOn: nowString(), Count: len(recs), Offset: offset, TotalCount: total, ETag: etagOf(recs)}
	if next := offset + len(recs); len(recs) > 0 && next < total {
		meta.NextPage = nextPage(r, next)
	}
	writeJSONPage(w, meta, recs)
}

// etagOf fingerprints a page: the ids and versions of its records.
func etagOf(recs []Record) string {
	h := fnv.New64a()
	for _, rec := range recs {
		id, _ := render(rec["id"])
		v, _ := render(rec["version"])
		_, _ = io.WriteString(h, id+"/"+v+";")
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// nextPage returns the absolute address of the page starting at offset,
// the request's other parameters kept.
func nextPage(r *http.Request, offset int) string {
	q := r.URL.Query()
	q.Set("page_offset", strconv.Itoa(offset))
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	u := url.URL{Scheme: scheme, Host: r.Host, Path: r.URL.Path, RawQuery: q.Encode()}
	return u.String()
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	c, id, ok := h.collAndID(w, r)
	if !ok {
		return
	}
	v, err := parseView(r.URL.Query())
	if err != "" {
		badRequest(w, r, "with", err)
		return
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	rec := c.get(id)
	if rec == nil {
		writeError(w, r, http.StatusNotFound, "not_found", c.entityType+" "+strconv.FormatInt(id, 10)+" not found")
		return
	}
	v.fullByDefault = true
	writeOne(w, r, h.st.view(c, rec, v))
}

// sub serves /{collection}/limit/{rel}={id}, /{collection}/{id}/history
// and strategies/{id}/deals.
func (h *handler) sub(w http.ResponseWriter, r *http.Request) {
	c := h.coll(w, r)
	if c == nil {
		return
	}
	a, b := r.PathValue("a"), r.PathValue("b")
	if a == "limit" {
		rel, val, ok := strings.Cut(b, "=")
		id, idOK := parseID(val)
		if !ok || !idOK || rel == "" {
			badRequest(w, r, "limit", "limit must be {relation}={id}")
			return
		}
		h.listWith(w, r, c, &limit{segs: strings.Split(rel, "."), id: id})
		return
	}
	if b == "deals" && c.name == "strategies" {
		id, ok := parseID(a)
		if !ok {
			badRequest(w, r, "id", "id must be a positive integer")
			return
		}
		h.strategyDeals(w, r, c, id)
		return
	}
	if b != "history" {
		writeError(w, r, http.StatusNotFound, "not_found", "no such path")
		return
	}
	id, ok := parseID(a)
	if !ok {
		badRequest(w, r, "id", "id must be a positive integer")
		return
	}
	if noHistory[c.name] {
		writeError(w, r, http.StatusNotFound, "not_found", c.name+" have no history")
		return
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	if c.get(id) == nil {
		writeError(w, r, http.StatusNotFound, "not_found", c.entityType+" "+a+" not found")
		return
	}
	entries := h.st.history[c.name+"/"+a]
	out := make([]Record, len(entries))
	for i, e := range entries {
		out[i] = deepCopy(e)
	}
	writeMany(w, r, out, 0, len(out))
}

type limit struct {
	segs []string
	id   int64
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	c := h.coll(w, r)
	if c == nil {
		return
	}
	h.listWith(w, r, c, nil)
}

func (h *handler) listWith(w http.ResponseWriter, r *http.Request, c *collection, lim *limit) {
	qv := r.URL.Query()
	win, p := paging.Read(qv)
	if p != nil {
		badRequest(w, r, p.Field, p.Message)
		return
	}
	pageLimit, offset := win.Limit, win.Offset
	q, p := fake.ParseQ(qv.Get("q"), nil, "")
	if p != nil {
		badRequest(w, r, p.Field, p.Message)
		return
	}
	v, verr := parseView(qv)
	if verr != "" {
		badRequest(w, r, "with", verr)
		return
	}
	var sortKeys []string
	if s := qv.Get("sort_by"); s != "" {
		sortKeys = strings.Split(s, ",")
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	if lim != nil && !h.st.validRelation(c, lim.segs) {
		badRequest(w, r, "limit", "unknown relation "+strings.Join(lim.segs, "."))
		return
	}
	if lim == nil && q == nil && len(sortKeys) == 0 {
		// Every record, in order: no need to gather them first.
		page, total := c.recs.Window(offset, pageLimit)
		out := make([]Record, 0, len(page))
		for _, rec := range page {
			out = append(out, h.st.listView(c, rec, v))
		}
		writeMany(w, r, out, offset, total)
		return
	}
	ids := c.ids()
	matched := make([]Record, 0, min(len(ids), 1024))
	for _, id := range ids {
		rec := c.get(id)
		if lim != nil && !h.st.related(c, rec, lim.segs, lim.id) {
			continue
		}
		if q != nil && !qmatch.Match(q, qrec(rec)) {
			continue
		}
		matched = append(matched, rec)
	}
	if len(sortKeys) > 0 {
		slices.SortStableFunc(matched, func(a, b Record) int {
			for _, k := range sortKeys {
				desc := strings.HasPrefix(k, "-")
				k = strings.TrimPrefix(k, "-")
				c := compareValues(a[k], b[k])
				if desc {
					c = -c
				}
				if c != 0 {
					return c
				}
			}
			return 0
		})
	}
	total := len(matched)
	start := min(offset, total)
	end := min(start+pageLimit, total)
	out := make([]Record, 0, end-start)
	for _, rec := range matched[start:end] {
		out = append(out, h.st.listView(c, rec, v))
	}
	writeMany(w, r, out, offset, total)
}

func compareValues(a, b any) int {
	sa, _ := render(a)
	sb, _ := render(b)
	fa, ea := strconv.ParseFloat(sa, 64)
	fb, eb := strconv.ParseFloat(sb, 64)
	if ea == nil && eb == nil {
		return cmp.Compare(fa, fb)
	}
	return strings.Compare(sa, sb)
}

// qrec adapts a stored record to qmatch.Record.
type qrec Record

func (q qrec) Field(name string) (string, bool) { return render(q[name]) }

func (q qrec) ID() int64 { id, _ := toInt(q["id"]); return id }

func (q qrec) Strings() []string {
	var out []string
	for _, v := range q {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func nowString() string { return wirefmt.FormatTime(time.Now().UTC()) }
