package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemoFlow(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-demo", "-size", "3000000"}, &stdout, &stderr))
	out := stdout.String()
	assert.Contains(t, out, "uploaded (3000000 bytes)")
	assert.Contains(t, out, "encoding Finished, ready to serve: true")
	assert.Contains(t, out, "companion ")
	assert.Contains(t, out, "classified: language English, 1 vertical(s), 1 attribute(s)")
	assert.Contains(t, stderr.String(), "100.0%", "the progress bar reached the end")
	assert.Contains(t, stderr.String(), "encoding: Finished")
}

func TestRequiresFileWithoutDemo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), nil, &stdout, &stderr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-file is required")
}
