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
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), nil, &stdout, &stderr, noEnv))
	out := stdout.String()
	assert.Contains(t, out, "platform: in-process fake at http://127.0.0.1:")
	assert.Regexp(t, `creative \d+ uploaded \(20971520 bytes\)`, out)
	assert.Contains(t, out, "encoding Finished, ready to serve: true")
	assert.Regexp(t, `companion \d+ added`, out)
	assert.Contains(t, out, "classified: language English, 1 vertical(s), 1 attribute(s)")
	assert.Contains(t, stderr.String(), "100.0%", "the progress bar reached the end")
	assert.Contains(t, stderr.String(), "encoding: Finished")
}

func TestRunUploadsAFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "spot.mp4")
	require.NoError(t, os.WriteFile(p, bytes.Repeat([]byte{1}, 3000), 0o600))
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-file", p}, &stdout, &stderr, noEnv))
	assert.Contains(t, stdout.String(), "uploaded (3000 bytes)")
	assert.Contains(t, stdout.String(), "classified: language English")
}

func TestRunAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithCreativesEncodingStep(100))
	defer srv.Close()
	env := map[string]string{"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL, "ADAMA_ACCESS_TOKEN": srv.IssueToken()}
	getenv := func(k string) string { return env[k] }
	var stdout, stderr bytes.Buffer

	// A real deployment gets a real file, never the generated one.
	err := run(context.Background(), nil, &stdout, &stderr, getenv)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-file is required against a real deployment")

	p := filepath.Join(t.TempDir(), "spot.mp4")
	require.NoError(t, os.WriteFile(p, bytes.Repeat([]byte{1}, 5000), 0o600))
	require.NoError(t, run(context.Background(), []string{"-file", p}, &stdout, &stderr, getenv))
	assert.Contains(t, stdout.String(), "platform: "+srv.URL+"\n")
	assert.Contains(t, stdout.String(), "uploaded (5000 bytes)")
	assert.Contains(t, stdout.String(), "encoding Finished, ready to serve: true")
	assert.Equal(t, 1, srv.Creatives().Videos().Count(), "the creative was made on the configured deployment")
}
