package targeting_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

func newOrganization() *targeting.Organization {
	return &targeting.Organization{
		Name: "Org One", Status: adama.Ptr(true), MMContactName: "Ann", ADXSeatAccountID: 1,
		ConnectedIDType: targeting.ConnectedIDTypeDeterministicFirst, ContactName: "Bob", Address1: "1 Main St",
		City: "Springfield", State: "IL", Zip: "62701", Country: "US", Phone: "+1 555 0100", CurrencyCode: "USD",
		BillingCountryCode: "US", DMPEnabled: targeting.OrganizationDMPEnabledEnabled,
		OrgType: []targeting.OrganizationType{targeting.OrganizationTypeBuyer}, Website: adama.Ptr("https://org.example"),
	}
}

func TestOrganizationsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Organizations.Create(ctx, newOrganization())
	require.NoError(t, err)
	assert.Equal(t, "Org One", created.Name)
	assert.Equal(t, "organization", created.EntityType)
	assert.Equal(t, int64(1), created.Version)
	assert.Equal(t, adama.Ptr(false), created.Terminated, "the server's default")
	assert.False(t, created.CreatedOn.IsZero())

	page, err := tc.Organizations.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Empty(t, page.Items[0].City, "a list without full holds id, name and entity_type")
	page, err = tc.Organizations.List(ctx, &targeting.OrganizationListOptions{Full: true})
	require.NoError(t, err)
	assert.Equal(t, "Springfield", page.Items[0].City)

	got, err := tc.Organizations.Get(ctx, created.ID)
	require.NoError(t, err)
	changed := *got
	changed.Name, changed.Website, changed.SuspiciousTrafficFilterLevel = "Org Two", nil, adama.Ptr[int64](40)
	upd, err := tc.Organizations.Update(ctx, &changed)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":1,"name":"Org Two","website":null,"suspicious_traffic_filter_level":40}`, string(reqs[len(reqs)-1].Body),
		"what changed since the read, nil as null")
	assert.Nil(t, upd.Website)
	assert.Equal(t, int64(2), upd.Version)

	got.Name = "stale"
	_, err = tc.Organizations.Update(ctx, got)
	assert.ErrorIs(t, err, adama.ErrConflict)

	srv.Targeting().Organizations().SetRaw(created.ID, "city", "Shelbyville")
	mod, err := tc.Organizations.Modify(ctx, created.ID, func(o *targeting.Organization) error {
		o.Terminated = adama.Ptr(true)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, adama.Ptr(true), mod.Terminated)
	assert.Equal(t, "Shelbyville", mod.City)

	hist, err := tc.Organizations.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 3)
	assert.Equal(t, "create", hist.Items[0].Action)
	assert.Equal(t, "organizations", hist.Items[1].Collection)

	log, err := tc.Organizations.AuditLog(ctx, []int64{created.ID}, &targeting.HistoryOptions{PageLimit: 2})
	require.NoError(t, err)
	assert.Len(t, log.Items, 2)
	assert.Equal(t, 3, log.TotalCount)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"id":[1]}`, string(reqs[len(reqs)-1].Body))

	_, err = tc.Organizations.AuditLog(ctx, nil, nil)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "id", ve.Violations[0].Field)

	set, err := tc.Organizations.UpdateSettings(ctx, created.ID, []targeting.OrganizationSetting{
		{Key: "attribute3", Value: adama.Ptr("value3")}, {Key: "attribute4", Value: adama.Ptr("v4")}})
	require.NoError(t, err)
	assert.Equal(t, []targeting.OrganizationSetting{{Key: "attribute3", Value: adama.Ptr("value3")}, {Key: "attribute4", Value: adama.Ptr("v4")}}, set.Settings)
	set, err = tc.Organizations.UpdateSettings(ctx, created.ID, []targeting.OrganizationSetting{{Key: "attribute3"}})
	require.NoError(t, err)
	reqs = srv.Requests()
	assert.JSONEq(t, `{"settings":[{"key":"attribute3","value":null}]}`, string(reqs[len(reqs)-1].Body), "nil removes the setting")
	set, err = tc.Organizations.Settings(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, []targeting.OrganizationSetting{{Key: "attribute4", Value: adama.Ptr("v4")}}, set.Settings)
	require.NotNil(t, set.Entity)
	assert.Equal(t, int64(1), set.Entity.SettingsTotal)
	_, err = tc.Organizations.UpdateSettings(ctx, created.ID, []targeting.OrganizationSetting{{Value: adama.Ptr("x")}})
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "settings[0].key", ve.Violations[0].Field)

	_, err = tc.Organizations.Get(ctx, 99)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestOrganizationValidate(t *testing.T) {
	tc, srv := newClient(t)
	o := newOrganization()
	o.Name, o.State, o.OrgType = "", "Illinois", []targeting.OrganizationType{"vendor"}
	o.SuspiciousTrafficFilterLevel = adama.Ptr[int64](101)
	_, err := tc.Organizations.Create(context.Background(), o)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	var fields []string
	for _, v := range ve.Violations {
		fields = append(fields, v.Field)
	}
	assert.ElementsMatch(t, []string{"name", "state", "org_type[0]", "suspicious_traffic_filter_level"}, fields)
	assert.Zero(t, srv.Count("POST /api/v3.0/organizations"), "nothing is sent")
	assert.Error(t, (*targeting.Organization)(nil).Validate(true))
	assert.NoError(t, newOrganization().Validate(true))
	assert.Error(t, (&targeting.Organization{ID: 1}).Validate(true), "a create needs the required fields")
}

func TestAgenciesCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	org, err := tc.Organizations.Create(ctx, newOrganization())
	require.NoError(t, err)

	ag, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Agency One", OrganizationID: org.ID, Logo: "https://logo.example/a.png"})
	require.NoError(t, err)
	assert.Equal(t, targeting.MFAAvoidanceInherit, ag.MFAAvoidance, "the server's default")
	assert.Equal(t, targeting.DMPEnabledInherits, ag.DMPEnabled)

	_, err = tc.Agencies.Create(ctx, &targeting.Agency{Name: "Orphan"})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "organization_id", ve.Violations[0].Field)

	page, err := tc.Agencies.List(ctx, &targeting.AgencyListOptions{WithOrganization: true})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	require.NotNil(t, page.Items[0].Organization)
	assert.Equal(t, "Org One", page.Items[0].Organization.Name)
	assert.Equal(t, "organization", srv.Requests()[len(srv.Requests())-1].Query.Get("with"))

	got, err := tc.Agencies.Get(ctx, ag.ID)
	require.NoError(t, err)
	assert.Empty(t, got.InheritedMFAAvoidance)
	ext, err := tc.Agencies.GetExtended(ctx, ag.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.MFAAvoidanceAllowAll, ext.InheritedMFAAvoidance)
	assert.Equal(t, targeting.MFASourceOrganization, ext.InheritedMFAFrom)

	got.OrganizationID = 2
	_, err = tc.Agencies.Update(ctx, got)
	require.ErrorAs(t, err, &ve, "only a create sets the organization")

	mod, err := tc.Agencies.Modify(ctx, ag.ID, func(a *targeting.Agency) error {
		a.MFAAvoidance = targeting.MFAAvoidanceExcludeMFA
		a.AllowXAdvPixels = adama.Ptr(true)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, targeting.MFAAvoidanceExcludeMFA, mod.MFAAvoidance)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":1,"allow_x_adv_pixels":true,"mfa_avoidance":"EXCLUDE_MFA"}`, string(reqs[len(reqs)-1].Body))

	hist, err := tc.Agencies.History(ctx, ag.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 2)
	assert.Equal(t, "agencies", hist.Items[1].Collection)
	log, err := tc.Agencies.AuditLog(ctx, []int64{ag.ID, 40}, nil)
	require.NoError(t, err)
	assert.Len(t, log.Items, 2, "an id without changes adds nothing")

	adv, err := tc.Advertisers.Create(ctx, newAdvertiser())
	require.NoError(t, err)
	alog, err := tc.Advertisers.AuditLog(ctx, []int64{adv.ID}, nil)
	require.NoError(t, err)
	require.Len(t, alog.Items, 1)
	assert.Equal(t, "create", alog.Items[0].Action)
	_, err = tc.Advertisers.AuditLog(ctx, []int64{1, 1}, nil)
	require.ErrorAs(t, err, &ve, "an id listed twice")
}

