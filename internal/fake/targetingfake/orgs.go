package targetingfake

import (
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the organizations family.
const (
	Organizations = "organizations"
	Agencies      = "agencies"
)

// The bodies of organizations and agencies: required properties and value
// sets from the description (bodies), types and limits as the reference
// states them. Arrays are checked by orgArrays.
var (
	organizationFields = map[string]field{
		"name": {kind: kString, minLen: 1, maxLen: 64}, "status": {kind: kBool},
		"website": {kind: kString, maxLen: 512, nullable: true}, "facebook": {kind: kString, maxLen: 512, nullable: true},
		"linkedin": {kind: kString, maxLen: 512, nullable: true}, "twitter": {kind: kString, maxLen: 512, nullable: true},
		"allow_x_agency_pixels": {kind: kBool}, "allow_byo_price": {kind: kBool}, "opt_out_connected_id": {kind: kBool},
		"opt_out_connected_id_mathid": {kind: kBool}, "override_suspicious_traffic_filter": {kind: kBool},
		"restrict_targeting_to_same_device_id": {kind: kBool}, "restrict_targeting_to_deterministic_id": {kind: kBool},
		"suspicious_traffic_filter_level": intField(0), "use_ads_txt": {kind: kBool},
		"use_evidon_optout": {kind: kBool, nullable: true}, "eligible_for_data_sharing": {kind: kBool},
		"holding_org_id": {kind: kInt, min: math.MinInt32, nullable: true}, "service_provider_ccpa": {kind: kBool},
		"mfa_avoidance":   describedEnum("createOrganization", "mfa_avoidance"),
		"mm_contact_name": {kind: kString, maxLen: 64}, "adx_seat_account_id": intField(1),
		"connected_id_type": describedEnum("createOrganization", "connected_id_type"),
		"contact_name":      {kind: kString, maxLen: 64}, "address_1": {kind: kString, maxLen: 256},
		"address_2": {kind: kString, maxLen: 256, nullable: true}, "city": {kind: kString, maxLen: 32},
		"state": {kind: kString, maxLen: 2}, "zip": {kind: kString, maxLen: 10}, "country": {kind: kString, maxLen: 2},
		"phone": {kind: kString, maxLen: 24}, "currency_code": {kind: kString, maxLen: 3}, "billing_country_code": {kind: kString},
		"dmp_enabled": describedEnum("createOrganization", "dmp_enabled"), "mcp_enabled": {kind: kBool},
		"mcp_access_level":  describedEnum("createOrganization", "mcp_access_level"),
		"inf_business_unit": {kind: kString, nullable: true}, "environment": {kind: kString, nullable: true},
	}
	organizationCreate = schema{fields: organizationFields, required: bodies["createOrganization"].Required}
	organizationUpdate = schema{fields: with(organizationFields, map[string]field{"version": intField(math.MinInt32), "terminated": {kind: kBool}}),
		required: bodies["updateOrganization"].Required}

	agencyFields = map[string]field{
		"ads_txt_verified": describedEnum("createAgency", "ads_txt_verified"), "allow_x_adv_optimization": {kind: kBool},
		"allow_x_adv_pixels": {kind: kBool}, "dmp_enabled": describedEnum("createAgency", "dmp_enabled"),
		"eligible_for_data_sharing": {kind: kBool}, "name": {kind: kString, minLen: 1, maxLen: 64},
		"logo": {kind: kString, maxLen: 1024}, "mfa_avoidance": describedEnum("createAgency", "mfa_avoidance"),
	}
	agencyCreate = schema{fields: with(agencyFields, map[string]field{"organization_id": intField(1)}), required: bodies["createAgency"].Required}
	agencyUpdate = schema{fields: with(agencyFields, map[string]field{"version": intField(0)}), required: bodies["updateAgency"].Required}

	userFieldRules = map[string]field{
		"title": {kind: kString, maxLen: 64}, "active": {kind: kBool}, "language": {kind: kString}, "zone_name": {kind: kString},
		"phone": {kind: kString, maxLen: 24},
	}
	userCreate = schema{fields: with(userFieldRules, map[string]field{"first_name": {kind: kString, minLen: 1, maxLen: 32},
		"last_name": {kind: kString, minLen: 1, maxLen: 32}, "username": {kind: kString, minLen: 1, maxLen: 255}}),
		required: bodies["createUser"].Required}
	userUpdate = schema{fields: with(userFieldRules, map[string]field{"first_name": {kind: kString}, "last_name": {kind: kString},
		"version": intField(math.MinInt32), "password": {kind: kString, minLen: 8, maxLen: 30}}),
		required: bodies["updateUser"].Required}
)

// userArrays are a user's array properties: roles, ids from 1 to 32767.
var userArrays = map[string]func(string, any) []wire.ErrorItem{
	"roles": func(k string, v any) []wire.ErrorItem {
		list, ok := v.([]any)
		if !ok {
			return []wire.ErrorItem{invalid(k, "must be an array of role ids")}
		}
		var errs []wire.ErrorItem
		for i, x := range list {
			n, isNum := x.(json.Number)
			id, err := n.Int64()
			if !isNum || err != nil || id < 1 || id > math.MaxInt16 {
				errs = append(errs, invalid(k+"["+strconv.Itoa(i)+"]", "must be a role id between 1 and 32767"))
			}
		}
		return errs
	},
}

// orgFamily serves organizations, agencies and v3 user records, their
// histories (kept in the store's history), organization settings and the
// audit logs by id list. Its lock is taken after the store's, never
// before.
type orgFamily struct {
	st       *Store
	org, agc *resource
	mu       sync.Mutex
	// orgSettings and userSettings are the settings of organizations and
	// of users, under mu.
	orgSettings, userSettings *settingsOf
	// usr serves the v3 user records, kept in the Permissions collection
	// beside each user's grants (one user, two views).
	usr *resource
	// lk serves the read-only lists.
	lk *lookups
}

func newOrgFamily(st *Store) *orgFamily {
	f := &orgFamily{st: st,
		orgSettings:  &settingsOf{coll: Organizations, key: "key", lists: map[int64][]map[string]any{}, answer: organizationSettingsAnswer},
		userSettings: &settingsOf{coll: Permissions, key: "name", lists: map[int64][]map[string]any{}, answer: userSettingsAnswer}}
	f.usr = &resource{st: st, coll: Permissions, create: userCreate, update: userUpdate, project: userView}
	f.lk = newLookups(st)
	f.org = &resource{st: st, coll: Organizations, create: organizationCreate, update: organizationUpdate, project: organizationView}
	f.agc = &resource{st: st, coll: Agencies, create: agencyCreate, update: agencyUpdate, project: f.agencyView}
	return f
}

// checkBody checks body against sc, the arrays (which sc leaves out) by
// their own checks.
func checkBody(sc schema, body map[string]any, arrays map[string]func(string, any) []wire.ErrorItem) []wire.ErrorItem {
	rest := make(map[string]any, len(body))
	var errs []wire.ErrorItem
	for k, v := range body {
		if chk, ok := arrays[k]; ok {
			errs = append(errs, chk(k, v)...)
			continue
		}
		rest[k] = v
	}
	// A required array sent is present, though sc does not see it.
	sc.required = slices.DeleteFunc(slices.Clone(sc.required), func(k string) bool {
		_, sent := body[k]
		return arrays[k] != nil && sent
	})
	return append(sc.check(rest), errs...)
}

// orgArrays are the organization's array properties: org_type (unique
// values of the described set) and seats (exchange_seat objects).
var orgArrays = map[string]func(string, any) []wire.ErrorItem{
	"org_type": func(k string, v any) []wire.ErrorItem {
		list, ok := v.([]any)
		if !ok {
			return []wire.ErrorItem{invalid(k, "must be an array")}
		}
		var errs []wire.ErrorItem
		seen := map[string]bool{}
		for i, x := range list {
			s, _ := x.(string)
			if s != "buyer" && s != "partner" {
				errs = append(errs, invalid(k+"["+strconv.Itoa(i)+"]", "must be one of: buyer, partner"))
			} else if seen[s] {
				errs = append(errs, invalid(k+"["+strconv.Itoa(i)+"]", "listed twice"))
			}
			seen[s] = true
		}
		return errs
	},
	"seats": func(k string, v any) []wire.ErrorItem {
		if v == nil {
			return nil
		}
		list, ok := v.([]any)
		if !ok {
			return []wire.ErrorItem{invalid(k, "must be an array")}
		}
		var errs []wire.ErrorItem
		for i, x := range list {
			p := k + "[" + strconv.Itoa(i) + "]"
			m, ok := x.(map[string]any)
			if !ok {
				errs = append(errs, invalid(p, "must be an object"))
				continue
			}
			if _, ok := m["supply_source_id"].(json.Number); !ok {
				errs = append(errs, invalid(p+".supply_source_id", "is required: an integer"))
			}
			if s, ok := m["seat_identifier"].(string); !ok || s == "" {
				errs = append(errs, invalid(p+".seat_identifier", "is required: a string"))
			}
		}
		return errs
	},
}

// seatsOut turns the seats sent into the answer's form, each inside data
// with its id, version and dates.
func seatsOut(v any, next func() int64) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, 0, len(list))
	ts := now()
	for _, x := range list {
		m, _ := x.(map[string]any)
		s := normalize(m)
		for k, d := range map[string]any{"bill_media_to_client": true, "rmx_exchange_cost_unit": "PCT_MEDIA", "status": true} {
			if _, ok := s[k]; !ok {
				s[k] = d
			}
		}
		s["id"], s["version"], s["created_on"], s["updated_on"] = next(), int64(1), ts, ts
		out = append(out, map[string]any{"data": s})
	}
	return out
}

