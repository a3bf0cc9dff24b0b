package targetingfake

import (
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/qlang"
)

// Permissions is the collection of users and their permissions. One
// record per user, its id the user id: the user's fields as
// permission_user_output has them (username, first_name, type, role,
// scope, flags, roles, ...) and, per level, the user's permissions as
// lists of permission_<level> objects: "organizations" items carry
// organization_id, "agencies" agency_id, "advertisers" advertiser_id,
// "campaigns" campaign_id and "strategies" strategy_id, each with create,
// read, update, delete and optionally inherited_from. An item may also
// carry name, dmp_enabled and value (the v2 format's entity fields) and
// organization_id or agency_id (its parent).
const Permissions = "user_permissions"

// permissionLevels are the levels of the hierarchy with the id field of
// their permission items.
var permissionLevels = []struct{ name, idField string }{
	{"organizations", "organization_id"}, {"agencies", "agency_id"}, {"advertisers", "advertiser_id"},
	{"campaigns", "campaign_id"}, {"strategies", "strategy_id"},
}

// userFields are the fields of permission_user_output, which the
// per-campaign and per-strategy listings answer, sort and filter by.
var userFields = []string{"id", "entity_type", "username", "active", "version", "title", "first_name", "last_name", "link_ldap",
	"link_saml", "phone", "mobile", "fax", "type", "role", "scope", "view_organizations", "edit_campaigns",
	"edit_margins_and_performance", "labs_enable_rmx", "creator_id", "created_on", "updated_on", "last_login_on",
	"access_internal_fees", "view_segments", "edit_segments", "view_data_definition", "edit_data_definition",
	"view_dmp_reports", "email", "permissions", "roles", "language", "zone_name"}

// v2Flags are the fields of permission_v2_flags.
var v2Flags = []string{"type", "role", "scope", "view_segments", "view_organizations", "edit_margins_and_performance",
	"access_internal_fees", "edit_segments", "edit_campaigns", "view_data_definition", "view_dmp_reports", "edit_data_definition"}

type permissions struct{ st *Store }

// user returns a copy of the user's record, or nil.
func (p *permissions) user(id int64) map[string]any { return p.st.Get(Permissions, id) }

// items returns the user's permission items at level.
func items(u map[string]any, level string) []map[string]any {
	list, _ := u[level].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// flagsOf returns the permission_flags part of an item.
func flagsOf(it map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"create", "read", "update", "delete"} {
		b, _ := it[k].(bool)
		out[k] = b
	}
	if s, ok := it["inherited_from"].(string); ok && s != "" {
		out["inherited_from"] = s
	}
	return out
}

// permissionItem returns the permission_<level> answer of an item.
func permissionItem(it map[string]any, idField string) map[string]any {
	out := flagsOf(it)
	out[idField] = it[idField]
	return out
}

// paging reads page_limit and page_offset.
func paging(q url.Values, errs *[]wire.ErrorItem) (limit, offset int64) {
	limit = intParam(q, "page_limit", defaultPageLimit, 1, maxPageLimit, errs)
	offset = intParam(q, "page_offset", 0, 0, maxPageOffset, errs)
	return limit, offset
}

// pagedID reads the path's {id} and the paging parameters, answering 400
// when either does not fit.
func pagedID(w http.ResponseWriter, r *http.Request) (id, limit, offset int64, ok bool) {
	if id, ok = pathID(w, r); !ok {
		return 0, 0, 0, false
	}
	var errs []wire.ErrorItem
	limit, offset = paging(r.URL.Query(), &errs)
	if len(errs) > 0 {
		badRequest(w, errs)
		return 0, 0, 0, false
	}
	return id, limit, offset, true
}

// window returns the part of n items a page covers.
func window(n int, limit, offset int64) (int, int) {
	lo := min(int(offset), n)
	return lo, min(lo+int(limit), n)
}

// writePage answers the page of all that limit and offset select, in the
// list form (writeListPage).
func writePage(w http.ResponseWriter, r *http.Request, all []map[string]any, limit, offset int64) {
	lo, hi := window(len(all), limit, offset)
	writeListPage(w, r, all[lo:hi], int64(len(all)), int64(lo), int64(hi), limit, offset)
}

// idList reads a JSON array of int32 ids at field of body.
func idList(body map[string]any, field string, errs *[]wire.ErrorItem) ([]int64, bool) {
	raw, ok := body[field]
	if !ok {
		return nil, false
	}
	list, isList := raw.([]any)
	if !isList {
		*errs = append(*errs, invalid(field, "must be an array of integer ids"))
		return nil, true
	}
	out := make([]int64, 0, len(list))
	for i, x := range list {
		id, ok := toInt(x)
		if _, isStr := x.(string); isStr || !ok || id < 1 || id > math.MaxInt32 {
			*errs = append(*errs, invalid(field+"["+strconv.Itoa(i)+"]", "must be a positive int32 id"))
			continue
		}
		out = append(out, id)
	}
	return out, true
}

