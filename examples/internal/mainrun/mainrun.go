// Package mainrun lets an example's test run the program as `go run
// ./examples/NAME` does: in a child process, with no flags and no ADAMA_*
// variable.
package mainrun

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const marker = "EXAMPLE_RUN_MAIN"

// Main is the example test's TestMain: in the child process Run starts, it
// runs the program's main instead of the tests.
func Main(m *testing.M, main func()) {
	if os.Getenv(marker) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Run starts the test binary again as the program, with no arguments and
// the environment without ADAMA_* variables, requires it to succeed and
// returns what it printed.
func Run(t *testing.T) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = []string{marker + "=1"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ADAMA_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	return out.String(), errOut.String()
}
