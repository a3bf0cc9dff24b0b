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
