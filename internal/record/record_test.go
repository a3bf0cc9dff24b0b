package record

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type rec struct {
	ID     int64    `json:"id"`
	Name   string   `json:"name"`
	On     bool     `json:"on"`
	Rate   float64  `json:"rate"`
	IDs    []int64  `json:"ids"`
	Opt    *int64   `json:"opt,omitempty"`
	Code   string   `json:"code"`
	Hidden string   `json:"-"`
	Tags   []string `json:"tags,omitempty"`
}

var recIdx = IndexOf(reflect.TypeFor[rec]())

func TestDecodeObject(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		want  rec
		extra []string
	}{
		{"fits", `{"id":1,"name":"a","on":true,"rate":0.5,"ids":[1,2],"code":"x"}`, rec{ID: 1, Name: "a", On: true, Rate: 0.5, IDs: []int64{1, 2}, Code: "x"}, nil},
		{"strings for numbers and booleans", `{"id":"7","on":"1","rate":"0.25","ids":["3",4],"opt":"9"}`, rec{ID: 7, On: true, Rate: 0.25, IDs: []int64{3, 4}, Opt: ptr(9)}, nil},
		{"number for text", `{"code":1013003}`, rec{Code: "1013003"}, nil},
		{"unknown kept", `{"id":1,"future":{"a":1}}`, rec{ID: 1}, []string{"future"}},
		{"misfit kept", `{"id":"many","name":"n"}`, rec{Name: "n"}, []string{"id"}},
		{"case-folded name is unknown", `{"ID":5,"id":1}`, rec{ID: 1}, []string{"ID"}},
		{"hidden field is unknown", `{"Hidden":"h"}`, rec{}, []string{"Hidden"}},
		// A repeated property is read again in the body's order, as
		// encoding/json reads a struct (the generated one-pass decoders do
		// the same): null leaves a value field as it was and clears a
		// pointer; a later value that fits replaces an earlier misfit.
		{"null after a lenient form keeps the value", `{"id":"1","id":null}`, rec{ID: 1}, nil},
		{"null clears a pointer", `{"opt":"9","opt":null}`, rec{}, nil},
		{"a later fit replaces a misfit", `{"id":"many","id":"2"}`, rec{ID: 2}, nil},
		{"a later misfit replaces a fit", `{"id":"2","id":"many"}`, rec{}, []string{"id"}},
		{"escaped key", `{"\u0069d":"3"}`, rec{ID: 3}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r rec
			extra, err := DecodeObject([]byte(tc.in), &r, recIdx)
			require.NoError(t, err)
			assert.Equal(t, tc.want, r)
			var keys []string
			for k := range extra {
				keys = append(keys, k)
			}
			assert.ElementsMatch(t, tc.extra, keys)
		})
	}
	for _, bad := range []string{`null`, `[]`, `"x"`, `{`} {
		var r rec
		_, err := DecodeObject([]byte(bad), &r, recIdx)
		assert.Error(t, err, bad)
	}
}

func ptr(n int64) *int64 { return &n }

