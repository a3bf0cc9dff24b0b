package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// DayCodes are the day codes a day part's days may hold.
const DayCodes = "MTWRFSU"

// validateBetween checks the day part's rule between fields: start_hour
// not after end_hour.
func (d *StrategyDayPart) validateBetween(v *valid.Validator, at string, create bool) {
	if d.StartHour != nil && d.EndHour != nil && *d.StartHour > *d.EndHour {
		v.Add(valid.Path(at, "end_hour"), "must not be before start_hour", *d.EndHour)
	}
}
