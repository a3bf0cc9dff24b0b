package entity

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

// PixelTargetExpr is a parsed pixel_target_expr (spec 2.4):
//
//	( [1] AND [2] ) AND NOT ( [3] OR [4] )
//
// The included group and the excluded group each combine their pixels with
// one operator, the same throughout the group. Either group may be absent
// ("( [1] )", "NOT ( [3] )").
type PixelTargetExpr struct {
	// Include lists the included pixel ids; IncludeOp joins them.
	Include   []int64
	IncludeOp SetOp
	// Exclude lists the excluded pixel ids; ExcludeOp joins them.
	Exclude   []int64
	ExcludeOp SetOp
}

// String renders the expression in the spec's form; it parses back to e.
// A nil or empty expression renders as "".
func (e *PixelTargetExpr) String() string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	group := func(ids []int64, op SetOp) {
		if op == "" {
			op = SetOpOr
		}
		b.WriteString("( ")
		for i, id := range ids {
			if i > 0 {
				b.WriteString(" " + string(op) + " ")
			}
			b.WriteString("[" + strconv.FormatInt(id, 10) + "]")
		}
		b.WriteString(" )")
	}
	if len(e.Include) > 0 {
		group(e.Include, e.IncludeOp)
	}
	if len(e.Exclude) > 0 {
		if len(e.Include) > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString("NOT ")
		group(e.Exclude, e.ExcludeOp)
	}
	return b.String()
}

type exprLexer struct {
	toks []string
	pos  int
}

func lexExpr(s string) ([]string, bool) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, false
			}
			toks = append(toks, s[i:i+j+1])
			i += j + 1
		case (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'):
			j := i
			for j < len(s) && ((s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= 'a' && s[j] <= 'z')) {
				j++
			}
			toks = append(toks, strings.ToUpper(s[i:j]))
			i = j
		default:
			return nil, false
		}
	}
	return toks, true
}

func (l *exprLexer) peek() string {
	if l.pos < len(l.toks) {
		return l.toks[l.pos]
	}
	return ""
}

func (l *exprLexer) next() string { t := l.peek(); l.pos++; return t }

// group parses "( [id] op [id] ... )" and reports the mixed-operator rule.
func (l *exprLexer) group(v *valid.Validator, which string) ([]int64, SetOp, bool) {
	if l.next() != "(" {
		return nil, "", false
	}
	var ids []int64
	var op SetOp
	mixed := false
	for {
		t := l.next()
		if len(t) < 3 || t[0] != '[' {
			return nil, "", false
		}
		id, err := strconv.ParseInt(strings.TrimSpace(t[1:len(t)-1]), 10, 64)
		if err != nil || id < 1 {
			v.Add("pixel_target_expr", "pixel ids must be positive integers", t)
			return nil, "", false
		}
		ids = append(ids, id)
		switch n := l.next(); n {
		case ")":
			if mixed {
				v.Add("pixel_target_expr", "the conditional among "+which+" pixels must be the same", nil)
			}
			return ids, op, !mixed
		case "AND", "OR":
			if op != "" && SetOp(n) != op {
				mixed = true
			}
			if op == "" {
				op = SetOp(n)
			}
		default:
			return nil, "", false
		}
	}
}

// ParsePixelTargetExpr parses a pixel_target_expr and checks that the
// included pixels share one conditional and the excluded pixels share one.
// Problems come back as an *adama.ValidationError on field
// pixel_target_expr.
func ParsePixelTargetExpr(s string) (*PixelTargetExpr, error) {
	var v valid.Validator
	bad := func() (*PixelTargetExpr, error) {
		if v.Len() == 0 {
			v.Add("pixel_target_expr", "must have the form ( [id] OP [id] ) AND NOT ( [id] OP [id] )", s)
		}
		return nil, v.Err()
	}
	// The limit is in characters (spec §8), counted as Validator.MaxLen
	// counts them, so that parse and strategy validation agree.
	if utf8.RuneCountInString(s) > MaxPixelTargetExprLen {
		v.MaxLen("pixel_target_expr", s, MaxPixelTargetExprLen)
		return bad()
	}
	toks, ok := lexExpr(s)
	if !ok || len(toks) == 0 {
		return bad()
	}
	l := &exprLexer{toks: toks}
	e := &PixelTargetExpr{}
	if l.peek() == "(" {
		ids, op, ok := l.group(&v, "included")
		if !ok {
			return bad()
		}
		e.Include, e.IncludeOp = ids, op
		if l.peek() == "" {
			return e, nil
		}
		if l.next() != "AND" {
			return bad()
		}
	}
	if l.next() != "NOT" {
		return bad()
	}
	ids, op, ok := l.group(&v, "excluded")
	if !ok || l.peek() != "" {
		return bad()
	}
	e.Exclude, e.ExcludeOp = ids, op
	return e, nil
}
