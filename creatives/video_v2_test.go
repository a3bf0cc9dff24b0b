package creatives_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/entity"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVideoV2(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	res, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)
	id := res.ID
	assert.Equal(t, 1, srv.Count("POST /video/v2.0/creatives"))
	assert.Equal(t, "Launch", res.Details.Name, "CreateV2 returns the record as read after the create")

	got, err := cc.Videos.GetV2(ctx, id)
	require.NoError(t, err, "the v2 read answers the creative bare")
	assert.Equal(t, id, got.ID)
	assert.Equal(t, "Launch", got.Details.Name)

	got.Details.Name = "Launch v2"
	up, err := cc.Videos.UpdateV2(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, "Launch v2", up.Details.Name)
	stored, ok := srv.Creatives().Videos().Get(id)
	require.True(t, ok)
	assert.Equal(t, "Launch v2", stored.Details.Name)
	assert.Equal(t, "https://example.com/c", stored.Details.ClickthroughURL, "the whole settings are sent")

	comp, err := cc.Companions.CreateV2(ctx, id, creatives.StaticCompanion())
	require.NoError(t, err)
	cid := comp.ID
	require.NotZero(t, cid)
	comps, err := cc.Companions.ListV2(ctx, id, nil)
	require.NoError(t, err)
	require.Len(t, comps.Items, 1)
	assert.Equal(t, cid, comps.Items[0].ID)

	ext := []byte(`<Extension type="adama"><Note>hi</Note></Extension>`)
	require.NoError(t, cc.Videos.AddVASTExtensionV2(ctx, id, ext))
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "application/xml", last.Header.Get("Content-Type"))
	assert.Equal(t, ext, last.Body)

	vast, err := cc.Videos.VASTV2(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, string(vast), `<VAST version="3.0">`)
	assert.Contains(t, string(vast), `<Companion id="`)
	assert.Contains(t, string(vast), `<Note>hi</Note>`)
	assert.Equal(t, "application/xml", srv.Requests()[len(srv.Requests())-1].Header.Get("Accept"))

	require.NoError(t, cc.Companions.DeleteV2(ctx, id, cid))
	assert.Zero(t, srv.Creatives().CompanionCount(id))
	assert.Equal(t, 1, srv.Count("GET /video/v2.0/creatives/"+itoa(id)+"/companions/"+itoa(cid)+"/delete"))

	r, err := cc.Videos.ValidateVASTV2(ctx, vast)
	require.NoError(t, err)
	assert.True(t, r.Valid())
	assert.Equal(t, 1, srv.Count("POST /video/v2.0/creatives/validateVAST"))

	// Multipart upload, streamed, then status, variants.
	data := bytes.Repeat([]byte("frame"), 300000) // 1.5 MB
	var sent int64
	require.NoError(t, cc.Videos.UploadV2(ctx, id, `spot "final".mp4`, bytes.NewReader(data), int64(len(data)),
		creatives.UploadOptions{ContentType: "video/mp4", Progress: func(n, _ int64) { sent = n }}))
	assert.Equal(t, int64(len(data)), sent)
	ups := srv.Creatives().Uploads()
	require.Len(t, ups, 1)
	assert.Equal(t, int64(len(data)), ups[0].Bytes)
	assert.Equal(t, digest(data), ups[0].SHA256)
	assert.NotEmpty(t, ups[0].Header.Get("Authorization"), "the v2 upload goes to the platform, with the bearer")

	st, err := cc.Videos.StatusV2(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "done", st.UploadInfo.Status)
	assert.Equal(t, int64(1024), st.UploadInfo.Size, "a size sent as a string is read")
	assert.Equal(t, creatives.EncodingStatusProcessing, st.EncodingStatus.Status)
	assert.Equal(t, 50.0, st.EncodingStatus.Percent)

	vs, err := cc.Videos.VariantsV2(ctx, id)
	require.NoError(t, err)
	require.Len(t, vs, 2)
	assert.Equal(t, 720, vs[1].Height)
	assert.Equal(t, int64(720000), vs[1].SizeBytes)
	one, err := cc.Videos.VariantV2(ctx, id, vs[0].ID)
	require.NoError(t, err)
	assert.Equal(t, "h264", one.VideoCodec)
	_, err = cc.Videos.VariantV2(ctx, id, 1)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestVideoV2Validation(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	var ve *adama.ValidationError
	err := cc.Videos.AddVASTExtensionV2(ctx, 1, []byte("not xml"))
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("extension", "XML"))
	err = cc.Videos.UploadV2(ctx, 0, "", nil, -1, creatives.UploadOptions{})
	require.ErrorAs(t, err, &ve)
	for _, f := range []string{"video_id", "fileName", "file", "size"} {
		assert.True(t, ve.Has(f, ""), f)
	}
	_, err = cc.Videos.VariantV2(ctx, 1, 0)
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("variant_id", "between"))
	assert.Empty(t, srv.Requests())
}

func TestVideoV2ListThroughGroupA(t *testing.T) {
	cc, srv := newTestClient(t,
		adamatest.WithEntity("atomic_creatives", map[string]any{"name": "video one", "media_type": "video", "advertiser_id": 1, "concept_id": 1, "ad_server_type": "OTHER", "tag": "x", "tag_type": "VAST", "width": 1, "height": 1, "file_type": "vast"}),
		adamatest.WithEntity("atomic_creatives", map[string]any{"name": "banner", "media_type": "display", "advertiser_id": 1, "concept_id": 1, "ad_server_type": "OTHER", "tag": "x", "tag_type": "IMG", "width": 1, "height": 1, "file_type": "gif"}),
	)
	ctx := context.Background()
	p, err := cc.Videos.ListAtomicV2(ctx, nil)
	require.NoError(t, err)
	var q string
	for _, r := range srv.Requests() {
		if r.Path == "/api/v2.0/atomic_creatives" {
			q = r.Query.Get("q")
		}
	}
	assert.Equal(t, "media_type==video", q)
	for _, it := range p.Items {
		assert.NotEqual(t, "banner", it.Name)
	}
	require.NotEmpty(t, p.Items)
	got, err := cc.Videos.GetAtomicV2(ctx, p.Items[0].ID)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(got.Name, "video"))
	_ = entity.ListOptions{}
}
