package reporting

import (
	"strings"
)

// Operator is a predicate operator.
//
// Deprecated: reporting v1 is removed in July 2026.
//
//adama:enum
type Operator string

// Operators of filter and having predicates.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	// OpEq is equality, for all types.
	OpEq Operator = "="
	// OpNe is non-equality, for all types.
	OpNe Operator = "!="
	// OpGt, OpLt, OpGe and OpLe compare ordered (numeric and date) types.
	OpGt Operator = ">"
	OpLt Operator = "<"
	OpGe Operator = ">="
	OpLe Operator = "<="
	// OpContains is "contains, case sensitive" for strings.
	OpContains Operator = "~"
	// OpContainsEq is the alternative spelling of OpContains.
	OpContainsEq Operator = "=~"
	// OpContainsFold is "contains, case insensitive" for strings.
	OpContainsFold Operator = "=:"
	// OpNotContains is "does not contain, case sensitive" for strings.
	OpNotContains Operator = "!~"
	// OpNotContainsFold is "does not contain, case insensitive" for strings.
	OpNotContainsFold Operator = "!:"
)

// IsOrdered reports whether o needs an ordered type (>, <, >=, <=).
//
// Deprecated: reporting v1 is removed in July 2026.
func (o Operator) IsOrdered() bool { return o == OpGt || o == OpLt || o == OpGe || o == OpLe }

// IsText reports whether o needs a string type (the contains family).
//
// Deprecated: reporting v1 is removed in July 2026.
func (o Operator) IsText() bool {
	return o == OpContains || o == OpContainsEq || o == OpContainsFold || o == OpNotContains || o == OpNotContainsFold
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

// Eq is P(field, OpEq, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Eq(field string, values ...any) Predicate { return P(field, OpEq, values...) }

// Ne is P(field, OpNe, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Ne(field string, values ...any) Predicate { return P(field, OpNe, values...) }

// Gt is P(field, OpGt, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Gt(field string, value any) Predicate { return P(field, OpGt, value) }

// Lt is P(field, OpLt, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Lt(field string, value any) Predicate { return P(field, OpLt, value) }

// Ge is P(field, OpGe, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Ge(field string, value any) Predicate { return P(field, OpGe, value) }

// Le is P(field, OpLe, value).
//
// Deprecated: reporting v1 is removed in July 2026.
func Le(field string, value any) Predicate { return P(field, OpLe, value) }

// Contains is P(field, OpContains, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func Contains(field string, values ...any) Predicate { return P(field, OpContains, values...) }

// ContainsFold is P(field, OpContainsFold, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func ContainsFold(field string, values ...any) Predicate {
	return P(field, OpContainsFold, values...)
}

// NotContains is P(field, OpNotContains, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func NotContains(field string, values ...any) Predicate { return P(field, OpNotContains, values...) }

// NotContainsFold is P(field, OpNotContainsFold, values...).
//
// Deprecated: reporting v1 is removed in July 2026.
func NotContainsFold(field string, values ...any) Predicate {
	return P(field, OpNotContainsFold, values...)
}

// reserved are the characters that force a value into quotes.
const reserved = "&,\"<>=~!:"

// QuoteValue encodes one predicate value: a value holding a reserved
// character (& , " < > = ~ ! :), an empty value and a value with leading
// or trailing white space have their double quotes doubled and are wrapped
// in double quotes. URL encoding is applied later, by the query string.
//
// Deprecated: reporting v1 is removed in July 2026.
func QuoteValue(s string) string {
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
		b.WriteString(QuoteValue(v))
	}
	return b.String()
}

// EncodePredicates joins predicates with "&" (AND), the form of the
// filter and having parameters before URL encoding.
//
// Deprecated: reporting v1 is removed in July 2026.
func EncodePredicates(ps []Predicate) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, "&")
}
