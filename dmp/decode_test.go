package dmp_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/internal/call"
)

func decodeFile(t *testing.T, name string, dst any) call.Meta {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	meta, err := call.DataMeta.Decode(bytes.NewReader(b), "application/json", dst)
	require.NoError(t, err, name)
	return meta
}

func TestDecodeReferenceExamples(t *testing.T) {
	t.Run("create answer", func(t *testing.T) {
		var x dmp.Taxonomy
		decodeFile(t, "create_response.json", &x)
		assert.Equal(t, int64(127001), x.TaxonomyID)
		assert.Equal(t, int64(1234), x.VendorID)
		assert.Equal(t, "VENDOR_NAME - (Private) – Acme Co Taxonomy", x.Taxonomy.Name)
		require.Len(t, x.Taxonomy.Children, 2)
		assert.Equal(t, "1234568", x.Taxonomy.Children[0].Code)
		assert.Equal(t, int64(5551212), x.Taxonomy.Children[0].ID)
		assert.True(t, x.Taxonomy.Children[0].WholesaleCPM.IsZero())
		assert.Nil(t, x.CreatedOn, `"created_on": "timestamp" is no time`)
		assert.JSONEq(t, `"timestamp"`, string(x.Extra["created_on"]), "kept as sent")
		assert.True(t, x.Restricted())
	})
	t.Run("list answer", func(t *testing.T) {
		var xs []dmp.Taxonomy
		meta := decodeFile(t, "list_response.json", &xs)
		assert.Equal(t, 3, meta.TotalCount)
		require.Len(t, xs, 3)
		assert.Equal(t, dmp.VisibilityRestricted, xs[0].Visibility)
		assert.Equal(t, "Big Time Client [12345]", xs[0].Taxonomy.Description)
		assert.Nil(t, xs[0].CreatedBy)
		assert.Equal(t, int64(24699), *xs[0].UpdatedBy)
		assert.Equal(t, "77", xs[0].RevenueSharePct.String())
	})
	t.Run("grants", func(t *testing.T) {
		var g dmp.Grants
		decodeFile(t, "grants_response.json", &g)
		assert.Len(t, g.Agencies, 2)
		assert.Equal(t, "Org Name", g.Organizations[0].Name)
	})
	t.Run("get and update answers", func(t *testing.T) {
		var g, u dmp.Taxonomy
		decodeFile(t, "get_response.json", &g)
		assert.Equal(t, "xxxxx", g.Taxonomy.Children[0].Code)
		decodeFile(t, "update_response.json", &u)
		ent := u.Taxonomy.Find("Entertainment")
		require.NotNil(t, ent)
		assert.Equal(t, "0.85", ent.RetailCPM.String())
		assert.Equal(t, int64(3944066), *ent.Uniques)
		assert.Equal(t, "2018-06-15T14:55:51+0000", u.UpdatedOn.String())
	})
	t.Run("requests", func(t *testing.T) {
		for _, f := range []string{"create_request.json", "update_request.json", "create_doc_0.json"} {
			b, err := os.ReadFile("testdata/" + f)
			require.NoError(t, err)
			var x dmp.Taxonomy
			require.NoError(t, json.Unmarshal(b, &x), f)
			require.NotNil(t, x.Taxonomy, f)
			assert.NotEmpty(t, x.Taxonomy.Children, f)
		}
	})
}

func TestDecodePlatformShapes(t *testing.T) {
	body := `{"meta":{"status":"success"},"data":{"taxonomy_id":"100001","audience_vendor_id":"470","revenue_share_pct":"12.5",
		"visibility":"PARTNER","custom":{"a":1},"permissions":{"organizations":["100048"],"agencies":[],"advertisers":[],"note":"n"},
		"taxonomy":{"id":"1","name":"&#1055;&#1091;&#1090;&#1100;","extra_root":true,"children":[
			{"id":2,"name":"Caf&eacute;","code":1013003,"uniques":"10","retail_cpm":"0.85","wholesale_cpm":0.5,"buyable":"true","children":null,"tag":"x"}]}}}`
	var x dmp.Taxonomy
	_, err := call.DataMeta.Decode(bytes.NewReader([]byte(body)), "application/json", &x)
	require.NoError(t, err)
	assert.Equal(t, int64(100001), x.TaxonomyID)
	assert.Equal(t, "12.5", x.RevenueSharePct.String())
	assert.Equal(t, dmp.Visibility("PARTNER"), x.Visibility)
	assert.False(t, x.Visibility.Valid())
	assert.Equal(t, "Путь", x.Taxonomy.Name)
	n := x.Taxonomy.Children[0]
	assert.Equal(t, "Café", n.Name)
	assert.Equal(t, "1013003", n.Code, "a numeric code is read as text")
	assert.Equal(t, int64(10), *n.Uniques)
	assert.True(t, n.Buyable)
	assert.Equal(t, []int64{100048}, x.Permissions.Organizations)

	out, err := json.Marshal(x)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, map[string]any{"a": float64(1)}, back["custom"])
	assert.Equal(t, "n", back["permissions"].(map[string]any)["note"])
	root := back["taxonomy"].(map[string]any)
	assert.Equal(t, true, root["extra_root"])
	assert.Equal(t, "&#1055;&#1091;&#1090;&#1100;", root["name"])
	child := root["children"].([]any)[0].(map[string]any)
	assert.Equal(t, "x", child["tag"])
	assert.Equal(t, "Caf&#233;", child["name"])
	assert.Equal(t, []any{}, child["children"])
}
