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
	"github.com/adamasdk/adama-go/targeting"
)

func creativeUpload(concept int64) *targeting.CreativeUpload {
	return &targeting.CreativeUpload{
		Metadata: targeting.AtomicCreativeUploadMetadata{AdvertiserID: 100212, IsHTTPS: adama.Ptr(true),
			Submissions: []*targeting.AtomicCreativeSubmission{{Name: "banner_300x250.jpg", ClickThroughURL: "https://example.com/click",
				LandingPage: "https://example.com/landing", ConceptID: concept}}},
		Files: []targeting.CreativeFile{{Name: "banner_300x250.jpg", File: strings.NewReader("JPEGDATA"), Size: 8}},
	}
}

func TestAtomicCreativeDraftAndUpload(t *testing.T) {
	tc, _ := newClient(t)
	ctx := context.Background()
	u := creativeUpload(4157184)
	var progress []int64
	u.Files[0].File = onlyReader{strings.NewReader("JPEGDATA")}
	u.Files[0].Progress = func(sent, total int64) { progress = append(progress, sent, total) }
	d, err := tc.AtomicCreatives.Draft(ctx, u)
	require.NoError(t, err)
	require.Len(t, d.UploadedFiles, 1)
	assert.Equal(t, "banner_300x250.jpg", d.UploadedFiles[0].Name)
	assert.Equal(t, int64(100212), d.Metadata.AdvertiserID)
	assert.Equal(t, []int64{8, 8}, progress[len(progress)-2:])

	got, err := tc.AtomicCreatives.Upload(ctx, creativeUpload(4157184))
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.NotZero(t, got[0].ID)
	back, err := tc.AtomicCreatives.Get(ctx, got[0].ID)
	require.NoError(t, err)
	assert.Equal(t, "banner_300x250.jpg", back.Name)
}

func TestAtomicCreativeUploadRulesBeforeSending(t *testing.T) {
	tc, _ := newClient(t)
	ctx := context.Background()
	_, err := tc.AtomicCreatives.Upload(ctx, creativeUpload(0))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "concept_id")
	u := creativeUpload(1)
	u.Files[0].Name = "a.exe"
	_, err = tc.AtomicCreatives.Draft(ctx, u)
	require.Error(t, err)
	_, err = tc.AtomicCreatives.Draft(ctx, nil)
	require.Error(t, err)
}

// creativeForm matches a multipart body of exactly these parts.
func creativeForm(want ...[2]string) gock.MatchFunc {
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
			b, _ := io.ReadAll(p)
			v := string(b)
			if p.FileName() != "" {
				v = p.FileName() + ":" + v
			}
			got = append(got, [2]string{p.FormName(), v})
		}
		return assert.ObjectsAreEqual(want, got), nil
	}
}

func TestAtomicCreativeUploadExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	meta := `{"advertiser_id":100212,"is_https":true,"submissions":[{"name":"banner_300x250.jpg","click_through_url":"https://example.com/click","landing_page":"https://example.com/landing","concept_id":4157184}]}`
	for _, op := range []string{"draft", "upload"} {
		t.Run(op, func(t *testing.T) {
			defer gock.Off()
			path := map[string]string{"draft": "/api/v3.0/creative_draft", "upload": "/api/v3.0/creative_upload"}[op]
			r := expect("POST", path).MatchType("multipart/form-data").
				AddMatcher(creativeForm([2]string{"metadata", meta}, [2]string{"filename", "banner_300x250.jpg:JPEGDATA"})).Reply(200)
			var err error
			if op == "draft" {
				r.JSON(map[string]any{"data": map[string]any{"uploaded_files": []any{}}, "meta": map[string]any{"status": "success"}})
				_, err = tc.AtomicCreatives.Draft(ctx, creativeUpload(4157184))
			} else {
				r.JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success"}})
				_, err = tc.AtomicCreatives.Upload(ctx, creativeUpload(4157184))
			}
			require.NoError(t, err)
			assert.True(t, gock.IsDone())
		})
	}
}
