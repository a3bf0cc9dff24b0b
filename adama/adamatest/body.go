package adamatest

import (
	"bytes"
	"io"
	"net/http"
)

// readBody reads a bounded prefix of the request body for recording and
// puts it back in front of the rest, so handlers still read the whole body
// (a large upload streams past the recorded prefix).
func readBody(r *http.Request) []byte {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
	return b
}
