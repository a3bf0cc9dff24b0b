package fake

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"github.com/adamasdk/adama-go/internal/wire"
)

// Doc is a stored record as its JSON object, the form most group fakes
// keep their records in.
type Doc = map[string]any

// CloneDoc returns a deep copy of d made by a JSON round trip, so numbers
// come back as float64 as they would from a request body.
func CloneDoc(d Doc) Doc {
	if d == nil {
		return nil
	}
	b, err := json.Marshal(d)
	if err != nil {
		return maps.Clone(d)
	}
	var out Doc
	if json.Unmarshal(b, &out) != nil {
		return maps.Clone(d)
	}
	return out
}

// Problem is a refused request: its status, wire code, the field it
// names and the message. A group writes it through its Envelope.
type Problem struct {
	Status  int
	Code    string
	Field   string
	Message string
}

// Error returns the message.
func (p *Problem) Error() string { return p.Message }

// Item is the problem as one item of the JSON error envelope.
func (p *Problem) Item() wire.ErrorItem {
	return wire.ErrorItem{Code: p.Code, Message: p.Message, Field: p.Field}
}

// Invalid is a 400 "invalid" problem naming field.
func Invalid(field, message string) *Problem {
	return &Problem{Status: http.StatusBadRequest, Code: "invalid", Field: field, Message: message}
}

// NotFound is a 404 "not_found" problem: "<what> <id> not found".
func NotFound(what string, id any) *Problem {
	return &Problem{Status: http.StatusNotFound, Code: "not_found", Field: "id", Message: fmt.Sprintf("%s %v not found", what, id)}
}

// Envelope writes a problem in one group's error form.
type Envelope func(w http.ResponseWriter, r *http.Request, p *Problem)

// JSONEnvelope writes p as the JSON error envelope {errors: [{code,
// message, field}], meta: {status: "error"}}.
func JSONEnvelope(w http.ResponseWriter, _ *http.Request, p *Problem) {
	WriteErrors(w, p.Status, p.Item())
}

// ErrorWriter is the envelope as the writer of the server's own errors
// (authentication, fault injection), which name no field.
func (e Envelope) ErrorWriter() ErrorWriter {
	return func(w http.ResponseWriter, r *http.Request, status int, code, message string) {
		e(w, r, &Problem{Status: status, Code: code, Message: message})
	}
}

// Seq hands out int64 ids; collections sharing one draw from one
// sequence, as the platform's do. It is safe for concurrent use.
type Seq struct {
	mu   sync.Mutex
	last int64
}

// NewSeq returns a sequence whose first id is last+1.
func NewSeq(last int64) *Seq { return &Seq{last: last} }

// Next returns the next id.
func (s *Seq) Next() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last++
	return s.last
}

// Skip makes sure Next never returns id or an id below it (for records
// stored with an id of their own).
func (s *Seq) Skip(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = max(s.last, id)
}

// Kind says how a collection reads and writes its records: how a record
// is copied, where its key and version live, and how the group words a
// version conflict.
type Kind[K comparable, T any] struct {
	// Name names a record in messages ("deal").
	Name string
	// Clone returns a deep copy (nil: records are values copied by
	// assignment).
	Clone func(T) T
	// Key returns the record's key; SetKey returns the record with its key
	// set.
	Key    func(T) K
	SetKey func(T, K) T
	// NewKey returns a fresh key for Add of a record without one (nil: Add
	// keeps the record's own); Seen, when not nil, is told of a key a
	// record brought (to keep NewKey from handing it out).
	NewKey func() K
	Seen   func(K)
	// Version returns the record's version and SetVersion sets it (both nil:
	// the collection is not versioned).
	Version    func(T) int64
	SetVersion func(T, int64) T
	// Compare orders keys for listings (nil: the order records were first
	// stored in).
	Compare func(a, b K) int
	// Stale words the 409 for a version sent against the current one (nil:
	// "version <sent> is stale; the <name> is at version <cur>").
	Stale func(sent, cur int64) string
}

