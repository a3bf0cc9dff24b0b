package adamatest

import (
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

// EntitiesHandle is the typed handle on the fake's group A state.
type EntitiesHandle struct{ st *entityfake.Store }

// Entities returns the handle on group A's state.
func (s *Server) Entities() *EntitiesHandle {
	return &EntitiesHandle{st: storeOf[*entityfake.Store](s, "entity")}
}

// Get returns a copy of a stored record (nil when absent).
func (e *EntitiesHandle) Get(collection string, id int64) map[string]any {
	if e.st == nil {
		return nil
	}
	return e.st.Get(collection, id)
}

// Set changes one field of a stored record as another user would, bumping
// its version (to provoke version conflicts). It reports whether the
// record exists.
func (e *EntitiesHandle) Set(collection string, id int64, field string, value any) bool {
	return e.st != nil && e.st.Set(collection, id, field, value)
}

// Count returns how many records collection holds.
func (e *EntitiesHandle) Count(collection string) int {
	if e.st == nil {
		return 0
	}
	return e.st.Len(collection)
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
