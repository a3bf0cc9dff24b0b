package adamatest

import (
	"encoding/json"
	"maps"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

// registerEntity plugs in group A (entity management v2.0): every
// collection under /api/v2.0, seeded with organizations, agencies,
// verticals 1-34, ad servers, contacts, a user, vendors and audience
// segments.
func registerEntity(r fake.Registrar) {
	s := serverOf(r)
	s.setStore("entity", entityfake.Register(r, s.entityCfg))
}

// WithEntity preloads one group A record into collection ("advertisers",
// "strategies", ...). rec is the record's JSON object; id, version,
// entity_type and timestamps are filled in when absent.
func WithEntity(collection string, rec map[string]any) Option {
	return func(s *Server) {
		s.entityCfg.Seeds = append(s.entityCfg.Seeds, entityfake.Seed{Collection: collection, Record: maps.Clone(rec)})
	}
}

// WithEntities preloads n generated records into collection, required
// fields filled, for paging tests and benchmarks.
func WithEntities(collection string, n int) Option {
	return func(s *Server) {
		if s.entityCfg.Bulk == nil {
			s.entityCfg.Bulk = map[string]int{}
		}
		s.entityCfg.Bulk[collection] += n
	}
}

// WithoutEntitySeed starts group A empty (no organizations, verticals, ...).
func WithoutEntitySeed() Option {
	return func(s *Server) { s.entityCfg.NoSeed = true }
}

// EntitiesHandle is the handle on the fake's group A state. Each
// collection is a Records of JSON objects (Collection); Typed types one
// with the SDK's record (package entity's own tests import this package,
// so the handle cannot name its records itself).
type EntitiesHandle struct{ st *entityfake.Store }

// Entities returns the handle on group A's state.
func (s *Server) Entities() *EntitiesHandle {
	return &EntitiesHandle{st: storeOf[*entityfake.Store](s, "entity")}
}

// Collection returns one collection ("advertisers", "strategies", ...),
// keyed by id, as stored (before the view a read applies). Add and Put
// store the object as is, filling id (Add, when absent), entity_type,
// version 0 and the timestamps when absent; SetRaw changes one property
// as another user would, bumping the version (to provoke version
// conflicts). A collection the fake does not serve holds nothing.
func (e *EntitiesHandle) Collection(name string) *Records[int64, map[string]any] {
	if e.st == nil || !e.st.Has(name) {
		return &Records[int64, map[string]any]{}
	}
	st := e.st
	decode := func(b []byte) (map[string]any, bool) {
		var d map[string]any
		if json.Unmarshal(b, &d) != nil || d == nil {
			return nil, false
		}
		return d, true
	}
	return &Records[int64, map[string]any]{
		key: func(rec *map[string]any) (int64, bool) { id, ok := fake.Int((*rec)["id"]); return id, ok && id > 0 },
		b: backing[int64]{
			get: func(id int64) ([]byte, bool) { return st.JSON(name, id) },
			put: func(id int64, b []byte) bool {
				d, ok := decode(b)
				if !ok {
					return false
				}
				d["id"] = id
				_, err := st.Insert(name, d)
				return err == nil
			},
			add: func(b []byte) (int64, bool) {
				d, ok := decode(b)
				if !ok {
					return 0, false
				}
				id, err := st.Insert(name, d)
				return id, err == nil
			},
			del:    func(id int64) bool { return st.Delete(name, id) },
			keys:   func() []int64 { return st.IDs(name) },
			setRaw: func(id int64, prop string, v any) bool { return st.Set(name, id, prop, v) },
		}}
}

// Generate adds n generated records to collection on a running server.
func (e *EntitiesHandle) Generate(collection string, n int) {
	if e.st != nil {
		e.st.Generate(collection, n)
	}
}

// SiteListSites returns the entries of a site list's last upload.
func (e *EntitiesHandle) SiteListSites(id int64) []string {
	if e.st == nil {
		return nil
	}
	return e.st.SiteListSites(id)
}

// SiteListAssignments returns where a site list is assigned, as
// "campaigns/7" or "strategies/9".
func (e *EntitiesHandle) SiteListAssignments(id int64) []string {
	if e.st == nil {
		return nil
	}
	return e.st.SiteListAssignments(id)
}
