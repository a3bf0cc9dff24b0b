package adama

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Limits of ParseDecimal: longer texts and larger exponents are refused, so
// that a hostile "1e999999" cannot make a value of a million digits.
const (
	maxDecimalLen = 400
	maxDecimalExp = 100
)

// Decimal is an exact decimal number, as the platform writes money values
// ("12.50", 12.5, "1e3"). It wraps github.com/shopspring/decimal (arbitrary
// precision, so 30-digit values stay exact) and never goes through float
// arithmetic. The zero value is 0.
//
// shopspring/decimal was chosen over govalues/decimal, which is faster but
// holds at most 19 digits: it silently rounds "123456789012345678.123456789"
// to 123456789012345678.1 and refuses a 20-digit integer part. The wrapper
// reads none of shopspring's package-level settings (JSON quoting, trailing
// zeros, scientific notation), so a program that changes them does not
// change what this SDK sends.
//
// Values are kept in canonical form (no trailing fraction zeros: "12.50"
// reads as 12.5), so reflect.DeepEqual and testify's assert.Equal compare
// values. Compare with Cmp or Equal, not ==: two equal non-zero values hold
// different pointers.
type Decimal struct {
	d decimal.Decimal // canonical: coefficient without trailing zeros; 0 is decimal.Decimal{}
}

// ParseDecimal reads a decimal in plain or exponent notation ("12.50",
// "-3", ".5", "1.5E-2"). Surrounding space is ignored.
func ParseDecimal(s string) (Decimal, error) {
	d, ok := parseDecimal(strings.TrimSpace(s))
	if !ok {
		return Decimal{}, fmt.Errorf("adama: %q is not a decimal number", truncate(s, 40))
	}
	return d, nil
}

// DecimalFromInt returns the decimal for an integer.
func DecimalFromInt(i int64) Decimal { return DecimalFromShopspring(decimal.NewFromInt(i)) }

// DecimalFromShopspring returns the Decimal holding x.
func DecimalFromShopspring(x decimal.Decimal) Decimal { return Decimal{d: x.Normalize()} }

// Shopspring returns the value as a github.com/shopspring/decimal Decimal,
// for the operations this type does not offer.
func (d Decimal) Shopspring() decimal.Decimal { return d.d }

