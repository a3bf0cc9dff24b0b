package creatives_test

import (
	"context"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompanionsCRUD(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	id := seedVideo(srv)

	c1r, err := cc.Companions.Create(ctx, id, creatives.StaticCompanion())
	require.NoError(t, err)
	c1 := c1r.ID
	assert.Equal(t, "image/png", c1r.MimeType, "Create returns the companion as read after the create")
	html := &creatives.Companion{Details: creatives.CompanionDetails{AdServer: "adama", Typ: creatives.CompanionTypeHTML, Width: 728, Height: 90,
		LandingURL: "https://example.com", IFrameURLOrHTML: "<div>ad</div>"}}
	c2r, err := cc.Companions.Create(ctx, id, html)
	require.NoError(t, err)
	c2 := c2r.ID
	assert.NotEqual(t, c1, c2)

	list, err := cc.Companions.List(ctx, id, nil)
	require.NoError(t, err)
	require.Len(t, list.Items, 2)
	assert.Equal(t, 2, list.Count)
	assert.Equal(t, c1, list.Items[0].ID)
	assert.Equal(t, "image/png", list.Items[0].MimeType)
	assert.Equal(t, creatives.CompanionTypeHTML, list.Items[1].Details.Typ)

	v, err := cc.Videos.Get(ctx, id)
	require.NoError(t, err)
	assert.True(t, v.HasCompanions)
	assert.ElementsMatch(t, []int64{c1, c2}, v.CompanionIDs)

	got, err := cc.Companions.Get(ctx, id, c2)
	require.NoError(t, err)
	assert.Equal(t, 728, got.Details.Width)

	got.Details.Height = 250
	up, err := cc.Companions.Update(ctx, id, got)
	require.NoError(t, err)
	assert.Equal(t, 250, up.Details.Height)
	assert.Equal(t, "<div>ad</div>", up.Details.IFrameURLOrHTML, "the whole companion is sent: nothing is lost")
	body := lastJSON(t, srv)
	assert.NotContains(t, body, "id", "read-only fields are not sent")

	// Modify a static companion: the image read comes back with the save.
	m, err := cc.Companions.Modify(ctx, id, c1, func(c *creatives.Companion) error {
		c.Details.Width = 320
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 320, m.Details.Width)
	assert.Equal(t, "image/png", m.MimeType, "the resource survives the replacing save")

	require.NoError(t, cc.Companions.Delete(ctx, id, c1))
	assert.Equal(t, 1, srv.Creatives().CompanionCount(id))
	_, err = cc.Companions.Get(ctx, id, c1)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestCompanionValidation(t *testing.T) {
	tests := []struct {
		name        string
		mutate      func(*creatives.Companion)
		field, rule string
	}{
		{"ad server", func(c *creatives.Companion) { c.Details.AdServer = "" }, "details.adServer", "required"},
		{"type", func(c *creatives.Companion) { c.Details.Typ = "video" }, "details.typ", "one of"},
		{"width low", func(c *creatives.Companion) { c.Details.Width = 31 }, "details.width", "between 32 and 10000"},
		{"height high", func(c *creatives.Companion) { c.Details.Height = 10001 }, "details.height", "between 32 and 10000"},
		{"landing", func(c *creatives.Companion) { c.Details.LandingURL = "" }, "details.landingUrl", "required"},
		{"static click", func(c *creatives.Companion) { c.Details.ClickthroughURL = "" }, "details.clickthroughUrl", "required for static"},
		{"iframe click", func(c *creatives.Companion) {
			c.Details.Typ = creatives.CompanionTypeIframe
			c.Details.IFrameURLOrHTML = "https://f"
		}, "details.clickthroughUrl", "must be empty"},
		{"iframe url", func(c *creatives.Companion) {
			c.Details.Typ = creatives.CompanionTypeIframe
			c.Details.ClickthroughURL = ""
		}, "details.iFrameUrlOrHTML", "required"},
		{"data uri", func(c *creatives.Companion) { c.ResourceData = "iVBORw0KGgo=" }, "resourceData", "data URI"},
	}
	cc, srv := newTestClient(t)
	id := seedVideo(srv)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := creatives.StaticCompanion()
			tt.mutate(in)
			_, err := cc.Companions.Create(context.Background(), id, in)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	before := srv.Count("POST /v3.0/creatives/" + itoa(id) + "/companions")
	assert.Zero(t, before, "nothing invalid was sent")
	_, err := cc.Companions.Create(context.Background(), id, creatives.StaticCompanion())
	assert.NoError(t, err)
}
