package qlang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

// opsByLength lists the operators longest first, so that "<=" is matched
// before "<".
var opsByLength = [...]Op{NotNull, IsNull, Le, Ge, Eq, Ne, Like, Lt, Gt}

// Parse reads a raw (already URL-decoded) q value back into a Query.
//
// Terms are split at every "&" (no term can hold one). A term starting with
// "(" is an id list and must end with ")"; a term starting with "<" is a
// search and must end with ">"; any other term is a predicate: the longest
// run of field characters (A-Z, a-z, 0-9, "_", "."), then the longest
// operator that matches, then the value up to the end of the term.
//
// Parse accepts exactly what String produces for a valid Query: the result
// always passes Validate, and Parse(q.String()) equals q. Every problem is
// reported in an *adama.ValidationError whose violations have field "q" and
// a rule naming the term, the byte offset in s and the problem, e.g.
// "term 1 at offset 9: id 0 must be between 1 and 2147483647".
func Parse(s string) (*Query, error) {
	var p parser
	if s == "" {
		p.v.Add("q", "term 0 at offset 0: empty query", nil)
		return nil, p.v.Err()
	}
	q := &Query{}
	off := 0
	for i, term := range strings.Split(s, "&") {
		p.term, p.index, p.off = term, i, off
		if t := p.parseTerm(); t != nil {
			q.Terms = append(q.Terms, t)
		}
		off += len(term) + 1
	}
	if err := p.v.Err(); err != nil {
		return nil, err
	}
	return q, nil
}

type parser struct {
	v     valid.Validator
	term  string // the term being parsed
	index int    // its index among the terms
	off   int    // its byte offset in the input
}

// fail records a problem at byte pos of the current term.
func (p *parser) fail(pos int, format string, args ...any) {
	p.v.Add("q", fmt.Sprintf("term %d at offset %d: ", p.index, p.off+pos)+fmt.Sprintf(format, args...), p.term)
}

func (p *parser) parseTerm() Term {
	t := p.term
	switch {
	case t == "":
		p.fail(0, "empty term")
	case t[0] == '(':
		return p.parseIDs()
	case t[0] == '<':
		return p.parseSearch()
	default:
		return p.parsePredicate()
	}
	return nil
}

func (p *parser) parseIDs() Term {
	t := p.term
	if len(t) < 2 || t[len(t)-1] != ')' {
		p.fail(len(t), "id list must end with )")
		return nil
	}
	inner := t[1 : len(t)-1]
	if inner == "" {
		p.fail(1, "empty id list")
		return nil
	}
	ids := make(IDList, 0, strings.Count(inner, ",")+1)
	ok := true
	pos := 1
	for _, part := range strings.Split(inner, ",") {
		if id, good := p.parseID(part, pos); good {
			ids = append(ids, id)
		} else {
			ok = false
		}
		pos += len(part) + 1
	}
	if !ok {
		return nil
	}
	return ids
}

func (p *parser) parseID(s string, pos int) (int64, bool) {
	if s == "" {
		p.fail(pos, "empty id")
		return 0, false
	}
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		p.fail(pos, "id %q is not a decimal integer", s)
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < MinID || id > MaxID {
		p.fail(pos, "id %s must be between %d and %d", s, MinID, MaxID)
		return 0, false
	}
	return id, true
}

func (p *parser) parseSearch() Term {
	t := p.term
	if len(t) < 2 || t[len(t)-1] != '>' {
		p.fail(len(t), "search text must end with >")
		return nil
	}
	text := t[1 : len(t)-1]
	ok := true
	if text == "" {
		p.fail(1, "empty search text")
		return nil
	}
	if i := strings.IndexAny(text, "<>"); i >= 0 {
		p.fail(1+i, "search text must not contain %c", text[i])
		ok = false
	}
	if !utf8.ValidString(text) {
		p.fail(1, "search text must be valid UTF-8")
		ok = false
	}
	if !ok {
		return nil
	}
	return TextSearch(text)
}

func (p *parser) parsePredicate() Term {
	t := p.term
	n := fieldLen(t)
	if n == 0 {
		p.fail(0, "term must start with a field name (A-Z, a-z, 0-9, _, .), ( or <; got %q", firstRune(t))
		return nil
	}
	field, rest := t[:n], t[n:]
	var op Op
	for _, o := range opsByLength {
		if strings.HasPrefix(rest, string(o)) {
			op = o
			break
		}
	}
	if op == "" {
		if rest == "" {
			p.fail(n, "missing operator after field %s", field)
		} else {
			p.fail(n, "unknown operator after field %s: want one of %s", field, opList())
		}
		return nil
	}
	value := rest[len(op):]
	at := n + len(op)
	if !op.TakesValue() {
		if value != "" {
			p.fail(at, "%s%s takes no value; got %q", field, op, value)
			return nil
		}
		return Predicate{Field: field, Op: op}
	}
	if value == "" {
		p.fail(at, "missing value after %s%s", field, op)
		return nil
	}
	if !utf8.ValidString(value) {
		p.fail(at, "value must be valid UTF-8")
		return nil
	}
	value = unescapeValue(value)
	if value == "" {
		// Only possible if the raw value was empty, handled above.
		p.fail(at, "missing value after %s%s", field, op)
		return nil
	}
	if !utf8.ValidString(value) {
		p.fail(at, "value must be valid UTF-8 once decoded")
		return nil
	}
	return Predicate{Field: field, Op: op, Value: value}
}

func firstRune(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s[:size]
	}
	return string(r)
}
