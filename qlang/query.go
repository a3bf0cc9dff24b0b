package qlang

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/form"
)

// Op is a comparison operator of a predicate term.
type Op string

// The operators of the q grammar.
const (
	// Eq is numeric equality, or case-sensitive identity for non-numbers.
	Eq Op = "=="
	// Ne is the negation of Eq.
	Ne Op = "!="
	// Like is a case-insensitive match in which "*" matches any substring;
	// without "*" the whole value must match.
	Like Op = "=:"
	// Lt is "less than": numeric when both sides are numbers, else
	// lexicographic (which orders ISO 8601 dates correctly).
	Lt Op = "<"
	// Le is "less than or equal".
	Le Op = "<="
	// Gt is "greater than".
	Gt Op = ">"
	// Ge is "greater than or equal".
	Ge Op = ">="
	// IsNull holds when the field is null (or absent): "field:null". It
	// takes no value.
	IsNull Op = ":null"
	// NotNull holds when the field has a value: "field:!null". It takes no
	// value.
	NotNull Op = ":!null"
)

// Ops returns every valid operator, in the order the grammar lists them.
func Ops() []Op {
	return []Op{Eq, Ne, Like, Lt, Le, Gt, Ge, IsNull, NotNull}
}

// TakesValue reports whether a predicate with o carries a value (every
// operator but IsNull and NotNull).
func (o Op) TakesValue() bool { return o != IsNull && o != NotNull }

// Valid reports whether o is one of the operators returned by Ops.
func (o Op) Valid() bool {
	switch o {
	case Eq, Ne, Like, Lt, Le, Gt, Ge, IsNull, NotNull:
		return true
	}
	return false
}

// String returns the operator as written in a q value.
func (o Op) String() string { return string(o) }

// Term is one "&"-separated part of a query: a Predicate, an IDList or a
// TextSearch. The set is closed; use a type switch to tell them apart.
type Term interface {
	// String returns the term in its raw q form.
	String() string
	isTerm()
}

// Predicate is a "field op value" term.
type Predicate struct {
	// Field is the property name, made of A-Z, a-z, 0-9, "_" and ".".
	Field string
	// Op is the comparison operator.
	Op Op
	// Value is the value as meant (not encoded); it may hold "&". It is
	// empty for IsNull and NotNull.
	Value string
}

// String returns "field op value", the value with "%" and "&" written as
// %25 and %26 (the platform URL-decodes each value after splitting the
// terms at "&"); "field:null" and "field:!null" carry no value.
func (p Predicate) String() string {
	if !p.Op.TakesValue() {
		return p.Field + string(p.Op)
	}
	return p.Field + string(p.Op) + escapeValue(p.Value)
}

// escapeValue writes "%" and "&" as %25 and %26; every other byte is
// left as is.
func escapeValue(v string) string {
	if !strings.ContainsAny(v, "%&") {
		return v
	}
	var b strings.Builder
	b.Grow(len(v) + 8)
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '%':
			b.WriteString("%25")
		case '&':
			b.WriteString("%26")
		default:
			b.WriteByte(v[i])
		}
	}
	return b.String()
}

