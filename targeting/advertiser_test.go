package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

func newAdvertiser() *targeting.Advertiser {
	return &targeting.Advertiser{
		Name: "Brand", AgencyID: 125, VerticalID: 433, AdServerID: 126, Domain: "https://brand.example",
		Status: adama.Ptr(true), MFAAvoidance: targeting.MFAAvoidanceInherit, ExternalID: adama.Ptr("ext-1"),
		VendorAttributions: []targeting.VendorAttribution{{VendorID: 18, ImpressionPixel: "https://px.example/1"}},
	}
}

func TestAdvertisersCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Advertisers.Create(ctx, newAdvertiser())
	require.NoError(t, err)
	assert.Equal(t, "Brand", created.Name)
	assert.Equal(t, int64(125), created.AgencyID)
	assert.Equal(t, adama.Ptr(true), created.Status)
	assert.Equal(t, adama.Ptr(true), created.AdvertiserBrain, "the server's default")
	assert.Equal(t, targeting.FrequencyIntervalNotApplicable, created.FrequencyInterval)
	assert.Equal(t, []targeting.VendorAttribution{{VendorID: 18, ImpressionPixel: "https://px.example/1"}}, created.VendorAttributions)
	require.NotNil(t, created.ExternalID)
	assert.Equal(t, "ext-1", *created.ExternalID)

	got, err := tc.Advertisers.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Empty(t, got.InheritedMFAAvoidance)
	ext, err := tc.Advertisers.GetExtended(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.MFAAvoidanceAllowAll, ext.InheritedMFAAvoidance)
	assert.Equal(t, targeting.MFASourceOrganization, ext.InheritedMFAFrom)
	assert.Equal(t, "true", srv.Requests()[len(srv.Requests())-1].Query.Get("extended"))

	changed := *got
	changed.Name, changed.ExternalID, changed.FrequencyAmount = "Brand 2", nil, adama.Ptr[int64](3)
	upd, err := tc.Advertisers.Update(ctx, &changed)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":1,"name":"Brand 2","external_id":null,"frequency_amount":3}`, string(reqs[len(reqs)-1].Body),
		"what changed since the read, a field set to nil as null")
	assert.Equal(t, "Brand 2", upd.Name)
	assert.Nil(t, upd.ExternalID, "cleared with null")
	require.NotNil(t, upd.FrequencyAmount)
	assert.Equal(t, int64(3), *upd.FrequencyAmount)

	got.Political = adama.Ptr(true)
	_, err = tc.Advertisers.Update(ctx, got)
	assert.ErrorIs(t, err, adama.ErrConflict, "got holds the version before the update")

	srv.Targeting().Advertisers().SetRaw(created.ID, "domain", "https://other.example")
	mod, err := tc.Advertisers.Modify(ctx, created.ID, func(a *targeting.Advertiser) error {
		a.Political = adama.Ptr(true)
		a.FrequencyAmount = nil
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr(true), mod.Political)
	assert.Nil(t, mod.FrequencyAmount)
	assert.Equal(t, "https://other.example", mod.Domain)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"version":3,"political":true,"frequency_amount":null}`, string(reqs[len(reqs)-1].Body))

	hist, err := tc.Advertisers.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "create", hist.Items[0].Action)
	assert.Equal(t, "update", hist.Items[1].Action)
	assert.Contains(t, hist.Items[1].Fields, targeting.FieldChange{FieldName: "name", OldValue: "Brand", NewValue: "Brand 2"})
	assert.Equal(t, created.ID, hist.Items[2].EntityID)

	page, err := tc.Advertisers.History(ctx, created.ID, &targeting.HistoryOptions{PageLimit: 1, PageOffset: 2})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, 3, page.TotalCount)

	_, err = tc.Advertisers.History(ctx, 999, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestAdvertisersList(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	srv.Targeting().AddN(adamatest.TargetingAdvertisers, 250, map[string]any{"agency_id": 7})

	p, err := tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{ListOptions: targeting.ListOptions{PageLimit: 2}})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	assert.Equal(t, "Advertiser 1", p.Items[0].Name)
	assert.Zero(t, p.Items[0].AgencyID, "the collection form holds id, name and entity_type")
	assert.Nil(t, p.Items[0].Agency)

	p, err = tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{ListOptions: targeting.ListOptions{PageLimit: 2},
		With: []targeting.AdvertiserWith{targeting.AdvertiserWithAgency}, Full: true})
	require.NoError(t, err)
	assert.Equal(t, int64(7), p.Items[0].AgencyID)
	assert.Equal(t, &targeting.AgencyRef{ID: 7, Name: "Agency 7", EntityType: "agency", Rel: "agency"}, p.Items[0].Agency)
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "agency", last.Query.Get("with"))
	assert.Equal(t, "*", last.Query.Get("full"))

	got := collect(t, tc.Advertisers.All(ctx, &targeting.AdvertiserListOptions{Full: true, ListOptions: targeting.ListOptions{Prefetch: 2}}))
	require.Len(t, got, 250)
	assert.Equal(t, "Advertiser 250", got[249].Name)
}
