package dmp_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/qlang"
)

func gockClient(t *testing.T) *dmp.Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc); gock.Off() })
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return dmp.New(c)
}

func TestGockCreate(t *testing.T) {
	tc := gockClient(t)
	gock.New("https://api.example").Post("/dmp/v2.0/audience_segments").
		MatchHeader("Authorization", "^Bearer tok$").
		MatchHeader("Cookie", "adama_session=sess").
		MatchType("json").
		BodyString(`{"vendor_id":1234,"permissions":{"organizations":[100048],"agencies":[],"advertisers":[]},"use_hash":true,` +
			`"taxonomy":{"name":"Acme &#8211; Private","buyable":false,"children":[` +
			`{"name":"&#1055;&#1091;&#1090;&#1100;","code":"seg_a","uniques":100000,"retail_cpm":0,"buyable":true,"children":[]}]}}`).
		Reply(201).BodyString(`{"meta":{"status":"success"},"data":{"taxonomy_id":127001,"taxonomy":{"id":1,"name":"Acme &#8211; Private","children":[]}}}`)
	x, err := tc.Taxonomies.Create(context.Background(), &dmp.Taxonomy{
		VendorID: 1234, Permissions: &dmp.Permissions{Organizations: []int64{100048}}, UseHash: adama.Ptr(true),
		Taxonomy: &dmp.Node{Name: "Acme – Private", Children: []*dmp.Node{{Name: "Путь", Code: "seg_a", Uniques: i64(100000), RetailCPM: dec("0"), Buyable: true}}},
	})
	require.NoError(t, err)
	assert.Equal(t, "Acme – Private", x.Taxonomy.Name)
	assert.True(t, gock.IsDone())
}

func TestGockListGetUpdate(t *testing.T) {
	tc := gockClient(t)
	gock.New("https://api.example").Get("/dmp/v2.0/audience_segments").
		MatchParam("q", "^name=:P1\\*$").
		Reply(200).BodyString(`{"meta":{"status":"success","total_count":0},"data":[]}`)
	gock.New("https://api.example").Get("/dmp/v2.0/audience_segments/grants/1234").
		Reply(200).BodyString(`{"meta":{"status":"success"},"data":{"organizations":[],"agencies":[],"advertisers":[]}}`)
	gock.New("https://api.example").Get("/dmp/v2.0/audience_segments/100001").
		Reply(200).BodyString(`{"meta":{"status":"success"},"data":{"audience_vendor_id":470,"taxonomy_id":100001,"created_on":"2017-03-22T19:36:05Z",` +
		`"revenue_share_pct":0,"permissions":{"organizations":[100048],"agencies":[],"advertisers":[]},"future":"kept",` +
		`"taxonomy":{"id":100077,"name":"Root","children":[{"id":100078,"name":"Old","code":"1013003","retail_cpm":0.85,"wholesale_cpm":0,"buyable":true,"children":[]}]}}}`)
	gock.New("https://api.example").Post("/dmp/v2.0/audience_segments/100001").
		BodyString(`{"taxonomy_id":100001,"audience_vendor_id":470,"permissions":{"organizations":[100048],"agencies":[],"advertisers":[]},` +
			`"taxonomy":{"id":100077,"name":"Root","buyable":false,"children":[{"id":100078,"name":"New","code":"1013003","retail_cpm":0.85,"wholesale_cpm":0,"buyable":true,"children":[]}]},"future":"kept"}`).
		Reply(202).BodyString(`{"meta":{"status":"success"},"data":{"taxonomy_id":100001,"taxonomy":{"id":100077,"name":"Root","children":[]}}}`)
	ctx := context.Background()
	_, err := tc.Taxonomies.List(ctx, &dmp.ListOptions{Q: qlang.Where("name", qlang.Like, "P1*")})
	require.NoError(t, err)
	_, err = tc.Taxonomies.Grants(ctx, 1234)
	require.NoError(t, err)
	_, err = tc.Taxonomies.Modify(ctx, 100001, func(x *dmp.Taxonomy) error {
		x.Taxonomy.Find("Old").Name = "New"
		return nil
	})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}
