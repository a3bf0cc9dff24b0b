package targeting

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// User permissions: the paths and shapes of
// the Campaigns API v3.0 reference, tag User
// Permissions (operations update-permissions-user, list-user-permissions,
// list-user-permissions-filtered, list-user-permissions-{organizations,
// agencies, advertisers, campaigns, strategies}, list-user-permissions-v2
// and -v2-filtered) and the per-entity listings of tags Organizations,
// Agencies, Advertisers, Campaigns and Strategies
// (list-user-permissions-organization, -agency, -advertiser, -campaign,
// -strategy). All sit under the v3.0 prefix this package serves.

// Entity returns the level and id of the entity the permission is on (the
// most specific id set), or "" and 0 when the answer carries none.
func (p *EntityPermission) Entity() (PermissionLevel, int64) {
	switch {
	case p.StrategyID != 0:
		return PermissionLevelStrategies, p.StrategyID
	case p.CampaignID != 0:
		return PermissionLevelCampaigns, p.CampaignID
	case p.AdvertiserID != 0:
		return PermissionLevelAdvertisers, p.AdvertiserID
	case p.AgencyID != 0:
		return PermissionLevelAgencies, p.AgencyID
	case p.OrganizationID != 0:
		return PermissionLevelOrganizations, p.OrganizationID
	}
	return "", 0
}

// permissionUpdate is the body Update sends (schema
// user_permission_update): {"permissions": {"organization_ids",
// "agency_ids", "advertiser_ids"}} (int32 ids). A nil level is not sent;
// an empty, non-nil one is sent as [] (no grants at that level).
type permissionUpdate struct {
	OrganizationIDs []int64 `json:"organization_ids,omitzero"`
	AgencyIDs       []int64 `json:"agency_ids,omitzero"`
	AdvertiserIDs   []int64 `json:"advertiser_ids,omitzero"`
}

// MarshalJSON writes the body with its permissions wrapper.
func (u permissionUpdate) MarshalJSON() ([]byte, error) {
	type plain permissionUpdate
	return json.Marshal(struct {
		Permissions plain `json:"permissions"`
	}{plain(u)})
}

