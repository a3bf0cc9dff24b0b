package record

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

type readKind string

// pair is a nested record for ReadRecord, decoded by encoding/json.
type pair struct {
	A int64 `json:"a"`
}

func decodePair(p *pair, b []byte) error { return json.Unmarshal(b, p) }

func TestReaders(t *testing.T) {
	type result struct {
		v  any
		ok bool
	}
	r := func(v any, ok bool) result { return result{v, ok} }
	cases := []struct {
		name string
		in   string
		got  func([]byte) result
		want result
	}{
		{"text", `"abc"`, func(b []byte) result { return r(ReadText(b)) }, r("abc", true)},
		{"text escaped", `"a\"\u00e9"`, func(b []byte) result { return r(ReadText(b)) }, r("a\"é", true)},
		{"text invalid UTF-8 repaired", "\"a\xffb\"", func(b []byte) result { return r(ReadText(b)) }, r("a\uFFFDb", true)},
		{"text from a bare number", `-1013.5e2`, func(b []byte) result { return r(ReadText(b)) }, r("-1013.5e2", true)},
		{"text null", `null`, func(b []byte) result { return r(ReadText(b)) }, r("", true)},
		{"text not from a boolean", `true`, func(b []byte) result { return r(ReadText(b)) }, r("", false)},
		{"text not from an object", `{}`, func(b []byte) result { return r(ReadText(b)) }, r("", false)},
		{"int", `-42`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(-42), true)},
		{"int from a string", `"9007199254740993"`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(9007199254740993), true)},
		{"int null", `null`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(0), true)},
		{"int not from a float", `1.5`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(0), false)},
		{"int not from an integral float (decoder decides)", `1e3`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(0), false)},
		{"int not from an empty string (decoder decides)", `""`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(0), false)},
		{"int overflow", `9223372036854775808`, func(b []byte) result { return r(ReadInt64(b)) }, r(int64(0), false)},
		{"bool", `true`, func(b []byte) result { return r(ReadBool(b)) }, r(true, true)},
		{"bool null", `null`, func(b []byte) result { return r(ReadBool(b)) }, r(false, true)},
		{"bool from a string", `"1"`, func(b []byte) result { return r(ReadBool(b)) }, r(true, true)},
		{"bool from a number", `0`, func(b []byte) result { return r(ReadBool(b)) }, r(false, true)},
		{"bool not from other text", `"maybe"`, func(b []byte) result { return r(ReadBool(b)) }, r(false, false)},
		{"enum unknown value kept", `"future"`, func(b []byte) result { return r(ReadEnum[readKind](b)) }, r(readKind("future"), true)},
		{"enum not from a list", `["a"]`, func(b []byte) result { return r(ReadEnum[readKind](b)) }, r(readKind(""), false)},
		{"ptr null", `null`, func(b []byte) result { return r(ReadPtr(b, ReadInt64)) }, r((*int64)(nil), true)},
		{"ptr value", `"7"`, func(b []byte) result { return r(ReadPtr(b, ReadInt64)) }, r(ptr(7), true)},
		{"ptr misfit", `"x"`, func(b []byte) result { return r(ReadPtr(b, ReadInt64)) }, r((*int64)(nil), false)},
		{"unmarshaler", `"1.50"`, func(b []byte) result { return r(ReadUnmarshaler[adama.Decimal](b)) }, r(decimal(t, "1.50"), true)},
		{"unmarshaler null", `null`, func(b []byte) result { return r(ReadUnmarshaler[adama.Decimal](b)) }, r((*adama.Decimal)(nil), true)},
		{"unmarshaler misfit", `"lots"`, func(b []byte) result { return r(ReadUnmarshaler[adama.Decimal](b)) }, r((*adama.Decimal)(nil), false)},
		{"record", `{"a":3}`, func(b []byte) result { return r(ReadRecord(b, decodePair)) }, r(&pair{A: 3}, true)},
		{"record null", `null`, func(b []byte) result { return r(ReadRecord(b, decodePair)) }, r((*pair)(nil), true)},
		{"record not from a list", `[]`, func(b []byte) result { return r(ReadRecord(b, decodePair)) }, r((*pair)(nil), false)},
		{"record its decoder refuses", `{"a":"x"}`, func(b []byte) result { return r(ReadRecord(b, decodePair)) }, r((*pair)(nil), false)},
		{"list", `[1, "2" ,3]`, func(b []byte) result { return r(ReadList(b, ReadInt64)) }, r([]int64{1, 2, 3}, true)},
		{"list empty is not nil", `[]`, func(b []byte) result { return r(ReadList(b, ReadInt64)) }, r([]int64{}, true)},
		{"list null is nil", `null`, func(b []byte) result { return r(ReadList(b, ReadInt64)) }, r([]int64(nil), true)},
		{"list not from an object", `{}`, func(b []byte) result { return r(ReadList(b, ReadInt64)) }, r([]int64(nil), false)},
		{"list with a misfit", `[1,"x"]`, func(b []byte) result { return r(ReadList(b, ReadInt64)) }, r(nil, false)},
		{"list of records", `[{"a":1},null]`, func(b []byte) result {
			return r(ReadList(b, func(e []byte) (*pair, bool) { return ReadRecord(e, decodePair) }))
		}, r([]*pair{{A: 1}, nil}, true)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.got([]byte(tc.in))
			assert.Equal(t, tc.want.ok, got.ok)
			if tc.want.ok {
				assert.Equal(t, tc.want.v, got.v)
			}
		})
	}
}

