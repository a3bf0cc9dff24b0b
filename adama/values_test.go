package adama_test

import (
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

func TestDecimal(t *testing.T) {
	tests := []struct{ in, want string }{
		{"12.50", "12.5"}, {"0", "0"}, {"-0.00", "0"}, {"1e3", "1000"}, {"1.5E-2", "0.015"},
		{"007", "7"}, {"+3.10", "3.1"}, {"-12.345", "-12.345"}, {".5", "0.5"}, {"5.", "5"},
		{"0.1", "0.1"}, {"123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"},
	}
	for _, tt := range tests {
		d, err := adama.ParseDecimal(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, d.String(), tt.in)
	}
	for _, bad := range []string{"", "abc", "1.2.3", "1e", "--1", "1e999", ".", "1,5"} {
		_, err := adama.ParseDecimal(bad)
		assert.Error(t, err, bad)
	}
	a, b := adama.MustDecimal("0.1"), adama.MustDecimal("0.2")
	assert.Equal(t, "0.3", a.Add(b).String(), "exact, no float drift")
	assert.Equal(t, "-0.1", a.Sub(b).String())
	assert.Equal(t, -1, a.Cmp(b))
	assert.Equal(t, "12.50", adama.MustDecimal("12.5").StringFixed(2))
}

func TestMoneyJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want adama.Money
	}{
		{"array of numbers", `[{"currency_code":"USD","value":12.5},{"currency_code":"EUR","value":11}]`,
			adama.Money{{CurrencyCode: "USD", Value: adama.MustDecimal("12.5")}, {CurrencyCode: "EUR", Value: adama.MustDecimal("11")}}},
		{"array of strings", `[{"currency_code":"USD","value":"0.10"}]`, adama.Money{{CurrencyCode: "USD", Value: adama.MustDecimal("0.1")}}},
		{"scalar number", `100`, adama.Money{{Value: adama.MustDecimal("100")}}},
		{"scalar string", `"7.25"`, adama.Money{{Value: adama.MustDecimal("7.25")}}},
		{"single object", `{"currency_code":"GBP","value":1}`, adama.Money{{CurrencyCode: "GBP", Value: adama.MustDecimal("1")}}},
		{"null", `null`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m adama.Money
			require.NoError(t, json.Unmarshal([]byte(tt.in), &m))
			assert.Equal(t, tt.want, m)
		})
	}
	m := adama.Money{{CurrencyCode: "USD", Value: adama.MustDecimal("0.1")}, {CurrencyCode: "JPY", Value: adama.MustDecimal("15")}}
	out, err := json.Marshal(m)
	require.NoError(t, err)
	assert.JSONEq(t, `[{"currency_code":"USD","value":0.1},{"currency_code":"JPY","value":15}]`, string(out))
	v, ok := m.Get("JPY")
	assert.True(t, ok)
	assert.Equal(t, "15", v.String())
	form := url.Values{}
	require.NoError(t, m.EncodeValues("budget", &form))
	assert.Equal(t, "0.1", form.Get("budget"), "a scalar is sent on input")
	var bad adama.Money
	assert.Error(t, json.Unmarshal([]byte(`[{"currency_code":"USD","value":"ten"}]`), &bad))
}

func TestTimeForms(t *testing.T) {
	want := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, in := range []string{
		"2026-03-04T05:06:07+0000", "2026-03-04T05:06:07+00:00", "2026-03-04T05:06:07Z",
		"2026-03-04T05:06:07", "2026-03-04 05:06:07+00", "2026-03-04T07:06:07+0200",
	} {
		var got adama.Time
		require.NoError(t, got.UnmarshalText([]byte(in)), in)
		assert.True(t, want.Equal(got.Time), "%s -> %s", in, got)
	}
	var got adama.Time
	require.NoError(t, got.UnmarshalText([]byte("2026-03-04 05:06:07.123456+00")))
	assert.Equal(t, 123456000, got.Nanosecond())
	assert.Error(t, got.UnmarshalText([]byte("04/03/2026")))

	tm := adama.NewTime(want)
	b, err := json.Marshal(tm)
	require.NoError(t, err)
	assert.Equal(t, `"2026-03-04T05:06:07+0000"`, string(b))
	var back adama.Time
	require.NoError(t, json.Unmarshal(b, &back))
	assert.True(t, want.Equal(back.Time))
	require.NoError(t, json.Unmarshal([]byte(`""`), &back))
	assert.True(t, back.IsZero())
	v := url.Values{}
	require.NoError(t, tm.EncodeValues("start_date", &v))
	assert.Equal(t, "2026-03-04T05:06:07+0000", v.Get("start_date"))
}

