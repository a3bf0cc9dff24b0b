package dmp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/qlang"
)

func TestTaxonomyLifecycle(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	made, err := tc.Taxonomies.Create(ctx, sample())
	require.NoError(t, err)
	assert.NotZero(t, made.TaxonomyID)
	assert.NotZero(t, made.AudienceVendorID)
	assert.True(t, made.Restricted())
	assert.Equal(t, dmp.Visibility(""), made.Visibility, "permissioned taxonomies leave visibility out")
	ru := made.Taxonomy.Find("Путешествия")
	require.NotNil(t, ru, "names are decoded on read")
	assert.NotZero(t, ru.ID)
	assert.Equal(t, "0.6", ru.WholesaleCPM.String())
	assert.Equal(t, 5, made.Taxonomy.Count())

	stored := srv.DMP().Raw(made.TaxonomyID)
	root := stored["taxonomy"].(map[string]any)
	assert.Equal(t, "VENDOR - (Private) &#8211; Acme", root["name"], "names are sent entity-encoded")
	us := root["children"].([]any)[0].(map[string]any)
	assert.True(t, strings.HasPrefix(us["children"].([]any)[1].(map[string]any)["name"].(string), "&#1055;&#1091;"))
	var posted map[string]any
	reqs := srv.Requests()
	require.NoError(t, json.Unmarshal(reqs[len(reqs)-1].Body, &posted))
	assert.NotContains(t, posted, "taxonomy_id")

	got, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
	require.NoError(t, err)
	assert.Equal(t, []int64{100048}, got.Permissions.Organizations)
	assert.Equal(t, made.Taxonomy.Count(), got.Taxonomy.Count())

	t.Run("update posts the whole tree and loses nothing", func(t *testing.T) {
		cur, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
		require.NoError(t, err)
		cur.Taxonomy.Find("Entertainment").RetailCPM = dec("0.95")
		cur.Taxonomy.Children = append(cur.Taxonomy.Children, &dmp.Node{Name: "New", Code: "777", RetailCPM: dec("2"), Buyable: true})
		up, err := tc.Taxonomies.Update(ctx, cur)
		require.NoError(t, err)
		assert.Equal(t, 6, up.Taxonomy.Count())
		assert.Equal(t, "0.95", up.Taxonomy.Find("Entertainment").RetailCPM.String())
		assert.Equal(t, ru.ID, up.Taxonomy.Find("Путешествия").ID, "kept nodes keep their ids")
		body := lastBody(t, srv, "/dmp/v2.0/audience_segments/"+itoa(made.TaxonomyID))
		assert.NotContains(t, body, "created_on")
		tree, _ := json.Marshal(body["taxonomy"])
		assert.Equal(t, 6, strings.Count(string(tree), `"name"`), "every node posted")
	})
	t.Run("modify renames a node", func(t *testing.T) {
		up, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
			x.Taxonomy.Find("Acme Segment 2").Name = "Acme Segment Two"
			return nil
		})
		require.NoError(t, err)
		assert.NotNil(t, up.Taxonomy.Find("Acme Segment Two"))
		assert.Equal(t, 6, srv.DMP().NodeCount(made.TaxonomyID))
	})
	t.Run("modify refuses a dropped node", func(t *testing.T) {
		_, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
			x.Taxonomy.Children = x.Taxonomy.Children[:1]
			return nil
		})
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.True(t, ve.Has("taxonomy", "node removed"))
		assert.Equal(t, 6, srv.DMP().NodeCount(made.TaxonomyID))
		cur, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
		require.NoError(t, err)
		var drop []int64
		for _, c := range cur.Taxonomy.Children[1:] {
			drop = append(drop, c.ID)
		}
		up, err := tc.Taxonomies.RemoveNodes(ctx, made.TaxonomyID, drop)
		require.NoError(t, err)
		assert.Equal(t, 4, up.Taxonomy.Count())
		assert.Equal(t, 4, srv.DMP().NodeCount(made.TaxonomyID))
		assert.Equal(t, ru.ID, up.Taxonomy.Find("Путешествия").ID, "kept nodes keep their ids")
	})
	t.Run("server refuses an unknown node id", func(t *testing.T) {
		cur, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
		require.NoError(t, err)
		cur.Taxonomy.Children[0].ID = 1
		_, err = tc.Taxonomies.Update(ctx, cur)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	})
	t.Run("not found", func(t *testing.T) {
		_, err := tc.Taxonomies.Get(ctx, 5)
		assert.ErrorIs(t, err, adama.ErrNotFound)
	})
}