// DocKind is the kind of records kept as JSON objects with an int64 id
// under idKey drawn from seq and, when versionKey is not empty, a version
// under versionKey. Both are stored as JSON numbers.
func DocKind(name, idKey, versionKey string, seq *Seq) Kind[int64, Doc] {
	k := Kind[int64, Doc]{
		Name:    name,
		Compare: cmp.Compare[int64],
		Clone:   CloneDoc,
		Key:     func(d Doc) int64 { n, _ := Int(d[idKey]); return n },
		SetKey:  func(d Doc, id int64) Doc { d[idKey] = float64(id); return d },
	}
	if seq != nil {
		k.NewKey, k.Seen = seq.Next, seq.Skip
	}
	if versionKey != "" {
		k.Version = func(d Doc) int64 { n, _ := Int(d[versionKey]); return n }
		k.SetVersion = func(d Doc, v int64) Doc { d[versionKey] = float64(v); return d }
	}
	return k
}

// Int reads a JSON value as an int64: a whole number, or a string of one.
func Int(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
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

// Collection is one kind of record of a group fake, keyed by K: keys,
// versions with a 409 on a stale one, copies in and out, filtered and
// sorted listings. Each call is atomic; a group whose rules span records
// (a unique name, a reference to another collection) holds its own lock
// around the calls that check and write. It is safe for concurrent use.
type Collection[K comparable, T any] struct {
	kind  Kind[K, T]
	mu    sync.RWMutex
	recs  map[K]T
	born  map[K]uint64 // when each key was first stored, for insertion order
	clock uint64
	// order caches the keys in order until a key comes or goes; orderMu
	// guards filling it under a read lock.
	order   []K
	orderMu sync.Mutex
}

// NewCollection returns an empty collection of kind k.
func NewCollection[K comparable, T any](k Kind[K, T]) *Collection[K, T] {
	return &Collection[K, T]{kind: k, recs: map[K]T{}, born: map[K]uint64{}}
}

// store writes rec under k (callers hold mu for writing).
func (c *Collection[K, T]) store(k K, rec T) {
	if _, ok := c.recs[k]; !ok {
		c.clock++
		c.born[k] = c.clock
		c.order = nil
	}
	c.recs[k] = rec
}

// keys returns the keys in the kind's order (callers hold mu and do not
// change the slice).
func (c *Collection[K, T]) keys() []K {
	c.orderMu.Lock()
	defer c.orderMu.Unlock()
	if c.order != nil {
		return c.order
	}
	out := slices.Collect(maps.Keys(c.recs))
	if c.kind.Compare != nil {
		slices.SortFunc(out, c.kind.Compare)
	} else {
		slices.SortFunc(out, func(a, b K) int { return cmp.Compare(c.born[a], c.born[b]) })
	}
	c.order = out
	return out
}

// Keys returns the keys in order: the kind's Compare, or the order they
// were first stored in.
func (c *Collection[K, T]) Keys() []K {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return slices.Clone(c.keys())
}

func (c *Collection[K, T]) clone(v T) T {
	if c.kind.Clone == nil {
		return v
	}
	return c.kind.Clone(v)
}

func (c *Collection[K, T]) versioned() bool {
	return c.kind.Version != nil && c.kind.SetVersion != nil
}

// Get returns a copy of the record under key.
func (c *Collection[K, T]) Get(key K) (T, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.recs[key]
	if !ok {
		var zero T
		return zero, false
	}
	return c.clone(v), true
}

// Has reports whether a record is stored under key.
func (c *Collection[K, T]) Has(key K) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.recs[key]
	return ok
}

// Len returns how many records are stored.
func (c *Collection[K, T]) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.recs)
}

