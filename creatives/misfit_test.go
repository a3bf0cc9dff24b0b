package creatives

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
)

// creativeMisfits are the values of testdata/v3_creative_misfit.json that
// fit no documented form.
var creativeMisfits = []adama.Misfit{
	{Field: "duration", Raw: json.RawMessage(`"a while"`)},
	{Field: "details.concept", Raw: json.RawMessage(`{}`)},
	{Field: "details.startTime", Raw: json.RawMessage(`"soon"`)},
	{Field: "details.vendors", Raw: json.RawMessage(`["12", "thirteen"]`)},
}

// TestCreativeMisfitReportedAndSentBack: an ill-typed creative (which
// failed whole before) decodes, names each misfit with its path and raw
// value, and UpdateV2, a full update, sends the raw values back as they
// came; Update sends a field the caller set and leaves untouched misfits
// alone.
func TestCreativeMisfitReportedAndSentBack(t *testing.T) {
	body, err := os.ReadFile("testdata/v3_creative_misfit.json")
	require.NoError(t, err)
	cc := gockClient(t)
	ctx := context.Background()
	var first, second captured
	gock.New("https://api.example").Get("/v3.0/creatives/5124").Reply(200).BodyString(string(body))
	gock.New("https://api.example").Post("/video/v2.0/creatives/5124").AddMatcher(capture(&first)).Reply(204)
	gock.New("https://api.example").Get("/video/v2.0/creatives/5124").Reply(200).BodyString(string(body))
	gock.New("https://api.example").Patch("/v3.0/creatives/5124").AddMatcher(capture(&second)).Reply(200).BodyString(string(body))

	c, err := cc.Videos.Get(ctx, 5124)
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, int64(5124), c.ID)
	assert.Equal(t, int64(7), c.Details.Advertiser)
	assert.Zero(t, c.Details.Concept)
	assert.Nil(t, c.Details.StartTime)
	assert.Equal(t, creativeMisfits, c.Misfits())

	c.Details.Name = "Odd spot 2"
	_, err = cc.Videos.UpdateV2(ctx, c)
	require.NoError(t, err, "the v2.0 update replaces: the whole settings are sent")
	assert.JSONEq(t, `{"active":true,"advertiser":7,"name":"Odd spot 2","concept":{},"startTime":"soon","clickthroughUrl":"https://example.com/click",`+
		`"eventPixels":[{"typ":"start","url":"https://px.example/s"}],"vendors":["12","thirteen"],"vastVersion":"VAST4","serverOnlySetting":{"a":1}}`,
		string(first.body), "the raw values go back as they came")

	c.Details.Concept, c.Details.Vendors = 11, []int64{12}
	_, err = cc.Videos.Update(ctx, c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"Odd spot 2","concept":11,"vendors":[12]}`,
		string(second.body), "a set field replaces its kept value; the untouched misfit stays on the platform as it is")
	assert.True(t, gock.IsDone())
}
