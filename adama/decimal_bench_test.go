package adama_test

import (
	"encoding/json"
	"testing"

	gvdecimal "github.com/govalues/decimal"
	ssdecimal "github.com/shopspring/decimal"

	"github.com/adamasdk/adama-go/adama"
)

// The decimal benchmarks compare adama.Decimal (which wraps
// shopspring/decimal) with the hand-written string decimal it replaced
// (legacy), the two libraries it was chosen from (shopspring/decimal bare
// and govalues/decimal) on the platform's decode path, with json.RawMessage
// (no parsing at all) as the floor. All run in one process: go test -run '^$' -bench Decimal -benchmem
// -count 5 ./adama.

type benchAmount[T any] struct {
	CurrencyCode string `json:"currency_code"`
	Value        T      `json:"value"`
}

var decimalBenchInputs = []struct {
	name string
	json string // a JSON value as the platform sends it
	text string // the same value as text, for ParseDecimal and friends
}{
	{"money_array", `[{"currency_code":"USD","value":10}]`, ""},
	{"money_multi", `[{"currency_code":"USD","value":"12.50"},{"currency_code":"EUR","value":11.25},{"currency_code":"JPY","value":1500}]`, ""},
	{"string_50.00", `"50.00"`, "50.00"},
	{"number_12.345", `12.345`, "12.345"},
	{"string_big_27_digits", `"123456789012345678.123456789"`, "123456789012345678.123456789"},
}

func benchUnmarshal[T any](b *testing.B, data []byte) {
	b.Helper()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecimalDecodeJSON(b *testing.B) {
	for _, in := range decimalBenchInputs {
		data := []byte(in.json)
		if in.text == "" { // money arrays
			b.Run(in.name+"/raw", func(b *testing.B) { benchUnmarshal[[]benchAmount[json.RawMessage]](b, data) })
			b.Run(in.name+"/legacy", func(b *testing.B) { benchUnmarshal[[]benchAmount[legacyDecimal]](b, data) })
			b.Run(in.name+"/adama.Money", func(b *testing.B) { benchUnmarshal[adama.Money](b, data) })
			b.Run(in.name+"/adama", func(b *testing.B) { benchUnmarshal[[]benchAmount[adama.Decimal]](b, data) })
			b.Run(in.name+"/shopspring", func(b *testing.B) { benchUnmarshal[[]benchAmount[ssdecimal.Decimal]](b, data) })
			b.Run(in.name+"/govalues", func(b *testing.B) { benchUnmarshal[[]benchAmount[gvdecimal.Decimal]](b, data) })
			continue
		}
		b.Run(in.name+"/raw", func(b *testing.B) { benchUnmarshal[json.RawMessage](b, data) })
		b.Run(in.name+"/legacy", func(b *testing.B) { benchUnmarshal[legacyDecimal](b, data) })
		b.Run(in.name+"/adama", func(b *testing.B) { benchUnmarshal[adama.Decimal](b, data) })
		b.Run(in.name+"/shopspring", func(b *testing.B) { benchUnmarshal[ssdecimal.Decimal](b, data) })
		b.Run(in.name+"/govalues", func(b *testing.B) { benchUnmarshal[gvdecimal.Decimal](b, data) })
	}
}

func BenchmarkDecimalParse(b *testing.B) {
	for _, in := range decimalBenchInputs {
		if in.text == "" {
			continue
		}
		s := in.text
		b.Run(in.name+"/legacy", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := parseLegacyDecimal(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/adama", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := adama.ParseDecimal(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/shopspring", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ssdecimal.NewFromString(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/govalues", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := gvdecimal.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecimalSum adds 100 budgets of two fraction digits.
func BenchmarkDecimalSum(b *testing.B) {
	texts := make([]string, 100)
	for i := range texts {
		texts[i] = string(rune('1'+i%9)) + "23.4" + string(rune('0'+i%10))
	}
	b.Run("legacy", func(b *testing.B) {
		ds := make([]legacyDecimal, len(texts))
		for i, s := range texts {
			ds[i], _ = parseLegacyDecimal(s)
		}
		b.ReportAllocs()
		for b.Loop() {
			var t legacyDecimal
			for _, d := range ds {
				t = t.Add(d)
			}
		}
	})
	b.Run("adama", func(b *testing.B) {
		ds := make([]adama.Decimal, len(texts))
		for i, s := range texts {
			ds[i] = adama.MustDecimal(s)
		}
		b.ReportAllocs()
		for b.Loop() {
			var t adama.Decimal
			for _, d := range ds {
				t = t.Add(d)
			}
		}
	})
	b.Run("shopspring", func(b *testing.B) {
		ds := make([]ssdecimal.Decimal, len(texts))
		for i, s := range texts {
			ds[i] = ssdecimal.RequireFromString(s)
		}
		b.ReportAllocs()
		for b.Loop() {
			var t ssdecimal.Decimal
			for _, d := range ds {
				t = t.Add(d)
			}
		}
	})
	b.Run("govalues", func(b *testing.B) {
		ds := make([]gvdecimal.Decimal, len(texts))
		for i, s := range texts {
			ds[i] = gvdecimal.MustParse(s)
		}
		b.ReportAllocs()
		for b.Loop() {
			var t gvdecimal.Decimal
			for _, d := range ds {
				t, _ = t.Add(d)
			}
		}
	})
}
