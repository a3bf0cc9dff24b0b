package adama

import (
	"fmt"
	"strings"
)

// Violation is one broken client-side rule: the field it concerns, the rule
// it breaks and the offending value as the caller gave it.
type Violation struct {
	// Field is the wire name of the field, with a path for nested values
	// ("rmx_strategy.pricing_type", "filter[1].value").
	Field string
	// Rule names the rule in words ("required", "max length 64", "one of: a, b").
	Rule string
	// Value is the offending value; nil when the field was missing.
	Value any
}

// String renders the violation as "field: rule (value)".
func (v Violation) String() string {
	if v.Value == nil {
		return v.Field + ": " + v.Rule
	}
	return fmt.Sprintf("%s: %s (got %v)", v.Field, v.Rule, v.Value)
}

// ValidationError lists every client-side rule a request breaks. It is
// returned before any request is sent, so nothing reached the server.
// errors.Is(err, ErrValidation) and errors.Is(err, ErrBadRequest) both match.
type ValidationError struct {
	// Violations holds every broken rule, in the order they were found.
	Violations []Violation
}

// Error lists the violations on one line.
func (e *ValidationError) Error() string {
	if e == nil || len(e.Violations) == 0 {
		return "adama: invalid request"
	}
	parts := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		parts[i] = v.String()
	}
	return "adama: invalid request: " + strings.Join(parts, "; ")
}

// Is matches ErrValidation and ErrBadRequest.
func (e *ValidationError) Is(target error) bool {
	return target == ErrValidation || target == ErrBadRequest
}

// Has reports whether a violation names field (and rule, when rule is not
// empty, as a substring of the rule text).
func (e *ValidationError) Has(field, rule string) bool {
	if e == nil {
		return false
	}
	for _, v := range e.Violations {
		if v.Field == field && (rule == "" || strings.Contains(v.Rule, rule)) {
			return true
		}
	}
	return false
}

// Validator collects violations. The zero value is ready to use.
//
//	var v adama.Validator
//	v.Require("name", rec.Name != "")
//	v.MaxLen("name", rec.Name, 64)
//	return v.Err()
type Validator struct {
	violations []Violation
}

// Add records a violation.
func (v *Validator) Add(field, rule string, value any) {
	v.violations = append(v.violations, Violation{Field: field, Rule: rule, Value: value})
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

// Merge appends the violations of err when it is a *ValidationError, with
// prefix prepended to each field; any other non-nil error is recorded as a
// violation of field prefix.
func (v *Validator) Merge(prefix string, err error) {
	if err == nil {
		return
	}
	if ve, ok := err.(*ValidationError); ok {
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

// Err returns a *ValidationError with every recorded violation, or nil.
func (v *Validator) Err() error {
	if len(v.violations) == 0 {
		return nil
	}
	out := make([]Violation, len(v.violations))
	copy(out, v.violations)
	return &ValidationError{Violations: out}
}
