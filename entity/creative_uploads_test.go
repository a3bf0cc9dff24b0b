package entity_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

func batchServer(t *testing.T) (*entity.Client, *adamatest.Server) {
	t.Helper()
	return newTestClient(t, adamatest.WithEntity("advertisers", map[string]any{"id": 42, "name": "Adv", "agency_id": 1}))
}

func TestUploadCreativesBatch(t *testing.T) {
	ec, srv := batchServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	file := "Banner A,<script/>\n\nBanner B,<script/>\nBanner C\n"

	var sent []int64
	srv.FailNext("/api/v2.0/creatives/upload", 1, http.StatusServiceUnavailable, "")
	b, err := ec.UploadCreatives(ctx, &entity.BatchFile{
		FileName: "export.csv", ContentType: "text/csv", Content: strings.NewReader(file), Size: int64(len(file)),
		Progress: func(s, total int64) { sent = append(sent, s) },
	})
	require.NoError(t, err, "a 503 is retried, the file sent again from its start")
	assert.Equal(t, entity.BatchStatusPending, b.Status)
	require.Len(t, b.Items, 3)
	assert.Equal(t, entity.BatchItem{Index: 2, Name: "Banner B", FileName: "export.csv", Status: entity.BatchStatusPending}, b.Items[1])
	assert.Equal(t, int64(len(file)), sent[len(sent)-1])

	// Approve two of three, through the XML form.
	got, err := xc.ApproveCreativeUpload(ctx, b.ID, &entity.BatchApproval{AdvertiserID: 42, Indexes: []int{1, 3}})
	require.NoError(t, err)
	assert.Equal(t, entity.BatchStatusCreated, got.Status)
	require.Len(t, got.Items, 3)
	assert.Equal(t, entity.BatchStatusRejected, got.Items[1].Status)
	assert.Zero(t, got.Items[1].ID)
	require.NotZero(t, got.Items[0].ID)
	cr, err := ec.AtomicCreatives.Get(ctx, got.Items[2].ID, nil)
	require.NoError(t, err)
	assert.Equal(t, "Banner C", cr.Name)
	status, names, ids := srv.Entities().UploadBatch(b.ID)
	assert.Equal(t, "created", status)
	assert.Equal(t, []string{"Banner A", "Banner B", "Banner C"}, names)
	assert.Len(t, ids, 2)

	// A batch is approved once; an unknown one is not found.
	_, err = ec.ApproveCreativeUpload(ctx, b.ID, &entity.BatchApproval{AdvertiserID: 42})
	assert.ErrorIs(t, err, adama.ErrConflict)
	_, err = ec.ApproveCreativeUpload(ctx, "b-999", &entity.BatchApproval{AdvertiserID: 42})
	assert.ErrorIs(t, err, adama.ErrNotFound)

	// The platform refuses an unknown advertiser and a file of nothing.
	b2, err := xc.UploadCreatives(ctx, &entity.BatchFile{Content: strings.NewReader("X"), Size: 1})
	require.NoError(t, err)
	_, err = ec.ApproveCreativeUpload(ctx, b2.ID, &entity.BatchApproval{AdvertiserID: 77})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "advertiser_id")
	_, err = ec.UploadCreatives(ctx, &entity.BatchFile{Content: strings.NewReader(" \n"), Size: 2})
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "file")

	// Refused before sending.
	srv.ResetRequests()
	var ve *adama.ValidationError
	_, err = ec.UploadCreatives(ctx, nil)
	require.True(t, errors.As(err, &ve))
	assert.True(t, ve.Has("file", ""))
	_, err = ec.ApproveCreativeUpload(ctx, "", &entity.BatchApproval{Indexes: []int{0}})
	require.True(t, errors.As(err, &ve))
	assert.True(t, ve.Has("batch_id", ""))
	assert.True(t, ve.Has("advertiser_id", ""))
	assert.True(t, ve.Has("indexes", ""))
	assert.Empty(t, apiRequests(srv))

	// A reader that cannot rewind is sent once.
	srv.FailNext("/api/v2.0/creatives/upload", 1, http.StatusServiceUnavailable, "")
	_, err = ec.UploadCreatives(ctx, &entity.BatchFile{Content: io.MultiReader(strings.NewReader("1")), Size: 1})
	assert.ErrorIs(t, err, adama.ErrUnavailable)
}

func TestUploadCreativeAssetsBatch(t *testing.T) {
	ec, srv := batchServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	b, err := xc.UploadCreativeAssets(ctx, &entity.BatchFile{FileName: "assets.txt", Name: "Spring", Content: strings.NewReader("logo.png\nhero.jpg\n"), Size: 18})
	require.NoError(t, err)
	assert.Equal(t, entity.BatchStatusPending, b.Status)
	require.Len(t, b.Items, 2)
	assert.Equal(t, "hero.jpg", b.Items[1].Name)

	// A creatives batch id is not an asset batch.
	_, err = ec.ApproveCreativeUpload(ctx, b.ID, &entity.BatchApproval{AdvertiserID: 42})
	assert.ErrorIs(t, err, adama.ErrNotFound)
	got, err := ec.ApproveCreativeAssets(ctx, b.ID, &entity.BatchApproval{AdvertiserID: 42})
	require.NoError(t, err)
	assert.Equal(t, entity.BatchStatusCreated, got.Status)
	assert.NotZero(t, got.Items[0].ID)
	assert.NotEqual(t, got.Items[0].ID, got.Items[1].ID)

	var ve *adama.ValidationError
	_, err = ec.UploadCreativeAssets(ctx, &entity.BatchFile{Content: strings.NewReader("a"), Size: 1})
	require.True(t, errors.As(err, &ve))
	assert.True(t, ve.Has("filename", ""))
	assert.True(t, ve.Has("name", ""))
}

