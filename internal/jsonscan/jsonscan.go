// Package jsonscan walks the top level of a JSON object without decoding
// it: each key with the span of its value, in one light pass. Record
// decoders use it to find unknown properties and values sent in another
// JSON type (numbers as strings) before one encoding/json decode.
package jsonscan

import (
	"errors"
	"strconv"
)

// ErrSyntax reports a body that is not a JSON object.
var ErrSyntax = errors.New("jsonscan: not a JSON object")

// Members calls fn for every member of the object b, with the key
// (unescaped; valid only during the call) and the value's bytes, until fn
// returns false. It stops with ErrSyntax on malformed input.
func Members(b []byte, fn func(key, value []byte) bool) error {
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
		end, esc, ok := stringEnd(b, i)
		if !ok {
			return ErrSyntax
		}
		key := b[i+1 : end-1]
		if esc {
			k, err := strconv.Unquote(string(b[i:end]))
			if err != nil {
				return ErrSyntax
			}
			key = []byte(k)
		}
		i = skipWS(b, end)
		if i >= len(b) || b[i] != ':' {
			return ErrSyntax
		}
		i = skipWS(b, i+1)
		vend, ok := valueEnd(b, i)
		if !ok {
			return ErrSyntax
		}
		if !fn(key, b[i:vend]) {
			return nil
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
