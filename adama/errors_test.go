package adama_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestErrorWireFormsMapToSentinels(t *testing.T) {
	h := func(ct string) http.Header { return http.Header{"Content-Type": {ct}} }
	tests := []struct {
		name     string
		status   int
		header   http.Header
		body     string
		sentinel error
		code     string
		message  string
		fields   int
	}{
		{"JSON envelope 400 with fields", 400, h("application/json"),
			`{"errors":[{"code":"invalid","message":"name is too long","field":"name"},{"code":"invalid","message":"bad vertical","field":"vertical_id"}],"meta":{"status":"error"}}`,
			adama.ErrBadRequest, "invalid", "name is too long", 2},
		{"JSON envelope vnd type 404", 404, h("application/vnd.svc.v1+json; charset=utf-8"),
			`{"errors":[{"code":"not_found","message":"no such advertiser"}],"meta":{"status":"error"}}`,
			adama.ErrNotFound, "not_found", "no such advertiser", 0},
		{"JSON 409 conflict", 409, h("application/json"), `{"errors":[{"code":"conflict","message":"version is stale"}]}`, adama.ErrConflict, "conflict", "version is stale", 0},
		{"XML not_found", 404, h("text/xml"), `<?xml version="1.0"?><result><status code="not_found">Advertiser 9 not found</status></result>`, adama.ErrNotFound, "not_found", "Advertiser 9 not found", 0},
		{"XML with reason", 400, h("text/xml"), `<result><status code="bad_request" reason="incorrect_predicates">filter is wrong</status></result>`, adama.ErrBadRequest, "bad_request", "filter is wrong", 0},
		{"XML error with 200", 200, h("application/xml"), `<result><status code="conflict">stale</status></result>`, adama.ErrConflict, "conflict", "stale", 0},
		{"meta.status invalid", 400, h("application/json"), `{"meta":{"status":"invalid"}}`, adama.ErrBadRequest, "invalid", "", 0},
		{"meta.status not_found", 200, h("application/json"), `{"meta":{"status":"not_found"}}`, adama.ErrNotFound, "not_found", "", 0},
		{"meta.status auth_required", 401, h("application/json"), `{"meta":{"status":"auth_required"}}`, adama.ErrUnauthorized, "auth_required", "", 0},
		{"meta.status auth_error", 200, h("application/json"), `{"meta":{"status":"auth_error"}}`, adama.ErrUnauthorized, "auth_error", "", 0},
		{"meta.status conflict", 200, h("application/json"), `{"meta":{"status":"conflict"}}`, adama.ErrConflict, "conflict", "", 0},
		{"meta.status denied", 403, h("application/json"), `{"meta":{"status":"denied"}}`, adama.ErrForbidden, "denied", "", 0},
		{"meta.status error", 500, h("application/json"), `{"meta":{"status":"error"}}`, adama.ErrServer, "error", "", 0},
		{"meta.status bad_request", 200, h("application/json"), `{"meta":{"status":"bad_request"}}`, adama.ErrBadRequest, "bad_request", "", 0},
		{"HTML gateway page", 502, h("text/html"), `<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>`, adama.ErrServer, "", "502 Bad Gateway", 0},
		{"HTML 503 maintenance", 503, h("text/html; charset=utf-8"), `<!DOCTYPE html><html><body><p>Down for maintenance</p></body></html>`, adama.ErrUnavailable, "", "Down for maintenance", 0},
		{"empty body 500", 500, nil, ``, adama.ErrServer, "", "Internal Server Error", 0},
		{"empty body 403", 403, h("application/json"), ``, adama.ErrForbidden, "", "Forbidden", 0},
		{"OAuth error", 401, h("application/json"), `{"error":"invalid_client","error_description":"unknown client"}`, adama.ErrUnauthorized, "invalid_client", "unknown client", 0},
		{"sniffed JSON without content type", 404, nil, `{"errors":[{"code":"not_found","message":"gone"}]}`, adama.ErrNotFound, "not_found", "gone", 0},
		{"plain text", 429, h("text/plain"), `slow down`, adama.ErrRateLimited, "", "slow down", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := adama.ErrorFromBody(tt.status, tt.header, "GET", "/api/v2.0/x", []byte(tt.body))
			require.NotNil(t, e)
			assert.True(t, errors.Is(e, tt.sentinel), "errors.Is(%v, %v)", e, tt.sentinel)
			assert.Equal(t, tt.code, e.Code)
			assert.Equal(t, tt.message, e.Message)
			assert.Len(t, e.Fields, tt.fields)
			var target *adama.Error
			assert.True(t, errors.As(error(e), &target))
			for _, other := range []error{adama.ErrNotFound, adama.ErrConflict} {
				if other != tt.sentinel && e.StatusCode != 404 && e.StatusCode != 409 && tt.code != "not_found" && tt.code != "conflict" {
					assert.False(t, errors.Is(e, other))
				}
			}
		})
	}
}

func TestErrorBodyExcerptIsBounded(t *testing.T) {
	big := make([]byte, 100000)
	for i := range big {
		big[i] = 'x'
	}
	e := adama.ErrorFromBody(500, nil, "GET", "/p", big)
	assert.LessOrEqual(t, len(e.Body), 512)
	assert.LessOrEqual(t, len(e.Error()), 400)
}

func TestValidationError(t *testing.T) {
	var v valid.Validator
	v.Require("name", false)
	v.MaxLen("description", string(make([]rune, 1025)), 1024)
	v.Range("bid_aggressiveness", 101, 0, 100)
	v.Check(true, "ok", "never", nil)
	err := v.Err()
	require.Error(t, err)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Len(t, ve.Violations, 3)
	assert.True(t, ve.Has("name", "required"))
	assert.True(t, ve.Has("bid_aggressiveness", "between 0 and 100"))
	assert.ErrorIs(t, err, adama.ErrValidation)
	assert.ErrorIs(t, err, adama.ErrBadRequest)
	assert.Contains(t, err.Error(), "description: max length 1024")

	var empty valid.Validator
	assert.NoError(t, empty.Err())
}
