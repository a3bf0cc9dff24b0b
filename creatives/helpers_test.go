package creatives

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"

	"github.com/stretchr/testify/require"
)

func i64(i int64) *int64 { return &i }

func validNew() *NewVideoCreative {
	return &NewVideoCreative{Advertiser: 7, Name: "Launch", Concept: 11, ClickthroughURL: "https://example.com/c"}
}

// validRecord is a valid video creative to create.
func validRecord() *VideoCreative {
	return &VideoCreative{Details: CreativeDetails{Active: true, Advertiser: 7, Name: "Launch", Concept: 11, ClickthroughURL: "https://example.com/c"}}
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

func mustReq(t testing.TB, method, url, body, token string) *http.Request {
	t.Helper()
	r, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	r.Header.Set("Authorization", "Bearer "+token)
	r.Header.Set("Content-Type", "application/json")
	return r
}

// newRawServer answers every request with one fixed response, for wire
// forms the fake does not produce; it returns a client wired to it.
func newRawServer(t testing.TB, status int, contentType, body string) *adama.Client {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithRetry(adama.RetryPolicy{MaxRetries: 0}))
	require.NoError(t, err)
	return c
}

func uploadInput() *NewVideoCreative {
	in := validNew()
	in.FileName = "spot.mp4"
	return in
}

func staticCompanion() *Companion {
	return &Companion{
		Details: CompanionDetails{AdServer: "adama", Typ: CompanionTypeStatic, Width: 300, Height: 250,
			LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"},
		FileName: "banner.png", FileExtension: "png", ResourceData: "data:image/png;base64,iVBORw0KGgo=",
	}
}
