package targetingfake

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the audience and contextual targeting families and the
// enterprise controls (targeting.audiences.yaml). Their records carry no
// version: the reference's bodies have none, and an update sends none.
const (
	SegmentGroups              = "segment_groups"
	SegmentGroupAssignments    = "segment_group_assignments"
	AudienceVendors            = "audience_vendors"
	AudienceSegments           = "path_audience_segments"
	TargetingSegments          = "targeting_segments"
	TargetingSegmentObjectives = "targeting_segment_objectives"
	TechnologyTargetValues     = "technology_target_values"
	EntityGroups               = "entity_groups"
)

var audienceEntityTypes = map[string]string{
	SegmentGroups: "segment_group", SegmentGroupAssignments: "segment_group_assignment", AudienceVendors: "audience_vendor",
	AudienceSegments: "audience_segment", TargetingSegments: "targeting_segment",
	TargetingSegmentObjectives: "targeting_segment_objective", TechnologyTargetValues: "technology_target_value",
	EntityGroups: "entity_group",
}

func init() {
	for k, v := range audienceEntityTypes {
		entityTypes[k] = v
	}
}

// registerAudiences adds the families' collections, unversioned, and
// seeds them with the reference's example records.
func registerAudiences(st *Store) {
	for c := range audienceEntityTypes {
		seq := fake.NewSeq(0)
		k := recordKind(c, seq)
		k.Version, k.SetVersion = nil, nil
		st.colls[c] = &collection{seq, fake.NewCollection(k)}
	}
	put := func(coll string, rec map[string]any) {
		r := st.Fill(coll)(normalize(rec))
		id, _ := toInt(r["id"])
		st.colls[coll].seq.Skip(id)
		st.colls[coll].Put(r)
	}
	// The reference's examples: the audience vendor of GET
	// /audience_vendors/{id}, the segment group of the list and its
	// assignment.
	put(AudienceVendors, map[string]any{"id": 123, "name": "Vendor Name", "mma_free_cm": true, "provides_batch_segments": true,
		"campaign_brain_enabled": true, "pin_top_search": true, "bidder_code": "am", "namespace_code": "5afb12h4", "vendor_id": 456,
		"created_on": "2021-01-01T00:00:00+0000", "updated_on": "2021-01-01T00:00:00+0000"})
	put(SegmentGroups, map[string]any{"id": 1234, "name": "My Audience Group", "type": "CONTEXTUAL", "organization_id": 1234, "status": true,
		"segment_subgroup": []any{map[string]any{"segment_operator": "AND", "segment_members": []any{
			map[string]any{"segment_id": 5678, "segment_type": "CONTEXTUAL"}}}}})
	put(SegmentGroupAssignments, map[string]any{"id": 1234, "segment_group_id": 1234, "strategy_id": 5678, "strategy_name": "My Strategy",
		"campaign_id": 91011, "campaign_name": "My Campaign", "advertiser_id": 121314, "advertiser_name": "My Advertiser",
		"agency_id": 151617, "agency_name": "My Agency"})
	put(TargetingSegments, map[string]any{"id": 5678, "name": "My Audience Group", "version": 1, "targeting_vendor_id": 1,
		"parent_targeting_segment_id": nil, "objective_id": 1, "uniques": 1500, "external_code": "SEG123", "wholesale_cpm": 0.25,
		"retail_cpm": 0.5, "buyable": true, "tag": "", "full_path": "My Audience Group Parent - My Audience Group", "child_count": 0,
		"vendor_name": "Vendor Name", "segment_objective_name": "Custom"})
	put(AudienceSegments, map[string]any{"id": 11, "name": "Name3", "version": 1, "parent_audience_segment_id": 10,
		"full_path": "Name1 - Name2 - Name3", "uniques": 12345, "retail_cpm": []any{map[string]any{"currency_code": "USD", "value": 1.5}},
		"wholesale_cpm": []any{map[string]any{"currency_code": "USD", "value": 1}}, "audience_vendor_id": 123, "code": nil,
		"buyable": true, "child_count": 0, "type": "3P", "taxonomy_id": 1})
	put(TargetingSegmentObjectives, map[string]any{"id": 1, "name": "Custom", "objective": "Custom", "version": 1})
	for i, v := range []map[string]any{
		{"dimension": "BSER", "name": "Chrome", "full_path": "Browser » Chrome", "value": 1, "code": "CHROME"},
		{"dimension": "BSER", "name": "Firefox", "full_path": "Browser » Firefox", "value": 2, "code": "FIREFOX"},
		{"dimension": "REGN", "name": "Bavaria", "full_path": "Germany » Bavaria", "value": 3, "code": "DE-BY"},
	} {
		v["id"] = i + 1
		v["sortable_name"] = v["name"]
		put(TechnologyTargetValues, v)
	}
	put(EntityGroups, map[string]any{"id": 1, "version": 1, "name": "Enterprise",
		"organizations": []any{map[string]any{"id": 1, "name": "Organization 1"}},
		"agencies":      []any{map[string]any{"id": 2, "name": "Agency 2", "organization": map[string]any{"id": 1, "name": "Organization 1"}}},
		"advertisers": []any{map[string]any{"id": 3, "name": "Advertiser 3",
			"agency": map[string]any{"id": 2, "name": "Agency 2"}, "organization": map[string]any{"id": 1, "name": "Organization 1"}}},
		"controls": map[string]any{
			"campaigns":  []any{map[string]any{"field": "goal_type", "constraint_type": "one_of", "constraint_values": []any{"cpa", "cpc"}, "default_values": "cpa"}},
			"strategies": []any{map[string]any{"field": "max_bid", "constraint_type": "between", "constraint_values": []any{0.5, 20}, "default_values": 1.5}},
		}})
}

