package deals_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

// dealMisfits are the values of testdata/deal_misfit.json that fit no
// documented form.
var dealMisfits = []adama.Misfit{
	{Field: "status", Raw: json.RawMessage(`"maybe"`)},
	{Field: "supply_source_id", Raw: json.RawMessage(`{}`)},
	{Field: "channels[1].id", Raw: json.RawMessage(`{"n": 2}`)},
	{Field: "permissions.organization_ids", Raw: json.RawMessage(`[100315, {"id": 7}]`)},
	{Field: "price.value", Raw: json.RawMessage(`"a lot"`)},
}

// TestDealMisfitReportedAndSentBack: an ill-typed deal decodes, names
// each misfit with its raw value, keeps unknown enum values, and an
// update neither zeroes a misfit nor loses it; a value the caller sets
// replaces it.
func TestDealMisfitReportedAndSentBack(t *testing.T) {
	body := string(mustRead(t, "deal_misfit.json"))
	dc := gockClient(t)
	gock.New("https://api.example").Get("/deals/v1.0/deals/457002").Reply(200).BodyString(body)
	gock.New("https://api.example").Post("/deals/v1.0/deals/457002").
		BodyString(`{"name":"Renamed","version":3}`).
		Reply(200).BodyString(body)
	gock.New("https://api.example").Post("/deals/v1.0/deals/457002").
		BodyString(`{"supply_source_id":246,"version":3}`).
		Reply(200).JSON(okDeal())
	ctx := context.Background()

	d, err := dc.Deals.Get(ctx, 457002)
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, int64(457002), d.ID)
	assert.Equal(t, int64(1), d.Channels[0].ID)
	assert.Equal(t, "EUR", d.Price.CurrencyCode)
	assert.Zero(t, d.SupplySourceID)
	assert.Nil(t, d.Status)
	assertMisfits(t, dealMisfits, d.Misfits())

	out, err := json.Marshal(d)
	require.NoError(t, err)
	var written map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(out, &written))
	assert.JSONEq(t, `{}`, string(written["supply_source_id"]), "the raw value goes back in the record's form")
	assert.JSONEq(t, `"maybe"`, string(written["status"]))
	assert.JSONEq(t, `{"currency_code":"EUR","value":"a lot"}`, string(written["price"]))

	d.Name = "Renamed"
	assert.Equal(t, []string{"name"}, d.Changes(), "a misfit left alone is not a change")
	again, err := dc.Deals.Update(ctx, d)
	require.NoError(t, err)
	assertMisfits(t, dealMisfits, again.Misfits())

	again.SupplySourceID = 246
	_, err = dc.Deals.Update(ctx, again)
	require.NoError(t, err)
	assert.True(t, gock.IsDone(), "the set field replaces the kept value")
}

// TestDealMisfitStrict: a strict client fails a Get, a List and All over
// a deal with a misfit, naming the field and its raw value.
func TestDealMisfitStrict(t *testing.T) {
	_, srv := newClient(t)
	id := srv.Deals().Add(&deals.Deal{Name: "odd", DealIdentifier: "Odd_2", SupplySourceID: 246})
	require.True(t, srv.Deals().SetRaw(id, "supply_source_id", map[string]any{}))
	require.True(t, srv.Deals().SetRaw(id, "media_type", "HOLOGRAM"))
	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	strict := deals.New(c)
	ctx := context.Background()

	_, err = strict.Deals.Get(ctx, id)
	assertStrictMisfit(t, err, "supply_source_id: {}")
	_, err = strict.Deals.List(ctx, &deals.ListOptions{IDs: []int64{id}})
	assertStrictMisfit(t, err, "[0].supply_source_id: {}")
	for _, err := range strict.Deals.All(ctx, &deals.ListOptions{IDs: []int64{id}}) {
		assertStrictMisfit(t, err, "supply_source_id")
		break
	}

	d, err := deals.New(mustClient(t, srv)).Deals.Get(ctx, id)
	require.NoError(t, err, "without the option the record is returned")
	assert.Equal(t, deals.MediaType("HOLOGRAM"), d.MediaType, "an unknown enum value is kept, not a misfit")
	assertMisfits(t, []adama.Misfit{{Field: "supply_source_id", Raw: json.RawMessage(`{}`)}}, d.Misfits())
}

func mustClient(t *testing.T, srv interface {
	NewClient(...adama.Option) (*adama.Client, error)
}) *adama.Client {
	t.Helper()
	c, err := srv.NewClient()
	require.NoError(t, err)
	return c
}

// assertMisfits compares misfits by field and raw JSON value, in any
// order.
func assertMisfits(t *testing.T, want, got []adama.Misfit) {
	t.Helper()
	require.Len(t, got, len(want), "%v", got)
	byField := map[string]json.RawMessage{}
	for _, m := range got {
		byField[m.Field] = m.Raw
	}
	for _, m := range want {
		require.Contains(t, byField, m.Field)
		assert.JSONEq(t, string(m.Raw), string(byField[m.Field]), m.Field)
	}
}

// assertStrictMisfit checks the error of a strict call over a misfit.
func assertStrictMisfit(t *testing.T, err error, names string) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, adama.CodeMisfit, ae.Code)
	assert.Contains(t, ae.Error(), names)
}
