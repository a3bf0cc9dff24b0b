package creatives_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"mime"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// TestRequestBytes pins the exact request of every method of group D's
// services (method, path and query, content type, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform. The fake server answers; a
// multipart boundary is replaced by BOUNDARY and the pre-signed upload
// URL's signature by SIGNATURE, since they change on every run; the
// client's sign-in is left out.
func TestRequestBytes(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	cc := creatives.New(c)
	ctx := context.Background()
	id := srv.Creatives().Videos().AddRaw(map[string]any{"details": map[string]any{"active": true, "advertiser": 7, "name": "Spot", "concept": 11,
		"clickthroughUrl": "https://example.com/c", "landingUrl": "https://example.com", "vastVersion": "VAST3"}})
	cid := srv.Creatives().AddComponentCreative(7, "Native")
	var compID, compV2ID, componentID int64
	steps := []func() error{
		// Videos v3.
		func() error {
			_, err := cc.Videos.Create(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{Active: true, Advertiser: 7,
				Name: "Launch", Concept: 11, ClickthroughURL: "https://example.com/c"}})
			return err
		},
		func() error {
			_, err := cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{{Advertiser: 7, Name: "Bulk", Concept: 11,
				ClickthroughURL: "https://example.com/b", FileName: "b.mp4"}})
			return err
		},
		func() error {
			_, err := cc.Videos.BulkUpdate(ctx, []creatives.VideoCreativePatch{{ID: id, Name: adama.Some("Renamed")}})
			return err
		},
		func() error { _, err := cc.Videos.ListByIDs(ctx, []int64{id, id + 1}); return err },
		func() error { _, err := cc.Videos.Get(ctx, id); return err },
		func() error {
			v, err := cc.Videos.Get(ctx, id)
			if err != nil {
				return err
			}
			v.Details.Name, v.Details.LandingURL = "Final", ""
			_, err = cc.Videos.Update(ctx, v)
			return err
		},
		func() error {
			_, err := cc.Videos.Modify(ctx, id, func(v *creatives.VideoCreative) error { v.Details.Name = "Modified"; return nil })
			return err
		},
		func() error { _, err := cc.Videos.ValidateVAST(ctx, []byte(`<VAST version="3.0"></VAST>`)); return err },
		func() error {
			_, err := cc.Videos.History(ctx, id, &creatives.HistoryOptions{Limit: 5, Offset: 10,
				CreatedAfter: time.Unix(1700000000, 0), CreatedBefore: time.Unix(1800000000, 0)})
			return err
		},
		func() error { _, err := cc.Videos.History(ctx, id, nil); return err },
		func() error { return cc.Videos.DeleteHistory(ctx, id) },
		func() error {
			f := strings.NewReader("video bytes")
			res, err := cc.Videos.CreateAndUpload(ctx, &creatives.NewVideoCreative{Advertiser: 7, Name: "Up", Concept: 11,
				ClickthroughURL: "https://example.com/u", FileName: "up.mp4"}, f, f.Size(), creatives.UploadOptions{})
			if err != nil {
				return err
			}
			_, err = cc.Videos.WaitEncoded(ctx, res.CreativeID, creatives.WaitOptions{Interval: time.Millisecond})
			return err
		},
		// Videos v2.0.
		func() error {
			_, err := cc.Videos.CreateV2(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{Active: true, Advertiser: 7,
				Name: "Old", Concept: 11, ClickthroughURL: "https://example.com/o"}})
			return err
		},
		func() error { _, err := cc.Videos.GetV2(ctx, id); return err },
		func() error {
			v, err := cc.Videos.GetV2(ctx, id)
			if err != nil {
				return err
			}
			v.Details.Name = "Old final"
			_, err = cc.Videos.UpdateV2(ctx, v)
			return err
		},
		func() error {
			return cc.Videos.UploadV2(ctx, id, "v2.mp4", strings.NewReader("v2 bytes"), 8, creatives.UploadOptions{})
		},
		func() error {
			_, err := cc.Videos.ValidateVASTV2(ctx, []byte(`<VAST version="2.0"></VAST>`))
			return err
		},
		func() error {
			vs, err := cc.Videos.VariantsV2(ctx, id)
			if err != nil {
				return err
			}
			if len(vs) == 0 {
				return fmt.Errorf("no variants of %d", id)
			}
			_, err = cc.Videos.VariantV2(ctx, id, vs[0].ID)
			return err
		},
		func() error { _, err := cc.Videos.StatusV2(ctx, id); return err },
		func() error { _, err := cc.Videos.VASTV2(ctx, id); return err },
		func() error {
			r, err := cc.Videos.VASTReaderV2(ctx, id)
			if err != nil {
				return err
			}
			return r.Close()
		},
		func() error { return cc.Videos.AddVASTExtensionV2(ctx, id, []byte(`<Extension type="x"/>`)) },
		// Companions.
		func() error {
			comp, err := cc.Companions.Create(ctx, id, &creatives.Companion{
				Details: creatives.CompanionDetails{AdServer: "adama", Typ: creatives.CompanionTypeStatic, Width: 300, Height: 250,
					LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"},
				ResourceData: "data:image/png;base64,iVBORw0KGgo="})
			if comp != nil {
				compID = comp.ID
			}
			return err
		},
		func() error { _, err := cc.Companions.List(ctx, id, nil); return err },
		func() error { _, err := cc.Companions.Get(ctx, id, compID); return err },
		func() error {
			comp, err := cc.Companions.Get(ctx, id, compID)
			if err != nil {
				return err
			}
			comp.Details.Width = 728
			_, err = cc.Companions.Update(ctx, id, comp)
			return err
		},
		func() error {
			_, err := cc.Companions.Modify(ctx, id, compID, func(c *creatives.Companion) error { c.Details.Height = 90; return nil })
			return err
		},
		func() error {
			comp, err := cc.Companions.CreateV2(ctx, id, &creatives.Companion{
				Details: creatives.CompanionDetails{AdServer: "adama", Typ: creatives.CompanionTypeStatic, Width: 300, Height: 250,
					LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"},
				ResourceData: "data:image/png;base64,iVBORw0KGgo="})
			if comp != nil {
				compV2ID = comp.ID
			}
			return err
		},
		func() error { _, err := cc.Companions.ListV2(ctx, id, nil); return err },
		func() error { return cc.Companions.DeleteV2(ctx, id, compV2ID) },
		func() error { return cc.Companions.Delete(ctx, id, compID) },
		// Classifications.
		func() error {
			_, err := cc.Classifications.Save(ctx, 42, &creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{215}})
			return err
		},
		func() error { _, err := cc.Classifications.Get(ctx, 42); return err },
		func() error { _, err := cc.Classifications.Inflate(ctx, 42); return err },
		func() error { _, err := cc.Classifications.ForcePublish(ctx, 42); return err },
		func() error {
			_, err := cc.Classifications.BulkSave(ctx, []creatives.ClassificationRecord{{CreativeID: 43,
				Details: creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{215}}}})
			return err
		},
		func() error { _, err := cc.Classifications.BulkGet(ctx, []int64{42, 43}); return err },
		func() error { _, err := cc.Classifications.BulkInflate(ctx, []int64{42, 43}); return err },
		func() error {
			_, err := cc.Classifications.SaveV1(ctx, 44, &creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{215}})
			return err
		},
		func() error { _, err := cc.Classifications.GetV1(ctx, 44); return err },
		func() error { _, err := cc.Classifications.InflateV1(ctx, 44); return err },
		func() error {
			_, err := cc.Classifications.BulkSaveV1(ctx, []creatives.ClassificationRecord{{CreativeID: 45,
				Details: creatives.Classification{Attributes: []int64{14}, Language: 1, Verticals: []int64{215}}}})
			return err
		},
		func() error { _, err := cc.Classifications.BulkGetV1(ctx, []int64{44, 45}); return err },
		func() error { _, err := cc.Classifications.BulkInflateV1(ctx, []int64{44, 45}); return err },
		// Static data.
		func() error {
			_, err := cc.StaticData.List(ctx, creatives.CategoryIABVerticals, &creatives.StaticDataOptions{Key: "coupon"})
			return err
		},
		func() error { _, err := cc.StaticData.List(ctx, creatives.CategoryLanguage, nil); return err },
		func() error { _, err := cc.StaticData.Get(ctx, creatives.CategoryIABVerticals, "365"); return err },
		func() error { _, err := cc.StaticData.ListV1(ctx, creatives.CategoryIABAttributes, nil); return err },
		func() error { _, err := cc.StaticData.GetV1(ctx, creatives.CategoryIABVerticals, "365"); return err },
		// Component creatives.
		func() error {
			_, err := cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{ConceptID: "77", CreativeName: "Native",
				Status: true, NewAssets: creatives.ReplaceAssets(creatives.TextAsset(7, "Hello"))})
			return err
		},
		func() error {
			_, err := cc.ComponentCreatives.List(ctx, &creatives.ComponentListOptions{Status: adama.Ptr(true), SortBy: "creative_name", PageLimit: 5, PageOffset: 0})
			return err
		},
		func() error { _, err := cc.ComponentCreatives.List(ctx, nil); return err },
		func() error {
			for _, err := range cc.ComponentCreatives.All(ctx, &creatives.ComponentListOptions{PageLimit: 1}) {
				if err != nil {
					return err
				}
			}
			return nil
		},
		func() error { _, err := cc.ComponentCreatives.Get(ctx, cid); return err },
		func() error { _, err := cc.ComponentCreatives.GetWithPreviews(ctx, cid); return err },
		func() error {
			v, err := cc.ComponentCreatives.Get(ctx, cid)
			if err != nil {
				return err
			}
			v.CreativeName = "Native 2"
			_, err = cc.ComponentCreatives.Update(ctx, v)
			return err
		},
		func() error {
			_, err := cc.ComponentCreatives.Modify(ctx, cid, func(v *creatives.ComponentCreative) error { v.Status = false; return nil })
			return err
		},
		func() error {
			_, err := cc.ComponentCreatives.AddAssets(ctx, cid, []creatives.AssetInput{creatives.ImageAsset("logo.png", []byte("png"))})
			return err
		},
		func() error { _, err := cc.ComponentCreatives.Eligibility(ctx, cid); return err },
		func() error { _, err := cc.ComponentCreatives.Version(ctx); return err },
		func() error { _, err := cc.ComponentCreatives.UploadURL(ctx, "logo.png"); return err },
		// Components.
		func() error {
			comp, err := cc.Components.Create(ctx, &creatives.Component{ComponentHumanName: "Right Image",
				ComponentName: "right_image", CharLimit: adama.Ptr(90), ValueTypeName: creatives.ComponentValueTypeText})
			if comp != nil {
				componentID = comp.ComponentID
			}
			return err
		},
		func() error { _, err := cc.Components.List(ctx, nil); return err },
		func() error { _, err := cc.Components.Get(ctx, componentID); return err },
		func() error {
			_, err := cc.Components.Modify(ctx, componentID, func(c *creatives.Component) error { c.ComponentHumanName = "Right Image 2"; return nil })
			return err
		},
		// Assets.
		func() error {
			a, err := cc.Assets.Upload(ctx, &creatives.NewAsset{ComponentID: 7, AssetValue: "Hello", AdvertiserID: 7})
			if err != nil {
				return err
			}
			if _, err := cc.Assets.Get(ctx, a.AssetID); err != nil {
				return err
			}
			if _, err := cc.Assets.UpdateText(ctx, a.AssetID, "Bye"); err != nil {
				return err
			}
			_, err = cc.Assets.UpdateImage(ctx, a.AssetID, &creatives.AssetFile{Filename: "i.png", ContentType: "image/png", Data: []byte("png")})
			return err
		},
		// Approvals.
		func() error { _, err := cc.Approvals.ListByIDs(ctx, []int64{cid}); return err },
		func() error {
			_, err := cc.Approvals.PostAssets(ctx, cid, []creatives.AssetInput{creatives.ImageAsset("approve.png", []byte("png"))})
			return err
		},
	}
	for i, step := range steps {
		require.NoError(t, step(), "step %d", i)
	}
	var lines []string
	for _, r := range srv.Requests() {
		if r.Path == "/oauth/token" || r.Path == "/api/v2.0/session" {
			continue // the client's sign-in, not group D's
		}
		if r.Query.Has("X-Amz-Signature") {
			r.Query.Set("X-Amz-Signature", "SIGNATURE") // the fake's, different on every run
		}
		ct, body := r.Header.Get("Content-Type"), r.Body
		if _, p, err := mime.ParseMediaType(ct); err == nil && p["boundary"] != "" {
			ct = strings.ReplaceAll(ct, p["boundary"], "BOUNDARY")
			body = bytes.ReplaceAll(body, []byte(p["boundary"]), []byte("BOUNDARY"))
		}
		uri := r.Path
		if q := r.Query.Encode(); q != "" {
			uri += "?" + q
		}
		lines = append(lines, fmt.Sprintf("%s %s\nContent-Type: %s\n%s\n", r.Method, uri, ct, body))
	}
	got := []byte(strings.Join(lines, "\n"))
	const file = "testdata/requests.golden"
	if *updateGolden {
		require.NoError(t, os.WriteFile(file, got, 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.False(t, bytes.Contains(got, []byte("Bearer")), "no credentials in the recorded lines")
}
