// Package errbody decodes the platform's error answers, whatever their
// form (JSON envelope, XML status element, meta.status, a gateway's HTML
// page, an empty body), into the plain parts of an error. adama turns the
// parts into its *adama.Error; internal/wire does the same for the call
// layer and the group packages.
package errbody

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Parts are the parts of one error answer, the fields of an *adama.Error
// that come from the server.
type Parts struct {
	StatusCode int
	Code       string
	Reason     string
	Message    string
	Fields     []FieldError
	Method     string
	Path       string
	Body       string
	RetryAfter string
}

// FieldError is one field-level problem; its fields and tags are those of
// adama.FieldError, so one converts to the other.
type FieldError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// maxErrorBody bounds how much of an error body is read.
const maxErrorBody = 64 << 10

// maxExcerpt bounds Error.Body.
const maxExcerpt = 512

// Read reads (a bounded part of) resp's body and decodes it as Parse does,
// with the method and path of resp's request. The body is closed.
func Read(resp *http.Response) Parts {
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	method, path := "", ""
	if resp.Request != nil {
		method = resp.Request.Method
		if resp.Request.URL != nil {
			path = resp.Request.URL.Path
		}
	}
	return Parse(resp.StatusCode, resp.Header, method, path, data)
}

type jsonErrorBody struct {
	Errors json.RawMessage `json:"errors"`
	Error  json.RawMessage `json:"error"`
	Meta   struct {
		Status string `json:"status"`
		// Error is the message of the v3.0 creative uploads' errors
		// ({"data": null, "meta": {"status": "error", "error": "..."}}).
		Error json.RawMessage `json:"error"`
	} `json:"meta"`
	// Status is the video creatives' {"code", "message"} beside errors.
	Status           json.RawMessage `json:"status"`
	Message          string          `json:"message"`
	Code             any             `json:"code"`
	ErrorDescription string          `json:"error_description"`
}

type xmlErrorBody struct {
	XMLName xml.Name `xml:"result"`
	Status  struct {
		Code   string `xml:"code,attr"`
		Reason string `xml:"reason,attr"`
		Text   string `xml:",chardata"`
	} `xml:"status"`
	// FieldErrors are <errors><field-error name error/></errors>.
	FieldErrors []struct {
		Name  string `xml:"name,attr"`
		Error string `xml:"error,attr"`
		Code  string `xml:"code,attr"`
	} `xml:"errors>field-error"`
}

var htmlTitle = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)
var htmlTag = regexp.MustCompile(`(?s)<[^>]*>`)

// Parse decodes an error body in any of the platform's forms: the JSON
// envelope {errors:[{code,message,field}], meta:{status}}, the XML
// <result><status code reason>text</status></result>, meta.status alone, an
// HTML page from a gateway, or an empty body. The form is chosen by the
// Content-Type the server sent, falling back to sniffing the body. Every
// text of the result is valid UTF-8.
func Parse(status int, h http.Header, method, path string, body []byte) Parts {
	p := Parts{StatusCode: status, Method: method, Path: path}
	e := &p
	if h != nil {
		e.RetryAfter = h.Get("Retry-After")
	}
	trimmed := bytes.TrimSpace(body)
	e.Body = excerpt(trimmed)
	mt := ""
	if h != nil {
		mt = media.MediaType(h.Get("Content-Type"))
	}
	metaStatus := ""
	switch {
	case len(trimmed) == 0:
	case media.IsJSON(mt) || (mt == "" || mt == "text/plain") && (trimmed[0] == '{' || trimmed[0] == '['):
		metaStatus = decodeJSONError(e, trimmed)
	case media.IsXML(mt) || (mt == "" || mt == "text/plain") && bytes.HasPrefix(trimmed, []byte("<?xml")) || bytes.HasPrefix(trimmed, []byte("<result")):
		var x xmlErrorBody
		// encoding/xml refuses invalid UTF-8 outright; replaced, the rest
		// of the document still reads.
		if xml.Unmarshal(validBytes(trimmed), &x) == nil {
			e.Code = x.Status.Code
			e.Reason = x.Status.Reason
			e.Message = strings.TrimSpace(x.Status.Text)
			for _, f := range x.FieldErrors {
				e.Fields = append(e.Fields, FieldError{Code: f.Code, Field: f.Name, Message: f.Error})
			}
		}
	case mt == "text/html" || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<html")):
		if m := htmlTitle.FindSubmatch(trimmed); m != nil {
			e.Message = strings.TrimSpace(string(m[1]))
		} else {
			e.Message = strings.Join(strings.Fields(htmlTag.ReplaceAllString(string(trimmed), " ")), " ")
			e.Message = wirefmt.Truncate(e.Message, 200)
		}
	default:
		e.Message = wirefmt.Truncate(strings.TrimSpace(string(trimmed)), 200)
	}
	if e.Message == "" && e.Code == "" {
		e.Message = http.StatusText(status)
	}
	validText(e)
	// A 2xx carrying an error status (meta.status or XML status) is still
	// an error; give it the status its code implies.
	if status/100 == 2 {
		if s := statusForCode(metaStatus); s != 0 {
			e.StatusCode = s
		} else if s := statusForCode(e.Code); s != 0 {
			e.StatusCode = s
		}
	}
	return p
}

