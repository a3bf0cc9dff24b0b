package entity_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

func day(y int, m time.Month, d int) adama.Time {
	return adama.Time{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// The v2.0 custom brain selections, margins and site-list domains over
// real HTTP through adamatest, in JSON and XML; the selections the v2.0
// form adds are those the v3.0 read returns, and the other way round.
func TestCampaignActionsOverHTTP(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Adv"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 2})
	require.NoError(t, err)
	camp, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: adv.ID}))
	require.NoError(t, err)

	one, err := ec.AddCampaignCustomBrainSelection(ctx, camp.ID, entity.BrainSelection{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget})
	require.NoError(t, err)
	assert.Positive(t, one.ID)
	assert.Equal(t, camp.ID, one.CampaignID)
	assert.Equal(t, int64(23), one.SelectionID)

	many, err := xc.BulkAddCampaignCustomBrainSelections(ctx, camp.ID, []entity.BrainSelection{
		{SelectionID: 45, SelectionType: entity.SelectionTypeDynamic}, {SelectionID: 3302, SelectionType: entity.SelectionTypeEventPixel}})
	require.NoError(t, err)
	require.Len(t, many, 2)
	assert.Equal(t, entity.SelectionTypeEventPixel, many[1].SelectionType)

	_, err = ec.AddCampaignCustomBrainSelection(ctx, camp.ID, entity.BrainSelection{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget})
	assert.ErrorIs(t, err, adama.ErrBadRequest, "already held")

	v3, err := ec.CampaignCustomBrainSelections(ctx, camp.ID)
	require.NoError(t, err)
	assert.Len(t, v3.CustomBrainSelections, 3, "the v3.0 read sees what the v2.0 form added")

	assert.ErrorIs(t, ec.DeleteCampaignCustomBrainSelection(ctx, camp.ID, one.ID, &entity.DeleteOptions{Version: adama.Ptr(one.Version + 1)}), adama.ErrConflict)
	require.NoError(t, ec.DeleteCampaignCustomBrainSelection(ctx, camp.ID, one.ID, nil), "the version read from the v3.0 campaign")
	require.NoError(t, xc.DeleteCampaignCustomBrainSelection(ctx, camp.ID, many[0].ID, &entity.DeleteOptions{Version: adama.Ptr(0)}))
	assert.ErrorIs(t, ec.DeleteCampaignCustomBrainSelection(ctx, camp.ID, one.ID, nil), adama.ErrNotFound)
	v3, err = ec.CampaignCustomBrainSelections(ctx, camp.ID)
	require.NoError(t, err)
	require.Len(t, v3.CustomBrainSelections, 1)
	assert.Equal(t, int64(3302), v3.CustomBrainSelections[0].SelectionID)

	for _, client := range []*entity.Client{ec, xc} {
		require.NoError(t, client.SetCampaignMargins(ctx, camp.ID, []entity.CampaignMargin{
			{Date: day(2026, 11, 20), MarginPct: adama.MustDecimal("12.5")}, {Date: day(2026, 11, 21), MarginPct: adama.MustDecimal("0")}}))
		assert.ErrorIs(t, client.SetCampaignMargins(ctx, camp.ID+1000, []entity.CampaignMargin{{Date: day(2026, 11, 20), MarginPct: adama.MustDecimal("1")}}), adama.ErrNotFound)
	}
	raw := srv.Entities().Campaigns().Raw(camp.ID)
	assert.Equal(t, map[string]any{"2026-11-20": "12.5", "2026-11-21": "0"}, raw["margins"])

	sl, err := ec.SiteLists.Create(ctx, &entity.SiteList{Common: entity.Common{Name: "L"}, OrganizationID: i64(1), Restriction: entity.SiteListRestrictionExclude})
	require.NoError(t, err)
	require.NoError(t, ec.AddSiteListDomains(ctx, sl.ID, []string{"a.example", "b.example"}))
	require.NoError(t, xc.AddSiteListDomains(ctx, sl.ID, []string{"b.example", "c.example"}))
	got, err := ec.SiteLists.Get(ctx, sl.ID, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(3), *got.SitesCount, "added, never replaced")
}

// The rules of each action are checked before sending.
func TestCampaignActionsValidation(t *testing.T) {
	ec, _ := newTestClient(t)
	ctx := context.Background()
	fields := func(err error) []string {
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve)
		var out []string
		for _, v := range ve.Violations {
			out = append(out, v.Field)
		}
		return out
	}
	assert.Equal(t, []string{"campaign_id", "custom_brain_selections[0].selection_type"},
		fields(func() error {
			_, err := ec.AddCampaignCustomBrainSelection(ctx, 0, entity.BrainSelection{SelectionID: 1, SelectionType: "Nope"})
			return err
		}()))
	assert.Equal(t, []string{"custom_brain_selections"}, fields(func() error {
		_, err := ec.BulkAddCampaignCustomBrainSelections(ctx, 1, nil)
		return err
	}()))
	assert.Equal(t, []string{"margins.1.margin_pct", "margins.2.date"}, fields(ec.SetCampaignMargins(ctx, 1, []entity.CampaignMargin{
		{Date: day(2026, 1, 1), MarginPct: adama.MustDecimal("101")}, {MarginPct: adama.MustDecimal("1")}})))
	assert.Equal(t, []string{"domains.2.domain"}, fields(ec.AddSiteListDomains(ctx, 1, []string{"a.example", "not a domain"})))
	assert.Equal(t, []string{"id"}, fields(ec.DeleteCampaignCustomBrainSelection(ctx, 1, 0, nil)))
}

