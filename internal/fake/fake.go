// Package fake holds what the in-process fake platform (adama/adamatest)
// and its group handlers share: the registration contract, the error
// writers, and the one collection store every group keeps its records in
// (Collection: keys, versions and 409s, copies, filtered and sorted
// listings; Paging and Page for offset/limit pages and their links; ParseQ
// and DocRecord for q; Envelope for the group's error form; Routes for a
// route table keyed by the operations of the group's description,
// generated into each group fake by internal/cmd/apigen -fake). Each
// group's fake lives in its own package under internal/fake and plugs into
// adamatest through Registrar without touching its core.
package fake

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/adamasdk/adama-go/internal/wire"
)

// Auth says which credentials a route demands.
type Auth int

// Route authentication.
const (
	// Session demands a valid bearer token and adama_session cookie (or,
	// deprecated, the cookie alone).
	Session Auth = iota
	// Bearer demands a valid bearer token.
	Bearer
	// Public demands nothing.
	Public
)

// Registrar is what a group's fake registers its handlers with.
type Registrar interface {
	// Handle registers h for a net/http ServeMux pattern
	// ("GET /api/v2.0/{collection}") behind the given authentication.
	Handle(pattern string, auth Auth, h http.Handler)
}

// GroupAPrefix is group A's path prefix (entity management v2.0, with
// /session), where a request without an Accept header gets XML.
const GroupAPrefix = "/api/v2.0/"

// WantsXML reports whether the request asked for XML: an Accept naming xml
// and not json, or, under group A's prefix, no Accept header at all (the
// platform's default format there is XML).
func WantsXML(r *http.Request) bool {
	a := strings.ToLower(r.Header.Get("Accept"))
	if strings.TrimSpace(a) == "" {
		return r.URL != nil && strings.HasPrefix(r.URL.Path, GroupAPrefix)
	}
	return strings.Contains(a, "xml") && !strings.Contains(a, "json")
}

// WriteError writes an error in the form the request asked for: the XML
// status element when it asked for XML, the JSON error envelope otherwise.
// code is the wire code (not_found, invalid, conflict, auth_required, ...).
func WriteError(w http.ResponseWriter, r *http.Request, status int, code, message string, fields ...wire.ErrorItem) {
	if WantsXML(r) {
		wire.WriteXMLError(w, status, code, "", message)
		return
	}
	items := []wire.ErrorItem{{Code: code, Message: message}}
	items = append(items, fields...)
	wire.WriteJSONError(w, status, items...)
}

// ErrorWriter writes one group's error answer for status, code and
// message (the fake's fault injection and authentication use it for the
// group's paths).
type ErrorWriter func(w http.ResponseWriter, r *http.Request, status int, code, message string)

// ErrorRegistrar is implemented by registrars that take a group's error
// form for a path prefix. adamatest's Server implements it.
type ErrorRegistrar interface {
	Errors(pathPrefix string, ew ErrorWriter)
}

// RegisterErrors gives r the group's error form for pathPrefix when r
// takes one.
func RegisterErrors(r Registrar, pathPrefix string, ew ErrorWriter) {
	if er, ok := r.(ErrorRegistrar); ok {
		er.Errors(pathPrefix, ew)
	}
}

// WriteData writes the {"data": ..., "meta": {...}} envelope with media
// type application/json. meta is written as given (a struct or map); nil
// writes {"status": status word}.
func WriteData(w http.ResponseWriter, status int, data, meta any) {
	if meta == nil {
		meta = map[string]any{"status": "success"}
	}
	WriteJSON(w, status, struct {
		Data any `json:"data"`
		Meta any `json:"meta"`
	}{data, meta})
}

// WriteJSON writes v as the whole body (application/json).
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteErrors writes the JSON error envelope {errors: [...], meta:
// {status: "error"}}.
func WriteErrors(w http.ResponseWriter, status int, items ...wire.ErrorItem) {
	wire.WriteJSONError(w, status, items...)
}

// ReadJSON decodes a JSON request body (at most 8 MiB) into v, writing a
// 400 in the group's JSON error form and returning false when it does not
// decode.
func ReadJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20))
	if err := dec.Decode(v); err != nil {
		WriteErrors(w, http.StatusBadRequest, wire.ErrorItem{Code: "invalid", Message: "request body: " + err.Error()})
		return false
	}
	return true
}
