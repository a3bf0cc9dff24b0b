package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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
	assert.Contains(t, s, `read 4 nodes under "Acme Audiences"`)
	assert.Contains(t, s, "platform: in-process fake at http://127.0.0.1:")
	assert.Regexp(t, `created taxonomy \d+ with 4 nodes`, s)
	assert.Regexp(t, `renamed node \d+ to "Sports fans"; the taxonomy still has 4 nodes`, s)
	assert.Contains(t, s, "\n|Acme Audiences|Interests|Sports fans,1001,500000,0.25,0.50,1\n|Acme Audiences|Interests|Путешествия,1002,250000,")
}

func TestRunRenamesAnotherNode(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-rename", "Путешествия=Travel"}, &out, &errOut, noEnv))
	s := out.String()
	assert.Contains(t, s, `to "Travel"; the taxonomy still has 4 nodes`)
	assert.Contains(t, s, "|Acme Audiences|Interests|Travel,1002,250000,")
}

func TestCSVFileAndErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, os.WriteFile(p, []byte(demoCSV+"|Acme Audiences|Bad,x,1,0.1,0.2,1\n"), 0o600))
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-csv", p}, &out, &errOut, noEnv)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 6: code")
	assert.Error(t, run(context.Background(), []string{"-rename", "nothing"}, &out, &errOut, noEnv))
	assert.Error(t, run(context.Background(), []string{"-rename", "Missing=X"}, &out, &errOut, noEnv))
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	p := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, os.WriteFile(p, []byte(demoCSV+"|Acme Audiences|Interests|Music,1003,1000,0.1,0.2,1\n"), 0o600))
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-csv", p}, &out, &errOut, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "platform: "+srv.URL+"\n")
	assert.Contains(t, out.String(), "the taxonomy still has 5 nodes")
	assert.Contains(t, out.String(), "|Acme Audiences|Interests|Music,1003,1000,")
	assert.Equal(t, 1, srv.DMP().Count(), "the taxonomy was made on the configured deployment")
}
