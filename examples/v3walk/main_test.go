package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

func TestRunWithNoFlagsOrEnvironment(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(string) string { return "" }))
	s := out.String()
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	assert.Contains(t, s, "organization 1 \"Walk Org\"\n  agency 1 \"Walk Agency\"\n    advertiser 1 \"Walk Brand\"\n      campaign 1 \"Walk Campaign\" (5000.25 EUR)\n        strategy 1 \"Walk Strategy\"\n")
	assert.Contains(t, s, "          targeting: INCLUDE target 1 (Bavaria)\n")
	assert.Contains(t, s, "campaign 1 is now \"Walk Campaign (spring)\", version 2\n")
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "platform: "+srv.URL+"\n")
	assert.Equal(t, 1, srv.Targeting().Campaigns().Count(), "the campaign was made on the configured deployment")
	assert.Equal(t, 1, srv.Targeting().Strategies().Count())
}
