package call_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

// entity.Client.Session reads the session's expiry from the platform's XML
// answer, where <session> is a sibling of the user's <entity>, as well as
// from the child placement and from JSON.
func TestSessionAnswerBothPlacements(t *testing.T) {
	tests := []struct {
		file, ct string
		xml      bool
	}{
		{"session_sibling.xml", "text/xml", true},
		{"session_child.xml", "text/xml", true},
		{"session.json", "application/json", false},
	}
	want := time.Date(2015, 8, 20, 15, 5, 10, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile("testdata/" + tt.file)
			require.NoError(t, err)
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				assert.Equal(t, "/api/v2.0/session", r.URL.Path)
				http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: "s-1", Path: "/"})
				w.Header().Set("Content-Type", tt.ct)
				_, _ = w.Write(body)
			}))
			defer ts.Close()
			c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"))
			require.NoError(t, err)
			defer c.Close()
			var opts []entity.Option
			if tt.xml {
				opts = append(opts, entity.WithXML())
			}
			s, err := entity.New(c, opts...).Session(context.Background())
			require.NoError(t, err)
			assert.Equal(t, int64(1), s.ID)
			assert.Equal(t, "user", s.Name)
			require.NotNil(t, s.Expires, "the session's expiry")
			assert.True(t, want.Equal(s.Expires.Time), "expires %v", s.Expires.Time)
		})
	}
}
