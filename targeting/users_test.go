package targeting_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func newUser() *targeting.User {
	return &targeting.User{Username: "ann@example.com", FirstName: "Ann", LastName: "Lee", Roles: []int64{3}, Title: "Trader", Phone: "+1 555 0101"}
}

func TestUsersCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	u, err := tc.Users.Create(ctx, newUser())
	require.NoError(t, err)
	assert.Equal(t, "ann@example.com", u.Username)
	assert.Equal(t, "user", u.EntityType)
	assert.Equal(t, adama.Ptr(true), u.Active, "the server's default")
	assert.Equal(t, []int64{3}, u.Roles)
	require.NotNil(t, u.Permissions)
	assert.Empty(t, u.Permissions.Organizations)
	assert.Nil(t, u.LastLoginOn, "a user who never signed in")

	page, err := tc.Users.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, "Ann Lee", page.Items[0].Name, "a list answers id and name")

	// One user, two views: the grants PermissionService sets are the
	// user record's permissions.
	_, err = tc.Permissions.Update(ctx, &targeting.UserPermissions{ID: u.ID, Permissions: &targeting.Grants{
		Organizations: []targeting.Grant{{ID: 10}}}})
	require.NoError(t, err)
	got, err := tc.Users.GetExtended(ctx, u.ID)
	require.NoError(t, err)
	assert.Equal(t, "true", srv.Requests()[len(srv.Requests())-1].Query.Get("extended"))
	require.NotNil(t, got.Permissions)
	require.Len(t, got.Permissions.Organizations, 1)
	assert.Equal(t, int64(10), got.Permissions.Organizations[0].ID)

	got.Title, got.Password = "Lead", "s3cret-pass"
	upd, err := tc.Users.Update(ctx, got)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.Equal(t, `{"version":`+strconv.FormatInt(got.Version, 10)+`,"first_name":"Ann","last_name":"Lee","roles":[3],"password":"s3cret-pass","title":"Lead"}`,
		string(reqs[len(reqs)-1].Body), "first_name, last_name and roles always go with the change")
	assert.Equal(t, "Lead", upd.Title)
	assert.Empty(t, upd.Password, "no answer holds the password")

	_, err = tc.Users.Update(ctx, got)
	assert.ErrorIs(t, err, adama.ErrConflict)

	mod, err := tc.Users.Modify(ctx, u.ID, func(x *targeting.User) error {
		x.Username = "other@example.com"
		return nil
	})
	assert.Nil(t, mod)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "only a create sets the username")

	mod, err = tc.Users.Modify(ctx, u.ID, func(x *targeting.User) error {
		x.Roles = []int64{2, 4}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 4}, mod.Roles)

	hist, err := tc.Users.History(ctx, u.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "users", hist.Items[0].Collection)

	set, err := tc.Users.UpdateSettings(ctx, u.ID, []targeting.UserSetting{{Name: "theme", Value: adama.Ptr("dark")}, {Name: "tz"}})
	require.NoError(t, err)
	assert.Equal(t, []targeting.UserSetting{{Name: "theme", Value: adama.Ptr("dark")}}, set.Settings)
	require.NotNil(t, set.User)
	assert.Equal(t, "Ann Lee", set.User.Name)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"settings":[{"name":"theme","value":"dark"},{"name":"tz","value":null}]}`, string(reqs[len(reqs)-1].Body))
	set, err = tc.Users.Settings(ctx, u.ID)
	require.NoError(t, err)
	assert.Len(t, set.Settings, 1)
	_, err = tc.Users.Settings(ctx, 99)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	_, err = tc.Users.UpdateSettings(ctx, u.ID, nil)
	require.ErrorAs(t, err, &ve)
}

func TestUserValidate(t *testing.T) {
	tc, srv := newClient(t)
	u := newUser()
	u.FirstName, u.Roles, u.Password = "", []int64{0}, "x"
	_, err := tc.Users.Create(context.Background(), u)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	var fields []string
	for _, v := range ve.Violations {
		fields = append(fields, v.Field)
	}
	assert.ElementsMatch(t, []string{"first_name", "roles[0]", "password"}, fields)
	assert.Zero(t, srv.Count("POST /api/v3.0/users"))
	assert.NoError(t, newUser().Validate(true))
	assert.Error(t, (*targeting.User)(nil).Validate(false))
}