// unescapeValue decodes every %XX of a raw value; a "%" not followed by
// two hex digits is kept as it is.
func unescapeValue(v string) string {
	if !strings.Contains(v, "%") {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '%' && i+2 < len(v) && isHex(v[i+1]) && isHex(v[i+2]) {
			b.WriteByte(unhex(v[i+1])<<4 | unhex(v[i+2]))
			i += 2
			continue
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func (Predicate) isTerm() {}

// IDList is a "(id,id,...)" term; it matches records whose id is listed.
// Each id must lie in 1..2147483647.
type IDList []int64

// String returns "(id,id,...)".
func (l IDList) String() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, id := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	b.WriteByte(')')
	return b.String()
}

func (IDList) isTerm() {}

// TextSearch is a "<text>" term: a case-insensitive substring search across
// every string field. The text may not hold "&", "<" or ">".
type TextSearch string

// String returns "<text>".
func (s TextSearch) String() string { return "<" + string(s) + ">" }

func (TextSearch) isTerm() {}

// Query is a q value: its terms, all of which must hold (they are AND-ed),
// in the order they are sent.
//
// The builder methods append to the receiver and return it, so calls chain;
// a nil *Query is accepted and replaced by a new one. Use Clone to branch
// from a common base.
type Query struct {
	// Terms holds the terms in order.
	Terms []Term
}

// New returns a query made of terms, in order.
func New(terms ...Term) *Query {
	return &Query{Terms: append([]Term(nil), terms...)}
}

// Where starts a query with the predicate "field op value". See And for how
// value is formatted.
func Where(field string, op Op, value any) *Query {
	return new(Query).And(field, op, value)
}

// IDs starts a query with the id list "(id,id,...)".
func IDs(ids ...int64) *Query {
	return new(Query).IDs(ids...)
}

// Search starts a query with the substring search "<text>".
func Search(text string) *Query {
	return new(Query).Search(text)
}

// Add appends terms to q and returns q.
func (q *Query) Add(terms ...Term) *Query {
	if q == nil {
		q = new(Query)
	}
	q.Terms = append(q.Terms, terms...)
	return q
}

// And appends the predicate "field op value" and returns q.
//
// value is formatted as follows: a string as is; signed and unsigned
// integers in decimal; floats in the shortest decimal form without exponent;
// a bool as "1" or "0"; a time.Time or adama.Time in TimeLayout; a
// fmt.Stringer through its String method; nil as "" (which Validate
// rejects); anything else with fmt.Sprint.
func (q *Query) And(field string, op Op, value any) *Query {
	return q.Add(Predicate{Field: field, Op: op, Value: form.QueryValue(value)})
}

// Eq appends "field==value" and returns q.
func (q *Query) Eq(field string, value any) *Query { return q.And(field, Eq, value) }

// Ne appends "field!=value" and returns q.
func (q *Query) Ne(field string, value any) *Query { return q.And(field, Ne, value) }

// Like appends "field=:value" and returns q; "*" in value matches any
// substring, so "*acme*" finds "Acme Corp" and "acme*" is a prefix match.
func (q *Query) Like(field string, value any) *Query { return q.And(field, Like, value) }

// Lt appends "field<value" and returns q.
func (q *Query) Lt(field string, value any) *Query { return q.And(field, Lt, value) }

// Le appends "field<=value" and returns q.
func (q *Query) Le(field string, value any) *Query { return q.And(field, Le, value) }

// Gt appends "field>value" and returns q.
func (q *Query) Gt(field string, value any) *Query { return q.And(field, Gt, value) }

// Ge appends "field>=value" and returns q.
func (q *Query) Ge(field string, value any) *Query { return q.And(field, Ge, value) }

// IsNull appends "field:null" (the field has no value) and returns q.
func (q *Query) IsNull(field string) *Query {
	return q.Add(Predicate{Field: field, Op: IsNull})
}

// NotNull appends "field:!null" (the field has a value) and returns q.
func (q *Query) NotNull(field string) *Query {
	return q.Add(Predicate{Field: field, Op: NotNull})
}

// IDs appends the id list "(id,id,...)" and returns q.
func (q *Query) IDs(ids ...int64) *Query {
	return q.Add(IDList(append([]int64(nil), ids...)))
}

// Search appends the substring search "<text>" and returns q.
func (q *Query) Search(text string) *Query {
	return q.Add(TextSearch(text))
}

// Clone returns a deep copy of q, so that terms appended to either do not
// show in the other. Clone of nil is nil.
func (q *Query) Clone() *Query {
	if q == nil {
		return nil
	}
	out := &Query{Terms: make([]Term, len(q.Terms))}
	for i, t := range q.Terms {
		if l, ok := t.(IDList); ok && l != nil {
			t = append(IDList{}, l...)
		}
		out.Terms[i] = t
	}
	return out
}

// String returns the raw (not URL-encoded) q form, terms joined with "&" in
// order, e.g. "status==1&name=:*acme*&(1,2,3)&<foo>". It does not validate;
// a nil term renders as an empty term. String of nil is "".
func (q *Query) String() string {
	if q == nil {
		return ""
	}
	var b strings.Builder
	for i, t := range q.Terms {
		if i > 0 {
			b.WriteByte('&')
		}
		if t != nil {
			b.WriteString(t.String())
		}
	}
	return b.String()
}

// Encode validates q and returns its URL-encoded form (url.QueryEscape of
// String), ready to follow "q=" in a query string.
func (q *Query) Encode() (string, error) {
	if err := q.Validate(); err != nil {
		return "", err
	}
	return url.QueryEscape(q.String()), nil
}

// Values validates q and returns url.Values{"q": {q.String()}} for merging
// into a request query. The value is raw: url.Values.Encode escapes it.
func (q *Query) Values() (url.Values, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return url.Values{"q": {q.String()}}, nil
}
