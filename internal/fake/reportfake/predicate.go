package reportfake

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Predicate is one parsed filter or having predicate.
type Predicate struct {
	Field  string
	Op     string
	Values []string
}

// Reserved are the characters a bare (unquoted) value must not hold.
const Reserved = "&,\"<>=~!:"

// ops are matched longest first.
var ops = []string{"!=", ">=", "<=", "=~", "=:", "!~", "!:", "=", ">", "<", "~"}

func isFieldChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ParsePredicates parses the decoded value of a filter or having parameter:
// predicates joined by "&", each a field, an operator and one or more
// comma-separated values, a value being bare or wrapped in double quotes
// with inner double quotes doubled.
func ParsePredicates(s string) ([]Predicate, error) {
	if s == "" {
		return nil, errors.New("empty predicate list")
	}
	var out []Predicate
	pos := 0
	for {
		start := pos
		for pos < len(s) && isFieldChar(s[pos]) {
			pos++
		}
		if pos == start {
			return nil, fmt.Errorf("predicate at %d: missing field name", start)
		}
		p := Predicate{Field: s[start:pos]}
		for _, op := range ops {
			if strings.HasPrefix(s[pos:], op) {
				p.Op = op
				break
			}
		}
		if p.Op == "" {
			return nil, fmt.Errorf("predicate %q: missing operator", p.Field)
		}
		pos += len(p.Op)
		for {
			if pos < len(s) && s[pos] == '"' {
				pos++
				var b strings.Builder
				closed := false
				for pos < len(s) {
					c := s[pos]
					if c == '"' {
						if pos+1 < len(s) && s[pos+1] == '"' {
							b.WriteByte('"')
							pos += 2
							continue
						}
						pos++
						closed = true
						break
					}
					b.WriteByte(c)
					pos++
				}
				if !closed {
					return nil, fmt.Errorf("predicate %q: unterminated quoted value", p.Field)
				}
				p.Values = append(p.Values, b.String())
			} else {
				vs := pos
				for pos < len(s) && s[pos] != ',' && s[pos] != '&' {
					if strings.IndexByte(Reserved, s[pos]) >= 0 {
						return nil, fmt.Errorf("predicate %q: reserved character %q in an unquoted value", p.Field, s[pos])
					}
					pos++
				}
				if pos == vs {
					return nil, fmt.Errorf("predicate %q: empty value", p.Field)
				}
				p.Values = append(p.Values, s[vs:pos])
			}
			if pos < len(s) && s[pos] == ',' {
				pos++
				continue
			}
			break
		}
		out = append(out, p)
		if pos == len(s) {
			return out, nil
		}
		if s[pos] != '&' {
			return nil, fmt.Errorf("predicate %q: unexpected %q after value", p.Field, s[pos])
		}
		pos++
	}
}

// Eval reports whether value satisfies p (any of its values) for a field
// of the given type group ("numeric", "string", "date", ...).
func (p Predicate) Eval(value string, numeric bool) bool {
	for _, want := range p.Values {
		if evalOne(p.Op, value, want, numeric) {
			return true
		}
	}
	return false
}

func evalOne(op, have, want string, numeric bool) bool {
	cmp := strings.Compare(have, want)
	if numeric {
		a, err1 := strconv.ParseFloat(have, 64)
		b, err2 := strconv.ParseFloat(want, 64)
		if err1 == nil && err2 == nil {
			switch {
			case a < b:
				cmp = -1
			case a > b:
				cmp = 1
			default:
				cmp = 0
			}
		}
	}
	switch op {
	case "=":
		return cmp == 0
	case "!=":
		return cmp != 0
	case ">":
		return cmp > 0
	case "<":
		return cmp < 0
	case ">=":
		return cmp >= 0
	case "<=":
		return cmp <= 0
	case "~", "=~":
		return strings.Contains(have, want)
	case "=:":
		return strings.Contains(strings.ToLower(have), strings.ToLower(want))
	case "!~":
		return !strings.Contains(have, want)
	case "!:":
		return !strings.Contains(strings.ToLower(have), strings.ToLower(want))
	}
	return false
}
