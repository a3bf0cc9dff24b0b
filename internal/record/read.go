package record

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// The readers below are what the one-pass decoders apigen generates call
// for each property. Each takes one valid JSON value (as jsonscan hands
// it over, without surrounding space) and reads it as encoding/json
// does, or in the other forms DecodeInto also reads (a number or boolean
// as a string, text as a bare number), reporting false where DecodeInto
// must decide (the generated decoder then falls back to it).

// ReadText reads a JSON string, or a bare number as its text; null is "".
func ReadText(v []byte) (string, bool) {
	switch {
	case len(v) >= 2 && v[0] == '"':
		s := v[1 : len(v)-1]
		if bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s) {
			return string(s), true
		}
		var out string
		return out, json.Unmarshal(v, &out) == nil
	case len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9'):
		return string(v), true
	case string(v) == "null":
		return "", true
	}
	return "", false
}

// ReadInt64 reads an integer, also from a string holding one; null is 0.
func ReadInt64(v []byte) (int64, bool) {
	switch {
	case len(v) > 0 && v[0] == '"':
		s, ok := ReadText(v)
		if !ok {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	case string(v) == "null":
		return 0, true
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	return n, err == nil
}

// ReadBool reads a boolean, also from the strings and numbers
// wirefmt.ParseBool takes; null is false.
func ReadBool(v []byte) (bool, bool) {
	switch string(v) {
	case "true":
		return true, true
	case "false", "null":
		return false, true
	}
	s, ok := ReadText(v)
	if !ok {
		return false, false
	}
	x, err := wirefmt.ParseBool(s)
	return x, err == nil
}

// ReadEnum reads an enum's value as text; a value the enum does not list
// is kept as it came.
func ReadEnum[T ~string](v []byte) (T, bool) {
	s, ok := ReadText(v)
	return T(s), ok
}

// ReadPtr reads an optional value with read: null is nil.
func ReadPtr[T any](v []byte, read func([]byte) (T, bool)) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	x, ok := read(v)
	if !ok {
		return nil, false
	}
	return &x, true
}

// ReadUnmarshaler reads an optional value of an SDK type (adama.Decimal,
// adama.Time) through its UnmarshalJSON: null is nil.
func ReadUnmarshaler[T any, P interface {
	*T
	json.Unmarshaler
}](v []byte) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	p := P(new(T))
	if p.UnmarshalJSON(v) != nil {
		return nil, false
	}
	return (*T)(p), true
}

// ReadRecord reads a nested record with decode (a generated record's
// decodeValid, as the method expression (*T).decodeValid): null is nil,
// a value that is not an object is for DecodeInto to decide.
func ReadRecord[T any](v []byte, decode func(*T, []byte) error) (*T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	if len(v) == 0 || v[0] != '{' {
		return nil, false
	}
	x := new(T)
	if decode(x, v) != nil {
		return nil, false
	}
	return x, true
}

// ReadList reads a list element by element with read: null is nil, [] is
// empty (not nil).
func ReadList[T any](v []byte, read func([]byte) (T, bool)) ([]T, bool) {
	if string(v) == "null" {
		return nil, true
	}
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	out := []T{}
	ok := true
	err := jsonscan.Elements(v, func(e []byte) bool {
		var x T
		x, ok = read(e)
		out = append(out, x)
		return ok
	})
	return out, ok && err == nil
}

// KeepUnknown keeps the property key: v, which no field names, in *extra
// (made when nil). It reports false, keeping nothing, for a key that
// names one of fields in another case or is not valid UTF-8: encoding/json
// would treat those otherwise, so DecodeInto decides.
func KeepUnknown(extra *map[string]json.RawMessage, key, v []byte, fields ...string) bool {
	if !utf8.Valid(key) {
		return false
	}
	for _, f := range fields {
		if strings.EqualFold(string(key), f) {
			return false
		}
	}
	if *extra == nil {
		*extra = map[string]json.RawMessage{}
	}
	(*extra)[string(key)] = bytes.Clone(v)
	return true
}

// MisfitPath puts name after the path prefix of a nested record with a
// dot, or alone when prefix is empty: the names generated records give
// the misfits of the records they hold.
func MisfitPath(prefix, name string) string { return join(prefix, name) }
