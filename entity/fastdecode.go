package entity

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	records "github.com/adamasdk/adama-go/internal/record"
)

// The readers below are what the one-pass decoders of records_gen.go
// (written by internal/cmd/apigen from the group's description) call for
// each member of a record. Each reads one value into a field that is
// still zero the way decodeRecord reads it (encoding/json after its
// fixes: numbers sent as strings or as one-currency money arrays, text
// sent as a bare number), and reports false, where decodeRecord may
// decide otherwise (a misfit, a form it repairs some other way), so that
// the record is read by decodeRecord instead. v is the value's bytes as
// jsonscan delimits them in a body known to be valid JSON.

// fastStart checks that c is untouched (decodeRecord merges a body into
// the record it is given; the one-pass decoders read into a zero record
// only) and returns the body trimmed, when it is a valid JSON object.
func (c *Common) fastStart(b []byte) ([]byte, bool) {
	if c.Extra != nil || c.Currencies != nil || c.raw != nil {
		return nil, false
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' || !jsonscan.Valid(b) {
		return nil, false
	}
	return b, true
}

// fastEnd keeps the snapshot of the record rec, read in one pass from b,
// with the misfits of the records it holds when holds reports that it
// holds any (records.Held finds none otherwise).
func (c *Common) fastEnd(b []byte, rec any, holds bool) {
	c.raw = &snapshot{b: bytes.Clone(b)}
	if holds {
		c.raw.misfits = records.Held(rec)
	}
}

// once marks a field as read, reporting false the second time: a
// repeated property is left to decodeRecord.
func once(seen *bool) bool {
	if *seen {
		return false
	}
	*seen = true
	return true
}

// unquote returns the text of the JSON string v as encoding/json reads it.
func unquote(v []byte) (string, bool) {
	s := v[1 : len(v)-1]
	for _, c := range s {
		if c == '\\' || c >= utf8.RuneSelf {
			if c >= utf8.RuneSelf && bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s) {
				return string(s), true
			}
			var out string
			if json.Unmarshal(v, &out) != nil {
				return "", false
			}
			return out, true
		}
	}
	return string(s), true
}

// readText reads a text field: a string, or a bare number kept as its
// digits; null leaves it.
func readText(v []byte, dst *string) bool {
	switch c := v[0]; {
	case c == '"':
		s, ok := unquote(v)
		*dst = s
		return ok
	case c == '-' || c >= '0' && c <= '9':
		*dst = string(v)
		return true
	}
	return v[0] == 'n'
}

// readName reads a field of a named text type (an enum): a string; null
// leaves it.
func readName[T ~string](v []byte, dst *T) bool {
	if v[0] == '"' {
		s, ok := unquote(v)
		*dst = T(s)
		return ok
	}
	return v[0] == 'n'
}

// readWhole reads the value v of an integer field sent as a numeric
// string or a one-currency amount: the text of its JSON number, "" for
// null (an empty string), and the amount's currency, stored in *curs
// under key as decodeRecord keeps it.
func readWhole(curs *map[string]string, key string, v []byte) (string, bool) {
	var text, cur string
	switch v[0] {
	case '"':
		s, ok := unquote(v)
		if !ok {
			return "", false
		}
		text = s
	case '[':
		var m adama.Money
		if m.UnmarshalJSON(v) != nil || len(m) != 1 {
			return "", false
		}
		text, cur = m[0].Value.String(), m[0].CurrencyCode
	default:
		return "", false
	}
	if !wholeDigits(text) {
		fixed, _, err := fixNumber(text, cur, true)
		if err != nil {
			return "", false
		}
		if text = string(fixed); text == "null" {
			text = ""
		}
	}
	// else: what fixNumber would give, as the same integer (leading
	// zeros and "-0" parse alike), without its decimal round trip.
	keepCurrency(curs, key, cur)
	return text, true
}

// keepCurrency stores a non-empty currency cur under key.
func keepCurrency(curs *map[string]string, key, cur string) {
	if cur == "" {
		return
	}
	if *curs == nil {
		*curs = map[string]string{}
	}
	(*curs)[key] = cur
}

// wholeDigits reports text of the form -?[0-9]+.
func wholeDigits(text string) bool {
	if len(text) > 0 && text[0] == '-' {
		text = text[1:]
	}
	if text == "" {
		return false
	}
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			return false
		}
	}
	return true
}

