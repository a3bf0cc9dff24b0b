package creativesfake

import (
	"maps"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Table is one of the store's collections as adama/adamatest's handle
// sees it: records as the JSON objects the group sends, read and written
// under the store's lock, without the group's rules (as seeds are).
type Table struct {
	s   *Store
	get func(id int64) (fake.Doc, bool)
	put func(id int64, d fake.Doc)
	add func(d fake.Doc) int64
	del func(id int64) bool
	ids func() []int64
	set func(id int64, prop string, v any) bool
}

// Get returns a copy of the record under id in its wire form.
func (t Table) Get(id int64) (fake.Doc, bool) {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	d, ok := t.get(id)
	if !ok {
		return nil, false
	}
	return fake.CloneDoc(d), true
}

// Put stores d under id, replacing any record there.
func (t Table) Put(id int64, d fake.Doc) {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	t.put(id, fake.CloneDoc(d))
}

// Add stores d as a new record (a fresh id unless d has one) with the
// server's fields filled in, and returns its id.
func (t Table) Add(d fake.Doc) int64 {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	return t.add(fake.CloneDoc(d))
}

// Delete removes the record under id, reporting whether there was one.
func (t Table) Delete(id int64) bool {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	return t.del(id)
}

// IDs returns the ids in order.
func (t Table) IDs() []int64 {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	return t.ids()
}

// Set sets one property of the record under id to v, as another writer
// would; it reports whether the record exists.
func (t Table) Set(id int64, prop string, v any) bool {
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	return t.set(id, prop, v)
}

func idsOf[T any](c *fake.Collection[int64, T], key func(T) int64) []int64 {
	var out []int64
	for _, r := range c.All() {
		out = append(out, key(r))
	}
	return out
}

// Videos returns the video creatives, in the form a v3 read answers
// (without moving their encoding on).
func (s *Store) Videos() Table {
	return Table{s: s,
		get: func(id int64) (fake.Doc, bool) {
			c := s.video(id)
			if c == nil {
				return nil, false
			}
			return s.view(id, c), true
		},
		put: func(id int64, d fake.Doc) {
			c := &creative{id: id, details: map[string]any{}, status: "Finished", percent: 100, uploaded: true,
				companions: map[int64]map[string]any{}, updatedOn: time.Now().UTC()}
			if old := s.video(id); old != nil {
				c.companions, c.history, c.vastExt = old.companions, old.history, old.vastExt
			}
			setVideo(c, d)
			s.ids.Skip(id)
			s.creatives.Put(c)
		},
		add: func(d fake.Doc) int64 {
			c := &creative{details: map[string]any{}, status: "Finished", percent: 100, uploaded: true,
				companions: map[int64]map[string]any{}, updatedOn: time.Now().UTC()}
			c.id, _ = fake.Int(d["id"])
			setVideo(c, d)
			return s.creatives.Add(c).id
		},
		del: func(id int64) bool { _, ok := s.creatives.Delete(id); return ok },
		ids: func() []int64 { return idsOf(s.creatives, func(c *creative) int64 { return c.id }) },
		set: func(id int64, prop string, v any) bool {
			c := s.video(id)
			if c != nil {
				setVideo(c, fake.Doc{prop: v})
			}
			return c != nil
		},
	}
}

// setVideo sets the properties of d on c: the ones the fake keeps as
// state when they have their documented form, any other as given (a read
// answers it in place of what the fake would write).
func setVideo(c *creative, d fake.Doc) {
	for k, v := range d {
		if c.extra != nil {
			delete(c.extra, k)
		}
		ok := true
		switch k {
		case "id", "companionIds", "hasCompanions", "readyToServe":
			ok = k == "id" // derived from the state
		case "details":
			var m map[string]any
			if m, ok = v.(map[string]any); ok {
				c.details = maps.Clone(m)
			}
		case "status":
			c.status, ok = v.(string)
		case "percent":
			c.percent, ok = v.(float64)
		case "isUploaded":
			c.uploaded, ok = v.(bool)
		case "updatedOn":
			var t time.Time
			s, _ := v.(string)
			if t, ok = parseTime(s); ok {
				c.updatedOn = t
			}
		default:
			ok = false
		}
		if !ok {
			if c.extra == nil {
				c.extra = map[string]any{}
			}
			c.extra[k] = v
		}
	}
}

func parseTime(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, s)
	return t, err == nil
}

