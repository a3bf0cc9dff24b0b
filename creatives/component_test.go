package creatives_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestComponentCreatives(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	c, err := cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{
		ConceptID: "77", CreativeName: "Native one", Title: "Hello", Status: true,
		NewAssets: creatives.ReplaceAssets(creatives.TextAsset(6, "body text"), creatives.ImageAsset("logo.png", []byte("png-bytes"))),
	})
	require.NoError(t, err)
	require.NotZero(t, c.AtomicCreativeID)
	assert.True(t, c.Status, `status "1" reads as true`)
	require.Len(t, c.Assets, 2)
	assert.Equal(t, "text", c.Assets[0].AssetType)
	assert.Equal(t, "Body", c.Assets[0].ComponentHumanName)
	assert.Equal(t, "logo.png", c.Assets[1].ImageFilename)
	assert.Equal(t, int64(9), c.Assets[1].ImageFileSize)
	assert.Equal(t, creatives.FlexString("77"), c.ConceptID)

	// Bearer and session cookie on every component call.
	for _, r := range srv.Requests() {
		if strings.HasPrefix(r.Path, "/component_creatives/") {
			assert.NotEmpty(t, r.Header.Get("Authorization"))
			assert.Contains(t, r.Header.Get("Cookie"), adama.SessionCookieName+"=")
		}
	}

	got, err := cc.ComponentCreatives.Get(ctx, c.AtomicCreativeID)
	require.NoError(t, err)
	assert.Nil(t, got.Previews)
	pv, err := cc.ComponentCreatives.GetWithPreviews(ctx, c.AtomicCreativeID)
	require.NoError(t, err)
	assert.Contains(t, string(pv.Previews), "preview.example")
	assert.Equal(t, "previews", srv.Requests()[len(srv.Requests())-1].Query.Get("include"))

	// An update without assets leaves them; AddAssets keeps the old ones.
	up, err := cc.ComponentCreatives.Update(ctx, &creatives.ComponentCreative{AtomicCreativeID: c.AtomicCreativeID, Title: "Hello again", Status: true})
	require.NoError(t, err)
	assert.Len(t, up.Assets, 2)
	up, err = cc.ComponentCreatives.AddAssets(ctx, c.AtomicCreativeID, []creatives.AssetInput{creatives.SubtitleAsset("en.srt", []byte("1\n00:00"))})
	require.NoError(t, err)
	require.Len(t, up.Assets, 3)
	assert.Equal(t, "subtitle", up.Assets[2].AssetType)
	// KeepAssets keeps exactly the listed ones.
	up, err = cc.ComponentCreatives.Update(ctx, &creatives.ComponentCreative{AtomicCreativeID: c.AtomicCreativeID, Status: true, NewAssets: creatives.KeepAssets(c.Assets[0].AssetID)})
	require.NoError(t, err)
	require.Len(t, up.Assets, 1)
	assert.Equal(t, []int64{c.Assets[0].AssetID}, srv.Creatives().ComponentCreativeAssets(c.AtomicCreativeID))

	el, err := cc.ComponentCreatives.Eligibility(ctx, c.AtomicCreativeID)
	require.NoError(t, err)
	require.Len(t, el, 1)
	assert.False(t, el[0].Eligible)
	assert.Equal(t, "Desktop", el[0].AdFormat.SimpleName)
	assert.Equal(t, creatives.FlexString("2"), el[0].RequiredComponents[0].ID)

	ver, err := cc.ComponentCreatives.Version(ctx)
	require.NoError(t, err)
	assert.Equal(t, "cfb1074-20190419202430", ver)

	_, err = cc.ComponentCreatives.Get(ctx, 1)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Creative not found", ae.Message, "the response.value error form is read")
}

