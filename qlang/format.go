package qlang

import (
	"fmt"
	"strconv"
	"time"
)

// FormatValue formats a predicate value the way the builder methods do: a
// string as is; signed and unsigned integers in decimal; floats in the
// shortest decimal form without exponent; a bool as "1" or "0"; a time.Time
// with TimeLayout; nil as ""; anything else (fmt.Stringer included) with
// fmt.Sprint.
func FormatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int:
		return strconv.FormatInt(int64(x), 10)
	case int8:
		return strconv.FormatInt(int64(x), 10)
	case int16:
		return strconv.FormatInt(int64(x), 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint8:
		return strconv.FormatUint(uint64(x), 10)
	case uint16:
		return strconv.FormatUint(uint64(x), 10)
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case time.Time:
		return x.Format(TimeLayout)
	default:
		// fmt recovers from panics in String methods, so this never panics.
		return fmt.Sprint(x)
	}
}

// TimeLayout is the layout FormatValue uses for a time.Time, the form the
// platform uses for dates ("2026-01-01T00:00:00+0000").
const TimeLayout = "2006-01-02T15:04:05-0700"
