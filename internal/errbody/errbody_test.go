package errbody_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/internal/errbody"
)

// closeRecorder is a body that records whether it was closed and how much
// was read from it.
type closeRecorder struct {
	r      io.Reader
	read   int
	closed bool
}

func (c *closeRecorder) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

func TestRead(t *testing.T) {
	for _, tt := range []struct {
		name, ct, body     string
		status, wantStatus int
		wantCode, wantMsg  string
		wantFields         []errbody.FieldError
	}{
		{name: "JSON envelope", ct: "application/json", status: 400, wantStatus: 400,
			body:     `{"errors":[{"code":"invalid","message":"bad","field":"name"}],"meta":{"status":"error"}}`,
			wantCode: "invalid", wantMsg: "bad", wantFields: []errbody.FieldError{{Code: "invalid", Message: "bad", Field: "name"}}},
		{name: "JSON meta error", ct: "application/json", status: 400, wantStatus: 400,
			body:     `{"data":null,"meta":{"status":"error","error":"Concept ID 999 not found"}}`,
			wantCode: "error", wantMsg: "Concept ID 999 not found"},
		{name: "XML status on a 200", ct: "text/xml", status: 200, wantStatus: 404,
			body: `<result><status code="not_found">gone</status></result>`, wantCode: "not_found", wantMsg: "gone"},
		{name: "gateway page", ct: "text/html", status: 502, wantStatus: 502,
			body: `<html><title>Bad Gateway</title></html>`, wantMsg: "Bad Gateway"},
		{name: "empty", status: 503, wantStatus: 503, wantMsg: "Service Unavailable"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := &closeRecorder{r: strings.NewReader(tt.body)}
			resp := &http.Response{StatusCode: tt.status, Header: http.Header{"Content-Type": {tt.ct}, "Retry-After": {"3"}}, Body: body,
				Request: &http.Request{Method: "GET", URL: &url.URL{Path: "/api/v2.0/x", RawQuery: "secret=1"}}}
			p := errbody.Read(resp)
			assert.True(t, body.closed)
			assert.Equal(t, tt.wantStatus, p.StatusCode)
			assert.Equal(t, tt.wantCode, p.Code)
			assert.Equal(t, tt.wantMsg, p.Message)
			assert.Equal(t, tt.wantFields, p.Fields)
			assert.Equal(t, "GET", p.Method)
			assert.Equal(t, "/api/v2.0/x", p.Path, "the path, never the query")
			assert.Equal(t, "3", p.RetryAfter)
		})
	}
}

func TestReadBounded(t *testing.T) {
	body := &closeRecorder{r: strings.NewReader(strings.Repeat("x", 1<<20))}
	p := errbody.Read(&http.Response{StatusCode: 500, Header: http.Header{}, Body: body})
	assert.Less(t, body.read, 1<<20, "an error body is read through a limit")
	assert.LessOrEqual(t, len(p.Body), 512)
	assert.True(t, body.closed)
}
