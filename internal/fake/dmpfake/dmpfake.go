// Package dmpfake is the in-process fake of group F (audience segments
// v2.0, prefix /dmp/v2.0, deprecated) served by adama/adamatest:
// permissioned taxonomies created and updated as whole trees, lists with
// q (== and =: only), grants per vendor. It answers in the group's wire
// form (meta.status "success", 201 on create and 202 on update,
// visibility left out for permissioned taxonomies) and enforces the
// group's rules: names HTML-entity-encoded ASCII of at most 255
// characters, unique codes, use_hash for codes that are not 32-bit
// integers, ids of kept nodes known. It does not import package dmp.
package dmpfake

//go:generate go run ../../cmd/apigen -group dmp -fake dmpfake

import (
	"fmt"
	"html"
	"maps"
	"math"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/qlang"
)

// Prefix is the group's path prefix.
const Prefix = "/dmp/v2.0"

// DefaultRevenueShare is the vendors' revenue share in percent: a node's
// wholesale CPM is its retail CPM times this share.
const DefaultRevenueShare = 50

// Record is one stored taxonomy as its JSON object.
type Record = fake.Doc

// grant is what one vendor may share taxonomies with.
type grant struct {
	vendor int64
	doc    Record
}

// Store holds the group's state; it is safe for concurrent use. Node and
// taxonomy ids come from one sequence.
type Store struct {
	mu     sync.Mutex // held around checks and writes that span records
	seq    *fake.Seq
	taxa   *fake.Collection[int64, Record]
	grants *fake.Collection[int64, grant]
	now    time.Time
}

// NewStore returns an empty store.
func NewStore() *Store {
	seq := fake.NewSeq(100000)
	return &Store{seq: seq, taxa: fake.NewCollection(fake.DocKind("taxonomy", "taxonomy_id", "", seq)),
		grants: fake.NewCollection(fake.Kind[int64, grant]{Name: "grant",
			Clone:  func(g grant) grant { g.doc = fake.CloneDoc(g.doc); return g },
			Key:    func(g grant) int64 { return g.vendor },
			SetKey: func(g grant, v int64) grant { g.vendor = v; return g }}),
		now: time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)}
}

// Register plugs the group's handlers into r, one per operation of the
// group's description, and returns their store.
func Register(r fake.Registrar) *Store {
	st := NewStore()
	h := &handler{st: st}
	fake.RegisterErrors(r, Prefix, envelope.ErrorWriter())
	routes(h).Serve(r, Prefix, fake.Session)
	return st
}

// envelope is the group's error form, the JSON error envelope.
var envelope fake.Envelope = fake.JSONEnvelope

type handler struct{ st *Store }

func bad(w http.ResponseWriter, field, msg string) {
	fake.WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Message: msg, Field: field})
}

func writeOne(w http.ResponseWriter, status int, rec Record) {
	fake.WriteData(w, status, rec, map[string]any{"status": "success"})
}

func num(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), x == math.Trunc(x)
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil
	}
	return 0, false
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }

func list(v any) []any { l, _ := v.([]any); return l }

func clone(r Record) Record { return fake.CloneDoc(r) }

// checkName applies the name rules to the wire text.
func checkName(field, name string) error {
	if name == "" {
		return fmt.Errorf("%s: name is required", field)
	}
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return fmt.Errorf("%s: names must be sent as ASCII with HTML entities", field)
		}
	}
	if utf8.RuneCountInString(html.UnescapeString(name)) > 255 {
		return fmt.Errorf("%s: Segment name values should not exceed 255 characters", field)
	}
	return nil
}

func isInt32(code string) bool {
	n, err := strconv.ParseInt(code, 10, 64)
	return err == nil && n >= math.MinInt32 && n <= math.MaxInt32
}

