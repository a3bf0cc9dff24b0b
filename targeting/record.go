package targeting

import (
	"math"

	"github.com/adamasdk/adama-go/internal/valid"
)

// checkInt32 records a violation when n lies outside lo..math.MaxInt32, the
// range of the reference's int32 fields.
func checkInt32(vd *valid.Validator, field string, n, lo int64) {
	vd.Range(field, n, lo, math.MaxInt32)
}

// checkID records a violation when id is not a positive id.
func checkID(vd *valid.Validator, field string, id int64) {
	vd.Check(id >= 1, field, "must be a positive id", id)
}