func TestEncodeObjectAndDiff(t *testing.T) {
	b, err := EncodeObject(rec{ID: 1, Name: "a"}, map[string]json.RawMessage{"zz": json.RawMessage(`[1, 2]`), "name": json.RawMessage(`"shadowed"`), "bad": json.RawMessage(`{`)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":1,"name":"a","on":false,"rate":0,"ids":null,"code":"","zz":[1,2],"bad":null}`, string(b))

	before := ToMap([]byte(`{"a":1,"b":{"x":1,"y":2},"c":"gone"}`))
	now := ToMap([]byte(`{"a":1,"b":{"y":2,"x":1},"d":true}`))
	assert.Equal(t, map[string]json.RawMessage{"c": json.RawMessage("null"), "d": json.RawMessage("true")}, Diff(before, now))
	assert.Empty(t, ToMap([]byte(`nonsense`)))
}

type urec struct {
	N   uint32 `json:"n"`
	Opt *int64 `json:"opt"`
	S   string `json:"s"`
}

func TestDecodeStrict(t *testing.T) {
	idx := IndexOf(reflect.TypeFor[urec]())
	cases := []struct {
		name    string
		in      string
		want    urec
		wantErr string
	}{
		{"unsigned from a string", `{"n":"7"}`, urec{N: 7}, ""},
		{"integral float for an integer", `{"n":12.0,"opt":"1e3"}`, urec{N: 12, Opt: ptr(1000)}, ""},
		{"empty string for a number is absent", `{"opt":"","n":" "}`, urec{}, ""},
		{"bare boolean for text", `{"s":true}`, urec{S: "true"}, ""},
		{"fraction for an integer fails", `{"n":1.5}`, urec{}, "field n"},
		{"negative for unsigned fails", `{"n":-1}`, urec{}, "field n"},
		{"out of range fails", `{"n":"4294967296"}`, urec{}, "field n"},
		{"object for text fails", `{"s":{"a":1}}`, urec{}, "field s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r urec
			_, err := DecodeStrict([]byte(tc.in), &r, idx)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, r)
		})
	}
	// The lenient reader keeps what the strict one refuses.
	var r urec
	extra, err := DecodeObject([]byte(`{"n":1.5,"s":true}`), &r, idx)
	require.NoError(t, err)
	assert.Equal(t, urec{}, r)
	assert.Equal(t, map[string]json.RawMessage{"n": json.RawMessage(`1.5`), "s": json.RawMessage(`true`)}, extra)
}

func TestDecodeValue(t *testing.T) {
	var n int
	require.NoError(t, DecodeValue(json.RawMessage(` "42" `), &n))
	assert.Equal(t, 42, n)
	var b bool
	require.NoError(t, DecodeValue(json.RawMessage(`"yes"`), &b))
	assert.True(t, b)
	assert.Error(t, DecodeValue(json.RawMessage(`"many"`), &n))
}

func TestEncodeObjectWritesKeptValueBack(t *testing.T) {
	cases := []struct {
		name string
		in   string
		set  func(*rec)
		want string
	}{
		{"misfit goes back as it came", `{"id":"many","name":"n"}`, nil,
			`{"id":"many","name":"n","on":false,"rate":0,"ids":null,"code":""}`},
		{"a field the caller set wins", `{"id":"many","name":"n"}`, func(r *rec) { r.ID = 5 },
			`{"id":5,"name":"n","on":false,"rate":0,"ids":null,"code":""}`},
		{"a case-folded property is not repeated", `{"ID":5,"id":1}`, nil,
			`{"id":1,"name":"","on":false,"rate":0,"ids":null,"code":""}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r rec
			extra, err := DecodeObject([]byte(tc.in), &r, recIdx)
			require.NoError(t, err)
			if tc.set != nil {
				tc.set(&r)
			}
			b, err := EncodeObject(r, extra)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(b))
		})
	}
}

func TestClone(t *testing.T) {
	assert.Nil(t, Clone(nil))
	m := map[string]json.RawMessage{"a": json.RawMessage(`[1]`)}
	c := Clone(m)
	assert.Equal(t, m, c)
	c["a"][1] = '2'
	assert.Equal(t, `[1]`, string(m["a"]))
}

func TestDecodeObjectRepairsKeysLikeEncodingJSON(t *testing.T) {
	var r rec
	extra, err := DecodeObject([]byte("{\"\xcf\":0,\"id\":1}"), &r, recIdx)
	require.NoError(t, err)
	assert.Equal(t, int64(1), r.ID)
	assert.Equal(t, map[string]json.RawMessage{"\ufffd": json.RawMessage("0")}, extra)
}

func TestEncodeObjectOneValueBackPerField(t *testing.T) {
	// Both "id" (a misfit) and "ID" are kept; only the exact name goes
	// back in place of the zero field, whatever the map order.
	for range 20 {
		var r rec
		extra, err := DecodeObject([]byte(`{"id":"78Y","ID":72901}`), &r, recIdx)
		require.NoError(t, err)
		b, err := EncodeObject(r, extra)
		require.NoError(t, err)
		assert.JSONEq(t, `{"id":"78Y","name":"","on":false,"rate":0,"ids":null,"code":""}`, string(b))
	}
}
