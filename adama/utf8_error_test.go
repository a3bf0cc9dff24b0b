package adama_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// Server error bodies with invalid UTF-8 reach the caller as an *Error
// whose text is valid UTF-8 (invalid bytes replaced) and bounded.
func TestErrorTextIsValidUTF8(t *testing.T) {
	tests := []struct {
		file, ct string
		status   int
		sentinel error
		code     string
		fields   int
	}{
		{"error_invalid_utf8.json", "application/json", 400, adama.ErrBadRequest, "inv\uFFFDalid", 1},
		{"error_invalid_utf8.xml", "text/xml", 400, adama.ErrBadRequest, "invalid", 1},
		{"error_invalid_utf8.txt", "text/plain", 500, adama.ErrServer, "", 0},
		{"error_invalid_utf8.html", "text/html", 502, adama.ErrServer, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile("testdata/" + tt.file)
			require.NoError(t, err)
			require.False(t, utf8.Valid(body), "the sample must hold invalid UTF-8")
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", tt.ct)
				w.WriteHeader(tt.status)
				_, _ = w.Write(body)
			}))
			defer ts.Close()
			c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithRetry(adama.RetryPolicy{NoRetries: true}))
			require.NoError(t, err)
			defer c.Close()

			_, err = c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/x", Auth: adama.AuthNone})
			var e *adama.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tt.sentinel)
			assert.Equal(t, tt.code, e.Code)
			assert.Len(t, e.Fields, tt.fields)
			assert.NotEmpty(t, e.Message)
			for name, s := range map[string]string{"Error()": e.Error(), "Code": e.Code, "Reason": e.Reason, "Message": e.Message, "Body": e.Body} {
				assert.True(t, utf8.ValidString(s), "%s is not valid UTF-8: %q", name, s)
			}
			for _, f := range e.Fields {
				assert.True(t, utf8.ValidString(f.Field+f.Code+f.Message), "field error %q", f)
			}
			assert.Contains(t, e.Body, "\uFFFD", "invalid bytes are replaced, not dropped")
			assert.LessOrEqual(t, len(e.Body), 512)
			assert.LessOrEqual(t, len(e.Message), 203)
		})
	}
}