// audiences serves the families; the store's history keeps each segment
// group's changes.
type audiences struct {
	st     *Store
	sg, av *resource
	asg    *resource
	tseg   *resource
	obj    *resource
	tech   *resource
	eg     *resource
	// location holds each strategy's location targeting (POST /targeting).
	location  map[int64][]map[string]any
	targetSeq int64
}

func newAudiences(st *Store) *audiences {
	a := &audiences{st: st}
	a.sg = &resource{st: st, coll: SegmentGroups, project: a.segmentGroupView}
	a.av = &resource{st: st, coll: AudienceVendors}
	a.asg = &resource{st: st, coll: AudienceSegments, fields: audienceSegmentFields, filter: audienceSegmentFilter, project: a.audienceSegmentView}
	a.tseg = &resource{st: st, coll: TargetingSegments, project: fullView}
	a.obj = &resource{st: st, coll: TargetingSegmentObjectives, project: objectiveView}
	a.tech = &resource{st: st, coll: TechnologyTargetValues, filter: technologyFilter}
	a.eg = &resource{st: st, coll: EntityGroups, project: entityGroupView}
	return a
}

var audienceSegmentFields = []string{"id", "name", "version", "parent_audience_segment_id", "full_path", "uniques", "retail_cpm", "code",
	"buyable", "child_count", "wholesale_cpm", "type", "taxonomy_id", "updated_on", "created_on", "audience_vendor_id"}

// ---- request bodies ----

var (
	segmentGroupFields = map[string]field{
		"name": {kind: kString, minLen: 1, maxLen: 256}, "type": describedEnum("createSegmentGroup", "type"),
		"organization_id": intField(math.MinInt32), "status": {kind: kBool},
	}
	segmentGroupCreate  = schema{fields: segmentGroupFields, required: bodies["createSegmentGroup"].Required}
	segmentGroupUpdate  = schema{fields: segmentGroupFields}
	audienceVendorField = map[string]field{
		"name": {kind: kString, maxLen: 256}, "namespace_code": {kind: kString, maxLen: 16}, "bidder_code": {kind: kString, maxLen: 16},
		"vendor_id": intField(math.MinInt32), "campaign_brain_enabled": {kind: kBool}, "provides_batch_segments": {kind: kBool},
		"mma_free_cm": {kind: kBool}, "pin_top_search": {kind: kBool}, "provider_tax": {kind: kString},
	}
	audienceVendorCreate = schema{fields: audienceVendorField, required: bodies["createAudienceVendor"].Required}
	audienceVendorUpdate = schema{fields: audienceVendorField}
)

