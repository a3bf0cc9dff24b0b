package openrtb

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record"
)

// The decoder reads one JSON text that jsonscan.Valid has checked, in one
// pass and without reflection: each type's decode function switches on the
// member names it models and hands every other member, and every value of
// no documented form, to the object's Extra. The rules are those of the
// SDK's other records (internal/record, lenient mode): integers also as
// strings or as integral floats, text also as a bare number, null as
// absent, exact decimals from a number or a string, member names matched
// exactly.

// ErrSyntax reports bytes that are not one valid JSON text (Decode).
var ErrSyntax = errors.New("openrtb: invalid JSON")

// ErrTooDeep reports valid JSON nested deeper than the decoder follows
// (jsonscan.MaxDepth levels).
var ErrTooDeep = errors.New("openrtb: JSON nested too deep")

var errNotObject = errors.New("openrtb: not a JSON object")

// Decode reads b into v as UnmarshalJSON does, starting from zero (null
// leaves v zero), except that bytes that are not valid JSON are reported
// as ErrSyntax with no detail: for a reader that works the detail out only
// for the records it keeps.
func Decode(b []byte, v *BidRequest) error {
	*v = BidRequest{}
	if !jsonscan.Valid(b) {
		if json.Valid(b) {
			return ErrTooDeep
		}
		return ErrSyntax
	}
	return decodeValid(b, v, decodeBidRequest)
}

// decodeJSON is the UnmarshalJSON of every type: *v is reset and filled
// from b; null leaves it as it is (as encoding/json does), a value that is
// not an object is an error.
func decodeJSON[T any](b []byte, v *T, fn func(*decoder, *T) bool) error {
	if record.IsNull(b) {
		return nil
	}
	var zero T
	*v = zero
	if !jsonscan.Valid(b) {
		var raw json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			return err
		}
		return ErrTooDeep
	}
	return decodeValid(b, v, fn)
}

func decodeValid[T any](b []byte, v *T, fn func(*decoder, *T) bool) error {
	d := decoder{b: b}
	d.ws()
	if d.b[d.i] == 'n' {
		return nil
	}
	if !fn(&d, v) {
		return errNotObject
	}
	return nil
}

// decoder walks a valid JSON text; i is the index of the next byte.
type decoder struct {
	b []byte
	i int
}

