package adama_test

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
)

// FuzzDecimalExact checks every accepted value against math/big: parsing,
// the canonical text, JSON and the arithmetic are exact.
func FuzzDecimalExact(f *testing.F) {
	for _, s := range [][2]string{
		{"12.50", "0.1"}, {"-0.001", "1e3"}, {"123456789012345678.123456789", "-50.00"},
		{"123456789012345678901234567890.5", "9.99"}, {"+.5", "5."}, {"1E-100", "1e100"}, {"0", "-0"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		x, err := adama.ParseDecimal(a)
		if err != nil {
			return
		}
		y, err := adama.ParseDecimal(b)
		if err != nil {
			return
		}
		rx, ok := new(big.Rat).SetString(strings.TrimSpace(a))
		if !ok {
			t.Fatalf("%q accepted, not a number for math/big", a)
		}
		ry, _ := new(big.Rat).SetString(strings.TrimSpace(b))
		if x.Rat().Cmp(rx) != 0 {
			t.Fatalf("%q read as %s", a, x)
		}
		back, err := adama.ParseDecimal(x.String())
		if err != nil || !back.Equal(x) || back.String() != x.String() {
			t.Fatalf("%q -> %q -> %q (%v)", a, x.String(), back.String(), err)
		}
		var fromJSON adama.Decimal
		out, _ := json.Marshal(x)
		if err := json.Unmarshal(out, &fromJSON); err != nil || !fromJSON.Equal(x) {
			t.Fatalf("%q: JSON %s read back as %s (%v)", a, out, fromJSON, err)
		}
		checks := []struct {
			op   string
			got  adama.Decimal
			want *big.Rat
		}{
			{"+", x.Add(y), new(big.Rat).Add(rx, ry)},
			{"-", x.Sub(y), new(big.Rat).Sub(rx, ry)},
			{"*", x.Mul(y), new(big.Rat).Mul(rx, ry)},
			{"neg", x.Neg(), new(big.Rat).Neg(rx)},
		}
		for _, c := range checks {
			if c.got.Rat().Cmp(c.want) != 0 {
				t.Fatalf("%s %s %s = %s, want %s", a, c.op, b, c.got, c.want.RatString())
			}
		}
		if x.Cmp(y) != rx.Cmp(ry) {
			t.Fatalf("Cmp(%q, %q) = %d", a, b, x.Cmp(y))
		}
	})
}
