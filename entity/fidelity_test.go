package entity_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/qlang"
)

// The platform's behaviours the fake now reproduces, read through the
// SDK's public API (issue 8).

// q with :null and :!null, and a value holding "&", in JSON and XML.
func TestListWithNullTestsAndAmpersand(t *testing.T) {
	ec, srv := newTestClient(t, adamatest.WithEntity("contacts", map[string]any{"name": "Smith & Sons", "email": "s@example.com"}))
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			p, err := c.Contacts.List(ctx, &entity.ListOptions{Q: new(qlang.Query).NotNull("email").IsNull("phone")})
			require.NoError(t, err)
			assert.Equal(t, 3, p.TotalCount)
			p, err = c.Contacts.List(ctx, &entity.ListOptions{Q: qlang.Where("name", qlang.Eq, "Smith & Sons")})
			require.NoError(t, err)
			require.Len(t, p.Items, 1)
			assert.Equal(t, "Smith & Sons", p.Items[0].Name)
			p, err = c.Contacts.List(ctx, &entity.ListOptions{Q: new(qlang.Query).IsNull("email")})
			require.NoError(t, err)
			assert.Zero(t, p.TotalCount)
		})
	}
}

// A field the platform does not know is refused with a 400 naming it; a
// create naming a missing parent too. Both arrive as *adama.Error with the
// field in Fields.
func TestUnknownFieldAndMissingParentThroughSDK(t *testing.T) {
	ec, _ := newTestClient(t)
	ctx := context.Background()
	ag := &entity.Agency{Common: entity.Common{Name: "A", Extra: map[string]json.RawMessage{"colour": json.RawMessage(`"red"`)}}, OrganizationID: 1}
	_, err := ec.Agencies.Create(ctx, ag)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 400, ae.StatusCode)
	assert.Equal(t, "invalid", ae.Code)
	assert.Contains(t, fieldsOf(ae), "colour")

	_, err = ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: 424242}))
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 400, ae.StatusCode)
	assert.Contains(t, fieldsOf(ae), "advertiser_id")
	assert.ErrorIs(t, err, adama.ErrBadRequest)
}

func fieldsOf(e *adama.Error) []string {
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field)
	}
	return out
}

// Error statuses in the platform's words map to the SDK's sentinels.
func TestPlatformErrorWordsThroughSDK(t *testing.T) {
	ec, srv := newTestClient(t)
	ctx := context.Background()
	_, err := ec.Advertisers.Get(ctx, 999, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	srv.Deny(entity.PathPrefix + "/contacts")
	_, err = ec.Contacts.List(ctx, nil)
	assert.ErrorIs(t, err, adama.ErrForbidden)
	ag, err := ec.Agencies.Get(ctx, 1, nil)
	require.NoError(t, err)
	srv.Entities().Agencies().SetRaw(1, "logo", "other.png")
	ag.Logo = "mine.png"
	_, err = ec.Agencies.Update(ctx, ag)
	assert.ErrorIs(t, err, adama.ErrConflict)
}

// Listing follows the total whatever next_page and etag the meta carries:
// All reads every page.
func TestAllWithNextPageInMeta(t *testing.T) {
	ec, _ := newTestClient(t)
	n := 0
	for v, err := range ec.Verticals.All(context.Background(), &entity.ListOptions{PageLimit: 7}) {
		require.NoError(t, err)
		require.NotNil(t, v)
		n++
	}
	assert.Equal(t, 34, n)
}

// Input-only enum values and the integer budget-flight total.
func TestInputOnlyRules(t *testing.T) {
	day := adama.TimePtr(entity.Day1.Time)
	tests := []struct {
		name  string
		rec   entity.Record
		field string
	}{
		{"impression pacing week refused on input", &entity.Strategy{ImpressionPacingInterval: entity.PacingIntervalWeek}, "impression_pacing_interval"},
		{"impression pacing hour", &entity.Strategy{ImpressionPacingInterval: entity.PacingIntervalHour}, ""},
		{"frequency campaign refused on input", &entity.Strategy{FrequencyType: entity.FrequencyTypeEven, FrequencyInterval: entity.FrequencyIntervalCampaign, FrequencyAmount: ip(1)}, "frequency_interval"},
		{"frequency week", &entity.Strategy{FrequencyType: entity.FrequencyTypeEven, FrequencyInterval: entity.FrequencyIntervalWeek, FrequencyAmount: ip(1)}, ""},
		{"flight budget with cents", &entity.BudgetFlight{StartDate: day, TotalBudget: adama.MustMoney("USD", "100.50")}, "total_budget[0].value"},
		{"flight budget whole", &entity.BudgetFlight{TotalBudget: adama.MustMoney("USD", "100.00")}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := entity.Validate(tt.rec, false)
			if tt.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.Equal(t, tt.field, ve.Violations[0].Field, "%v", err)
		})
	}
}
