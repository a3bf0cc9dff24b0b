package adama_test

// The hand-written string decimal that adama.Decimal used before it wrapped
// shopspring/decimal, kept only as the baseline of the decimal benchmarks.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// legacyDecimal is an exact decimal number, as the platform writes money values
// ("12.50", 12.5, "1e3"). It never goes through float arithmetic: the value
// is kept as a canonical string of digits. The zero value is 0.
type legacyDecimal struct {
	s string // canonical: optional '-', digits, optional '.' and digits without trailing zeros; "" means 0
}

// parseLegacyDecimal reads a decimal in plain or exponent notation.
func parseLegacyDecimal(s string) (legacyDecimal, error) {
	d, ok := scanLegacyDecimal(strings.TrimSpace(s))
	if !ok {
		return legacyDecimal{}, fmt.Errorf("adama: %q is not a decimal number", s)
	}
	return d, nil
}

func scanLegacyDecimal(s string) (legacyDecimal, bool) {
	if s == "" || len(s) > 400 {
		return legacyDecimal{}, false
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
			return legacyDecimal{}, false
		}
		mant, exp = s[:i], e
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	if intPart == "" && frac == "" {
		return legacyDecimal{}, false
	}
	for _, part := range [2]string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return legacyDecimal{}, false
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
		return legacyDecimal{}, true
	}
	if neg {
		out = "-" + out
	}
	return legacyDecimal{s: out}, true
}

// String returns the canonical form ("12.5", "-3", "0").
func (d legacyDecimal) String() string {
	if d.s == "" {
		return "0"
	}
	return d.s
}

// Rat returns the value as an exact rational.
func (d legacyDecimal) Rat() *big.Rat {
	r, ok := new(big.Rat).SetString(d.String())
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Cmp compares d and e: -1, 0 or +1.
func (d legacyDecimal) Cmp(e legacyDecimal) int { return d.Rat().Cmp(e.Rat()) }

// Add returns d + e, exactly.
func (d legacyDecimal) Add(e legacyDecimal) legacyDecimal {
	return legacyDecimalFromRat(new(big.Rat).Add(d.Rat(), e.Rat()))
}

func legacyDecimalFromRat(r *big.Rat) legacyDecimal {
	// Sums and differences of finite decimals are finite decimals; 60 places is ample.
	d, _ := scanLegacyDecimal(r.FloatString(60))
	return d
}

// MarshalJSON writes the value as a JSON number.
func (d legacyDecimal) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalJSON reads a JSON number or a string holding one; null and "" are 0.
func (d *legacyDecimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*d = legacyDecimal{}
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if strings.TrimSpace(s) == "" {
			*d = legacyDecimal{}
			return nil
		}
	}
	v, err := parseLegacyDecimal(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}
