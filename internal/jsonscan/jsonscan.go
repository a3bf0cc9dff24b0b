// Package jsonscan walks the top level of a JSON object or array without
// decoding it: each key with the span of its value, or each element of an
// array, in one light pass. Record decoders use it to find unknown
// properties and values sent in another JSON type (numbers as strings)
// before one encoding/json decode; the call layer uses it to hand each
// element of a list to its decoder without encoding/json scanning it first.
package jsonscan

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/bits"
)

// ErrSyntax reports a body that is not a JSON object.
var ErrSyntax = errors.New("jsonscan: not a JSON object")

// Members calls fn for every member of the object b, with the key
// (unescaped; valid only during the call) and the value's bytes, until fn
// returns false. It stops with ErrSyntax on malformed input. Keys and the
// object's punctuation are checked as strictly as encoding/json does;
// values are only delimited (see Valid).
func Members(b []byte, fn func(key, value []byte) bool) error {
	return walkObject(b, func(key []byte, i int) (int, bool, bool) {
		vend, ok := valueEnd(b, i)
		if !ok {
			return 0, false, false
		}
		if !fn(key, b[i:vend]) {
			return 0, true, true
		}
		return vend, true, false
	})
}

// Object walks the object b as Members does, but fn consumes each value:
// it gets the key and b from the value's first byte on, and returns the
// length of the value (found with Len or ArrayElements, which check it),
// or 0 to refuse it, which stops Object with ErrSyntax. What follows the
// object is not looked at.
func Object(b []byte, fn func(key, rest []byte) int) error {
	return walkObject(b, func(key []byte, i int) (int, bool, bool) {
		n := fn(key, b[i:])
		if n <= 0 || n > len(b)-i {
			return 0, false, false
		}
		return i + n, true, false
	})
}

// walkObject walks the members of the object b: member gets each key and
// the index of its value, and returns the index after the value, false
// for a malformed value, or true as its third result to stop.
func walkObject(b []byte, member func(key []byte, i int) (end int, ok, stop bool)) error {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return ErrSyntax
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return ErrSyntax
		}
		end, esc, ok := validString(b, i)
		if !ok {
			return ErrSyntax
		}
		key := b[i+1 : end-1]
		if esc {
			var k string
			if json.Unmarshal(b[i:end], &k) != nil {
				return ErrSyntax
			}
			key = []byte(k)
		}
		i = skipWS(b, end)
		if i >= len(b) || b[i] != ':' {
			return ErrSyntax
		}
		i = skipWS(b, i+1)
		vend, ok, stop := member(key, i)
		if stop {
			return nil
		}
		if !ok {
			return ErrSyntax
		}
		i = skipWS(b, vend)
		if i >= len(b) {
			return ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case '}':
			return nil
		default:
			return ErrSyntax
		}
	}
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the string starting at b[i] == '"',
// and whether it holds escapes.
func stringEnd(b []byte, i int) (int, bool, bool) {
	esc := false
	for j := i + 1; j < len(b); j++ {
		j = plainRun(b, j, false)
		if j >= len(b) {
			break
		}
		switch b[j] {
		case '\\':
			esc = true
			j++
		case '"':
			return j + 1, esc, true
		}
	}
	return 0, false, false
}

// valueEnd returns the index after the value starting at b[i].
func valueEnd(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch b[i] {
	case '"':
		end, _, ok := stringEnd(b, i)
		return end, ok
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, _, ok := stringEnd(b, j)
				if !ok {
					return 0, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return 0, false
	default:
		j := i
		for j < len(b) {
			c := b[j]
			if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				break
			}
			j++
		}
		return j, j > i
	}
}

// ErrNotArray reports a body that is not a JSON array.
var ErrNotArray = errors.New("jsonscan: not a valid JSON array")

// MaxDepth is the deepest nesting Valid and Elements accept; deeper values
// are reported invalid (encoding/json allows more: a caller that must
// agree with it falls back to it on any error).
const MaxDepth = 1000

// Valid reports whether b is exactly one JSON value, optionally surrounded
// by whitespace, by the rules encoding/json applies (json.Valid), nested
// at most MaxDepth deep.
func Valid(b []byte) bool {
	i := skipWS(b, 0)
	end, ok := validValue(b, i, 0)
	return ok && skipWS(b, end) == len(b)
}

// Elements calls fn with the bytes of every element of the array b (no
// surrounding whitespace; valid while b is), in order, until fn returns
// false. Every element is checked to be valid JSON (as Valid) before fn
// sees it; the walk checks the array as it goes, so fn may have seen
// earlier elements when Elements returns ErrNotArray for malformed input
// further on. Only whitespace may follow the closing bracket.
func Elements(b []byte, fn func(elem []byte) bool) error {
	i := skipWS(b, 0)
	n, stopped, err := arrayElements(b[i:], fn)
	if err != nil || stopped {
		return err
	}
	if skipWS(b, i+n) != len(b) {
		return ErrNotArray
	}
	return nil
}