// decodeJSONError fills e from a JSON error body and returns its
// meta.status.
func decodeJSONError(e *Parts, body []byte) string {
	var j jsonErrorBody
	if json.Unmarshal(body, &j) != nil {
		e.Message = wirefmt.Truncate(string(body), 200)
		return ""
	}
	items := FieldErrors(j.Errors)
	if len(items) == 0 && len(j.Errors) > 0 && j.Errors[0] == '{' {
		// The video creatives' {"field_error": [{name, code, error}]}
		// (or one object).
		var nested struct {
			FieldError json.RawMessage `json:"field_error"`
		}
		if json.Unmarshal(j.Errors, &nested) == nil {
			for _, it := range FieldErrors(nested.FieldError) {
				e.Fields = append(e.Fields, it)
			}
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
	if len(j.Status) > 0 && j.Status[0] == '{' {
		var st struct {
			Code    json.RawMessage `json:"code"`
			Message string          `json:"message"`
		}
		if json.Unmarshal(j.Status, &st) == nil {
			if c := flexCode(st.Code); c != "" && len(items) == 0 {
				e.Code = c
			}
			if e.Message == "" {
				e.Message = st.Message
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
	if e.Message == "" && len(j.Meta.Error) > 0 {
		var s string
		if json.Unmarshal(j.Meta.Error, &s) == nil {
			e.Message = s
		}
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
	return j.Meta.Status
}

// wireFieldError is one field error in any of the forms the platform
// sends: {code, message, field} or the video creatives' {name, code,
// error}, the code a string or a number.
type wireFieldError struct {
	Code    json.RawMessage `json:"code"`
	Message string          `json:"message"`
	Error   string          `json:"error"`
	Field   string          `json:"field"`
	Name    string          `json:"name"`
}

// FieldErrors reads raw, an array of field errors or a single one; it
// returns nil for anything else (an object that is not a field error
// included).
func FieldErrors(raw json.RawMessage) []FieldError {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	var list []wireFieldError
	switch raw[0] {
	case '[':
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
	case '{':
		var one wireFieldError
		if json.Unmarshal(raw, &one) != nil {
			return nil
		}
		list = []wireFieldError{one}
	default:
		return nil
	}
	out := make([]FieldError, 0, len(list))
	for _, w := range list {
		f := FieldError{Code: flexCode(w.Code), Message: w.Message, Field: w.Field}
		if f.Message == "" {
			f.Message = w.Error
		}
		if f.Field == "" {
			f.Field = w.Name
		}
		if f == (FieldError{}) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// flexCode reads a code sent as a string or a number ("" otherwise).
func flexCode(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	if raw[0] == '"' {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
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

// excerpt returns at most maxExcerpt bytes of b as valid UTF-8, each run
// of invalid bytes replaced by U+FFFD and no rune cut in two.
func excerpt(b []byte) string {
	// A replacement character is longer than the byte it replaces, so
	// more than maxExcerpt bytes are read before the cut.
	if len(b) > 4*maxExcerpt {
		b = b[:4*maxExcerpt]
	}
	return wirefmt.CutRunes(strings.ToValidUTF8(string(b), "\uFFFD"), maxExcerpt)
}

// validBytes returns b with each run of invalid UTF-8 replaced by U+FFFD
// (b itself when it is valid).
func validBytes(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// validText replaces the invalid UTF-8 in every string field of e with
// U+FFFD: a server may send any bytes, an error's text is always valid.
func validText(e *Parts) {
	v := func(s string) string {
		if utf8.ValidString(s) {
			return s
		}
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	e.Code, e.Reason, e.Message, e.Body, e.RetryAfter = v(e.Code), v(e.Reason), v(e.Message), v(e.Body), v(e.RetryAfter)
	for i := range e.Fields {
		f := &e.Fields[i]
		f.Code, f.Message, f.Field = v(f.Code), v(f.Message), v(f.Field)
	}
}