func TestComponentCreativesListAndAll(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	for i := range 5 {
		srv.Creatives().AddComponentCreative(int64(100+i%2), "c")
	}
	p, err := cc.ComponentCreatives.List(ctx, &creatives.ComponentListOptions{PageLimit: 2, PageOffset: 1, SortBy: "-creative_name"})
	require.NoError(t, err)
	assert.Len(t, p.Items, 2)
	assert.Equal(t, 1, p.Offset)
	assert.Equal(t, 5, p.TotalCount, "a total sent as a string is read")
	assert.True(t, p.HasTotal)
	q := srv.Requests()[len(srv.Requests())-1].Query
	assert.Equal(t, "2", q.Get("page_limit"))
	assert.Equal(t, "-creative_name", q.Get("sort_by"))

	p, err = cc.ComponentCreatives.List(ctx, &creatives.ComponentListOptions{AdvertiserID: 101, Status: adama.Ptr(true)})
	require.NoError(t, err)
	assert.Len(t, p.Items, 2)

	var n int
	for c, err := range cc.ComponentCreatives.All(ctx, &creatives.ComponentListOptions{PageLimit: 2}) {
		require.NoError(t, err)
		require.NotZero(t, c.AtomicCreativeID)
		n++
	}
	assert.Equal(t, 5, n)
	assert.Equal(t, 3, srv.Count("GET /component_creatives/v1.0/creatives")-2)

	var ve *adama.ValidationError
	_, err = cc.ComponentCreatives.List(ctx, &creatives.ComponentListOptions{PageLimit: 101, SortBy: "colour", PageOffset: -1})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("page_limit", ""))
	assert.True(t, ve.Has("sort_by", "one of"))
	assert.True(t, ve.Has("page_offset", "at least 0"))
}

func TestComponentAssets(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	a1 := srv.Creatives().AddComponentCreative(100, "a1")
	a2 := srv.Creatives().AddComponentCreative(100, "a2")
	b1 := srv.Creatives().AddComponentCreative(200, "b1")

	text, err := cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 6, AssetValue: "some body", CreativeIDs: []int64{a1, a2}})
	require.NoError(t, err)
	assert.Equal(t, "some body", text.AssetValue)
	assert.Equal(t, int64(100), text.AdvertiserID)
	assert.Contains(t, srv.Creatives().ComponentCreativeAssets(a2), text.AssetID)

	img, err := cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 2, Image: &creatives.AssetFile{Filename: "logo.png", ContentType: "image/png", Data: []byte("12345")}, AdvertiserID: 100})
	require.NoError(t, err)
	assert.Equal(t, "image", img.AssetType)
	assert.Equal(t, int64(5), img.ImageFileSize)

	got, err := cc.Assets.Get(ctx, text.AssetID)
	require.NoError(t, err)
	assert.Equal(t, "Body", got.ComponentHumanName)
	upd, err := cc.Assets.UpdateText(ctx, text.AssetID, "new body")
	require.NoError(t, err)
	assert.Equal(t, "new body", upd.AssetValue)
	upd, err = cc.Assets.UpdateImage(ctx, img.AssetID, &creatives.AssetFile{Filename: "logo2.png", Data: []byte("1234567")})
	require.NoError(t, err)
	assert.Equal(t, "logo2.png", upd.ImageFilename)

	// Checked before sending the create: one advertiser only.
	srv.ResetRequests()
	_, err = cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 6, AssetValue: "x", CreativeIDs: []int64{a1, b1}})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("creative_ids[1]", "one advertiser"))
	assert.Zero(t, srv.Count("POST /component_creatives/v1.0/assets"))
	_, err = cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 6, AssetValue: "x"})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("advertiser_id", "creative_ids is required"))
	_, err = cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 0, AdvertiserID: 1})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("component_id", ""))
	assert.True(t, ve.Has("asset_value", "exactly one"))
}

