package jsonscan

import (
	"bytes"
	"encoding/json"
	"strings"
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

func TestMembersStrictKeys(t *testing.T) {
	for _, tt := range []struct {
		in   string
		key  string
		fail bool
	}{
		{in: `{"d\u0061ta":1}`, key: "data"},
		{in: `{"a\/b":1}`, key: "a/b"},
		{in: `{"\x41":1}`, fail: true},
		{in: `{"\101":1}`, fail: true},
		{in: "{\"a\tb\":1}", fail: true},
		{in: `{"\u00zz":1}`, fail: true},
	} {
		var keys []string
		err := Members([]byte(tt.in), func(k, _ []byte) bool { keys = append(keys, string(k)); return true })
		if tt.fail {
			assert.ErrorIs(t, err, ErrSyntax, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, []string{tt.key}, keys, tt.in)
	}
}

func TestValid(t *testing.T) {
	for _, s := range []string{
		`1`, `-0`, `0.5`, `-1.5e3`, `1E+2`, `1e-2`, `"a\"b\\\/\b\f\n\r\t\u00e9"`, "\"\xff\"",
		`true`, `false`, `null`, `[]`, `{}`, ` [ 1 , { "a" : [ ] } ] `, `{"a":{"b":[null,true]}}`,
	} {
		assert.True(t, Valid([]byte(s)), s)
		assert.True(t, json.Valid([]byte(s)), s)
	}
	for _, s := range []string{
		``, ` `, `01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `0x1`, `tru`, `nul`, `True`, `"a`, "\"a\nb\"",
		`"\x41"`, `"\u12"`, `[1,]`, `[1 2]`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{"a":}`, `[`, `]`, `1 2`, `{"a":1}}`,
	} {
		assert.False(t, Valid([]byte(s)), s)
		assert.False(t, json.Valid([]byte(s)), s)
	}
	deep := []byte(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth))
	assert.True(t, Valid(deep))
	deeper := []byte(strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1))
	assert.False(t, Valid(deeper))
}

func TestElements(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
		fail bool
	}{
		{in: `[]`, want: nil},
		{in: ` [ ] `, want: nil},
		{in: `[{"a":1}, null ,"x",[1,[2]],-3e2,true]`, want: []string{`{"a":1}`, `null`, `"x"`, `[1,[2]]`, `-3e2`, `true`}},
		{in: "[\n {\"s\":\"]\"}\n]\n", want: []string{`{"s":"]"}`}},
		{in: `[1,]`, want: []string{"1"}, fail: true},
		{in: `[1 2]`, want: []string{"1"}, fail: true},
		{in: `[{"a":01}]`, fail: true},
		{in: `[1] x`, want: []string{"1"}, fail: true},
		{in: `{}`, fail: true},
		{in: `[`, fail: true},
		{in: ``, fail: true},
	} {
		var got []string
		err := Elements([]byte(tt.in), func(e []byte) bool { got = append(got, string(e)); return true })
		if tt.fail {
			assert.ErrorIs(t, err, ErrNotArray, tt.in)
		} else {
			assert.NoError(t, err, tt.in)
		}
		assert.Equal(t, tt.want, got, tt.in)
	}
	n := 0
	require.NoError(t, Elements([]byte(`[1,2,3]`), func([]byte) bool { n++; return n < 2 }))
	assert.Equal(t, 2, n, "stops when fn returns false")
}

// maxNesting is the deepest bracket nesting of b, strings skipped.
func maxNesting(b []byte) int {
	depth, most, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == '[' || c == '{'):
			depth++
			most = max(most, depth)
		case !in && (c == ']' || c == '}'):
			depth--
		}
	}
	return most
}

func FuzzValid(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e+3,"x\u00e9\n",true,false,null,{}]}`, `01`, `"\x41"`, `[1,]`, "\"\x01\"", `1e`, ` 1 `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, want := Valid(b), json.Valid(b)
		if got && !want {
			t.Fatalf("Valid accepts what encoding/json refuses: %q", b)
		}
		if !got && want && maxNesting(b) <= MaxDepth {
			t.Fatalf("Valid refuses what encoding/json accepts: %q", b)
		}
	})
}

func FuzzElements(f *testing.F) {
	for _, s := range []string{`[{"id":1,"name":"a"},null,{"id":"2"}]`, `[]`, `[1,]`, `[{"a":01}]`, `[1] x`, ` [ "]" , [ ] ] `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var got []json.RawMessage
		err := Elements(b, func(e []byte) bool {
			if !json.Valid(e) {
				t.Fatalf("element %q is not valid JSON", e)
			}
			got = append(got, append(json.RawMessage(nil), e...))
			return true
		})
		var want []json.RawMessage
		werr := json.Unmarshal(b, &want)
		if err == nil {
			require.NoError(t, werr, "Elements accepts what encoding/json refuses")
			if len(want) == 0 {
				want = nil
			}
			require.Equal(t, want, got)
			return
		}
		if werr == nil && len(bytes.TrimSpace(b)) > 0 && bytes.TrimSpace(b)[0] == '[' && maxNesting(b) < MaxDepth {
			t.Fatalf("Elements refuses a valid array: %q: %v", b, err)
		}
	})
}
