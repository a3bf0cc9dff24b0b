package creatives

import (
	"context"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewVideoCreativeRules(t *testing.T) {
	tests := []struct {
		name        string
		mutate      func(*NewVideoCreative)
		field, rule string
	}{
		{"advertiser", func(n *NewVideoCreative) { n.Advertiser = 0 }, "advertiser", "required"},
		{"name", func(n *NewVideoCreative) { n.Name = " " }, "name", "required"},
		{"name length", func(n *NewVideoCreative) { n.Name = strings.Repeat("n", 257) }, "name", "256"},
		{"concept", func(n *NewVideoCreative) { n.Concept = 0 }, "concept", "required"},
		{"start negative", func(n *NewVideoCreative) { n.StartTime = i64(-1) }, "startTime", "at least 0"},
		{"start year 10000", func(n *NewVideoCreative) { n.StartTime = i64(maxUnixSeconds) }, "startTime", "before year 10000"},
		{"end before start", func(n *NewVideoCreative) { n.StartTime, n.EndTime = i64(10), i64(9) }, "endTime", "not before startTime"},
		{"clickthrough", func(n *NewVideoCreative) { n.ClickthroughURL = "" }, "clickthroughUrl", "required unless"},
		{"vast exclusive", func(n *NewVideoCreative) { n.CustomVAST, n.CustomVASTURL = "<VAST/>", "https://v" }, "customVASTUrl", "mutually exclusive"},
		{"viewability macro", func(n *NewVideoCreative) { n.ViewabilityTemplate = "<VAST/>" }, "viewabilityTemplate", ViewabilityMacro},
		{"pixel typ", func(n *NewVideoCreative) { n.EventPixels = []EventPixel{{URL: "https://p"}} }, "eventPixels[0].typ", "required"},
		{"pixel url", func(n *NewVideoCreative) { n.EventPixels = []EventPixel{{Typ: "start"}} }, "eventPixels[0].url", "required"},
		{"vast version", func(n *NewVideoCreative) { n.VASTVersion = "VAST5" }, "vastVersion", "one of: VAST2, VAST3, VAST4"},
		{"external length", func(n *NewVideoCreative) { n.CustomVAST, n.ExternalIdentifier = "<VAST/>", strings.Repeat("e", 65) }, "externalIdentifier", "64"},
		{"external needs vast", func(n *NewVideoCreative) { n.ExternalIdentifier = "ext" }, "externalIdentifier", "requires customVAST"},
		{"clock number", func(n *NewVideoCreative) { n.ClockNumber = strings.Repeat("c", 16) }, "clockNumber", "15"},
		{"file name and vast", func(n *NewVideoCreative) { n.FileName, n.CustomVASTURL = "a.mp4", "https://v" }, "fileName", "mutually exclusive"},
		{"file name path", func(n *NewVideoCreative) { n.FileName = "dir/a.mp4" }, "fileName", "no path"},
		{"file name extension", func(n *NewVideoCreative) { n.FileName = "video" }, "fileName", "with extension"},
	}
	cc, srv := newTestClient(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := validNew()
			tt.mutate(in)
			err := createNew(context.Background(), cc, in)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	assert.Zero(t, srv.Count("POST /v3.0/creatives"), "nothing invalid was sent")

	ok := []func(*NewVideoCreative){
		func(n *NewVideoCreative) {},
		func(n *NewVideoCreative) { n.ClickthroughURL, n.CustomVAST = "", "<VAST/>" },
		func(n *NewVideoCreative) {
			n.ClickthroughURL, n.CustomVASTURL, n.ExternalIdentifier = "", "https://v", "ext"
		},
		func(n *NewVideoCreative) { n.ViewabilityTemplate = "<VAST>" + ViewabilityMacro + "</VAST>" },
		func(n *NewVideoCreative) { n.StartTime, n.EndTime = i64(0), i64(0) },
		func(n *NewVideoCreative) { n.FileName = "my-video.mp4" },
	}
	for i, m := range ok {
		in := validNew()
		m(in)
		assert.NoError(t, createNew(context.Background(), cc, in), "case %d", i)
	}
}

// createNew sends n through Create, or through CreateAndUpload when it
// names a file (the record has no file name).
func createNew(ctx context.Context, cc *Client, n *NewVideoCreative) error {
	if n.FileName != "" {
		_, err := cc.Videos.CreateAndUpload(ctx, n, strings.NewReader("x"), 1, UploadOptions{})
		return err
	}
	d := CreativeDetails{Advertiser: n.Advertiser, Name: n.Name, Concept: n.Concept, StartTime: n.StartTime, EndTime: n.EndTime,
		ClickthroughURL: n.ClickthroughURL, CustomVAST: n.CustomVAST, CustomVASTURL: n.CustomVASTURL, ViewabilityTemplate: n.ViewabilityTemplate,
		LandingURL: n.LandingURL, EventPixels: n.EventPixels, Vendors: n.Vendors, VASTVersion: n.VASTVersion, DisabledVariants: n.DisabledVariants,
		ExternalIdentifier: n.ExternalIdentifier, ClockNumber: n.ClockNumber, CustomVASTExtensionXML: n.CustomVASTExtensionXML}
	if n.Active != nil {
		d.Active = *n.Active
	}
	_, err := cc.Videos.Create(ctx, &VideoCreative{Details: d})
	return err
}

func TestUpdateRules(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	id := seedVideo(srv)
	tests := []struct {
		name        string
		mutate      func(*CreativeDetails)
		field, rule string
	}{
		{"clear name", func(d *CreativeDetails) { d.Name = "" }, "name", "required"},
		{"clear advertiser", func(d *CreativeDetails) { d.Advertiser = 0 }, "advertiser", "required"},
		{"long name", func(d *CreativeDetails) { d.Name = strings.Repeat("x", 257) }, "name", "256"},
		{"bad version", func(d *CreativeDetails) { d.VASTVersion = "v9" }, "vastVersion", "one of"},
		{"end before start", func(d *CreativeDetails) { d.StartTime, d.EndTime = i64(5), i64(4) }, "endTime", "not before"},
		{"both vast", func(d *CreativeDetails) { d.CustomVAST, d.CustomVASTURL = "<VAST/>", "https://v" }, "customVASTUrl", "mutually exclusive"},
		{"no clickthrough", func(d *CreativeDetails) { d.ClickthroughURL = "" }, "clickthroughUrl", "required unless"},
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
	_, err := cc.Videos.BulkUpdate(ctx, []VideoCreativePatch{{Name: adama.Some("x")}})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("creatives[0].id", "between"))

	_, err = cc.Videos.UpdateV2(ctx, &VideoCreative{ID: id, Details: CreativeDetails{Advertiser: 7}})
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
	assert.True(t, EncodingStatusFinished.Valid())
	assert.False(t, EncodingStatus("Queued").Valid())
	assert.Len(t, EncodingStatus("").Values(), 7)
	assert.True(t, VASTVersionVAST3.Valid())
	assert.False(t, VASTVersion("VAST1").Valid())
	assert.True(t, CompanionTypeIframe.Valid())
	assert.True(t, CategoryLanguage.Valid())
	assert.False(t, Category("colours").Valid())
	assert.True(t, ComponentValueTypeSubtitle.Valid())
	assert.False(t, ComponentValueType("AUDIO").Valid())
}
