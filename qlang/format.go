package qlang

import (
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
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
	case bool:
		if x {
			return "1"
		}
		return "0"
	case time.Time:
		return x.Format(TimeLayout)
	case adama.Time:
		return x.Format(TimeLayout)
	}
	if s, ok := form.Scalar(v); ok {
		return s
	}
	// fmt recovers from panics in String methods, so this never panics.
	return fmt.Sprint(v)
}

// TimeLayout is the layout FormatValue uses for a time.Time, the form the
// platform uses for dates ("2026-01-01T00:00:00+0000").
const TimeLayout = adama.WireTimeLayout
