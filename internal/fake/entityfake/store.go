package entityfake

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Record is one stored entity: its JSON object with typed values (int64,
// bool, string, json.Number, money as []any of {currency_code, value},
// nested objects and arrays).
type Record = map[string]any

// collection is one collection of the fake, kept in the fake core's
// store: records held in place (the handlers change them under the
// Store's lock), listed in id order, ids drawn from seq.
type collection struct {
	name, entityType string
	recs             *fake.Collection[int64, Record]
	seq              *fake.Seq
}

func newCollection(name, entityType string) *collection {
	return &collection{name: name, entityType: entityType, seq: fake.NewSeq(0),
		recs: fake.NewCollection(fake.Kind[int64, Record]{
			Name:    entityType,
			Compare: cmp.Compare[int64],
			Key:     func(r Record) int64 { return toInt64(r["id"]) },
			SetKey:  func(r Record, id int64) Record { r["id"] = id; return r },
			// Versions start at 0 (Insert) and an update sends the one it
			// read; the 409 says both.
			Version:    func(r Record) int64 { return toInt64(r["version"]) },
			SetVersion: func(r Record, v int64) Record { r["version"] = v; return r },
			Stale: func(sent, cur int64) string {
				return "version conflict: sent " + strconv.FormatInt(sent, 10) + ", current is " + strconv.FormatInt(cur, 10)
			},
		})}
}

// stale reports whether sent is not the version of the record under id
// (the store's version check; callers hold the Store's lock).
func (c *collection) stale(id, sent int64) bool {
	p := c.recs.Fresh(id, &sent)
	return p != nil && p.Status == http.StatusConflict
}

// get returns the stored record under id (nil when absent), not a copy.
func (c *collection) get(id int64) Record { r, _ := c.recs.Get(id); return r }

// put stores rec under id.
func (c *collection) put(id int64, rec Record) {
	if _, ok := rec["id"]; !ok {
		rec["id"] = id
	}
	c.recs.Put(rec)
}

// del removes the record under id.
func (c *collection) del(id int64) { c.recs.Delete(id) }

// ids returns the ids in ascending order.
func (c *collection) ids() []int64 { return c.recs.Keys() }

// all returns the stored records in id order, not copies.
func (c *collection) all() []Record { return c.recs.All() }

// Store holds every collection of the fake. It is safe for concurrent use.
type Store struct {
	mu      sync.RWMutex
	cols    map[string]*collection
	history map[string][]Record // "collection/id" -> entries
	histID  int64
	now     func() time.Time
	// lists is the site lists' state: the site_lists collection's
	// records, their sites and assignments (sitelists.go).
	lists *fake.SiteLists

	// targets.go: each strategy's strategy_target records and its
	// uploaded postal codes; permissions.go: each user's permitted ids
	// by collection.
	targets   map[int64][]Record
	postcodes map[int64][]string
	perms     map[int64]map[string][]int64

	// batches.go: the creative and creative asset upload batches.
	batches  map[string]*batch
	batchSeq int
	assetSeq int64
}

// NewStore returns an empty store with every collection.
func NewStore() *Store {
	s := &Store{cols: map[string]*collection{}, history: map[string][]Record{}, now: func() time.Time { return time.Now().UTC().Truncate(time.Second) }}
	for c, t := range collections {
		s.cols[c] = newCollection(c, t)
	}
	s.lists = newSiteListState(s.cols["site_lists"])
	return s
}

// Collections returns the collection names the store serves.
func (s *Store) Collections() []string {
	out := make([]string, 0, len(s.cols))
	for c := range s.cols {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Insert stores rec in collection as is (id assigned when absent or 0,
// version 0 and timestamps when absent) and returns its id.
func (s *Store) Insert(collection string, rec Record) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.insertLocked(collection, rec)
}

func (s *Store) insertLocked(collection string, rec Record) (int64, error) {
	c := s.cols[collection]
	if c == nil {
		return 0, fmt.Errorf("entityfake: unknown collection %q", collection)
	}
	rec = normalize(rec)
	id, _ := toInt(rec["id"])
	if id <= 0 {
		id = c.seq.Next()
	}
	c.seq.Skip(id)
	rec["id"] = id
	rec["entity_type"] = c.entityType
	if _, ok := rec["version"]; !ok {
		rec["version"] = int64(0)
	}
	now := wirefmt.FormatTime(s.now())
	if _, ok := rec["created_on"]; !ok {
		rec["created_on"] = now
	}
	if _, ok := rec["updated_on"]; !ok {
		rec["updated_on"] = now
	}
	c.recs.Put(rec)
	return id, nil
}

// Get returns a deep copy of a stored record, or nil.
func (s *Store) Get(collection string, id int64) Record {
	s.mu.RLock()
	defer s.mu.RUnlock()
	c := s.cols[collection]
	if c == nil || c.get(id) == nil {
		return nil
	}
	return deepCopy(c.get(id))
}

// Set changes one field of a stored record directly (as another user
// would), bumping its version; it reports whether the record exists.
func (s *Store) Set(collection string, id int64, field string, value any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.cols[collection]
	if c == nil || c.get(id) == nil {
		return false
	}
	r := c.get(id)
	r[field] = normalizeValue(value)
	v, _ := toInt(r["version"])
	r["version"] = v + 1
	r["updated_on"] = wirefmt.FormatTime(s.now())
	c.put(id, r) // a shared collection (site lists) hands out copies
	return true
}

// Len returns the number of records in collection.
func (s *Store) Len(collection string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if c := s.cols[collection]; c != nil {
		return c.recs.Len()
	}
	return 0
}

// normalize converts a JSON-ish record to the store's value types.
func normalize(r Record) Record {
	out := make(Record, len(r))
	for k, v := range r {
		out[k] = normalizeValue(v)
	}
	return out
}

func normalizeValue(v any) any {
	switch x := v.(type) {
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case float64:
		if x == float64(int64(x)) {
			return int64(x)
		}
		return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
	case map[string]any:
		return normalize(x)
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = normalizeValue(x[i])
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = normalize(x[i])
		}
		return out
	case time.Time:
		return wirefmt.FormatTime(x)
	}
	return v
}

func deepCopy(r Record) Record {
	out := make(Record, len(r))
	for k, v := range r {
		out[k] = deepValue(v)
	}
	return out
}

func deepValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return deepCopy(x)
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = deepValue(x[i])
		}
		return out
	}
	return v
}

