package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemoDownloadAndSummary(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-demo", "-rows", "500", "-out", out}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "saved "+out+": 500 rows")
	assert.Contains(t, stdout.String(), "campaigns")
	assert.Contains(t, stderr.String(), "rows", "the progress bar was drawn")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, 501, strings.Count(string(data), "\n"), "header and every row saved")

	// The file took the report's Last-Modified: a second run asks with
	// If-Modified-Since and keeps it.
	stdout.Reset()
	require.NoError(t, run(context.Background(), []string{"-demo", "-rows", "500", "-strategy", "98765", "-out", out}, &stdout, &stderr))
	assert.Equal(t, out+" is up to date\n", stdout.String())
	again, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, data, again)
}

func TestDemoStrategyFilter(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-demo", "-rows", "60", "-strategy", "98765", "-out", out}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "saved "+out+": 60 rows")
}
