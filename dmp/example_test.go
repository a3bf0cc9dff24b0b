package dmp_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/qlang"
)

func setup() (*dmp.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return dmp.New(c), srv
}

func ExampleTaxonomyService_Create() {
	tc, srv := setup()
	defer srv.Close()
	retail := adama.MustDecimal("1.20")
	x, err := tc.Taxonomies.Create(context.Background(), &dmp.Taxonomy{
		VendorID:    1234,
		Permissions: &dmp.Permissions{Organizations: []int64{100048}},
		Taxonomy: &dmp.Node{Name: "Acme – Private", Children: []*dmp.Node{
			{Name: "Путешествия", Code: "1013004", RetailCPM: &retail, Buyable: true},
		}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	seg := x.Taxonomy.Children[0]
	fmt.Println(x.Taxonomy.Name, "/", seg.Name, seg.RetailCPM, seg.WholesaleCPM, x.Restricted())
	// Output: Acme – Private / Путешествия 1.2 0.6 true
}

func ExampleTaxonomyService_Modify() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	root, _ := dmp.ReadCSV(strings.NewReader("full_path,code,uniques,wholesale_cpm,retail_cpm,buyable\n" +
		"|Acme,,,,,0\n|Acme|Sports,1,500,0.10,0.50,1\n|Acme|Travel,2,300,0.10,0.40,1\n"))
	made, err := tc.Taxonomies.Create(ctx, &dmp.Taxonomy{VendorID: 1, Permissions: &dmp.Permissions{Agencies: []int64{7}}, Taxonomy: root})
	if err != nil {
		fmt.Println(err)
		return
	}
	up, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
		x.Taxonomy.Find("Sports").Name = "Sports fans"
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range up.Taxonomy.Children {
		fmt.Println(c.Name, c.ID == made.Taxonomy.Find(strings.TrimSuffix(c.Name, " fans")).ID)
	}
	// Output:
	// Sports fans true
	// Travel true
}

func ExampleTaxonomyService_List() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	for _, name := range []string{"P1 Audiences", "Other"} {
		_, _ = tc.Taxonomies.Create(ctx, &dmp.Taxonomy{VendorID: 1, Permissions: &dmp.Permissions{},
			Taxonomy: &dmp.Node{Name: name, Children: []*dmp.Node{{Name: "n"}}}})
	}
	p, err := tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Like, "P1*")})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(p.Items), p.Items[0].Taxonomy.Name)
	_, err = tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("taxonomy_id", qlang.Gt, 5)})
	fmt.Println(err)
	// Output:
	// 1 P1 Audiences
	// adama: invalid request: q[0]: operator must be == or =: (got taxonomy_id>5)
}

func ExampleTaxonomyService_Grants() {
	tc, srv := setup()
	defer srv.Close()
	srv.DMP().SetGrants(1234, map[int64]string{100048: "Org"}, nil, nil)
	g, err := tc.Taxonomies.Grants(context.Background(), 1234)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Organizations[0].ID, g.Organizations[0].Name, len(g.Agencies))
	// Output: 100048 Org 0
}

func ExampleWriteCSV() {
	u := int64(500)
	w, r := adama.MustDecimal("0.1"), adama.MustDecimal("0.5")
	root := &dmp.Node{Name: "Acme", Children: []*dmp.Node{{Name: "Sports", Code: "1", Uniques: &u, WholesaleCPM: &w, RetailCPM: &r, Buyable: true}}}
	if err := dmp.WriteCSV(os.Stdout, root); err != nil {
		fmt.Println(err)
	}
	// Output:
	// full_path,code,uniques,wholesale_cpm,retail_cpm,buyable
	// |Acme,,,,,0
	// |Acme|Sports,1,500,0.10,0.50,1
}
