package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunWithNoEnvironment(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(string) string { return "" }))
	s := out.String()
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	assert.Contains(t, s, "created organization 4 > agency 3 > advertiser 1 > campaign 1 > strategy 1 (USD)")
	assert.Contains(t, s, `strategy 1 "Retarget buyers" goal cpa 12.5 USD in campaign "Summer sale"`)
	assert.NotContains(t, s, "Prospecting")
	assert.Contains(t, s, "2 day parts")
	assert.Contains(t, s, "version conflict")
	assert.Contains(t, s, `strategy 1 version 2 max_bid 9 USD description "edited in the UI meanwhile"`)
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "platform: "+srv.URL+"\n")
	assert.Contains(t, out.String(), "version conflict")
	rec := srv.Entities().Strategies().Raw(1)
	require.NotNil(t, rec, "the strategy was made on the configured deployment")
	assert.Equal(t, "Retarget buyers", rec["name"])
}
