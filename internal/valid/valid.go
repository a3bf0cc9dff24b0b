// Package valid builds the one *adama.ValidationError every group returns
// before sending: a Validator collects each broken rule (field, rule,
// value) and Err returns them together.
package valid

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
		v.Add(field, RuleRequired, nil)
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

// The rule texts every group uses for the rules a description states, so
// that a generated check and a hand-written one say the same words.
const (
	// RuleRequired is the rule of a missing required field.
	RuleRequired = "required"
	// RuleReadOnly is the rule of a read-only or create-only field an
	// update would change.
	RuleReadOnly = "read-only: an update cannot change it"
	// RuleListedTwice is the rule of a repeated item of a list whose items
	// must be unique.
	RuleListedTwice = "listed twice"
)

// MinLen records a violation when s holds fewer than n characters (runes).
func (v *Validator) MinLen(field, s string, n int) {
	if len([]rune(s)) < n {
		v.Addf(field, s, "min length %d", n)
	}
}

// Min records a violation when x is below lo (a limit with no maximum).
func (v *Validator) Min(field string, x, lo int64) {
	if x < lo {
		v.Addf(field, x, "must be at least %d", lo)
	}
}

// Max records a violation when x is above hi (a limit with no minimum).
func (v *Validator) Max(field string, x, hi int64) {
	if x > hi {
		v.Addf(field, x, "must be at most %d", hi)
	}
}

// Pattern records a violation when s does not match the regular
// expression pattern (RE2 syntax). A pattern that does not compile is
// recorded as a violation too, never a panic.
func (v *Validator) Pattern(field, s, pattern string) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		v.Addf(field, s, "pattern %q does not compile: %v", pattern, err)
		return
	}
	if !re.MatchString(s) {
		v.Addf(field, s, "must match %s", pattern)
	}
}

// Items records a violation when a list of n items holds fewer than lo or
// more than hi items; a negative bound is no bound.
func (v *Validator) Items(field string, n, lo, hi int) {
	switch {
	case lo >= 0 && n < lo:
		v.Addf(field, n, "at least %d items, has %d", lo, n)
	case hi >= 0 && n > hi:
		v.Addf(field, n, "at most %d items, has %d", hi, n)
	}
}

// ReadOnly records that an update would change the read-only or
// create-only field.
func (v *Validator) ReadOnly(field string) {
	v.Add(field, RuleReadOnly, nil)
}

// Enumerated is a typed enum as the generator writes it: a string type
// with Valid and Values.
type Enumerated[T any] interface {
	~string
	Valid() bool
	Values() []T
}

// Enum records a violation when x is set and is not one of its type's
// values: an unknown value from the caller is refused before sending.
// The rule lists the values ("one of: INCLUDE, EXCLUDE").
func Enum[T Enumerated[T]](v *Validator, field string, x T) {
	if x == "" || x.Valid() {
		return
	}
	vals := x.Values()
	parts := make([]string, len(vals))
	for i, s := range vals {
		parts[i] = string(s)
	}
	v.Add(field, "one of: "+strings.Join(parts, ", "), string(x))
}

// Unique records a RuleListedTwice violation for each item of list (at
// field[i]) equal to an earlier one.
func Unique[T comparable](v *Validator, field string, list []T) {
	seen := make(map[T]bool, len(list))
	for i, x := range list {
		if seen[x] {
			v.Add(Index("", field, i), RuleListedTwice, x)
		}
		seen[x] = true
	}
}

// Path names the field name of a record found at prefix ("" for the top
// record): "name", or "vendor_attributions[0].vendor_id".
func Path(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// Index names item i of the list field name of a record found at prefix:
// "vendor_attributions[0]".
func Index(prefix, name string, i int) string {
	return Path(prefix, name+"["+strconv.Itoa(i)+"]")
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

// DecimalMin records a violation ("must be >= lo") when x is below lo, a
// decimal literal; a limit that does not parse is recorded as a
// violation too, never a panic.
func (v *Validator) DecimalMin(field string, x adama.Decimal, lo string) {
	d, err := adama.ParseDecimal(lo)
	switch {
	case err != nil:
		v.Addf(field, x, "limit %q is not a decimal: %v", lo, err)
	case x.Cmp(d) < 0:
		v.Addf(field, x, "must be >= %s", lo)
	}
}

// DecimalMax records a violation ("at most hi") when x is above hi, a
// decimal literal; a limit that does not parse is recorded as a violation
// too, never a panic.
func (v *Validator) DecimalMax(field string, x adama.Decimal, hi string) {
	d, err := adama.ParseDecimal(hi)
	switch {
	case err != nil:
		v.Addf(field, x, "limit %q is not a decimal: %v", hi, err)
	case x.Cmp(d) > 0:
		v.Addf(field, x, "at most %s", hi)
	}
}

// Restate records in v the violations of w, each field once (with its
// first value), under the rule text rule: a field whose value breaks
// several limits of one stated rule is reported once, in the description's
// words. A RuleRequired violation keeps its rule.
func (v *Validator) Restate(w *Validator, rule string) {
	seen := map[string]bool{}
	for _, x := range w.violations {
		if x.Rule == RuleRequired {
			v.violations = append(v.violations, x)
			continue
		}
		if seen[x.Field] {
			continue
		}
		seen[x.Field] = true
		v.Add(x.Field, rule, x.Value)
	}
}

// IsZero reports whether x is its type's zero value, as the omitzero
// JSON option decides it (a record held by value with no field set is
// absent).
func IsZero[T any](x T) bool {
	return reflect.ValueOf(&x).Elem().IsZero()
}

// EnumOf records a violation when x is set and not one of allowed (some
// of its type's values: those a request may send). The rule lists them
// ("one of: hour, day").
func EnumOf[T ~string](v *Validator, field string, x T, allowed ...T) {
	if x == "" || slices.Contains(allowed, x) {
		return
	}
	parts := make([]string, len(allowed))
	for i, a := range allowed {
		parts[i] = string(a)
	}
	v.Add(field, "one of: "+strings.Join(parts, ", "), string(x))
}
