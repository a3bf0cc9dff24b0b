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

// TestMain runs the program itself, as `go run ./examples/firehose` does,
// when TestMainWithNoFlagsOrEnvironment starts the test binary again.
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
	assert.Regexp(t, `entity API \(authorization code\): \d+ organizations`, s)
	assert.Contains(t, s, "consumer example-consumer: sample rate 15%, 8 channel types")
	assert.Contains(t, s, "changed: sample rate 7%, 9 channel types")
	assert.Contains(t, s, "48 prefixes hold 10:00-13:00")
	assert.Regexp(t, `total\s+20000\n`, s, "the default batch of 20000 records was read")
}
