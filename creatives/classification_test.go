package creatives_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClassificationV3(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	inf, err := cc.Classifications.Save(ctx, 42, &creatives.Classification{Attributes: []int64{14, 16}, Language: 1, Verticals: []int64{215}})
	require.NoError(t, err)
	require.Len(t, inf.Attributes, 2)
	assert.Equal(t, "Windows Dialog or Alert Style", inf.Attributes[0].Name)
	assert.Equal(t, "anglais", inf.Language.NameFr)
	require.Len(t, inf.Verticals, 1)
	assert.Equal(t, creatives.FlexString("214"), inf.Verticals[0].Parent)

	got, err := cc.Classifications.Get(ctx, 42)
	require.NoError(t, err)
	assert.Equal(t, []int64{14, 16}, got.Attributes)
	assert.Equal(t, int64(1), got.Language)

	inf, err = cc.Classifications.Inflate(ctx, 42)
	require.NoError(t, err)
	assert.Equal(t, "IAB14-1", inf.Verticals[0].Code)

	pub, err := cc.Classifications.ForcePublish(ctx, 42)
	require.NoError(t, err)
	assert.Equal(t, []int64{215}, pub.Verticals)

	recs, err := cc.Classifications.BulkSave(ctx, []creatives.ClassificationRecord{
		{CreativeID: 43, Details: creatives.Classification{Attributes: []int64{999}, Language: 2}},
		{CreativeID: 44, Details: creatives.Classification{Verticals: []int64{365}}},
	})
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Equal(t, "None Apply", recs[0].Details.Attributes[0].Name)

	bulk, err := cc.Classifications.BulkGet(ctx, []int64{42, 43, 44, 45})
	require.NoError(t, err)
	require.Len(t, bulk, 3)
	assert.Equal(t, int64(43), bulk[1].CreativeID)
	assert.Equal(t, int64(2), bulk[1].Details.Language)

	binf, err := cc.Classifications.BulkInflate(ctx, []int64{44})
	require.NoError(t, err)
	require.Len(t, binf, 1)
	assert.Equal(t, "Couponing", binf[0].Details.Verticals[0].Description)

	_, err = cc.Classifications.Get(ctx, 777)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "classification not found", ae.Message, "the UIError body is read")

	for _, r := range srv.Requests() {
		if strings.HasPrefix(r.Path, "/v3.0/classification") {
			assert.Empty(t, r.Header.Get("Cookie"), "classification sends the bearer only")
		}
	}
}

func TestClassificationBulkSplitsLongLists(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	ids := make([]int64, 250)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	_, err := cc.Classifications.Save(ctx, 250, &creatives.Classification{Language: 1})
	require.NoError(t, err)
	srv.ResetRequests()
	recs, err := cc.Classifications.BulkGet(ctx, ids)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, int64(250), recs[0].CreativeID)
	var calls []string
	for _, r := range srv.Requests() {
		calls = append(calls, r.Path)
	}
	require.Len(t, calls, 3, "250 ids take three calls of at most 100")
	assert.True(t, strings.HasSuffix(calls[2], "/201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250"))
}