// docTable is a collection of JSON objects held in place; conv, when not
// nil, brings a stored object to the fake's own value types.
func docTable(s *Store, c *fake.Collection[int64, fake.Doc], idKey string, seq func() *fake.Seq, view func(fake.Doc) fake.Doc, conv func(fake.Doc) fake.Doc) Table {
	if view == nil {
		view = func(d fake.Doc) fake.Doc { return d }
	}
	if conv == nil {
		conv = func(d fake.Doc) fake.Doc { return d }
	}
	return Table{s: s,
		get: func(id int64) (fake.Doc, bool) {
			d, ok := c.Get(id)
			if !ok {
				return nil, false
			}
			return view(d), true
		},
		put: func(id int64, d fake.Doc) {
			d[idKey] = id
			seq().Skip(id)
			c.Put(conv(d))
		},
		add: func(d fake.Doc) int64 {
			id, ok := fake.Int(d[idKey])
			if !ok || id == 0 {
				id = seq().Next()
			}
			seq().Skip(id)
			d[idKey] = id
			c.Put(conv(d))
			return id
		},
		del: func(id int64) bool { _, ok := c.Delete(id); return ok },
		ids: func() []int64 {
			return idsOf(c, func(d fake.Doc) int64 { n, _ := fake.Int(d[idKey]); return n })
		},
		set: func(id int64, prop string, v any) bool {
			return c.Edit(id, false, func(d fake.Doc) fake.Doc { d[prop] = v; return conv(d) })
		},
	}
}

// ComponentCreatives returns the component creatives in the form a read
// answers (their assets inline). Add fills in what a create does.
func (s *Store) ComponentCreatives() Table {
	t := docTable(s, s.ccreatives, "atomic_creative_id", func() *fake.Seq { return s.ids },
		func(d fake.Doc) fake.Doc { return s.ccView(d, false) }, s.ccConv)
	t.add = func(d fake.Doc) int64 {
		id := s.addCC(d)
		if d["assets"] != nil || d["asset_ids"] != nil {
			ids := s.ccConv(fake.Doc{"assets": d["assets"], "asset_ids": d["asset_ids"]})["asset_ids"]
			s.ccreatives.Edit(id, false, func(c fake.Doc) fake.Doc { c["asset_ids"] = ids; return c })
		}
		return id
	}
	return t
}

// ccConv brings a component creative stored through the handle to the
// fake's own forms: an int64 advertiser and the ids of the assets it
// names (inline, as a read answers them, or as asset_ids).
func (s *Store) ccConv(d fake.Doc) fake.Doc {
	if n, ok := fake.Int(d["advertiser_id"]); ok {
		d["advertiser_id"] = n
	}
	var named []any
	switch v := d["asset_ids"].(type) {
	case []int64:
		for _, id := range v {
			named = append(named, id)
		}
	case []any:
		named = v
	}
	if as, ok := d["assets"].([]any); ok {
		named = nil
		for _, a := range as {
			m, _ := a.(map[string]any)
			named = append(named, m["asset_id"])
		}
	}
	var ids []int64
	for _, v := range named {
		if id, ok := fake.Int(v); ok && s.assets.Has(id) {
			ids = append(ids, id)
		}
	}
	delete(d, "assets")
	if ids == nil {
		ids = []int64{}
	}
	d["asset_ids"] = ids
	return d
}

// Assets returns the component creatives' assets.
func (s *Store) Assets() Table {
	return docTable(s, s.assets, "asset_id", func() *fake.Seq { return s.assetIDs }, nil, nil)
}

// Components returns the components.
func (s *Store) Components() Table {
	return docTable(s, s.components, "component_id", func() *fake.Seq { return s.componentIDs }, nil, nil)
}
