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
	"github.com/adamasdk/adama-go/entity"
)

func TestUploadStrategyPostcodes(t *testing.T) {
	ec, srv := targetsServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	file := "10001\n10002,10003\n"

	var sent []int64
	srv.FailNext("/api/v2.0/strategies/50/target_postcodes", 1, http.StatusServiceUnavailable, "")
	ack, err := ec.UploadStrategyPostcodes(ctx, 50, &entity.PostcodeUpload{
		Content: strings.NewReader(file), Size: int64(len(file)),
		Progress: func(s, total int64) { sent = append(sent, s); assert.Equal(t, int64(len(file)), total) },
	})
	require.NoError(t, err, "a 503 is retried, the file sent again from its start")
	assert.Equal(t, "success", ack.Status)
	assert.Equal(t, []string{"10001", "10002", "10003"}, srv.Entities().StrategyPostcodes(50))
	assert.Equal(t, int64(len(file)), sent[len(sent)-1])

	ack, err = xc.UploadStrategyPostcodes(ctx, 50, &entity.PostcodeUpload{FileName: "zips.txt", ContentType: "text/plain", Content: strings.NewReader("75001"), Size: 5})
	require.NoError(t, err)
	assert.Equal(t, "ok", ack.Status)
	assert.Equal(t, []string{"75001"}, srv.Entities().StrategyPostcodes(50))

	// A reader that cannot rewind is sent once: a 503 is the caller's.
	srv.FailNext("/api/v2.0/strategies/50/target_postcodes", 1, http.StatusServiceUnavailable, "")
	_, err = ec.UploadStrategyPostcodes(ctx, 50, &entity.PostcodeUpload{Content: io.MultiReader(strings.NewReader("1")), Size: 1})
	assert.ErrorIs(t, err, adama.ErrUnavailable)

	// Refused before sending: no file, an empty one, a bad id.
	srv.ResetRequests()
	var ve *adama.ValidationError
	_, err = ec.UploadStrategyPostcodes(ctx, 50, nil)
	require.True(t, errors.As(err, &ve))
	assert.True(t, ve.Has("file", ""))
	_, err = ec.UploadStrategyPostcodes(ctx, 0, &entity.PostcodeUpload{Content: strings.NewReader("1"), Size: 1})
	require.True(t, errors.As(err, &ve))
	assert.Empty(t, apiRequests(srv))

	// The platform refuses a file of no codes, and an unknown strategy.
	_, err = ec.UploadStrategyPostcodes(ctx, 50, &entity.PostcodeUpload{Content: strings.NewReader(" ,\n"), Size: 3})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "file")
	_, err = ec.UploadStrategyPostcodes(ctx, 777, &entity.PostcodeUpload{Content: strings.NewReader("1"), Size: 1})
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

// The exact multipart request, and no credential sent twice.
func TestUploadStrategyPostcodesExactRequest(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c)
	gock.New("https://api.example").Post("^/api/v2.0/strategies/50/target_postcodes$").
		MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Content-Type", "^multipart/form-data; boundary=").
		AddMatcher(func(r *http.Request, _ *gock.Request) (bool, error) {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				return false, err
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			want := "Content-Disposition: form-data; name=\"file\"; filename=\"postcodes.csv\"\r\nContent-Type: text/csv\r\n\r\n10001\n10002\r\n--"
			return r.ContentLength == int64(len(b)) && bytes.Contains(b, []byte(want)) && bytes.Count(b, []byte("Content-Disposition")) == 1, nil
		}).
		Reply(200).BodyString(`{"meta":{"status":"success"}}`)
	ack, err := ec.UploadStrategyPostcodes(context.Background(), 50, &entity.PostcodeUpload{Content: strings.NewReader("10001\n10002"), Size: 11})
	require.NoError(t, err)
	assert.Equal(t, "success", ack.Status)
	assert.True(t, gock.IsDone())
}

// The acknowledgement of the platform's shape, in JSON and XML, and an
// error document sent with a 200.
func TestDecodePostcodesAck(t *testing.T) {
	ctx := context.Background()
	up := func() *entity.PostcodeUpload { return &entity.PostcodeUpload{Content: strings.NewReader("1"), Size: 1} }
	ack, err := serveTargetsFile(t, "testdata/platform/strategy_target_postcodes_ack.json", "application/json", false).UploadStrategyPostcodes(ctx, 50, up())
	require.NoError(t, err)
	assert.Equal(t, "success", ack.Status)
	assert.Equal(t, "2026-03-05T09:00:00+0000", ack.CalledOn)
	ack, err = serveTargetsFile(t, "testdata/platform/strategy_target_postcodes_ack.xml", "application/xml", true).UploadStrategyPostcodes(ctx, 50, up())
	require.NoError(t, err)
	assert.Equal(t, "ok", ack.Status)
}
