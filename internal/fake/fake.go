// Package fake holds what the in-process fake platform (adama/adamatest)
// and its group handlers share: the registration contract and the error
// writers. Each group's fake lives in its own package under internal/fake
// and plugs into adamatest through Registrar without touching its core.
package fake

import (
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
	// Setting returns a value set by a group option of adamatest (nil
	// when unset).
	Setting(key string) any
}

// WantsXML reports whether the request asked for XML.
func WantsXML(r *http.Request) bool {
	a := strings.ToLower(r.Header.Get("Accept"))
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
