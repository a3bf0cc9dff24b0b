package firehose_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

// permissionsMisfits are the entries of testdata/permissions_misfit.json
// whose value is neither a string nor a list.
var permissionsMisfits = map[string]string{
	"EDIT.DropZeroUID":               `{"until":"2026-12-01"}`,
	"EDIT.SampleSettings.SampleRate": `7`,
	"POST.Filter":                    `true`,
}

// TestPermissionsRecord: the reference answer reads into the record, each
// entry in Edits or Actions, and is written back as it came.
func TestPermissionsRecord(t *testing.T) {
	b, err := os.ReadFile("testdata/reference/get_permissions.json")
	require.NoError(t, err)
	var flat map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &flat))

	var p firehose.Permissions
	require.NoError(t, json.Unmarshal(b, &p))
	assert.Len(t, p.Edits, 13)
	assert.Len(t, p.Actions, 10)
	assert.Empty(t, p.Extra)
	assert.Equal(t, len(flat), len(p.Edits)+len(p.Actions), "every entry kept")
	assert.True(t, p.Edits["DropBody"].Allowed)
	assert.Equal(t, []string{"ewr", "iad", "ord", "pao", "sjc"}, p.Edits["WebSettings.Endpoints"].Values)
	assert.True(t, p.Actions["GET.Permissions"].Allowed)
	assert.Empty(t, p.Misfits())

	out, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, string(b), string(out))
}

// TestPermissionsMisfit: over HTTP, entries of no documented form are
// kept, listed by Misfits and permit nothing; other keys go to Extra and
// are still found; the record writes everything back; a strict client
// fails the Get naming the entry.
func TestPermissionsMisfit(t *testing.T) {
	b, err := os.ReadFile("testdata/permissions_misfit.json")
	require.NoError(t, err)
	var body map[string]any
	require.NoError(t, json.Unmarshal(b, &body))
	fc, srv := setup(t)
	srv.Firehose().SetPermissions(body)
	ctx := context.Background()

	p, err := fc.Permissions.Get(ctx)
	require.NoError(t, err, "a misfit does not fail the record")
	assertMisfits(t, permissionsMisfits, p.Misfits())
	assert.Equal(t, []string{"15", "42"}, p.Edits["Filters.X-Svc-Exch-Id"].Values)
	assert.JSONEq(t, `{"text":"review pending"}`, string(p.Extra["Notice"]))
	assert.Contains(t, p.Extra, "edit.DropExchangeUID", "a key of another case is kept as sent")
	assert.True(t, p.Can("GET.Permissions"))
	assert.False(t, p.Can("POST.Filter"), "a misfit permits nothing")

	before := &firehose.ConsumerSettings{SampleSettings: &firehose.SampleSettings{SampleRate: 5}}
	after := before.Clone()
	after.DropBody, after.DropExchangeUID, after.DropZeroUID = true, true, true
	after.SampleSettings.SampleRate = 7
	after.Filters = firehose.Filters{firehose.FilterKeyExchangeID: {"42"}}
	ve := violations(t, p.Check(before, after))
	assert.False(t, ve.Has("DropBody", "support"))
	assert.False(t, ve.Has("DropExchangeUID", "support"), "found without regard to case")
	assert.False(t, ve.Has("Filters.X-Svc-Exch-Id", "support"), "a number in the list reads as its digits")
	assert.True(t, ve.Has("DropZeroUID", "support"))
	assert.True(t, ve.Has("SampleSettings.SampleRate", "support"))

	out, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, string(b), string(out), "written back as it came")

	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	_, err = firehose.New(c).Permissions.Get(ctx)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `POST.Filter: true`)
}

// TestPermissionsNil: a nil record permits nothing and does not panic.
func TestPermissionsNil(t *testing.T) {
	var p *firehose.Permissions
	assert.False(t, p.Can("GET.Permissions"))
	_, ok := p.Edit("DropBody")
	assert.False(t, ok)
	assert.Error(t, p.Check(nil, &firehose.ConsumerSettings{DropBody: true}))
	assert.Nil(t, p.Misfits())
}