func TestTaxonomyRemoveNodes(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	tests := []struct {
		name      string
		ids       func(x *dmp.Taxonomy) []int64
		wantField string // a refusal's field; "" for success
		wantRule  string
		wantCount int // nodes left in the stored tree
	}{
		{name: "a leaf", ids: func(x *dmp.Taxonomy) []int64 { return []int64{x.Taxonomy.Find("Entertainment").ID} }, wantCount: 4},
		{name: "a subtree and a node under it", ids: func(x *dmp.Taxonomy) []int64 {
			return []int64{x.Taxonomy.Find("US / Canada").ID, x.Taxonomy.Find("Entertainment").ID}
		}, wantCount: 2},
		{name: "unknown id", ids: func(*dmp.Taxonomy) []int64 { return []int64{987654321} }, wantField: "node_ids[0]", wantRule: "no node of the taxonomy has this id", wantCount: 5},
		{name: "not an id", ids: func(*dmp.Taxonomy) []int64 { return []int64{0} }, wantField: "node_ids[0]", wantRule: "must be a positive id", wantCount: 5},
		{name: "the root", ids: func(x *dmp.Taxonomy) []int64 { return []int64{x.Taxonomy.ID} }, wantField: "node_ids[0]", wantRule: "the root cannot be removed", wantCount: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			made, err := tc.Taxonomies.Create(ctx, sample())
			require.NoError(t, err)
			require.NotZero(t, made.Taxonomy.ID, "the root carries an id")
			posts := srv.Count("POST /dmp/v2.0/audience_segments/" + itoa(made.TaxonomyID))
			up, err := tc.Taxonomies.RemoveNodes(ctx, made.TaxonomyID, tt.ids(made))
			if tt.wantField != "" {
				var ve *adama.ValidationError
				require.ErrorAs(t, err, &ve)
				assert.True(t, ve.Has(tt.wantField, tt.wantRule), ve.Error())
				assert.Equal(t, posts, srv.Count("POST /dmp/v2.0/audience_segments/"+itoa(made.TaxonomyID)), "nothing posted")
			} else {
				require.NoError(t, err)
				assert.Equal(t, tt.wantCount, up.Taxonomy.Count())
			}
			assert.Equal(t, tt.wantCount, srv.DMP().NodeCount(made.TaxonomyID))
		})
	}
}

func itoa(n int64) string { return adama.DecimalFromInt(n).String() }

func lastBody(t *testing.T, srv *adamatest.Server, path string) map[string]any {
	t.Helper()
	reqs := srv.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method == http.MethodPost && reqs[i].Path == path {
			var m map[string]any
			require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
			return m
		}
	}
	t.Fatalf("no POST %s", path)
	return nil
}

func TestTaxonomyListAndGrants(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	a := sample()
	a.Taxonomy.Name = "P1 Audiences"
	_, err := tc.Taxonomies.Create(ctx, a)
	require.NoError(t, err)
	b := sample()
	b.Taxonomy.Name = "Kiosk Audiences"
	kb, err := tc.Taxonomies.Create(ctx, b)
	require.NoError(t, err)
	require.True(t, srv.DMP().SetVisibility(kb.TaxonomyID, "GLOBAL"))

	p, err := tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Like, "*p1*")})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, "P1 Audiences", p.Items[0].Taxonomy.Name)
	assert.Equal(t, dmp.VisibilityRestricted, p.Items[0].Visibility)

	p, err = tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Eq, "Kiosk Audiences")})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.False(t, p.Items[0].Restricted())

	var n int
	for _, err := range tc.Taxonomies.All(ctx, nil) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 2, n)

	got, err := tc.Taxonomies.Get(ctx, kb.TaxonomyID)
	require.NoError(t, err)
	assert.Equal(t, dmp.VisibilityGlobal, got.Visibility, "global taxonomies always carry visibility")

	for _, q := range []*qlang.Query{qlang.Where("name", qlang.Ne, "x"), qlang.Where("taxonomy_id", qlang.Gt, 3), qlang.IDs(4), qlang.Search("x")} {
		_, err := tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: q})
		assert.ErrorIs(t, err, adama.ErrValidation, q.String())
	}

	srv.DMP().SetGrants(1234, map[int64]string{100048: "Org"}, map[int64]string{114842: "Agency A", 108108: "Agency B"}, nil)
	g, err := tc.Taxonomies.Grants(ctx, 1234)
	require.NoError(t, err)
	assert.Equal(t, []*dmp.Grant{{ID: 100048, Name: "Org"}}, g.Organizations)
	assert.Len(t, g.Agencies, 2)
	assert.Empty(t, g.Advertisers)
	_, err = tc.Taxonomies.Grants(ctx, 0)
	assert.ErrorIs(t, err, adama.ErrValidation)
}

