package adama

import (
	"bytes"
	"encoding/json"
	"golang.org/x/oauth2"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moneyFastSeeds are platform money arrays and the edge forms the fast
// path must leave to encoding/json.
var moneyFastSeeds = []string{
	`[{"currency_code":"USD","value":1001.5}]`,
	`[{"currency_code":"USD","value":"1000.25"},{"currency_code":"EUR","value":900}]`,
	` [ { "value" : "0.15" , "currency_code" : "USD" } ] `,
	`[{"currency_code":"USD","value":null}]`,
	`[{"currency_code":"USD","value":""}]`,
	`[{"currency_code":"USD"}]`,
	`[{"value":1e2}]`,
	`[{}]`,
	`[]`,
	`[null]`,
	`[{"currency_code":null,"value":1}]`,
	`[{"Currency_Code":"USD","value":1}]`,
	`[{"currency_code":"U\u0053D","value":1}]`,
	`[{"currency_code":"USD","value":1,"value":2}]`,
	`[{"currency_code":"USD","value":1,"extra":true}]`,
	`[{"currency_code":"USD","value":true}]`,
	`[{"currency_code":"USD","value":"abc"}]`,
	`[{"currency_code":"USD","value":1}`,
	`[{"currency_code":"USD","value":1}] x`,
	`[{"currency_code":"US` + "\xff" + `D","value":1}]`,
	`[{"currency_code":7,"value":1}]`,
	`[1]`,
}

// requireFastMatchesStd checks that whenever amountsFast reads b,
// encoding/json reads the same amounts from it.
func requireFastMatchesStd(t *testing.T, b []byte) {
	fast, ok := amountsFast(b)
	var std []Amount
	stdErr := json.Unmarshal(b, &std)
	if !ok {
		return
	}
	require.NoError(t, stdErr, "fast path read %q that encoding/json refuses", b)
	require.Len(t, fast, len(std), "%q", b)
	for i := range std {
		assert.Equal(t, std[i].CurrencyCode, fast[i].CurrencyCode, "%q", b)
		assert.Equal(t, std[i].Value.String(), fast[i].Value.String(), "%q", b)
		assert.Zero(t, std[i].Value.Cmp(fast[i].Value), "%q", b)
	}
}

func TestMoneyFastMatchesStd(t *testing.T) {
	taken := map[string]bool{
		`[{"currency_code":"USD","value":1001.5}]`:                                        true,
		`[{"currency_code":"USD","value":"1000.25"},{"currency_code":"EUR","value":900}]`: true,
		` [ { "value" : "0.15" , "currency_code" : "USD" } ] `:                            true,
		`[{"currency_code":"USD","value":null}]`:                                          true,
		`[{"currency_code":"USD","value":""}]`:                                            true,
		`[{"currency_code":"USD"}]`:                                                       true,
		`[{"value":1e2}]`:                                                                 true,
		`[{}]`:                                                                            true,
		`[{"currency_code":"U\u0053D","value":1}]`:                                        false,
	}
	for _, s := range moneyFastSeeds {
		t.Run(s, func(t *testing.T) {
			requireFastMatchesStd(t, []byte(s))
			_, ok := amountsFast([]byte(s))
			assert.Equal(t, taken[s], ok, "fast path taken")
			// Money reads every seed as before: same amounts or an error
			// either way.
			var m Money
			mErr := m.UnmarshalJSON([]byte(s))
			var std []Amount
			stdErr := json.Unmarshal([]byte(s), &std)
			assert.Equal(t, stdErr == nil, mErr == nil, "%q: %v / %v", s, mErr, stdErr)
			if stdErr == nil {
				require.Len(t, m, len(std))
				for i := range std {
					assert.Equal(t, std[i].CurrencyCode, m[i].CurrencyCode)
					assert.Equal(t, std[i].Value.String(), m[i].Value.String())
				}
			}
		})
	}
}

func FuzzMoneyFastMatchesStd(f *testing.F) {
	for _, s := range moneyFastSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { requireFastMatchesStd(t, b) })
}

// decimalJSONBefore is Decimal.UnmarshalJSON as it was before its
// no-copy path: the reference the fast path is held to.
func decimalJSONBefore(d *Decimal, b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*d = Decimal{}
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		if len(b) >= 2 && b[len(b)-1] == '"' && bytes.IndexByte(b[1:len(b)-1], '\\') < 0 && bytes.IndexByte(b[1:len(b)-1], '"') < 0 {
			s = s[1 : len(s)-1]
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

var decimalJSONSeeds = []string{`1001.5`, `"1000.25"`, `" 12 "`, `""`, `"`, `" "`, `null`, `-0`, `1e3`, `"1e-3"`, `"a\"b"`, `"\u0031"`, `true`, `"abc"`, `123456789012345678901234567890.5`, ` 7 `, `"12`, `+.5`}

func requireDecimalJSONAsBefore(t *testing.T, b []byte) {
	var got, want Decimal
	gotErr, wantErr := got.UnmarshalJSON(b), decimalJSONBefore(&want, b)
	if wantErr != nil {
		require.Error(t, gotErr, "%q", b)
		assert.Equal(t, wantErr.Error(), gotErr.Error())
		return
	}
	require.NoError(t, gotErr, "%q", b)
	assert.Equal(t, want.String(), got.String(), "%q", b)
	assert.Zero(t, want.Cmp(got), "%q", b)
}

func TestDecimalJSONAsBefore(t *testing.T) {
	for _, s := range decimalJSONSeeds {
		t.Run(s, func(t *testing.T) { requireDecimalJSONAsBefore(t, []byte(s)) })
	}
	assert.Equal(t, "USD", currencyCode([]byte("USD")))
	assert.Equal(t, "CHF", currencyCode([]byte("CHF")))
}

func FuzzDecimalJSONAsBefore(f *testing.F) {
	for _, s := range decimalJSONSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { requireDecimalJSONAsBefore(t, b) })
}

// TestAuthHeaderAsSetAuthHeader holds the cached Authorization header to
// what oauth2.Token.SetAuthHeader writes, across token changes.
func TestAuthHeaderAsSetAuthHeader(t *testing.T) {
	c, err := NewClient(WithBaseURL("https://api.example.test"), WithToken("first"))
	require.NoError(t, err)
	for _, tok := range []*oauth2.Token{
		{AccessToken: "first", TokenType: "Bearer"},
		{AccessToken: "first", TokenType: "bearer"},
		{AccessToken: "second"},
		{AccessToken: "second", TokenType: "mac"},
		{AccessToken: "second", TokenType: "Bearer"},
	} {
		req, _ := http.NewRequest(http.MethodGet, "http://example.test/", nil)
		tok.SetAuthHeader(req)
		assert.Equal(t, req.Header["Authorization"], c.authHeader(tok), "%s %s", tok.TokenType, tok.AccessToken)
		assert.Equal(t, req.Header["Authorization"], c.authHeader(tok), "cached")
	}
}