// parseInt parses the JSON number text s as encoding/json does for an
// integer field.
func parseInt[T int | int64](s string) (T, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || int64(T(n)) != n {
		return 0, false
	}
	return T(n), true
}

// intOf reads the value of an integer field: set is false for null (or
// an empty numeric string), which leaves the field.
func intOf[T int | int64](curs *map[string]string, key string, v []byte) (n T, set, ok bool) {
	switch c := v[0]; {
	case c == 'n':
		return 0, false, true
	case c == '-' || c >= '0' && c <= '9':
		if n, ok := smallInt(v); ok {
			return T(n), true, true
		}
		n, ok := parseInt[T](string(v))
		return n, true, ok
	case c == '"' || c == '[':
		s, ok := readWhole(curs, key, v)
		if !ok || s == "" {
			return 0, false, ok
		}
		n, ok := parseInt[T](s)
		return n, true, ok
	}
	return 0, false, false
}

// readInt reads an integer field; null leaves it.
func readInt[T int | int64](curs *map[string]string, key string, v []byte, dst *T) bool {
	n, set, ok := intOf[T](curs, key, v)
	if set {
		*dst = n
	}
	return ok
}

// readIntPtr reads an integer field behind a pointer; null leaves it nil.
func readIntPtr[T int | int64](curs *map[string]string, key string, v []byte, dst **T) bool {
	n, set, ok := intOf[T](curs, key, v)
	if set {
		*dst = &n
	}
	return ok
}

// smallInt parses a JSON integer of at most 18 digits without allocating.
func smallInt(v []byte) (int64, bool) {
	neg := v[0] == '-'
	d := v
	if neg {
		d = v[1:]
	}
	if len(d) == 0 || len(d) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// readDecimalPtr reads a decimal field behind a pointer: a money array
// is read as its one amount; any other value goes to adama.Decimal.
func readDecimalPtr(curs *map[string]string, key string, v []byte, dst **adama.Decimal) bool {
	switch v[0] {
	case 'n':
		return true
	case '[':
		// decodeRecord reads the amount's value through its canonical
		// text (fixNumber) into a Decimal, which is canonical too: the
		// same value, unless the text is too long to parse.
		var m adama.Money
		if m.UnmarshalJSON(v) != nil || len(m) != 1 || len(m[0].Value.String()) > maxNumberText {
			return false
		}
		keepCurrency(curs, key, m[0].CurrencyCode)
		d := new(adama.Decimal)
		*d = m[0].Value
		*dst = d
		return true
	}
	d := new(adama.Decimal)
	if d.UnmarshalJSON(v) != nil {
		return false
	}
	*dst = d
	return true
}

// maxNumberText is the longest text adama.ParseDecimal reads.
const maxNumberText = 400

// readBoolPtr reads an adama.Bool field behind a pointer.
func readBoolPtr(v []byte, dst **adama.Bool) bool {
	if v[0] == 'n' {
		return true
	}
	b := new(adama.Bool)
	if b.UnmarshalJSON(v) != nil {
		return false
	}
	*dst = b
	return true
}

// readTimePtr reads an adama.Time field behind a pointer.
func readTimePtr(v []byte, dst **adama.Time) bool {
	if v[0] == 'n' {
		return true
	}
	t := new(adama.Time)
	if t.UnmarshalJSON(v) != nil {
		return false
	}
	*dst = t
	return true
}

// readMoney reads a money field (null included, as encoding/json hands
// it to adama.Money).
func readMoney(v []byte, dst *adama.Money) bool { return dst.UnmarshalJSON(v) == nil }

// readRecord reads a nested record through its own UnmarshalJSON.
func readRecord[T any, P interface {
	*T
	json.Unmarshaler
}](v []byte, dst **T) bool {
	if v[0] == 'n' {
		return true
	}
	r := P(new(T))
	if r.UnmarshalJSON(v) != nil {
		return false
	}
	*dst = (*T)(r)
	return true
}

// readJSON reads any other field through encoding/json, as decodeRecord
// reads it.
func readJSON(v []byte, dst any) bool { return json.Unmarshal(v, dst) == nil }
