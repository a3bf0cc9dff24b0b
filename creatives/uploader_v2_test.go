package creatives_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
)

// newCookieClient is newTestClient with a session cookie beside the
// bearer token, so that a test can see that neither leaves the platform.
func newCookieClient(t *testing.T) (*creatives.Client, *adamatest.Server) {
	t.Helper()
	return newTestClientWith(t, []adama.Option{adama.WithSessionCookie("sess-1")})
}

// srvPort returns the port of base.
func srvPort(t *testing.T, base string) int {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	p, err := strconv.Atoi(u.Port())
	require.NoError(t, err)
	return p
}

// TestUploadViaUploaderV2 runs the three steps against the fake over real
// HTTP: the location, the file streamed to the upload host (the fake under
// its other loopback name, a foreign host), the platform taking it.
func TestUploadViaUploaderV2(t *testing.T) {
	cc, srv := newCookieClient(t)
	ctx := context.Background()
	v, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)

	data := bytes.Repeat([]byte("frame-"), 200000) // 1.2 MB
	var sent, total int64
	tmp, err := cc.Videos.UploadViaUploaderV2(ctx, v.ID, "spot.mp4", bytes.NewReader(data), int64(len(data)),
		creatives.UploadOptions{Progress: func(n, tot int64) { sent, total = n, tot }})
	require.NoError(t, err)
	assert.Equal(t, "spot.mp4", tmp.Name)
	assert.True(t, strings.HasPrefix(tmp.Path, "/tmp/upload_"), tmp.Path)
	assert.Equal(t, int64(len(data)), tmp.Size)
	assert.Equal(t, "video/mp4", tmp.Type, "the media type from the file name's extension")
	assert.False(t, tmp.ModTime.IsZero())
	assert.Contains(t, tmp.Extra, "hash", "an answer's unknown property is kept")
	assert.Equal(t, int64(len(data)), sent)
	assert.Equal(t, int64(len(data)), total)

	ups := srv.Creatives().Uploads()
	require.Len(t, ups, 1)
	up := ups[0]
	assert.Equal(t, creatives.UploaderPath, up.Path)
	assert.Equal(t, http.StatusOK, up.Status)
	assert.Equal(t, digest(data), up.SHA256, "the upload host received the file whole")
	assert.NotEqual(t, strings.TrimPrefix(srv.URL, "http://"), up.Host, "the upload host is another origin")
	assert.Empty(t, up.Header.Get("Authorization"), "no bearer token reaches a foreign upload host")
	assert.Empty(t, up.Header.Get("Cookie"), "no session cookie reaches a foreign upload host")

	assert.Zero(t, srv.Creatives().TempFiles(), "the platform took the temporary file")
	st, err := cc.Videos.StatusV2(ctx, v.ID)
	require.NoError(t, err)
	assert.Equal(t, "done", st.UploadInfo.Status)
	assert.Equal(t, "spot.mp4", st.UploadInfo.Name)
	assert.Equal(t, 1, srv.Count("GET /video/v2.0/creatives/"+itoa(v.ID)+"/upload"))
	assert.Equal(t, 1, srv.Count("POST /video/v2.0/creatives/"+itoa(v.ID)+"/upload"))
}

// TestUploaderV2CredentialsOnlyToThePlatform points the upload host at a
// second server and at the platform itself: the foreign one gets no
// credential, the platform's own origin gets its bearer as any call does.
func TestUploaderV2CredentialsOnlyToThePlatform(t *testing.T) {
	foreign, received := recordingServer(t, `{"size":"11","path":"/tmp/upload_x","name":"a.mp4","type":"video/mp4","mtime":"2026-11-27T07:00:00.000Z"}`)
	cc, srv := newCookieClient(t)
	ctx := context.Background()
	v, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)

	srv.Creatives().SetUploaderURL(foreign)
	loc, err := cc.Videos.UploadLocationV2(ctx, v.ID)
	require.NoError(t, err)
	tmp, err := cc.Videos.SendToUploaderV2(ctx, loc, "a.mp4", strings.NewReader("video bytes"), 11, creatives.UploadOptions{})
	require.NoError(t, err)
	assert.Equal(t, int64(11), tmp.Size, "a size sent as text is read")
	got, n := received()
	assert.Greater(t, n, int64(11), "the multipart body reached the foreign host")
	onlyHeaders(t, got)

	// The platform's own origin as upload host: its credentials go, as to
	// every call of the platform.
	srv.Creatives().SetUploaderURL(srv.URL)
	loc, err = cc.Videos.UploadLocationV2(ctx, v.ID)
	require.NoError(t, err)
	srv.ResetRequests()
	tmp, err = cc.Videos.SendToUploaderV2(ctx, loc, "b.mp4", strings.NewReader("more"), 4, creatives.UploadOptions{})
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, creatives.UploaderPath, reqs[0].Path)
	assert.NotEmpty(t, reqs[0].Header.Get("Authorization"), "the platform's own origin gets the bearer")
	require.NoError(t, cc.Videos.TakeUploadV2(ctx, v.ID, loc, tmp))
	assert.Zero(t, srv.Creatives().TempFiles())
}

