package form

import (
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// Scalar renders the number and string values that every parameter
// encoder formats alike: strings as they are, integers in decimal, floats
// in the shortest form without exponent, and exact decimals canonically.
// ok is false for any other type, which the caller formats its own way
// (booleans and times differ between the API groups).
func Scalar(v any) (s string, ok bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int:
		return strconv.FormatInt(int64(x), 10), true
	case int8:
		return strconv.FormatInt(int64(x), 10), true
	case int16:
		return strconv.FormatInt(int64(x), 10), true
	case int32:
		return strconv.FormatInt(int64(x), 10), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case uint:
		return strconv.FormatUint(uint64(x), 10), true
	case uint8:
		return strconv.FormatUint(uint64(x), 10), true
	case uint16:
		return strconv.FormatUint(uint64(x), 10), true
	case uint32:
		return strconv.FormatUint(uint64(x), 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32), true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case adama.Decimal:
		return x.String(), true
	}
	return "", false
}
