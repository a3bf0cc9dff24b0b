package fake

import (
	"cmp"
	"fmt"
	"html"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

// Paging is one group's offset/limit form: the query parameters, the
// default and largest page, and the words of its 400s.
type Paging struct {
	// LimitParam and OffsetParam name the parameters ("page_limit",
	// "page_offset").
	LimitParam, OffsetParam string
	// Default is the limit when none is sent; Max the largest accepted
	// (0: no bound).
	Default, Max int
	// MinLimit is the smallest limit accepted (0: any not negative).
	MinLimit int
	// Negative words a limit below MinLimit (or negative) or a malformed
	// parameter and TooLarge a limit over Max; both are formats taking the
	// parameter's name and Max. Empty: "'%[1]s' parameter cannot be less
	// than 0" and "'%[1]s' parameter cannot be greater than %[2]d".
	Negative, TooLarge string
	// BadOffset words a negative or malformed offset, in the same form
	// (empty: Negative).
	BadOffset string
}

// Window is one page's place in a listing.
type Window struct{ Offset, Limit int }

// Read reads the window a request asks for, or the 400 naming the
// parameter that does not fit.
func (p Paging) Read(q url.Values) (Window, *Problem) {
	neg := cmp.Or(p.Negative, "'%[1]s' parameter cannot be less than 0")
	large := cmp.Or(p.TooLarge, "'%[1]s' parameter cannot be greater than %[2]d")
	w := Window{Limit: p.Default}
	if s := q.Get(p.LimitParam); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil || n < max(p.MinLimit, 0):
			return Window{}, Invalid(p.LimitParam, fmt.Sprintf(neg, p.LimitParam, p.Max))
		case p.Max > 0 && n > p.Max:
			return Window{}, Invalid(p.LimitParam, fmt.Sprintf(large, p.LimitParam, p.Max))
		}
		w.Limit = n
	}
	if s := q.Get(p.OffsetParam); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return Window{}, Invalid(p.OffsetParam, fmt.Sprintf(cmp.Or(p.BadOffset, neg), p.OffsetParam, p.Max))
		}
		w.Offset = n
	}
	return w, nil
}

// Page returns the items of all that w covers, never nil.
func Page[T any](all []T, w Window) []T {
	start := min(max(w.Offset, 0), len(all))
	end := min(start+max(w.Limit, 0), len(all))
	out := all[start:end:end]
	if out == nil {
		out = []T{}
	}
	return out
}

// Links returns the group's page links for a listing of total records at
// u: the next page's URL when one follows and the previous page's when w
// does not start the listing, both with p's parameters set and every
// other parameter of u kept ("" when there is none).
func (p Paging) Links(u *url.URL, w Window, total int) (next, prev string) {
	link := func(offset int) string {
		v := *u
		q := u.Query()
		q.Set(p.LimitParam, strconv.Itoa(w.Limit))
		q.Set(p.OffsetParam, strconv.Itoa(offset))
		v.RawQuery = q.Encode()
		return v.String()
	}
	if w.Limit > 0 && w.Offset+w.Limit < total {
		next = link(w.Offset + w.Limit)
	}
	if w.Offset > 0 {
		prev = link(max(w.Offset-max(w.Limit, 0), 0))
	}
	return next, prev
}

// ParseQ reads a q parameter. allow, when not nil, says which predicates
// the group accepts; refused words the 400 for any other term. An empty
// s is no query (nil).
func ParseQ(s string, allow func(qlang.Predicate) bool, refused string) (*qlang.Query, *Problem) {
	if s == "" {
		return nil, nil
	}
	q, err := qlang.Parse(s)
	if err != nil {
		return nil, Invalid("q", err.Error())
	}
	if allow != nil {
		for _, t := range q.Terms {
			if p, ok := t.(qlang.Predicate); !ok || !allow(p) {
				return nil, Invalid("q", refused)
			}
		}
	}
	return q, nil
}

// DocRecord is a Doc as q sees it: Field reads a dotted path of nested
// objects and renders the value as a string (HTML entities decoded);
// Strings gives every top-level string value.
type DocRecord struct {
	Doc   Doc
	IDKey string
}

var _ qmatch.Record = DocRecord{}

// Field returns the value at a dotted path, as a string, and whether it
// is there and not null.
func (r DocRecord) Field(name string) (string, bool) {
	var v any = r.Doc
	for part := range strings.SplitSeq(name, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		if v, ok = m[part]; !ok {
			return "", false
		}
	}
	return Text(v)
}

// ID returns the id under IDKey.
func (r DocRecord) ID() int64 { n, _ := Int(r.Doc[r.IDKey]); return n }

// Strings returns the top-level string values in key order.
func (r DocRecord) Strings() []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(r.Doc)) {
		if s, ok := r.Doc[k].(string); ok {
			out = append(out, html.UnescapeString(s))
		}
	}
	return out
}

// Text renders a JSON scalar as q compares it: strings with HTML entities
// decoded, numbers in their shortest form, booleans as true/false; null,
// objects and arrays are not text.
func Text(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return html.UnescapeString(x), true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case int:
		return strconv.Itoa(x), true
	}
	return "", false
}

// DocOrder compares two docs by one property the way the platform's
// sort_by does: "" and idKey numerically, a property in special by its
// own comparison, any other by its text.
func DocOrder(by, idKey string, special map[string]func(a, b Doc) int) func(a, b Doc) int {
	if by == "" || by == idKey {
		return func(a, b Doc) int {
			x, _ := Int(a[idKey])
			y, _ := Int(b[idKey])
			return cmp.Compare(x, y)
		}
	}
	if f, ok := special[by]; ok {
		return f
	}
	return func(a, b Doc) int { return cmp.Compare(fmt.Sprint(a[by]), fmt.Sprint(b[by])) }
}