// TestOrganizationsReferenceExample decodes the reference's example answer
// of GET /organizations through the public API.
func TestOrganizationsReferenceExample(t *testing.T) {
	b := readTestdata(t, "v3/reference/examples/listOrganizations.200.example.json")
	srv := adamatest.NewServer(adamatest.WithT(t))
	var env struct {
		Data []map[string]any `json:"data"`
	}
	require.NoError(t, json.Unmarshal(b, &env))
	for _, d := range env.Data {
		srv.Targeting().Organizations().AddRaw(d)
	}
	c, err := srv.NewClient()
	require.NoError(t, err)
	tc := targeting.New(c)
	page, err := tc.Organizations.List(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 3)
	assert.Equal(t, int64(100000), page.Items[0].ID)
	assert.Equal(t, "Organization Three", page.Items[2].Name)
	assert.Empty(t, page.Items[0].Misfits())

	var direct struct {
		Data []*targeting.Organization `json:"data"`
	}
	require.NoError(t, json.Unmarshal(b, &direct))
	require.Len(t, direct.Data, 3)
	assert.Equal(t, "organization", direct.Data[1].EntityType)
	assert.Empty(t, direct.Data[1].Extra)
}

// TestOrganizationSeatsAsAnswered reads the seats in the answer's form.
func TestOrganizationSeatsAsAnswered(t *testing.T) {
	var o targeting.Organization
	require.NoError(t, json.Unmarshal([]byte(`{"id":3,"name":"O","seats":[{"data":{"id":4,"version":1,"supply_source_id":5,
"seat_identifier":"s-1","rmx_exchange_cost_cpm":1.25,"status":true}}],"version":"2"}`), &o))
	require.Len(t, o.Seats, 1)
	assert.Equal(t, "s-1", o.Seats[0].Data.SeatIdentifier)
	assert.Equal(t, "1.25", o.Seats[0].Data.RMXExchangeCostCPM.String())
	assert.Equal(t, int64(2), o.Version)
}
