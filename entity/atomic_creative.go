package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// validateBetween checks the creative's rules the schema cannot state:
// end_date not before start_date, and the click URLs absolute.
func (a *AtomicCreative) validateBetween(v *valid.Validator, at string, create bool) {
	if a.StartDate != nil && a.EndDate != nil && !a.StartDate.IsZero() && !a.EndDate.IsZero() {
		v.Check(!a.EndDate.Before(a.StartDate.Time), valid.Path(at, "end_date"), "must not be before start_date", a.EndDate.String())
	}
	checkAbsoluteURL(v, valid.Path(at, "click_through_url"), a.ClickThroughURL)
	checkAbsoluteURL(v, valid.Path(at, "click_url"), a.ClickURL)
}