// grantIDs returns the ids of gs, nil for a nil level.
func grantIDs(gs []Grant) []int64 {
	if gs == nil {
		return nil
	}
	ids := make([]int64, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	return ids
}

// updateBody returns the body of an update of u: the ids of each level u
// lists. It checks the rules of the schema: a positive user id,
// permissions given (at least one level) and every id a positive int32,
// listed once per level.
func (u *UserPermissions) updateBody() (*permissionUpdate, error) {
	var v valid.Validator
	if u == nil {
		v.Add("record", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "user_id", u.ID)
	var b permissionUpdate
	if g := u.Permissions; g != nil {
		b = permissionUpdate{OrganizationIDs: grantIDs(g.Organizations), AgencyIDs: grantIDs(g.Agencies), AdvertiserIDs: grantIDs(g.Advertisers)}
	}
	v.Check(b.OrganizationIDs != nil || b.AgencyIDs != nil || b.AdvertiserIDs != nil,
		"permissions", "required: at least one of organizations, agencies, advertisers", nil)
	checkIDList(&v, "permissions.organization_ids", b.OrganizationIDs)
	checkIDList(&v, "permissions.agency_ids", b.AgencyIDs)
	checkIDList(&v, "permissions.advertiser_ids", b.AdvertiserIDs)
	return &b, v.Err()
}

// checkIDList records a violation for each id of list that is not a
// positive int32 or repeats an earlier one.
func checkIDList(v *valid.Validator, field string, list []int64) {
	seen := make(map[int64]bool, len(list))
	for i, id := range list {
		f := field + "[" + strconv.Itoa(i) + "]"
		checkInt32(v, f, id, 1)
		v.Check(!seen[id], f, valid.RuleListedTwice, id)
		seen[id] = true
	}
}

// PermissionCheck selects the entities a filtered permission listing
// (POST /permissions/{user_id}) answers for. Shape from
// the Campaigns API v3.0 reference, request body
// permission_check (int32 ids). PageLimit and PageOffset go in the query.
type PermissionCheck struct {
	Organizations []int64 `json:"organizations,omitempty"`
	Agencies      []int64 `json:"agencies,omitempty"`
	Advertisers   []int64 `json:"advertisers,omitempty"`
	Campaigns     []int64 `json:"campaigns,omitempty"`
	Strategies    []int64 `json:"strategies,omitempty"`
	// PageLimit (1 to MaxPageLimit, 0 for the server's default) and
	// PageOffset (0 to MaxPageOffset) page the answer.
	PageLimit  int `json:"-"`
	PageOffset int `json:"-"`
}

// Validate checks every id (a positive int32, listed once per level) and
// the paging bounds.
func (c *PermissionCheck) Validate() error {
	var v valid.Validator
	if c == nil {
		return nil
	}
	checkIDList(&v, "organizations", c.Organizations)
	checkIDList(&v, "agencies", c.Agencies)
	checkIDList(&v, "advertisers", c.Advertisers)
	checkIDList(&v, "campaigns", c.Campaigns)
	checkIDList(&v, "strategies", c.Strategies)
	checkPaging(&v, c.PageLimit, c.PageOffset)
	return v.Err()
}

// PermissionV2Check selects the entities a filtered v2-format listing
// (POST /permissions/{user_id}/v2format) answers for. Shape from
// the Campaigns API v3.0 reference, request body
// permission_v2_check (int32 ids).
type PermissionV2Check struct {
	Organizations []int64 `json:"organizations,omitempty"`
	Agencies      []int64 `json:"agencies,omitempty"`
	Advertisers   []int64 `json:"advertisers,omitempty"`
}

// Validate checks every id: a positive int32, listed once per level.
func (c *PermissionV2Check) Validate() error {
	var v valid.Validator
	if c == nil {
		return nil
	}
	checkIDList(&v, "organizations", c.Organizations)
	checkIDList(&v, "agencies", c.Agencies)
	checkIDList(&v, "advertisers", c.Advertisers)
	return v.Err()
}

// PermissionGetOptions page and filter the read of a user's permissions
// (GET /permissions/{user_id}): each id list becomes a repeated query
// parameter (organization_id=1&organization_id=2).
type PermissionGetOptions struct {
	// PageLimit (1 to MaxPageLimit, 0 for the server's default) and
	// PageOffset (0 to MaxPageOffset) page the answer.
	PageLimit  int
	PageOffset int
	// The ids to answer for, per level (int32 ids).
	OrganizationIDs []int64
	AgencyIDs       []int64
	AdvertiserIDs   []int64
	CampaignIDs     []int64
	StrategyIDs     []int64
}

func (o *PermissionGetOptions) validate(v *valid.Validator) {
	checkPaging(v, o.PageLimit, o.PageOffset)
	checkIDList(v, "organization_id", o.OrganizationIDs)
	checkIDList(v, "agency_id", o.AgencyIDs)
	checkIDList(v, "advertiser_id", o.AdvertiserIDs)
	checkIDList(v, "campaign_id", o.CampaignIDs)
	checkIDList(v, "strategy_id", o.StrategyIDs)
}

func (o *PermissionGetOptions) query() url.Values {
	q := pagingQuery(o.PageLimit, o.PageOffset)
	for name, ids := range map[string][]int64{"organization_id": o.OrganizationIDs, "agency_id": o.AgencyIDs,
		"advertiser_id": o.AdvertiserIDs, "campaign_id": o.CampaignIDs, "strategy_id": o.StrategyIDs} {
		for _, id := range ids {
			q.Add(name, strconv.FormatInt(id, 10))
		}
	}
	return q
}

// checkPaging checks page_limit (0 leaves it to the server) and
// page_offset by the limits of the description (records_gen.go).
func checkPaging(v *valid.Validator, limit, offset int) {
	if limit != 0 {
		checkPageLimit(v, int64(limit))
	}
	checkPageOffset(v, int64(offset))
}

func pagingQuery(limit, offset int) url.Values {
	q := url.Values{}
	if limit > 0 {
		q.Set("page_limit", strconv.Itoa(limit))
	}
	if offset > 0 {
		q.Set("page_offset", strconv.Itoa(offset))
	}
	return q
}

// orEmpty sends c and decodes its data into a T. A user without
// permissions is answered with an empty or null data member, which reads
// as an empty T rather than an error.
func orEmpty[T any](ctx context.Context, g *call.Group, c *call.Call, ropt []adama.RequestOption) (*T, error) {
	var out T
	if _, err := g.Into(ctx, c, &out, ropt...); err != nil && !isNoData(err) {
		return nil, err
	}
	return &out, nil
}

// PermissionService reads and changes user permissions (see the
// operations named at the top of this file). It is safe for concurrent
// use.
type PermissionService struct {
	g *call.Group
}

// userPermPath returns /permissions/{user_id}, validating the id.
func userPermPath(v *valid.Validator, id int64) string {
	checkID(v, "user_id", id)
	return "/permissions/" + strconv.FormatInt(id, 10)
}

// Update saves u's grants (POST /users/{user_id}/permissions, body
// user_permission_update, user_id being u.ID) and returns the user's
// grants as the platform answers them. The endpoint replaces: each level
// of u.Permissions that is not nil (organizations, agencies, advertisers)
// is sent whole, as the ids of its grants, and replaces the user's grants
// at that level (an empty, non-nil level removes them all); a nil level
// is not sent and stays as it is. The platform takes ids only: a grant's
// flags are what it answers, not something Update sends.
func (s *PermissionService) Update(ctx context.Context, u *UserPermissions, ropt ...adama.RequestOption) (*UserPermissions, error) {
	body, err := u.updateBody()
	if err != nil {
		return nil, err
	}
	return call.One[UserPermissions](ctx, s.g, &call.Call{Method: http.MethodPost,
		Path: "/users/" + strconv.FormatInt(u.ID, 10) + "/permissions", JSON: body}, ropt...)
}

// Get returns a user's permissions at every level (GET
// /permissions/{user_id}), filtered and paged by opts (nil for none). The
// answer is one record per user, by level, not a list of records.
func (s *PermissionService) Get(ctx context.Context, user int64, opts *PermissionGetOptions, ropt ...adama.RequestOption) (*PermissionList, error) {
	var o PermissionGetOptions
	if opts != nil {
		o = *opts
	}
	var v valid.Validator
	path := userPermPath(&v, user)
	o.validate(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return orEmpty[PermissionList](ctx, s.g, &call.Call{Path: path, Query: o.query()}, ropt)
}

// Check returns a user's permissions on the entities body names (POST
// /permissions/{user_id}, body permission_check; it only reads).
func (s *PermissionService) Check(ctx context.Context, user int64, body *PermissionCheck, ropt ...adama.RequestOption) (*PermissionList, error) {
	var v valid.Validator
	path := userPermPath(&v, user)
	v.Merge("", body.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	if body == nil {
		body = &PermissionCheck{}
	}
	return orEmpty[PermissionList](ctx, s.g, &call.Call{Method: http.MethodPost, Path: path,
		Query: pagingQuery(body.PageLimit, body.PageOffset), JSON: body, ReadOnly: true}, ropt)
}

// GetV2 is Get in the v2 format: a user's permissions (GET
// /permissions/{user_id}/v2format). The v2 format is another shape of the
// answer in the same v3.0 interface, not an older version, so GetV2 and
// CheckV2 are not deprecated.
func (s *PermissionService) GetV2(ctx context.Context, user int64, ropt ...adama.RequestOption) (*PermissionsV2, error) {
	var v valid.Validator
	path := userPermPath(&v, user)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return orEmpty[PermissionsV2](ctx, s.g, &call.Call{Path: path + "/v2format"}, ropt)
}

// CheckV2 is Check in the v2 format: a user's permissions on the entities
// body names (POST /permissions/{user_id}/v2format, body
// permission_v2_check; it only reads).
func (s *PermissionService) CheckV2(ctx context.Context, user int64, body *PermissionV2Check, ropt ...adama.RequestOption) (*PermissionsV2, error) {
	var v valid.Validator
	path := userPermPath(&v, user)
	v.Merge("", body.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	if body == nil {
		body = &PermissionV2Check{}
	}
	return orEmpty[PermissionsV2](ctx, s.g, &call.Call{Method: http.MethodPost, Path: path + "/v2format", JSON: body, ReadOnly: true}, ropt)
}

// pageOptions copies opts and checks it for a permission listing, which
// pages but (except per campaign and per strategy) neither sorts nor
// filters.
func pageOptions(opts *ListOptions, sortAndQ bool) (ListOptions, error) {
	var o ListOptions
	if opts != nil {
		o = *opts
		o.SortBy = append([]string(nil), opts.SortBy...)
		if opts.Q != nil {
			o.Q = opts.Q.Clone()
		}
	}
	var v valid.Validator
	o.check(&v, nil)
	if !sortAndQ {
		v.Check(len(o.SortBy) == 0, "sort_by", "not supported by this listing", nil)
		v.Check(o.Q == nil, "q", "not supported by this listing", nil)
	}
	return o, v.Err()
}

// pages returns one page and the iterator over every record of a listing
// at path.
func pageOf[T any](ctx context.Context, g *call.Group, path string, o ListOptions, verr error, ropt []adama.RequestOption) (*adama.Page[*T], error) {
	if verr != nil {
		return nil, verr
	}
	return listPage[T](ctx, g, &call.Call{Path: path, Query: o.query(o.PageLimit, o.PageOffset)}, ropt)
}

func allOf[T any](ctx context.Context, g *call.Group, path string, o ListOptions, verr error, ropt []adama.RequestOption) iter.Seq2[*T, error] {
	return all(ctx, o, verr, func(ctx context.Context, offset, limit int) (*adama.Page[*T], error) {
		return listPage[T](ctx, g, &call.Call{Path: path, Query: o.query(limit, offset)}, ropt)
	})
}

// userLevelPath returns /permissions/{user_id}/{level}, validating both.
func userLevelPath(user int64, level PermissionLevel) (string, error) {
	var v valid.Validator
	path := userPermPath(&v, user)
	v.Require("level", level != "")
	valid.Enum(&v, "level", level)
	return path + "/" + string(level), v.Err()
}

// ForUser returns one page of a user's permissions at one level (GET
// /permissions/{user_id}/organizations, /agencies, /advertisers,
// /campaigns or /strategies). The listing pages; it does not sort or
// filter.
func (s *PermissionService) ForUser(ctx context.Context, user int64, level PermissionLevel, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[*EntityPermission], error) {
	path, err := userLevelPath(user, level)
	o, oerr := pageOptions(opts, false)
	return pageOf[EntityPermission](ctx, s.g, path, o, joinValidation(err, oerr), ropt)
}

// AllForUser iterates over every permission of a user at one level, page
// by page; no request is made before the caller ranges.
func (s *PermissionService) AllForUser(ctx context.Context, user int64, level PermissionLevel, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*EntityPermission, error] {
	path, err := userLevelPath(user, level)
	o, oerr := pageOptions(opts, false)
	return allOf[EntityPermission](ctx, s.g, path, o, joinValidation(err, oerr), ropt)
}

// entityPath returns /{level}/{id}/permissions for the levels whose
// listing answers permissions (organizations, agencies, advertisers).
func entityPath(level PermissionLevel, id int64) (string, error) {
	var v valid.Validator
	switch level {
	case PermissionLevelOrganizations, PermissionLevelAgencies, PermissionLevelAdvertisers:
	case PermissionLevelCampaigns, PermissionLevelStrategies:
		v.Add("level", "campaigns and strategies list their users: use CampaignUsers or StrategyUsers", string(level))
	default:
		v.Add("level", "one of: organizations, agencies, advertisers", string(level))
	}
	checkID(&v, "id", id)
	return "/" + string(level) + "/" + strconv.FormatInt(id, 10) + "/permissions", v.Err()
}

// ForEntity returns one page of the permissions granted on one
// organization, agency or advertiser (GET
// /organizations/{organization_id}/permissions,
// /agencies/{agency_id}/permissions or
// /advertisers/{advertiser_id}/permissions). The listing pages; it does
// not sort or filter.
func (s *PermissionService) ForEntity(ctx context.Context, level PermissionLevel, id int64, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[*EntityPermission], error) {
	path, err := entityPath(level, id)
	o, oerr := pageOptions(opts, false)
	return pageOf[EntityPermission](ctx, s.g, path, o, joinValidation(err, oerr), ropt)
}

// AllForEntity iterates over every permission granted on one
// organization, agency or advertiser, page by page.
func (s *PermissionService) AllForEntity(ctx context.Context, level PermissionLevel, id int64, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*EntityPermission, error] {
	path, err := entityPath(level, id)
	o, oerr := pageOptions(opts, false)
	return allOf[EntityPermission](ctx, s.g, path, o, joinValidation(err, oerr), ropt)
}

// joinValidation merges validation errors into one (nil when both are
// nil).
func joinValidation(errs ...error) error {
	var v valid.Validator
	for _, err := range errs {
		v.Merge("", err)
	}
	return v.Err()
}