// checkSegmentGroup checks a segment group body: its plain properties by
// sc, its subgroups by the reference's rules (operator AND or OR, members
// with segment_id and segment_type CONTEXTUAL or 3P, nothing else).
func checkSegmentGroup(sc schema, body map[string]any) []wire.ErrorItem {
	plain := make(map[string]any, len(body))
	for k, v := range body {
		if k != "segment_subgroup" {
			plain[k] = v
		}
	}
	var errs []wire.ErrorItem
	for _, e := range sc.check(plain) {
		if e.Field == "segment_subgroup" && e.Message == "is required" {
			if _, ok := body["segment_subgroup"]; ok {
				continue
			}
		}
		errs = append(errs, e)
	}
	raw, ok := body["segment_subgroup"]
	if !ok {
		return errs
	}
	subs, ok := raw.([]any)
	if !ok {
		return append(errs, invalid("segment_subgroup", "must be an array"))
	}
	for i, s := range subs {
		at := fmt.Sprintf("segment_subgroup[%d]", i)
		sub, ok := s.(map[string]any)
		if !ok {
			errs = append(errs, invalid(at, "must be an object"))
			continue
		}
		for k := range sub {
			if k != "segment_operator" && k != "segment_members" {
				errs = append(errs, invalid(at+"."+k, "unknown field"))
			}
		}
		if op, _ := sub["segment_operator"].(string); op != "AND" && op != "OR" {
			errs = append(errs, invalid(at+".segment_operator", "must be one of: AND, OR"))
		}
		members, ok := sub["segment_members"].([]any)
		if !ok {
			errs = append(errs, invalid(at+".segment_members", "must be an array"))
			continue
		}
		for j, m := range members {
			mat := fmt.Sprintf("%s.segment_members[%d]", at, j)
			mem, ok := m.(map[string]any)
			if !ok {
				errs = append(errs, invalid(mat, "must be an object"))
				continue
			}
			for k := range mem {
				if k != "segment_id" && k != "segment_type" {
					errs = append(errs, invalid(mat+"."+k, "unknown field"))
				}
			}
			if n, ok := mem["segment_id"].(json.Number); !ok {
				errs = append(errs, invalid(mat+".segment_id", "must be an integer"))
			} else if _, err := n.Int64(); err != nil {
				errs = append(errs, invalid(mat+".segment_id", "must be an integer"))
			}
			if t, _ := mem["segment_type"].(string); t != "CONTEXTUAL" && t != "3P" {
				errs = append(errs, invalid(mat+".segment_type", "must be one of: CONTEXTUAL, 3P"))
			}
		}
	}
	return errs
}

// ---- generic unversioned writes ----

// create stores body as a new record of rs's collection after check.
func (a *audiences) create(w http.ResponseWriter, r *http.Request, rs *resource, check func(map[string]any) []wire.ErrorItem) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := check(body); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := rs.st.Fill(rs.coll)(normalize(body))
	c := rs.st.colls[rs.coll]
	rec["id"] = c.seq.Next()
	c.Put(rec)
	id, _ := toInt(rec["id"])
	if rs.coll == SegmentGroups {
		a.st.logChange(SegmentGroups, id, "create", nil, rec)
	}
	a.answer(w, rs, id, http.StatusCreated)
}

// update changes the record of the path's id with body after check.
func (a *audiences) update(w http.ResponseWriter, r *http.Request, rs *resource, check func(map[string]any) []wire.ErrorItem) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := check(body); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	before := rs.st.Get(rs.coll, id)
	if before == nil {
		notFound(w, entityTypes[rs.coll], id)
		return
	}
	rs.st.colls[rs.coll].Edit(id, false, func(rec map[string]any) map[string]any {
		for k, v := range normalize(body) {
			rec[k] = v
		}
		rec["updated_on"] = now()
		return rec
	})
	if rs.coll == SegmentGroups {
		a.st.logChange(SegmentGroups, id, "update", before, rs.st.Get(rs.coll, id))
	}
	a.answer(w, rs, id, http.StatusOK)
}

func (a *audiences) answer(w http.ResponseWriter, rs *resource, id int64, status int) {
	out := rs.st.Get(rs.coll, id)
	if rs.project != nil {
		out, _ = rs.project(out, url.Values{}, true)
	}
	fake.WriteData(w, status, out, nil)
}

// ---- projections and filters ----

// memberDetails are the details a list and an extended get add to a
// segment group's member: the targeting segment's where the store holds
// it, else the reference's example values.
func (st *Store) memberDetails(id int64) map[string]any {
	out := map[string]any{"name": "My Audience Group", "full_path": "My Audience Group Parent - My Audience Group",
		"objective": "Custom", "cpm": 0.5, "code": "SEG123", "uniques": int64(1500)}
	if seg := st.Get(TargetingSegments, id); seg != nil {
		out["name"], out["full_path"], out["cpm"] = seg["name"], seg["full_path"], seg["retail_cpm"]
		out["code"], out["uniques"] = seg["external_code"], seg["uniques"]
	}
	return out
}

// segmentGroupView adds the members' details to a list's records and to
// an extended get (currency_code must have three letters).
func (a *audiences) segmentGroupView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if c := q.Get("currency_code"); c != "" && len([]rune(c)) != 3 {
		return nil, []wire.ErrorItem{invalid("currency_code", "must have 3 characters")}
	}
	if e := q.Get("extended"); e != "" && e != "true" && e != "false" {
		return nil, []wire.ErrorItem{invalid("extended", "must be a boolean")}
	}
	if single && q.Get("extended") != "true" {
		return rec, nil
	}
	out := clone(rec)
	subs, _ := out["segment_subgroup"].([]any)
	for _, s := range subs {
		sub, _ := s.(map[string]any)
		members, _ := sub["segment_members"].([]any)
		for _, m := range members {
			mem, _ := m.(map[string]any)
			if mem == nil {
				continue
			}
			id, _ := toInt(mem["segment_id"])
			for k, v := range a.st.memberDetails(id) {
				mem[k] = v
			}
		}
	}
	return out, nil
}

