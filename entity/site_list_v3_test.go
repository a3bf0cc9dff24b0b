package entity_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/targeting"
)

// The deprecated site-list methods send to the v3.0 paths through
// targeting's SiteListService, and the fake keeps one store of site lists
// for both interfaces: a list made through the v2.0 SiteLists service is
// re-uploaded, downloaded and listed with its assignments through the
// v3.0 paths, and read back through the v2.0 service; a list uploaded
// through the v3.0 path is a v2.0 record.
func TestSiteListWrappersOverV3(t *testing.T) {
	ec, srv := siteListServer(t)
	xc := newXMLClient(t, srv)
	c, err := srv.NewClient()
	require.NoError(t, err)
	tc := targeting.New(c)
	ctx := context.Background()
	paths := func() []string {
		var out []string
		for _, r := range apiRequests(srv) {
			out = append(out, r.Method+" "+r.Path)
		}
		srv.ResetRequests()
		return out
	}

	sl, err := ec.SiteLists.Create(ctx, &entity.SiteList{Common: entity.Common{Name: "Made in v2"}, OrganizationID: i64(1)})
	require.NoError(t, err)
	id := strconv.FormatInt(sl.ID, 10)
	srv.ResetRequests()

	re, err := ec.ReuploadSiteList(ctx, sl.ID, sl.Version, &entity.SiteListUpload{FileName: "two.txt", Content: []byte("a.example\nb.example\n")})
	require.NoError(t, err)
	assert.Equal(t, []string{"POST /api/v3.0/site_lists/" + id + "/upload"}, paths())
	assert.Equal(t, sl.ID, re.ID)
	assert.Equal(t, sl.Version+1, re.Version)
	assert.Equal(t, "Made in v2", re.Name, "the v2.0 record's name, kept")
	assert.Equal(t, "two.txt", re.Filename)
	require.NotNil(t, re.SitesCount)
	assert.Equal(t, int64(2), *re.SitesCount)
	assert.Contains(t, re.Extra, "sites_count_app", "the v3.0 properties entity does not model are kept")

	// The v2.0 service reads what the v3.0 path wrote, in JSON and XML.
	for name, cl := range map[string]*entity.Client{"json": ec, "xml": xc} {
		got, err := cl.SiteLists.Get(ctx, sl.ID, nil)
		require.NoError(t, err, name)
		assert.Equal(t, re.Version, got.Version, name)
		assert.Equal(t, "two.txt", got.Filename, name)
		require.NotNil(t, got.SitesCount, name)
		assert.Equal(t, int64(2), *got.SitesCount, name)
	}
	assert.Equal(t, []string{"a.example", "b.example"}, srv.Entities().SiteListSites(sl.ID))
	srv.ResetRequests()

	csv, err := ec.DownloadSiteList(ctx, sl.ID, "", 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"GET /api/v3.0/site_lists/" + id + "/download.csv"}, paths())
	assert.Equal(t, "site,target_type\na.example,domain\nb.example,domain\n", string(csv))

	// Assigned through the v2.0 form, listed through the v3.0 path.
	_, err = ec.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: sl.ID, Assigned: true}})
	require.NoError(t, err)
	_, err = ec.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: sl.ID, Assigned: true}})
	require.NoError(t, err)
	srv.ResetRequests()
	p, err := ec.SiteListAssignments(ctx, sl.ID, &entity.ListOptions{SortBy: []string{"-entity_id"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"GET /api/v3.0/site_lists/" + id + "/assignments"}, paths())
	require.Len(t, p.Items, 2)
	assert.Equal(t, 2, p.TotalCount)
	assert.Equal(t, "strategy", p.Items[0].Collection, "worded as the v2.0 interface words it")
	assert.Equal(t, int64(80), p.Items[0].EntityID)
	assert.Equal(t, "Strat", p.Items[0].Name)
	require.NotNil(t, p.Items[0].AssociatedCampaignID)
	assert.Equal(t, int64(70), *p.Items[0].AssociatedCampaignID)
	assert.Equal(t, "campaign", p.Items[1].Collection)
	assert.Equal(t, int64(70), p.Items[1].EntityID)
	assert.Equal(t, sl.ID, p.Items[1].SiteListID)

	// targeting's own client sees the same list and assignments.
	v3, err := tc.SiteLists.Get(ctx, sl.ID)
	require.NoError(t, err)
	assert.Equal(t, "Made in v2", v3.Name)
	assert.Equal(t, int64(re.Version), v3.Version)
	as, err := tc.SiteLists.Assignments(ctx, sl.ID, &targeting.SiteListAssignmentListOptions{Full: true})
	require.NoError(t, err)
	assert.Len(t, as.Items, 2)

	// A list uploaded through the v3.0 path is a v2.0 record, listed and
	// assignable there.
	up, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: "Made in v3", Content: []byte("c.example")})
	require.NoError(t, err)
	got, err := ec.SiteLists.Get(ctx, up.ID, nil)
	require.NoError(t, err)
	assert.Equal(t, "Made in v3", got.Name)
	assert.Equal(t, up.Version, got.Version)
	all, err := ec.SiteLists.List(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, all.TotalCount)
	assigned, err := ec.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: up.ID, Assigned: true}})
	require.NoError(t, err)
	assert.Len(t, assigned.Items, 2)
	assert.Equal(t, []string{"campaigns/70"}, srv.Entities().SiteListAssignments(up.ID))

	// The v2.0 paths stay served for raw clients, over the same store.
	resp, err := c.Do(ctx, &adama.Request{Method: http.MethodGet, Path: "/api/v2.0/site_lists/" + id + "/download.csv", Accept: "text/csv"})
	require.NoError(t, err)
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, resp.Body.Close())
	require.NoError(t, err)
	assert.Equal(t, "target_type,value\nDOMAIN,a.example\nDOMAIN,b.example\n", string(b))
	resp, err = c.Do(ctx, &adama.Request{Method: http.MethodGet, Path: "/api/v2.0/site_lists/" + id + "/assignments"})
	require.NoError(t, err)
	b, err = io.ReadAll(resp.Body)
	require.NoError(t, resp.Body.Close())
	require.NoError(t, err)
	assert.Contains(t, string(b), `"collection":"strategy"`)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