// MustDecimal is ParseDecimal for literals in code; it panics on a malformed
// literal and must never be used on data from the server or a user.
func MustDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// parseDecimal checks the syntax (ASCII digits, one optional sign, point and
// exponent within limits) and builds the canonical value. Up to 18
// significant digits it parses without an intermediate string.
func parseDecimal(s string) (Decimal, bool) {
	if s == "" || len(s) > maxDecimalLen {
		return Decimal{}, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		if err != nil || e > maxDecimalExp || e < -maxDecimalExp {
			return Decimal{}, false
		}
		mant, exp = s[:i], e
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	if intPart == "" && frac == "" {
		return Decimal{}, false
	}
	if !allDigits(intPart) || !allDigits(frac) {
		return Decimal{}, false
	}
	// value = (intPart frac) * 10^(exp - len(frac)); drop the zeros that do
	// not change it.
	intPart = strings.TrimLeft(intPart, "0")
	frac = strings.TrimRight(frac, "0")
	exp -= len(frac)
	if intPart == "" {
		frac = strings.TrimLeft(frac, "0")
	}
	if frac == "" {
		t := strings.TrimRight(intPart, "0")
		exp += len(intPart) - len(t)
		intPart = t
	}
	n := len(intPart) + len(frac)
	if n == 0 {
		return Decimal{}, true
	}
	if n <= 18 {
		var v int64
		for _, part := range [2]string{intPart, frac} {
			for i := 0; i < len(part); i++ {
				v = v*10 + int64(part[i]-'0')
			}
		}
		if neg {
			v = -v
		}
		return Decimal{d: decimal.New(v, int32(exp))}, true
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(intPart)
	b.WriteString(frac)
	v, ok := new(big.Int).SetString(b.String(), 10)
	if !ok {
		return Decimal{}, false
	}
	if neg {
		v.Neg(v)
	}
	return Decimal{d: decimal.NewFromBigInt(v, int32(exp))}, true
}

// parseDecimalBytes is parseDecimal of the trimmed text of b; the
// conversion does not escape, so it does not allocate for short values.
func parseDecimalBytes(b []byte) (Decimal, bool) {
	return parseDecimal(strings.TrimSpace(string(b)))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// String returns the canonical form ("12.5", "-3", "1000", "0"), never in
// exponent notation, whatever the library's package settings.
func (d Decimal) String() string {
	if d.d.IsZero() {
		return "0"
	}
	exp := d.d.Exponent()
	if exp <= 0 {
		return d.d.StringFixed(-exp) // exact: no rounding at the value's own scale
	}
	b := d.d.Coefficient().Append(make([]byte, 0, 24+int(exp)), 10)
	for range exp {
		b = append(b, '0')
	}
	return string(b)
}

// StringFixed returns the value rounded half away from zero to places
// fraction digits ("12.50" for places 2). A negative places counts as 0.
func (d Decimal) StringFixed(places int) string {
	return d.d.StringFixed(int32(max(0, min(places, maxDecimalLen))))
}

// IsZero reports whether the value is 0.
func (d Decimal) IsZero() bool { return d.d.IsZero() }

// Sign returns -1, 0 or +1.
func (d Decimal) Sign() int { return d.d.Sign() }

// Rat returns the value as an exact rational.
func (d Decimal) Rat() *big.Rat { return d.d.Rat() }

// Float64 returns the nearest float64; use it for display, not arithmetic.
func (d Decimal) Float64() float64 { return d.d.InexactFloat64() }

// Cmp compares d and e: -1, 0 or +1.
func (d Decimal) Cmp(e Decimal) int { return d.d.Cmp(e.d) }

// Equal reports whether d and e are the same number.
func (d Decimal) Equal(e Decimal) bool { return d.d.Cmp(e.d) == 0 }

// Add returns d + e, exactly.
func (d Decimal) Add(e Decimal) Decimal { return Decimal{d: d.d.Add(e.d).Normalize()} }

// Sub returns d - e, exactly.
func (d Decimal) Sub(e Decimal) Decimal { return Decimal{d: d.d.Sub(e.d).Normalize()} }

// Mul returns d × e, exactly (a budget times a rate keeps every digit; round
// with Round when the platform needs fewer).
func (d Decimal) Mul(e Decimal) Decimal { return Decimal{d: d.d.Mul(e.d).Normalize()} }

// Neg returns -d.
func (d Decimal) Neg() Decimal { return Decimal{d: d.d.Neg().Normalize()} }

// Abs returns |d|.
func (d Decimal) Abs() Decimal { return Decimal{d: d.d.Abs().Normalize()} }

// Round returns d rounded half away from zero to places fraction digits
// (places may be negative: -2 rounds to hundreds).
func (d Decimal) Round(places int) Decimal {
	places = max(-maxDecimalLen, min(places, maxDecimalLen))
	return Decimal{d: d.d.Round(int32(places)).Normalize()}
}

// ErrDivisionByZero is returned by DivRound for a zero divisor.
var ErrDivisionByZero = errors.New("adama: decimal division by zero")

// DivRound returns d / e rounded half away from zero to places fraction
// digits (splitting a budget over days, for instance).
func (d Decimal) DivRound(e Decimal, places int) (Decimal, error) {
	if e.IsZero() {
		return Decimal{}, ErrDivisionByZero
	}
	places = max(0, min(places, maxDecimalLen))
	return Decimal{d: d.d.DivRound(e.d, int32(places)).Normalize()}, nil
}

// SumDecimals returns the exact sum of ds; 0 for none.
func SumDecimals(ds ...Decimal) Decimal {
	var t decimal.Decimal
	for _, x := range ds {
		t = t.Add(x.d)
	}
	return Decimal{d: t.Normalize()}
}

// MarshalJSON writes the value as a JSON number.
func (d Decimal) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalJSON reads a JSON number or a string holding one; null and "" are 0.
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*d = Decimal{}
		return nil
	}
	// The common forms (a number, or a string of one without escapes)
	// are parsed without copying the bytes; anything else, and every
	// error, takes the path below.
	raw := b
	if n := len(b); b[0] == '"' && n >= 2 && b[n-1] == '"' {
		raw = b[1 : n-1]
	}
	if len(raw) > 0 && raw[0] != '"' && bytes.IndexByte(raw, '\\') < 0 && bytes.IndexByte(raw, '"') < 0 {
		if v, ok := parseDecimalBytes(raw); ok {
			*d = v
			return nil
		}
	}
	s := string(b)
	if b[0] == '"' {
		if len(b) >= 2 && b[len(b)-1] == '"' && bytes.IndexByte(b[1:len(b)-1], '\\') < 0 && bytes.IndexByte(b[1:len(b)-1], '"') < 0 {
			s = s[1 : len(s)-1] // no escapes: the text between the quotes
		} else if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if strings.TrimSpace(s) == "" {
			*d = Decimal{}
			return nil
		}
	}
	v, err := ParseDecimal(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// DecimalPtr parses s for an optional field; a malformed s is an error.
func DecimalPtr(s string) (*Decimal, error) {
	d, err := ParseDecimal(s)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// EncodeValues writes the canonical form in forms and queries.
func (d Decimal) EncodeValues(key string, v *url.Values) error {
	v.Set(key, d.String())
	return nil
}

// MarshalText writes the canonical form.
func (d Decimal) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads plain or exponent notation.
func (d *Decimal) UnmarshalText(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		*d = Decimal{}
		return nil
	}
	v, err := ParseDecimal(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// truncate cuts s to n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string { return wirefmt.Truncate(s, n) }
