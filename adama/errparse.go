package adama

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
)

// maxErrorBody bounds how much of an error body is read.
const maxErrorBody = 64 << 10

// maxExcerpt bounds Error.Body.
const maxExcerpt = 512

// MediaType returns the media type of a Content-Type header, lower-cased
// and without parameters ("application/json").
func MediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt, _, _ = strings.Cut(contentType, ";")
	}
	return strings.ToLower(strings.TrimSpace(mt))
}

// IsJSON reports whether a media type is a JSON form
// (application/json, application/vnd.svc.v1+json, ...).
func IsJSON(mt string) bool {
	return mt == "application/json" || strings.HasSuffix(mt, "+json") || mt == "text/json"
}

// IsXML reports whether a media type is an XML form.
func IsXML(mt string) bool {
	return mt == "application/xml" || mt == "text/xml" || strings.HasSuffix(mt, "+xml")
}

// ParseErrorResponse reads (a bounded part of) resp's body and decodes it
// into an *Error. The body is closed.
func ParseErrorResponse(resp *http.Response) *Error {
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	method, path := "", ""
	if resp.Request != nil {
		method = resp.Request.Method
		if resp.Request.URL != nil {
			path = resp.Request.URL.Path
		}
	}
	return ErrorFromBody(resp.StatusCode, resp.Header, method, path, data)
}

type jsonErrorBody struct {
	Errors json.RawMessage `json:"errors"`
	Error  json.RawMessage `json:"error"`
	Meta   struct {
		Status string `json:"status"`
	} `json:"meta"`
	Message          string `json:"message"`
	Code             any    `json:"code"`
	ErrorDescription string `json:"error_description"`
}

type xmlErrorBody struct {
	XMLName xml.Name `xml:"result"`
	Status  struct {
		Code   string `xml:"code,attr"`
		Reason string `xml:"reason,attr"`
		Text   string `xml:",chardata"`
	} `xml:"status"`
}

var htmlTitle = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)
var htmlTag = regexp.MustCompile(`(?s)<[^>]*>`)

// ErrorFromBody decodes an error body in any of the platform's forms: the
// JSON envelope {errors:[{code,message,field}], meta:{status}}, the XML
// <result><status code reason>text</status></result>, meta.status alone, an
// HTML page from a gateway, or an empty body. The form is chosen by the
// Content-Type the server sent, falling back to sniffing the body.
func ErrorFromBody(status int, h http.Header, method, path string, body []byte) *Error {
	e := &Error{StatusCode: status, Method: method, Path: path}
	if h != nil {
		e.RetryAfter = h.Get("Retry-After")
	}
	trimmed := bytes.TrimSpace(body)
	e.Body = excerpt(trimmed)
	mt := ""
	if h != nil {
		mt = MediaType(h.Get("Content-Type"))
	}
	switch {
	case len(trimmed) == 0:
	case IsJSON(mt) || (mt == "" || mt == "text/plain") && (trimmed[0] == '{' || trimmed[0] == '['):
		decodeJSONError(e, trimmed)
	case IsXML(mt) || (mt == "" || mt == "text/plain") && bytes.HasPrefix(trimmed, []byte("<?xml")) || bytes.HasPrefix(trimmed, []byte("<result")):
		var x xmlErrorBody
		if xml.Unmarshal(trimmed, &x) == nil {
			e.Code = x.Status.Code
			e.Reason = x.Status.Reason
			e.Message = strings.TrimSpace(x.Status.Text)
		}
	case mt == "text/html" || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<html")):
		if m := htmlTitle.FindSubmatch(trimmed); m != nil {
			e.Message = strings.TrimSpace(string(m[1]))
		} else {
			e.Message = strings.Join(strings.Fields(htmlTag.ReplaceAllString(string(trimmed), " ")), " ")
			e.Message = truncate(e.Message, 200)
		}
	default:
		e.Message = truncate(strings.TrimSpace(string(trimmed)), 200)
	}
	if e.Message == "" && e.Code == "" {
		e.Message = http.StatusText(status)
	}
	// A 2xx carrying an error status (meta.status or XML status) is still
	// an error; give it the status its code implies.
	if status/100 == 2 {
		if s := statusForCode(e.Code); s != 0 {
			e.StatusCode = s
		}
	}
	return e
}

func decodeJSONError(e *Error, body []byte) {
	var j jsonErrorBody
	if json.Unmarshal(body, &j) != nil {
		e.Message = truncate(string(body), 200)
		return
	}
	var items []FieldError
	if len(j.Errors) > 0 && j.Errors[0] == '[' {
		_ = json.Unmarshal(j.Errors, &items)
	} else if len(j.Errors) > 0 && j.Errors[0] == '{' {
		var one FieldError
		if json.Unmarshal(j.Errors, &one) == nil {
			items = []FieldError{one}
		}
	}
	if len(items) > 0 {
		e.Code = items[0].Code
		e.Message = items[0].Message
		for _, it := range items {
			if it.Field != "" || len(items) > 1 {
				e.Fields = append(e.Fields, it)
			}
		}
	}
	if len(j.Error) > 0 && e.Code == "" {
		var s string
		if json.Unmarshal(j.Error, &s) == nil {
			e.Code = s // OAuth form: {"error": "invalid_grant", "error_description": ...}
			e.Message = j.ErrorDescription
		} else {
			var one FieldError
			if json.Unmarshal(j.Error, &one) == nil {
				e.Code, e.Message = one.Code, one.Message
			}
		}
	}
	if e.Message == "" {
		e.Message = j.Message
	}
	if e.Code == "" {
		if s, ok := j.Code.(string); ok {
			e.Code = s
		}
	}
	if ms := j.Meta.Status; ms != "" && ms != "ok" && ms != "success" {
		if e.Code == "" {
			e.Code = ms
		}
	}
}

// statusForCode maps meta.status and XML status codes to HTTP statuses.
func statusForCode(code string) int {
	switch code {
	case "invalid", "bad_request":
		return http.StatusBadRequest
	case "auth_required", "auth_error":
		return http.StatusUnauthorized
	case "denied":
		return http.StatusForbidden
	case "not_found":
		return http.StatusNotFound
	case "conflict":
		return http.StatusConflict
	case "error":
		return http.StatusInternalServerError
	}
	return 0
}

func excerpt(b []byte) string {
	if len(b) > maxExcerpt {
		b = b[:maxExcerpt]
	}
	return strings.ToValidUTF8(string(b), "")
}