// The exact requests of the actions, and the recorded answers read: the
// selection records (JSON and XML) and the acknowledgements (an XML error
// in a 200 is reported).
func TestCampaignActionsExactRequest(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("testdata/platform/" + name)
		require.NoError(t, err)
		return string(b)
	}
	ctx := context.Background()
	var sent string
	const jsonType = "application/vnd.svc.v1+json"

	t.Run("one selection", func(t *testing.T) {
		ec := gockEntity(t)
		gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/custom_brain_selections$").
			MatchType("url").AddMatcher(bodyIs("selection_id=23&selection_type=Audience+Target", &sent)).
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(read("campaign_brain_selection_added.json"))
		s, err := ec.AddCampaignCustomBrainSelection(ctx, 7701, entity.BrainSelection{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget})
		require.NoError(t, err, "sent %q", sent)
		assert.Equal(t, int64(9120), s.ID)
		assert.Equal(t, "Auto > In-market", s.FullPath)
		assert.Equal(t, "1.25", s.RetailCPM.String())
		assert.Empty(t, s.Misfits())
		assert.True(t, gock.IsDone())
	})
	for _, xml := range []bool{false, true} {
		name, file, mt := "bulk json", "campaign_brain_selections_bulk.json", jsonType
		var opts []entity.Option
		if xml {
			name, file, mt = "bulk xml", "campaign_brain_selections_bulk.xml", "application/xml"
			opts = append(opts, entity.WithXML())
		}
		t.Run(name, func(t *testing.T) {
			ec := gockEntity(t, opts...)
			gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/custom_brain_selections/bulk$").
				MatchType("url").AddMatcher(bodyIs("custom_brain_selections.1.selection_id=45&custom_brain_selections.1.selection_type=Dynamic&custom_brain_selections.2.selection_id=3302&custom_brain_selections.2.selection_type=Event+Pixel", &sent)).
				Reply(200).SetHeader("Content-Type", mt).BodyString(read(file))
			got, err := ec.BulkAddCampaignCustomBrainSelections(ctx, 7701, []entity.BrainSelection{
				{SelectionID: 45, SelectionType: entity.SelectionTypeDynamic}, {SelectionID: 3302, SelectionType: entity.SelectionTypeEventPixel}})
			require.NoError(t, err, "sent %q", sent)
			require.Len(t, got, 2)
			assert.Equal(t, int64(9122), got[1].ID)
			assert.Equal(t, entity.SelectionTypeEventPixel, got[1].SelectionType)
			assert.Equal(t, int64(7701), got[1].CampaignID)
			assert.True(t, gock.IsDone())
		})
	}
	t.Run("delete a selection", func(t *testing.T) {
		ec := gockEntity(t)
		gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/custom_brain_selections/9120/delete$").
			MatchType("url").AddMatcher(bodyIs("version=0", &sent)).
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(read("campaign_brain_selection_added.json"))
		require.NoError(t, ec.DeleteCampaignCustomBrainSelection(ctx, 7701, 9120, &entity.DeleteOptions{Version: adama.Ptr(0)}), "sent %q", sent)
		gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/custom_brain_selections/9120/delete$").
			Reply(409).SetHeader("Content-Type", "application/json").BodyString(read("delete_conflict.json"))
		assert.ErrorIs(t, ec.DeleteCampaignCustomBrainSelection(ctx, 7701, 9120, &entity.DeleteOptions{Version: adama.Ptr(0)}), adama.ErrConflict)
		assert.True(t, gock.IsDone())
	})
	t.Run("margins", func(t *testing.T) {
		ec := gockEntity(t)
		gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/margins$").
			MatchType("url").AddMatcher(bodyIs("margins.1.date=2026-11-20&margins.1.margin_pct=12.5&margins.2.date=2026-11-21&margins.2.margin_pct=10", &sent)).
			Reply(200).SetHeader("Content-Type", jsonType).BodyString(read("acknowledgement.json"))
		require.NoError(t, ec.SetCampaignMargins(ctx, 7701, []entity.CampaignMargin{
			{Date: day(2026, 11, 20), MarginPct: adama.MustDecimal("12.5")}, {Date: day(2026, 11, 21), MarginPct: adama.MustDecimal("10")}}), "sent %q", sent)
		assert.True(t, gock.IsDone())
	})
	t.Run("site list domains, XML", func(t *testing.T) {
		ec := gockEntity(t, entity.WithXML())
		gock.New("https://api.example").Post("^/api/v2.0/site_lists/2101/domains$").
			MatchType("url").AddMatcher(bodyIs("domains.1.domain=a.example&domains.2.domain=b.example", &sent)).
			Reply(200).SetHeader("Content-Type", "application/xml").BodyString(read("acknowledgement.xml"))
		require.NoError(t, ec.AddSiteListDomains(ctx, 2101, []string{"a.example", "b.example"}), "sent %q", sent)
		gock.New("https://api.example").Post("^/api/v2.0/site_lists/2101/domains$").
			Reply(200).SetHeader("Content-Type", "application/xml").BodyString(read("acknowledgement_error.xml"))
		assert.Error(t, ec.AddSiteListDomains(ctx, 2101, []string{"a.example"}), "an error status in a 200 is an error")
		assert.True(t, gock.IsDone())
	})
}