// write creates (id 0) or changes a record of rs's collection from body,
// logging the change; it answers the record as rs projects it.
func (f *orgFamily) write(w http.ResponseWriter, r *http.Request, rs *resource, id int64, defaults map[string]any, arrays map[string]func(string, any) []wire.ErrorItem) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	sc := rs.create
	if id != 0 {
		sc = rs.update
	}
	if errs := checkBody(sc, body, arrays); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	if err := f.parentCheck(rs.coll, body); err != nil {
		badRequest(w, []wire.ErrorItem{*err})
		return
	}
	in := normalize(body)
	delete(in, "password") // taken, never kept or answered
	var seq int64
	if s, ok := in["seats"]; ok {
		in["seats"] = seatsOut(s, func() int64 { seq++; return seq })
	}
	st := rs.st
	st.mu.Lock()
	c := st.colls[rs.coll]
	var out, before map[string]any
	status := http.StatusOK
	if id == 0 {
		for k, v := range defaults {
			if _, ok := in[k]; !ok {
				in[k] = v
			}
		}
		delete(in, "id")
		id = st.addLocked(rs.coll, in)
		out, _ = c.Get(id)
		status = http.StatusCreated
	} else {
		rec, exists := c.Get(id)
		if !exists {
			st.mu.Unlock()
			notFound(w, entityTypes[rs.coll], id)
			return
		}
		sent, _ := toInt(in["version"])
		if p := c.Fresh(id, &sent); p != nil {
			st.mu.Unlock()
			fake.WriteErrors(w, p.Status, p.Item())
			return
		}
		before = clone(rec)
		for k, v := range in {
			if k != "version" {
				rec[k] = v
			}
		}
		rec["updated_on"] = now()
		out, _ = c.Update(id, &sent, rec)
	}
	st.mu.Unlock()
	action := "update"
	if before == nil {
		action = "create"
	}
	st.logChange(rs.coll, id, action, before, out)
	if rs.project != nil {
		out, _ = rs.project(out, url.Values{}, true)
	}
	fake.WriteData(w, status, out, nil)
}

