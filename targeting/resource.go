package targeting

import (
	"bytes"

	"github.com/adamasdk/adama-go/internal/record"
)

// snapshot is the body a record was decoded from: Update sends what
// differs from its writable form (the generated updateRequest). It sits
// behind a pointer so that printing a record shows an address, never the
// server's body.
type snapshot struct{ b []byte }

// keep returns the snapshot of the body b.
func keep(b []byte) *snapshot {
	if record.IsNull(b) {
		return nil
	}
	return &snapshot{b: bytes.Clone(b)}
}