// The exact requests: the multipart file with the asset's fields, and the
// approval's form.
func TestCreativeBatchExactRequests(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c)
	answer := `{"data":{"batch_id":"b-1","status":"pending","entities":[]},"meta":{"status":"success"}}`
	gock.New("https://api.example").Post("^/api/v2.0/creative_assets/upload$").
		MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Content-Type", "^multipart/form-data; boundary=").
		AddMatcher(func(r *http.Request, _ *gock.Request) (bool, error) {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				return false, err
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			fields := "Content-Disposition: form-data; name=\"filename\"\r\n\r\nlogo.png\r\n--"
			name := "Content-Disposition: form-data; name=\"name\"\r\n\r\nSpring\r\n--"
			file := "Content-Disposition: form-data; name=\"file\"; filename=\"logo.png\"\r\nContent-Type: image/png\r\n\r\nPNG!\r\n--"
			return r.ContentLength == int64(len(b)) && bytes.Contains(b, []byte(fields)) && bytes.Contains(b, []byte(name)) &&
				bytes.Contains(b, []byte(file)) && bytes.Count(b, []byte("Content-Disposition")) == 3, nil
		}).
		Reply(200).BodyString(answer)
	gock.New("https://api.example").Post("^/api/v2.0/creative_assets/approve$").
		MatchHeader("Content-Type", "^application/x-www-form-urlencoded").
		AddMatcher(formIs("advertiser_id=42&batch_id=b-1&indexes=2%2C3")).
		Reply(200).BodyString(answer)
	gock.New("https://api.example").Post("^/api/v2.0/creatives/upload/b-1$").
		AddMatcher(formIs("advertiser_id=42")).
		Reply(200).BodyString(answer)
	ctx := context.Background()
	_, err = ec.UploadCreativeAssets(ctx, &entity.BatchFile{FileName: "logo.png", Name: "Spring", ContentType: "image/png", Content: strings.NewReader("PNG!"), Size: 4})
	require.NoError(t, err)
	_, err = ec.ApproveCreativeAssets(ctx, "b-1", &entity.BatchApproval{AdvertiserID: 42, Indexes: []int{2, 3}})
	require.NoError(t, err)
	_, err = ec.ApproveCreativeUpload(ctx, "b-1", &entity.BatchApproval{AdvertiserID: 42})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

// Bodies of the chosen shape decode in JSON and XML: numbers as strings,
// a null id, unknown properties kept; a misfit id is reported.
func TestDecodeUploadBatch(t *testing.T) {
	ctx := context.Background()
	up := func() *entity.BatchFile { return &entity.BatchFile{Content: strings.NewReader("1"), Size: 1} }
	b, err := serveTargetsFile(t, "testdata/platform/creatives_upload_batch.json", "application/json", false).UploadCreatives(ctx, up())
	require.NoError(t, err)
	assert.Equal(t, "b-17", b.ID)
	assert.Equal(t, "2026-03-05T09:00:00+0000", b.CalledOn)
	assert.JSONEq(t, `"p1"`, string(b.Unknown["source"]))
	require.Len(t, b.Items, 2)
	assert.Equal(t, 1, b.Items[0].Index)
	assert.Zero(t, b.Items[0].ID)
	assert.JSONEq(t, `"SCRIPT"`, string(b.Items[0].Unknown["tag_type"]))
	assert.True(t, b.Items[1].Status.Known())

	b, err = serveTargetsFile(t, "testdata/platform/creatives_upload_batch.xml", "application/xml", true).ApproveCreativeUpload(ctx, "b-17", &entity.BatchApproval{AdvertiserID: 1})
	require.NoError(t, err)
	assert.Equal(t, entity.BatchStatusCreated, b.Status)
	assert.Equal(t, int64(501), b.Items[0].ID)
	assert.Equal(t, "not picked", b.Items[1].Reason)
	assert.JSONEq(t, `"SCRIPT"`, string(b.Items[1].Unknown["tag_type"]))
	assert.JSONEq(t, `"p1"`, string(b.Unknown["source"]))

	_, err = serveTargetsFile(t, "testdata/platform/creatives_upload_batch_misfit.json", "application/json", false).UploadCreatives(ctx, up())
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, adama.CodeUnexpectedContent, ae.Code)
	assert.Contains(t, ae.Message, "5o1")
}

func FuzzDecodeUploadBatch(f *testing.F) {
	for _, s := range []string{
		`{"data":{"batch_id":"b","entities":[{"index":1,"id":"2"}]},"meta":{}}`,
		`{"data":{"entities":[{"id":null}]}}`, `{"meta":{"status":"error"}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		_, _ = entity.DecodeUploadBatchJSON([]byte(body))
		_, _ = entity.DecodeUploadBatchXML([]byte(body))
	})
}

// formIs matches a request whose body is exactly want.
func formIs(want string) gock.MatchFunc {
	return func(r *http.Request, _ *gock.Request) (bool, error) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return false, err
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		return string(b) == want, nil
	}
}
