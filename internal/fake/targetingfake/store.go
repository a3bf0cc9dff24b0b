// Package targetingfake is the in-process fake of group B, the targeting
// and advertiser interface v3.0 (prefix /api/v3.0): attachments, targets,
// target paths and advertisers on their current and legacy paths, in the
// v3.0 wire form ({"data", "meta"} with status "success", list metadata
// with count, offset, total_count and next_page, 201 on create, the
// meta-only confirmation on delete, the {"errors", "meta"} error form,
// 409 on a stale version). State lives in memory and is safe for
// concurrent use.
package targetingfake

import (
	"bytes"
	"encoding/json"
	"maps"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/adama"
)

// Collections of the store.
const (
	Attachments = "attachments"
	Targets     = "targets"
	Advertisers = "advertisers"
	TargetPaths = "target_paths"
)

// entityTypes are the entity_type values of the collections.
var entityTypes = map[string]string{
	Attachments: "attachment", Targets: "target", Advertisers: "advertiser", TargetPaths: "target_path", Permissions: "user",
}

// Store is the group's state.
type Store struct {
	mu      sync.Mutex
	colls   map[string]*collection
	history map[int64][]map[string]any
}

type collection struct {
	next int64
	recs map[int64]map[string]any
}

// NewStore returns a store with the seeded target paths.
func NewStore() *Store {
	st := &Store{colls: map[string]*collection{}, history: map[int64][]map[string]any{}}
	for _, c := range []string{Attachments, Targets, Advertisers, TargetPaths, Permissions} {
		st.colls[c] = &collection{next: 1, recs: map[int64]map[string]any{}}
	}
	for _, name := range []string{"Technology", "Technology » Browser", "Location", "Location » Region"} {
		st.Add(TargetPaths, map[string]any{"name": name})
	}
	return st
}

func now() string { return adama.FormatTime(time.Now().UTC().Truncate(time.Second)) }

// Add stores a record in coll, filling id, entity_type, version and
// timestamps when absent, and returns its id (0 for an unknown
// collection).
func (s *Store) Add(coll string, rec map[string]any) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addLocked(coll, rec)
}

func (s *Store) addLocked(coll string, rec map[string]any) int64 {
	c := s.colls[coll]
	if c == nil {
		return 0
	}
	r := normalize(rec)
	id, _ := toInt(r["id"])
	if id <= 0 {
		id = c.next
	}
	if id >= c.next {
		c.next = id + 1
	}
	r["id"] = id
	if _, ok := r["entity_type"]; !ok {
		r["entity_type"] = entityTypes[coll]
	}
	if coll != TargetPaths {
		if _, ok := r["version"]; !ok {
			r["version"] = int64(1)
		}
		ts := now()
		for _, k := range []string{"created_on", "updated_on"} {
			if _, ok := r[k]; !ok {
				r[k] = ts
			}
		}
	}
	c.recs[id] = r
	return id
}

// Generate adds n records to coll, each a copy of template with
// generated required fields filled in where template leaves them out.
func (s *Store) Generate(coll string, n int, template map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range n {
		r := maps.Clone(template)
		if r == nil {
			r = map[string]any{}
		}
		fill := map[string]map[string]any{
			Attachments: {"target_id": int64(i%50 + 1), "strategy_id": int64(1), "restriction": "INCLUDE", "operator": "OR", "or_better": false},
			Targets:     {"name": "Target " + strconv.Itoa(i+1), "visible": true, "visible_overridden": false, "dimension_code": "REGN"},
			Advertisers: {"name": "Advertiser " + strconv.Itoa(i+1), "agency_id": int64(1), "vertical_id": int64(1), "ad_server_id": int64(1), "domain": "https://adv" + strconv.Itoa(i+1) + ".example", "status": true},
			TargetPaths: {"name": "Path " + strconv.Itoa(i+1)},
		}[coll]
		for k, v := range fill {
			if _, ok := r[k]; !ok {
				r[k] = v
			}
		}
		s.addLocked(coll, r)
	}
}

// Get returns a copy of a record (nil when absent).
func (s *Store) Get(coll string, id int64) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.colls[coll]; c != nil {
		if r, ok := c.recs[id]; ok {
			return clone(r)
		}
	}
	return nil
}

// Len returns how many records coll holds.
func (s *Store) Len(coll string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.colls[coll]; c != nil {
		return len(c.recs)
	}
	return 0
}

// Set changes one field of a record as another user would, bumping its
// version. It reports whether the record exists.
func (s *Store) Set(coll string, id int64, field string, value any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.colls[coll]
	if c == nil {
		return false
	}
	r, ok := c.recs[id]
	if !ok {
		return false
	}
	r[field] = normalizeValue(value)
	v, _ := toInt(r["version"])
	r["version"] = v + 1
	r["updated_on"] = now()
	return true
}

// sorted returns the records of coll in id order (copies).
func (s *Store) sorted(coll string) []map[string]any {
	c := s.colls[coll]
	out := make([]map[string]any, 0, len(c.recs))
	for _, r := range c.recs {
		out = append(out, clone(r))
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := toInt(out[i]["id"])
		b, _ := toInt(out[j]["id"])
		return a < b
	})
	return out
}

func clone(r map[string]any) map[string]any {
	b, _ := json.Marshal(r)
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return normalize(out)
}

// normalize turns json.Numbers into int64 (or float64) values.
func normalize(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = normalizeValue(v)
	}
	return out
}

func normalizeValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case map[string]any:
		return normalize(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalizeValue(e)
		}
		return out
	}
	return v
}

// toInt reads an integer value.
func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case float64:
		if x == float64(int64(x)) {
			return int64(x), true
		}
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil
	}
	return 0, false
}
