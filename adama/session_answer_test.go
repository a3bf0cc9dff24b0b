package adama_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// sessionServer answers GET /api/v2.0/session with testdata/file (and the
// adama_session cookie s-1) and records the session headers of other
// calls.
func sessionServer(t *testing.T, file, contentType string) (*httptest.Server, func() http.Header) {
	t.Helper()
	body, err := os.ReadFile("testdata/" + file)
	require.NoError(t, err)
	var mu sync.Mutex
	var last http.Header
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v2.0/session" {
			http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: "s-1", Path: "/"})
			w.Header().Set("Content-Type", contentType)
			_, _ = w.Write(body)
			return
		}
		mu.Lock()
		last = r.Header.Clone()
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"ok":true},"meta":{"status":"ok"}}`))
	}))
	t.Cleanup(ts.Close)
	return ts, func() http.Header { mu.Lock(); defer mu.Unlock(); return last }
}

// The session bootstrap reads the session's expiry from the platform's
// answer in every form: XML with <session> beside the user's <entity> (as
// the platform sends it) or inside it, and JSON; the custom algorithm
// interface's calls carry it in adama_session_exp.
func TestSessionBootstrapReadsExpiry(t *testing.T) {
	tests := []struct{ file, ct string }{
		{"session_sibling.xml", "text/xml"},
		{"session_sibling.xml", "application/xml; charset=utf-8"},
		{"session_child.xml", "text/xml"},
		{"session.json", "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.ct, func(t *testing.T) {
			ts, headers := sessionServer(t, tt.file, tt.ct)
			c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"))
			require.NoError(t, err)
			defer c.Close()
			resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/models", Auth: adama.AuthSessionHeaders})
			require.NoError(t, err)
			resp.Body.Close()
			h := headers()
			assert.Equal(t, "s-1", h.Get(adama.SessionCookieName))
			assert.Equal(t, "2015-08-20T15:05:10", h.Get(adama.SessionCookieName+"_exp"))
			assert.True(t, strings.Contains(h.Get("Cookie"), adama.SessionCookieName+"=s-1"))
		})
	}
}
