package reporting_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// TestUnauthorizedXML: a report call without valid credentials answers 401
// in the reporting reference's form (text/xml; charset=UTF-8,
// <status code="auth_required" reason="not_logged_in">), on every
// endpoint of the group; the SDK reads it as an *adama.Error matching
// adama.ErrUnauthorized with code auth_required.
func TestUnauthorizedXML(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithHTTPClient(srv.Client()),
		adama.WithSessionCookie("sess_not_issued"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	svc := reporting.New(c)
	ctx := context.Background()
	calls := map[string]func() error{
		"stream": func() error { _, err := svc.Stream(ctx, baseQuery()); return err },
		"download": func() error {
			_, err := svc.Download(ctx, baseQuery(), nil)
			return err
		},
		"validate": func() error { return svc.Validate(ctx, baseQuery()) },
		"meta": func() error {
			_, err := svc.Meta(ctx, reporting.ReportPerformance)
			return err
		},
		"list": func() error { _, err := svc.Reports(ctx); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			err := call()
			require.Error(t, err)
			assert.ErrorIs(t, err, adama.ErrUnauthorized)
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, http.StatusUnauthorized, ae.StatusCode)
			assert.Equal(t, "auth_required", ae.Code)
			assert.Equal(t, "not_logged_in", ae.Reason)
			assert.Equal(t, "Authentication Required", ae.Message)
		})
	}

	// The raw answer is the reference's: XML with its charset, not JSON,
	// whatever the Accept header asked for.
	for _, accept := range []string{"", "application/json", "text/csv"} {
		req, err := http.NewRequest(http.MethodGet, srv.URL+reporting.PathPrefix+"/performance?"+baseQuery().String(), nil)
		require.NoError(t, err)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		resp, err := srv.Client().Do(req)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		assert.Equal(t, "text/xml; charset=UTF-8", resp.Header.Get("Content-Type"), accept)
		assert.Contains(t, string(body), `<status code="auth_required" reason="not_logged_in">Authentication Required</status>`)
	}
}

// TestUnauthorizedReferenceBody serves the reference's 401 body byte for
// byte: Stream and Validate read it as ErrUnauthorized, code
// auth_required.
func TestUnauthorizedReferenceBody(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "error_401.xml"))
	require.NoError(t, err)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write(body)
	}))
	defer ts.Close()
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithHTTPClient(ts.Client()),
		adama.WithSessionCookie("s"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	svc := reporting.New(c)
	for _, err := range []error{
		func() error { _, err := svc.Stream(context.Background(), baseQuery()); return err }(),
		svc.Validate(context.Background(), baseQuery()),
	} {
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.ErrorIs(t, err, adama.ErrUnauthorized)
		assert.Equal(t, "auth_required", ae.Code)
		assert.Equal(t, "not_logged_in", ae.Reason)
		assert.Equal(t, "Authentication Required", ae.Message)
	}
}
