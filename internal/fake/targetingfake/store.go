// Package targetingfake is the in-process fake of group B, the targeting
// and advertiser interface v3.0 (prefix /api/v3.0): attachments, targets,
// target paths and advertisers on their current and legacy paths, in the
// v3.0 wire form ({"data", "meta"} with status "success", list metadata
// with count, offset, total_count and next_page, 201 on create, the
// meta-only confirmation on delete, the {"errors", "meta"} error form,
// 409 on a stale version). State lives in memory and is safe for
// concurrent use. Numbers are kept as written: a decimal sent as 5000.10
// is answered as 5000.10, whatever its number of digits.
package targetingfake

//go:generate go run ../../cmd/apigen -group targeting -fake targetingfake

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wirefmt"
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
	Campaigns: "campaign", Concepts: "concept", Contracts: "contract",
	Organizations: "organization", Agencies: "agency", Verticals: "vertical", AdServers: "ad_server", CurrencyRates: "currency_rate",
	Timezones: "timezone", Vendors: "vendor", SupplySources: "supply_source", PixelProviders: "pixel_provider", VendorContracts: "vendor_contract",
	CreativeTags:    "creative",
	AtomicCreatives: "atomic_creative", PixelBundles: "pixel_bundle", Marketplaces: "marketplace",
	SiteLists: "site_list", SiteListAssignments: "site_list_assignment",
	Strategies: "strategy", StrategyDeals: "strategy_deal", StrategyDayParts: "strategy_day_part", StrategyIPAddresses: "strategy_ip_address",
	StrategyConcepts: "strategy_concept", StrategyTargetValues: "strategy_target_value", StrategyPostalCodes: "strategy_postal_code",
	StrategyTemplates: "strategy_template", NewStrategyGroups: "strategy_group", CampaignPlans: "campaign_plan",
	NewStrategyPlanTargetValues: "strategy_plan_target_value",
}

// Store is the group's state.
type Store struct {
	mu    sync.Mutex // held around checks and writes that span records
	colls map[string]*collection
	log   changeLog // every family's history (history.go)
	// bulkFallback, when set, serves a bulk strategy update naming none of this store's strategies.
	bulkFallback func() http.Handler
	// v2Campaigns: see ServeV2Campaigns (campaigns.go).
	v2Campaigns map[string]http.Handler
	// siteLists: see SiteListState (sitelists.go).
	siteLists *fake.SiteLists
}

// collection is one collection of the store with its own id sequence.
type collection struct {
	seq *fake.Seq
	*fake.Collection[int64, map[string]any]
}

// recordKind is how the group keeps a record: ids and versions as int64, copies
// with every number read as int64 where it is whole.
func recordKind(coll string, seq *fake.Seq) fake.Kind[int64, map[string]any] {
	k := fake.Kind[int64, map[string]any]{
		Name:    entityTypes[coll],
		Compare: cmp.Compare[int64],
		Clone:   clone,
		Key:     func(r map[string]any) int64 { id, _ := toInt(r["id"]); return id },
		SetKey:  func(r map[string]any, id int64) map[string]any { r["id"] = id; return r },
		NewKey:  seq.Next,
		Seen:    seq.Skip,
		Stale: func(sent, cur int64) string {
			return fmt.Sprintf("version %d is stale; the current version is %d", sent, cur)
		},
	}
	if coll != TargetPaths && !versionless[coll] {
		k.Version = func(r map[string]any) int64 { v, _ := toInt(r["version"]); return v }
		k.SetVersion = func(r map[string]any, v int64) map[string]any { r["version"] = v; return r }
	}
	return k
}

