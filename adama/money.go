package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/jsonscan"
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
		if arr, ok := amountsFast(b); ok {
			*m = arr
			return nil
		}
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

// amountsFast reads the array of amounts b in one pass when it has the
// platform's form (every element an object holding at most currency_code,
// a string without escapes, and value, each once) and every value reads;
// anything else (null elements, other keys or case variants, escapes,
// invalid UTF-8, an empty array, a value that does not read, malformed
// JSON) reports false and is read by encoding/json as before, which gives
// the same result or error.
func amountsFast(b []byte) (Money, bool) {
	var out Money
	ok := true
	err := jsonscan.Elements(b, func(e []byte) bool {
		var a Amount
		var seenCode, seenValue bool
		err := jsonscan.Members(e, func(k, v []byte) bool {
			switch string(k) {
			case "currency_code":
				if seenCode || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
					ok = false
					return false
				}
				s := v[1 : len(v)-1]
				if bytes.IndexByte(s, '\\') >= 0 || !utf8.Valid(s) {
					ok = false
					return false
				}
				a.CurrencyCode, seenCode = currencyCode(s), true
			case "value":
				if seenValue || a.Value.UnmarshalJSON(v) != nil {
					ok = false
					return false
				}
				seenValue = true
			default:
				ok = false
				return false
			}
			return true
		})
		if err != nil || !ok {
			ok = false
			return false
		}
		if out == nil {
			out = make(Money, 0, 1)
		}
		out = append(out, a)
		return true
	})
	if err != nil || !ok || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// currencyCode returns s as a string, without allocating for the
// currencies most amounts carry.
func currencyCode(s []byte) string {
	switch string(s) {
	case "USD":
		return "USD"
	case "EUR":
		return "EUR"
	case "GBP":
		return "GBP"
	case "JPY":
		return "JPY"
	case "CAD":
		return "CAD"
	case "AUD":
		return "AUD"
	}
	return string(s)
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