func decimal(t *testing.T, s string) *adama.Decimal {
	t.Helper()
	d, err := adama.ParseDecimal(s)
	require.NoError(t, err)
	return &d
}

func TestKeepUnknown(t *testing.T) {
	fields := []string{"id", "name"}
	cases := []struct {
		name string
		key  string
		ok   bool
	}{
		{"unknown kept", "future", true},
		{"a field's name in another case is for the decoder", "ID", false},
		{"a key that is not UTF-8 is for the decoder", "na\xffme", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var extra map[string]json.RawMessage
			v := []byte(`{"a":1}`)
			ok := KeepUnknown(&extra, []byte(tc.key), v, fields...)
			assert.Equal(t, tc.ok, ok)
			if !tc.ok {
				assert.Nil(t, extra)
				return
			}
			assert.Equal(t, map[string]json.RawMessage{tc.key: json.RawMessage(`{"a":1}`)}, extra)
			v[1] = 'X'
			assert.JSONEq(t, `{"a":1}`, string(extra[tc.key]), "the value is copied")
		})
	}
}

func TestMisfitPath(t *testing.T) {
	for _, tc := range []struct{ prefix, name, want string }{
		{"", "root", "root"},
		{"taxonomy", "children[0]", "taxonomy.children[0]"},
		{"taxonomy.children[0]", "uniques", "taxonomy.children[0].uniques"},
	} {
		assert.Equal(t, tc.want, MisfitPath(tc.prefix, tc.name))
	}
}

// FuzzReaders: on any valid JSON value, each reader gives what
// encoding/json gives wherever encoding/json accepts the value, and
// where it reads a form encoding/json does not (a number as a string,
// text as a bare number) it agrees with the record decoder it stands in
// for (decodeValue, as DecodeInto reads a field).
func FuzzReaders(f *testing.F) {
	for _, s := range []string{
		`"abc"`, `"a\"\u00e9"`, "\"a\xffb\"", `12`, `-1.5e3`, `null`, `true`, `false`,
		`"12"`, `"-0"`, `" 1"`, `""`, `"1"`, `"yes"`, `0`, `{}`, `{"a":"2"}`, `{"A":1}`,
		`[1,"2",null]`, `[]`, `[{"a":1},null]`, `"1.50"`, `9223372036854775808`, `[true]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		b = bytes.TrimSpace(b)
		if !json.Valid(b) {
			return // the readers are handed valid values only
		}
		check(t, b, ReadText)
		check(t, b, ReadEnum[readKind])
		check(t, b, ReadInt64)
		check(t, b, ReadBool)
		check(t, b, func(v []byte) (*int64, bool) { return ReadPtr(v, ReadInt64) })
		check(t, b, func(v []byte) (*string, bool) { return ReadPtr(v, ReadText) })
		check(t, b, ReadUnmarshaler[adama.Decimal])
		check(t, b, ReadUnmarshaler[adama.Time])
		check(t, b, func(v []byte) (*pair, bool) { return ReadRecord(v, decodePair) })
		check(t, b, func(v []byte) ([]int64, bool) { return ReadList(v, ReadInt64) })
		check(t, b, func(v []byte) ([]string, bool) { return ReadList(v, ReadText) })
		check(t, b, func(v []byte) ([]*bool, bool) {
			return ReadList(v, func(e []byte) (*bool, bool) { return ReadPtr(e, ReadBool) })
		})
	})
}

// check compares read(b) with encoding/json and with decodeValue.
func check[T any](t *testing.T, b []byte, read func([]byte) (T, bool)) {
	t.Helper()
	got, ok := read(b)
	var std T
	if json.Unmarshal(b, &std) == nil {
		require.True(t, ok, "%T refused %s, which encoding/json reads", got, b)
		require.Equal(t, std, got, "%T of %s", got, b)
	}
	if !ok {
		return
	}
	var rec T
	require.NoError(t, decodeValue(reflect.ValueOf(&rec).Elem(), b, false), "%T of %s: the record decoder refuses what the reader read", got, b)
	require.Equal(t, rec, got, "%T of %s: the reader and the record decoder differ", got, b)
}
