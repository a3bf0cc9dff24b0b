package byoa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/internal/record"
)

// WithExecutorIDs replaces the executor ids settings may name (by default
// only CurrentExecutorID, the value the reference requires). Use it only
// when the platform has announced a new executor version.
func WithExecutorIDs(ids ...int64) Option {
	return func(c *config) { c.executors = append([]int64(nil), ids...) }
}

// seg escapes one path segment.
func seg(s string) string { return url.PathEscape(s) }

// id formats an integer path segment.
func id(n int64) string { return strconv.FormatInt(n, 10) }

// encodeObject marshals rec (a method-less alias of a record) and adds the
// members of extra it does not already hold.
func encodeObject(rec any, extra map[string]json.RawMessage) ([]byte, error) {
	return record.EncodeObject(rec, extra)
}

// errorf builds an error of the package's decoders.
func errorf(format string, args ...any) error { return fmt.Errorf("byoa: "+format, args...) }

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
