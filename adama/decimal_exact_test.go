package adama_test

import (
	"encoding/json"
	"math/big"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-querystring/query"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// TestDecimalExactRoundTrip: the text the platform sends comes back digit
// for digit (in canonical form), from a JSON number or a JSON string.
func TestDecimalExactRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"50.00", "50"},
		{"12.345", "12.345"},
		{"123456789012345678.123456789", "123456789012345678.123456789"},
		{"123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"},
		{"-999999999999999999999999999999999999.99", "-999999999999999999999999999999999999.99"},
		{"0.000000000000000000000000000001", "0.000000000000000000000000000001"},
		{"1e-30", "0.000000000000000000000000000001"},
		{"100", "100"}, {"1000000", "1000000"}, {"1E+2", "100"}, {"-0", "0"}, {"000.000", "0"},
		{"9223372036854775807", "9223372036854775807"}, {"99999999999999999999", "99999999999999999999"},
		{"0.1", "0.1"}, {"-.5", "-0.5"}, {"10.01", "10.01"}, {"100.5", "100.5"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := adama.ParseDecimal(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, d.String())

			var fromNumber, fromString adama.Decimal
			if !strings.HasPrefix(tt.in, ".") && !strings.HasPrefix(tt.in, "-.") && !strings.HasPrefix(tt.in, "00") && !strings.HasSuffix(tt.in, ".") {
				require.NoError(t, json.Unmarshal([]byte(tt.in), &fromNumber), "JSON number")
				assert.Equal(t, d, fromNumber, "JSON number")
			}
			require.NoError(t, json.Unmarshal([]byte(`"`+tt.in+`"`), &fromString), "JSON string")
			assert.Equal(t, d, fromString, "JSON string")

			out, err := json.Marshal(d)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(out), "written as a JSON number, never through float64")

			r, ok := new(big.Rat).SetString(tt.in)
			require.True(t, ok)
			assert.Zero(t, r.Cmp(d.Rat()), "Rat is the exact value")
			assert.True(t, d.Shopspring().Equal(decimal.RequireFromString(tt.in)), "library value")
			assert.Equal(t, d, adama.DecimalFromShopspring(decimal.RequireFromString(tt.in)), "canonical whatever the source")
		})
	}
}

func TestDecimalReadLiberally(t *testing.T) {
	tests := []struct{ in, want string }{
		{`12.5`, "12.5"}, {`"12.50"`, "12.5"}, {`" 7 "`, "7"}, {`""`, "0"}, {`null`, "0"}, {`1e2`, "100"},
		{`"1\u002e5"`, "1.5"}, // escaped string
	}
	for _, tt := range tests {
		var d adama.Decimal
		require.NoError(t, json.Unmarshal([]byte(tt.in), &d), tt.in)
		assert.Equal(t, tt.want, d.String(), tt.in)
	}
	for _, bad := range []string{`"ten"`, `"1e999"`, `"0x10"`, `"1_000"`, `"\u22125"`, `true`, `"` + strings.Repeat("1", 401) + `"`} {
		var d adama.Decimal
		assert.Error(t, json.Unmarshal([]byte(bad), &d), bad)
	}
}

func TestDecimalArithmetic(t *testing.T) {
	d := adama.MustDecimal
	tests := []struct {
		name string
		got  adama.Decimal
		want string
	}{
		{"add", d("0.1").Add(d("0.2")), "0.3"},
		{"add big", d("99999999999999999999.99").Add(d("0.01")), "100000000000000000000"},
		{"sub", d("0.1").Sub(d("0.2")), "-0.1"},
		{"sub to zero", d("12.50").Sub(d("12.5")), "0"},
		{"mul", d("1.5").Mul(d("2.25")), "3.375"},
		{"mul 30 digits", d("123456789012345678901234567890").Mul(d("10")), "1234567890123456789012345678900"},
		{"neg", d("3.5").Neg(), "-3.5"},
		{"neg zero", adama.Decimal{}.Neg(), "0"},
		{"abs", d("-3.5").Abs(), "3.5"},
		{"round", d("2.345").Round(2), "2.35"},
		{"round negative", d("-2.345").Round(2), "-2.35"},
		{"round hundreds", d("1250").Round(-2), "1300"},
		{"sum", adama.SumDecimals(d("0.1"), d("0.2"), d("0.3")), "0.6"},
		{"sum none", adama.SumDecimals(), "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.got.String())
			assert.Equal(t, adama.MustDecimal(tt.want), tt.got, "results stay canonical")
		})
	}
	q, err := d("100").DivRound(d("3"), 2)
	require.NoError(t, err)
	assert.Equal(t, "33.33", q.String())
	_, err = d("1").DivRound(adama.Decimal{}, 2)
	assert.ErrorIs(t, err, adama.ErrDivisionByZero)
	assert.Equal(t, 1, d("10").Cmp(d("9.99")))
	assert.True(t, d("1.50").Equal(d("1.5")))
	assert.True(t, adama.Decimal{}.IsZero())
	assert.Equal(t, -1, d("-0.01").Sign())
	assert.Equal(t, "0.00", d("-0.001").StringFixed(2))
	assert.Equal(t, "12.35", d("12.345").StringFixed(2))
	assert.Equal(t, "12", d("12.345").StringFixed(-1))
	assert.Equal(t, 12.345, d("12.345").Float64())
	assert.Equal(t, "7", adama.DecimalFromInt(7).String())
	assert.Equal(t, adama.MustDecimal("-120"), adama.DecimalFromInt(-120))
}

func TestDecimalFormEncoding(t *testing.T) {
	type form struct {
		Price  adama.Decimal  `url:"price"`
		Pct    *adama.Decimal `url:"pct,omitempty"`
		Unset  *adama.Decimal `url:"unset,omitempty"`
		Budget adama.Money    `url:"budget"`
	}
	v, err := query.Values(form{
		Price:  adama.MustDecimal("123456789012345678901234567890.10"),
		Pct:    adama.Ptr(adama.MustDecimal("0")),
		Budget: adama.Money{{CurrencyCode: "USD", Value: adama.MustDecimal("10.50")}, {CurrencyCode: "EUR", Value: adama.MustDecimal("9")}},
	})
	require.NoError(t, err)
	assert.Equal(t, url.Values{"price": {"123456789012345678901234567890.1"}, "pct": {"0"}, "budget": {"10.5"}}, v)

	text, err := adama.MustDecimal("1e3").MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "1000", string(text))
	var back adama.Decimal
	require.NoError(t, back.UnmarshalText(text))
	assert.Equal(t, adama.MustDecimal("1000"), back)
}
