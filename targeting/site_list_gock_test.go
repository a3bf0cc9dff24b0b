package targeting_test

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// parts matches a multipart body made of exactly these parts, in this
// order ("file" as "<file name>:<content>").
func parts(want ...[2]string) gock.MatchFunc {
	return func(req *http.Request, _ *gock.Request) (bool, error) {
		_, params, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
		if err != nil {
			return false, err
		}
		mr := multipart.NewReader(req.Body, params["boundary"])
		var got [][2]string
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return false, err
			}
			b, err := io.ReadAll(p)
			if err != nil {
				return false, err
			}
			v := string(b)
			if p.FileName() != "" {
				v = p.FileName() + ":" + v
				if p.Header.Get("Content-Type") != "text/csv" {
					return false, nil
				}
			}
			got = append(got, [2]string{p.FormName(), v})
		}
		if len(got) != len(want) {
			return false, nil
		}
		for i := range got {
			if got[i] != want[i] {
				return false, nil
			}
		}
		return true, nil
	}
}

// TestSiteListExactRequests pins the forms of the uploads and the query
// and media type of the download.
func TestSiteListExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	sl := map[string]any{"data": map[string]any{"id": 126, "version": 2, "name": "Test List"}, "meta": map[string]any{"status": "success"}}

	t.Run("upload", func(t *testing.T) {
		defer gock.Off()
		expect("POST", "/api/v3.0/site_lists/upload").MatchType("multipart/form-data").
			AddMatcher(parts([2]string{"organization_id", "16"}, [2]string{"name", "Test List"}, [2]string{"restriction", "EXCLUDE"},
				[2]string{"status", "false"}, [2]string{"file", "list.csv:a.example\n"})).
			Reply(201).JSON(sl)
		_, err := tc.SiteLists.Upload(ctx, &targeting.SiteListUpload{OrganizationID: 16, Name: "Test List", Restriction: targeting.RestrictionExclude,
			Status: adama.Ptr(false), FileName: "list.csv", File: strings.NewReader("a.example\n"), Size: 10})
		require.NoError(t, err)
		assert.True(t, gock.IsDone())
	})
	t.Run("reupload", func(t *testing.T) {
		defer gock.Off()
		expect("POST", "/api/v3.0/site_lists/126/upload").MatchType("multipart/form-data").
			AddMatcher(parts([2]string{"version", "2"}, [2]string{"file", "sites.csv:b.example"})).
			Reply(200).JSON(sl)
		_, err := tc.SiteLists.Reupload(ctx, 126, &targeting.SiteListUpload{Version: 2, File: strings.NewReader("b.example"), Size: 9})
		require.NoError(t, err)
		assert.True(t, gock.IsDone())
	})
	t.Run("download", func(t *testing.T) {
		defer gock.Off()
		expect("GET", "/api/v3.0/site_lists/126/download.csv").MatchHeader("Accept", "^text/csv$").
			MatchParams(exact(map[string]string{"target_type": "domain"})).
			Reply(200).SetHeader("Content-Type", "text/csv").BodyString("site,target_type\na.example,domain\n")
		body, err := tc.SiteLists.Download(ctx, 126, &targeting.SiteListDownloadOptions{TargetType: "domain"})
		require.NoError(t, err)
		b, err := io.ReadAll(body)
		require.NoError(t, err)
		require.NoError(t, body.Close())
		assert.Equal(t, "site,target_type\na.example,domain\n", string(b))
		assert.True(t, gock.IsDone())
	})
	t.Run("assignments", func(t *testing.T) {
		defer gock.Off()
		expect("GET", "/api/v3.0/site_lists/126/assignments").
			MatchParams(exact(map[string]string{"full": "*", "q": "collection==campaigns", "page_limit": "5"})).
			Reply(200).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0}})
		_, err := tc.SiteLists.Assignments(ctx, 126, &targeting.SiteListAssignmentListOptions{Full: true,
			ListOptions: targeting.ListOptions{PageLimit: 5, Q: qlang.Where("collection", qlang.Eq, "campaigns")}})
		require.NoError(t, err)
		assert.True(t, gock.IsDone())
	})
}
