// Package valid builds the one *adama.ValidationError every group returns
// before sending: a Validator collects each broken rule (field, rule,
// value) and Err returns them together.
package valid

import (
	"fmt"

	"github.com/adamasdk/adama-go/adama"
)

// Validator collects violations. The zero value is ready to use.
//
//	var v valid.Validator
//	v.Require("name", rec.Name != "")
//	v.MaxLen("name", rec.Name, 64)
//	return v.Err()
type Validator struct {
	violations []adama.Violation
}

// Add records a violation.
func (v *Validator) Add(field, rule string, value any) {
	v.violations = append(v.violations, adama.Violation{Field: field, Rule: rule, Value: value})
}

// Addf records a violation whose rule is built with fmt.Sprintf.
func (v *Validator) Addf(field string, value any, format string, args ...any) {
	v.Add(field, fmt.Sprintf(format, args...), value)
}

// Check records a violation of rule on field when ok is false.
func (v *Validator) Check(ok bool, field, rule string, value any) {
	if !ok {
		v.Add(field, rule, value)
	}
}

// Require records a "required" violation when present is false.
func (v *Validator) Require(field string, present bool) {
	if !present {
		v.Add(field, "required", nil)
	}
}

// MaxLen records a violation when s holds more than n characters (runes).
func (v *Validator) MaxLen(field, s string, n int) {
	if c := len([]rune(s)); c > n {
		v.Addf(field, s, "max length %d, has %d", n, c)
	}
}

// Range records a violation when x lies outside [lo, hi].
func (v *Validator) Range(field string, x, lo, hi int64) {
	if x < lo || x > hi {
		v.Addf(field, x, "must be between %d and %d", lo, hi)
	}
}

// Merge appends the violations of err when it is a *adama.ValidationError, with
// prefix prepended to each field; any other non-nil error is recorded as a
// violation of field prefix.
func (v *Validator) Merge(prefix string, err error) {
	if err == nil {
		return
	}
	if ve, ok := err.(*adama.ValidationError); ok {
		for _, x := range ve.Violations {
			if prefix != "" {
				if x.Field == "" {
					x.Field = prefix
				} else {
					x.Field = prefix + "." + x.Field
				}
			}
			v.violations = append(v.violations, x)
		}
		return
	}
	v.Add(prefix, err.Error(), nil)
}

// Len reports how many violations were recorded.
func (v *Validator) Len() int { return len(v.violations) }

// Err returns a *adama.ValidationError with every recorded violation, or nil.
func (v *Validator) Err() error {
	if len(v.violations) == 0 {
		return nil
	}
	out := make([]adama.Violation, len(v.violations))
	copy(out, v.violations)
	return &adama.ValidationError{Violations: out}
}
