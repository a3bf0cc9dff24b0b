package creatives_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreativeMisfitStrict: over the fake platform, a lenient client gets
// the creative and its report, a strict one an error naming the field,
// from the v3 and the v2.0 Get.
func TestCreativeMisfitStrict(t *testing.T) {
	cc, srv := newTestClient(t)
	id := srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{
		"active": true, "advertiser": 7, "name": "Odd", "concept": map[string]any{"n": 1},
		"clickthroughUrl": "https://example.com/click", "vastVersion": "VAST9",
	}})
	ctx := context.Background()
	c, err := cc.Videos.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []adama.Misfit{{Field: "details.concept", Raw: json.RawMessage(`{"n":1}`)}}, c.Misfits())
	assert.Equal(t, creatives.VASTVersion("VAST9"), c.Details.VASTVersion, "an unknown enum value is kept, not a misfit")

	ac, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	strict := creatives.New(ac)
	_, err = strict.Videos.Get(ctx, id)
	assertStrictMisfit(t, err, `details.concept: {"n":1}`)
	_, err = strict.Videos.GetV2(ctx, id)
	assertStrictMisfit(t, err, `details.concept: {"n":1}`)
	_, err = strict.Videos.ListByIDs(ctx, []int64{id})
	assertStrictMisfit(t, err, `[0].details.concept`)
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
