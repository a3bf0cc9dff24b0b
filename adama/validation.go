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

// missing returns a *ValidationError naming each field whose value is
// empty ("required"), or nil when none is.
func missing(fields ...[2]string) error {
	var out []Violation
	for _, f := range fields {
		if f[1] == "" {
			out = append(out, Violation{Field: f[0], Rule: "required"})
		}
	}
	if len(out) == 0 {
		return nil
	}
	return &ValidationError{Violations: out}
}
