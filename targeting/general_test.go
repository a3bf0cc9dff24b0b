package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseGeneral runs roles, target values, search, the health check,
// the creative tag and the pixel-targeting list, for
// TestWireFitsDescription and TestGeneral.
func exerciseGeneral(ctx context.Context, t *testing.T, tc *targeting.Client, advertiserID int64) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	_, err := tc.Roles.List(ctx, nil)
	must(err)
	_, err = tc.TargetValues.List(ctx, &targeting.TargetValueListOptions{Name: "bav"})
	must(err)
	_, err = tc.Search.Entities(ctx, &targeting.SearchOptions{Name: "o", Limit: 5, ActiveOnly: adama.Ptr(true), Terminated: adama.Ptr(false)})
	must(err)
	_, err = tc.Health.Check(ctx)
	must(err)
	_, err = tc.CreativeTags.Get(ctx, 1)
	must(err)
	_, err = tc.Advertisers.ListPixelTargeting(ctx, advertiserID, nil)
	must(err)
}

func TestGeneral(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	org, err := tc.Organizations.Create(ctx, newOrganization())
	require.NoError(t, err)
	ag, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Agency One", OrganizationID: org.ID, AllowXAdvPixels: adama.Ptr(true)})
	require.NoError(t, err)
	a1 := newAdvertiser()
	a1.AgencyID = ag.ID
	adv1, err := tc.Advertisers.Create(ctx, a1)
	require.NoError(t, err)
	a2 := newAdvertiser()
	a2.AgencyID, a2.Name = ag.ID, "Sibling"
	_, err = tc.Advertisers.Create(ctx, a2)
	require.NoError(t, err)
	exerciseGeneral(ctx, t, tc, adv1.ID)

	roles := collect(t, tc.Roles.All(ctx, nil))
	require.Len(t, roles, 9)
	assert.Equal(t, "admin", roles[0].Name)
	assert.Equal(t, []int64{3, 4}, roles[0].MustExclude)

	tv, err := tc.TargetValues.List(ctx, &targeting.TargetValueListOptions{Name: "bav"})
	require.NoError(t, err)
	require.Len(t, tv.Items, 1)
	assert.Equal(t, "Bavaria", tv.Items[0].Name)
	assert.Equal(t, adama.Ptr(true), tv.Items[0].IsTargetable)
	assert.Equal(t, "bav", srv.Requests()[len(srv.Requests())-1].Query.Get("name"))

	res, err := tc.Search.Entities(ctx, &targeting.SearchOptions{Name: "one"})
	require.NoError(t, err)
	assert.Equal(t, []targeting.SearchHit{{ID: org.ID, EntityType: "organization", Name: "Org One"}}, res.Organizations)
	assert.Equal(t, []targeting.SearchHit{{ID: ag.ID, EntityType: "agency", Name: "Agency One"}}, res.Agencies)
	assert.Empty(t, res.Advertisers)
	_, err = tc.Search.Entities(ctx, &targeting.SearchOptions{Limit: 2000})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Len(t, ve.Violations, 2, "name required, limit out of range")
	_, err = tc.Search.Entities(ctx, nil)
	require.ErrorAs(t, err, &ve)

	h, err := tc.Health.Check(ctx)
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr(true), h.DatabaseConnection)
	require.NotNil(t, h.NodeConns)
	assert.Equal(t, int64(4), h.NodeConns.Idle)

	ct, err := tc.CreativeTags.Get(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, targeting.CreativeTagTypeScript, ct.TagType)
	assert.Equal(t, int64(1), ct.AtomicCreativeID)
	_, err = tc.CreativeTags.Get(ctx, 2)
	assert.ErrorIs(t, err, adama.ErrNotFound)

	sib, err := tc.Advertisers.ListPixelTargeting(ctx, adv1.ID, nil)
	require.NoError(t, err)
	require.Len(t, sib.Items, 1)
	assert.Equal(t, "Sibling", sib.Items[0].Name)
	require.NotNil(t, sib.Items[0].Agency)
	assert.Equal(t, "Agency One", sib.Items[0].Agency.Name)
	_, err = tc.Agencies.Modify(ctx, ag.ID, func(a *targeting.Agency) error {
		a.AllowXAdvPixels = adama.Ptr(false)
		return nil
	})
	require.NoError(t, err)
	all := collect(t, tc.Advertisers.AllPixelTargeting(ctx, adv1.ID, nil))
	assert.Empty(t, all, "none once the agency forbids pixels across advertisers")
	_, err = tc.Advertisers.ListPixelTargeting(ctx, 0, nil)
	require.ErrorAs(t, err, &ve)
}
