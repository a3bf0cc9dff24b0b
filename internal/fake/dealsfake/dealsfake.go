// Package dealsfake is the in-process fake of group E (marketplaces v1.0,
// prefix /deals/v1.0) served by adama/adamatest: deals, deal groups,
// publishers, channels, the bulk deal calls, deal analytics and the
// strategy links, answering in the group's wire form (the data/meta
// envelope, prices as strings with four decimals, channels as a bare
// array, analytics channel and publisher ids as strings) and enforcing the
// group's rules server-side. It does not import package deals.
package dealsfake

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Prefix is the group's path prefix.
const Prefix = "/deals/v1.0"

// MaxPageLimit is the largest page_limit the group accepts.
const MaxPageLimit = 100

// MaxBulk is the most deals one bulk call takes.
const MaxBulk = 1000

// Record is one stored record as its JSON object.
type Record = map[string]any

// Store holds the group's state; it is safe for concurrent use.
type Store struct {
	mu         sync.Mutex
	next       int64
	deals      map[int64]Record
	groups     map[int64]Record
	publishers map[int64]Record
	strategies map[int64][]int64 // deal id -> strategy ids
	groupStrat map[int64][]int64 // group id -> strategy ids
	now        func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{next: 1000, deals: map[int64]Record{}, groups: map[int64]Record{}, publishers: map[int64]Record{},
		strategies: map[int64][]int64{}, groupStrat: map[int64][]int64{},
		now: func() time.Time { return time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) }}
}

// Register plugs the group's handlers into r and returns their store.
func Register(r fake.Registrar) *Store {
	st := NewStore()
	h := &handler{st: st}
	fake.RegisterErrors(r, Prefix, writeError)
	for _, rt := range []struct {
		pattern string
		fn      http.HandlerFunc
	}{
		{"GET /deals", h.listDeals},
		{"POST /deals", h.createDeal},
		{"GET /deals/{id}", h.getDeal},
		{"POST /deals/{id}", h.updateDeal},
		{"GET /deals/{id}/strategy_deals", h.strategyDeals},
		{"POST /deal_analytics", h.analytics},
		{"GET /deal_groups", h.listGroups},
		{"POST /deal_groups", h.createGroup},
		{"GET /deal_groups/{id}", h.getGroup},
		{"POST /deal_groups/{id}", h.updateGroup},
		{"GET /deal_groups/{id}/strategy_deal_groups", h.strategyGroups},
		{"GET /publishers", h.listPublishers},
		{"POST /publishers", h.createPublisher},
		{"GET /publishers/{id}", h.getPublisher},
		{"POST /publishers/{id}", h.updatePublisher},
		{"DELETE /publishers/{id}", h.deletePublisher},
		{"POST /bulk_create/publishers", h.bulkPublishers},
		{"GET /channels", h.channels},
		{"PUT /bulk_update/deals", h.bulk("update")},
		{"POST /bulk_create/deals", h.bulk("create")},
		{"POST /bulk/deals", h.bulk("mixed")},
	} {
		method, path, _ := strings.Cut(rt.pattern, " ")
		r.Handle(method+" "+Prefix+path, fake.Session, rt.fn)
	}
	return st
}

// writeError writes the group's JSON error envelope.
func writeError(w http.ResponseWriter, _ *http.Request, status int, code, message string) {
	fake.WriteErrors(w, status, wire.ErrorItem{Code: code, Message: message})
}

func bad(w http.ResponseWriter, field, msg string) {
	fake.WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Message: msg, Field: field})
}

func notFound(w http.ResponseWriter, what string, id int64) {
	fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: fmt.Sprintf("%s %d not found", what, id)})
}

type handler struct{ st *Store }

// find returns the record of m the path's {id} names (callers hold mu),
// answering 400 for a bad id and 404 for a missing or deleted record.
func (h *handler) find(w http.ResponseWriter, r *http.Request, m map[int64]Record, what string) (int64, Record, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return 0, nil, false
	}
	rec, found := m[id]
	if !found || rec["deleted_on"] != nil {
		notFound(w, what, id)
		return 0, nil, false
	}
	return id, rec, true
}

// get answers GET .../{id} with a copy of the record of m.
func (h *handler) get(w http.ResponseWriter, r *http.Request, m map[int64]Record, what string) {
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	if _, rec, ok := h.find(w, r, m, what); ok {
		writeOne(w, http.StatusOK, clone(rec))
	}
}

