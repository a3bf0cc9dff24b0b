package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// DayCodes are the day codes a day part's days may hold.
const DayCodes = "MTWRFSU"

// validateBetween checks the day part's rule between fields: start_hour
// not after end_hour (between hours that are hours at all: one out of
// range is refused by its own rule).
func (d *StrategyDayPart) validateBetween(v *valid.Validator, at string, create bool) {
	hour := func(h *int) bool { return h != nil && *h >= 0 && *h <= 23 }
	if hour(d.StartHour) && hour(d.EndHour) && *d.StartHour > *d.EndHour {
		v.Add(valid.Path(at, "end_hour"), "must not be before start_hour", *d.EndHour)
	}
}
