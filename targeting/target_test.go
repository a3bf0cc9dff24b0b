package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func TestTargetsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Targets.Create(ctx, &targeting.Target{
		Name: "Bavaria", ParentID: adama.Ptr[int64](10), SvcOrganizationID: adama.Ptr[int64](20),
		Visible: adama.Ptr(true), BidderFrequency: adama.Ptr[int64](5), DimensionCode: targeting.DimensionRegion,
	})
	require.NoError(t, err)
	assert.Equal(t, "Bavaria", created.Name)
	assert.Equal(t, adama.Ptr[int64](10), created.ParentID)
	assert.Equal(t, adama.Ptr[int64](20), created.SvcOrganizationID)
	assert.Equal(t, adama.Ptr(true), created.Visible)
	assert.Equal(t, targeting.DimensionRegion, created.DimensionCode)
	assert.Equal(t, int64(1), created.Version)

	got, err := tc.Targets.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.Unread(created), targeting.Unread(got))

	got.Name, got.Visible = "Bayern", adama.Ptr(false)
	upd, err := tc.Targets.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, "Bayern", upd.Name)
	assert.Equal(t, adama.Ptr(false), upd.Visible, "false is sent")
	assert.Equal(t, int64(2), upd.Version)

	created.Name = "Stale"
	_, err = tc.Targets.Update(ctx, created)
	assert.ErrorIs(t, err, adama.ErrConflict)

	srv.Targeting().Targets().SetRaw(created.ID, "bidder_frequency", 9)
	mod, err := tc.Targets.Modify(ctx, created.ID, func(t *targeting.Target) error { t.FactualID = adama.Ptr("f-1"); return nil })
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr("f-1"), mod.FactualID)
	assert.Equal(t, adama.Ptr[int64](9), mod.BidderFrequency)

	p, err := tc.Targets.List(ctx, &targeting.ListOptions{Q: qlang.Where("name", qlang.Like, "bay*")})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, created.ID, p.Items[0].ID)

	require.NoError(t, tc.Targets.Delete(ctx, created.ID))
	_, err = tc.Targets.Get(ctx, created.ID)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestTargetsLegacyPaths(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Targets.CreateV3(ctx, &targeting.Target{Name: "Chrome", DimensionCode: targeting.DimensionBrowser})
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Count("POST /api/v3.0/target"))

	got, err := tc.Targets.GetV3(ctx, created.ID)
	require.NoError(t, err)
	cur, err := tc.Targets.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.Unread(cur), targeting.Unread(got))

	got.TargetInet = adama.Ptr("10.0.0.0/8")
	upd, err := tc.Targets.UpdateV3(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr("10.0.0.0/8"), upd.TargetInet)
	assert.Equal(t, 1, srv.Count("PUT /api/v3.0/target/1"))
	_, err = tc.Targets.UpdateV3(ctx, cur)
	assert.ErrorIs(t, err, adama.ErrConflict)

	upd.Name = "Chromium"
	upd, err = tc.Targets.UpdateV3Post(ctx, upd)
	require.NoError(t, err)
	assert.Equal(t, "Chromium", upd.Name)
	assert.Equal(t, 1, srv.Count("POST /api/v3.0/target/1"))

	p, err := tc.Targets.ListV3(ctx, &targeting.ListOptions{SortBy: []string{"-name"}})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, 1, srv.Count("GET /api/v3.0/target"))

	require.NoError(t, tc.Targets.DeleteV3(ctx, created.ID))
	assert.Equal(t, 1, srv.Count("DELETE /api/v3.0/target/1"))
	assert.Zero(t, srv.Targeting().Targets().Count())
}

func TestTargetsAll(t *testing.T) {
	tc, srv := newClient(t)
	srv.Targeting().AddN(adamatest.TargetingTargets, 250, nil)
	got := collect(t, tc.Targets.All(context.Background(), &targeting.ListOptions{PageLimit: 60}))
	require.Len(t, got, 250)
	assert.Equal(t, "Target 250", got[249].Name)
	assert.Equal(t, 5, srv.Count("GET /api/v3.0/targets"))
}

func TestTargetPaths(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	p, err := tc.TargetPaths.List(ctx, &targeting.ListOptions{PageLimit: 2})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	assert.Equal(t, "Technology", p.Items[0].Name)
	assert.Equal(t, 4, p.TotalCount)
	assert.Equal(t, "target_path", string(p.Items[0].Extra["entity_type"][1:len(p.Items[0].Extra["entity_type"])-1]))

	all := collect(t, tc.TargetPaths.All(ctx, &targeting.ListOptions{PageLimit: 3}))
	assert.Len(t, all, 4)
	assert.Equal(t, 1+2, srv.Count("GET /api/v3.0/target-path"))

	p, err = tc.TargetPaths.List(ctx, &targeting.ListOptions{Q: qlang.Search("region")})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, "Location » Region", p.Items[0].Name)
}
