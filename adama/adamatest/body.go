package adamatest

import (
	"bytes"
	"io"
	"net/http"
)

// readBody reads a bounded request body for recording and puts it back.
func readBody(r *http.Request) []byte {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	_ = r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(b))
	return b
}