func TestUploaderV2Retry(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	v, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)
	data := bytes.Repeat([]byte{9}, 1<<20)

	loc, err := cc.Videos.UploadLocationV2(ctx, v.ID)
	require.NoError(t, err)
	srv.FailNext(creatives.UploaderPath, 1, http.StatusServiceUnavailable, "")
	var restarts int
	var prev int64
	tmp, err := cc.Videos.SendToUploaderV2(ctx, loc, "r.mp4", bytes.NewReader(data), int64(len(data)), creatives.UploadOptions{Progress: func(sent, _ int64) {
		if sent < prev {
			restarts++
		}
		prev = sent
	}})
	require.NoError(t, err, "a seekable file is sent again from the start")
	assert.Equal(t, int64(len(data)), tmp.Size)
	assert.Equal(t, 1, restarts, "progress starts again with the second attempt")

	srv.ResetRequests()
	srv.FailNext(creatives.UploaderPath, 1, http.StatusServiceUnavailable, "")
	_, err = cc.Videos.SendToUploaderV2(ctx, loc, "r.mp4", onlyReader{bytes.NewReader(data)}, int64(len(data)), creatives.UploadOptions{})
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrUnavailable)
	assert.Equal(t, 1, srv.Count("POST "+creatives.UploaderPath), "a stream that cannot rewind is sent once")
}

func TestUploaderV2Refusals(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	v, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)
	srv.ResetRequests()

	_, err = cc.Videos.UploadViaUploaderV2(ctx, 0, "", nil, -1, creatives.UploadOptions{})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("video_id", ""), err.Error())
	assert.True(t, ve.Has("fileName", "required"), err.Error())
	assert.True(t, ve.Has("file", "required"), err.Error())
	assert.Empty(t, srv.Requests(), "nothing is sent before the arguments are checked")

	plain := &creatives.UploadLocation{Key: "k", Uploader: &creatives.Uploader{Host: "http://uploads.example", Port: 8080}}
	_, err = cc.Videos.SendToUploaderV2(ctx, plain, "a.mp4", strings.NewReader("x"), 1, creatives.UploadOptions{})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("uploader.host", ""), err.Error())
	assert.Empty(t, srv.Requests(), "an upload host over http outside loopback is refused before sending")

	// An unknown key: the upload host's own refusal.
	_, err = cc.Videos.SendToUploaderV2(ctx, &creatives.UploadLocation{Key: "nope", Uploader: &creatives.Uploader{Host: "127.0.0.1", Port: srvPort(t, srv.URL)}},
		"a.mp4", strings.NewReader("x"), 1, creatives.UploadOptions{})
	assert.ErrorIs(t, err, adama.ErrForbidden)

	err = cc.Videos.TakeUploadV2(ctx, v.ID, &creatives.UploadLocation{Key: "k"}, &creatives.TempFile{Path: "/tmp/upload_missing"})
	assert.ErrorIs(t, err, adama.ErrNotFound, "a temporary file the upload host does not keep")
}

// TestUploaderV2WireForms checks the request forms the fake received
// against what the SDK promises: the key field before the file part, the
// last step's form and query.
func TestUploaderV2WireForms(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	v, err := cc.Videos.CreateV2(ctx, creatives.ValidRecord())
	require.NoError(t, err)
	srv.ResetRequests()
	_, err = cc.Videos.UploadViaUploaderV2(ctx, v.ID, "clip.webm", strings.NewReader("webm!"), 5, creatives.UploadOptions{ContentType: "video/webm"})
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, "GET", reqs[0].Method)

	mt, params, err := mime.ParseMediaType(reqs[1].Header.Get("Content-Type"))
	require.NoError(t, err)
	assert.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(bytes.NewReader(reqs[1].Body), params["boundary"])
	p, err := mr.NextPart()
	require.NoError(t, err)
	assert.Equal(t, "key", p.FormName())
	key, _ := io.ReadAll(p)
	assert.Len(t, key, 24, "the key the location answered")
	p, err = mr.NextPart()
	require.NoError(t, err)
	assert.Equal(t, "file", p.FormName())
	assert.Equal(t, "clip.webm", p.FileName())
	assert.Equal(t, "video/webm", p.Header.Get("Content-Type"))
	b, _ := io.ReadAll(p)
	assert.Equal(t, "webm!", string(b))

	assert.Equal(t, "application/x-www-form-urlencoded", reqs[2].Header.Get("Content-Type"))
	assert.Equal(t, "clip.webm", reqs[2].Query.Get("fileName"))
	assert.Contains(t, string(reqs[2].Body), "path=%2Ftmp%2Fupload_")
	assert.Contains(t, string(reqs[2].Body), "key=")
}
