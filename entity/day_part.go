package entity

import (
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// StrategyDayPart is a strategy's day part (spec 2.8), collection
// strategy_day_parts. strategy_id, start_hour and end_hour are required;
// hours run 0 to 23 and start_hour must not be after end_hour.
type StrategyDayPart struct {
	Common
	StrategyID int64 `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	StartHour  *int  `json:"start_hour,omitempty" url:"start_hour,omitempty"`
	EndHour    *int  `json:"end_hour,omitempty" url:"end_hour,omitempty"`
	// Days is a string of day codes, "MTWRFSU" (Monday to Sunday).
	Days     string      `json:"days,omitempty" url:"days,omitempty"`
	UserTime *adama.Bool `json:"user_time,omitempty" url:"user_time,omitempty"`
	Status   *adama.Bool `json:"status,omitempty" url:"status,omitempty"`
}

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
