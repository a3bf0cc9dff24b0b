package call

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// TestMultipartStreamedFile sends fields, an in-memory file and a streamed
// file: the server reads every part as written, the Content-Length is
// exact, and a retried attempt opens the streamed file again.
func TestMultipartStreamedFile(t *testing.T) {
	type part struct{ name, file, ctype, body string }
	var attempts atomic.Int32
	var got []part
	var gotLen int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if attempts.Add(1) == 1 {
			_, _ = io.Copy(io.Discard, r.Body)
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		gotLen = r.ContentLength
		_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		require.NoError(t, err)
		mr := multipart.NewReader(r.Body, params["boundary"])
		got = nil
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			b, err := io.ReadAll(p)
			require.NoError(t, err)
			got = append(got, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(b)})
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"data":{"id":1,"name":"ok"},"meta":{"status":"success"}}`)
	}))
	defer ts.Close()
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"),
		adama.WithRetry(adama.RetryPolicy{MaxRetries: 2, MinWait: 1, MaxWait: 1}))
	require.NoError(t, err)
	g := &Group{Client: c, Prefix: "/api", Auth: adama.AuthBearer, Envelope: DataMeta}

	const big = "streamed content, never held whole"
	var opens atomic.Int32
	mp := &Multipart{
		Fields: []Field{{Name: "name", Value: "x"}},
		Files: []File{
			{Field: "small", FileName: "a.txt", Data: []byte("in memory")},
			{Field: "file", FileName: `v "1".mp4`, ContentType: "video/mp4", Size: int64(len(big)),
				Open: func() (io.Reader, error) { opens.Add(1); return strings.NewReader(big), nil }},
		},
	}
	r, err := One[rec](context.Background(), g, &Call{Method: http.MethodPost, Path: "/up", Multipart: mp, ReadOnly: true})
	require.NoError(t, err)
	assert.Equal(t, "ok", r.Name)
	assert.Equal(t, int32(2), attempts.Load())
	assert.GreaterOrEqual(t, opens.Load(), attempts.Load(), "each attempt opens the streamed file again")
	assert.Equal(t, []part{
		{"name", "", "", "x"},
		{"small", "a.txt", "application/octet-stream", "in memory"},
		{"file", `v "1".mp4`, "video/mp4", big},
	}, got)
	assert.Greater(t, gotLen, int64(len(big)), "an exact Content-Length is sent")
}

func TestMultipartEncodeExactSize(t *testing.T) {
	for _, n := range []int{0, 1, 4096} {
		data := strings.Repeat("z", n)
		mp := &Multipart{Files: []File{
			{Field: "a", FileName: "a", Size: int64(n), Open: func() (io.Reader, error) { return strings.NewReader(data), nil }},
			{Field: "b", FileName: "b", Size: int64(n), Open: func() (io.Reader, error) { return strings.NewReader(data), nil }},
		}}
		static, open, size, ct, err := mp.encode()
		require.NoError(t, err)
		assert.Nil(t, static)
		assert.True(t, strings.HasPrefix(ct, "multipart/form-data; boundary="))
		rd, err := open()
		require.NoError(t, err)
		b, err := io.ReadAll(rd)
		require.NoError(t, err)
		assert.Equal(t, size, int64(len(b)))
	}
	_, _, _, _, err := (&Multipart{Files: []File{{Field: "f", Size: -1, Open: func() (io.Reader, error) { return nil, nil }}}}).encode()
	assert.ErrorContains(t, err, "size is negative")
}
