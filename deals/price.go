package deals

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Price is a deal's floor or fixed price, exact, with its currency. Shape
// from the Marketplaces API reference, schema
// create-deal.price: {"currency_code": "USD", "value": "1.3000"}.
type Price struct {
	// CurrencyCode is the ISO 4217 code (3 letters); the platform's
	// default is USD.
	CurrencyCode string
	// Value is the exact amount, at most 9,999,999.9999.
	Value adama.Decimal
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage
}

// NewPrice returns a price of value (parsed exactly) in currency.
func NewPrice(currency, value string) (*Price, error) {
	d, err := adama.ParseDecimal(value)
	if err != nil {
		return nil, err
	}
	return &Price{CurrencyCode: currency, Value: d}, nil
}

// MustPrice is NewPrice for literals in code; it panics on a malformed
// literal and must never be used on data from the server or a user.
func MustPrice(currency, value string) *Price {
	p, err := NewPrice(currency, value)
	if err != nil {
		panic(err)
	}
	return p
}

// String renders "1.3 EUR".
func (p Price) String() string {
	if p.CurrencyCode == "" {
		return p.Value.String()
	}
	return p.Value.String() + " " + p.CurrencyCode
}

type priceWire struct {
	CurrencyCode string        `json:"currency_code,omitempty"`
	Value        adama.Decimal `json:"value"`
}

var priceIdx = record.Index{"currency_code": 0, "value": 1}

// UnmarshalJSON reads the object form, and also a bare number or numeric
// string (the specification's "price (number)"), and the value as a
// number or a string.
func (p *Price) UnmarshalJSON(b []byte) error {
	*p = Price{}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || record.IsNull(b) {
		return nil
	}
	if b[0] != '{' {
		if err := p.Value.UnmarshalJSON(b); err != nil {
			return fmt.Errorf("price: %w", err)
		}
		return nil
	}
	var w priceWire
	ex, err := record.DecodeKeeping(b, &w, priceIdx)
	if err != nil {
		return err
	}
	p.CurrencyCode, p.Value, p.Extra = w.CurrencyCode, w.Value, ex
	return nil
}

// Misfits lists the values of the price that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (p *Price) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	return record.Report(p, priceIdx, p.Extra)
}

// MarshalJSON writes {"currency_code": ..., "value": "<exact decimal>"},
// the value as a string as the reference shows it. A value that fit no
// documented form goes back as it came while Value is zero.
func (p Price) MarshalJSON() ([]byte, error) {
	type wire struct {
		CurrencyCode string `json:"currency_code,omitempty"`
		Value        string `json:"value"`
	}
	w := wire{p.CurrencyCode, p.Value.String()}
	if _, kept := p.Extra["value"]; kept && p.Value.Cmp(adama.Decimal{}) == 0 {
		w.Value = "" // EncodeObject writes the kept value in its place
	}
	return record.EncodeObject(w, p.Extra)
}

// validateAt checks the price, found at the path at, by the rules of its
// schema in the description (Price, written by hand as the record is):
// the currency is 3 letters, the value lies between 0 and 9,999,999.9999.
// A generated validateAt (Deal's) calls it for a price it holds.
func (p *Price) validateAt(v *valid.Validator, at string, _ bool) {
	if p == nil {
		return
	}
	if p.CurrencyCode != "" {
		checkCurrency(v, valid.Path(at, "currency_code"), p.CurrencyCode)
	}
	v.DecimalMin(valid.Path(at, "value"), p.Value, "0")
	v.DecimalMax(valid.Path(at, "value"), p.Value, "9999999.9999")
}

// checkCurrency checks an ISO 4217 code, as the description's currency
// codes state it (3 letters, x-go-rule's wording).
func checkCurrency(v *valid.Validator, field, code string) {
	v.Check(isCurrency(code), field, "3 letters (ISO 4217)", code)
}

// isCurrency reports whether code is 3 ASCII letters.
func isCurrency(code string) bool {
	ok := len(code) == 3
	for i := 0; ok && i < 3; i++ {
		c := code[i] | 0x20
		ok = c >= 'a' && c <= 'z'
	}
	return ok
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
