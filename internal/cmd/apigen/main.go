package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// defaultOut is the name of the generated file in the package directory.
const defaultOut = "records_gen.go"

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stderr io.Writer) int {
	fl := flag.NewFlagSet("apigen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	group := fl.String("group", "", "the group's document in internal/apispec (\"dmp\")")
	out := fl.String("out", defaultOut, "the generated file, relative to the current directory")
	fakePkg := fl.String("fake", "", "write the group fake's "+fakeRoutesOut+" for this package (\"dmpfake\") instead")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *group == "" || fl.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: apigen -group NAME [-out records_gen.go] [-fake PKG]")
		return 2
	}
	if *fakePkg != "" {
		if err := writeFakeRoutes(*group, *fakePkg, filepath.Dir(*out)); err != nil {
			fmt.Fprintln(stderr, "apigen:", err)
			return 1
		}
		return 0
	}
	if err := write(*group, *out); err != nil {
		fmt.Fprintln(stderr, "apigen:", err)
		return 1
	}
	if err := writeServices(*group, filepath.Dir(*out)); err != nil {
		fmt.Fprintln(stderr, "apigen:", err)
		return 1
	}
	if err := writeClient(*group, filepath.Dir(*out)); err != nil {
		fmt.Fprintln(stderr, "apigen:", err)
		return 1
	}
	return 0
}

// write generates the group's file at path, leaving it alone when it is
// already up to date.
func write(group, path string) error {
	src, err := generateGroup(group)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if bytes.Equal(old, src) {
		return nil
	}
	return os.WriteFile(filepath.Clean(path), src, 0o644)
}

// generateGroup returns the generated source for one group's document.
func generateGroup(group string) ([]byte, error) {
	doc, err := apispec.Load(group)
	if err != nil {
		return nil, err
	}
	return generate(doc, "internal/apispec/"+group+".yaml")
}

// generate returns the Go source of the records and enums of doc; source
// names the document in the file's header.
func generate(doc *openapi3.T, source string) ([]byte, error) {
	if hasFlag(doc.Info.Extensions, "x-go-embedding-records") {
		return generateDecoders(doc, source)
	}
	m, err := build(doc, source)
	if err != nil {
		return nil, err
	}
	return render(m)
}
