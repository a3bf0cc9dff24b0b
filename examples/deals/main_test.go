package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

// noEnv is an environment with no ADAMA_* variable set.
func noEnv(string) string { return "" }

func TestRunWithNoFlagsOrEnvironment(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), nil, &out, &errOut, noEnv))
	s := out.String()
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	for i := 1; i <= 3; i++ {
		assert.Regexp(t, fmt.Sprintf(`created deal \d+ "EX-100315-%d" at 1.5 USD`, i), s)
	}
	assert.Regexp(t, `group \d+ holds 3 deals`, s)
	assert.Equal(t, 3, strings.Count(s, "price now 2.75 USD"))
	assert.Regexp(t, `analytics: deal \d+ "EX-100315-\d" \d+ impressions`, s)
	assert.Equal(t, 3, strings.Count(s, "analytics: deal"))
}

func TestRunWithFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-n", "2", "-price", "3.10"}, &out, &errOut, noEnv))
	s := out.String()
	assert.Equal(t, 2, strings.Count(s, "created deal"))
	assert.Contains(t, s, "holds 2 deals")
	assert.Equal(t, 2, strings.Count(s, "price now 3.1 USD"))
	assert.Equal(t, 2, strings.Count(s, "analytics: deal"))

	assert.Error(t, run(context.Background(), []string{"-price", "abc"}, &out, &errOut, noEnv))
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-org", "100048"}, &out, &errOut, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "platform: "+srv.URL+"\n")
	assert.Contains(t, out.String(), `"EX-100048-3"`)
	assert.Equal(t, 3, srv.Deals().Count(), "the deals were made on the configured deployment")
}
