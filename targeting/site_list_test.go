package targeting_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

// onlyReader hides every method of a reader but Read (no io.Seeker).
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(b []byte) (int, error) { return o.r.Read(b) }

// formPart is one part of a multipart body.
type formPart struct {
	name, fileName string
	data           []byte
}

// formParts parses a multipart body, in order.
func formParts(t *testing.T, contentType string, body []byte) []formPart {
	t.Helper()
	_, params, err := mime.ParseMediaType(contentType)
	require.NoError(t, err, contentType)
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var out []formPart
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		out = append(out, formPart{p.FormName(), p.FileName(), b})
	}
}

// formOf parses the multipart form of the last request to path.
func formOf(t *testing.T, srv *adamatest.Server, path string) (map[string]string, string) {
	t.Helper()
	var req *adamatest.Request
	for _, r := range srv.Requests() {
		if r.Path == path {
			req = &r
		}
	}
	require.NotNil(t, req, "no request to %s", path)
	fields := map[string]string{}
	var file string
	for _, p := range formParts(t, req.Header.Get("Content-Type"), req.Body) {
		if p.name == "file" {
			file = p.fileName + ":" + string(p.data)
			continue
		}
		fields[p.name] = string(p.data)
	}
	return fields, file
}

func TestSiteListUploadAndDownload(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	content := "a.example\nb.example, app1\n12345\n"
	var progress []int64
	sl, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 16, Name: "Blocked", Restriction: targeting.RestrictionExclude,
		Status: adama.Ptr(true), File: onlyReader{strings.NewReader(content)}, Size: int64(len(content)),
		Progress: func(sent, total int64) { progress = append(progress, sent, total) }})
	require.NoError(t, err)
	fields, file := formOf(t, srv, "/api/v3.0/site_lists/upload")
	assert.Equal(t, map[string]string{"organization_id": "16", "name": "Blocked", "restriction": "EXCLUDE", "status": "true"}, fields)
	assert.Equal(t, "sites.csv:"+content, file)
	require.NotEmpty(t, progress)
	assert.Equal(t, []int64{int64(len(content)), int64(len(content))}, progress[len(progress)-2:])
	assert.Equal(t, int64(1), sl.Version)
	assert.Equal(t, targeting.RestrictionExclude, sl.Restriction)
	assert.Equal(t, adama.Ptr(int64(4)), sl.SitesCount)
	assert.Equal(t, adama.Ptr(int64(2)), sl.SitesCountDomain)
	assert.Equal(t, adama.Ptr(int64(1)), sl.SitesCountPrimarySellerID)

	body, err := tc.SiteLists.Download(ctx, sl.ID, nil)
	require.NoError(t, err)
	csv, err := io.ReadAll(body)
	require.NoError(t, err)
	require.NoError(t, body.Close())
	assert.Equal(t, "site,target_type\na.example,domain\nb.example,domain\napp1,app\n12345,primary_seller_id\n", string(csv))
	body, err = tc.SiteLists.Download(ctx, sl.ID, &targeting.SiteListDownloadOptions{TargetType: "app"})
	require.NoError(t, err)
	csv, err = io.ReadAll(body)
	require.NoError(t, err)
	require.NoError(t, body.Close())
	assert.Equal(t, "site,target_type\napp1,app\n", string(csv))

	// Reupload sends the version read; a stale one is a conflict.
	next := "c.example\n"
	re, err := tc.SiteLists.Reupload(ctx, sl.ID, &targeting.SiteListUpload{Version: sl.Version, Name: "Blocked 2",
		File: strings.NewReader(next), Size: int64(len(next)), FileName: "new.csv"})
	require.NoError(t, err)
	fields, file = formOf(t, srv, "/api/v3.0/site_lists/1/upload")
	assert.Equal(t, map[string]string{"name": "Blocked 2", "version": "1"}, fields)
	assert.Equal(t, "new.csv:"+next, file)
	assert.Equal(t, int64(2), re.Version)
	assert.Equal(t, adama.Ptr(int64(1)), re.SitesCount)
	assert.Equal(t, adama.Ptr("new.csv"), re.FileName)
	_, err = tc.SiteLists.Reupload(ctx, sl.ID, &targeting.SiteListUpload{Version: sl.Version, File: strings.NewReader(next), Size: int64(len(next))})
	require.ErrorIs(t, err, adama.ErrConflict)

	_, err = tc.SiteLists.Download(ctx, 99, nil)
	require.ErrorIs(t, err, adama.ErrNotFound)
}

