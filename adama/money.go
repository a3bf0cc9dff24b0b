package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
)

// Amount is one currency's value of a Money array.
type Amount struct {
	// CurrencyCode is the ISO 4217 code ("USD"). Empty for a scalar given
	// on input, which the server reads in the record's own currency.
	CurrencyCode string `json:"currency_code"`
	// Value is the exact amount.
	Value Decimal `json:"value"`
}

// Money is the platform's money value: an array of {currency_code, value}
// objects, one per currency, kept in full and exact. It reads values written
// as numbers or strings and also a bare scalar ("budget=100" on input).
type Money []Amount

// NewMoney returns a one-currency Money. value is parsed exactly.
func NewMoney(currency, value string) (Money, error) {
	d, err := ParseDecimal(value)
	if err != nil {
		return nil, err
	}
	return Money{{CurrencyCode: currency, Value: d}}, nil
}

// MustMoney is NewMoney for literals in code; it panics on a malformed literal.
func MustMoney(currency, value string) Money {
	m, err := NewMoney(currency, value)
	if err != nil {
		panic(err)
	}
	return m
}

// Get returns the value in currency.
func (m Money) Get(currency string) (Decimal, bool) {
	for _, a := range m {
		if a.CurrencyCode == currency {
			return a.Value, true
		}
	}
	return Decimal{}, false
}

// String renders "12.5 USD, 11 EUR".
func (m Money) String() string {
	var b bytes.Buffer
	for i, a := range m {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.Value.String())
		if a.CurrencyCode != "" {
			b.WriteByte(' ')
			b.WriteString(a.CurrencyCode)
		}
	}
	return b.String()
}

// UnmarshalJSON reads an array of amounts, a single amount object, or a
// scalar number or string.
func (m *Money) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*m = nil
		return nil
	}
	switch b[0] {
	case '[':
		var arr []Amount
		if err := json.Unmarshal(b, &arr); err != nil {
			return fmt.Errorf("adama: money: %w", err)
		}
		*m = arr
	case '{':
		var a Amount
		if err := json.Unmarshal(b, &a); err != nil {
			return fmt.Errorf("adama: money: %w", err)
		}
		*m = Money{a}
	default:
		var d Decimal
		if err := d.UnmarshalJSON(b); err != nil {
			return fmt.Errorf("adama: money: %w", err)
		}
		*m = Money{{Value: d}}
	}
	return nil
}

// EncodeValues writes the form input: the platform accepts a scalar on
// input, so the first amount's value is sent.
func (m Money) EncodeValues(key string, v *url.Values) error {
	if len(m) == 0 {
		v.Set(key, "")
		return nil
	}
	v.Set(key, m[0].Value.String())
	return nil
}
