package adama_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/adama"
)

// Error bodies as the platform sends them (issue: groups A and C against
// the real platform, facts 4 and 6).
func TestPlatformErrorForms(t *testing.T) {
	xmlHdr := http.Header{"Content-Type": {"text/xml"}}
	jsonHdr := http.Header{"Content-Type": {"application/json"}}
	tests := []struct {
		name     string
		status   int
		h        http.Header
		body     string
		sentinel error
		code     string
		fields   []adama.FieldError
	}{
		{name: "XML field errors", status: 400, h: xmlHdr,
			body:     `<?xml version="1.0"?><result><status code="invalid">Validation errors</status><errors><field-error name="deal_ids" error="Invalid deal id(s)"/><field-error name="name" error="too long"/></errors></result>`,
			sentinel: adama.ErrBadRequest, code: "invalid",
			fields: []adama.FieldError{{Field: "deal_ids", Message: "Invalid deal id(s)"}, {Field: "name", Message: "too long"}}},
		{name: "XML field errors with 200", status: 200, h: xmlHdr,
			body:     `<result><status code="invalid">Validation errors</status><errors><field-error name="deal_ids" error="Invalid deal id(s)"/></errors></result>`,
			sentinel: adama.ErrBadRequest, code: "invalid",
			fields: []adama.FieldError{{Field: "deal_ids", Message: "Invalid deal id(s)"}}},
		{name: "meta.status not_found with another code", status: 200, h: jsonHdr,
			body:     `{"errors":[{"code":"E100","message":"no such entity"}],"meta":{"status":"not_found"}}`,
			sentinel: adama.ErrNotFound, code: "E100"},
		{name: "meta.status auth_error alone", status: 200, h: jsonHdr,
			body: `{"meta":{"status":"auth_error"}}`, sentinel: adama.ErrUnauthorized, code: "auth_error"},
		{name: "meta.status denied", status: 403, h: jsonHdr,
			body: `{"errors":[{"code":"denied","message":"no"}],"meta":{"status":"denied"}}`, sentinel: adama.ErrForbidden, code: "denied"},
		{name: "meta.status conflict", status: 200, h: jsonHdr,
			body: `{"errors":[{"code":"conflict","message":"stale","field":"version"}],"meta":{"status":"conflict"}}`, sentinel: adama.ErrConflict, code: "conflict",
			fields: []adama.FieldError{{Code: "conflict", Message: "stale", Field: "version"}}},
		{name: "meta.status invalid", status: 400, h: jsonHdr,
			body: `{"errors":[{"code":"invalid","message":"bad","field":"name"}],"meta":{"status":"invalid"}}`, sentinel: adama.ErrBadRequest, code: "invalid",
			fields: []adama.FieldError{{Code: "invalid", Message: "bad", Field: "name"}}},
		{name: "auth_required", status: 401, h: jsonHdr,
			body: `{"errors":[{"code":"auth_required","message":"sign in"}],"meta":{"status":"auth_required"}}`, sentinel: adama.ErrUnauthorized, code: "auth_required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := adama.ErrorFromBody(tt.status, tt.h, "GET", "/api/v2.0/x", []byte(tt.body))
			assert.ErrorIs(t, e, tt.sentinel)
			assert.Equal(t, tt.code, e.Code)
			assert.Equal(t, tt.fields, e.Fields)
		})
	}
}
