package entity

import (
	"net/url"

	"github.com/adamasdk/adama-go/adama"
)

// Number is an exact decimal field (prices, percentages, costs). It is
// adama.Decimal with form encoding added.
type Number struct{ adama.Decimal }

// Num parses s exactly; an invalid s gives zero (use adama.ParseDecimal to
// see the error).
func Num(s string) *Number {
	d, _ := adama.ParseDecimal(s)
	return &Number{d}
}

// EncodeValues writes the number in forms.
func (n Number) EncodeValues(key string, v *url.Values) error {
	v.Set(key, n.Decimal.String())
	return nil
}
