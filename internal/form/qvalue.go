package form

import (
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// QueryValue formats a value of a q predicate the way qlang's builder
// methods write it: a string as is; signed and unsigned integers in
// decimal; floats in the shortest decimal form without exponent; a bool as
// "1" or "0"; a time.Time or adama.Time in the platform's date-time form;
// nil as ""; anything else (fmt.Stringer included) with fmt.Sprint. The
// fakes format stored values the same way to match them against a q.
func QueryValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		if x {
			return "1"
		}
		return "0"
	case time.Time:
		return wirefmt.FormatTime(x)
	case adama.Time:
		return wirefmt.FormatTime(x.Time)
	}
	if s, ok := Scalar(v); ok {
		return s
	}
	// fmt recovers from panics in String methods, so this never panics.
	return fmt.Sprint(v)
}