func TestSiteListUploadFailure(t *testing.T) {
	tc, srv := newClient(t)
	content := "a.example\n"
	srv.FailNext("/api/v3.0/site_lists/upload", 1, 503, "0")
	_, err := tc.SiteLists.Upload(context.Background(), &targeting.SiteListUpload{OrganizationID: 16, Name: "Once",
		File: onlyReader{strings.NewReader(content)}, Size: int64(len(content))})
	require.ErrorIs(t, err, adama.ErrUnavailable)
	assert.Equal(t, 0, srv.Targeting().SiteLists().Count())
}

func TestSiteListRulesBeforeSending(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	f := func() io.Reader { return strings.NewReader("a.example") }
	for name, call := range map[string]func() error{
		"nil": func() error { _, err := tc.SiteLists.Upload(ctx, nil); return err },
		"organization": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{Name: "x", File: f(), Size: 9})
			return err
		},
		"name": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 1, File: f(), Size: 9})
			return err
		},
		"name length": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 1, Name: strings.Repeat("n", 65), File: f(), Size: 9})
			return err
		},
		"restriction": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 1, Name: "x", Restriction: "MAYBE", File: f(), Size: 9})
			return err
		},
		"file": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 1, Name: "x"})
			return err
		},
		"version": func() error {
			_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 1, Name: "x", Version: 2, File: f(), Size: 9})
			return err
		},
		"reupload id": func() error {
			_, err := tc.SiteLists.Reupload(ctx, 0, &targeting.SiteListUpload{File: f(), Size: 9})
			return err
		},
		"download id": func() error { _, err := tc.SiteLists.Download(ctx, -1, nil); return err },
		"sort field": func() error {
			_, err := tc.SiteLists.List(ctx, &targeting.SiteListListOptions{ListOptions: targeting.ListOptions{SortBy: []string{"domain"}}})
			return err
		},
		"assignment id": func() error { _, err := tc.SiteLists.Assignments(ctx, 0, nil); return err },
	} {
		var ve *adama.ValidationError
		require.ErrorAs(t, call(), &ve, name)
	}
	for _, r := range srv.Requests() {
		assert.NotContains(t, r.Path, "/site_lists", "nothing was sent")
	}
}

func TestSiteListsListAndAssignments(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	for _, name := range []string{"One", "Two", "Three"} {
		_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 16, Name: name, File: strings.NewReader("a.example"), Size: 9})
		require.NoError(t, err)
	}
	page, err := tc.SiteLists.List(ctx, &targeting.SiteListListOptions{ListOptions: targeting.ListOptions{PageLimit: 2}})
	require.NoError(t, err)
	require.Len(t, page.Items, 2)
	assert.Nil(t, page.Items[0].SitesCount, "a list without full=* answers id, name and entity_type")
	all := collect(t, tc.SiteLists.All(ctx, &targeting.SiteListListOptions{Full: true, ListOptions: targeting.ListOptions{PageLimit: 2, SortBy: []string{"-id"}}}))
	require.Len(t, all, 3)
	assert.Equal(t, "One", all[2].Name)
	assert.Equal(t, adama.Ptr(int64(1)), all[2].SitesCount)

	h := srv.Targeting()
	for i, coll := range []string{"campaigns", "strategies", "campaigns"} {
		h.SiteListAssignments().AddRaw(map[string]any{"site_list_id": 1 + i/2, "entity_id": 70 + i, "collection": coll, "name": "E"})
	}
	as := collect(t, tc.SiteLists.AllAssignments(ctx, 1, &targeting.SiteListAssignmentListOptions{Full: true}))
	require.Len(t, as, 2)
	assert.Equal(t, "strategies", as[1].Collection)
	assert.Equal(t, int64(71), as[1].EntityID)
	_, err = tc.SiteLists.Assignments(ctx, 42, nil)
	require.ErrorIs(t, err, adama.ErrNotFound)
}
