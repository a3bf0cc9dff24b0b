package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// validateBetween checks the campaign's rules the schema cannot state:
// custom brain selections are not sendable in this form, the frequency
// rule, and end_date not before start_date.
func (c *Campaign) validateBetween(v *valid.Validator, at string, create bool) {
	checkUnsentBrainSelections(v, c.CustomBrainSelections)
	checkFrequency(v, at, c.FrequencyType, c.FrequencyInterval, c.FrequencyAmount)
	if c.StartDate != nil && c.EndDate != nil && !c.StartDate.IsZero() && !c.EndDate.IsZero() {
		v.Check(!c.EndDate.Before(c.StartDate.Time), valid.Path(at, "end_date"), "must not be before start_date", c.EndDate.String())
	}
}
