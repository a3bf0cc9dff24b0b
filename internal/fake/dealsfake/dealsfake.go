// Package dealsfake is the in-process fake of group E (marketplaces v1.0,
// prefix /deals/v1.0) served by adama/adamatest: deals, deal groups,
// publishers, channels, the bulk deal calls, deal analytics and the
// strategy links, answering in the group's wire form (the data/meta
// envelope, prices as strings with four decimals, channels as a bare
// array, analytics channel and publisher ids as strings) and enforcing the
// group's rules server-side. It does not import package deals.
package dealsfake

//go:generate go run ../../cmd/apigen -group deals -fake dealsfake

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
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
type Record = fake.Doc

// Store holds the group's state; it is safe for concurrent use. Deals,
// deal groups and publishers draw their ids from one sequence.
type Store struct {
	mu         sync.Mutex // held around checks and writes that span records
	deals      *fake.Collection[int64, Record]
	groups     *fake.Collection[int64, Record]
	publishers *fake.Collection[int64, Record]
	strategies map[int64][]int64 // deal id -> strategy ids (guarded by mu)
	groupStrat map[int64][]int64 // group id -> strategy ids (guarded by mu)
	now        func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store {
	seq := fake.NewSeq(1000)
	return &Store{
		deals:      fake.NewCollection(fake.DocKind("deal", "id", "version", seq)),
		groups:     fake.NewCollection(fake.DocKind("deal group", "id", "", seq)),
		publishers: fake.NewCollection(fake.DocKind("publisher", "id", "", seq)),
		strategies: map[int64][]int64{}, groupStrat: map[int64][]int64{},
		now: func() time.Time { return time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) }}
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

// paging is the group's page form.
var paging = fake.Paging{LimitParam: "page_limit", OffsetParam: "page_offset", Default: MaxPageLimit, Max: MaxPageLimit}

func bad(w http.ResponseWriter, field, msg string) {
	fake.WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Message: msg, Field: field})
}

func notFound(w http.ResponseWriter, what string, id int64) {
	fake.WriteErrors(w, http.StatusNotFound, wire.ErrorItem{Code: "not_found", Message: fmt.Sprintf("%s %d not found", what, id)})
}

type handler struct{ st *Store }

// find returns a copy of the record of m the path's {id} names,
// answering 400 for a bad id and 404 for a missing or deleted record.
func (h *handler) find(w http.ResponseWriter, r *http.Request, m *fake.Collection[int64, Record], what string) (int64, Record, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return 0, nil, false
	}
	rec, found := m.Get(id)
	if !found || rec["deleted_on"] != nil {
		notFound(w, what, id)
		return 0, nil, false
	}
	return id, rec, true
}

// get answers GET .../{id} with a copy of the record of m.
func (h *handler) get(w http.ResponseWriter, r *http.Request, m *fake.Collection[int64, Record], what string) {
	if _, rec, ok := h.find(w, r, m, what); ok {
		writeOne(w, http.StatusOK, rec)
	}
}

// ---- store helpers ----

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

func num(v any) (int64, bool) { return fake.Int(v) }

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

func clone(r Record) Record { return fake.CloneDoc(r) }

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
func page(w http.ResponseWriter, r *http.Request) (fake.Window, bool) {
	win, p := paging.Read(r.URL.Query())
	if p != nil {
		envelope(w, r, p)
		return fake.Window{}, false
	}
	return win, true
}

// writeList answers a page of recs with the list metadata.
func writeList(w http.ResponseWriter, recs []Record, win fake.Window) {
	pageRecs := fake.Page(recs, win)
	fake.WriteData(w, http.StatusOK, pageRecs, map[string]any{"status": "ok", "count": len(pageRecs), "offset": win.Offset, "total_count": len(recs)})
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

// find lists the records of c keep keeps, ordered by sort_by and
// sort_dir.
func find(c *fake.Collection[int64, Record], q url.Values, keep func(Record) bool) []Record {
	return c.Find(fake.Query[Record]{Keep: keep, Order: fake.DocOrder(q.Get("sort_by"), "id", byPrice),
		Desc: strings.EqualFold(q.Get("sort_dir"), "DESC")})
}

// byPrice orders deals by price, exactly.
var byPrice = map[string]func(a, b Record) int{"price": func(a, b Record) int {
	x, _ := new(big.Rat).SetString(str(mapOf(a["price"])["value"]))
	y, _ := new(big.Rat).SetString(str(mapOf(b["price"])["value"]))
	if x != nil && y != nil {
		return x.Cmp(y)
	}
	return 0
}}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

type wireItem = wire.ErrorItem
