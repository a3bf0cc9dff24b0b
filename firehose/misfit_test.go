package firehose_test

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
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
)

// consumerMisfits are the values of testdata/consumer_misfit.json that
// fit no documented form.
var consumerMisfits = map[string]string{
	"DropExchangeUID":           `{}`,
	"DropZeroUID":               `"maybe"`,
	"SampleSettings.SampleRate": `"lots"`,
}

func loadConsumer(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile("testdata/consumer_misfit.json")
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// TestConsumerMisfitReportedAndSentBack: an ill-typed configuration
// decodes, names each misfit with its raw value, and Replace posts the
// raw values back as they came; a value the caller sets replaces its own.
func TestConsumerMisfitReportedAndSentBack(t *testing.T) {
	body, err := os.ReadFile("testdata/consumer_misfit.json")
	require.NoError(t, err)
	fc := gockClient(t)
	gock.New("https://api.example").Get("/opportunity-firehose/v2.0/consumers/odd").
		Reply(200).BodyString(string(body))
	gock.New("https://api.example").Post("/opportunity-firehose/v2.0/consumers/odd").
		MatchType("json").
		BodyString(`{"Name":"odd","DropZeroUID":"maybe","DropExchangeUID":{},"DropBody":true,"Filters":{"X-Svc-Exch-Id":["15"]},` +
			`"SampleSettings":{"Disabled":false,"SampleRate":"lots","Burst":3},"ContactEmail":"ops@example.com"}`).
		Reply(200)
	gock.New("https://api.example").Post("/opportunity-firehose/v2.0/consumers/odd").
		MatchType("json").
		BodyString(`{"Name":"odd","DropZeroUID":true,"DropExchangeUID":{},"DropBody":true,"Filters":{"X-Svc-Exch-Id":["15"]},` +
			`"SampleSettings":{"Disabled":false,"SampleRate":40,"Burst":3},"ContactEmail":"ops@example.com"}`).
		Reply(200)
	ctx := context.Background()

	c, err := fc.Consumers.Get(ctx, "odd")
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, "odd", c.Name)
	assert.Equal(t, []string{"15"}, c.Filters.Get(firehose.FilterKeyExchangeID))
	assert.False(t, c.DropZeroUID)
	assert.Zero(t, c.SampleSettings.SampleRate)
	assertMisfits(t, consumerMisfits, c.Misfits())

	c.DropBody = true
	require.NoError(t, errOf(fc.Consumers.Update(ctx, consumerOf("odd", c))), "the raw values go back as they came")
	c.SampleSettings.SampleRate = 40
	c.DropZeroUID = true
	require.NoError(t, errOf(fc.Consumers.Update(ctx, consumerOf("odd", c))), "a set field replaces its kept value")
	assert.True(t, gock.IsDone())
}

// TestConsumerMisfitOverTheFake: the fake platform serves the ill-typed
// configuration; a Replace sends the kept value back, which the fake
// refuses as the platform does a rate that is not a number.
func TestConsumerMisfitOverTheFake(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	srv.Firehose().PutRaw("odd", loadConsumer(t))
	c, err := fc.Consumers.Get(ctx, "odd")
	require.NoError(t, err)
	assertMisfits(t, consumerMisfits, c.Misfits())
	err = errOf(fc.Consumers.Update(ctx, consumerOf("odd", c)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "got lots")
	sent := lastJSON(t, srv.Requests())
	assert.JSONEq(t, `"maybe"`, string(sent["DropZeroUID"]))
	assert.JSONEq(t, `{}`, string(sent["DropExchangeUID"]))
}

// TestConsumerMisfitStrict: a strict client fails the Get, naming the
// field and its raw value.
func TestConsumerMisfitStrict(t *testing.T) {
	_, srv := setup(t)
	srv.Firehose().PutRaw("odd", loadConsumer(t))
	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	_, err = firehose.New(c).Consumers.Get(context.Background(), "odd")
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, adama.CodeMisfit, ae.Code)
	assert.Contains(t, ae.Error(), `SampleSettings.SampleRate: "lots"`)
	assert.Contains(t, ae.Error(), `DropExchangeUID: {}`)
}

// assertMisfits compares misfits with want (field to raw JSON).
func assertMisfits(t *testing.T, want map[string]string, got []adama.Misfit) {
	t.Helper()
	require.Len(t, got, len(want), "%v", got)
	for _, m := range got {
		require.Contains(t, want, m.Field)
		assert.JSONEq(t, want[m.Field], string(m.Raw), m.Field)
	}
}

// lastJSON returns the JSON object of the last POST among reqs.
func lastJSON(t *testing.T, reqs []adamatest.Request) map[string]json.RawMessage {
	t.Helper()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method == "POST" {
			var m map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
			return m
		}
	}
	t.Fatal("no POST request")
	return nil
}