// Add stores a copy of rec as a new record: a fresh key when the kind
// makes keys and rec has none (a zero key), version 1 when versioned. It
// returns a copy of what it stored.
func (c *Collection[K, T]) Add(rec T) T {
	rec = c.clone(rec)
	var zero K
	if k := c.kind.Key(rec); c.kind.NewKey != nil && k == zero {
		rec = c.kind.SetKey(rec, c.kind.NewKey())
	} else if c.kind.Seen != nil {
		c.kind.Seen(k)
	}
	if c.versioned() {
		rec = c.kind.SetVersion(rec, 1)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.store(c.kind.Key(rec), rec)
	return c.clone(rec)
}

// Put stores a copy of rec under its own key as given (to seed, or to
// replace a record without the version rules), reporting whether it
// replaced one.
func (c *Collection[K, T]) Put(rec T) bool {
	rec = c.clone(rec)
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.kind.Key(rec)
	_, had := c.recs[k]
	c.store(k, rec)
	return had
}

// Fresh checks that key is stored (else a 404) and, when sent is not nil
// and the collection is versioned, that *sent is its version (else a 409
// in the kind's words).
func (c *Collection[K, T]) Fresh(key K, sent *int64) *Problem {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, p := c.fresh(key, sent)
	return p
}

func (c *Collection[K, T]) fresh(key K, sent *int64) (T, *Problem) {
	cur, ok := c.recs[key]
	if !ok {
		var zero T
		return zero, NotFound(c.kind.Name, key)
	}
	if sent != nil && c.versioned() {
		if have := c.kind.Version(cur); *sent != have {
			msg := fmt.Sprintf("version %d is stale; the %s is at version %d", *sent, c.kind.Name, have)
			if c.kind.Stale != nil {
				msg = c.kind.Stale(*sent, have)
			}
			return cur, &Problem{Status: http.StatusConflict, Code: "conflict", Field: "version", Message: msg}
		}
	}
	return cur, nil
}

// Update replaces the record under key with a copy of rec, as one
// compare-and-swap: a 404 when it is absent, a 409 when sent is not nil
// and differs from its version. A versioned record gets its stored
// version plus one. It returns a copy of what it stored.
func (c *Collection[K, T]) Update(key K, sent *int64, rec T) (T, *Problem) {
	rec = c.clone(rec)
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, p := c.fresh(key, sent)
	if p != nil {
		var zero T
		return zero, p
	}
	rec = c.kind.SetKey(rec, key)
	if c.versioned() {
		rec = c.kind.SetVersion(rec, c.kind.Version(cur)+1)
	}
	c.recs[key] = rec
	return c.clone(rec), nil
}

// Edit changes the record under key in place through fn, bumping its
// version when bump is set and the collection is versioned; it reports
// whether the record exists.
func (c *Collection[K, T]) Edit(key K, bump bool, fn func(T) T) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, ok := c.recs[key]
	if !ok {
		return false
	}
	v := int64(0)
	if c.versioned() {
		v = c.kind.Version(cur)
	}
	rec := c.kind.SetKey(fn(cur), key)
	if bump && c.versioned() {
		rec = c.kind.SetVersion(rec, v+1)
	}
	c.recs[key] = rec
	return true
}

// EditAll changes every record through fn (in key order), without
// version changes.
func (c *Collection[K, T]) EditAll(fn func(T) T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.keys() {
		c.recs[k] = c.kind.SetKey(fn(c.recs[k]), k)
	}
}

// Delete removes the record under key, returning a copy of it.
func (c *Collection[K, T]) Delete(key K) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.recs[key]
	if ok {
		delete(c.recs, key)
		delete(c.born, key)
		c.order = nil
		v = c.clone(v)
	}
	return v, ok
}

// Window returns copies of the records at positions offset to
// offset+limit of the key order, and how many records there are: one page
// of an unfiltered listing, without gathering the rest.
func (c *Collection[K, T]) Window(offset, limit int) ([]T, int) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	keys := c.keys()
	start := min(max(offset, 0), len(keys))
	end := min(start+max(limit, 0), len(keys))
	out := make([]T, 0, end-start)
	for _, k := range keys[start:end] {
		out = append(out, c.clone(c.recs[k]))
	}
	return out, len(keys)
}

// Query selects, filters and orders a listing.
type Query[T any] struct {
	// Keep keeps the records it returns true for (nil: all).
	Keep func(T) bool
	// Order compares two records (nil: key order); ties keep key order.
	Order func(a, b T) int
	// Desc reverses Order.
	Desc bool
}

// Find returns copies of the records q keeps, ordered by q.Order, then
// by key.
func (c *Collection[K, T]) Find(q Query[T]) []T {
	c.mu.RLock()
	out := make([]T, 0, len(c.recs))
	for _, k := range c.keys() {
		if v := c.recs[k]; q.Keep == nil || q.Keep(v) {
			out = append(out, c.clone(v))
		}
	}
	c.mu.RUnlock()
	if q.Order != nil {
		slices.SortStableFunc(out, func(a, b T) int {
			if q.Desc {
				return q.Order(b, a)
			}
			return q.Order(a, b)
		})
	} else if q.Desc {
		slices.Reverse(out)
	}
	return out
}

// All returns copies of every record in key order.
//
// Keys are ordered by the kind's Compare, or in the order they were
// first stored.
func (c *Collection[K, T]) All() []T { return c.Find(Query[T]{}) }
