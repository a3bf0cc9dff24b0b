package byoa_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
)

// decodedMisfits are the values of testdata/model_decode_misfit.json that
// fit no documented form; "dwell_time" (a goal type the SDK does not list) is
// kept in its field, not reported.
var decodedMisfits = []adama.Misfit{
	{Field: "brain_type_id", Raw: json.RawMessage(`{}`)},
	{Field: "created_on", Raw: json.RawMessage(`"yesterday"`)},
	{Field: "Data[0].Beta", Raw: json.RawMessage(`[-0.69, "x"]`)},
}

// TestDecodedModelMisfitReportedAndWrittenBack: an ill-typed model (which
// failed whole before) decodes, names each misfit with its path and raw
// value, and its written form carries the raw values as they came. BYOA
// has no update of a record read (uploads and settings take their own
// input types), so the record's own form is where a value goes back.
func TestDecodedModelMisfitReportedAndWrittenBack(t *testing.T) {
	body, err := osReadFile("testdata/model_decode_misfit.json")
	require.NoError(t, err)
	m, err := byoa.DecodeModel(body)
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, "100001", m.Namespace)
	require.Len(t, m.Data, 1)
	assert.Equal(t, byoa.GoalType("dwell_time"), m.Data[0].GoalType)
	assert.InDelta(t, 0.04, m.Data[0].Features[0]["week_part^0"], 1e-12)
	assert.Zero(t, m.BrainTypeID)
	assert.Nil(t, m.CreatedOn)
	assertMisfits(t, decodedMisfits, m.Misfits())

	out, err := json.Marshal(m)
	require.NoError(t, err)
	var back map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(out, &back))
	assert.JSONEq(t, `{}`, string(back["brain_type_id"]))
	assert.JSONEq(t, `"yesterday"`, string(back["created_on"]))
	assert.JSONEq(t, `true`, string(back["future"]))
	assert.Contains(t, string(back["Data"]), `"Beta":[-0.69,"x"]`)

	m.BrainTypeID = 1003
	out, err = json.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"brain_type_id":1003`, "a set field replaces its kept value")
}

// TestDecodedModelMisfitStrict: over the fake platform, a lenient client
// gets the decoded model and its report, a strict one an error naming
// the field.
func TestDecodedModelMisfitStrict(t *testing.T) {
	f := newFixture(t)
	require.True(t, f.srv.BYOA().Models().Put(&byoa.Model{Namespace: "100001", ModelID: "odd-model", BrainTypeID: 1003, Data: "AAAA"}))
	f.srv.BYOA().SetDecoded(byoa.ModelKey{Namespace: "100001", ModelID: "odd-model"},
		json.RawMessage(`[{"Beta":[0.1,{}],"Boundaries":null,"Features":[{"__const":0.1}],"GoalType":"ctr","Predictions":null}]`))
	ctx := context.Background()
	m, err := f.c.Models.Decode(ctx, byoa.ModelKey{Namespace: "100001", ModelID: "odd-model"})
	require.NoError(t, err)
	assertMisfits(t, []adama.Misfit{{Field: "Data[0].Beta", Raw: json.RawMessage(`[0.1,{}]`)}}, m.Misfits())

	ac, err := f.srv.NewClient(adama.WithBYOAURL(f.host.URL), adama.WithStrictDecoding())
	require.NoError(t, err)
	_, err = byoa.New(ac).Models.Decode(ctx, byoa.ModelKey{Namespace: "100001", ModelID: "odd-model"})
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, adama.CodeMisfit, ae.Code)
	assert.Contains(t, ae.Error(), `Data[0].Beta: [0.1,{}]`)
}

// assertMisfits compares misfits by field and raw JSON value, in order.
func assertMisfits(t *testing.T, want, got []adama.Misfit) {
	t.Helper()
	require.Len(t, got, len(want), "%v", got)
	for i := range want {
		assert.Equal(t, want[i].Field, got[i].Field)
		assert.JSONEq(t, string(want[i].Raw), string(got[i].Raw), want[i].Field)
	}
}

// TestConfigurationMisfits: the bid router's configuration reports its
// own misfit and each executor's under the executor's name.
func TestConfigurationMisfits(t *testing.T) {
	var c byoa.Configuration
	require.NoError(t, json.Unmarshal([]byte(`{"emails":[1],"executors":{"bidder":{"executor_id":{},"endpoints":[]}}}`), &c))
	assertMisfits(t, []adama.Misfit{
		{Field: "emails", Raw: json.RawMessage(`[1]`)},
		{Field: "executors.bidder.executor_id", Raw: json.RawMessage(`{}`)},
	}, c.Misfits())
	out, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"emails":[1],"executors":{"bidder":{"executor_id":{},"endpoints":[]}}}`, string(out))
}
