package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/examples/internal/mainrun"
)

// TestMain runs the program itself, as `go run ./examples/byoa` does, when
// TestMainWithNoFlagsOrEnvironment starts the test binary again.
func TestMain(m *testing.M) { mainrun.Main(m, main) }

// TestMainWithNoFlagsOrEnvironment runs main in a child process with no
// arguments and no ADAMA_* variable.
func TestMainWithNoFlagsOrEnvironment(t *testing.T) {
	s, stderr := mainrun.Run(t)
	assert.Contains(t, s, "impression 1: rate 0.0642, bid 1.6041\n")
	assert.Regexp(t, `uploaded \d+ bytes`, s)
	assert.Regexp(t, `campaign 675865 buckets 0-9 -> 100667/example_cpa \(executor \d+\)`, s)
	assert.Contains(t, s, `executor "Example Production Executor" sample rate 20%`)
	assert.Contains(t, s, "router: 10 requests, 7 bids, 3 no-bids, 0 late, 0 errors")
	assert.Empty(t, stderr)
}