// ---- store helpers (callers hold mu) ----

func (s *Store) id() int64 { s.next++; return s.next }

func (s *Store) stamp() string { return s.now().Format("2006-01-02T15:04:05-07:00") }

// Channels are the platform's channels.
var channelNames = []string{"Display", "Mobile Web", "Mobile In-app", "Video", "Audio", "CTV", "DOOH"}

func channel(id int64) Record {
	if id < 1 || int(id) > len(channelNames) {
		return nil
	}
	return Record{"id": id, "name": channelNames[id-1], "pos": id,
		"created_on": "2020-07-20T11:13:55.015407+00:00", "updated_on": "2020-07-20T11:13:55.015407+00:00"}
}

// ---- values ----

func num(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		if x == float64(int64(x)) {
			return int64(x), true
		}
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	case int64:
		return x, true
	case int:
		return int64(x), true
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil
	}
	return 0, false
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func ids(v any) ([]int64, bool) {
	arr, ok := v.([]any)
	if !ok {
		return nil, v == nil
	}
	out := make([]int64, 0, len(arr))
	for _, x := range arr {
		n, ok := num(x)
		if !ok {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

func clone(r Record) Record {
	b, _ := json.Marshal(r)
	var out Record
	_ = json.Unmarshal(b, &out)
	return out
}

func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		bad(w, "id", "id must be a positive integer")
		return 0, false
	}
	return id, true
}

func readBody(w http.ResponseWriter, r *http.Request) (Record, bool) {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		bad(w, "", "Request must be in JSON format")
		return nil, false
	}
	var body Record
	if !fake.ReadJSON(w, r, &body) {
		return nil, false
	}
	if body == nil {
		bad(w, "", "The request is invalid!")
		return nil, false
	}
	return body, true
}

// page reads page_limit and page_offset.
func page(w http.ResponseWriter, q url.Values) (limit, offset int, ok bool) {
	limit, offset = MaxPageLimit, 0
	if s := q.Get("page_limit"); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil || n < 0:
			bad(w, "page_limit", "'page_limit' parameter cannot be less than 0")
			return 0, 0, false
		case n > MaxPageLimit:
			bad(w, "page_limit", "'page_limit' parameter cannot be greater than 100")
			return 0, 0, false
		}
		limit = n
	}
	if s := q.Get("page_offset"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			bad(w, "page_offset", "'page_offset' parameter cannot be less than 0")
			return 0, 0, false
		}
		offset = n
	}
	return limit, offset, true
}

// writeList answers a page of recs with the list metadata.
func writeList(w http.ResponseWriter, recs []Record, limit, offset int) {
	total := len(recs)
	start := min(offset, total)
	end := min(start+limit, total)
	pageRecs := recs[start:end]
	if pageRecs == nil {
		pageRecs = []Record{}
	}
	fake.WriteData(w, http.StatusOK, pageRecs, map[string]any{"status": "ok", "count": len(pageRecs), "offset": offset, "total_count": total})
}

func writeOne(w http.ResponseWriter, status int, rec Record) {
	fake.WriteData(w, status, rec, map[string]any{"status": "ok"})
}

func queryIDs(q url.Values, key string) (map[int64]bool, bool) {
	s := q.Get(key)
	if s == "" {
		return nil, true
	}
	out := map[int64]bool{}
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || n < 1 || n > 2147483647 {
			return nil, false
		}
		out[n] = true
	}
	return out, true
}

// formatPrice writes a price value with four decimals as the platform
// does ("1.3000").
func formatPrice(v any) (string, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		s = x.String()
	default:
		return "", false
	}
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok {
		return "", false
	}
	return r.FloatString(4), true
}

func sortRecs(recs []Record, by, dir string) {
	slices.SortStableFunc(recs, func(a, b Record) int {
		var c int
		switch by {
		case "", "id":
			x, _ := num(a["id"])
			y, _ := num(b["id"])
			c = cmp.Compare(x, y)
		case "price":
			x, _ := new(big.Rat).SetString(str(mapOf(a["price"])["value"]))
			y, _ := new(big.Rat).SetString(str(mapOf(b["price"])["value"]))
			if x != nil && y != nil {
				c = x.Cmp(y)
			}
		default:
			c = cmp.Compare(fmt.Sprint(a[by]), fmt.Sprint(b[by]))
		}
		if strings.EqualFold(dir, "DESC") {
			c = -c
		}
		return c
	})
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

type wireItem = wire.ErrorItem
