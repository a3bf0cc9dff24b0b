package creatives

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sample(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

// served returns a client whose every call answers with the sample.
func served(t testing.TB, status int, contentType, name string) *Client {
	t.Helper()
	return New(newRawServer(t, status, contentType, sample(t, name)))
}

func TestDecodeVideoV3Samples(t *testing.T) {
	ctx := context.Background()

	v, err := served(t, 200, "application/json", "v3_creative.json").Videos.Get(ctx, 5123)
	require.NoError(t, err)
	assert.Equal(t, int64(5123), v.ID, "an id sent as a string is read")
	assert.True(t, v.Details.Active, `"true" reads as true`)
	assert.Equal(t, int64(7), v.Details.Advertiser)
	assert.Equal(t, int64(1700000000), *v.Details.StartTime)
	assert.Equal(t, []int64{12, 13}, v.Details.Vendors)
	assert.Equal(t, VASTVersion("VAST5"), v.Details.VASTVersion, "an unknown enum value is kept")
	assert.False(t, v.Details.VASTVersion.Valid())
	assert.Equal(t, EncodingStatus("Transcoding"), v.Status)
	assert.Equal(t, 15.5, v.Duration)
	assert.Equal(t, "Tracker", v.UnsecureURLs["3"].VendorName)
	assert.True(t, v.P1AS)
	assert.Contains(t, v.Details.Extra, "serverOnlySetting")
	assert.Contains(t, v.Extra, "newTopLevel")

	// Round trip keeps the unknown fields at both levels.
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, []any{1.0, 2.0}, back["newTopLevel"])
	assert.Equal(t, map[string]any{"a": 1.0}, back["details"].(map[string]any)["serverOnlySetting"])

	br, err := served(t, 200, "application/json", "v3_bulk.json").Videos.ListByIDs(ctx, []int64{5001, 5002, 9})
	require.NoError(t, err)
	assert.Len(t, br.Creatives, 2)
	assert.Equal(t, 2, br.Count)
	require.Len(t, br.Errors, 1)
	assert.Equal(t, 2, br.Errors[0].Index, "an index sent as a string is read")
	assert.Equal(t, "partial", br.Status.Message)

	nc, err := served(t, 201, "application/json", "v3_new_creative.json").Videos.create(ctx, uploadInput(), nil)
	require.NoError(t, err)
	assert.Equal(t, int64(5003), nc.CreativeID)
	assert.Equal(t, 900, nc.ExpiresIn)
	assert.False(t, nc.ExpiresAt.IsZero())
	assert.Equal(t, "https://bucket.storage.example/creatives/5003/spot.mp4", nc.UploadURL.String())

	comps, err := served(t, 200, "application/json", "v3_companions.json").Companions.List(ctx, 1, nil)
	require.NoError(t, err)
	require.Len(t, comps.Items, 2)
	assert.Equal(t, int64(101), comps.Items[0].ID)
	assert.Equal(t, int64(102), comps.Items[1].ID, "the id comes from the map key")
	assert.Equal(t, 250, comps.Items[1].Details.Height)
	assert.Contains(t, comps.Items[0].Details.Extra, "zIndex")

	h, err := served(t, 200, "application/json", "v3_history.json").Videos.History(ctx, 1, nil)
	require.NoError(t, err)
	require.Len(t, h.LogEntries.Entry, 1)
	e := h.LogEntries.Entry[0]
	assert.Equal(t, int64(12), e.UserID)
	assert.Equal(t, FlexString("7"), e.Fields[1].OldValue, "a number kept as text")
	assert.Contains(t, e.Extra, "ip")
	assert.Equal(t, []string{"companions"}, h.With.LogEntries)

	vr, err := served(t, 200, "application/json", "v3_validate.json").Videos.ValidateVAST(ctx, []byte("<VAST/>"))
	require.NoError(t, err)
	assert.False(t, vr.Valid())
	assert.Len(t, vr.Warnings, 2)
}

