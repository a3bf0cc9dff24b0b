// Command taxonomy loads an audience taxonomy from its CSV form, creates
// it as a permissioned taxonomy and renames one node with Modify, which
// posts the whole tree back so that no node is lost.
//
//	go run ./examples/taxonomy
//	go run ./examples/taxonomy -csv taxonomy.csv -rename "Sports=Sports fans"
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/taxonomy -vendor 1234 -org 100048 -csv taxonomy.csv
//
// Without -csv it uses a small sample taxonomy. With ADAMA_BASE_URL unset
// (or with -demo) it starts the fake platform (adama/adamatest) in
// process; with it set, it reads the ADAMA_* variables (adama.WithEnv) and
// uses that deployment (examples/quickstart shows the authorization-code
// exchange; here an access token is given).
//
// Group F (audience segments v2.0) is deprecated since 1 August 2026; its
// functionality is in the v3.0 campaign interface.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/examples/internal/platform"
)

// demoCSV is the sample taxonomy used when no -csv file is given.
const demoCSV = `full_path,code,uniques,wholesale_cpm,retail_cpm,buyable
|Acme Audiences,,,,,0
|Acme Audiences|Interests,,,,,0
|Acme Audiences|Interests|Sports,1001,500000,0.25,0.50,1
|Acme Audiences|Interests|Путешествия,1002,250000,0.30,0.60,1
`

func main() { platform.Main("taxonomy", run) }

// run parses args and runs the walk-through, writing what it does to
// stdout. getenv reads the ADAMA_* variables.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := platform.NewFlags("taxonomy", stderr)
	csvPath := fs.String("csv", "", "taxonomy CSV file (full_path,code,uniques,wholesale_cpm,retail_cpm,buyable; default: a sample)")
	vendor := fs.Int64("vendor", 1234, "data vendor id")
	org := fs.Int64("org", 100048, "organization the taxonomy is shared with")
	rename := fs.String("rename", "Sports=Sports fans", "node to rename, as old=new")
	if err := fs.Parse(args); err != nil {
		return err
	}
	oldName, newName, ok := strings.Cut(*rename, "=")
	if !ok || oldName == "" || newName == "" {
		return errors.New("-rename must be old=new")
	}

	var src io.Reader = strings.NewReader(demoCSV)
	if *csvPath != "" {
		f, err := os.Open(*csvPath)
		if err != nil {
			return err
		}
		defer f.Close()
		src = f
	}
	root, err := dmp.ReadCSV(src)
	if err != nil {
		return fmt.Errorf("reading the CSV: %w", err)
	}
	fmt.Fprintf(stdout, "read %d nodes under %q\n", root.Count(), root.Name)

	client, done, err := fs.Connect(stdout, getenv)
	if err != nil {
		return err
	}
	defer done()
	tc := dmp.New(client)
	made, err := tc.Taxonomies.Create(ctx, &dmp.Taxonomy{
		VendorID: *vendor, Permissions: &dmp.Permissions{Organizations: []int64{*org}}, Taxonomy: root,
	})
	if err != nil {
		return fmt.Errorf("creating the taxonomy: %w", err)
	}
	fmt.Fprintf(stdout, "created taxonomy %d with %d nodes\n", made.TaxonomyID, made.Taxonomy.Count())

	up, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
		n := x.Taxonomy.Find(oldName)
		if n == nil {
			return fmt.Errorf("no node named %q", oldName)
		}
		n.Name = newName
		return nil
	})
	if err != nil {
		return fmt.Errorf("renaming: %w", err)
	}
	n := up.Taxonomy.Find(newName)
	fmt.Fprintf(stdout, "renamed node %d to %q; the taxonomy still has %d nodes\n", n.ID, n.Name, up.Taxonomy.Count())
	return dmp.WriteCSV(stdout, up.Taxonomy)
}
