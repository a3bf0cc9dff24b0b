package targeting

import (
	"math"

	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxInt32 is the largest value of the reference's int32 fields.
const MaxInt32 = math.MaxInt32

// checkInt32 records a violation when n lies outside lo..MaxInt32.
func checkInt32(vd *valid.Validator, field string, n, lo int64) {
	vd.Range(field, n, lo, MaxInt32)
}

// checkID records a violation when id is not a positive id.
func checkID(vd *valid.Validator, field string, id int64) {
	vd.Check(id >= 1, field, "must be a positive id", id)
}