func TestTaxonomyRules(t *testing.T) {
	long := strings.Repeat("я", 256)
	cases := []struct {
		name   string
		edit   func(x *dmp.Taxonomy)
		create bool
		field  string
		rule   string
	}{
		{"ok", func(*dmp.Taxonomy) {}, true, "", ""},
		{"permissions", func(x *dmp.Taxonomy) { x.Permissions = nil }, true, "permissions", "required"},
		{"vendor", func(x *dmp.Taxonomy) { x.VendorID = 0 }, true, "vendor_id", "required"},
		{"audience vendor on update", func(*dmp.Taxonomy) {}, false, "audience_vendor_id", "required"},
		{"update ok", func(x *dmp.Taxonomy) { x.AudienceVendorID = 5 }, false, "", ""},
		{"taxonomy", func(x *dmp.Taxonomy) { x.Taxonomy = nil }, true, "taxonomy", "required"},
		{"root name", func(x *dmp.Taxonomy) { x.Taxonomy.Name = "" }, true, "taxonomy.name", "required"},
		{"root children", func(x *dmp.Taxonomy) { x.Taxonomy.Children = nil }, true, "taxonomy.children", "at least one"},
		{"name 255 ok", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Name = long[:255*2] }, true, "", ""},
		{"name 256", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Name = long }, true, "taxonomy.children[1].name", "max length 255"},
		{"node name required", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Name = "" }, true, "taxonomy.children[1].name", "required"},
		{"invalid utf-8", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Name = "a\xff" }, true, "taxonomy.children[1].name", "UTF-8"},
		{"buyable needs code", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code = "" }, true, "taxonomy.children[1].code", "required"},
		{"buyable needs retail", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].RetailCPM = nil }, true, "taxonomy.children[1].retail_cpm", "required"},
		{"retail >= 0", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].RetailCPM = dec("-1") }, true, "taxonomy.children[1].retail_cpm", ">= 0"},
		{"codes unique", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code = "1013003" }, true, "taxonomy.children[1].code", "unique"},
		{"use_hash needed", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code = "segment_id" }, true, "use_hash", "32-bit"},
		{"use_hash needed past int32", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code = "2147483648" }, true, "use_hash", "32-bit"},
		{"int32 max ok", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code = "2147483647" }, true, "", ""},
		{"use_hash given", func(x *dmp.Taxonomy) { x.Taxonomy.Children[1].Code, x.UseHash = "segment_id", adama.Ptr(true) }, true, "", ""},
		{"permission ids", func(x *dmp.Taxonomy) { x.Permissions.Advertisers = []int64{-1} }, true, "permissions.advertisers[0]", "positive"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := sample()
			tc.edit(x)
			err := x.Validate(tc.create)
			if tc.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, tc.rule), "%v", ve)
		})
	}
	t.Run("server enforces the rules too", func(t *testing.T) {
		tc, srv := newClient(t)
		_ = tc
		c, err := srv.NewClient()
		require.NoError(t, err)
		body := `{"permissions":{"organizations":[1]},"vendor_id":1,"taxonomy":{"name":"r","children":[{"name":"a","code":"x","retail_cpm":1,"buyable":true,"children":[]}]}}`
		resp, err := c.Do(context.Background(), &adama.Request{Method: http.MethodPost, Path: "/dmp/v2.0/audience_segments", Body: []byte(body), ContentType: "application/json"})
		if resp != nil {
			resp.Body.Close()
		}
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Contains(t, ae.Error(), "use_hash")
		body = `{"permissions":{"organizations":[1]},"vendor_id":1,"taxonomy":{"name":"Путь","children":[{"name":"a","code":"1","retail_cpm":1,"buyable":true}]}}`
		resp, err = c.Do(context.Background(), &adama.Request{Method: http.MethodPost, Path: "/dmp/v2.0/audience_segments", Body: []byte(body), ContentType: "application/json"})
		if resp != nil {
			resp.Body.Close()
		}
		require.ErrorAs(t, err, &ae)
		assert.Contains(t, ae.Error(), "HTML entities")
	})
}

// TestListNilTerm: a query holding a nil term is refused before sending,
// naming the term, instead of crashing the call.
func TestListNilTerm(t *testing.T) {
	tc, srv := setup()
	defer srv.Close()
	_, err := tc.Taxonomies.List(context.Background(), &dmp.ListOptions{Q: qlang.New(nil)})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("q.terms[0]", "term is nil"), "%v", ve)
}
