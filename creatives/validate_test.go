package creatives_test

import (
	"context"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewVideoCreativeRules(t *testing.T) {
	tests := []struct {
		name        string
		mutate      func(*creatives.NewVideoCreative)
		field, rule string
	}{
		{"advertiser", func(n *creatives.NewVideoCreative) { n.Advertiser = 0 }, "advertiser", "required"},
		{"name", func(n *creatives.NewVideoCreative) { n.Name = " " }, "name", "required"},
		{"name length", func(n *creatives.NewVideoCreative) { n.Name = strings.Repeat("n", 257) }, "name", "256"},
		{"concept", func(n *creatives.NewVideoCreative) { n.Concept = 0 }, "concept", "required"},
		{"start negative", func(n *creatives.NewVideoCreative) { n.StartTime = i64(-1) }, "startTime", "at least 0"},
		{"start year 10000", func(n *creatives.NewVideoCreative) { n.StartTime = i64(creatives.MaxUnixSeconds) }, "startTime", "before year 10000"},
		{"end before start", func(n *creatives.NewVideoCreative) { n.StartTime, n.EndTime = i64(10), i64(9) }, "endTime", "not before startTime"},
		{"clickthrough", func(n *creatives.NewVideoCreative) { n.ClickthroughURL = "" }, "clickthroughUrl", "required unless"},
		{"vast exclusive", func(n *creatives.NewVideoCreative) { n.CustomVAST, n.CustomVASTURL = "<VAST/>", "https://v" }, "customVASTUrl", "mutually exclusive"},
		{"viewability macro", func(n *creatives.NewVideoCreative) { n.ViewabilityTemplate = "<VAST/>" }, "viewabilityTemplate", creatives.ViewabilityMacro},
		{"pixel typ", func(n *creatives.NewVideoCreative) { n.EventPixels = []creatives.EventPixel{{URL: "https://p"}} }, "eventPixels[0].typ", "required"},
		{"pixel url", func(n *creatives.NewVideoCreative) { n.EventPixels = []creatives.EventPixel{{Typ: "start"}} }, "eventPixels[0].url", "required"},
		{"vast version", func(n *creatives.NewVideoCreative) { n.VASTVersion = "VAST5" }, "vastVersion", "one of: VAST2, VAST3, VAST4"},
		{"external length", func(n *creatives.NewVideoCreative) {
			n.CustomVAST, n.ExternalIdentifier = "<VAST/>", strings.Repeat("e", 65)
		}, "externalIdentifier", "64"},
		{"external needs vast", func(n *creatives.NewVideoCreative) { n.ExternalIdentifier = "ext" }, "externalIdentifier", "requires customVAST"},
		{"clock number", func(n *creatives.NewVideoCreative) { n.ClockNumber = strings.Repeat("c", 16) }, "clockNumber", "15"},
		{"file name and vast", func(n *creatives.NewVideoCreative) { n.FileName, n.CustomVASTURL = "a.mp4", "https://v" }, "fileName", "mutually exclusive"},
		{"file name path", func(n *creatives.NewVideoCreative) { n.FileName = "dir/a.mp4" }, "fileName", "no path"},
		{"file name extension", func(n *creatives.NewVideoCreative) { n.FileName = "video" }, "fileName", "with extension"},
	}
	cc, srv := newTestClient(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := creatives.ValidNew()
			tt.mutate(in)
			err := createNew(context.Background(), cc, in)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	assert.Zero(t, srv.Count("POST /v3.0/creatives"), "nothing invalid was sent")

	ok := []func(*creatives.NewVideoCreative){
		func(n *creatives.NewVideoCreative) {},
		func(n *creatives.NewVideoCreative) { n.ClickthroughURL, n.CustomVAST = "", "<VAST/>" },
		func(n *creatives.NewVideoCreative) {
			n.ClickthroughURL, n.CustomVASTURL, n.ExternalIdentifier = "", "https://v", "ext"
		},
		func(n *creatives.NewVideoCreative) {
			n.ViewabilityTemplate = "<VAST>" + creatives.ViewabilityMacro + "</VAST>"
		},
		func(n *creatives.NewVideoCreative) { n.StartTime, n.EndTime = i64(0), i64(0) },
		func(n *creatives.NewVideoCreative) { n.FileName = "my-video.mp4" },
	}
	for i, m := range ok {
		in := creatives.ValidNew()
		m(in)
		assert.NoError(t, createNew(context.Background(), cc, in), "case %d", i)
	}
}

// createNew sends n through Create, or through CreateAndUpload when it
// names a file (the record has no file name).
func createNew(ctx context.Context, cc *creatives.Client, n *creatives.NewVideoCreative) error {
	if n.FileName != "" {
		_, err := cc.Videos.CreateAndUpload(ctx, n, strings.NewReader("x"), 1, creatives.UploadOptions{})
		return err
	}
	d := creatives.CreativeDetails{Advertiser: n.Advertiser, Name: n.Name, Concept: n.Concept, StartTime: n.StartTime, EndTime: n.EndTime,
		ClickthroughURL: n.ClickthroughURL, CustomVAST: n.CustomVAST, CustomVASTURL: n.CustomVASTURL, ViewabilityTemplate: n.ViewabilityTemplate,
		LandingURL: n.LandingURL, EventPixels: n.EventPixels, Vendors: n.Vendors, VASTVersion: n.VASTVersion, DisabledVariants: n.DisabledVariants,
		ExternalIdentifier: n.ExternalIdentifier, ClockNumber: n.ClockNumber, CustomVASTExtensionXML: n.CustomVASTExtensionXML}
	if n.Active != nil {
		d.Active = *n.Active
	}
	_, err := cc.Videos.Create(ctx, &creatives.VideoCreative{Details: d})
	return err
}

func TestUpdateRules(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	id := seedVideo(srv)
	tests := []struct {
		name        string
		mutate      func(*creatives.CreativeDetails)
		field, rule string
	}{
		{"clear name", func(d *creatives.CreativeDetails) { d.Name = "" }, "name", "required"},
		{"clear advertiser", func(d *creatives.CreativeDetails) { d.Advertiser = 0 }, "advertiser", "required"},
		{"long name", func(d *creatives.CreativeDetails) { d.Name = strings.Repeat("x", 257) }, "name", "256"},
		{"bad version", func(d *creatives.CreativeDetails) { d.VASTVersion = "v9" }, "vastVersion", "one of"},
		{"end before start", func(d *creatives.CreativeDetails) { d.StartTime, d.EndTime = i64(5), i64(4) }, "endTime", "not before"},
		{"both vast", func(d *creatives.CreativeDetails) { d.CustomVAST, d.CustomVASTURL = "<VAST/>", "https://v" }, "customVASTUrl", "mutually exclusive"},
		{"no clickthrough", func(d *creatives.CreativeDetails) { d.ClickthroughURL = "" }, "clickthroughUrl", "required unless"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := cc.Videos.Get(ctx, id)
			require.NoError(t, err)
			tt.mutate(&c.Details)
			_, err = cc.Videos.Update(ctx, c)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	_, err := cc.Videos.BulkUpdate(ctx, []creatives.VideoCreativePatch{{Name: adama.Some("x")}})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("creatives[0].id", "between"))

	_, err = cc.Videos.UpdateV2(ctx, &creatives.VideoCreative{ID: id, Details: creatives.CreativeDetails{Advertiser: 7}})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("name", "required"))
	assert.True(t, ve.Has("clickthroughUrl", "required unless"))
	assert.False(t, ve.Has("concept", ""), "the concept is required on create only")
	_, err = cc.Videos.Update(ctx, nil)
	require.ErrorAs(t, err, &ve)
	assert.Zero(t, srv.Count("PATCH /v3.0/creatives/"+itoa(id)))
	assert.Zero(t, srv.Count("POST /video/v2.0/creatives/"+itoa(id)))
}

func TestEnums(t *testing.T) {
	assert.True(t, creatives.EncodingStatusFinished.Valid())
	assert.False(t, creatives.EncodingStatus("Queued").Valid())
	assert.Len(t, creatives.EncodingStatus("").Values(), 7)
	assert.True(t, creatives.VASTVersionVAST3.Valid())
	assert.False(t, creatives.VASTVersion("VAST1").Valid())
	assert.True(t, creatives.CompanionTypeIframe.Valid())
	assert.True(t, creatives.CategoryLanguage.Valid())
	assert.False(t, creatives.Category("colours").Valid())
	assert.True(t, creatives.ComponentValueTypeSubtitle.Valid())
	assert.False(t, creatives.ComponentValueType("AUDIO").Valid())
}
