package jsonscan

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMembers(t *testing.T) {
	b := []byte(` { "a" : 1, "b\"q":"x,}", "c":{"d":[1,{"e":"]"}]}, "f":null ,"g":-1.5e3,"h":[]} `)
	var keys, vals []string
	require.NoError(t, Members(b, func(k, v []byte) bool {
		keys = append(keys, string(k))
		vals = append(vals, string(v))
		return true
	}))
	assert.Equal(t, []string{"a", `b"q`, "c", "f", "g", "h"}, keys)
	assert.Equal(t, []string{"1", `"x,}"`, `{"d":[1,{"e":"]"}]}`, "null", "-1.5e3", "[]"}, vals)
	require.NoError(t, Members([]byte(`{}`), func(_, _ []byte) bool { t.Fatal("no members"); return true }))
	for _, bad := range []string{``, `[]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":"x`, `{"a":{"b":1}`, `{"a":1 "b":2}`} {
		assert.ErrorIs(t, Members([]byte(bad), func(_, _ []byte) bool { return true }), ErrSyntax, bad)
	}
}

func FuzzMembers(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":"x","c":{"d":[1,2]}}`))
	f.Add([]byte(`{"version":"0","bid_aggressiveness":"50.00","spend_cap_amount":[{"currency_code":"USD","value":10}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		n := 0
		err := Members(b, func(k, v []byte) bool {
			n++
			if len(v) == 0 {
				t.Fatalf("empty value for %q", k)
			}
			return true
		})
		var m map[string]json.RawMessage
		if json.Unmarshal(b, &m) == nil && err != nil {
			t.Fatalf("valid object refused: %v", err)
		}
	})
}
