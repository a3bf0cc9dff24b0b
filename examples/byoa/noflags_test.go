package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the program itself, as `go run ./examples/byoa` does, when
// TestMainWithNoFlagsOrEnvironment starts the test binary again.
func TestMain(m *testing.M) {
	if os.Getenv("EXAMPLE_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestMainWithNoFlagsOrEnvironment runs main in a child process with no
// arguments and no ADAMA_* variable.
func TestMainWithNoFlagsOrEnvironment(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = []string{"EXAMPLE_RUN_MAIN=1"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ADAMA_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	s := stdout.String()
	assert.Contains(t, s, "impression 1: rate 0.0642, bid 1.6041\n")
	assert.Regexp(t, `uploaded \d+ bytes`, s)
	assert.Regexp(t, `campaign 675865 buckets 0-9 -> 100667/example_cpa \(executor \d+\)`, s)
	assert.Contains(t, s, `executor "Example Production Executor" sample rate 20%`)
	assert.Contains(t, s, "router: 10 requests, 7 bids, 3 no-bids, 0 late, 0 errors")
	assert.Empty(t, stderr.String())
}
