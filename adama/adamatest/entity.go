package adamatest

import (
	"maps"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

const entityStoreKey = "entity.store"

// registerEntity plugs in group A (entity management v2.0): every
// collection under /api/v2.0, seeded with organizations, agencies,
// verticals 1-34, ad servers, contacts, a user, vendors and audience
// segments.
func registerEntity(r fake.Registrar) {
	st := entityfake.Register(r)
	if s, ok := r.(*Server); ok {
		s.settings[entityStoreKey] = st
	}
}

// WithEntity preloads one group A record into collection ("advertisers",
// "strategies", ...). rec is the record's JSON object; id, version,
// entity_type and timestamps are filled in when absent.
func WithEntity(collection string, rec map[string]any) Option {
	return func(s *Server) {
		seeds, _ := s.settings[entityfake.SettingSeed].([]entityfake.Seed)
		s.settings[entityfake.SettingSeed] = append(seeds, entityfake.Seed{Collection: collection, Record: maps.Clone(rec)})
	}
}

// WithEntities preloads n generated records into collection, required
// fields filled, for paging tests and benchmarks.
func WithEntities(collection string, n int) Option {
	return func(s *Server) {
		bulk, _ := s.settings[entityfake.SettingBulk].(map[string]int)
		if bulk == nil {
			bulk = map[string]int{}
		}
		bulk[collection] += n
		s.settings[entityfake.SettingBulk] = bulk
	}
}

// WithoutEntitySeed starts group A empty (no organizations, verticals, ...).
func WithoutEntitySeed() Option {
	return func(s *Server) { s.settings[entityfake.SettingNoSeed] = true }
}

func (s *Server) entityStore() *entityfake.Store {
	st, _ := s.settings[entityStoreKey].(*entityfake.Store)
	return st
}

// Entity returns a copy of a stored group A record (nil when absent).
func (s *Server) Entity(collection string, id int64) map[string]any {
	if st := s.entityStore(); st != nil {
		return st.Get(collection, id)
	}
	return nil
}

// SetEntityField changes one field of a stored record as another user
// would, bumping its version (to provoke version conflicts). It reports
// whether the record exists.
func (s *Server) SetEntityField(collection string, id int64, field string, value any) bool {
	if st := s.entityStore(); st != nil {
		return st.Set(collection, id, field, value)
	}
	return false
}

// EntityCount returns how many records collection holds.
func (s *Server) EntityCount(collection string) int {
	if st := s.entityStore(); st != nil {
		return st.Len(collection)
	}
	return 0
}

// AddEntities generates n more records in collection on a running server.
func (s *Server) AddEntities(collection string, n int) {
	if st := s.entityStore(); st != nil {
		st.Generate(collection, n)
	}
}