// fullView answers id, name and entity_type in a list without full=*.
func fullView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	f := q.Get("full")
	if f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	if c := q.Get("currency_code"); c != "" && len([]rune(c)) != 3 {
		return nil, []wire.ErrorItem{invalid("currency_code", "must have 3 characters")}
	}
	if single || f == "*" {
		return rec, nil
	}
	return map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}, nil
}

// contextualView shapes a targeting segment as /path_targeting_segments
// answers it.
func contextualView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	out, errs := fullView(rec, q, single)
	if errs != nil || q.Get("full") != "*" {
		return out, errs
	}
	child, _ := toInt(rec["child_count"])
	return map[string]any{"id": rec["id"], "name": rec["name"], "parent_targeting_segment_id": rec["parent_targeting_segment_id"],
		"full_path": rec["full_path"], "cpm": rec["retail_cpm"], "targeting_vendor_id": rec["targeting_vendor_id"],
		"vendor_name": rec["vendor_name"], "external_code": rec["external_code"], "segment_objective_name": rec["segment_objective_name"],
		"segment_objective_id": rec["objective_id"], "buyable": rec["buyable"], "has_children": child > 0}, nil
}

// objectiveView answers id and name in the list, the record in a get.
func objectiveView(rec map[string]any, _ url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if single {
		out := clone(rec)
		delete(out, "name")
		return out, nil
	}
	return map[string]any{"id": rec["id"], "name": rec["name"]}, nil
}

// entityGroupView answers the list item (counts and preview) in a list,
// the members in a get; the controls stay inside.
func entityGroupView(rec map[string]any, _ url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	out := clone(rec)
	controls, _ := out["controls"].(map[string]any)
	delete(out, "controls")
	if single {
		return out, nil
	}
	n := 0
	for _, c := range controls {
		l, _ := c.([]any)
		n += len(l)
	}
	count := func(k string) int { l, _ := rec[k].([]any); return len(l) }
	return map[string]any{"id": rec["id"], "name": rec["name"], "organization_count": count("organizations"),
		"agency_count": count("agencies"), "advertiser_count": count("advertisers"), "ec_count": n,
		"preview": fmt.Sprintf("%d organizations, %d agencies, %d advertisers", count("organizations"), count("agencies"), count("advertisers"))}, nil
}

