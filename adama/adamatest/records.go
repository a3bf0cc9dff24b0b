package adamatest

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Records seeds and inspects one kind of record on a running Server,
// typed with the SDK's own record T and keyed by K; every group's handle
// has the same verbs. Writes through it skip the group's rules, as seeds
// do. A Records of a group the Server does not serve holds nothing and
// stores nothing.
type Records[K comparable, T any] struct {
	b backing[K]
	// key returns a record's key and whether it has one; setKey, when not
	// nil, sets the key of a record read back (for records whose JSON
	// does not hold their key).
	key    func(*T) (K, bool)
	setKey func(*T, K)
}

// backing is where a Records reads and writes its records, each as the
// JSON the platform sends.
type backing[K comparable] struct {
	get    func(K) ([]byte, bool)
	put    func(K, []byte) bool   // stores under key
	add    func([]byte) (K, bool) // stores under a fresh key
	del    func(K) bool
	keys   func() []K
	setRaw func(K, string, any) bool // nil: not supported
}

// Get returns a copy of the record under key, decoded as the SDK decodes
// the platform's answers (a value of an odd form is a misfit with its raw
// value).
func (r *Records[K, T]) Get(key K) (*T, bool) {
	if r == nil || r.b.get == nil {
		return nil, false
	}
	b, ok := r.b.get(key)
	if !ok {
		return nil, false
	}
	rec := new(T)
	if json.Unmarshal(b, rec) != nil {
		return nil, false
	}
	if r.setKey != nil {
		r.setKey(rec, key)
	}
	return rec, true
}

// Put stores rec under its own key as it encodes, replacing any record
// there and leaving server fields as rec has them; it reports whether rec
// was stored (false: no key, or the group is not served).
func (r *Records[K, T]) Put(rec *T) bool {
	if r == nil || r.b.put == nil || rec == nil || r.key == nil {
		return false
	}
	k, ok := r.key(rec)
	if !ok {
		return false
	}
	b, err := json.Marshal(rec)
	return err == nil && r.b.put(k, b)
}

// Add stores rec as a new record with the server's fields filled in (a
// fresh key unless rec has one, version 1, dates) and returns its key (the
// zero K when it was not stored). Records keyed by what they hold (a model by its namespace
// and id, settings by their campaign and strategy) keep that key: Add is
// Put.
func (r *Records[K, T]) Add(rec *T) K {
	var zero K
	if r == nil || rec == nil {
		return zero
	}
	if r.b.add == nil { // records whose key is their own: Add is Put
		if r.key == nil {
			return zero
		}
		if k, ok := r.key(rec); ok && r.Put(rec) {
			return k
		}
		return zero
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return zero
	}
	k, _ := r.b.add(b)
	return k
}

// Delete removes the record under key, reporting whether there was one.
func (r *Records[K, T]) Delete(key K) bool {
	return r != nil && r.b.del != nil && r.b.del(key)
}

// All returns copies of every record in key order.
func (r *Records[K, T]) All() []*T {
	if r == nil || r.b.keys == nil {
		return nil
	}
	var out []*T
	for _, k := range r.b.keys() {
		if rec, ok := r.Get(k); ok {
			out = append(out, rec)
		}
	}
	return out
}

// Count returns how many records are stored.
func (r *Records[K, T]) Count() int {
	if r == nil || r.b.keys == nil {
		return 0
	}
	return len(r.b.keys())
}