// prepare checks the tree under root and fills ids and wholesale CPMs.
// known holds the ids of the taxonomy's current nodes (nil on create).
func (s *Store) prepare(body Record, known map[int64]bool) (string, error) {
	root := mapOf(body["taxonomy"])
	if root == nil {
		return "taxonomy", fmt.Errorf("taxonomy is required")
	}
	if err := checkName("taxonomy.name", str(root["name"])); err != nil {
		return "taxonomy.name", err
	}
	if list(root["children"]) == nil {
		return "taxonomy.children", fmt.Errorf("taxonomy.children is required")
	}
	useHash, _ := body["use_hash"].(bool)
	codes := map[string]bool{}
	share := new(big.Rat).SetFrac64(DefaultRevenueShare, 100)
	var walk func(path string, n map[string]any, root bool) (string, error)
	walk = func(path string, n map[string]any, isRoot bool) (string, error) {
		if id, ok := num(n["id"]); ok && n["id"] != nil {
			if known == nil || !known[id] {
				return path + ".id", fmt.Errorf("%s.id: node %d is not in this taxonomy", path, id)
			}
		} else {
			n["id"] = float64(s.seq.Next())
		}
		if !isRoot {
			if err := checkName(path+".name", str(n["name"])); err != nil {
				return path + ".name", err
			}
			buyable, _ := n["buyable"].(bool)
			code := str(n["code"])
			if buyable && (code == "" || n["retail_cpm"] == nil) {
				return path, fmt.Errorf("%s: a buyable segment needs code and retail_cpm", path)
			}
			if code != "" {
				if codes[code] {
					return path + ".code", fmt.Errorf("%s.code: duplicate segment code %s", path, code)
				}
				codes[code] = true
				if !useHash && !isInt32(code) {
					return "use_hash", fmt.Errorf("segment code %q is not a 32-bit integer: use_hash must be true", code)
				}
				n["code"] = code
			}
			if rc, ok := n["retail_cpm"]; ok && rc != nil {
				r, ok := new(big.Rat).SetString(str(rc))
				if !ok || r.Sign() < 0 {
					return path + ".retail_cpm", fmt.Errorf("%s.retail_cpm is invalid", path)
				}
				wf, _ := new(big.Rat).Mul(r, share).Float64()
				n["wholesale_cpm"] = wf
			}
			if n["children"] == nil {
				n["children"] = []any{}
			}
		}
		for i, c := range list(n["children"]) {
			cm := mapOf(c)
			if cm == nil {
				return path, fmt.Errorf("%s.children[%d] is not a node", path, i)
			}
			if f, err := walk(fmt.Sprintf("%s.children[%d]", path, i), cm, false); err != nil {
				return f, err
			}
		}
		return "", nil
	}
	return walk("taxonomy", root, true)
}

func ids(root map[string]any) map[int64]bool {
	out := map[int64]bool{}
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if id, ok := num(n["id"]); ok {
			out[id] = true
		}
		for _, c := range list(n["children"]) {
			if m := mapOf(c); m != nil {
				walk(m)
			}
		}
	}
	if root != nil {
		walk(root)
	}
	return out
}

// answer is the single-taxonomy answer: visibility left out for
// permissioned taxonomies.
func answer(t Record) Record {
	out := clone(t)
	if str(out["visibility"]) != "GLOBAL" {
		delete(out, "visibility")
	}
	return out
}

func (h *handler) createTaxonomy(w http.ResponseWriter, r *http.Request) {
	var body Record
	if !fake.ReadJSON(w, r, &body) {
		return
	}
	if body == nil || mapOf(body["permissions"]) == nil {
		bad(w, "permissions", "permissions is required")
		return
	}
	vendor, ok := num(body["vendor_id"])
	if !ok || vendor <= 0 {
		bad(w, "vendor_id", "vendor_id is required")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	if f, err := h.st.prepare(body, nil); err != nil {
		bad(w, f, err.Error())
		return
	}
	now := h.st.now.Format(time.RFC3339)
	t := Record{"audience_vendor_id": float64(vendor + 1000), "vendor_id": float64(vendor),
		"revenue_share_pct": float64(DefaultRevenueShare), "permissions": body["permissions"], "taxonomy": body["taxonomy"],
		"created_on": now, "updated_on": now, "created_by": nil, "updated_by": float64(1), "visibility": "RESTRICTED"}
	if v, ok := body["use_hash"]; ok {
		t["use_hash"] = v
	}
	writeOne(w, http.StatusCreated, answer(h.st.taxa.Add(t)))
}

func (h *handler) taxonomy(w http.ResponseWriter, r *http.Request) (int64, Record, bool) {
	id, err := strconv.ParseInt(r.PathValue("taxonomy_id"), 10, 64)
	if err != nil || id <= 0 {
		bad(w, "taxonomy_id", "taxonomy_id must be a positive integer")
		return 0, nil, false
	}
	t, ok := h.st.taxa.Get(id)
	if !ok {
		fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: fmt.Sprintf("taxonomy %d not found", id)})
		return 0, nil, false
	}
	return id, t, true
}

func (h *handler) getTaxonomy(w http.ResponseWriter, r *http.Request) {
	if _, t, ok := h.taxonomy(w, r); ok {
		writeOne(w, http.StatusOK, answer(t))
	}
}

func (h *handler) updateTaxonomy(w http.ResponseWriter, r *http.Request) {
	var body Record
	if !fake.ReadJSON(w, r, &body) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, t, ok := h.taxonomy(w, r)
	if !ok {
		return
	}
	if av, ok := num(body["audience_vendor_id"]); !ok || av != mustNum(t["audience_vendor_id"]) {
		bad(w, "audience_vendor_id", "audience_vendor_id is required and must be the taxonomy's")
		return
	}
	if f, err := h.st.prepare(body, ids(mapOf(t["taxonomy"]))); err != nil {
		bad(w, f, err.Error())
		return
	}
	for k, v := range body {
		switch k {
		case "taxonomy_id", "audience_vendor_id", "created_on", "created_by", "revenue_share_pct", "visibility":
			continue
		}
		t[k] = v
	}
	t["updated_on"] = h.st.now.Add(time.Minute).Format(time.RFC3339)
	t, _ = h.st.taxa.Update(id, nil, t)
	writeOne(w, http.StatusAccepted, answer(t))
}