func TestBoolForms(t *testing.T) {
	for in, want := range map[string]bool{
		`true`: true, `false`: false, `1`: true, `0`: false, `"on"`: true, `"off"`: false,
		`"1"`: true, `"0"`: false, `"TRUE"`: true, `"false"`: false, `null`: false,
	} {
		var b adama.Bool
		require.NoError(t, json.Unmarshal([]byte(in), &b), in)
		assert.Equal(t, want, bool(b), in)
	}
	var b adama.Bool
	assert.Error(t, json.Unmarshal([]byte(`"maybe"`), &b))
	v := url.Values{}
	require.NoError(t, adama.BoolPtr(false).EncodeValues("status", &v))
	assert.Equal(t, "0", v.Get("status"), "false is sent on purpose")
	out, _ := json.Marshal(adama.Bool(true))
	assert.Equal(t, "true", string(out))
}

func TestNewClientOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opts []adama.Option
		want string
	}{
		{"no base URL", nil, "base URL is required"},
		{"relative base URL", []adama.Option{adama.WithBaseURL("/api")}, "absolute"},
		{"ftp auth URL", []adama.Option{adama.WithBaseURL("https://x"), adama.WithAuthURL("ftp://x")}, "auth URL"},
		{"nil http client", []adama.Option{adama.WithBaseURL("https://x"), adama.WithHTTPClient(nil)}, "nil client"},
		{"negative retries", []adama.Option{adama.WithBaseURL("https://x"), adama.WithMaxRetries(-1)}, "between 0 and 20"},
		{"bad retry waits", []adama.Option{adama.WithBaseURL("https://x"), adama.WithRetry(adama.RetryPolicy{MinWait: time.Second, MaxWait: time.Millisecond})}, "below MinWait"},
		{"empty client secret", []adama.Option{adama.WithBaseURL("https://x"), adama.WithClientCredentials("id", "", "aud")}, "client_secret: required"},
		{"two token options", []adama.Option{adama.WithBaseURL("https://x"), adama.WithToken("t"), adama.WithToken("u")}, "give one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := adama.NewClient(tt.opts...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example/"), adama.WithToken("t"))
	require.NoError(t, err)
	assert.Equal(t, "https://api.example", c.BaseURL())
	assert.Empty(t, c.AuthURL(), "auth URL has no default")
}

func TestWithEnv(t *testing.T) {
	t.Setenv(adama.EnvBaseURL, "https://api.example")
	t.Setenv(adama.EnvAuthURL, "https://auth.example")
	t.Setenv(adama.EnvClientID, "id")
	t.Setenv(adama.EnvClientSecret, "secret")
	c, err := adama.NewClient(adama.WithEnv())
	require.NoError(t, err)
	assert.Equal(t, "https://auth.example", c.AuthURL())
}

func TestMoneyKeepsEveryCurrency(t *testing.T) {
	in := `[{"currency_code":"USD","value":"123456789012345678901234567890.10"},{"currency_code":"EUR","value":11.25},{"currency_code":"JPY","value":"1500"}]`
	var m adama.Money
	require.NoError(t, json.Unmarshal([]byte(in), &m))
	require.Len(t, m, 3)
	usd, ok := m.Get("USD")
	require.True(t, ok)
	assert.Equal(t, "123456789012345678901234567890.1", usd.String())
	out, err := json.Marshal(m)
	require.NoError(t, err)
	assert.JSONEq(t, `[{"currency_code":"USD","value":123456789012345678901234567890.1},{"currency_code":"EUR","value":11.25},{"currency_code":"JPY","value":1500}]`, string(out))
	total := adama.SumDecimals(m[0].Value, usd.Neg(), adama.MustDecimal("0.10"))
	assert.Equal(t, "0.1", total.String())
}
