package adama

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/adamasdk/adama-go/internal/errbody"
)

// errorFromBody decodes an error answer in any of the platform's forms
// (see errbody.Parse) into an *Error.
func errorFromBody(status int, h http.Header, method, path string, body []byte) *Error {
	return errorOf(errbody.Parse(status, h, method, path, body))
}

// errorOf is the *Error of an error answer's parts.
func errorOf(p errbody.Parts) *Error {
	e := &Error{StatusCode: p.StatusCode, Code: p.Code, Reason: p.Reason, Message: p.Message,
		Method: p.Method, Path: p.Path, Body: p.Body, RetryAfter: p.RetryAfter}
	for _, f := range p.Fields {
		e.Fields = append(e.Fields, FieldError(f))
	}
	return e
}

// scrubAll replaces every non-empty secret in s.
func scrubAll(s string, secrets ...string) string {
	for _, sec := range secrets {
		if sec != "" && strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	return s
}

// scrubError applies scrub to every string field of e, in place, and
// returns it.
func scrubError(e *Error, scrub func(string) string) *Error {
	if e == nil {
		return nil
	}
	e.Code, e.Reason, e.Message, e.Body = scrub(e.Code), scrub(e.Reason), scrub(e.Message), scrub(e.Body)
	e.Method, e.Path, e.RetryAfter = scrub(e.Method), scrub(e.Path), scrub(e.RetryAfter)
	for i := range e.Fields {
		f := &e.Fields[i]
		f.Code, f.Message, f.Field = scrub(f.Code), scrub(f.Message), scrub(f.Field)
	}
	if e.Err != nil {
		if s := e.Err.Error(); scrub(s) != s {
			e.Err = &scrubbedError{msg: scrub(s), err: e.Err}
		}
	}
	return e
}

// scrubbedError shows a scrubbed message and still unwraps to the original
// error for errors.Is and errors.As.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

// redirectRefusedError is the reason a redirect was not followed.
type redirectRefusedError struct {
	status   int
	from, to string // scheme://host of each side
}

func (e *redirectRefusedError) Error() string {
	return fmt.Sprintf("redirect (%d) from %s to %s refused: a request with credentials or a body goes only to the host and scheme it was sent to", e.status, e.from, e.to)
}

// transportError wraps a failure below HTTP. outcomeUnknown marks a
// non-idempotent request that may have been applied.
func transportError(method, path string, err error, outcomeUnknown bool) *Error {
	err = scrubErr(err)
	e := &Error{Code: CodeTransport, Method: method, Path: path, Err: err, Message: err.Error()}
	var rr *redirectRefusedError
	switch {
	case errors.As(err, &rr):
		e.Code, e.Message = CodeRedirectRefused, rr.Error()
	case outcomeUnknown:
		e.Code = CodeOutcomeUnknown
		e.Message = "the request may have been applied but its answer was lost (read the record back before sending it again): " + e.Message
	}
	return e
}

// notConfigured is the error of a call needing a host or grant the client
// was not given.
func notConfigured(method, path, msg string) *Error {
	return &Error{Code: CodeNotConfigured, Method: method, Path: path, Message: msg}
}
