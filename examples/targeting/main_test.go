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
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), nil, &out, &errOut, func(string) string { return "" }))
	s := out.String()
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	assert.Contains(t, s, "attached target 1 (Bavaria REGN) to strategy 332 as attachment 1, version 1")
	assert.Contains(t, s, "strategy 332 has 1 attachment(s) in REGN or DMAX:\n  attachment 1: INCLUDE target 1 (OR)\n")
	assert.NotContains(t, s, "EXCLUDE")
	assert.Contains(t, s, "update with version 1 refused: version conflict")
	assert.Contains(t, s, "attachment 1 version 3: or_better true, operator AND kept")
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-strategy", "77"}, &out, &errOut, func(k string) string { return env[k] }))
	s := out.String()
	assert.Contains(t, s, "platform: "+srv.URL+"\n")
	assert.Contains(t, s, "strategy 77 has 1 attachment(s) in REGN or DMAX:")
	assert.Contains(t, s, "operator AND kept")
	assert.Equal(t, 2, srv.Targeting().Attachments().Count(), "the attachments were made on the configured deployment")
}
