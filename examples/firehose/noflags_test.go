package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/examples/internal/mainrun"
)

// TestMain runs the program itself, as `go run ./examples/firehose` does, when
// TestMainWithNoFlagsOrEnvironment starts the test binary again.
func TestMain(m *testing.M) { mainrun.Main(m, main) }

// TestMainWithNoFlagsOrEnvironment runs main in a child process with no
// arguments and no ADAMA_* variable.
func TestMainWithNoFlagsOrEnvironment(t *testing.T) {
	s, _ := mainrun.Run(t)
	assert.Regexp(t, `entity API \(authorization code\): \d+ organizations`, s)
	assert.Contains(t, s, "consumer example-consumer: sample rate 15%, 8 channel types")
	assert.Contains(t, s, "changed: sample rate 7%, 9 channel types")
	assert.Contains(t, s, "48 prefixes hold 10:00-13:00")
	assert.Regexp(t, `total\s+20000\n`, s, "the default batch of 20000 records was read")
}
