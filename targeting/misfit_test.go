package targeting_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// attachmentMisfits are the values of testdata/attachment_misfit.json
// that fit no documented form; "MAYBE" (an unknown enum value) is kept in
// its field, not reported.
var attachmentMisfits = []adama.Misfit{
	{Field: "or_better", Raw: json.RawMessage(`"perhaps"`)},
	{Field: "target_id", Raw: json.RawMessage(`{}`)},
}

// TestAttachmentMisfitReportedAndKept: an ill-typed attachment decodes
// (it failed the whole record before), names each misfit with its raw
// value, and Modify sends neither a zero nor anything else for a misfit
// the caller left alone; a value the caller sets is sent.
func TestAttachmentMisfitReportedAndKept(t *testing.T) {
	defer gock.Off()
	body, err := os.ReadFile("testdata/attachment_misfit.json")
	require.NoError(t, err)
	tc := gockClient(t)
	expect("GET", "/api/v3.0/attachments/12").Times(2).Reply(200).BodyString(string(body))
	expect("POST", "/api/v3.0/attachments/12").MatchType("json").
		BodyString(`{"version":4,"operator":"AND"}`).Reply(200).BodyString(string(body))
	expect("GET", "/api/v3.0/attachments/12").Reply(200).BodyString(string(body))
	expect("POST", "/api/v3.0/attachments/12").MatchType("json").
		BodyString(`{"version":4,"target_id":8}`).Reply(200).BodyString(string(body))
	ctx := context.Background()

	a, err := tc.Attachments.Get(ctx, 12)
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, int64(332), a.StrategyID)
	assert.Equal(t, targeting.Restriction("MAYBE"), a.Restriction, "an unknown enum value is kept")
	assert.Zero(t, a.TargetID)
	assert.Equal(t, attachmentMisfits, a.Misfits())
	out, err := json.Marshal(a)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"target_id":{}`, "the record's own form writes the raw value back")
	assert.Contains(t, string(out), `"or_better":"perhaps"`)

	got, err := tc.Attachments.Modify(ctx, 12, func(a *targeting.Attachment) error { a.Operator = targeting.Operator("AND"); return nil })
	require.NoError(t, err)
	assert.Equal(t, attachmentMisfits, got.Misfits())
	_, err = tc.Attachments.Modify(ctx, 12, func(a *targeting.Attachment) error { a.TargetID = 8; return nil })
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

// TestAttachmentMisfitStrict: over the fake platform, a lenient client
// gets the record and the report, a strict one an error naming the field
// from Get, List and All; a Modify leaves the stored raw value as it was.
func TestAttachmentMisfitStrict(t *testing.T) {
	tc, srv := newClient(t)
	id := srv.Targeting().Attachments().AddRaw(map[string]any{
		"target_id": map[string]any{}, "strategy_id": 332, "restriction": "INCLUDE", "operator": "OR", "or_better": false})
	ctx := context.Background()

	a, err := tc.Attachments.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []adama.Misfit{{Field: "target_id", Raw: json.RawMessage(`{}`)}}, a.Misfits())
	_, err = tc.Attachments.Modify(ctx, id, func(a *targeting.Attachment) error { a.OrBetter = adama.Ptr(true); return nil })
	require.NoError(t, err)
	assert.Equal(t, map[string]any{}, srv.Targeting().Attachments().Raw(id)["target_id"], "the misfit is left as it was")

	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	strict := targeting.New(c)
	_, err = strict.Attachments.Get(ctx, id)
	assertStrictMisfit(t, err, "target_id: {}")
	_, err = strict.Attachments.List(ctx, nil)
	assertStrictMisfit(t, err, ".target_id: {}")
	for _, err := range strict.Attachments.All(ctx, nil) {
		assertStrictMisfit(t, err, "target_id")
		break
	}
}

// assertStrictMisfit checks the error of a strict call over a misfit.
func assertStrictMisfit(t *testing.T, err error, names string) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, adama.CodeMisfit, ae.Code)
	assert.Contains(t, ae.Error(), names)
}