func (d *decoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// object walks the object at d.i (d.b[d.i] == '{'). field decodes the
// value of the member named key and reports whether it took it; the value
// of a member it does not take is kept in *extra. A later member of the
// same name wins, as in encoding/json.
func (d *decoder) object(extra *map[string]json.RawMessage, field func(key []byte) bool) {
	d.i++
	for {
		d.ws()
		switch d.b[d.i] {
		case '}':
			d.i++
			return
		case ',':
			d.i++
			d.ws()
		}
		key := d.key()
		d.ws()
		d.i++ // ':'
		d.ws()
		start := d.i
		if field(key) {
			if *extra != nil {
				delete(*extra, string(key))
			}
			continue
		}
		d.i = start
		end := d.skip()
		if *extra == nil {
			*extra = map[string]json.RawMessage{}
		}
		(*extra)[string(key)] = bytes.Clone(d.b[start:end])
	}
}

// array walks the array at d.i (d.b[d.i] == '[') and calls elem at each
// element; it stops and reports false as soon as elem does.
func (d *decoder) array(elem func() bool) bool {
	d.i++
	for {
		d.ws()
		switch d.b[d.i] {
		case ']':
			d.i++
			return true
		case ',':
			d.i++
			d.ws()
		}
		if !elem() {
			return false
		}
	}
}

// key reads the member name at d.i and moves past it.
func (d *decoder) key() []byte {
	start := d.i
	end, esc := d.stringEnd()
	d.i = end
	if !esc && utf8.Valid(d.b[start+1:end-1]) {
		return d.b[start+1 : end-1]
	}
	var s string
	_ = json.Unmarshal(d.b[start:end], &s) // valid: checked before
	return []byte(s)
}

// stringEnd returns the index after the string at d.i and whether it
// holds escapes.
func (d *decoder) stringEnd() (int, bool) {
	esc := false
	for j := d.i + 1; j < len(d.b); j++ {
		switch d.b[j] {
		case '\\':
			esc = true
			j++
		case '"':
			return j + 1, esc
		}
	}
	return len(d.b), esc
}

// text reads the string at d.i as encoding/json does (escapes resolved,
// invalid UTF-8 replaced) and moves past it.
func (d *decoder) text() string {
	start := d.i
	end, esc := d.stringEnd()
	d.i = end
	if raw := d.b[start+1 : end-1]; !esc && utf8.Valid(raw) {
		return string(raw)
	}
	var s string
	_ = json.Unmarshal(d.b[start:end], &s)
	return s
}

// scalarEnd returns the index after the number or literal at d.i.
func (d *decoder) scalarEnd() int {
	j := d.i
	for j < len(d.b) {
		switch d.b[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return j
		}
		j++
	}
	return j
}

// skip moves past the value at d.i and returns its end.
func (d *decoder) skip() int {
	switch d.b[d.i] {
	case '"':
		d.i, _ = d.stringEnd()
	case '{', '[':
		depth := 0
		for d.i < len(d.b) {
			switch d.b[d.i] {
			case '"':
				d.i, _ = d.stringEnd()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			d.i++
			if depth == 0 {
				return d.i
			}
		}
	default:
		d.i = d.scalarEnd()
	}
	return d.i
}

// null moves past a null at d.i and reports whether there was one.
func (d *decoder) null() bool {
	if d.b[d.i] == 'n' {
		d.i += 4
		return true
	}
	return false
}

// numberOrText returns the text of the number, or of the string, at d.i
// and moves past it; ok is false for any other value.
func (d *decoder) numberOrText() (s string, ok bool) {
	switch c := d.b[d.i]; {
	case c == '"':
		return strings.TrimSpace(d.text()), true
	case c == '-' || c >= '0' && c <= '9':
		end := d.scalarEnd()
		s = string(d.b[d.i:end])
		d.i = end
		return s, true
	}
	return "", false
}

// str reads text, or a bare number as written.
func (d *decoder) str(p *string) bool {
	switch c := d.b[d.i]; {
	case c == '"':
		*p = d.text()
		return true
	case c == 'n':
		return d.null()
	case c == '-' || c >= '0' && c <= '9':
		end := d.scalarEnd()
		*p = string(d.b[d.i:end])
		d.i = end
		return true
	}
	*p = "" // a misfit leaves the field zero, whatever an earlier duplicate set
	return false
}

// integer reads an integer field: a number or a string holding one (an
// integral float such as 12.0 or 1e3 too); null and an empty string are
// absent.
func integer[T int | int64](d *decoder, p *T) bool {
	n, present, ok := d.integer()
	if !ok || present && int64(T(n)) != n { // out of int's range
		*p = 0
		return false
	}
	if present {
		*p = T(n)
	}
	return true
}

func (d *decoder) integer() (n int64, present, ok bool) {
	if d.null() {
		return 0, false, true
	}
	s, ok := d.numberOrText()
	if !ok {
		return 0, false, false
	}
	if s == "" {
		return 0, false, true
	}
	n, ok = parseInt(s)
	return n, ok, ok
}

func parseInt(s string) (int64, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x != math.Trunc(x) || x < math.MinInt64 || x >= math.MaxInt64 {
		return 0, false
	}
	return int64(x), true
}

// intPtr reads an optional integer: null and an empty string are nil.
func intPtr(d *decoder, p **int) bool {
	n, present, ok := d.integer()
	*p = nil
	if present {
		x := int(n)
		if int64(x) != n {
			return false
		}
		*p = &x
	}
	return ok
}

// floatPtr reads an optional finite number, also from a string.
func floatPtr(d *decoder, p **float64) bool {
	if d.null() {
		*p = nil
		return true
	}
	*p = nil
	s, ok := d.numberOrText()
	if !ok {
		return false
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return false
	}
	*p = &x
	return true
}

// decimal reads an exact decimal from a number or a string (null and ""
// are 0).
func decimal(d *decoder, p *adama.Decimal) bool {
	start := d.i
	end := d.skip()
	if p.UnmarshalJSON(d.b[start:end]) != nil {
		*p = adama.Decimal{}
		return false
	}
	return true
}

// raw keeps the value as it came (ext).
func raw(d *decoder, p *json.RawMessage) bool {
	start := d.i
	end := d.skip()
	*p = bytes.Clone(d.b[start:end])
	return true
}

// list reads an array element by element; null is nil. One element of no
// documented form makes the whole list a misfit.
func list[T any](d *decoder, p *[]T, elem func(*decoder, *T) bool) bool {
	if d.null() {
		*p = nil
		return true
	}
	if d.b[d.i] != '[' {
		*p = nil
		return false
	}
	var out []T
	ok := d.array(func() bool {
		out = append(out, *new(T))
		return elem(d, &out[len(out)-1])
	})
	if !ok {
		*p = nil
		return false
	}
	if out == nil {
		out = []T{} // [] is an empty list, as encoding/json reads it
	}
	*p = out
	return true
}

// objects reads an array of objects; a null element is a zero object.
func objects[T any](d *decoder, p *[]T, fn func(*decoder, *T) bool) bool {
	return list(d, p, func(d *decoder, v *T) bool { return d.null() || fn(d, v) })
}

// ptr reads an optional object: null is nil.
func ptr[T any](d *decoder, p **T, fn func(*decoder, *T) bool) bool {
	if d.null() {
		*p = nil
		return true
	}
	v := new(T)
	if !fn(d, v) {
		*p = nil
		return false
	}
	*p = v
	return true
}

func strs(d *decoder, p *[]string) bool { return list(d, p, (*decoder).str) }

func ints(d *decoder, p *[]int) bool { return list(d, p, integer[int]) }