func TestComponentsAndApprovals(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	list, err := cc.Components.List(ctx, nil)
	require.NoError(t, err)
	assert.Len(t, list.Items, 7)
	assert.Nil(t, list.Items[0].CharLimit)

	comp, err := cc.Components.Create(ctx, &creatives.Component{ComponentHumanName: "Right Image", ComponentName: "right_image", ValueTypeName: creatives.ComponentValueTypeImage})
	require.NoError(t, err)
	require.NotNil(t, comp.IsEnabled)
	assert.True(t, *comp.IsEnabled, "nil on create leaves the platform's default")
	got, err := cc.Components.Get(ctx, comp.ComponentID)
	require.NoError(t, err)
	assert.Equal(t, creatives.ComponentValueTypeImage, got.ValueTypeName)
	got.CharLimit, got.IsEnabled = adama.Ptr(90), adama.Ptr(false)
	assert.Equal(t, []string{"char_limit", "is_enabled"}, got.Changes())
	upd, err := cc.Components.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, 90, *upd.CharLimit)
	assert.False(t, *upd.IsEnabled)
	assert.Equal(t, map[string]any{"char_limit": float64(90), "is_enabled": false}, lastJSON(t, srv), "only the changes are sent")

	mod, err := cc.Components.Modify(ctx, comp.ComponentID, func(c *creatives.Component) error {
		c.ComponentHumanName = "Right Image 2"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "Right Image 2", mod.ComponentHumanName)
	assert.Equal(t, 90, *mod.CharLimit, "untouched fields stay")
	assert.Equal(t, map[string]any{"component_human_name": "Right Image 2"}, lastJSON(t, srv))

	srv.Creatives().SetComponentAdmin(false)
	_, err = cc.Components.Create(ctx, &creatives.Component{ComponentHumanName: "X", ValueTypeName: creatives.ComponentValueTypeText})
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrUnauthorized)
	assert.Contains(t, err.Error(), "restricted to users the platform allows")

	var ve *adama.ValidationError
	_, err = cc.Components.Create(ctx, &creatives.Component{ValueTypeName: "AUDIO"})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("component_human_name", "required"))
	assert.True(t, ve.Has("value_type_name", "one of"))

	// Approvals: 60 ids take two calls of at most 50.
	ids := make([]int64, 60)
	for i := range ids {
		ids[i] = srv.Creatives().AddComponentCreative(100, "x")
	}
	srv.ResetRequests()
	ap, err := cc.Approvals.ListByIDs(ctx, ids)
	require.NoError(t, err)
	assert.Len(t, ap, 60)
	assert.Equal(t, ids[0], ap[0].AtomicCreativeID, "an id sent as a string is read")
	assert.Equal(t, "PENDING", ap[0].NetStatus)
	assert.Equal(t, 2, srv.Count("GET /component_creatives/v1.0/approvals"))

	cr, err := cc.Approvals.PostAssets(ctx, ids[0], []creatives.AssetInput{creatives.ImageAsset("a.png", []byte("x")), creatives.SubtitleAsset("a.srt", []byte("y"))})
	require.NoError(t, err)
	assert.Len(t, cr.Assets, 2)
	_, err = cc.Approvals.PostAssets(ctx, ids[0], []creatives.AssetInput{creatives.TextAsset(6, "text")})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("assets[0]", "image or subtitle"))

	// The pre-signed URL of a video asset, and its asset value.
	u, err := cc.ComponentCreatives.UploadURL(ctx, "hello.mp4")
	require.NoError(t, err)
	assert.Contains(t, string(u), "X-Amz-Signature")
	assert.NotContains(t, u.AssetValue(), "?")
	assert.True(t, strings.HasSuffix(u.AssetValue(), "hello.mp4"))
	_, err = cc.ComponentCreatives.UploadURL(ctx, "bad#name.mp4")
	require.ErrorAs(t, err, &ve)
}

func TestComponentV3(t *testing.T) {
	_, srv := newTestClient(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	cc := creatives.New(c, creatives.WithComponentV3())
	ctx := context.Background()
	a := srv.Creatives().AddComponentCreative(100, "Alpha")
	srv.Creatives().AddComponentCreative(100, "Beta")

	p, err := cc.ComponentCreatives.List(ctx, &creatives.ComponentListOptions{Search: "alp", OrganizationID: 1})
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, a, p.Items[0].AtomicCreativeID)
	q := srv.Requests()[len(srv.Requests())-1].Query
	assert.Equal(t, "alp", q.Get("search"))
	assert.Equal(t, "1", q.Get("organization_id"))

	up, err := cc.ComponentCreatives.Update(ctx, &creatives.ComponentCreative{AtomicCreativeID: a, Title: "v3", Status: true})
	require.NoError(t, err)
	assert.Equal(t, a, up.AtomicCreativeID)
	assert.Equal(t, 1, srv.Count("PUT /component_creatives/v3.0/creatives/"+itoa(a)), "v3.0 updates with PUT")
}

