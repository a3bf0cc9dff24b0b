package reporting

import (
	"strings"
)

// IsOrdered reports whether o needs an ordered type (>, <, >=, <=).
//
// Deprecated: reporting v1 is removed in July 2026.
func (o Operator) IsOrdered() bool {
	return o == OperatorGt || o == OperatorLt || o == OperatorGe || o == OperatorLe
}

// IsText reports whether o needs a string type (the contains family).
//
// Deprecated: reporting v1 is removed in July 2026.
func (o Operator) IsText() bool {
	return o == OperatorContains || o == OperatorContainsEq || o == OperatorContainsFold || o == OperatorNotContains || o == OperatorNotContainsFold
}

// Predicate tests a field: true when any of Values satisfies Op.
//
// Deprecated: reporting v1 is removed in July 2026.
type Predicate struct {
	Field  string
	Op     Operator
	Values []string
}

// P builds a predicate; values are written with their natural text form
// (integers, decimals, time.Time as YYYY-MM-DDThh:mi:ss, Stringers).
//
// Deprecated: reporting v1 is removed in July 2026.
func P(field string, op Operator, values ...any) Predicate {
	vs := make([]string, len(values))
	for i, v := range values {
		vs[i] = formatValue(v)
	}
	return Predicate{Field: field, Op: op, Values: vs}
}

// Eq is P(field, OperatorEq, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Eq(field string, values ...any) Predicate { return P(field, OperatorEq, values...) }

// Ne is P(field, OperatorNe, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Ne(field string, values ...any) Predicate { return P(field, OperatorNe, values...) }

// Gt is P(field, OperatorGt, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Gt(field string, value any) Predicate { return P(field, OperatorGt, value) }

// Lt is P(field, OperatorLt, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Lt(field string, value any) Predicate { return P(field, OperatorLt, value) }

// Ge is P(field, OperatorGe, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Ge(field string, value any) Predicate { return P(field, OperatorGe, value) }

// Le is P(field, OperatorLe, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Le(field string, value any) Predicate { return P(field, OperatorLe, value) }

// Contains is P(field, OperatorContains, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Contains(field string, values ...any) Predicate { return P(field, OperatorContains, values...) }

// ContainsFold is P(field, OperatorContainsFold, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func ContainsFold(field string, values ...any) Predicate {
	return P(field, OperatorContainsFold, values...)
}

// NotContains is P(field, OperatorNotContains, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func NotContains(field string, values ...any) Predicate {
	return P(field, OperatorNotContains, values...)
}

// NotContainsFold is P(field, OperatorNotContainsFold, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func NotContainsFold(field string, values ...any) Predicate {
	return P(field, OperatorNotContainsFold, values...)
}

// reserved are the characters that force a value into quotes.
const reserved = "&,\"<>=~!:"

// quoteValue encodes one predicate value: a value holding a reserved
// character (& , " < > = ~ ! :), an empty value and a value with leading
// or trailing white space have their double quotes doubled and are wrapped
// in double quotes. URL encoding is applied later, by the query string.
func quoteValue(s string) string {
	if s != "" && !strings.ContainsAny(s, reserved) && strings.TrimSpace(s) == s {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// String returns the predicate's wire form before URL encoding:
// field, operator, then the quoted values joined by commas.
//
// Deprecated: reporting v1 is removed in July 2026.
func (p Predicate) String() string {
	var b strings.Builder
	b.WriteString(p.Field)
	b.WriteString(string(p.Op))
	for i, v := range p.Values {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(quoteValue(v))
	}
	return b.String()
}

// encodePredicates joins predicates with "&" (AND), the form of the
// filter and having parameters before URL encoding.
func encodePredicates(ps []Predicate) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, "&")
}
