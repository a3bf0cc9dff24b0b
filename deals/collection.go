package deals

import (
	"bytes"
	"encoding/json"

	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// readKeeping decodes the record b into alias (its Extra into *extra) and
// keeps b in *raw, so that Update can send what differs from the record
// as read.
func readKeeping[A any](b []byte, alias *A, idx record.Index, extra *map[string]json.RawMessage, raw **readBody) error {
	if err := record.DecodeKeepingInto(b, alias, idx, extra); err != nil {
		return err
	}
	if !record.IsNull(b) {
		*raw = &readBody{b: bytes.Clone(b)}
	}
	return nil
}

// readBody is the object a record was read from. Records hold it behind a
// pointer so that printing a record shows an address, not the body.
type readBody struct{ b []byte }

// bytes returns the body (nil for a record built by hand).
func (r *readBody) bytes() []byte {
	if r == nil {
		return nil
	}
	return r.b
}

// checkRecord refuses a nil record before sending, naming it.
func checkRecord[T any](name string, rec *T) error {
	if rec == nil {
		var v valid.Validator
		v.Require(name, false)
		return v.Err()
	}
	return nil
}
