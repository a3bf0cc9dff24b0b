package dmp_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/dmp"
)

// at returns the value under a path of property names and list indexes
// in a decoded JSON object.
func at(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			require.True(t, ok, "%v is not an object", v)
			v = m[k]
		case int:
			l, ok := v.([]any)
			require.True(t, ok, "%v is not a list", v)
			require.Less(t, k, len(l))
			v = l[k]
		}
	}
	return v
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestMisfitsDecode: a taxonomy whose values fit no documented form
// decodes; Misfits names each field (with its path in nested records) and
// its raw value; the fields stay zero; MarshalJSON writes every raw value
// back in its place.
func TestMisfitsDecode(t *testing.T) {
	var x dmp.Taxonomy
	decodeFile(t, "misfit_response.json", &x)
	assert.Equal(t, int64(100001), x.TaxonomyID, "the fields that fit are read")
	assert.Equal(t, "Seg", x.Taxonomy.Children[0].Name)
	assert.Equal(t, []int64{114842}, x.Permissions.Agencies)

	want := []struct {
		field, raw string
		path       []any
	}{
		{"revenue_share_pct", `[12.5]`, []any{"revenue_share_pct"}},
		{"use_hash", `"perhaps"`, []any{"use_hash"}},
		{"visibility", `{}`, []any{"visibility"}},
		{"permissions.organizations", `{"id":100048}`, []any{"permissions", "organizations"}},
		{"taxonomy.children[0].retail_cpm", `"cheap"`, []any{"taxonomy", "children", 0, "retail_cpm"}},
		{"taxonomy.children[0].uniques", `{"estimate":"n/a"}`, []any{"taxonomy", "children", 0, "uniques"}},
	}
	got := x.Misfits()
	require.Len(t, got, len(want), "%v", got)
	for i, w := range want {
		assert.Equal(t, w.field, got[i].Field)
		assert.JSONEq(t, w.raw, string(got[i].Raw), w.field)
		assert.Contains(t, got[i].String(), w.field)
	}
	assert.Nil(t, x.RevenueSharePct)
	assert.Nil(t, x.UseHash)
	assert.Equal(t, dmp.Visibility(""), x.Visibility)
	assert.Nil(t, x.Permissions.Organizations)
	assert.Nil(t, x.Taxonomy.Children[0].RetailCPM)
	assert.Nil(t, x.Taxonomy.Children[0].Uniques)
	assert.Len(t, x.Taxonomy.Children[0].Misfits(), 2, "a nested record names its own fields without the path")
	assert.Equal(t, "retail_cpm", x.Taxonomy.Children[0].Misfits()[0].Field)

	var back any
	require.NoError(t, json.Unmarshal([]byte(jsonOf(t, x)), &back))
	for _, w := range want {
		assert.JSONEq(t, w.raw, jsonOf(t, at(t, back, w.path...)), "%s is written back as it came", w.field)
	}

	var clean dmp.Taxonomy
	decodeFile(t, "get_response.json", &clean)
	assert.Empty(t, clean.Misfits(), "a well-formed answer has no misfit")
	var nilTax *dmp.Taxonomy
	assert.Empty(t, nilTax.Misfits())
}

// TestMisfitsOverHTTP: a taxonomy the platform stores with ill-typed
// values is returned by Get with its misfits reported, is posted back with
// the raw values unchanged by Modify (unless the field was set since), and
// fails the call naming the fields under adama.WithStrictDecoding.
func TestMisfitsOverHTTP(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	seed := sample()
	seed.Extra = map[string]json.RawMessage{"use_hash": json.RawMessage(`"perhaps"`)}
	seg := seed.Taxonomy.Find("Entertainment")
	seg.Uniques = nil
	seg.Extra = map[string]json.RawMessage{"uniques": json.RawMessage(`{"estimate":"n/a"}`)}
	made, err := tc.Taxonomies.Create(ctx, seed)
	require.NoError(t, err)
	require.Equal(t, "perhaps", srv.DMP().Raw(made.TaxonomyID)["use_hash"], "the fake stores the value as sent")

	got, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
	require.NoError(t, err, "one odd field does not fail the record")
	fields := map[string]string{}
	for _, m := range got.Misfits() {
		fields[m.Field] = string(m.Raw)
	}
	assert.Equal(t, map[string]string{
		"use_hash": `"perhaps"`,
		"taxonomy.children[0].children[0].uniques": `{"estimate":"n/a"}`,
	}, fields)
	assert.Nil(t, got.UseHash)
	assert.Nil(t, got.Taxonomy.Find("Entertainment").Uniques)

	t.Run("the raw values go back unchanged on update", func(t *testing.T) {
		_, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
			x.Taxonomy.Find("Acme Segment 2").Name = "Acme Segment Two"
			return nil
		})
		require.NoError(t, err)
		var posted any = lastBody(t, srv, "/dmp/v2.0/audience_segments/"+itoa(made.TaxonomyID))
		assert.Equal(t, "perhaps", at(t, posted, "use_hash"))
		assert.JSONEq(t, `{"estimate":"n/a"}`, jsonOf(t, at(t, posted, "taxonomy", "children", 0, "children", 0, "uniques")))
		assert.Equal(t, "Acme Segment Two", at(t, posted, "taxonomy", "children", 1, "name"))
	})

	t.Run("a field set since is sent instead", func(t *testing.T) {
		_, err := tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(x *dmp.Taxonomy) error {
			x.Taxonomy.Find("Entertainment").Uniques = i64(5)
			return nil
		})
		require.NoError(t, err)
		var posted any = lastBody(t, srv, "/dmp/v2.0/audience_segments/"+itoa(made.TaxonomyID))
		assert.Equal(t, float64(5), at(t, posted, "taxonomy", "children", 0, "children", 0, "uniques"))
		assert.Equal(t, "perhaps", at(t, posted, "use_hash"), "the other misfit still goes back")
	})

	t.Run("strict decoding fails the call naming the field", func(t *testing.T) {
		c, err := srv.NewClient(adama.WithStrictDecoding())
		require.NoError(t, err)
		x, err := dmp.New(c).Taxonomies.Get(ctx, made.TaxonomyID)
		require.Error(t, err)
		assert.Nil(t, x)
		assert.ErrorIs(t, err, adama.ErrMisfit)
		assert.ErrorContains(t, err, "use_hash")
		var me *adama.MisfitError
		require.True(t, errors.As(err, &me))
		require.Len(t, me.Misfits, 1, "the node's uniques was set by the update above")
		assert.Equal(t, "use_hash", me.Misfits[0].Field)
		assert.JSONEq(t, `"perhaps"`, string(me.Misfits[0].Raw))
		var ae *adama.Error
		require.True(t, errors.As(err, &ae))
		assert.Equal(t, adama.CodeMisfit, ae.Code)
	})
}
