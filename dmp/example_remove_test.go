package dmp_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/adamasdk/adama-go/dmp"
)

// RemoveNodes takes nodes (and everything under them) out of a taxonomy,
// posting the rest back; an id that names no node is refused before
// anything is sent.
func ExampleTaxonomyService_RemoveNodes() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	root, _ := dmp.ReadCSV(strings.NewReader("full_path,code,uniques,wholesale_cpm,retail_cpm,buyable\n" +
		"|Acme,,,,,0\n|Acme|Sports,1,500,0.10,0.50,1\n|Acme|Sports|Golf,3,90,0.10,0.60,1\n|Acme|Travel,2,300,0.10,0.40,1\n"))
	made, err := tc.Taxonomies.Create(ctx, &dmp.Taxonomy{VendorID: 1, Permissions: &dmp.Permissions{Agencies: []int64{7}}, Taxonomy: root})
	if err != nil {
		fmt.Println(err)
		return
	}
	sports := made.Taxonomy.Find("Sports").ID
	up, err := tc.Taxonomies.RemoveNodes(ctx, made.TaxonomyID, []int64{sports})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range up.Taxonomy.Children {
		fmt.Println(c.Name, len(c.Children))
	}
	_, err = tc.Taxonomies.RemoveNodes(ctx, made.TaxonomyID, []int64{sports})
	fmt.Println(err)
	// Output:
	// Travel 0
	// adama: invalid request: node_ids[0]: no node of the taxonomy has this id (got 100002)
}