// parentCheck refuses an agency of an organization the store does not
// hold (when it holds any).
func (f *orgFamily) parentCheck(coll string, body map[string]any) *wire.ErrorItem {
	if coll != Agencies {
		return nil
	}
	oid, ok := toInt(body["organization_id"])
	if !ok || f.st.Len(Organizations) == 0 || f.st.Get(Organizations, oid) != nil {
		return nil
	}
	e := invalid("organization_id", "organization %d not found", oid)
	return &e
}

// fullOnly reads full (only * or absent).
func fullOnly(q url.Values) []wire.ErrorItem {
	if f := q.Get("full"); f != "" && f != "*" {
		return []wire.ErrorItem{invalid("full", "must be *")}
	}
	return nil
}

// organizationView shapes an organization: a list without full=* holds
// id, name and entity_type.
func organizationView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if errs := fullOnly(q); errs != nil {
		return nil, errs
	}
	if !single && q.Get("full") == "" {
		return map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}, nil
	}
	return rec, nil
}

// agencyView shapes an agency: a list without full=* holds id, name and
// entity_type; with=organization embeds the organization; a get with
// extended=true adds the avoidance inherited from the organization.
func (f *orgFamily) agencyView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	errs := fullOnly(q)
	withOrg := false
	for _, w := range q["with"] {
		if w != "organization" {
			errs = append(errs, invalid("with", "must be organization"))
		}
		withOrg = true
	}
	if len(errs) > 0 {
		return nil, errs
	}
	out := rec
	if !single && q.Get("full") == "" {
		out = map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}
	}
	oid, _ := toInt(rec["organization_id"])
	org := f.st.Get(Organizations, oid)
	if withOrg {
		name := "Organization " + strconv.FormatInt(oid, 10)
		if org != nil {
			name, _ = org["name"].(string)
		}
		out["organization"] = map[string]any{"id": oid, "name": name, "entity_type": "organization", "rel": "organization"}
	}
	if single && q.Get("extended") == "true" && rec["mfa_avoidance"] == "INHERIT" {
		inh := "ALLOW_ALL"
		if s, ok := org["mfa_avoidance"].(string); ok && s != "" {
			inh = s
		}
		out["inherited_mfa_avoidance"], out["inherited_mfa_from"] = inh, "Organization"
	}
	return out, nil
}