func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case float64:
		return int64(x), true
	case json.Number:
		i, err := x.Int64()
		return i, err == nil
	case string:
		i, err := strconv.ParseInt(x, 10, 64)
		return i, err == nil
	}
	return 0, false
}

// render returns the value as a string, the way q compares it.
func render(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", false
	case string:
		return x, true
	case bool:
		if x {
			return "1", true
		}
		return "0", true
	case int64:
		return strconv.FormatInt(x, 10), true
	case json.Number:
		return x.String(), true
	case []any:
		if len(x) > 0 {
			if m, ok := x[0].(map[string]any); ok {
				if val, ok := m["value"]; ok {
					return render(val)
				}
			}
		}
		return "", false
	case map[string]any:
		return "", false
	}
	return fmt.Sprint(v), true
}

// fromForm converts a form value for field into the store's type. ok is
// false when the value does not fit.
func fromForm(field, v, currency string) (any, bool) {
	switch kindOf(field) {
	case kInt:
		i, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		return i, err == nil
	case kBool:
		b, err := wirefmt.ParseBool(v)
		return b, err == nil
	case kMoney:
		d, err := adama.ParseDecimal(v)
		if err != nil {
			return nil, false
		}
		if currency == "" {
			currency = "USD"
		}
		return []any{map[string]any{"currency_code": currency, "value": json.Number(d.String())}}, true
	case kNumber:
		d, err := adama.ParseDecimal(v)
		if err != nil {
			return nil, false
		}
		return json.Number(d.String()), true
	case kTime:
		t, err := wirefmt.ParseTime(v)
		if err != nil {
			return nil, false
		}
		return wirefmt.FormatTime(t), true
	}
	return v, true
}

// setPath sets a dotted form key ("rmx_strategy.roi_target_pixels.0.price")
// in rec, creating objects and arrays on the way; numeric segments index
// arrays.
func setPath(rec Record, segs []string, val any) bool {
	cur := any(rec)
	for i, seg := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if val == nil {
					delete(c, seg)
				} else {
					c[seg] = val
				}
				return true
			}
			next, ok := c[seg]
			if _, isNum := strconv.Atoi(segs[i+1]); isNum == nil {
				arr, _ := next.([]any)
				c[seg] = arr
				if !ok || arr == nil {
					c[seg] = []any{}
				}
				cur = &arrayRef{m: c, key: seg}
				continue
			}
			m, isMap := next.(map[string]any)
			if !isMap {
				m = map[string]any{}
				c[seg] = m
			}
			cur = m
		case *arrayRef:
			idx, err := strconv.Atoi(seg)
			if err != nil || idx < 0 || idx > 1000 {
				return false
			}
			arr, _ := c.m[c.key].([]any)
			for len(arr) <= idx {
				arr = append(arr, map[string]any{})
			}
			c.m[c.key] = arr
			if last {
				arr[idx] = val
				return true
			}
			m, isMap := arr[idx].(map[string]any)
			if !isMap {
				m = map[string]any{}
				arr[idx] = m
			}
			cur = m
		default:
			return false
		}
	}
	return false
}

type arrayRef struct {
	m   map[string]any
	key string
}
