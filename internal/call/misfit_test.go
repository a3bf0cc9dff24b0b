package call

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
)

// oddRec is a record whose decoder keeps a value that fits no field, as
// the group records do through internal/record.
type oddRec struct {
	ID    int64                      `json:"id"`
	Extra map[string]json.RawMessage `json:"-"`
}

type oddAlias oddRec

var oddIdx = record.Index{"id": 0}

func (r *oddRec) UnmarshalJSON(b []byte) error {
	return record.DecodeInto(b, (*oddAlias)(r), oddIdx, &r.Extra)
}

func (r oddRec) Misfits() []adama.Misfit { return record.Misfits(r.Extra, oddIdx, "") }

func TestMisfitsOf(t *testing.T) {
	var one oddRec
	assert.NoError(t, json.Unmarshal([]byte(`{"id":{"x":1},"other":2}`), &one))
	assert.Equal(t, []adama.Misfit{{Field: "id", Raw: json.RawMessage(`{"x":1}`)}}, MisfitsOf(&one))

	var vals []oddRec
	assert.NoError(t, json.Unmarshal([]byte(`[{"id":1},{"id":"seven"}]`), &vals))
	assert.Equal(t, []adama.Misfit{{Field: "[1].id", Raw: json.RawMessage(`"seven"`)}}, MisfitsOf(&vals))

	ptrs := []*oddRec{nil, {Extra: map[string]json.RawMessage{"id": json.RawMessage(`[]`)}}}
	assert.Equal(t, []adama.Misfit{{Field: "[1].id", Raw: json.RawMessage(`[]`)}}, MisfitsOf(&ptrs))

	assert.Empty(t, MisfitsOf(&[]int{1}))
	var fine oddRec
	assert.NoError(t, json.Unmarshal([]byte(`{"id":"12"}`), &fine))
	assert.Equal(t, int64(12), fine.ID)
	assert.Empty(t, MisfitsOf(&fine))
}

func TestGroupStrict(t *testing.T) {
	var one oddRec
	assert.NoError(t, json.Unmarshal([]byte(`{"id":{"x":1}}`), &one))
	lenient, err := adama.NewClient(adama.WithBaseURL("https://api.example"))
	require.NoError(t, err)
	assert.NoError(t, (&Group{Client: lenient}).Strict(&Call{Path: "/x"}, &one))
	strict, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithStrictDecoding())
	require.NoError(t, err)
	g := &Group{Client: strict, Prefix: "/api/v1"}
	err = g.Strict(&Call{Path: "/x/7"}, &one)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	if assert.ErrorAs(t, err, &ae) {
		assert.Equal(t, "GET", ae.Method)
		assert.Equal(t, "/api/v1/x/7", ae.Path)
		assert.Equal(t, adama.CodeMisfit, ae.Code)
		assert.Contains(t, ae.Message, `id: {"x":1}`)
	}
	var fine oddRec
	assert.NoError(t, json.Unmarshal([]byte(`{"id":3}`), &fine))
	assert.NoError(t, g.Strict(&Call{Path: "/x/3"}, &fine))
}
