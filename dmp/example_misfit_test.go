package dmp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/dmp"
)

// A value that fits no documented form does not fail the record: the field
// stays unset and Misfits reports it with its raw value. A client made
// WithStrictDecoding fails the call instead, naming the field.
func ExampleTaxonomy_Misfits() {
	ctx := context.Background()
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		fmt.Println(err)
		return
	}
	tc := dmp.New(c)
	made, err := tc.Taxonomies.Create(ctx, &dmp.Taxonomy{
		VendorID:    1234,
		Permissions: &dmp.Permissions{Organizations: []int64{100048}},
		Taxonomy:    &dmp.Node{Name: "Acme", Children: []*dmp.Node{{Name: "Sports", Code: "1"}}},
		// As a platform answer may carry it: a word where a boolean belongs.
		Extra: map[string]json.RawMessage{"use_hash": json.RawMessage(`"perhaps"`)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	got, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range got.Misfits() {
		fmt.Printf("%s = %s (UseHash unset: %t)\n", m.Field, m.Raw, got.UseHash == nil)
	}

	strictClient, err := srv.NewClient(adama.WithStrictDecoding())
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = dmp.New(strictClient).Taxonomies.Get(ctx, made.TaxonomyID)
	fmt.Println(errors.Is(err, adama.ErrMisfit))
	// Output:
	// use_hash = "perhaps" (UseHash unset: true)
	// true
}