// summary is a taxonomy as the list shows it: the root without children.
func summary(t Record) Record {
	root := mapOf(t["taxonomy"])
	s := Record{"id": root["id"], "name": root["name"]}
	if d, ok := root["description"]; ok {
		s["description"] = d
	}
	out := Record{"taxonomy": s}
	for _, k := range []string{"audience_vendor_id", "created_by", "created_on", "revenue_share_pct", "taxonomy_id", "updated_by", "updated_on", "visibility"} {
		out[k] = t[k]
	}
	return out
}

type qrec struct{ t Record }

// Field gives q the taxonomy's name, visibility and ids.
func (q qrec) Field(name string) (string, bool) {
	root := mapOf(q.t["taxonomy"])
	switch name {
	case "name":
		return html.UnescapeString(str(root["name"])), true
	case "visibility":
		return str(q.t["visibility"]), true
	case "taxonomy_id", "audience_vendor_id", "vendor_id":
		return str(q.t[name]), q.t[name] != nil
	}
	return "", false
}

// ID is the taxonomy id.
func (q qrec) ID() int64 { n, _ := num(q.t["taxonomy_id"]); return n }

// Strings is the name, for text search.
func (q qrec) Strings() []string { v, _ := q.Field("name"); return []string{v} }

func (h *handler) listTaxonomies(w http.ResponseWriter, r *http.Request) {
	query, p := fake.ParseQ(r.URL.Query().Get("q"), func(p qlang.Predicate) bool { return p.Op == qlang.Eq || p.Op == qlang.Like },
		"operators are == (equal) and =: (like) only")
	if p != nil {
		envelope(w, r, p)
		return
	}
	out := []Record{}
	for _, t := range h.st.taxa.Find(fake.Query[Record]{Keep: func(t Record) bool { return qmatch.Match(query, qrec{t}) }}) {
		out = append(out, summary(t))
	}
	fake.WriteData(w, http.StatusOK, out, map[string]any{"status": "success", "total_count": len(out)})
}

func (h *handler) getGrants(w http.ResponseWriter, r *http.Request) {
	vendor, err := strconv.ParseInt(r.PathValue("vendor_id"), 10, 64)
	if err != nil || vendor <= 0 {
		bad(w, "vendor_id", "vendor_id must be a positive integer")
		return
	}
	g, ok := h.st.grants.Get(vendor)
	if !ok {
		g.doc = Record{"organizations": []any{}, "agencies": []any{}, "advertisers": []any{}}
	}
	writeOne(w, http.StatusOK, g.doc)
}

// ---- seeding and inspection, for adamatest's handle ----

// SetGrants sets the entities vendor may grant to; each map is id -> name.
func (s *Store) SetGrants(vendor int64, orgs, agencies, advertisers map[int64]string) {
	conv := func(m map[int64]string) []any {
		out := []any{}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			out = append(out, Record{"id": float64(k), "name": m[k]})
		}
		return out
	}
	s.grants.Put(grant{vendor, Record{"organizations": conv(orgs), "agencies": conv(agencies), "advertisers": conv(advertisers)}})
}

// Taxonomies is the store's collection of taxonomies, each as its JSON
// object (names as the platform keeps them, HTML-entity-encoded), keyed by
// taxonomy_id; writes through it skip the group's rules.
func (s *Store) Taxonomies() *fake.Collection[int64, Record] { return s.taxa }

// Fill fills the server's fields of a taxonomy seeded without the
// group's rules, as a create would: node ids, the vendor object's id, the
// revenue share, the dates and RESTRICTED visibility, where t has none.
func (s *Store) Fill(t Record) Record {
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if n["id"] == nil {
			n["id"] = float64(s.seq.Next())
		}
		for _, c := range list(n["children"]) {
			if m := mapOf(c); m != nil {
				walk(m)
			}
		}
	}
	if root := mapOf(t["taxonomy"]); root != nil {
		walk(root)
	}
	now := s.now.Format(time.RFC3339)
	vendor, _ := num(t["vendor_id"])
	for k, v := range map[string]any{"audience_vendor_id": float64(vendor + 1000), "revenue_share_pct": float64(DefaultRevenueShare),
		"created_on": now, "updated_on": now, "updated_by": float64(1), "visibility": "RESTRICTED"} {
		if t[k] == nil {
			t[k] = v
		}
	}
	return t
}

// NodeCount returns how many nodes taxonomy id holds (root included).
func (s *Store) NodeCount(id int64) int {
	t, ok := s.taxa.Get(id)
	if !ok {
		return 0
	}
	return len(ids(mapOf(t["taxonomy"])))
}

// SetVisibility makes taxonomy id GLOBAL or RESTRICTED.
func (s *Store) SetVisibility(id int64, v string) bool {
	return s.taxa.Edit(id, false, func(t Record) Record { t["visibility"] = strings.ToUpper(v); return t })
}

func mustNum(v any) int64 { n, _ := num(v); return n }