func TestDecodeClassificationAndStaticSamples(t *testing.T) {
	ctx := context.Background()
	inf, err := served(t, 200, "application/json", "v3_inflated.json").Classifications.Inflate(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, FlexString("0"), inf.Attributes[0].Parent)
	assert.Equal(t, "anglais", inf.Language.NameFr)
	assert.Equal(t, int64(214), inf.Verticals[0].ID)

	items, err := served(t, 200, "application/json", "v3_static_list.json").StaticData.List(ctx, CategoryLanguage, nil)
	require.NoError(t, err)
	require.Len(t, items.Items, 2)
	assert.Equal(t, FlexString("363"), items.Items[0].Parent)
	assert.Equal(t, "anglais", items.Items[1].NameFr, "nameFr is read too")
	assert.Contains(t, items.Items[1].Extra, "region")

	tests := []struct {
		file, ct string
		cat      Category
		n        int
		first    string
	}{
		{"v1_iab_attributes.json", "text/plain", CategoryIABAttributes, 18, "Rotating Advertisers"},
		{"v1_language.json", "text/plain", CategoryLanguage, 0, "Awadhi"},
		{"v1_iab_verticals.json", "application/json", CategoryIABVerticals, 0, "Society"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			items, err := served(t, 200, tt.ct, tt.file).StaticData.ListV1(ctx, tt.cat, nil)
			require.NoError(t, err)
			require.NotEmpty(t, items.Items)
			if tt.n > 0 {
				assert.Len(t, items.Items, tt.n)
			}
			assert.Equal(t, tt.first, items.Items[0].Name+items.Items[0].Description)
		})
	}
	lang, err := served(t, 200, "application/json", "v1_language_item.json").StaticData.GetV1(ctx, CategoryLanguage, "1")
	require.NoError(t, err)
	assert.Equal(t, "anglais", lang.NameFr)
	vert, err := served(t, 200, "application/json", "v1_iab_vertical_item.json").StaticData.GetV1(ctx, CategoryIABVerticals, "365")
	require.NoError(t, err)
	assert.Equal(t, "IAB22-2", vert.Code)
	attr, err := served(t, 200, "application/json", "v1_iab_attribute_item.json").StaticData.GetV1(ctx, CategoryIABAttributes, "14")
	require.NoError(t, err)
	assert.Equal(t, int64(14), attr.ID)

	saved, err := served(t, 200, "application/json", "v1_classification_save.json").Classifications.SaveV1(ctx, 1, &Classification{})
	require.NoError(t, err)
	assert.Equal(t, []int64{0}, saved.Attributes)
	recs, err := served(t, 200, "application/json", "v1_classification_bulk.json").Classifications.BulkSaveV1(ctx, []ClassificationRecord{{CreativeID: 1}})
	require.NoError(t, err)
	require.Len(t, recs, 1)
	_, err = served(t, 200, "application/json", "v1_classification_status.json").Classifications.GetV1(ctx, 1)
	assert.ErrorIs(t, err, adama.ErrUnauthorized)
}

func TestDecodeV2Samples(t *testing.T) {
	ctx := context.Background()
	st, err := served(t, 200, "application/json", "v2_status.json").Videos.StatusV2(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, int64(1048576), st.UploadInfo.Size)
	assert.Equal(t, 62.5, st.EncodingStatus.Percent)
	assert.Equal(t, EncodingStatusStoring, st.EncodingStatus.Encodings[1].Status)
	vs, err := served(t, 200, "application/json", "v2_variants.json").Videos.VariantsV2(ctx, 1)
	require.NoError(t, err)
	require.Len(t, vs, 1)
	assert.Equal(t, 800, vs[0].BitrateKbps)
	assert.Equal(t, "r/360.mp4", vs[0].StorageResourceName)
	assert.Contains(t, vs[0].Extra, "profile")
}

