package targeting_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// The permission bodies in testdata are the reference's response shapes
// (schemas permission_list, permission_organization with list_metadata,
// user_permissions_response, permission_v2_object,
// permission_campaign_with_user) filled with the reference's example
// values (permission_check's 10, 12, 11, 71, 17; permission_v2_check's 5,
// 6, 7); the reference gives no whole-body examples for them. The
// *_platform.json files are the platform-shaped variants.

// idLists are the ids of a user's grants by level; perms makes the user's
// permissions record Update takes from them (a nil level stays nil).
type idLists struct{ OrganizationIDs, AgencyIDs, AdvertiserIDs []int64 }

func perms(user int64, l idLists) *targeting.UserPermissions {
	grants := func(ids []int64) []targeting.Grant {
		if ids == nil {
			return nil
		}
		out := make([]targeting.Grant, len(ids))
		for i, id := range ids {
			out[i] = targeting.Grant{ID: id}
		}
		return out
	}
	u := &targeting.UserPermissions{ID: user}
	if l.OrganizationIDs != nil || l.AgencyIDs != nil || l.AdvertiserIDs != nil {
		u.Permissions = &targeting.Grants{Organizations: grants(l.OrganizationIDs), Agencies: grants(l.AgencyIDs), Advertisers: grants(l.AdvertiserIDs)}
	}
	return u
}

