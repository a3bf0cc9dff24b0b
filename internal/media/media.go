// Package media reads Content-Type headers: the media type and whether it
// is a JSON or an XML form. The client, the call layer and the fake share it.
package media

import (
	"mime"
	"strings"
)

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
