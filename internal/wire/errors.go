package wire

import (
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/errbody"
)

// ErrorFromBody decodes an error answer in any of the platform's forms
// (the JSON envelope, the XML status element, meta.status, a gateway's
// HTML page, an empty body) into the *adama.Error a caller classifies, as
// the client does for the answers it reads itself.
func ErrorFromBody(status int, h http.Header, method, path string, body []byte) *adama.Error {
	return errorOf(errbody.Parse(status, h, method, path, body))
}

// ErrorFromResponse reads (a bounded part of) resp's body into an
// *adama.Error, as ErrorFromBody does. The body is closed.
func ErrorFromResponse(resp *http.Response) *adama.Error {
	return errorOf(errbody.Read(resp))
}

// errorOf is the *adama.Error of an error answer's parts.
func errorOf(p errbody.Parts) *adama.Error {
	e := &adama.Error{StatusCode: p.StatusCode, Code: p.Code, Reason: p.Reason, Message: p.Message,
		Method: p.Method, Path: p.Path, Body: p.Body, RetryAfter: p.RetryAfter}
	for _, f := range p.Fields {
		e.Fields = append(e.Fields, adama.FieldError(f))
	}
	return e
}