func TestClassificationValidation(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	tests := []struct {
		name        string
		call        func() error
		field, rule string
	}{
		{"cid", func() error { _, err := cc.Classifications.Get(ctx, 0); return err }, "cid", "between"},
		{"cid too large", func() error { _, err := cc.Classifications.Inflate(ctx, 2147483648); return err }, "cid", "between"},
		{"nil body", func() error { _, err := cc.Classifications.Save(ctx, 1, nil); return err }, "classification", "required"},
		{"attribute id", func() error {
			_, err := cc.Classifications.Save(ctx, 1, &creatives.Classification{Attributes: []int64{0}})
			return err
		}, "attributes[0]", "positive"},
		{"vertical id", func() error {
			_, err := cc.Classifications.Save(ctx, 1, &creatives.Classification{Verticals: []int64{-3}})
			return err
		}, "verticals[0]", "positive"},
		{"empty bulk", func() error { _, err := cc.Classifications.BulkGet(ctx, nil); return err }, "cids", "at least one"},
		{"bad bulk id", func() error { _, err := cc.Classifications.BulkInflate(ctx, []int64{1, 0}); return err }, "cids[1]", "between"},
		{"bulk save id", func() error {
			_, err := cc.Classifications.BulkSave(ctx, []creatives.ClassificationRecord{{CreativeID: 0}})
			return err
		}, "records[0].atomic_creative_id", "between"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ve *adama.ValidationError
			require.ErrorAs(t, tt.call(), &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	assert.Empty(t, srv.Requests(), "nothing invalid was sent")
}

func TestClassificationV1(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	saved, err := cc.Classifications.SaveV1(ctx, 50, &creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{214}})
	require.NoError(t, err)
	assert.Equal(t, []int64{14}, saved.Attributes)

	got, err := cc.Classifications.GetV1(ctx, 50)
	require.NoError(t, err)
	assert.Equal(t, []int64{214}, got.Verticals)
	inf, err := cc.Classifications.InflateV1(ctx, 50)
	require.NoError(t, err)
	assert.Equal(t, "Society", inf.Verticals[0].Description)

	recs, err := cc.Classifications.BulkSaveV1(ctx, []creatives.ClassificationRecord{{CreativeID: 51, Details: creatives.Classification{Language: 2}}})
	require.NoError(t, err)
	assert.Equal(t, "French", recs[0].Details.Language.Name)
	bulk, err := cc.Classifications.BulkGetV1(ctx, []int64{50, 51})
	require.NoError(t, err)
	assert.Len(t, bulk, 2)
	binf, err := cc.Classifications.BulkInflateV1(ctx, []int64{51})
	require.NoError(t, err)
	assert.Equal(t, "fre", binf[0].Details.Language.Bibliographic)

	_, err = cc.Classifications.GetV1(ctx, 999)
	assert.ErrorIs(t, err, adama.ErrNotFound)

	paths := map[string]bool{}
	for _, r := range srv.Requests() {
		paths[r.Method+" "+r.Path] = true
	}
	for _, p := range []string{"POST /classification/v1.0/50", "GET /classification/v1.0/50", "GET /classification/v1.0/50/inflate",
		"POST /classification/v1.0/bulk", "GET /classification/v1.0/bulk/50,51", "GET /classification/v1.0/bulk/51/inflate"} {
		assert.True(t, paths[p], p)
	}
}

// TestV1StatusInValue reads the platform's v1.0 error form: a status
// object inside response.value, even with 200.
func TestV1StatusInValue(t *testing.T) {
	srv := creatives.NewRawServer(t, http.StatusOK, "application/json", `{"response": {"value": {"status": {"code": "auth_required", "reason": "not_logged_in", "message": "failed parsing session from request"}}}}`)
	cc := creatives.New(srv)
	_, err := cc.Classifications.GetV1(context.Background(), 1)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrUnauthorized)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "not_logged_in", ae.Reason)
	assert.Equal(t, "failed parsing session from request", ae.Message)
}

func TestStaticData(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	items, err := cc.StaticData.List(ctx, creatives.CategoryIABVerticals, nil)
	require.NoError(t, err)
	assert.Len(t, items.Items, 4)
	assert.Equal(t, 4, items.Count)
	items, err = cc.StaticData.List(ctx, creatives.CategoryIABVerticals, &creatives.StaticDataOptions{Key: "dating"})
	require.NoError(t, err)
	require.Len(t, items.Items, 1)
	assert.Equal(t, "IAB14-1", items.Items[0].Code)
	assert.Equal(t, "dating", srv.Requests()[len(srv.Requests())-1].Query.Get("key"))

	it, err := cc.StaticData.Get(ctx, creatives.CategoryLanguage, "1")
	require.NoError(t, err)
	assert.Equal(t, "English", it.Name)
	assert.Equal(t, "anglais", it.NameFr)

	_, err = cc.StaticData.List(ctx, creatives.Category("colours"), nil)
	assert.ErrorIs(t, err, adama.ErrNotFound, "any category string is sent; the platform answers")

	// v1.0: the language and attribute lists answer text/plain.
	langs, err := cc.StaticData.ListV1(ctx, creatives.CategoryLanguage, nil)
	require.NoError(t, err)
	assert.Len(t, langs.Items, 2)
	attrs, err := cc.StaticData.ListV1(ctx, creatives.CategoryIABAttributes, nil)
	require.NoError(t, err)
	assert.Len(t, attrs.Items, 3)
	vert, err := cc.StaticData.GetV1(ctx, creatives.CategoryIABVerticals, "365")
	require.NoError(t, err)
	assert.Equal(t, "Couponing", vert.Description)
	_, err = cc.StaticData.GetV1(ctx, creatives.CategoryIABAttributes, "5")
	assert.ErrorIs(t, err, adama.ErrNotFound)

	var ve *adama.ValidationError
	_, err = cc.StaticData.ListV1(ctx, creatives.Category("colours"), nil)
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("category", "v1.0"))
	_, err = cc.StaticData.Get(ctx, creatives.Category("a/b"), "")
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("category", "one path segment"))
	assert.True(t, ve.Has("id", "required"))
}
