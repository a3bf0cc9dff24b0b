package adama

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Sentinel errors matched with errors.Is against any *Error (by HTTP status
// and error code) and, for ErrValidation and ErrBadRequest, against a
// *ValidationError.
var (
	ErrBadRequest   = errors.New("adama: bad request")
	ErrUnauthorized = errors.New("adama: authentication required")
	ErrForbidden    = errors.New("adama: permission denied")
	ErrNotFound     = errors.New("adama: not found")
	ErrConflict     = errors.New("adama: version conflict")
	ErrRateLimited  = errors.New("adama: rate limited")
	ErrServer       = errors.New("adama: server error")
	ErrUnavailable  = errors.New("adama: service unavailable")
	// ErrValidation matches a *ValidationError: the request broke a
	// client-side rule and was not sent.
	ErrValidation = errors.New("adama: invalid request")
	// ErrTransport matches every failure below HTTP: a dropped connection,
	// a malformed answer (bad Content-Length), a redirect loop or a refused
	// redirect, TLS and DNS errors. The *Error has StatusCode 0 (or the
	// refused redirect's status) and Err holds the underlying error, so
	// errors.As reaches *net.OpError and *url.Error.
	ErrTransport = errors.New("adama: transport failure")
	// ErrOutcomeUnknown matches a creating or updating request (not marked
	// WithIdempotent) that may have reached the server but whose answer was
	// lost. The change may or may not have been applied: read the record
	// back before sending it again. It also matches ErrTransport.
	ErrOutcomeUnknown = errors.New("adama: outcome unknown")
	// ErrTooLarge matches a response body beyond the client's limit
	// (WithMaxResponseBytes).
	ErrTooLarge = errors.New("adama: response too large")
	// ErrNotConfigured matches a call that needs a host or a grant the
	// client was not given (WithAuthURL, WithBYOAURL, WithTokenSource,
	// WithClientCredentials). Nothing was sent.
	ErrNotConfigured = errors.New("adama: not configured")
)

// Codes of errors that arise in the client rather than on the server.
const (
	// CodeTransport is the Code of a transport failure (ErrTransport).
	CodeTransport = "transport"
	// CodeOutcomeUnknown is the Code of ErrOutcomeUnknown.
	CodeOutcomeUnknown = "outcome_unknown"
	// CodeRedirectRefused is the Code of a redirect that was not followed
	// because it led a request with credentials or a body to another host
	// or scheme. It matches ErrTransport.
	CodeRedirectRefused = "redirect_refused"
	// CodeBodyTooLarge is the Code of ErrTooLarge.
	CodeBodyTooLarge = "body_too_large"
	// CodeNotConfigured is the Code of ErrNotConfigured.
	CodeNotConfigured = "not_configured"
)

// FieldError is one field-level problem reported by the server.
type FieldError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// Error is every error the platform answers with, whatever its wire form:
// the JSON envelope, the XML status element, meta.status, a gateway's HTML
// page or an empty body. It never holds credentials.
type Error struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// Code is the machine-readable code ("not_found", "invalid", the first
	// JSON error's code, ...). Empty when the body had none.
	Code string
	// Reason is the XML status element's reason attribute, when present.
	Reason string
	// Message is the human-readable text.
	Message string
	// Fields lists the field errors of a JSON envelope.
	Fields []FieldError
	// Method and Path identify the request (path without query string).
	Method string
	Path   string
	// Body is a bounded excerpt of the response body.
	Body string
	// RetryAfter is the server's Retry-After header, if any.
	RetryAfter string
	// Attempts is how many times the request was sent.
	Attempts int
	// Err is the underlying failure of a transport error (ErrTransport,
	// ErrOutcomeUnknown) or of one that arose while reading a response (a
	// connection cut in the middle of a stream); nil otherwise.
	Err error
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Error renders "adama: GET /path: 404 not_found: message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("adama: ")
	if e.Method != "" {
		b.WriteString(e.Method)
		b.WriteByte(' ')
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%d", e.StatusCode)
	if e.Code != "" {
		b.WriteByte(' ')
		b.WriteString(e.Code)
	}
	if e.Reason != "" {
		b.WriteString(" (")
		b.WriteString(e.Reason)
		b.WriteByte(')')
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	for _, f := range e.Fields {
		b.WriteString("; ")
		if f.Field != "" {
			b.WriteString(f.Field)
			b.WriteString(": ")
		}
		b.WriteString(f.Message)
	}
	if s := b.String(); !utf8.ValidString(s) {
		return strings.ToValidUTF8(s, "\uFFFD") // an Error built by hand
	}
	return b.String()
}

// Is matches the sentinel errors by status code and error code.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrBadRequest:
		return (e.StatusCode == http.StatusBadRequest && !notFoundCode(e.Code)) || e.Code == "invalid" || e.Code == "bad_request"
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.Code == "auth_required" || e.Code == "auth_error"
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden || e.Code == "denied"
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound || notFoundCode(e.Code)
	case ErrConflict:
		return e.StatusCode == http.StatusConflict || e.Code == "conflict"
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests
	case ErrServer:
		return e.StatusCode >= 500 || (e.StatusCode < 400 && (e.Code == "error" || e.Code == CodeUnexpectedContent))
	case ErrUnavailable:
		return e.StatusCode == http.StatusServiceUnavailable
	case ErrTransport:
		return e.Code == CodeTransport || e.Code == CodeOutcomeUnknown || e.Code == CodeRedirectRefused
	case ErrOutcomeUnknown:
		return e.Code == CodeOutcomeUnknown
	case ErrTooLarge:
		return e.Code == CodeBodyTooLarge
	case ErrNotConfigured:
		return e.Code == CodeNotConfigured
	}
	return false
}

// notFoundCode reports a code that says "not found" whatever the status:
// "not_found", and the custom algorithm interface's "Not_Found_ModelData"
// family (sent with status 400).
func notFoundCode(code string) bool {
	return len(code) >= 9 && strings.EqualFold(code[:9], "not_found")
}

// Temporary reports whether the error is worth retrying later (429, 5xx).
func (e *Error) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}