// settingsOf is one kind of record's settings: per record of coll, a list
// of {key, value} pairs whose name property is key.
type settingsOf struct {
	coll  string
	key   string // "key" for organizations, "name" for users
	lists map[int64][]map[string]any
	// answer writes the settings list of record rec, whose id is id.
	answer func(w http.ResponseWriter, id int64, rec map[string]any, list []map[string]any)
}

// organizationSettingsAnswer answers an organization's settings with the
// organization as their entity.
func organizationSettingsAnswer(w http.ResponseWriter, id int64, org map[string]any, list []map[string]any) {
	fake.WriteData(w, http.StatusOK, map[string]any{"settings": list,
		"entity": map[string]any{"id": id, "name": org["name"], "settings_total": len(list), "type": "organization"}}, nil)
}

// userSettingsAnswer answers a user's settings in the reference's form:
// data, status and the user beside them.
func userSettingsAnswer(w http.ResponseWriter, id int64, u map[string]any, list []map[string]any) {
	fake.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"settings": list}, "status": map[string]any{"code": "ok"},
		"user": map[string]any{"id": id, "type": "user", "name": userName(u)}})
}

// answerSettings answers the settings of record id of s.coll, rec.
func (f *orgFamily) answerSettings(w http.ResponseWriter, s *settingsOf, id int64, rec map[string]any) {
	f.mu.Lock()
	list := slices.Clone(s.lists[id])
	f.mu.Unlock()
	if list == nil {
		list = []map[string]any{}
	}
	s.answer(w, id, rec, list)
}