// audienceSegmentFilter reads advertiser_id, only_brain_enabled, parent_id
// and with, and requires q.
func audienceSegmentFilter(st *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	if q.Get("q") == "" {
		errs = append(errs, invalid("q", "is required"))
	}
	if w := q.Get("with"); w != "" && w != "audience_vendor" {
		errs = append(errs, invalid("with", "must be audience_vendor"))
	}
	if c := q.Get("currency_code"); c != "" && len([]rune(c)) != 3 {
		errs = append(errs, invalid("currency_code", "must have 3 characters"))
	}
	parent := intParam(q, "parent_id", 0, 1, math.MaxInt64, &errs)
	intParam(q, "advertiser_id", 0, 1, math.MaxInt64, &errs)
	brain := q.Get("only_brain_enabled")
	if brain != "" && brain != "true" && brain != "false" {
		errs = append(errs, invalid("only_brain_enabled", "must be a boolean"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return func(rec map[string]any) bool {
		if parent != 0 {
			if p, _ := toInt(rec["parent_audience_segment_id"]); p != parent {
				return false
			}
		}
		if brain == "true" {
			vid, _ := toInt(rec["audience_vendor_id"])
			if v := st.Get(AudienceVendors, vid); v == nil || v["campaign_brain_enabled"] != true {
				return false
			}
		}
		return true
	}, nil
}

// audienceSegmentView embeds the vendor with with=audience_vendor.
func (a *audiences) audienceSegmentView(rec map[string]any, q url.Values, _ bool) (map[string]any, []wire.ErrorItem) {
	if q.Get("with") != "audience_vendor" {
		return rec, nil
	}
	out := clone(rec)
	vid, _ := toInt(rec["audience_vendor_id"])
	if v := a.st.Get(AudienceVendors, vid); v != nil {
		out["audience_vendor"] = v
	} else {
		out["audience_vendor"] = nil
	}
	return out, nil
}

// technologyFilter requires dimension_code and reads name and full_path
// (contains, in any case).
func technologyFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	dims := strings.Split(q.Get("dimension_code"), ",")
	if q.Get("dimension_code") == "" {
		return nil, []wire.ErrorItem{invalid("dimension_code", "is required")}
	}
	name, path := strings.ToLower(q.Get("name")), strings.ToLower(q.Get("full_path"))
	return func(rec map[string]any) bool {
		d, _ := rec["dimension"].(string)
		n, _ := rec["name"].(string)
		p, _ := rec["full_path"].(string)
		return slices.Contains(dims, d) && strings.Contains(strings.ToLower(n), name) && strings.Contains(strings.ToLower(p), path)
	}, nil
}

// ---- frequently used and CPM estimates ----

// frequent answers the top segments of coll (all when top is absent).
func (a *audiences) frequent(w http.ResponseWriter, r *http.Request, coll string, params ...string) {
	q := r.URL.Query()
	var errs []wire.ErrorItem
	for _, p := range params {
		intParam(q, p, 0, 1, math.MaxInt64, &errs)
	}
	top := intParam(q, "top", math.MaxInt32, 1, math.MaxInt32, &errs)
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	var out []map[string]any
	for _, rec := range a.st.sorted(coll) {
		if int64(len(out)) >= top {
			break
		}
		f := map[string]any{"id": rec["id"], "name": rec["name"], "friendly_name": rec["full_path"], "frequency": 1}
		if coll == TargetingSegments {
			f["external_code"], f["code"], f["retail_cpm"] = rec["external_code"], rec["external_code"], rec["retail_cpm"]
			f["objective_id"], f["targeting_vendor_id"], f["segment_objective_name"] = rec["objective_id"], rec["targeting_vendor_id"], rec["segment_objective_name"]
			f["vendor_id"], f["vendor_name"] = rec["targeting_vendor_id"], rec["vendor_name"]
		} else {
			f["code"], f["vendor_id"] = rec["code"], rec["audience_vendor_id"]
		}
		for k, v := range f {
			if v == nil {
				delete(f, k)
			}
		}
		out = append(out, f)
	}
	if out == nil {
		out = []map[string]any{}
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// estimate answers a CPM estimate of the segments of coll named by idKey
// in the include and exclude groups: the lowest and highest CPM of the
// included segments (the caller's user_cpm where sent), their sum as the
// contextual value.
func (a *audiences) estimate(w http.ResponseWriter, r *http.Request, coll, idKey string) {
	q := r.URL.Query()
	if e := q.Get("extended"); e != "" && e != "true" && e != "false" {
		badRequest(w, []wire.ErrorItem{invalid("extended", "must be a boolean")})
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	cur, _ := body["currency_code"].(string)
	if len([]rune(cur)) != 3 {
		errs = append(errs, invalid("currency_code", "must have 3 characters"))
	}
	group := func(at string, g any) []map[string]any {
		obj, ok := g.(map[string]any)
		if !ok {
			errs = append(errs, invalid(at, "must be an object"))
			return nil
		}
		for k := range obj {
			if k != "operator" && k != "segments" && !(k == "code" && idKey == "targeting_segment_id") {
				errs = append(errs, invalid(at+"."+k, "unknown field"))
			}
		}
		if op, ok := obj["operator"]; ok && op != "AND" && op != "OR" {
			errs = append(errs, invalid(at+".operator", "must be one of: AND, OR"))
		}
		segs, _ := obj["segments"].([]any)
		var out []map[string]any
		for i, s := range segs {
			sat := fmt.Sprintf("%s.segments[%d]", at, i)
			seg, _ := s.(map[string]any)
			if _, ok := seg[idKey].(json.Number); !ok {
				errs = append(errs, invalid(sat+"."+idKey, "must be an integer"))
			}
			if u, ok := seg["user_cpm"]; ok {
				n, isNum := u.(json.Number)
				f, _ := n.Float64()
				if !isNum || f < 0 {
					errs = append(errs, invalid(sat+".user_cpm", "must be a number of at least 0"))
				}
			}
			out = append(out, seg)
		}
		return out
	}
	var included []map[string]any
	for k := range body {
		if k != "currency_code" && k != "include" && k != "exclude" {
			errs = append(errs, invalid(k, "unknown field"))
		}
	}
	if inc, ok := body["include"]; ok {
		list, ok := inc.([]any)
		if !ok {
			errs = append(errs, invalid("include", "must be an array"))
		}
		for i, g := range list {
			included = append(included, group(fmt.Sprintf("include[%d]", i), g)...)
		}
	}
	if exc, ok := body["exclude"]; ok {
		group("exclude", exc)
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	lo, hi, sum := 0.0, 0.0, 0.0
	var segments []map[string]any
	for i, seg := range included {
		id, _ := toInt(normalizeValue(seg[idKey]))
		rec := a.st.Get(coll, id)
		price := 0.0
		switch {
		case seg["user_cpm"] != nil:
			price, _ = seg["user_cpm"].(json.Number).Float64()
		case coll == TargetingSegments && rec != nil:
			price, _ = toFloat(rec["retail_cpm"])
		case rec != nil:
			if m, _ := rec["retail_cpm"].([]any); len(m) > 0 {
				a, _ := m[0].(map[string]any)
				price, _ = toFloat(a["value"])
			}
		}
		if i == 0 || price < lo {
			lo = price
		}
		hi = max(hi, price)
		sum += price
		s := map[string]any{"id": id, "cpm": price, "user_cpm": normalizeValue(seg["user_cpm"])}
		if rec != nil {
			s["name"], s["full_path"], s["uniques"] = rec["name"], rec["full_path"], rec["uniques"]
			if coll == TargetingSegments {
				s["segment_objective_name"] = rec["segment_objective_name"]
			} else {
				s["code"] = rec["code"]
			}
		}
		segments = append(segments, s)
	}
	data := map[string]any{}
	if coll == TargetingSegments {
		data["cpm"] = map[string]any{"currency_code": cur, "value": sum, "includes_taxed_segments": false, "contextual_cpm_min": lo, "contextual_cpm_max": hi}
	} else {
		data["cpm"] = map[string]any{"currency_code": cur, "includes_taxed_segments": false, "audience_cpm_min": lo, "audience_cpm_max": hi}
	}
	if q.Get("extended") == "true" {
		if segments == nil {
			segments = []map[string]any{}
		}
		data["segments"] = segments
	}
	fake.WriteData(w, http.StatusOK, data, nil)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// ---- handlers ----

func (h *handler) listSegmentGroups(w http.ResponseWriter, r *http.Request) { h.aud.sg.list(w, r) }

func (h *handler) createSegmentGroup(w http.ResponseWriter, r *http.Request) {
	h.aud.create(w, r, h.aud.sg, func(b map[string]any) []wire.ErrorItem { return checkSegmentGroup(segmentGroupCreate, b) })
}

func (h *handler) getSegmentGroup(w http.ResponseWriter, r *http.Request) {
	h.aud.sg.get(w, withID(r, "segment_group_id"))
}

func (h *handler) updateSegmentGroup(w http.ResponseWriter, r *http.Request) {
	h.aud.update(w, withID(r, "segment_group_id"), h.aud.sg, func(b map[string]any) []wire.ErrorItem { return checkSegmentGroup(segmentGroupUpdate, b) })
}

func (h *handler) getSegmentGroupHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "segment_group_id"), SegmentGroups, SegmentGroups)
}

func (h *handler) listSegmentGroupAssignments(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "segment_group_id")
	id, limit, offset, ok := pagedID(w, r)
	if !ok {
		return
	}
	if !h.aud.st.colls[SegmentGroups].Has(id) {
		notFound(w, "segment_group", id)
		return
	}
	var out []map[string]any
	for _, rec := range h.aud.st.sorted(SegmentGroupAssignments) {
		if g, _ := toInt(rec["segment_group_id"]); g == id {
			delete(rec, "segment_group_id")
			delete(rec, "entity_type")
			delete(rec, "created_on")
			delete(rec, "updated_on")
			out = append(out, rec)
		}
	}
	writePage(w, r, out, limit, offset)
}

func (h *handler) listAudienceVendors(w http.ResponseWriter, r *http.Request) { h.aud.av.list(w, r) }

func (h *handler) createAudienceVendor(w http.ResponseWriter, r *http.Request) {
	h.aud.create(w, r, h.aud.av, audienceVendorCreate.check)
}

func (h *handler) getAudienceVendor(w http.ResponseWriter, r *http.Request) {
	h.aud.av.get(w, withID(r, "audience_vendor_id"))
}

func (h *handler) updateAudienceVendor(w http.ResponseWriter, r *http.Request) {
	h.aud.update(w, withID(r, "audience_vendor_id"), h.aud.av, audienceVendorUpdate.check)
}

func (h *handler) listPathAudienceSegments(w http.ResponseWriter, r *http.Request) {
	h.aud.asg.list(w, r)
}

func (h *handler) listFrequentlyUsedAudienceSegments(w http.ResponseWriter, r *http.Request) {
	h.aud.frequent(w, r, AudienceSegments, "advertiser_id", "campaign_id")
}

func (h *handler) estimateAudienceSegmentsCPM(w http.ResponseWriter, r *http.Request) {
	h.aud.estimate(w, r, AudienceSegments, "audience_segment_id")
}

func (h *handler) listContextualSegments(w http.ResponseWriter, r *http.Request) {
	(&resource{st: h.aud.st, coll: TargetingSegments, project: contextualView}).list(w, r)
}

func (h *handler) listFrequentlyUsedTargetingSegments(w http.ResponseWriter, r *http.Request) {
	h.aud.frequent(w, r, TargetingSegments, "advertiser_id")
}

func (h *handler) estimateContextualSegmentsCPM(w http.ResponseWriter, r *http.Request) {
	h.aud.estimate(w, r, TargetingSegments, "targeting_segment_id")
}

func (h *handler) listTargetingSegments(w http.ResponseWriter, r *http.Request) {
	h.aud.tseg.list(w, r)
}

func (h *handler) listTargetingSegmentObjectives(w http.ResponseWriter, r *http.Request) {
	h.aud.obj.list(w, r)
}

func (h *handler) getTargetingSegmentObjective(w http.ResponseWriter, r *http.Request) {
	h.aud.obj.get(w, withID(r, "objective_id"))
}

func (h *handler) listTechnologyTargetValues(w http.ResponseWriter, r *http.Request) {
	h.aud.tech.list(w, r)
}

func (h *handler) listEntityGroups(w http.ResponseWriter, r *http.Request) { h.aud.eg.list(w, r) }

func (h *handler) getEntityGroup(w http.ResponseWriter, r *http.Request) {
	h.aud.eg.get(w, withID(r, "entity_group_id"))
}

func (h *handler) listEntityGroupControls(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "entity_group_id")
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	typ := r.PathValue("entity_type")
	known := []string{"agencies", "advertisers", "campaigns", "strategies", "deals", "atomic_creatives", "strategy_supply_sources"}
	if !slices.Contains(known, typ) {
		badRequest(w, []wire.ErrorItem{invalid("entity_type", "must be one of: %s", strings.Join(known, ", "))})
		return
	}
	rec := h.aud.st.Get(EntityGroups, id)
	if rec == nil {
		notFound(w, "entity_group", id)
		return
	}
	controls, _ := rec["controls"].(map[string]any)
	list, _ := controls[typ].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, c := range list {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m)
		}
	}
	writePage(w, r, out, int64(len(out)+1), 0)
}

