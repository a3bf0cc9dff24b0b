package qlang_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

// field:null and field:!null, beside the spec's operators (the platform
// accepts them; issue 8, fact 8).
func TestNullOperators(t *testing.T) {
	tests := []struct {
		name string
		q    *qlang.Query
		raw  string
	}{
		{"is null", new(qlang.Query).IsNull("end_date"), "end_date:null"},
		{"not null", new(qlang.Query).NotNull("end_date"), "end_date:!null"},
		{"through Where", qlang.Where("a.b", qlang.IsNull, nil).And("c", qlang.NotNull, nil), "a.b:null&c:!null"},
		{"beside others", qlang.Where("status", qlang.Eq, 1).IsNull("budget").IDs(4), "status==1&budget:null&(4)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, tt.q.Validate())
			assert.Equal(t, tt.raw, tt.q.String())
			back, err := qlang.Parse(tt.raw)
			require.NoError(t, err)
			assert.Equal(t, tt.q, back)
		})
	}
}

func TestNullParseErrors(t *testing.T) {
	for _, s := range []string{"a:null1", "a:!nullx", "a:nul", "a:", ":null"} {
		_, err := qlang.Parse(s)
		assert.Error(t, err, s)
	}
}

// A value may hold "&" (and "%"): String writes them as %26 and %25, so
// the platform, which splits the terms at "&" and then decodes each
// value, reads the value back whole.
func TestValueWithAmpersand(t *testing.T) {
	tests := []struct {
		value, raw string
	}{
		{"Smith & Sons", "name==Smith %26 Sons"},
		{"50%", "name==50%25"},
		{"a&b%26c", "name==a%26b%2526c"},
		{"%zz", "name==%25zz"},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			q := qlang.Where("name", qlang.Eq, tt.value).Eq("status", 1)
			require.NoError(t, q.Validate())
			assert.Equal(t, tt.raw+"&status==1", q.String())
			back, err := qlang.Parse(q.String())
			require.NoError(t, err)
			assert.Equal(t, q, back)
			assert.True(t, qmatch.Match(back, qmatch.MapRecord{Fields: map[string]string{"name": tt.value, "status": "1"}}))

			vals, err := q.Values()
			require.NoError(t, err)
			parsed, err := url.ParseQuery(vals.Encode())
			require.NoError(t, err)
			require.Equal(t, q.String(), parsed.Get("q"), "one q parameter after the query string is decoded")
		})
	}
}

// Parse reads a value a caller encoded by hand; a "%" that starts no
// escape stays as it is.
func TestParseDecodesValues(t *testing.T) {
	tests := map[string]string{
		"name==%41cme": "Acme",
		"name==100%":   "100%",
		"name==%4":     "%4",
		"name==a%2Bb":  "a+b",
	}
	for raw, want := range tests {
		q, err := qlang.Parse(raw)
		require.NoError(t, err, raw)
		assert.Equal(t, want, q.Terms[0].(qlang.Predicate).Value, raw)
	}
	_, err := qlang.Parse("name==%ff")
	assert.Error(t, err, "a value that decodes to invalid UTF-8")
}