// NewStore returns a store with the seeded target paths.
func NewStore() *Store {
	st := &Store{colls: map[string]*collection{}}
	for _, c := range append([]string{Attachments, Targets, Advertisers, TargetPaths, Permissions, Organizations, Agencies,
		Verticals, AdServers, CurrencyRates, Timezones, Vendors, SupplySources, PixelProviders, VendorContracts, CreativeTags,
		AtomicCreatives, PixelBundles, Marketplaces, SiteLists, SiteListAssignments,
		Strategies, StrategyDeals, StrategyDayParts, StrategyIPAddresses, StrategyConcepts, StrategyTargetValues, StrategyPostalCodes,
		Campaigns, Concepts, Contracts}, planCollections...) {
		seq := fake.NewSeq(0)
		st.colls[c] = &collection{seq, fake.NewCollection(recordKind(c, seq))}
	}
	st.siteLists = fake.NewSiteLists(st.colls[SiteLists].Collection, st.colls[SiteLists].seq, st.colls[SiteListAssignments].Collection)
	registerAudiences(st)
	for _, name := range []string{"Technology", "Technology » Browser", "Location", "Location » Region"} {
		st.Add(TargetPaths, map[string]any{"name": name})
	}
	return st
}

func now() string { return wirefmt.FormatTime(time.Now().UTC().Truncate(time.Second)) }

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
		id = c.seq.Next()
	} else {
		c.seq.Skip(id)
	}
	r["id"] = id
	if _, ok := r["entity_type"]; !ok {
		r["entity_type"] = entityTypes[coll]
	}
	if coll != TargetPaths {
		if _, ok := r["version"]; !ok && !versionless[coll] {
			r["version"] = int64(1)
		}
		ts := now()
		for _, k := range []string{"created_on", "updated_on"} {
			if _, ok := r[k]; !ok {
				r[k] = ts
			}
		}
	}
	c.Put(r)
	return id
}

// Collection returns collection coll (nil for an unknown one): records as
// JSON objects keyed by id; writes through it skip the group's rules.
func (s *Store) Collection(coll string) *fake.Collection[int64, map[string]any] {
	if c := s.colls[coll]; c != nil {
		return c.Collection
	}
	return nil
}

// Fill fills the server's fields of a record of coll stored without the
// group's rules (entity_type and dates where absent); Collection(coll).Add
// then gives it an id and version 1.
func (s *Store) Fill(coll string) func(map[string]any) map[string]any {
	return func(r map[string]any) map[string]any {
		if _, ok := r["entity_type"]; !ok {
			r["entity_type"] = entityTypes[coll]
		}
		if coll != TargetPaths {
			ts := now()
			for _, k := range []string{"created_on", "updated_on"} {
				if _, ok := r[k]; !ok {
					r[k] = ts
				}
			}
		}
		return r
	}
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
	if c := s.colls[coll]; c != nil {
		r, _ := c.Collection.Get(id)
		return r
	}
	return nil
}

// Len returns how many records coll holds.
func (s *Store) Len(coll string) int {
	if c := s.colls[coll]; c != nil {
		return c.Collection.Len()
	}
	return 0
}

// Set changes one field of a record as another user would, bumping its
// version. It reports whether the record exists.
func (s *Store) Set(coll string, id int64, field string, value any) bool {
	c := s.colls[coll]
	if c == nil {
		return false
	}
	return c.Edit(id, true, func(r map[string]any) map[string]any {
		r[field] = normalizeValue(value)
		r["updated_on"] = now()
		return r
	})
}

// sorted returns the records of coll in id order (copies).
func (s *Store) sorted(coll string) []map[string]any { return s.colls[coll].All() }

func clone(r map[string]any) map[string]any {
	b, _ := json.Marshal(r)
	var out map[string]any
	_ = decodeExact(bytes.NewReader(b), &out)
	return normalize(out)
}

// decodeExact decodes JSON from rd into v, keeping each number as the
// json.Number it was written as (normalize then keeps its text).
func decodeExact(rd io.Reader, v any) error {
	dec := json.NewDecoder(rd)
	dec.UseNumber()
	return dec.Decode(v)
}

// normalize turns whole json.Numbers into int64 values and keeps every
// other number as the json.Number it arrived as, so a decimal is answered
// in the text it was written in (5000.10 stays 5000.10).
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
		return x
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