func TestDecodeComponentSamples(t *testing.T) {
	ctx := context.Background()
	p, err := served(t, 200, "application/json", "cc_list.json").ComponentCreatives.List(ctx, nil)
	require.NoError(t, err)
	require.NotEmpty(t, p.Items)
	assert.Equal(t, int64(6897203), p.Items[0].AtomicCreativeID)
	assert.Len(t, p.Items[0].Assets, 3)
	assert.Equal(t, "2019-05-29T17:04:53.082Z", p.Items[0].CreatedAt)

	p3, err := served(t, 200, "application/json", "cc_v3_list.json").ComponentCreatives.List(ctx, nil)
	require.NoError(t, err, "the v3.0 data/meta form is read too")
	assert.Equal(t, "v.mp4", p3.Items[0].Assets[0].VideoFilename)
	assert.Equal(t, 1, p3.TotalCount)

	c, err := served(t, 201, "application/json", "cc_create.json").ComponentCreatives.Create(ctx, &ComponentCreative{ConceptID: "1"})
	require.NoError(t, err)
	assert.True(t, c.Status)
	assert.Equal(t, "body", string(c.Assets[0].Extra["component"][1:5]))

	for _, f := range []string{"cc_get.json", "cc_previews.json", "cc_update.json", "cc_post_approval.json"} {
		c, err := served(t, 200, "application/json", f).ComponentCreatives.Get(ctx, 1)
		require.NoError(t, err, f)
		assert.NotZero(t, c.AtomicCreativeID, f)
	}

	el, err := served(t, 200, "application/json", "cc_eligibility.json").ComponentCreatives.Eligibility(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, "AUDIENCE_NETWORK_OUTSTREAM_VIDEO", el[0].AdFormat.ExternalID)
	assert.Equal(t, FlexString("11"), el[0].RequiredComponents[0].ID)

	ver, err := served(t, 200, "application/json", "cc_version.json").ComponentCreatives.Version(ctx)
	require.NoError(t, err)
	assert.Equal(t, "cfb1074-20190419202430", ver)

	ap, err := served(t, 200, "application/json", "cc_approvals.json").Approvals.ListByIDs(ctx, []int64{6226793})
	require.NoError(t, err)
	assert.Equal(t, int64(6226793), ap[0].AtomicCreativeID)
	assert.Equal(t, "REJECTED", ap[0].Sources["sharethrough"])

	a, err := served(t, 200, "application/json", "cc_asset.json").Assets.Get(ctx, 1537)
	require.NoError(t, err)
	assert.Equal(t, 160, a.ImageWidth)
	a, err = served(t, 201, "application/json", "cc_asset_create.json").Assets.Upload(ctx, &NewAsset{ComponentID: 2, AssetValue: "x", AdvertiserID: 1})
	require.NoError(t, err)
	assert.Equal(t, int64(1546), a.AssetID)

	comps, err := served(t, 200, "application/json", "cc_components.json").Components.List(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, ComponentValueTypeText, comps.Items[0].ValueTypeName)
	comp, err := served(t, 201, "application/json", "cc_component_create.json").Components.Create(ctx, &Component{ComponentHumanName: "Right Image", ValueTypeName: ComponentValueTypeImage})
	require.NoError(t, err)
	assert.Equal(t, int64(11), comp.ComponentID)
	comp, err = served(t, 200, "application/json", "cc_component.json").Components.Get(ctx, 4)
	require.NoError(t, err)
	assert.Equal(t, "Destination URL", comp.ComponentHumanName)

	u, err := served(t, 200, "application/json", "cc_upload.json").ComponentCreatives.UploadURL(ctx, "hello.mp4")
	require.NoError(t, err)
	assert.NotContains(t, u.AssetValue(), "X-Amz")
	assert.NotContains(t, u.String(), "Signature")

	// Error bodies in the response.value form.
	_, err = served(t, 400, "application/json", "cc_create_error.json").ComponentCreatives.Create(ctx, &ComponentCreative{ConceptID: "1"})
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Validation Error", ae.Message)
	require.Len(t, ae.Fields, 2)
	assert.Equal(t, "creative_name", ae.Fields[0].Field)
	_, err = served(t, 404, "application/json", "cc_get_404.json").ComponentCreatives.Get(ctx, 1)
	require.ErrorAs(t, err, &ae)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	assert.Equal(t, "Creative not found", ae.Message)
	_, err = served(t, http.StatusUnauthorized, "application/json", "cc_component_401.json").Components.Create(ctx, &Component{ComponentHumanName: "X", ValueTypeName: ComponentValueTypeText})
	assert.ErrorIs(t, err, adama.ErrUnauthorized)
	assert.Contains(t, err.Error(), "restricted")
}