func TestComponentRetriesAndFaults(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	srv.FailNext("/component_creatives/v1.0/components", 2, 503, "0")
	list, err := cc.Components.List(ctx, nil)
	require.NoError(t, err, "a read is retried")
	assert.NotEmpty(t, list.Items)
	assert.Equal(t, 3, srv.Count("GET /component_creatives/v1.0/components"))

	srv.FailNext("/component_creatives/v1.0/creatives", 1, 500, "")
	_, err = cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{ConceptID: "1"})
	assert.ErrorIs(t, err, adama.ErrServer)
	assert.Equal(t, 1, srv.Count("POST /component_creatives/v1.0/creatives"), "a create is not replayed")
}

// TestComponentCreativeReadChangeSave creates a creative from a record,
// reads it, changes it and saves it, then modifies it: each save sends
// only what changed, under the names the platform writes.
func TestComponentCreativeReadChangeSave(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	lastBody := func(method string) map[string]any {
		t.Helper()
		rs := srv.Requests()
		for i := len(rs) - 1; i >= 0; i-- {
			if rs[i].Method == method && strings.HasPrefix(rs[i].Path, "/component_creatives/v1.0/creatives/") {
				var m map[string]any
				require.NoError(t, json.Unmarshal(rs[i].Body, &m))
				return m
			}
		}
		t.Fatalf("no %s of a creative", method)
		return nil
	}

	made, err := cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{
		ConceptID: "77", CreativeName: "Native one", Title: "Hello", Status: true,
		NewAssets: creatives.ReplaceAssets(creatives.TextAsset(6, "body text")),
	})
	require.NoError(t, err)
	require.NotZero(t, made.AtomicCreativeID)
	assert.False(t, made.Fresh(), "the answer is a record read")

	got, err := cc.ComponentCreatives.Get(ctx, made.AtomicCreativeID)
	require.NoError(t, err)
	assert.Empty(t, got.Changes(), "a record read has nothing to send")
	got.CreativeName = "Renamed"
	got.ConceptID = "78"
	assert.Equal(t, []string{"concept_id", "creative_name"}, got.Changes())

	up, err := cc.ComponentCreatives.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"creative_name": "Renamed", "concept_id": float64(78)}, lastBody(http.MethodPost),
		"only the change is sent; concept_id read as text goes as a number")
	assert.Equal(t, "Renamed", up.CreativeName)
	assert.Equal(t, creatives.FlexString("78"), up.ConceptID)
	require.Len(t, up.Assets, 1, "an update without NewAssets leaves the assets")

	mod, err := cc.ComponentCreatives.Modify(ctx, made.AtomicCreativeID, func(c *creatives.ComponentCreative) error {
		c.ExternalIdentifier = "ext-9"
		c.Status = false
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"external_identifier": "ext-9", "status": false}, lastBody(http.MethodPost))
	assert.Equal(t, "ext-9", mod.ExternalIdentifier)
	assert.False(t, mod.Status)
	assert.Equal(t, "Renamed", mod.CreativeName, "what Modify did not change stays")

	_, err = cc.ComponentCreatives.Modify(ctx, made.AtomicCreativeID, func(*creatives.ComponentCreative) error { return errors.New("stop") })
	assert.EqualError(t, err, "stop", "a change that fails saves nothing")

	var ve *adama.ValidationError
	_, err = cc.ComponentCreatives.Update(ctx, &creatives.ComponentCreative{})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("atomic_creative_id", ""))
	_, err = cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{ConceptID: "x", Width: adama.Ptr(0)})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("concept_id", "positive integer"))
	assert.True(t, ve.Has("width", "positive"))
	_, err = cc.ComponentCreatives.Create(ctx, nil)
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("creative", "required"))
}
