package entity_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
)

// sentRequest is what a gock mock saw of a request.
type sentRequest struct {
	method, path string
	query        url.Values
	header       http.Header
	body         []byte
}

// part is one multipart part: its field, file name, media type and value.
type part struct{ field, file, mediaType, value string }

// multipartOf returns the parts of a multipart/form-data body, in order.
func multipartOf(t *testing.T, r sentRequest) []part {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(bytes.NewReader(r.body), params["boundary"])
	var out []part
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		out = append(out, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(b)})
	}
}

// gockSiteLists returns a group A client whose transport gock
// intercepts (gockEntity), and the requests it sends as gock sees them.
func gockSiteLists(t *testing.T) (*entity.Client, *[]sentRequest) {
	t.Helper()
	ec := gockEntity(t)
	var sent []sentRequest
	gock.Observe(func(r *http.Request, _ gock.Mock) {
		var b []byte
		if r.Body != nil {
			b, _ = io.ReadAll(r.Body)
		}
		sent = append(sent, sentRequest{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), b})
	})
	t.Cleanup(func() { gock.Observe(nil) })
	return ec, &sent
}

func testdataV3(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/v3/" + name)
	require.NoError(t, err)
	return string(b)
}

// The exact request each deprecated site-list method sends: the v3.0
// path and query, the session credentials, the multipart form of the
// uploads (the file as text/csv, named sites.txt when the caller names
// none), and the v3.0 answer converted to the group's records.
func TestSiteListWrappersExactRequests(t *testing.T) {
	ctx := context.Background()
	const jsonType = "application/vnd.svc.v1+json"
	check := func(t *testing.T, r sentRequest, method, path string, query url.Values) {
		t.Helper()
		assert.Equal(t, method, r.method)
		assert.Equal(t, path, r.path)
		assert.Equal(t, query, r.query)
		assert.Equal(t, "adama_session=ck-1", r.header.Get("Cookie"))
		assert.Equal(t, "Bearer tok-1", r.header.Get("Authorization"))
	}

	t.Run("upload", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Post("^/api/v3.0/site_lists/upload$").
			Reply(201).SetHeader("Content-Type", jsonType).BodyString(testdataV3(t, "site_list.json"))
		sl, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 16, Name: "Brand safety block",
			Restriction: entity.SiteListRestrictionExclude, Status: adama.Ptr(adama.Bool(true)), FileName: "blocked.txt",
			Content: []byte("spam.example\nbad.example\n1234567890\n")})
		require.NoError(t, err)
		require.True(t, gock.IsDone())
		require.Len(t, *sent, 1)
		r := (*sent)[0]
		check(t, r, http.MethodPost, "/api/v3.0/site_lists/upload", url.Values{})
		assert.Equal(t, []part{
			{"organization_id", "", "", "16"}, {"name", "", "", "Brand safety block"}, {"restriction", "", "", "EXCLUDE"},
			{"status", "", "", "true"}, {"file", "blocked.txt", "text/csv", "spam.example\nbad.example\n1234567890\n"},
		}, multipartOf(t, r))

		assert.Equal(t, int64(2101), sl.ID)
		assert.Equal(t, 3, sl.Version)
		assert.Equal(t, "site_list", sl.EntityType)
		assert.Equal(t, "Brand safety block", sl.Name)
		assert.Equal(t, "blocked.txt", sl.Filename)
		assert.Equal(t, entity.SiteListRestrictionExclude, sl.Restriction)
		require.NotNil(t, sl.OrganizationID)
		assert.Equal(t, int64(16), *sl.OrganizationID)
		require.NotNil(t, sl.Status)
		assert.True(t, bool(*sl.Status))
		require.NotNil(t, sl.SitesCount)
		assert.Equal(t, int64(3), *sl.SitesCount)
		require.NotNil(t, sl.SitesCountDomain)
		assert.Equal(t, int64(2), *sl.SitesCountDomain)
		require.NotNil(t, sl.CreatedOn)
		assert.Equal(t, "2026-03-01T09:00:00Z", sl.CreatedOn.Time.Format("2006-01-02T15:04:05Z07:00"))
		assert.JSONEq(t, `1`, string(sl.Extra["sites_count_primary_seller_id"]), "v3.0 properties the record does not model are kept")
		assert.JSONEq(t, `"2026-03-02T10:15:00+0000"`, string(sl.Extra["content_updated_on"]))
		assert.Empty(t, sl.Misfits())
	})

	t.Run("reupload", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Post("^/api/v3.0/site_lists/2101/upload$").
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(testdataV3(t, "site_list.json"))
		sl, err := ec.ReuploadSiteList(ctx, 2101, 2, &entity.SiteListUpload{Content: []byte("only.example")})
		require.NoError(t, err)
		require.True(t, gock.IsDone())
		require.Len(t, *sent, 1)
		r := (*sent)[0]
		check(t, r, http.MethodPost, "/api/v3.0/site_lists/2101/upload", url.Values{})
		assert.Equal(t, []part{{"version", "", "", "2"}, {"file", "sites.txt", "text/csv", "only.example"}}, multipartOf(t, r))
		assert.Equal(t, 3, sl.Version)
	})

	t.Run("download", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Get("^/api/v3.0/site_lists/2101/download.csv$").
			Reply(200).SetHeader("Content-Type", "text/csv").BodyString("site,target_type\nspam.example,domain\n")
		b, err := ec.DownloadSiteList(ctx, 2101, "domain", 0)
		require.NoError(t, err)
		require.True(t, gock.IsDone())
		require.Len(t, *sent, 1)
		r := (*sent)[0]
		check(t, r, http.MethodGet, "/api/v3.0/site_lists/2101/download.csv", url.Values{"target_type": {"domain"}})
		assert.Equal(t, "text/csv", r.header.Get("Accept"))
		assert.Empty(t, r.body)
		assert.Equal(t, "site,target_type\nspam.example,domain\n", string(b))
	})

	t.Run("download without a target type sends no query", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Get("^/api/v3.0/site_lists/2101/download.csv$").
			Reply(200).SetHeader("Content-Type", "text/csv").BodyString("site,target_type\n")
		_, err := ec.DownloadSiteList(ctx, 2101, "", 0)
		require.NoError(t, err)
		require.Len(t, *sent, 1)
		check(t, (*sent)[0], http.MethodGet, "/api/v3.0/site_lists/2101/download.csv", url.Values{})
	})

	t.Run("assignments", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Get("^/api/v3.0/site_lists/2101/assignments$").
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(testdataV3(t, "site_list_assignments.json"))
		p, err := ec.SiteListAssignments(ctx, 2101, &entity.ListOptions{PageLimit: 2, SortBy: []string{"-entity_id"},
			Q: qlang.Where("collection", qlang.Eq, "strategies")})
		require.NoError(t, err)
		require.True(t, gock.IsDone())
		require.Len(t, *sent, 1)
		r := (*sent)[0]
		check(t, r, http.MethodGet, "/api/v3.0/site_lists/2101/assignments",
			url.Values{"full": {"*"}, "page_limit": {"2"}, "sort_by": {"-entity_id"}, "q": {"collection==strategies"}})
		assert.Equal(t, "application/json", r.header.Get("Accept"))

		require.Len(t, p.Items, 2)
		assert.Equal(t, 2, p.Count)
		assert.Equal(t, 3, p.TotalCount)
		assert.True(t, p.HasTotal)
		assert.Equal(t, "https://api.example/api/v3.0/site_lists/2101/assignments?page_limit=2&page_offset=2", p.NextPage)
		a := p.Items[1]
		assert.Equal(t, int64(9002), a.ID)
		assert.Equal(t, "site_list_assignment", a.EntityType)
		assert.Equal(t, int64(2101), a.SiteListID)
		assert.Equal(t, int64(8801), a.EntityID)
		require.NotNil(t, a.AssociatedCampaignID)
		assert.Equal(t, int64(7701), *a.AssociatedCampaignID)
		assert.Equal(t, "strategy", a.Collection, "the v3.0 collection worded as the v2.0 interface does")
		assert.Equal(t, "Retarget", a.Name)
		assert.Equal(t, "campaign", p.Items[0].Collection)
	})

	t.Run("minimal assignments ask for the short form", func(t *testing.T) {
		ec, sent := gockSiteLists(t)
		gock.New("https://api.example").Get("^/api/v3.0/site_lists/2101/assignments$").
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(`{"data":[],"meta":{"status":"success","count":0}}`)
		p, err := ec.SiteListAssignments(ctx, 2101, &entity.ListOptions{Minimal: true, PageOffset: 4})
		require.NoError(t, err)
		assert.Empty(t, p.Items)
		require.Len(t, *sent, 1)
		check(t, (*sent)[0], http.MethodGet, "/api/v3.0/site_lists/2101/assignments", url.Values{"page_offset": {"4"}})
	})

	t.Run("a v3.0 error reaches the caller", func(t *testing.T) {
		ec, _ := gockSiteLists(t)
		gock.New("https://api.example").Post("^/api/v3.0/site_lists/2101/upload$").
			Reply(409).SetHeader("Content-Type", jsonType).
			BodyString(`{"errors":[{"code":"conflict","field":"version","message":"stale version"}],"meta":{"status":"error"}}`)
		_, err := ec.ReuploadSiteList(ctx, 2101, 1, &entity.SiteListUpload{Content: []byte("x.example")})
		require.ErrorIs(t, err, adama.ErrConflict)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, "/api/v3.0/site_lists/2101/upload", ae.Path)
	})
}

// Options the v3.0 assignments do not take are refused before sending.
func TestSiteListAssignmentsOptionsRefused(t *testing.T) {
	ec, sent := gockSiteLists(t)
	ctx := context.Background()
	for name, o := range map[string]*entity.ListOptions{
		"with":    {With: []string{"campaign"}},
		"limit":   {Limit: &entity.Limit{Relation: "campaign", ID: 1}},
		"sort_by": {SortBy: []string{"budget"}},
	} {
		_, err := ec.SiteListAssignments(ctx, 2101, o)
		var ve *adama.ValidationError
		assert.ErrorAs(t, err, &ve, name)
	}
	assert.Empty(t, *sent)
}
