package adama_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// The video creatives' validation answer nests its field errors under
// errors.field_error (an array, or one object) and puts code and message
// in a status object beside them.
func TestVideoCreativeNestedFieldErrors(t *testing.T) {
	landing := adama.FieldError{Code: "-1", Field: "landingUrl", Message: "Bad URL: landing page must be an absolute http(s) URL"}
	tests := []struct {
		file   string
		fields []adama.FieldError
	}{
		{"video_field_errors.json", []adama.FieldError{landing}},
		{"video_field_error_single.json", []adama.FieldError{landing}},
		{"video_field_errors_two.json", []adama.FieldError{landing, {Code: "required", Field: "advertiserId", Message: "advertiserId is required"}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile("testdata/" + tt.file)
			require.NoError(t, err)
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				_, _ = w.Write(body)
			}))
			defer ts.Close()
			c, err := adama.NewClient(adama.WithBaseURL(ts.URL))
			require.NoError(t, err)
			defer c.Close()

			_, err = c.Do(context.Background(), &adama.Request{Method: http.MethodPost, Path: "/v3.0/creatives", Auth: adama.AuthNone,
				Body: []byte(`{}`), ContentType: "application/json"})
			var e *adama.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, adama.ErrBadRequest)
			assert.Equal(t, http.StatusBadRequest, e.StatusCode)
			assert.Equal(t, "invalid", e.Code)
			assert.Equal(t, "API Validation", e.Message)
			assert.Equal(t, tt.fields, e.Fields)
			assert.Contains(t, e.Error(), "400 invalid: API Validation; landingUrl: Bad URL")
		})
	}

	t.Run("sent with 200", func(t *testing.T) {
		body, err := os.ReadFile("testdata/video_field_errors.json")
		require.NoError(t, err)
		e := adama.ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {"application/json"}}, "POST", "/v3.0/creatives", body)
		assert.ErrorIs(t, e, adama.ErrBadRequest)
		assert.Equal(t, []adama.FieldError{landing}, e.Fields)
	})
}
