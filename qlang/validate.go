package qlang

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

// Bounds of an id in an IDList; the platform answers 400 outside them.
const (
	MinID int64 = 1
	MaxID int64 = 2147483647
)

const noAmp = "must not contain & (the q grammar has no escape for it, so it cannot be sent)"

// Validate returns an *adama.ValidationError listing every problem in q, or
// nil. Violations name the part that broke: "q.terms[2].field",
// "q.terms[2].op", "q.terms[2].value", "q.terms[1].ids[0]",
// "q.terms[3].text", or "q" for an empty query. The rules:
//
//   - a query holds at least one term, and no nil term;
//   - a field name is not empty and holds only A-Z, a-z, 0-9, "_" and ".";
//   - the operator is one of Ops;
//   - a value is not empty (IsNull and NotNull take none), is valid UTF-8,
//     and after "<" or ">" does not start with "=" (it would read as "<="
//     or ">="); "&" and "%" are fine (String writes them as %26 and %25);
//   - an id list is not empty and each id lies in MinID..MaxID;
//   - search text is not empty, is valid UTF-8 and holds no "&", "<" or ">".
//
// A query that validates survives String followed by Parse unchanged.
func (q *Query) Validate() error {
	var v valid.Validator
	if q == nil || len(q.Terms) == 0 {
		v.Add("q", "at least one term required", nil)
		return v.Err()
	}
	for i, t := range q.Terms {
		path := fmt.Sprintf("q.terms[%d]", i)
		switch t := t.(type) {
		case Predicate:
			validatePredicate(&v, path, t)
		case IDList:
			validateIDs(&v, path, t)
		case TextSearch:
			validateSearch(&v, path+".text", string(t))
		default:
			v.Add(path, "term is nil", nil)
		}
	}
	return v.Err()
}

func validatePredicate(v *valid.Validator, path string, p Predicate) {
	switch {
	case p.Field == "":
		v.Add(path+".field", "field name required", nil)
	case !validField(p.Field):
		v.Add(path+".field", "field name may only hold A-Z, a-z, 0-9, _ and .", p.Field)
	}
	if !p.Op.Valid() {
		v.Add(path+".op", "operator must be one of: "+opList(), string(p.Op))
	}
	vp := path + ".value"
	if !p.Op.TakesValue() {
		if p.Value != "" {
			v.Addf(vp, p.Value, "%s takes no value", p.Op)
		}
		return
	}
	if p.Value == "" {
		v.Add(vp, "value of "+fieldName(p.Field)+" required", nil)
		return
	}
	if !utf8.ValidString(p.Value) {
		v.Add(vp, "value must be valid UTF-8", p.Value)
	}
	if (p.Op == Lt || p.Op == Gt) && p.Value[0] == '=' {
		v.Addf(vp, p.Value, "value after %s must not start with = (it would read as %s=)", p.Op, p.Op)
	}
}

func validateIDs(v *valid.Validator, path string, ids IDList) {
	if len(ids) == 0 {
		v.Add(path+".ids", "at least one id required", nil)
		return
	}
	for j, id := range ids {
		if id < MinID || id > MaxID {
			v.Addf(fmt.Sprintf("%s.ids[%d]", path, j), id, "id %d must be between %d and %d", id, MinID, MaxID)
		}
	}
}

func validateSearch(v *valid.Validator, path, text string) {
	if text == "" {
		v.Add(path, "search text required", nil)
		return
	}
	if !utf8.ValidString(text) {
		v.Add(path, "search text must be valid UTF-8", text)
	}
	if strings.Contains(text, "&") {
		v.Add(path, "search text "+noAmp, text)
	}
	if strings.ContainsAny(text, "<>") {
		v.Add(path, "search text must not contain < or > (they delimit it)", text)
	}
}

// validField reports whether s is a non-empty run of field characters.
func validField(s string) bool {
	return s != "" && fieldLen(s) == len(s)
}

// fieldLen returns the length of the longest prefix of s made of field
// characters.
func fieldLen(s string) int {
	for i := 0; i < len(s); i++ {
		if !isFieldByte(s[i]) {
			return i
		}
	}
	return len(s)
}

func isFieldByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.'
}

func fieldName(f string) string {
	if validField(f) {
		return f
	}
	return fmt.Sprintf("%q", f)
}

func opList() string {
	ops := Ops()
	s := make([]string, len(ops))
	for i, o := range ops {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}
