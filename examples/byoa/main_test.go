package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	srv.BYOA().AddExecutor(orgID, "Example Production Executor", adamatest.BYOAExecutor{ExecutorID: executorID,
		Endpoints: []adamatest.BYOAEndpoint{{BrainTypeID: 1003, SampleRate: 100, EndpointType: "bid"}}})
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, srv))
	s := out.String()
	assert.Contains(t, s, "impression 1: rate 0.0642, bid 1.6041")
	assert.Contains(t, s, "campaign 675865 buckets 0-9 -> 100667/example_cpa (executor 2)")
	assert.Contains(t, s, `executor "Example Production Executor" sample rate 20%`)
	assert.Contains(t, s, "router: 10 requests, 7 bids, 3 no-bids, 0 late, 0 errors")
	settings, ok := srv.BYOA().Settings().Get(adamatest.BYOASettingsKey{CampaignID: campaignID})
	require.True(t, ok)
	require.Len(t, settings.Settings, 1)
	assert.Equal(t, 9, settings.Settings[0].High)
}