func (h *handler) getEntityGroupHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "entity_group_id"), EntityGroups, EntityGroups)
}

// ---- strategy targeting ----

// targetingKeys are the properties of a targeting body and of its parts.
var targetingKeys = map[string][]string{
	"":           {"audience", "contextual", "my_data", "location", "technology", "day_parts"},
	"audience":   {"include", "exclude"},
	"contextual": {"include", "exclude"},
	"location":   {"include", "exclude"},
	"technology": {"include", "exclude"},
	"my_data":    {"include", "exclude"},
}

// checkTargeting returns the problems of a POST /targeting body: strategy_id
// a non-empty array of integers, known parts, each dimension group with
// its target_value_ids (an included one with code and operator AND or
// OR), day parts with start_hour, end_hour (0 to 23) and days.
func checkTargeting(body map[string]any) []wire.ErrorItem {
	var errs []wire.ErrorItem
	for k := range body {
		if k != "strategy_id" && k != "targeting" {
			errs = append(errs, invalid(k, "unknown field"))
		}
	}
	ids, ok := body["strategy_id"].([]any)
	if !ok || len(ids) == 0 {
		errs = append(errs, invalid("strategy_id", "is required: an array of strategy ids"))
	}
	for i, id := range ids {
		if n, ok := id.(json.Number); !ok {
			errs = append(errs, invalid(fmt.Sprintf("strategy_id[%d]", i), "must be an integer"))
		} else if _, err := n.Int64(); err != nil {
			errs = append(errs, invalid(fmt.Sprintf("strategy_id[%d]", i), "must be an integer"))
		}
	}
	tg, _ := body["targeting"].(map[string]any)
	if raw, ok := body["targeting"]; ok && tg == nil {
		errs = append(errs, invalid("targeting", "must be an object, not %v", raw))
	}
	for k, part := range tg {
		if !slices.Contains(targetingKeys[""], k) {
			errs = append(errs, invalid("targeting."+k, "unknown field"))
			continue
		}
		if k == "day_parts" {
			list, _ := part.([]any)
			for i, d := range list {
				dp, _ := d.(map[string]any)
				at := fmt.Sprintf("targeting.day_parts[%d]", i)
				for _, h := range []string{"start_hour", "end_hour"} {
					n, _ := toInt(normalizeValue(dp[h]))
					if _, ok := dp[h].(json.Number); !ok || n < 0 || n > 23 {
						errs = append(errs, invalid(at+"."+h, "must be an integer between 0 and 23"))
					}
				}
				days, ok := dp["days"].([]any)
				if !ok {
					errs = append(errs, invalid(at+".days", "is required"))
				}
				for j, day := range days {
					if s, _ := day.(string); !strings.Contains("MTWRFSU", s) || len(s) != 1 {
						errs = append(errs, invalid(fmt.Sprintf("%s.days[%d]", at, j), "must be one of: M, T, W, R, F, S, U"))
					}
				}
			}
			continue
		}
		obj, _ := part.(map[string]any)
		for side, groups := range obj {
			at := "targeting." + k + "." + side
			if !slices.Contains(targetingKeys[k], side) {
				errs = append(errs, invalid(at, "unknown field"))
				continue
			}
			if k == "my_data" || k == "audience" {
				continue
			}
			list, _ := groups.([]any)
			for i, g := range list {
				gr, _ := g.(map[string]any)
				gat := fmt.Sprintf("%s[%d]", at, i)
				if _, ok := gr["target_value_ids"].([]any); !ok {
					errs = append(errs, invalid(gat+".target_value_ids", "is required"))
				}
				if side == "include" {
					if c, _ := gr["code"].(string); c == "" {
						errs = append(errs, invalid(gat+".code", "is required"))
					}
				}
				if op, ok := gr["operator"]; (ok || side == "include") && op != "AND" && op != "OR" {
					errs = append(errs, invalid(gat+".operator", "must be one of: AND, OR"))
				}
			}
		}
	}
	return errs
}

