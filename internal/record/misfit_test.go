package record

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// leaf and tree are records as the groups write them: a method-less alias
// decoded by DecodeKeepingInto, Misfits through Report.
type leaf struct {
	ID    int64                      `json:"id"`
	Extra map[string]json.RawMessage `json:"-"`
}

type leafAlias leaf

var leafIdx = IndexOf(reflect.TypeFor[leafAlias]())

func (l *leaf) UnmarshalJSON(b []byte) error {
	return DecodeKeepingInto(b, (*leafAlias)(l), leafIdx, &l.Extra)
}

func (l *leaf) Misfits() []adama.Misfit { return Report(l, leafIdx, l.Extra) }

type tree struct {
	Name   string                     `json:"name"`
	Source *leaf                      `json:"supply_source"`
	Items  []leaf                     `json:"flights"`
	ByID   map[string]*leaf           `json:"by_id"`
	Extra  map[string]json.RawMessage `json:"-"`
}

type treeAlias tree

var treeIdx = IndexOf(reflect.TypeFor[treeAlias]())

func (t *tree) UnmarshalJSON(b []byte) error {
	return DecodeKeepingInto(b, (*treeAlias)(t), treeIdx, &t.Extra)
}

func (t *tree) Misfits() []adama.Misfit { return Report(t, treeIdx, t.Extra) }

func TestDecodeKeeping(t *testing.T) {
	idx := IndexOf(reflect.TypeFor[urec]())
	cases := []struct {
		name  string
		in    string
		want  urec
		extra map[string]json.RawMessage
	}{
		{"every strict form read", `{"n":"7","opt":"","s":true}`, urec{N: 7, S: "true"}, nil},
		{"misfits kept, not failed", `{"n":1.5,"s":{"a":1},"opt":"x"}`, urec{},
			map[string]json.RawMessage{"n": json.RawMessage(`1.5`), "s": json.RawMessage(`{"a":1}`), "opt": json.RawMessage(`"x"`)}},
		{"unknown kept beside a fit", `{"n":2,"later":[1]}`, urec{N: 2}, map[string]json.RawMessage{"later": json.RawMessage(`[1]`)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r urec
			extra, err := DecodeKeeping([]byte(tc.in), &r, idx)
			require.NoError(t, err)
			assert.Equal(t, tc.want, r)
			assert.Equal(t, tc.extra, extra)
		})
	}
	_, err := DecodeKeeping([]byte(`[1]`), &urec{}, idx)
	assert.Error(t, err, "a body that is not an object still fails")
}

func TestReportNamesNestedPaths(t *testing.T) {
	body := `{"name":{"x":1},"supply_source":{"id":{}},"flights":[{"id":1},{"id":"two"}],"by_id":{"b":{"id":[]},"a":null},"future":1}`
	var tr tree
	require.NoError(t, json.Unmarshal([]byte(body), &tr))
	assert.Equal(t, []adama.Misfit{
		{Field: "name", Raw: json.RawMessage(`{"x":1}`)},
		{Field: "by_id.b.id", Raw: json.RawMessage(`[]`)},
		{Field: "flights[1].id", Raw: json.RawMessage(`"two"`)},
		{Field: "supply_source.id", Raw: json.RawMessage(`{}`)},
	}, tr.Misfits())
	assert.Equal(t, int64(1), tr.Items[0].ID, "the list's fitting item decodes")

	// The nested raw values go back as they came.
	out, err := json.Marshal(treeAlias(tr))
	require.NoError(t, err)
	src, err := EncodeObject(*tr.Source, tr.Source.Extra)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":{}}`, string(src))
	assert.Contains(t, string(out), `"name":""`, "the alias alone writes the zero; EncodeObject puts the raw value back")

	var fine tree
	require.NoError(t, json.Unmarshal([]byte(`{"name":"n","flights":[{"id":"3"}]}`), &fine))
	assert.Empty(t, fine.Misfits())
	assert.Empty(t, Nested(nil, "x"))
	assert.Equal(t, []adama.Misfit{{Field: "list[1].id", Raw: json.RawMessage(`"two"`)}}, Nested(tr.Items, "list"))
	assert.Equal(t, []adama.Misfit{{Field: "[1].id", Raw: json.RawMessage(`"two"`)}}, Nested(tr.Items, ""))
	assert.Equal(t, []adama.Misfit{{Field: "b.id", Raw: json.RawMessage(`[]`)}}, Nested(tr.ByID, ""))
}