// ArrayElements walks the array b starts with as Elements does and
// returns its length; anything may follow it. When fn returns false the
// walk stops and the length is 0.
func ArrayElements(b []byte, fn func(elem []byte) bool) (int, error) {
	n, stopped, err := arrayElements(b, fn)
	if stopped {
		return 0, nil
	}
	return n, err
}

func arrayElements(b []byte, fn func(elem []byte) bool) (n int, stopped bool, err error) {
	if len(b) == 0 || b[0] != '[' {
		return 0, false, ErrNotArray
	}
	i := skipWS(b, 1)
	if i < len(b) && b[i] == ']' {
		return i + 1, false, nil
	}
	for {
		end, ok := validValue(b, i, 1)
		if !ok {
			return 0, false, ErrNotArray
		}
		if !fn(b[i:end]) {
			return 0, true, nil
		}
		i = skipWS(b, end)
		if i >= len(b) {
			return 0, false, ErrNotArray
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case ']':
			return i + 1, false, nil
		default:
			return 0, false, ErrNotArray
		}
	}
}

// Len returns the length of the valid JSON value b starts with (checked
// as Valid checks it; anything may follow), or 0 when there is none.
func Len(b []byte) int {
	end, ok := validValue(b, 0, 0)
	if !ok {
		return 0
	}
	return end
}

// validValue returns the index after the valid JSON value starting at
// b[i], depth being the nesting of the enclosing value.
func validValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch c := b[i]; {
	case c == '"':
		end, _, ok := validString(b, i)
		return end, ok
	case c == '{':
		if depth >= MaxDepth {
			return 0, false
		}
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return 0, false
			}
			end, _, ok := validString(b, i)
			if !ok {
				return 0, false
			}
			i = skipWS(b, end)
			if i >= len(b) || b[i] != ':' {
				return 0, false
			}
			i = skipWS(b, i+1)
			if i, ok = validValue(b, i, depth+1); !ok {
				return 0, false
			}
			i = skipWS(b, i)
			if i >= len(b) {
				return 0, false
			}
			switch b[i] {
			case ',':
				i = skipWS(b, i+1)
			case '}':
				return i + 1, true
			default:
				return 0, false
			}
		}
	case c == '[':
		if depth >= MaxDepth {
			return 0, false
		}
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, true
		}
		for {
			var ok bool
			if i, ok = validValue(b, i, depth+1); !ok {
				return 0, false
			}
			i = skipWS(b, i)
			if i >= len(b) {
				return 0, false
			}
			switch b[i] {
			case ',':
				i = skipWS(b, i+1)
			case ']':
				return i + 1, true
			default:
				return 0, false
			}
		}
	case c == '-' || (c >= '0' && c <= '9'):
		return validNumber(b, i)
	case c == 't':
		return literal(b, i, "true")
	case c == 'f':
		return literal(b, i, "false")
	case c == 'n':
		return literal(b, i, "null")
	}
	return 0, false
}

func literal(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return 0, false
	}
	return i + len(lit), true
}

// validNumber returns the index after the JSON number at b[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i+1)
	default:
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// validString returns the index after the valid JSON string starting at
// b[i] == '"' and whether it holds escapes. Like encoding/json it refuses
// control characters and unknown escapes and accepts any other byte.
func validString(b []byte, i int) (int, bool, bool) {
	esc := false
	for j := i + 1; j < len(b); j++ {
		j = plainRun(b, j, true)
		if j >= len(b) {
			break
		}
		c := b[j]
		switch {
		case c == '"':
			return j + 1, esc, true
		case c < 0x20:
			return 0, false, false
		case c == '\\':
			esc = true
			j++
			if j >= len(b) {
				return 0, false, false
			}
			switch b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(b)-j < 5 || !hex(b[j+1]) || !hex(b[j+2]) || !hex(b[j+3]) || !hex(b[j+4]) {
					return 0, false, false
				}
				j += 4
			default:
				return 0, false, false
			}
		}
	}
	return 0, false, false
}

func hex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainRun returns the index of the first byte from b[j] on that ends a
// run of plain string content: a quote or a backslash, or, when ctl is
// set, a control character (len(b) when there is none). It tests eight
// bytes at a time.
func plainRun(b []byte, j int, ctl bool) int {
	for ; j+8 <= len(b); j += 8 {
		x := binary.LittleEndian.Uint64(b[j:])
		q, bs := x^(ones*'"'), x^(ones*'\\')
		// A byte is zero in q or bs where b holds a quote or a backslash;
		// (v - ones) &^ v & highs sets the high bit of the lowest such byte
		// (higher ones may be set spuriously, never lower ones).
		m := (q-ones)&^q&highs | (bs-ones)&^bs&highs
		if ctl {
			m |= (x - ones*0x20) &^ x & highs
		}
		if m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for ; j < len(b); j++ {
		if c := b[j]; c == '"' || c == '\\' || ctl && c < 0x20 {
			return j
		}
	}
	return j
}