// getSettings answers the settings of the record of the path.
func (f *orgFamily) getSettings(w http.ResponseWriter, r *http.Request, s *settingsOf) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	rec := f.st.Get(s.coll, id)
	if rec == nil {
		notFound(w, entityTypes[s.coll], id)
		return
	}
	f.answerSettings(w, s, id, rec)
}

// putSettings sets each setting sent to the record of the path; a null or
// empty value removes it.
func (f *orgFamily) putSettings(w http.ResponseWriter, r *http.Request, s *settingsOf) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	unknownFields(body, "", []string{"settings"}, &errs)
	list, isList := body["settings"].([]any)
	if !isList {
		errs = append(errs, invalid("settings", "must be an array"))
	}
	type change struct {
		key   string
		value *string
	}
	var changes []change
	for i, x := range list {
		p := "settings[" + strconv.Itoa(i) + "]"
		m, _ := x.(map[string]any)
		key, _ := m[s.key].(string)
		if strings.TrimSpace(key) == "" {
			errs = append(errs, invalid(p+"."+s.key, "is required: a string"))
			continue
		}
		var val *string
		switch v := m["value"].(type) {
		case nil:
		case string:
			if v != "" {
				val = &v
			}
		default:
			errs = append(errs, invalid(p+".value", "must be a string or null"))
		}
		changes = append(changes, change{key, val})
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec := f.st.Get(s.coll, id)
	if rec == nil {
		notFound(w, entityTypes[s.coll], id)
		return
	}
	f.mu.Lock()
	cur := s.lists[id]
	for _, c := range changes {
		i := slices.IndexFunc(cur, func(e map[string]any) bool { return e[s.key] == c.key })
		switch {
		case c.value == nil && i >= 0:
			cur = slices.Delete(cur, i, i+1)
		case c.value != nil && i >= 0:
			cur[i] = map[string]any{s.key: c.key, "value": *c.value}
		case c.value != nil:
			cur = append(cur, map[string]any{s.key: c.key, "value": *c.value})
		}
	}
	s.lists[id] = cur
	f.mu.Unlock()
	f.answerSettings(w, s, id, rec)
}

// ---- organizations ----

func (h *handler) listOrganizations(w http.ResponseWriter, r *http.Request) { h.orgs.org.list(w, r) }

func (h *handler) createOrganization(w http.ResponseWriter, r *http.Request) {
	h.orgs.write(w, r, h.orgs.org, 0, map[string]any{"terminated": false, "org_type": []any{"buyer"}, "mcp_enabled": false}, orgArrays)
}

func (h *handler) getOrganization(w http.ResponseWriter, r *http.Request) {
	h.orgs.org.get(w, withID(r, "organization_id"))
}

func (h *handler) updateOrganization(w http.ResponseWriter, r *http.Request) {
	if id, ok := pathID(w, withID(r, "organization_id")); ok {
		h.orgs.write(w, r, h.orgs.org, id, nil, orgArrays)
	}
}

func (h *handler) getOrganizationHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "organization_id"), Organizations, Organizations)
}

func (h *handler) auditLogOrganizations(w http.ResponseWriter, r *http.Request) {
	h.st.serveAuditLog(w, r, Organizations)
}

func (h *handler) getOrganizationSettings(w http.ResponseWriter, r *http.Request) {
	h.orgs.getSettings(w, withID(r, "organization_id"), h.orgs.orgSettings)
}

func (h *handler) updateOrganizationSettings(w http.ResponseWriter, r *http.Request) {
	h.orgs.putSettings(w, withID(r, "organization_id"), h.orgs.orgSettings)
}

// ---- agencies ----