// Raw returns a copy of the record under key as the JSON object the
// platform sends, for assertions on the wire form (nil when absent).
func (r *Records[K, T]) Raw(key K) map[string]any {
	if r == nil || r.b.get == nil {
		return nil
	}
	b, ok := r.b.get(key)
	if !ok {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

// PutRaw stores obj under key as the JSON object the platform sends, as
// given (no SDK record in between, so any value of any form can be
// seeded), replacing any record there; it reports whether it was stored.
func (r *Records[K, T]) PutRaw(key K, obj map[string]any) bool {
	if r == nil || r.b.put == nil {
		return false
	}
	if obj == nil {
		obj = map[string]any{}
	}
	b, err := json.Marshal(obj)
	return err == nil && r.b.put(key, b)
}

// AddRaw stores obj as a new record given as the JSON object the platform
// sends (any value of any form), with the server's fields filled in as
// Add does (a fresh key unless obj has one), and returns its key; the zero K where records are keyed by
// what they hold (use PutRaw there).
func (r *Records[K, T]) AddRaw(obj map[string]any) K {
	var zero K
	if r == nil || r.b.add == nil {
		return zero
	}
	if obj == nil {
		obj = map[string]any{}
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return zero
	}
	k, _ := r.b.add(b)
	return k
}

// SetRaw sets one property of the stored record to value as another
// writer would, bumping its version where records have one: to provoke a
// version conflict, or to store a value of a form the SDK's record does
// not take. It reports whether the record exists.
func (r *Records[K, T]) SetRaw(key K, property string, value any) bool {
	return r != nil && r.b.setRaw != nil && r.b.setRaw(key, property, value)
}

// docTable is a fake's table of JSON objects keyed by int64 ids: a
// creatives fake Table, or a Collection seen through collectionTable.
type docTable interface {
	Get(id int64) (fake.Doc, bool)
	Put(id int64, d fake.Doc)
	Add(d fake.Doc) int64
	Delete(id int64) bool
	IDs() []int64
	Set(id int64, prop string, v any) bool
}

// docBacked backs a Records typed with T with a table of JSON objects,
// keyed by key.
func docBacked[T any](t docTable, key func(*T) int64) *Records[int64, T] {
	decode := func(b []byte) (fake.Doc, bool) {
		var d fake.Doc
		if json.Unmarshal(b, &d) != nil || d == nil {
			return nil, false
		}
		return d, true
	}
	return &Records[int64, T]{key: func(rec *T) (int64, bool) { id := key(rec); return id, id > 0 }, b: backing[int64]{
		get: func(id int64) ([]byte, bool) {
			d, ok := t.Get(id)
			if !ok {
				return nil, false
			}
			b, err := json.Marshal(d)
			return b, err == nil
		},
		put: func(id int64, b []byte) bool {
			d, ok := decode(b)
			if ok {
				t.Put(id, d)
			}
			return ok
		},
		add: func(b []byte) (int64, bool) {
			d, ok := decode(b)
			if !ok {
				return 0, false
			}
			return t.Add(d), true
		},
		del:    t.Delete,
		keys:   t.IDs,
		setRaw: t.Set,
	}}
}

// collectionTable is a fake Collection of JSON objects as a docTable: the
// id is the property idKey; fill, when not nil, fills the server's fields
// of a record Add stores.
type collectionTable struct {
	c     *fake.Collection[int64, fake.Doc]
	idKey string
	fill  func(fake.Doc) fake.Doc
}

func (t collectionTable) Get(id int64) (fake.Doc, bool) { return t.c.Get(id) }
func (t collectionTable) Delete(id int64) bool          { _, ok := t.c.Delete(id); return ok }

func (t collectionTable) Put(id int64, d fake.Doc) {
	d[t.idKey] = float64(id)
	t.c.Put(d)
}

func (t collectionTable) Add(d fake.Doc) int64 {
	if t.fill != nil {
		d = t.fill(d)
	}
	id, _ := fake.Int(t.c.Add(d)[t.idKey])
	return id
}

func (t collectionTable) IDs() []int64 {
	var out []int64
	for _, d := range t.c.All() {
		id, _ := fake.Int(d[t.idKey])
		out = append(out, id)
	}
	return out
}

func (t collectionTable) Set(id int64, prop string, v any) bool {
	return t.c.Edit(id, true, func(d fake.Doc) fake.Doc { d[prop] = v; return fake.CloneDoc(d) })
}

// docRecords backs a Records with a collection of JSON objects; fill,
// when not nil, fills the server's fields of a record Add stores.
func docRecords[T any](c *fake.Collection[int64, fake.Doc], idKey string, key func(*T) int64, fill func(fake.Doc) fake.Doc) *Records[int64, T] {
	if c == nil {
		return &Records[int64, T]{}
	}
	return docBacked(collectionTable{c: c, idKey: idKey, fill: fill}, key)
}
