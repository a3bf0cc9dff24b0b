// Package platform gives the example programs their client: the deployment
// the README's ADAMA_* variables name, or, with none set, the fake platform
// (adama/adamatest) started in process, so every example runs with no flags.
package platform

import (
	"fmt"
	"io"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// Connect returns a client for the deployment ADAMA_BASE_URL names, or for
// a fake platform started in process with fakeOpts, and says on w which one
// it uses; done releases both. getenv reads the variables (os.Getenv in a
// program, a map in a test).
func Connect(w io.Writer, getenv func(string) string, fakeOpts ...adamatest.Option) (c *adama.Client, done func(), err error) {
	if base := getenv(adama.EnvBaseURL); base != "" {
		fmt.Fprintf(w, "platform: %s\n", base)
		c, err = adama.NewClient(adama.WithEnvFrom(getenv))
		if err != nil {
			return nil, nil, err
		}
		return c, func() { c.Close() }, nil
	}
	srv := adamatest.NewServer(fakeOpts...)
	fmt.Fprintf(w, "platform: in-process fake at %s (set %s to use a real deployment)\n", srv.URL, adama.EnvBaseURL)
	if c, err = srv.NewClient(); err != nil {
		srv.Close()
		return nil, nil, err
	}
	return c, func() { c.Close(); srv.Close() }, nil
}
