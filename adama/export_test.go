package adama

import "net/http"

// ErrorFromBody gives the external tests the decoding of an error answer
// that the client applies to every answer it reads.
func ErrorFromBody(status int, h http.Header, method, path string, body []byte) *Error {
	return errorFromBody(status, h, method, path, body)
}
