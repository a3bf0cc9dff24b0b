package platform

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// Run is the body of an example program: it parses args, writes what it
// does to stdout and its flag errors to stderr, and reads the ADAMA_*
// variables through getenv (os.Getenv in the program, a map in a test).
type Run func(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error

// Main runs run with the program's arguments, output and environment until
// it returns or the program is interrupted, and exits with status 1 after
// printing the error, prefixed with the program's name.
func Main(name string, run Run) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// Flags is an example program's flag set, with the -demo flag every
// example has.
type Flags struct {
	*flag.FlagSet
	demo *bool
}

// NewFlags returns the flag set of the program name, reporting parse errors
// (and -h) on stderr rather than exiting.
func NewFlags(name string, stderr io.Writer) *Flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return &Flags{FlagSet: fs, demo: fs.Bool("demo", false, "use the in-process fake even when ADAMA_BASE_URL is set")}
}

// Demo reports whether -demo was given.
func (f *Flags) Demo() bool { return *f.demo }

// Connect is [Connect], using the in-process fake whatever the
// environment says when -demo was given.
func (f *Flags) Connect(w io.Writer, getenv func(string) string, fakeOpts ...adamatest.Option) (*adama.Client, func(), error) {
	if f.Demo() {
		getenv = func(string) string { return "" }
	}
	return Connect(w, getenv, fakeOpts...)
}