// addTargeting records the location targeting of the body for each
// strategy and answers every location entry of those strategies.
func (a *audiences) addTargeting(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := checkTargeting(body); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	a.st.mu.Lock()
	defer a.st.mu.Unlock()
	// A strategy the store does not hold is refused on its own, by its
	// position in the request; the others take the targeting (207).
	var strategies []int64
	var refused []wire.ErrorItem
	for i, id := range body["strategy_id"].([]any) {
		n, _ := id.(json.Number).Int64()
		if !a.st.colls[Strategies].Has(n) {
			refused = append(refused, wire.ErrorItem{Code: "not_found", Field: "strategy_id[" + strconv.Itoa(i) + "]", Message: fmt.Sprintf("strategy %d not found", n)})
			continue
		}
		strategies = append(strategies, n)
	}
	tg, _ := body["targeting"].(map[string]any)
	loc, _ := tg["location"].(map[string]any)
	if a.location == nil {
		a.location = map[int64][]map[string]any{}
	}
	for _, side := range []string{"include", "exclude"} {
		groups, _ := loc[side].([]any)
		for _, g := range groups {
			gr, _ := g.(map[string]any)
			code, _ := gr["code"].(string)
			op, _ := gr["operator"].(string)
			if op == "" {
				op = "OR"
			}
			vals, _ := gr["target_value_ids"].([]any)
			for _, v := range vals {
				vid, _ := toInt(normalizeValue(v))
				name, vcode := "Target value "+strconv.FormatInt(vid, 10), strconv.FormatInt(vid, 10)
				if t, ok := a.st.colls[Targets].Get(vid); ok {
					name, _ = t["name"].(string)
					if c, ok := t["dimension_code"].(string); ok && code == "" {
						code = c
					}
				}
				for _, s := range strategies {
					a.targetSeq++
					a.location[s] = append(a.location[s], map[string]any{
						"strategy_id": s, "strategy_target_id": a.targetSeq, "strategy_target_exclude": side == "exclude",
						"strategy_target_active": true, "strategy_target_operator": op, "strategy_target_value_id": a.targetSeq,
						"target_dimension_code": code, "target_dimension_name": code, "target_value_id": vid,
						"target_value_name": name, "target_value_value": vid, "target_value_code": vcode, "strategy_count": len(strategies),
					})
				}
			}
		}
	}
	out := []map[string]any{}
	for _, s := range strategies {
		out = append(out, a.location[s]...)
	}
	if len(refused) > 0 {
		fake.WriteJSON(w, http.StatusMultiStatus, map[string]any{"data": map[string]any{"location": out},
			"meta": map[string]any{"status": "partial_success", "count": len(out)}, "errors": refused})
		return
	}
	fake.WriteData(w, http.StatusOK, map[string]any{"location": out}, map[string]any{"status": "success", "count": len(out)})
}

func (h *handler) addStrategyTargeting(w http.ResponseWriter, r *http.Request) {
	h.aud.addTargeting(w, r)
}
