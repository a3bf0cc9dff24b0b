package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseLookups reads every read-only list, for TestWireFitsDescription
// and TestLookups.
func exerciseLookups(ctx context.Context, t *testing.T, tc *targeting.Client) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	_, err := tc.Verticals.List(ctx, nil)
	must(err)
	full := &targeting.LookupListOptions{Full: true, ListOptions: targeting.ListOptions{SortBy: []string{"-id"}, PageLimit: 10}}
	_, err = tc.AdServers.List(ctx, full)
	must(err)
	_, err = tc.AdServers.List(ctx, nil)
	must(err)
	_, err = tc.CurrencyRates.List(ctx, full)
	must(err)
	_, err = tc.Timezones.List(ctx, &targeting.TimezoneListOptions{Full: true, SortBy: "name"})
	must(err)
	_, err = tc.Timezones.List(ctx, nil)
	must(err)
	_, err = tc.Vendors.List(ctx, &targeting.VendorListOptions{Full: true, DetectDomains: true})
	must(err)
	_, err = tc.Vendors.List(ctx, nil)
	must(err)
	_, err = tc.Vendors.Get(ctx, 1)
	must(err)
	_, err = tc.SupplySources.List(ctx, full)
	must(err)
	_, err = tc.SupplySources.Get(ctx, 2)
	must(err)
	_, err = tc.PixelProviders.List(ctx, nil)
	must(err)
	_, err = tc.VendorContracts.List(ctx, &targeting.ListOptions{PageLimit: 5})
	must(err)
}

func TestLookups(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	exerciseLookups(ctx, t, tc)

	verts := collect(t, tc.Verticals.All(ctx, nil))
	require.Len(t, verts, 3)
	assert.Equal(t, "Automotive", verts[0].Name)
	assert.Equal(t, "vertical", verts[0].EntityType)

	short, err := tc.CurrencyRates.List(ctx, nil)
	require.NoError(t, err)
	assert.True(t, short.Items[0].Rate.IsZero(), "without full a list holds id, name and entity_type")
	rates, err := tc.CurrencyRates.List(ctx, &targeting.LookupListOptions{Full: true})
	require.NoError(t, err)
	assert.Equal(t, "0.92", rates.Items[1].Rate.String(), "exact")
	assert.Equal(t, 2026, rates.Items[1].Date.Year())

	v, err := tc.Vendors.Get(ctx, 2)
	require.NoError(t, err)
	assert.Equal(t, targeting.VendorTypeAdVerification, v.VendorType)
	assert.Equal(t, targeting.RateCardTypeFixed, v.RateCardType)
	var detect []string
	for _, r := range srv.Requests() {
		if r.Path == "/api/v3.0/vendors" {
			detect = append(detect, r.Query.Get("detect_domains"))
		}
	}
	assert.Equal(t, []string{"true", ""}, detect, "detect_domains sent as true, only when asked")

	ss, err := tc.SupplySources.Get(ctx, 1)
	require.NoError(t, err)
	assert.Nil(t, ss.MktSellPrice)
	assert.Equal(t, adama.Ptr(true), ss.RTBEnabled)

	tzs := collect(t, tc.Timezones.All(ctx, &targeting.TimezoneListOptions{Full: true, PageLimit: 1}))
	require.Len(t, tzs, 2, "All pages through")
	assert.Nil(t, tzs[0].Description)
	assert.Equal(t, "Eastern Time", tzs[1].DisplayName)

	_, err = tc.Vendors.Get(ctx, 0)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	_, err = tc.SupplySources.Get(ctx, 99)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	_, err = tc.Timezones.List(ctx, &targeting.TimezoneListOptions{PageLimit: 5000})
	require.ErrorAs(t, err, &ve)

	contracts, err := tc.VendorContracts.List(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(1), contracts.Items[0].VendorID)
	assert.Equal(t, targeting.RateCardTypeCPM, contracts.Items[0].RateCardType)
}
