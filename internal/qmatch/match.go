// Package qmatch evaluates a q query against a stored record the way the
// platform does; the in-process fake platform filters its collections
// with it.
package qmatch

import (
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/qlang"
)

// Record is what Match evaluates a query against: one stored record.
type Record interface {
	// Field returns the value of the named property, rendered as a string,
	// and whether the record has it.
	Field(name string) (value string, ok bool)
	// ID returns the record's id.
	ID() int64
	// Strings returns every string-typed field value, for "<text>" search.
	Strings() []string
}

// Match reports whether r satisfies every term of q (terms are AND-ed), the
// way the platform evaluates q. A query without terms (or nil) matches every
// record, even a nil one; a nil record matches no term. Match does not
// validate q: a term
// with an unknown operator, or a nil term, matches nothing.
//
//   - "==" and "!=": when both sides are numbers they compare numerically
//     ("1.0" == "1"), else as case-sensitive strings; "true" and "false"
//     count as 1 and 0 on either side.
//
//   - "=:": case-insensitive; "*" in the value matches any substring, and
//     the match is otherwise anchored ("acme*" is a prefix match).
//
//   - "<", "<=", ">", ">=": numeric when both sides are numbers, else
//     lexicographic by bytes (which orders ISO 8601 dates).
//
//   - an id list matches when ID() is listed.
//
//   - a search matches when any of Strings() holds the text,
//     case-insensitively.
//
//   - ":null" matches when the record does not have the field (Field
//     reports !ok: absent or null), ":!null" when it does.
//
// A field the record does not have satisfies only "!=" and ":null".
func Match(q *qlang.Query, r Record) bool {
	if q == nil {
		return true
	}
	if r == nil {
		return len(q.Terms) == 0
	}
	for _, t := range q.Terms {
		if !matchTerm(t, r) {
			return false
		}
	}
	return true
}

func matchTerm(t qlang.Term, r Record) bool {
	switch t := t.(type) {
	case qlang.Predicate:
		return matchPredicate(t, r)
	case qlang.IDList:
		id := r.ID()
		for _, x := range t {
			if x == id {
				return true
			}
		}
		return false
	case qlang.TextSearch:
		needle := strings.ToLower(string(t))
		for _, s := range r.Strings() {
			if strings.Contains(strings.ToLower(s), needle) {
				return true
			}
		}
		return false
	}
	return false
}

func matchPredicate(p qlang.Predicate, r Record) bool {
	got, ok := r.Field(p.Field)
	switch p.Op {
	case qlang.IsNull:
		return !ok
	case qlang.NotNull:
		return ok
	}
	if !ok {
		return p.Op == qlang.Ne
	}
	switch p.Op {
	case qlang.Eq:
		return equal(got, p.Value)
	case qlang.Ne:
		return !equal(got, p.Value)
	case qlang.Like:
		return wildcard(strings.ToLower(p.Value), strings.ToLower(got))
	case qlang.Lt:
		return compare(got, p.Value) < 0
	case qlang.Le:
		return compare(got, p.Value) <= 0
	case qlang.Gt:
		return compare(got, p.Value) > 0
	case qlang.Ge:
		return compare(got, p.Value) >= 0
	}
	return false
}

// equal compares numerically when both sides are numbers (after reading
// "true"/"false" as 1/0), else as strings.
func equal(a, b string) bool {
	a, b = boolNum(a), boolNum(b)
	if c, ok := compareNumbers(a, b); ok {
		return c == 0
	}
	return a == b
}

func boolNum(s string) string {
	switch s {
	case "true":
		return "1"
	case "false":
		return "0"
	}
	return s
}

// compare orders numerically when both sides are numbers, else by bytes.
func compare(a, b string) int {
	if c, ok := compareNumbers(a, b); ok {
		return c
	}
	return strings.Compare(a, b)
}

// compareNumbers compares a and b as numbers; ok is false unless both are
// plain decimal numbers. Integers compare exactly; anything else as float64.
func compareNumbers(a, b string) (c int, ok bool) {
	if !isNumber(a) || !isNumber(b) {
		return 0, false
	}
	if x, err := strconv.ParseInt(a, 10, 64); err == nil {
		if y, err := strconv.ParseInt(b, 10, 64); err == nil {
			return cmp(x, y), true
		}
	}
	// Both are well-formed decimals, so the only possible error is a range
	// error, for which ParseFloat still returns the nearest value (±Inf, 0).
	x, _ := strconv.ParseFloat(a, 64)
	y, _ := strconv.ParseFloat(b, 64)
	return cmp(x, y), true
}

func cmp[T int64 | float64](x, y T) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// isNumber reports whether s is a plain decimal number:
// [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?
// It rejects what ParseFloat also accepts but the platform would not: "Inf",
// "NaN", hexadecimal and underscores.
func isNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// wildcard reports whether s matches pattern, in which "*" matches any
// substring (including none) and every other byte matches itself; the match
// is anchored at both ends.
func wildcard(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	first, last := parts[0], parts[len(parts)-1]
	if !strings.HasPrefix(s, first) {
		return false
	}
	s = s[len(first):]
	// Placing each middle part as early as possible leaves the longest rest
	// for the suffix, so the greedy scan is exact.
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, last)
}

// MapRecord is a Record held in a map of field values, each of them also a
// string field for a text search; for tests and small fakes.
type MapRecord struct {
	RecordID int64
	Fields   map[string]string
}

// Field returns the named value and whether the map has it.
func (r MapRecord) Field(name string) (string, bool) {
	v, ok := r.Fields[name]
	return v, ok
}

// ID returns RecordID.
func (r MapRecord) ID() int64 { return r.RecordID }

// Strings returns every value, sorted.
func (r MapRecord) Strings() []string {
	out := make([]string, 0, len(r.Fields))
	for _, v := range r.Fields {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
