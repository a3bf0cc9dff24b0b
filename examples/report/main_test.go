package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

// noEnv is an environment with no ADAMA_* variable set.
func noEnv(string) string { return "" }

func TestRunWithNoFlagsOrEnvironment(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), nil, &stdout, &stderr, noEnv))
	s := stdout.String()
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	m := regexp.MustCompile(`saved (\S+): 100000 rows, \d+ bytes`).FindStringSubmatch(s)
	require.NotNil(t, m, s)
	assert.Equal(t, tmp, filepath.Dir(m[1]), "the default output is a new file in the temporary directory")
	data, err := os.ReadFile(m[1])
	require.NoError(t, err)
	assert.Equal(t, 100001, strings.Count(string(data), "\n"), "header and every row saved")
	assert.Regexp(t, `campaign\s+name\s+impressions\s+clicks\s+spend`, s)
	assert.Regexp(t, `\d+ campaigns`, s)
	assert.Contains(t, stderr.String(), "100000 rows", "the progress bar reached the end")
}

func TestDownloadAndSummary(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-rows", "500", "-out", out}, &stdout, &stderr, noEnv))
	assert.Contains(t, stdout.String(), "saved "+out+": 500 rows")
	assert.Contains(t, stdout.String(), "campaigns")
	assert.Contains(t, stderr.String(), "rows", "the progress bar was drawn")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, 501, strings.Count(string(data), "\n"), "header and every row saved")

	// The file took the report's Last-Modified: a second run asks with
	// If-Modified-Since and keeps it.
	stdout.Reset()
	require.NoError(t, run(context.Background(), []string{"-rows", "500", "-strategy", "98765", "-out", out}, &stdout, &stderr, noEnv))
	assert.Contains(t, stdout.String(), "\n"+out+" is up to date\n")
	again, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, data, again)
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithReportRows(60))
	defer srv.Close()
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	out := filepath.Join(t.TempDir(), "r.csv")
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-strategy", "98765", "-out", out}, &stdout, &stderr, func(k string) string { return env[k] }))
	assert.Contains(t, stdout.String(), "platform: "+srv.URL+"\n")
	assert.Contains(t, stdout.String(), "saved "+out+": 60 rows")
	assert.Equal(t, 1, srv.Count("GET /reporting/v1/std/performance"), "the report was read from the configured deployment")
}

func TestDemoFlagOverridesTheEnvironment(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	var stdout, stderr bytes.Buffer
	unreachable := func(k string) string { return map[string]string{"ADAMA_BASE_URL": "http://127.0.0.1:1"}[k] }
	require.NoError(t, run(context.Background(), []string{"-demo", "-rows", "10", "-out", out}, &stdout, &stderr, unreachable))
	assert.Contains(t, stdout.String(), "platform: in-process fake")
	assert.Contains(t, stdout.String(), "saved "+out+": 10 rows")
}
