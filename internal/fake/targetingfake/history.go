package targetingfake

import (
	"cmp"
	"net/http"
	"slices"
	"sync"

	"github.com/adamasdk/adama-go/internal/wire"
)

// changeLog is the store's one audit log: the changes of every record of
// every family, keyed by collection and id. Its lock is its own and taken
// last, so a change may be logged with or without the store's lock held.
type changeLog struct {
	mu      sync.Mutex
	entries map[historyKey][]map[string]any
}

// historyKey names the log of one record: the collection (or a log kept
// beside it, such as a campaign's budget flights) and the record's id.
type historyKey struct {
	coll string
	id   int64
}

// logNames are the "collection" an entry names where it differs from the
// store's collection.
var logNames = map[string]string{Permissions: "users", NewStrategyGroups: "strategy_groups"}

// newestFirst are the logs answered newest change first (the campaigns'
// family); the others are answered in order of change.
var newestFirst = map[string]bool{Campaigns: true, Concepts: true, Contracts: true, budgetFlightLog: true}

// logChange appends a change of record id of coll to the store's history:
// the fields that changed between before and after (changedFields, with
// skip left out).
func (s *Store) logChange(coll string, id int64, action string, before, after map[string]any, skip ...string) {
	entry := map[string]any{
		"action": action, "date": now(), "fields": changedFields(before, after, skip...), "user_name": "test-user", "user_id": 1,
		"collection": cmp.Or(logNames[coll], coll), "entity_id": id, "tool_name": "api",
	}
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	if s.log.entries == nil {
		s.log.entries = map[historyKey][]map[string]any{}
	}
	k := historyKey{coll, id}
	s.log.entries[k] = append(s.log.entries[k], entry)
}

// changes returns the changes of the records ids of coll, by id, each
// record's in its log's order.
func (s *Store) changes(coll string, ids ...int64) []map[string]any {
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	var out []map[string]any
	for _, id := range ids {
		e := slices.Clone(s.log.entries[historyKey{coll, id}])
		if newestFirst[coll] {
			slices.Reverse(e)
		}
		out = append(out, e...)
	}
	return out
}

// serveHistory answers GET .../{id}/history: a page of the changes of
// record {id} of coll, read from log (coll's own, or one kept beside it
// under the record's id); 404 when coll lacks the record.
func (s *Store) serveHistory(w http.ResponseWriter, r *http.Request, coll, log string) {
	id, limit, offset, ok := pagedID(w, r)
	if !ok {
		return
	}
	if c := s.colls[coll]; c == nil || !c.Has(id) {
		notFound(w, entityTypes[coll], id)
		return
	}
	writePage(w, r, s.changes(log, id), limit, offset)
}

// serveAuditLog answers POST /audit_log/{coll}: a page of the changes of
// the records of coll whose ids the body's "id" lists, by id.
func (s *Store) serveAuditLog(w http.ResponseWriter, r *http.Request, coll string) {
	var errs []wire.ErrorItem
	limit, offset := paging(r.URL.Query(), &errs)
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	unknownFields(body, "", []string{"id"}, &errs)
	ids, present := idList(body, "id", &errs)
	if !present || (len(ids) == 0 && len(errs) == 0) {
		errs = append(errs, invalid("id", "is required: at least one id"))
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	writePage(w, r, s.changes(coll, ids...), limit, offset)
}