// Component answers are read in both forms: the reference's (total_count
// an integer, char_limit an integer or absent) and the fake's earlier one
// (total_count a numeric string, char_limit null); over HTTP and through
// the decoder alone.
func TestDecodeComponentFormsBoth(t *testing.T) {
	ctx := context.Background()
	lists := []struct {
		file  string
		total int
		items int
	}{
		{"cc_v3_list.json", 1, 1},
		{"cc_v3_list_string_total.json", 0, 0},
	}
	for _, tt := range lists {
		t.Run(tt.file, func(t *testing.T) {
			p, err := served(t, 200, "application/json", tt.file).ComponentCreatives.List(ctx, nil)
			require.NoError(t, err)
			assert.True(t, p.HasTotal)
			assert.Equal(t, tt.total, p.TotalCount)
			assert.Len(t, p.Items, tt.items)

			var items []ComponentCreative
			m, err := decodeCC([]byte(sample(t, tt.file)), &items, "GET", "/x")
			require.NoError(t, err)
			dp := ccPage(items, m)
			assert.Equal(t, tt.total, dp.TotalCount)
			assert.True(t, dp.HasTotal)
		})
	}

	limit := func(n int) *int { return &n }
	comps := []struct {
		file   string
		limits map[int64]*int // component id -> char_limit
	}{
		{"cc_v3_components.json", map[int64]*int{1: limit(25), 2: nil}},
		{"cc_components.json", map[int64]*int{6: nil, 1: nil}},
	}
	for _, tt := range comps {
		t.Run(tt.file, func(t *testing.T) {
			p, err := served(t, 200, "application/json", tt.file).Components.List(ctx, nil)
			require.NoError(t, err)
			got := map[int64]*int{}
			for _, c := range p.Items {
				got[c.ComponentID] = c.CharLimit
				assert.NotContains(t, c.Extra, "char_limit")
			}
			for id, want := range tt.limits {
				require.Contains(t, got, id)
				assert.Equal(t, want, got[id], "component %d", id)
			}
		})
	}

	// A total_count of neither form is left out, not read as zero.
	m := &ccMeta{TotalCount: json.RawMessage(`"many"`), Count: json.RawMessage(`"2"`)}
	p := ccPage([]Component{{}, {}}, m)
	assert.False(t, p.HasTotal)
	assert.Equal(t, 2, p.Count)
}

// TestDecodeUploaderV2Samples reads the upload location and the upload
// host's temporary file record in the platform's forms: numbers as text,
// properties the SDK does not model (kept in Extra and sent back).
func TestDecodeUploaderV2Samples(t *testing.T) {
	var loc UploadLocation
	require.NoError(t, json.Unmarshal([]byte(sample(t, "v2_upload_location.json")), &loc))
	assert.Equal(t, "d41d8cd98f00b204e9800998ecf8427e", loc.Key)
	require.NotNil(t, loc.Uploader)
	assert.Equal(t, "uploads.example", loc.Uploader.Host)
	assert.Equal(t, 8443, loc.Uploader.Port, "a port sent as text is read")
	assert.JSONEq(t, `"https"`, string(loc.Uploader.Extra["protocol"]))
	assert.Contains(t, loc.Extra, "status")
	assert.Empty(t, loc.Misfits())
	u, err := loc.URL()
	require.NoError(t, err)
	assert.Equal(t, "https://uploads.example:8443/upload", u)

	var tmp TempFile
	require.NoError(t, json.Unmarshal([]byte(sample(t, "v2_temp_file.json")), &tmp))
	assert.Equal(t, int64(1572864), tmp.Size, "a size sent as text is read")
	assert.Equal(t, "/tmp/upload_9c1f5e0b2a7d4e61b3c8", tmp.Path)
	assert.Equal(t, "spring spot.mp4", tmp.Name)
	assert.Equal(t, "video/mp4", tmp.Type)
	assert.Equal(t, time.Date(2026, 11, 27, 7, 3, 11, 512e6, time.UTC), tmp.ModTime.UTC())
	for _, k := range []string{"hash", "lastModifiedDate", "length", "filename", "mime"} {
		assert.Contains(t, tmp.Extra, k)
	}
	assert.Empty(t, tmp.Misfits())
	out, err := json.Marshal(&tmp)
	require.NoError(t, err)
	assert.JSONEq(t, `"1572864"`, string(mustField(t, out, "length")), "an unknown property is sent back as it came")

	// Through the client: an upload host answering the record as text.
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, sample(t, "v2_temp_file.json"))
	}))
	defer ts.Close()
	cc := served(t, 200, "application/json", "v2_upload_location.json")
	got, err := cc.Videos.SendToUploaderV2(context.Background(), &UploadLocation{Key: "k", Uploader: &Uploader{Host: ts.URL}},
		"a.mp4", strings.NewReader("x"), 1, UploadOptions{})
	require.NoError(t, err)
	assert.Equal(t, tmp.Path, got.Path)
	assert.Equal(t, tmp.Size, got.Size)

	// A value of no documented form is kept as a misfit, not a zero.
	var odd TempFile
	require.NoError(t, json.Unmarshal([]byte(`{"size":"big","mtime":1764226991512,"path":"/tmp/u"}`), &odd))
	assert.Equal(t, "/tmp/u", odd.Path)
	assert.Len(t, odd.Misfits(), 2)
}

func mustField(t *testing.T, b []byte, name string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &m))
	return m[name]
}