func (h *handler) listAgencies(w http.ResponseWriter, r *http.Request) { h.orgs.agc.list(w, r) }

func (h *handler) createAgency(w http.ResponseWriter, r *http.Request) {
	h.orgs.write(w, r, h.orgs.agc, 0, map[string]any{"dmp_enabled": "inherits", "mfa_avoidance": "INHERIT",
		"allow_x_adv_optimization": false, "allow_x_adv_pixels": false, "eligible_for_data_sharing": false}, nil)
}

func (h *handler) getAgency(w http.ResponseWriter, r *http.Request) {
	h.orgs.agc.get(w, withID(r, "agency_id"))
}

func (h *handler) updateAgency(w http.ResponseWriter, r *http.Request) {
	if id, ok := pathID(w, withID(r, "agency_id")); ok {
		h.orgs.write(w, r, h.orgs.agc, id, nil, nil)
	}
}

func (h *handler) getAgencyHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "agency_id"), Agencies, Agencies)
}

func (h *handler) auditLogAgencies(w http.ResponseWriter, r *http.Request) {
	h.st.serveAuditLog(w, r, Agencies)
}

func (h *handler) auditLogAdvertisers(w http.ResponseWriter, r *http.Request) {
	h.st.serveAuditLog(w, r, Advertisers)
}

// userView shapes a user record: a list holds id and name; one user its
// fields as user_response has them, its grants by level in permissions.
func userView(rec map[string]any, _ url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if !single {
		return map[string]any{"id": rec["id"], "name": userName(rec)}, nil
	}
	out := map[string]any{}
	for _, k := range userFields {
		if v, ok := rec[k]; ok {
			out[k] = v
		}
	}
	out["permissions"] = grants(rec, false)
	return out, nil
}

// userName is a user's name as lists answer it.
func userName(rec map[string]any) string {
	first, _ := rec["first_name"].(string)
	last, _ := rec["last_name"].(string)
	if n := strings.TrimSpace(first + " " + last); n != "" {
		return n
	}
	s, _ := rec["username"].(string)
	return s
}

// ---- users ----

func (h *handler) listUsers(w http.ResponseWriter, r *http.Request) { h.orgs.usr.list(w, r) }

func (h *handler) createUser(w http.ResponseWriter, r *http.Request) {
	h.orgs.write(w, r, h.orgs.usr, 0, map[string]any{"active": true, "type": "AGENCY", "role": "MANAGER", "scope": "SELECT",
		"link_ldap": false, "link_saml": false, "view_organizations": false, "edit_campaigns": true,
		"edit_margins_and_performance": false, "access_internal_fees": false, "view_segments": false, "edit_segments": false,
		"view_data_definition": false, "edit_data_definition": false, "view_dmp_reports": false, "creator_id": int64(1),
		"last_login_on": nil, "language": "en", "zone_name": "UTC"}, userArrays)
}

func (h *handler) getUser(w http.ResponseWriter, r *http.Request) {
	if e := r.URL.Query().Get("extended"); e != "" && e != "true" && e != "false" {
		badRequest(w, []wire.ErrorItem{invalid("extended", "must be true or false")})
		return
	}
	h.orgs.usr.get(w, withID(r, "user_id"))
}

func (h *handler) updateUser(w http.ResponseWriter, r *http.Request) {
	if id, ok := pathID(w, withID(r, "user_id")); ok {
		h.orgs.write(w, r, h.orgs.usr, id, nil, userArrays)
	}
}

func (h *handler) getUserHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "user_id"), Permissions, Permissions)
}

func (h *handler) getUserSettings(w http.ResponseWriter, r *http.Request) {
	h.orgs.getSettings(w, withID(r, "user_id"), h.orgs.userSettings)
}

func (h *handler) updateUserSettings(w http.ResponseWriter, r *http.Request) {
	h.orgs.putSettings(w, withID(r, "user_id"), h.orgs.userSettings)
}
