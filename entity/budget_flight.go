package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// validateBetween checks the flight's rules the schema cannot state:
// end_date after start_date, and each total_budget amount a whole number
// (spec 2.5).
func (f *BudgetFlight) validateBetween(v *valid.Validator, at string, create bool) {
	if f.StartDate != nil && f.EndDate != nil && !f.StartDate.IsZero() && !f.EndDate.IsZero() {
		v.Check(f.EndDate.After(f.StartDate.Time), valid.Path(at, "end_date"), "must be after start_date", f.EndDate.String())
	}
	for i, a := range f.TotalBudget {
		v.Check(a.Value.Equal(a.Value.Round(0)), valid.Path(valid.Index(at, "total_budget", i), "value"), "must be a whole number", a.Value.String())
	}
}