// idsOf reads a filter body (permission_check, permission_v2_check): each
// of fields an optional array of int32 ids, nothing else.
func idsOf(body map[string]any, fields []string, errs *[]wire.ErrorItem) map[string][]int64 {
	out := map[string][]int64{}
	for _, f := range fields {
		if ids, given := idList(body, f, errs); given {
			out[f] = ids
		}
	}
	unknownFields(body, "", fields, errs)
	return out
}

// unknownFields refuses the properties of body outside allowed.
func unknownFields(body map[string]any, prefix string, allowed []string, errs *[]wire.ErrorItem) {
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			*errs = append(*errs, invalid(prefix+k, "unknown field %s", k))
		}
	}
}

// update serves POST /users/{user_id}/permissions (user_permission_update):
// each list given replaces the user's grants at its level with full
// access; the answer is user_permissions_response.
func (p *permissions) update(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	unknownFields(body, "", []string{"permissions"}, &errs)
	perms, isObj := body["permissions"].(map[string]any)
	if !isObj {
		errs = append(errs, invalid("permissions", "required: an object of organization_ids, agency_ids, advertiser_ids"))
	}
	lists := map[string][]int64{}
	if isObj {
		unknownFields(perms, "permissions.", []string{"organization_ids", "agency_ids", "advertiser_ids"}, &errs)
		for _, l := range permissionLevels[:3] {
			field := strings.TrimSuffix(l.idField, "_id") + "_ids"
			var sub []wire.ErrorItem
			if ids, given := idList(perms, field, &sub); given {
				lists[l.name] = ids
			}
			for _, e := range sub {
				e.Field = "permissions." + e.Field
				errs = append(errs, e)
			}
		}
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	p.st.mu.Lock()
	c := p.st.colls[Permissions]
	u, _ := c.Get(id)
	if u == nil {
		p.st.mu.Unlock()
		notFound(w, "user", id)
		return
	}
	for _, l := range permissionLevels[:3] {
		ids, given := lists[l.name]
		if !given {
			continue
		}
		next := make([]any, 0, len(ids))
		for _, gid := range ids {
			next = append(next, map[string]any{l.idField: gid, "create": true, "read": true, "update": true, "delete": true})
		}
		u[l.name] = next
	}
	u["updated_on"] = now()
	u, _ = c.Update(id, nil, u)
	out := map[string]any{"id": id, "permissions": grants(u, false)}
	p.st.mu.Unlock()
	fake.WriteData(w, http.StatusOK, out, nil)
}

// grants returns the user_permissions object of a user (organizations,
// agencies and advertisers as {id, create, read, update, delete}, and
// propogate when withPropagate).
func grants(u map[string]any, withPropagate bool) map[string]any {
	out := map[string]any{}
	for _, l := range permissionLevels[:3] {
		list := []any{}
		for _, it := range items(u, l.name) {
			g := flagsOf(it)
			delete(g, "inherited_from")
			g["id"] = it[l.idField]
			if withPropagate {
				b, _ := it["propogate"].(bool)
				g["propogate"] = b
			}
			list = append(list, g)
		}
		out[l.name] = list
	}
	return out
}

// list serves GET /permissions/{user_id} (ids as repeated
// organization_id, agency_id, ... query parameters) and POST
// /permissions/{user_id} (permission_check body: organizations, agencies,
// ... id lists): the user's permission_list, each level's items filtered
// by the ids given for it and paged. An unknown user has no permissions
// on GET (its reference answers lists no 404) and is a 404 on POST.
func (p *permissions) list(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	var errs []wire.ErrorItem
	limit, offset := paging(q, &errs)
	filter := map[string][]int64{}
	if r.Method == http.MethodPost {
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		filter = idsOf(body, []string{"organizations", "agencies", "advertisers", "campaigns", "strategies"}, &errs)
	} else {
		for _, l := range permissionLevels {
			for i, s := range q[l.idField] {
				n, err := strconv.ParseInt(s, 10, 64)
				if err != nil || n < 1 || n > math.MaxInt32 {
					errs = append(errs, invalid(l.idField, "value %d must be a positive int32 id", i))
					continue
				}
				filter[l.name] = append(filter[l.name], n)
			}
		}
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	u := p.user(id)
	if u == nil && r.Method == http.MethodPost {
		notFound(w, "user", id)
		return
	}
	out := map[string]any{}
	for _, l := range permissionLevels {
		var list []map[string]any
		for _, it := range items(u, l.name) {
			gid, _ := toInt(it[l.idField])
			if ids, given := filter[l.name]; given && !slices.Contains(ids, gid) {
				continue
			}
			list = append(list, permissionItem(it, l.idField))
		}
		lo, hi := window(len(list), limit, offset)
		page := make([]any, 0, hi-lo)
		for _, it := range list[lo:hi] {
			page = append(page, it)
		}
		out[l.name] = page
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// forUser serves GET /permissions/{user_id}/{level}: the user's
// permission_<level> items, paged.
func (p *permissions) forUser(level string) func(http.ResponseWriter, *http.Request) {
	idField := ""
	for _, l := range permissionLevels {
		if l.name == level {
			idField = l.idField
		}
	}
	return func(w http.ResponseWriter, r *http.Request) {
		id, limit, offset, ok := pagedID(w, r)
		if !ok {
			return
		}
		u := p.user(id)
		if u == nil {
			notFound(w, "user", id)
			return
		}
		var all []map[string]any
		for _, it := range items(u, level) {
			all = append(all, permissionItem(it, idField))
		}
		writePage(w, r, all, limit, offset)
	}
}

// v2 serves GET and POST /permissions/{user_id}/v2format: the user's
// permission_v2_object (flags and entities), on POST limited to the ids
// of the permission_v2_check body.
func (p *permissions) v2(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var errs []wire.ErrorItem
	filter := map[string][]int64{}
	if r.Method == http.MethodPost {
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		filter = idsOf(body, []string{"organizations", "agencies", "advertisers"}, &errs)
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	u := p.user(id)
	if u == nil {
		notFound(w, "user", id)
		return
	}
	flags := map[string]any{}
	for _, k := range v2Flags {
		if v, ok := u[k]; ok {
			flags[k] = v
		}
	}
	parents := map[string]string{"agencies": "organization_id", "advertisers": "agency_id"}
	entities := map[string]any{}
	for _, l := range permissionLevels[:3] {
		list := []any{}
		for _, it := range items(u, l.name) {
			gid, _ := toInt(it[l.idField])
			if ids, given := filter[l.name]; given && !slices.Contains(ids, gid) {
				continue
			}
			e := map[string]any{"id": gid}
			for _, k := range []string{"name", "dmp_enabled", "value", parents[l.name]} {
				if v, ok := it[k]; ok && k != "" {
					e[k] = v
				}
			}
			list = append(list, e)
		}
		entities[l.name] = list
	}
	fake.WriteData(w, http.StatusOK, map[string]any{"flags": flags, "entities": entities}, nil)
}

// forEntity serves GET /{level}/{id}/permissions for organizations,
// agencies and advertisers: every user's permission_<level> item on that
// entity, in user order, paged.
func (p *permissions) forEntity(level, idField string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		id, limit, offset, ok := pagedID(w, r)
		if !ok {
			return
		}
		p.st.mu.Lock()
		users := p.st.sorted(Permissions)
		p.st.mu.Unlock()
		var all []map[string]any
		for _, u := range users {
			for _, it := range items(u, level) {
				if gid, _ := toInt(it[idField]); gid == id {
					all = append(all, permissionItem(it, idField))
				}
			}
		}
		writePage(w, r, all, limit, offset)
	}
}

// users serves GET /campaigns/{id}/permissions and
// /strategies/{id}/permissions: each user holding a permission on the
// campaign or strategy, as permission_user_output with that permission,
// filtered by q, sorted by sort_by (user fields) and paged.
func (p *permissions) users(level, idField string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r)
		if !ok {
			return
		}
		q := r.URL.Query()
		var errs []wire.ErrorItem
		limit, offset := paging(q, &errs)
		var query *qlang.Query
		if s := q.Get("q"); s != "" {
			pq, err := qlang.Parse(s)
			if err != nil {
				errs = append(errs, invalid("q", "%s", err.Error()))
			} else {
				query = pq
				for _, t := range pq.Terms {
					if pr, ok := t.(qlang.Predicate); ok && !slices.Contains(userFields, pr.Field) {
						errs = append(errs, invalid("q", "cannot query by %s", pr.Field))
					}
				}
			}
		}
		var sortKeys []string
		if s := q.Get("sort_by"); s != "" {
			for _, k := range strings.Split(s, ",") {
				if name := strings.TrimPrefix(strings.TrimSpace(k), "-"); !slices.Contains(userFields, name) {
					errs = append(errs, invalid("sort_by", "cannot sort by %q", k))
					continue
				}
				sortKeys = append(sortKeys, strings.TrimSpace(k))
			}
		}
		if len(errs) > 0 {
			badRequest(w, errs)
			return
		}
		p.st.mu.Lock()
		users := p.st.sorted(Permissions)
		p.st.mu.Unlock()
		var all []map[string]any
		for _, u := range users {
			for _, it := range items(u, level) {
				if gid, _ := toInt(it[idField]); gid != id {
					continue
				}
				out := map[string]any{"entity_type": "user"}
				for _, k := range userFields {
					if v, ok := u[k]; ok {
						out[k] = v
					}
				}
				out["permissions"] = grants(u, true)
				out["permission"] = flagsOf(it)
				if query == nil || qmatch.Match(query, record(out)) {
					all = append(all, out)
				}
				break
			}
		}
		slices.SortStableFunc(all, func(a, b map[string]any) int {
			for _, k := range sortKeys {
				c := compareValues(a[strings.TrimPrefix(k, "-")], b[strings.TrimPrefix(k, "-")])
				if strings.HasPrefix(k, "-") {
					c = -c
				}
				if c != 0 {
					return c
				}
			}
			return 0
		})
		writePage(w, r, all, limit, offset)
	}
}
