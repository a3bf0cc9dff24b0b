package entity

import (
	"strings"

	"github.com/adamasdk/adama-go/internal/valid"
)

// DayCodes are the day codes a day part's days may hold.
const DayCodes = "MTWRFSU"

func (d *StrategyDayPart) check(v *valid.Validator, create bool) {
	if create {
		v.Require("strategy_id", d.StrategyID != 0)
		v.Require("start_hour", d.StartHour != nil)
		v.Require("end_hour", d.EndHour != nil)
	}
	if d.StartHour != nil {
		v.Range("start_hour", int64(*d.StartHour), 0, 23)
	}
	if d.EndHour != nil {
		v.Range("end_hour", int64(*d.EndHour), 0, 23)
	}
	if d.StartHour != nil && d.EndHour != nil && *d.StartHour > *d.EndHour {
		v.Add("end_hour", "must not be before start_hour", *d.EndHour)
	}
	for _, c := range d.Days {
		if !strings.ContainsRune(DayCodes, c) {
			v.Add("days", "day codes are M T W R F S U", d.Days)
			break
		}
	}
}
