package deals

import (
	"bytes"

	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// snapshot is the body a record was read from (x-go-snapshot): Update
// sends what differs from its writable form. Records hold it behind a
// pointer so that printing a record shows an address, never the body.
type snapshot struct{ b []byte }

// keep returns the snapshot of the body b (nil for null).
func keep(b []byte) *snapshot {
	if record.IsNull(b) {
		return nil
	}
	return &snapshot{b: bytes.Clone(b)}
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
