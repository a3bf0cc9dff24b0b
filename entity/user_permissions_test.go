package entity_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// permissionsServer seeds user 5 (agency-level) and an advertiser of
// agency 1; the default seed has organization 1, agency 1 and user 1.
func permissionsServer(t *testing.T) (*entity.Client, *entity.Client, *adamatest.Server) {
	t.Helper()
	ec, srv := newTestClient(t,
		adamatest.WithEntity("users", map[string]any{"id": 5, "name": "ana", "username": "ana", "type": "AGENCY", "role": "MANAGER", "scope": "SELECT"}),
		adamatest.WithEntity("advertisers", map[string]any{"id": 300, "name": "Brand", "agency_id": 1}),
	)
	return ec, newXMLClient(t, srv), srv
}

func TestUserPermissions(t *testing.T) {
	ec, xc, srv := permissionsServer(t)
	ctx := context.Background()

	// No permission yet: an empty document, in both forms.
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run("empty/"+name, func(t *testing.T) {
			p, err := c.UserPermissions(ctx, 5)
			require.NoError(t, err)
			assert.True(t, p.Empty())
		})
	}

	srv.ResetRequests()
	p, err := ec.AddUserPermissions(ctx, 5, &entity.PermissionGrant{AgencyIDs: []int64{1}, AdvertiserIDs: []int64{300}})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"agency_id": {"1"}, "advertiser_id": {"300"}}, body)
	assert.False(t, p.Empty())

	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run("granted/"+name, func(t *testing.T) {
			p, err := c.UserPermissions(ctx, 5)
			require.NoError(t, err)
			require.NotNil(t, p.Flags)
			assert.Equal(t, "AGENCY", p.Flags.Type)
			assert.Equal(t, "MANAGER", p.Flags.Role)
			require.Len(t, p.Entities.Agencies, 1)
			assert.Equal(t, int64(1), p.Entities.Agencies[0].ID)
			assert.Equal(t, int64(1), p.Entities.Agencies[0].OrganizationID)
			require.Len(t, p.Entities.Advertisers, 1)
			assert.Equal(t, entity.PermissionEntity{ID: 300, Name: "Brand", AgencyID: 1}, p.Entities.Advertisers[0])
			assert.Empty(t, p.Entities.Organizations)
		})
	}

	// Refused before sending; refused by the platform; an unknown user.
	srv.ResetRequests()
	var ve *adama.ValidationError
	_, err = ec.AddUserPermissions(ctx, 5, &entity.PermissionGrant{AgencyIDs: []int64{1, 1, 0}})
	require.True(t, errors.As(err, &ve), "%v", err)
	assert.True(t, ve.Has("agency_id.2", ""))
	assert.True(t, ve.Has("agency_id.3", ""))
	_, err = ec.AddUserPermissions(ctx, 5, nil)
	require.True(t, errors.As(err, &ve))
	assert.Empty(t, apiRequests(srv))
	_, err = ec.AddUserPermissions(ctx, 5, &entity.PermissionGrant{AdvertiserIDs: []int64{999}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "advertiser_id")
	_, err = xc.UserPermissions(ctx, 777)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestAddUserPermissionsExactRequest(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c)
	gock.New("https://api.example").Post("^/api/v2.0/users/5/permissions$").MatchType("url").
		BodyString(`^advertiser_id=300&organization_id=1&organization_id=2$`).
		Reply(200).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success"}})
	p, err := ec.AddUserPermissions(context.Background(), 5, &entity.PermissionGrant{OrganizationIDs: []int64{1, 2}, AdvertiserIDs: []int64{300}})
	require.NoError(t, err)
	assert.True(t, p.Empty())
	assert.True(t, gock.IsDone())
}

// Documents of the platform's shape: ids as strings, flags as "1" or 0,
// an unknown flag kept, and the empty forms.
func TestDecodeUserPermissions(t *testing.T) {
	ctx := context.Background()
	p, err := serveTargetsFile(t, "testdata/platform/user_permissions.json", "application/json", false).UserPermissions(ctx, 5)
	require.NoError(t, err)
	assert.Equal(t, "SELECT", p.Flags.Scope)
	assert.True(t, bool(*p.Flags.EditCampaigns))
	assert.False(t, bool(*p.Flags.EditMarginsAndPerformance))
	assert.Contains(t, p.Flags.Extra, "view_reports_v2")
	assert.Equal(t, entity.PermissionEntity{ID: 100048, Name: "Org One", DMPEnabled: "enabled", Value: "all"}, p.Entities.Organizations[0])
	assert.Equal(t, int64(100048), p.Entities.Agencies[0].OrganizationID)
	assert.Empty(t, p.Entities.Advertisers)
	out, err := json.Marshal(p.Flags)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"view_reports_v2":true`, "an unknown flag goes back")

	x, err := serveTargetsFile(t, "testdata/platform/user_permissions.xml", "application/xml", true).UserPermissions(ctx, 5)
	require.NoError(t, err)
	assert.Equal(t, "AGENCY", x.Flags.Type)
	assert.False(t, bool(*x.Flags.ViewSegments))
	assert.Equal(t, entity.PermissionEntity{ID: 2001, Name: "Brand", AgencyID: 101}, x.Entities.Advertisers[0])

	for _, f := range []struct{ path, mt string }{{"testdata/platform/user_permissions_empty.json", "application/json"}, {"testdata/platform/user_permissions_empty.xml", "application/xml"}} {
		e, err := serveTargetsFile(t, f.path, f.mt, f.mt == "application/xml").UserPermissions(ctx, 5)
		require.NoError(t, err, f.path)
		assert.True(t, e.Empty(), f.path)
		assert.Nil(t, e.Flags, f.path)
	}
}

// The permission document decoder never panics, and a document read
// writes back as it reads again.
func FuzzDecodeUserPermissions(f *testing.F) {
	for _, p := range []string{"testdata/platform/user_permissions.json", "testdata/platform/user_permissions_empty.json"} {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"data":{"entities":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var env struct {
			Data *entity.UserPermissions `json:"data"`
		}
		if json.Unmarshal(b, &env) != nil || env.Data == nil {
			return
		}
		out, err := json.Marshal(env.Data)
		if err != nil {
			t.Fatalf("write back: %v", err)
		}
		var back entity.UserPermissions
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("read back %s: %v", out, err)
		}
	})
}
