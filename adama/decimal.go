package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"strconv"
	"strings"
)

// Decimal is an exact decimal number, as the platform writes money values
// ("12.50", 12.5, "1e3"). It never goes through float arithmetic: the value
// is kept as a canonical string of digits. The zero value is 0.
type Decimal struct {
	s string // canonical: optional '-', digits, optional '.' and digits without trailing zeros; "" means 0
}

// ParseDecimal reads a decimal in plain or exponent notation.
func ParseDecimal(s string) (Decimal, error) {
	d, ok := parseDecimal(strings.TrimSpace(s))
	if !ok {
		return Decimal{}, fmt.Errorf("adama: %q is not a decimal number", truncate(s, 40))
	}
	return d, nil
}

// DecimalFromInt returns the decimal for an integer.
func DecimalFromInt(i int64) Decimal {
	d, _ := parseDecimal(strconv.FormatInt(i, 10))
	return d
}

// MustDecimal is ParseDecimal for literals in code; it panics on a malformed
// literal and must never be used on data from the server or a user.
func MustDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

func parseDecimal(s string) (Decimal, bool) {
	if s == "" || len(s) > 400 {
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
		if err != nil || e > 100 || e < -100 {
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
	for _, part := range [2]string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return Decimal{}, false
			}
		}
	}
	digits := intPart + frac
	point := len(intPart) + exp // position of the decimal point within digits
	for point < 0 {
		digits = "0" + digits
		point++
	}
	for point > len(digits) {
		digits += "0"
	}
	ip := strings.TrimLeft(digits[:point], "0")
	fp := strings.TrimRight(digits[point:], "0")
	if ip == "" {
		ip = "0"
	}
	out := ip
	if fp != "" {
		out += "." + fp
	}
	if out == "0" {
		return Decimal{}, true
	}
	if neg {
		out = "-" + out
	}
	return Decimal{s: out}, true
}

// String returns the canonical form ("12.5", "-3", "0").
func (d Decimal) String() string {
	if d.s == "" {
		return "0"
	}
	return d.s
}

// StringFixed returns the value rounded half away from zero to places
// fraction digits ("12.50" for places 2).
func (d Decimal) StringFixed(places int) string {
	r := d.Rat()
	return r.FloatString(places)
}

// IsZero reports whether the value is 0.
func (d Decimal) IsZero() bool { return d.s == "" }

// Rat returns the value as an exact rational.
func (d Decimal) Rat() *big.Rat {
	r, ok := new(big.Rat).SetString(d.String())
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Float64 returns the nearest float64; use it for display, not arithmetic.
func (d Decimal) Float64() float64 {
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// Cmp compares d and e: -1, 0 or +1.
func (d Decimal) Cmp(e Decimal) int { return d.Rat().Cmp(e.Rat()) }

// Add returns d + e, exactly.
func (d Decimal) Add(e Decimal) Decimal { return decimalFromRat(new(big.Rat).Add(d.Rat(), e.Rat())) }

// Sub returns d - e, exactly.
func (d Decimal) Sub(e Decimal) Decimal { return decimalFromRat(new(big.Rat).Sub(d.Rat(), e.Rat())) }

func decimalFromRat(r *big.Rat) Decimal {
	// Sums and differences of finite decimals are finite decimals; 60 places is ample.
	d, _ := parseDecimal(r.FloatString(60))
	return d
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
	s := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
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

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