func TestDecodePermissionReferenceBodies(t *testing.T) {
	ctx := context.Background()

	t.Run("permission_list", func(t *testing.T) {
		l, err := fileClient(t, 200, "permission_list.json").Permissions.Get(ctx, 5, nil)
		require.NoError(t, err)
		require.Len(t, l.Organizations, 1)
		assert.Equal(t, targeting.EntityPermission{OrganizationID: 10, Create: true, Read: true, Update: true}, l.Organizations[0])
		assert.Equal(t, int64(12), l.Agencies[0].AgencyID)
		assert.Equal(t, "organization", l.Agencies[0].InheritedFrom)
		assert.Equal(t, int64(11), l.Advertisers[0].AdvertiserID)
		assert.Equal(t, int64(71), l.Campaigns[0].CampaignID)
		lvl, id := l.Strategies[0].Entity()
		assert.Equal(t, targeting.PermissionLevelStrategies, lvl)
		assert.Equal(t, int64(17), id)
		assert.True(t, l.Strategies[0].Update)
	})
	t.Run("null data is no permissions", func(t *testing.T) {
		l, err := fileClient(t, 200, "collection_null.json").Permissions.Get(ctx, 5, nil)
		require.NoError(t, err)
		assert.Empty(t, l.Organizations)
		v, err := fileClient(t, 200, "collection_null.json").Permissions.GetV2(ctx, 5)
		require.NoError(t, err)
		assert.Nil(t, v.Flags)
	})
	t.Run("permission_organization list", func(t *testing.T) {
		p, err := fileClient(t, 200, "permissions_organizations.json").Permissions.ForUser(ctx, 5, targeting.PermissionLevelOrganizations, &targeting.ListOptions{PageLimit: 2})
		require.NoError(t, err)
		require.Len(t, p.Items, 2)
		assert.Equal(t, 100, p.TotalCount)
		assert.NotEmpty(t, p.NextPage)
		lvl, id := p.Items[1].Entity()
		assert.Equal(t, targeting.PermissionLevelOrganizations, lvl)
		assert.Equal(t, int64(20), id)
	})
	t.Run("user_permissions_response", func(t *testing.T) {
		u, err := fileClient(t, 200, "user_permissions_response.json").Permissions.Update(ctx, perms(5, idLists{OrganizationIDs: []int64{10}}))
		require.NoError(t, err)
		assert.Equal(t, int64(5), u.ID)
		require.NotNil(t, u.Permissions)
		assert.Equal(t, []targeting.Grant{{ID: 10, Create: true, Read: true, Update: true, Delete: true}}, u.Permissions.Organizations)
		assert.Len(t, u.Permissions.Agencies, 1)
		assert.Empty(t, u.Permissions.Advertisers)
	})
	t.Run("permission_v2_object", func(t *testing.T) {
		v, err := fileClient(t, 200, "permissions_v2.json").Permissions.GetV2(ctx, 5)
		require.NoError(t, err)
		require.NotNil(t, v.Flags)
		assert.Equal(t, "AGENCY", v.Flags.Type)
		assert.Equal(t, "MANAGER", v.Flags.Role)
		assert.Equal(t, "SELECT", v.Flags.Scope)
		assert.True(t, v.Flags.ViewSegments)
		assert.True(t, v.Flags.EditCampaigns)
		assert.True(t, v.Flags.ViewDataDefinition)
		require.NotNil(t, v.Entities)
		assert.Equal(t, targeting.PermissionEntity{ID: 5, Name: "Org", DMPEnabled: "disabled", Value: "1"}, v.Entities.Organizations[0])
		assert.Equal(t, int64(5), v.Entities.Agencies[0].OrganizationID)
		assert.Equal(t, int64(6), v.Entities.Advertisers[0].AgencyID)
	})
	t.Run("permission_campaign_with_user", func(t *testing.T) {
		p, err := fileClient(t, 200, "permission_campaign_users.json").Permissions.CampaignUsers(ctx, 71, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		u := p.Items[0]
		require.NotNil(t, u.Permission)
		assert.Equal(t, targeting.PermissionFlags{Read: true, Update: true, InheritedFrom: "advertiser"}, *u.Permission)
		assert.Equal(t, int64(5), u.ID)
		assert.Equal(t, "user@example", u.Username)
		assert.True(t, u.Active)
		assert.Equal(t, int64(3), u.Version)
		assert.Equal(t, "Ann", u.FirstName)
		assert.True(t, u.LinkSAML)
		assert.Equal(t, "AGENCY", u.Type)
		assert.Equal(t, int64(1), u.CreatorID)
		assert.Equal(t, "2026-01-02T03:04:05Z", u.CreatedOn.UTC().Format("2006-01-02T15:04:05Z"))
		assert.Nil(t, u.LastLoginOn)
		assert.Equal(t, []int64{4, 6}, u.Roles)
		assert.Equal(t, "America/New_York", u.ZoneName)
		require.NotNil(t, u.Permissions)
		require.Len(t, u.Permissions.Advertisers, 1)
		assert.Equal(t, adama.Ptr(true), u.Permissions.Advertisers[0].Propogate)
		assert.Empty(t, u.Extra)
	})
}

func TestDecodePermissionPlatformVariants(t *testing.T) {
	ctx := context.Background()
	l, err := fileClient(t, 200, "permission_list_platform.json").Permissions.Get(ctx, 5, nil)
	require.NoError(t, err)
	require.Len(t, l.Organizations, 1)
	o := l.Organizations[0]
	assert.Equal(t, int64(10), o.OrganizationID, "an id as a string")
	assert.True(t, o.Create)
	assert.True(t, o.Read)
	assert.False(t, o.Update)
	assert.JSONEq(t, `"admin"`, string(o.Extra["granted_by"]), "an unknown property is kept")
	assert.Empty(t, l.Campaigns, "a null level is empty")
	assert.JSONEq(t, `[{"x":1}]`, string(l.Extra["future_level"]))

	// A round trip keeps what the SDK does not model.
	b, err := json.Marshal(l)
	require.NoError(t, err)
	var back targeting.PermissionList
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, o, back.Organizations[0])
	assert.JSONEq(t, `[{"x":1}]`, string(back.Extra["future_level"]))

	p, err := fileClient(t, 200, "permission_campaign_users_platform.json").Permissions.CampaignUsers(ctx, 71, nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, 1, p.TotalCount)
	u := p.Items[0]
	assert.Equal(t, int64(5), u.ID)
	assert.Equal(t, int64(3), u.Version)
	assert.True(t, u.Active)
	assert.Equal(t, int64(1), u.CreatorID, `"1.00" is the integer 1`)
	assert.Equal(t, []int64{4, 6}, u.Roles, "role ids as strings")
	require.NotNil(t, u.LastLoginOn)
	assert.True(t, u.Permission.Read)
	assert.JSONEq(t, `"kept"`, string(u.Permission.Extra["scope_note"]))
	assert.Equal(t, adama.Ptr(true), u.Permissions.Advertisers[0].Propogate)
	assert.JSONEq(t, `"x"`, string(u.Extra["sso_provider"]))
	b, err = json.Marshal(u)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"sso_provider":"x"`)
	assert.Contains(t, string(b), `"scope_note":"kept"`)

	// A value that does not fit is reported with its field.
	var bad targeting.EntityPermission
	require.NoError(t, json.Unmarshal([]byte(`{"organization_id":"ten"}`), &bad))
	assert.Equal(t, []adama.Misfit{{Field: "organization_id", Raw: json.RawMessage(`"ten"`)}}, bad.Misfits())
}

// seedUsers adds two users to the fake: 5 with permissions at every
// level, 6 with a campaign permission only.
func seedUsers(srv *adamatest.Server) {
	h := srv.Targeting()
	h.Users().AddRaw(map[string]any{
		"id": 5, "username": "ann@example", "first_name": "Ann", "active": true, "type": "AGENCY", "role": "MANAGER", "scope": "SELECT",
		"edit_campaigns": true, "view_segments": true, "roles": []any{4, 6},
		"organizations": []any{map[string]any{"organization_id": 10, "create": true, "read": true, "update": true, "delete": true, "name": "Org", "dmp_enabled": "disabled", "value": "1"}},
		"agencies":      []any{map[string]any{"agency_id": 12, "read": true, "inherited_from": "organization", "name": "Agency", "organization_id": 10}},
		"advertisers":   []any{map[string]any{"advertiser_id": 11, "read": true, "update": true, "agency_id": 12}, map[string]any{"advertiser_id": 13, "read": true}},
		"campaigns":     []any{map[string]any{"campaign_id": 71, "read": true, "update": true}},
		"strategies":    []any{map[string]any{"strategy_id": 17, "read": true}},
	})
	h.Users().AddRaw(map[string]any{
		"id": 6, "username": "bob@example", "first_name": "Bob", "active": false,
		"campaigns": []any{map[string]any{"campaign_id": 71, "read": true}},
	})
}

func TestPermissionsOverTheFake(t *testing.T) {
	tc, srv := newClient(t)
	seedUsers(srv)
	ctx := context.Background()

	l, err := tc.Permissions.Get(ctx, 5, nil)
	require.NoError(t, err)
	assert.Len(t, l.Organizations, 1)
	assert.Len(t, l.Advertisers, 2)
	assert.Equal(t, int64(17), l.Strategies[0].StrategyID)

	l, err = tc.Permissions.Get(ctx, 5, &targeting.PermissionGetOptions{AdvertiserIDs: []int64{13}, PageLimit: 10})
	require.NoError(t, err)
	require.Len(t, l.Advertisers, 1)
	assert.Equal(t, int64(13), l.Advertisers[0].AdvertiserID)

	l, err = tc.Permissions.Check(ctx, 5, &targeting.PermissionCheck{Advertisers: []int64{11}, Campaigns: []int64{99}})
	require.NoError(t, err)
	require.Len(t, l.Advertisers, 1)
	assert.True(t, l.Advertisers[0].Update)
	assert.Empty(t, l.Campaigns)
	_, err = tc.Permissions.Check(ctx, 404, &targeting.PermissionCheck{})
	require.ErrorIs(t, err, adama.ErrNotFound)

	for _, lvl := range targeting.PermissionLevelOrganizations.Values() {
		p, err := tc.Permissions.ForUser(ctx, 5, lvl, nil)
		require.NoError(t, err, lvl)
		require.NotEmpty(t, p.Items, lvl)
		got, _ := p.Items[0].Entity()
		assert.Equal(t, lvl, got)
	}
	var advs []int64
	for p, err := range tc.Permissions.AllForUser(ctx, 5, targeting.PermissionLevelAdvertisers, &targeting.ListOptions{PageLimit: 1}) {
		require.NoError(t, err)
		advs = append(advs, p.AdvertiserID)
	}
	assert.Equal(t, []int64{11, 13}, advs, "paged one by one")
	_, err = tc.Permissions.ForUser(ctx, 404, targeting.PermissionLevelAgencies, nil)
	require.ErrorIs(t, err, adama.ErrNotFound)

	v, err := tc.Permissions.GetV2(ctx, 5)
	require.NoError(t, err)
	assert.Equal(t, "MANAGER", v.Flags.Role)
	assert.True(t, v.Flags.EditCampaigns)
	assert.Equal(t, "Org", v.Entities.Organizations[0].Name)
	assert.Equal(t, int64(10), v.Entities.Agencies[0].OrganizationID)
	v, err = tc.Permissions.CheckV2(ctx, 5, &targeting.PermissionV2Check{Advertisers: []int64{13}})
	require.NoError(t, err)
	require.Len(t, v.Entities.Advertisers, 1)
	assert.Equal(t, int64(13), v.Entities.Advertisers[0].ID)

	p, err := tc.Permissions.ForEntity(ctx, targeting.PermissionLevelAgencies, 12, nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, "organization", p.Items[0].InheritedFrom)
	n := 0
	for _, err := range tc.Permissions.AllForEntity(ctx, targeting.PermissionLevelOrganizations, 10, nil) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 1, n)

	users, err := tc.Permissions.CampaignUsers(ctx, 71, &targeting.ListOptions{SortBy: []string{"-id"}})
	require.NoError(t, err)
	require.Len(t, users.Items, 2)
	assert.Equal(t, int64(6), users.Items[0].ID)
	assert.Equal(t, "user", users.Items[0].EntityType)
	assert.True(t, users.Items[1].Permission.Update)
	assert.Equal(t, []int64{4, 6}, users.Items[1].Roles)
	users, err = tc.Permissions.CampaignUsers(ctx, 71, &targeting.ListOptions{Q: qlang.Where("username", qlang.Eq, "bob@example")})
	require.NoError(t, err)
	require.Len(t, users.Items, 1)
	assert.Equal(t, "Bob", users.Items[0].FirstName)
	var names []string
	for u, err := range tc.Permissions.AllStrategyUsers(ctx, 17, nil) {
		require.NoError(t, err)
		names = append(names, u.Username)
	}
	assert.Equal(t, []string{"ann@example"}, names)
	su, err := tc.Permissions.StrategyUsers(ctx, 17, nil)
	require.NoError(t, err)
	assert.Len(t, su.Items, 1)
	n = 0
	for _, err := range tc.Permissions.AllCampaignUsers(ctx, 71, &targeting.ListOptions{PageLimit: 1}) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 2, n)

	// Update replaces the grants at the levels it lists.
	u, err := tc.Permissions.Update(ctx, perms(6, idLists{AgencyIDs: []int64{12, 14}, AdvertiserIDs: []int64{}}))
	require.NoError(t, err)
	assert.Equal(t, int64(6), u.ID)
	require.Len(t, u.Permissions.Agencies, 2)
	assert.Equal(t, int64(14), u.Permissions.Agencies[1].ID)
	assert.Empty(t, u.Permissions.Advertisers)
	p, err = tc.Permissions.ForEntity(ctx, targeting.PermissionLevelAgencies, 12, nil)
	require.NoError(t, err)
	assert.Len(t, p.Items, 2, "user 6 now holds agency 12 too")
	_, err = tc.Permissions.Update(ctx, perms(404, idLists{AgencyIDs: []int64{1}}))
	require.ErrorIs(t, err, adama.ErrNotFound)
}

// Faults on the permission paths: a 503 is retried; a denied path is a
// 403.
func TestPermissionsFaults(t *testing.T) {
	tc, srv := newClient(t)
	seedUsers(srv)
	ctx := context.Background()
	srv.FailNext("/api/v3.0/permissions", 1, http.StatusServiceUnavailable, "")
	l, err := tc.Permissions.Get(ctx, 5, nil)
	require.NoError(t, err)
	assert.Len(t, l.Organizations, 1)
	srv.Deny("/api/v3.0/users")
	_, err = tc.Permissions.Update(ctx, perms(5, idLists{AgencyIDs: []int64{1}}))
	require.ErrorIs(t, err, adama.ErrForbidden)
}

func TestPermissionsValidation(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	before := len(srv.Requests())
	tests := []struct {
		name  string
		run   func() error
		field string
	}{
		{"update user id", func() error {
			_, err := tc.Permissions.Update(ctx, perms(0, idLists{AgencyIDs: []int64{1}}))
			return err
		}, "user_id"},
		{"update record required", func() error { _, err := tc.Permissions.Update(ctx, nil); return err }, "record"},
		{"update at least one list", func() error { _, err := tc.Permissions.Update(ctx, perms(5, idLists{})); return err }, "permissions"},
		{"update id positive", func() error {
			_, err := tc.Permissions.Update(ctx, perms(5, idLists{OrganizationIDs: []int64{0}}))
			return err
		}, "permissions.organization_ids[0]"},
		{"update id int32", func() error {
			_, err := tc.Permissions.Update(ctx, perms(5, idLists{AdvertiserIDs: []int64{1 << 31}}))
			return err
		}, "permissions.advertiser_ids[0]"},
		{"update id twice", func() error {
			_, err := tc.Permissions.Update(ctx, perms(5, idLists{AgencyIDs: []int64{3, 3}}))
			return err
		}, "permissions.agency_ids[1]"},
		{"list user", func() error { _, err := tc.Permissions.Get(ctx, -1, nil); return err }, "user_id"},
		{"list page_limit", func() error {
			_, err := tc.Permissions.Get(ctx, 5, &targeting.PermissionGetOptions{PageLimit: 1001})
			return err
		}, "page_limit"},
		{"list filter id", func() error {
			_, err := tc.Permissions.Get(ctx, 5, &targeting.PermissionGetOptions{CampaignIDs: []int64{-4}})
			return err
		}, "campaign_id[0]"},
		{"check id", func() error {
			_, err := tc.Permissions.Check(ctx, 5, &targeting.PermissionCheck{Strategies: []int64{0}})
			return err
		}, "strategies[0]"},
		{"check page_offset", func() error {
			_, err := tc.Permissions.Check(ctx, 5, &targeting.PermissionCheck{PageOffset: 1001})
			return err
		}, "page_offset"},
		{"v2 user", func() error { _, err := tc.Permissions.GetV2(ctx, 0); return err }, "user_id"},
		{"check v2 id", func() error {
			_, err := tc.Permissions.CheckV2(ctx, 5, &targeting.PermissionV2Check{Organizations: []int64{1 << 40}})
			return err
		}, "organizations[0]"},
		{"for user level", func() error { _, err := tc.Permissions.ForUser(ctx, 5, "users", nil); return err }, "level"},
		{"for user level required", func() error { _, err := tc.Permissions.ForUser(ctx, 5, "", nil); return err }, "level"},
		{"for user no sort", func() error {
			_, err := tc.Permissions.ForUser(ctx, 5, targeting.PermissionLevelAgencies, &targeting.ListOptions{SortBy: []string{"id"}})
			return err
		}, "sort_by"},
		{"for entity level", func() error {
			_, err := tc.Permissions.ForEntity(ctx, targeting.PermissionLevelCampaigns, 71, nil)
			return err
		}, "level"},
		{"for entity id", func() error {
			_, err := tc.Permissions.ForEntity(ctx, targeting.PermissionLevelAgencies, 0, nil)
			return err
		}, "id"},
		{"for entity no q", func() error {
			_, err := tc.Permissions.ForEntity(ctx, targeting.PermissionLevelAgencies, 1, &targeting.ListOptions{Q: qlang.Where("id", qlang.Eq, 1)})
			return err
		}, "q"},
		{"campaign users id", func() error { _, err := tc.Permissions.CampaignUsers(ctx, 0, nil); return err }, "campaign_id"},
		{"strategy users id", func() error { _, err := tc.Permissions.StrategyUsers(ctx, -2, nil); return err }, "strategy_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, ""), "%v", ve)
		})
	}
	for range tc.Permissions.AllStrategyUsers(ctx, 0, nil) {
	}
	var iterErr error
	for _, err := range tc.Permissions.AllForUser(ctx, 5, "x", nil) {
		iterErr = err
	}
	require.ErrorIs(t, iterErr, adama.ErrValidation)
	assert.Len(t, srv.Requests(), before, "nothing was sent")

	// The passing side of each rule.
	require.NoError(t, targeting.PermissionUpdateBody(perms(5, idLists{OrganizationIDs: []int64{1, 2147483647}, AgencyIDs: []int64{}})))
	require.NoError(t, (&targeting.PermissionCheck{Campaigns: []int64{71}, PageLimit: 1000, PageOffset: 1000}).Validate())
	require.NoError(t, (&targeting.PermissionV2Check{Advertisers: []int64{7}}).Validate())
}

// The exact requests the permission calls send.
func TestPermissionsExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}
	page := map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0, "total_count": 0, "offset": 0}}
	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"update", func() {
			expect("POST", "/api/v3.0/users/5/permissions").MatchType("json").
				BodyString(`{"permissions":{"organization_ids":[10],"advertiser_ids":[]}}`).Reply(200).JSON(ok(map[string]any{"id": 5}))
		}, func() error {
			_, err := tc.Permissions.Update(ctx, perms(5, idLists{OrganizationIDs: []int64{10}, AdvertiserIDs: []int64{}}))
			return err
		}},
		{"list with filters", func() {
			expect("GET", "/api/v3.0/permissions/5").
				MatchParams(exact(map[string]string{"page_limit": "20", "page_offset": "40", "organization_id": "10", "strategy_id": "17"})).
				Reply(200).JSON(ok(map[string]any{}))
		}, func() error {
			_, err := tc.Permissions.Get(ctx, 5, &targeting.PermissionGetOptions{PageLimit: 20, PageOffset: 40, OrganizationIDs: []int64{10}, StrategyIDs: []int64{17}})
			return err
		}},
		{"check", func() {
			expect("POST", "/api/v3.0/permissions/5").MatchType("json").MatchParams(exact(map[string]string{"page_limit": "5"})).
				BodyString(`{"organizations":[10],"agencies":[12],"advertisers":[11],"campaigns":[71],"strategies":[17]}`).Reply(200).JSON(ok(map[string]any{}))
		}, func() error {
			_, err := tc.Permissions.Check(ctx, 5, &targeting.PermissionCheck{Organizations: []int64{10}, Agencies: []int64{12},
				Advertisers: []int64{11}, Campaigns: []int64{71}, Strategies: []int64{17}, PageLimit: 5})
			return err
		}},
		{"for user", func() {
			expect("GET", "/api/v3.0/permissions/5/campaigns").MatchParams(exact(map[string]string{"page_limit": "50"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Permissions.ForUser(ctx, 5, targeting.PermissionLevelCampaigns, &targeting.ListOptions{PageLimit: 50})
			return err
		}},
		{"v2", func() {
			expect("GET", "/api/v3.0/permissions/5/v2format").Reply(200).JSON(ok(map[string]any{}))
		}, func() error { _, err := tc.Permissions.GetV2(ctx, 5); return err }},
		{"check v2", func() {
			expect("POST", "/api/v3.0/permissions/5/v2format").MatchType("json").
				BodyString(`{"organizations":[5],"agencies":[6],"advertisers":[7]}`).Reply(200).JSON(ok(map[string]any{}))
		}, func() error {
			_, err := tc.Permissions.CheckV2(ctx, 5, &targeting.PermissionV2Check{Organizations: []int64{5}, Agencies: []int64{6}, Advertisers: []int64{7}})
			return err
		}},
		{"for entity", func() {
			expect("GET", "/api/v3.0/advertisers/11/permissions").Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Permissions.ForEntity(ctx, targeting.PermissionLevelAdvertisers, 11, nil)
			return err
		}},
		{"campaign users with sort and q", func() {
			expect("GET", "/api/v3.0/campaigns/71/permissions").
				MatchParams(exact(map[string]string{"sort_by": "-username", "q": "active==1"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Permissions.CampaignUsers(ctx, 71, &targeting.ListOptions{SortBy: []string{"-username"}, Q: qlang.Where("active", qlang.Eq, 1)})
			return err
		}},
		{"strategy users", func() {
			expect("GET", "/api/v3.0/strategies/17/permissions").Reply(200).JSON(page)
		}, func() error { _, err := tc.Permissions.StrategyUsers(ctx, 17, nil); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.mock()
			require.NoError(t, tt.run())
			assert.True(t, gock.IsDone(), "the request matched")
		})
	}
}

// TestPermissionsUpdateRoundTrip: the record Update answers is the record
// it takes: changed and passed back, it sends every level it holds as ids,
// the flags staying what the platform answers.
func TestPermissionsUpdateRoundTrip(t *testing.T) {
	tc, srv := newClient(t)
	seedUsers(srv)
	ctx := context.Background()

	u, err := tc.Permissions.Update(ctx, &targeting.UserPermissions{ID: 5,
		Permissions: &targeting.Grants{Advertisers: []targeting.Grant{{ID: 11}}}})
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"permissions":{"advertiser_ids":[11]}}`, string(reqs[len(reqs)-1].Body), "a nil level is not sent")
	require.NotNil(t, u.Permissions)
	require.Len(t, u.Permissions.Advertisers, 1)

	u.Permissions.Advertisers = append(u.Permissions.Advertisers, targeting.Grant{ID: 13, Update: true})
	u.Permissions.Agencies = []targeting.Grant{}
	again, err := tc.Permissions.Update(ctx, u)
	require.NoError(t, err)
	reqs = srv.Requests()
	var sent struct {
		Permissions map[string][]int64 `json:"permissions"`
	}
	require.NoError(t, json.Unmarshal(reqs[len(reqs)-1].Body, &sent))
	assert.Equal(t, []int64{11, 13}, sent.Permissions["advertiser_ids"])
	assert.Equal(t, []int64{}, sent.Permissions["agency_ids"], "an empty level is sent as []")
	require.Len(t, again.Permissions.Advertisers, 2)
	assert.Equal(t, int64(13), again.Permissions.Advertisers[1].ID)
	assert.Empty(t, again.Permissions.Agencies)
}
