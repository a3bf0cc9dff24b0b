package targeting_test

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/targeting"
)

// cmpLastBody is the body of the last request srv received.
func cmpLastBody(t *testing.T, srv *adamatest.Server) string {
	t.Helper()
	reqs := srv.Requests()
	require.NotEmpty(t, reqs)
	return string(reqs[len(reqs)-1].Body)
}

func TestCampaignsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()

	created, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)
	assert.Positive(t, created.ID)
	assert.Equal(t, "Spring", created.Name)
	assert.Equal(t, int64(76), created.AdvertiserID)
	assert.Equal(t, targeting.ServiceTypeSelf, created.ServiceType)
	assert.Equal(t, adama.Ptr(true), created.Status, "the server's default")
	assert.Equal(t, targeting.CampaignIdentityLevelInherit, created.TargetingIdentityLevel)
	require.NotNil(t, created.Budget)
	require.Len(t, created.Budget.Flights, 1)
	assert.Positive(t, created.Budget.Flights[0].ID)
	assert.Equal(t, "10000.01", created.Budget.Flights[0].TotalBudget.String(), "amounts stay exact")
	assert.Equal(t, "2.5", created.Goals.GoalValue.String())
	assert.JSONEq(t, `{"name":"Spring","advertiser_id":76,"service_type":"SELF",
		"duration":{"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000"},
		"goals":{"goal_type":"cpa","goal_value":2.50},
		"budget":{"currency_code":"USD","flights":[{"start_date":"2030-03-01T00:00:00+0000","end_date":"2030-06-30T00:00:00+0000","total_budget":10000.01}]},
		"frequency":{"frequency_type":"asap","frequency_interval":"day","frequency_amount":5}}`, cmpLastBody(t, srv))

	got, err := tc.Campaigns.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Empty(t, got.InheritedMFAAvoidance)
	ext, err := tc.Campaigns.GetExtended(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, targeting.MFAAvoidanceAllowAll, ext.InheritedMFAAvoidance)
	assert.Equal(t, targeting.CampaignMFASourceOrganization, ext.InheritedMFAFrom)
	assert.Equal(t, targeting.IdentityLevelIndividual, ext.InheritedTargetingIdentityLevel)

	// An update sends what changed: a changed group whole, without the
	// read-only properties of the records it holds.
	got.Name = "Spring 2"
	got.Budget.Flights[0].TotalBudget = dec("12000.25")
	upd, err := tc.Campaigns.Update(ctx, got)
	require.NoError(t, err)
	body := cmpLastBody(t, srv)
	assert.Contains(t, body, `"name":"Spring 2"`)
	assert.Contains(t, body, `"total_budget":12000.25`)
	assert.Contains(t, body, `"currency_code":"USD"`, "budget goes whole, with its currency")
	assert.NotContains(t, body, "is_relevant")
	assert.NotContains(t, body, "goals", "unchanged groups are not sent")
	assert.Equal(t, created.Version+1, upd.Version)
	assert.Equal(t, "12000.25", upd.Budget.Flights[0].TotalBudget.String())

	// Another writer changes it: the version read is stale.
	require.True(t, srv.Targeting().Campaigns().SetRaw(created.ID, "io_name", "IO-9"))
	upd.Political = adama.Ptr(true)
	_, err = tc.Campaigns.Update(ctx, upd)
	require.ErrorIs(t, err, adama.ErrConflict)

	// Modify reads again and retries.
	calls := 0
	mod, err := tc.Campaigns.Modify(ctx, created.ID, func(c *targeting.Campaign) error {
		calls++
		c.Political = adama.Ptr(true)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 1, calls)
	assert.Equal(t, adama.Ptr(true), mod.Political)
	require.NotNil(t, mod.IoName)
	assert.Equal(t, "IO-9", *mod.IoName)

	hist, err := tc.Campaigns.History(ctx, created.ID, nil)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(hist.Items), 2)
	assert.Equal(t, "update", hist.Items[0].Action, "newest first")
	assert.Equal(t, "campaigns", hist.Items[0].Collection)

	_, err = tc.Campaigns.Get(ctx, 999999)
	require.ErrorIs(t, err, adama.ErrNotFound)
}

// TestCampaignDecimalsKeepTheirText writes amounts a float cannot hold and
// reads the same text back, through the SDK and on the wire: the fake keeps
// each number as written. The SDK sends a decimal in its canonical form
// (5000.10 as 5000.1); a body written by hand keeps its trailing zeros.
func TestCampaignDecimalsKeepTheirText(t *testing.T) {
	c, err := adamatest.NewServer(adamatest.WithT(t)).NewClient()
	require.NoError(t, err)
	tc := targeting.New(c)
	ctx := context.Background()
	raw := func(t *testing.T, method, path, body string) string {
		t.Helper()
		r := &adama.Request{Method: method, Host: adama.HostBase, Path: "/api/v3.0" + path}
		if body != "" {
			r.Body, r.ContentType = []byte(body), "application/json"
		}
		resp, err := c.Do(ctx, r)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(b)
	}

	cmp := newCampaign()
	cmp.Budget.Flights[0].TotalBudget = dec("1234567890123.123456789")
	cmp.Budget.MarginPct = dec("12.3456789012345678901")
	created, err := tc.Campaigns.Create(ctx, cmp)
	require.NoError(t, err)
	path := "/campaigns/" + strconv.FormatInt(created.ID, 10)

	tests := []struct {
		name, got, want, wire string
	}{
		{"a flight's budget", created.Budget.Flights[0].TotalBudget.String(), "1234567890123.123456789", `"total_budget":1234567890123.123456789`},
		{"the margin", created.Budget.MarginPct.String(), "12.3456789012345678901", `"margin_pct":12.3456789012345678901`},
		{"the goal value", created.Goals.GoalValue.String(), "2.5", `"goal_value":2.5`},
	}
	answer := raw(t, "GET", path, "")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.got, "read back through the SDK")
			assert.Contains(t, answer, tt.wire, "read back on the wire")
		})
	}

	answer = raw(t, "POST", path, `{"version":`+strconv.FormatInt(created.Version, 10)+`,"budget":{"currency_code":"USD","margin_pct":5000.10}}`)
	assert.Contains(t, answer, `"margin_pct":5000.10`, "the update's answer keeps the text written")
	assert.Contains(t, raw(t, "GET", path, ""), `"margin_pct":5000.10`, "and so does a later read")
	got, err := tc.Campaigns.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, "5000.1", got.Budget.MarginPct.String())
}

func TestCampaignsList(t *testing.T) {
	tc, _ := newClient(t)
	ctx := context.Background()
	for _, name := range []string{"A", "B", "C"} {
		c := newCampaign()
		c.Name = name
		_, err := tc.Campaigns.Create(ctx, c)
		require.NoError(t, err)
	}
	page, err := tc.Campaigns.List(ctx, &targeting.CampaignListOptions{With: []targeting.CampaignWith{targeting.CampaignWithAdvertiser}})
	require.NoError(t, err)
	require.Len(t, page.Items, 3)
	assert.Equal(t, "A", page.Items[0].Name)
	assert.Nil(t, page.Items[0].Budget, "the short form without full=*")
	require.NotNil(t, page.Items[0].Advertiser)
	assert.Equal(t, int64(76), page.Items[0].Advertiser.ID)

	var names []string
	for c, err := range tc.Campaigns.All(ctx, &targeting.CampaignListOptions{Full: true, LiveOnly: adama.Ptr(false), ListOptions: targeting.ListOptions{PageLimit: 2, SortBy: []string{"-name"}}}) {
		require.NoError(t, err)
		require.NotNil(t, c.Budget, "every property with full=*")
		names = append(names, c.Name)
	}
	assert.Equal(t, []string{"C", "B", "A"}, names)

	_, err = tc.Campaigns.List(ctx, &targeting.CampaignListOptions{LiveOnly: adama.Ptr(true), FilterExpired: adama.Ptr(true)})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "refused before sending")
	_, err = tc.Campaigns.List(ctx, &targeting.CampaignListOptions{With: []targeting.CampaignWith{"strategy"}})
	require.ErrorAs(t, err, &ve)
}

func TestCampaignRulesBeforeSending(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	before := len(srv.Requests())
	for name, change := range map[string]func(*targeting.Campaign){
		"no name":            func(c *targeting.Campaign) { c.Name = "" },
		"long name":          func(c *targeting.Campaign) { c.Name = strings.Repeat("n", 257) },
		"no advertiser":      func(c *targeting.Campaign) { c.AdvertiserID = 0 },
		"no goals":           func(c *targeting.Campaign) { c.Goals = nil },
		"goal without value": func(c *targeting.Campaign) { c.Goals.GoalValue = nil },
		"unknown goal":       func(c *targeting.Campaign) { c.Goals.GoalType = "likes" },
		"no budget":          func(c *targeting.Campaign) { c.Budget = nil },
		"no currency":        func(c *targeting.Campaign) { c.Budget.CurrencyCode = "" },
		"no flights":         func(c *targeting.Campaign) { c.Budget.Flights = nil },
		"flight no budget":   func(c *targeting.Campaign) { c.Budget.Flights[0].TotalBudget = nil },
		"flight backwards":   func(c *targeting.Campaign) { c.Budget.Flights[0].EndDate = at(1, 1) },
		"zero impressions":   func(c *targeting.Campaign) { c.Budget.Flights[0].TotalImpressionBudget = adama.Ptr(int64(0)) },
		"sample rate above 1": func(c *targeting.Campaign) {
			c.Viewability = &targeting.CampaignViewability{VendorID: 3, Type: targeting.CampaignViewabilityTypeAutoTag, SampleRate: adama.MustDecimal("1.5")}
		},
		"unknown service": func(c *targeting.Campaign) { c.ServiceType = "FULL" },
	} {
		c := newCampaign()
		change(c)
		_, err := tc.Campaigns.Create(ctx, c)
		var ve *adama.ValidationError
		assert.ErrorAs(t, err, &ve, name)
	}
	_, err := tc.Campaigns.Copy(ctx, 1, &targeting.CampaignCopy{Status: true})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "a copy needs a name")
	assert.Len(t, srv.Requests(), before, "nothing sent")
}

func TestCampaignCopyAndBudgetFlights(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	src, err := tc.Campaigns.Create(ctx, newCampaign())
	require.NoError(t, err)

	cp, err := tc.Campaigns.Copy(ctx, src.ID, &targeting.CampaignCopy{Name: "Copy", Status: false, CopyBrainSettings: adama.Ptr(true),
		Budget: &targeting.CampaignCopyBudget{Flights: []*targeting.CampaignCopyFlight{{StartDate: *at(9, 1), EndDate: *at(9, 30), TotalBudget: adama.MustDecimal("99.99")}}}})
	require.NoError(t, err)
	assert.NotEqual(t, src.ID, cp.ID)
	assert.Equal(t, "Copy", cp.Name)
	assert.Equal(t, adama.Ptr(false), cp.Status)
	require.NotNil(t, cp.SourceCampaignID)
	assert.Equal(t, src.ID, *cp.SourceCampaignID, "copy_brain_settings remembers the source")
	assert.JSONEq(t, `{"name":"Copy","status":false,"copy_brain_settings":true,
		"budget":{"flights":[{"start_date":"2030-09-01T00:00:00+0000","end_date":"2030-09-30T00:00:00+0000","total_budget":99.99}]}}`, cmpLastBody(t, srv))

	flights, err := tc.BudgetFlights.List(ctx, cp.ID, &targeting.BudgetFlightListOptions{Full: true})
	require.NoError(t, err)
	require.Len(t, flights.Items, 1)
	assert.Equal(t, "99.99", flights.Items[0].TotalBudget.String())

	// A flight added through the campaign shows in the flights and their log.
	_, err = tc.Campaigns.Modify(ctx, src.ID, func(c *targeting.Campaign) error {
		c.Budget.Flights = append(c.Budget.Flights, &targeting.BudgetFlight{StartDate: at(7, 1), EndDate: at(7, 31), TotalBudget: dec("500")})
		return nil
	})
	require.NoError(t, err)
	var n int
	for f, err := range tc.BudgetFlights.All(ctx, src.ID, &targeting.BudgetFlightListOptions{PageLimit: 1}) {
		require.NoError(t, err)
		assert.Positive(t, f.ID)
		n++
	}
	assert.Equal(t, 2, n)
	hist, err := tc.BudgetFlights.History(ctx, src.ID, nil)
	require.NoError(t, err)
	require.Len(t, hist.Items, 2)
	assert.Equal(t, "update", hist.Items[0].Action)

	_, err = tc.BudgetFlights.List(ctx, 0, nil)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	_, err = tc.BudgetFlights.List(ctx, 999999, nil)
	require.ErrorIs(t, err, adama.ErrNotFound)
}

func TestConceptsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	c, err := tc.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76})
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"Autumn","advertiser_id":76}`, cmpLastBody(t, srv))
	assert.Equal(t, adama.Ptr(true), c.Status)
	assert.Equal(t, "Advertiser 76", c.AdvertiserName)

	c.Archived = adama.Ptr(true)
	upd, err := tc.Concepts.Update(ctx, c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"version":1,"name":"Autumn","archived":true}`, cmpLastBody(t, srv), "the name goes with every update")
	assert.Equal(t, adama.Ptr(true), upd.Archived)

	require.True(t, srv.Targeting().Concepts().SetRaw(c.ID, "media_type_list", []any{"video"}))
	page, err := tc.Concepts.List(ctx, &targeting.ConceptListOptions{MediaTypes: []targeting.ConceptMediaType{targeting.ConceptMediaTypeVideo}})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	page, err = tc.Concepts.List(ctx, &targeting.ConceptListOptions{MediaTypes: []targeting.ConceptMediaType{targeting.ConceptMediaTypeAudio}})
	require.NoError(t, err)
	assert.Empty(t, page.Items)
	_, err = tc.Concepts.List(ctx, &targeting.ConceptListOptions{MediaTypes: []targeting.ConceptMediaType{"print"}})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)

	_, err = tc.Concepts.Update(ctx, upd) // stale: SetRaw bumped the version
	require.ErrorIs(t, err, adama.ErrConflict)
	hist, err := tc.Concepts.History(ctx, c.ID, nil)
	require.NoError(t, err)
	assert.Len(t, hist.Items, 2)

	_, err = tc.Concepts.Create(ctx, &targeting.Concept{Name: "No advertiser"})
	require.ErrorAs(t, err, &ve)
	_, err = tc.Concepts.Update(ctx, &targeting.Concept{ID: c.ID, Version: 3})
	require.ErrorAs(t, err, &ve, "an update needs the name")
}

func TestContractsExactFees(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	c, err := tc.Contracts.Create(ctx, newContract())
	require.NoError(t, err)
	assert.Positive(t, c.ContractNumber, "numbered by the platform")
	assert.Equal(t, "12.5", c.PlatformAccessFeePct.String())
	assert.Equal(t, "0.05", c.P1AsFeeCPM.String())
	assert.Contains(t, cmpLastBody(t, srv), `"p1_as_fee_cpm":0.05`)

	// The SDK sends a fee exactly as given (the fake keeps amounts as
	// float64, so this one is chosen to survive it).
	c.SpendCap = dec("123456789.125")
	c.PlatformAccessFeePct = nil // nullable: sent as null, which clears
	upd, err := tc.Contracts.Update(ctx, c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"version":1,"platform_access_fee_pct":null,"spend_cap":123456789.125}`, cmpLastBody(t, srv))
	assert.Equal(t, "123456789.125", upd.SpendCap.String())
	assert.Nil(t, upd.PlatformAccessFeePct)

	// Each fee takes only its own units.
	bad := newContract()
	bad.DBAOptimizationFeeUnit = targeting.ContractFeeUnitFixed
	_, err = tc.Contracts.Create(ctx, bad)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "dba_optimization_fee_unit", ve.Violations[0].Field)
	missing := newContract()
	missing.P1AsFeeCPM = nil
	_, err = tc.Contracts.Create(ctx, missing)
	require.ErrorAs(t, err, &ve)

	page, err := tc.Contracts.List(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Nil(t, page.Items[0].SpendCap, "the short form without full=*")
	hist, err := tc.Contracts.History(ctx, c.ID, nil)
	require.NoError(t, err)
	assert.Len(t, hist.Items, 2)
	_, err = tc.Contracts.Get(ctx, 999999)
	require.True(t, errors.Is(err, adama.ErrNotFound))
}

func TestCampaignFamilyDecodeReferenceBodies(t *testing.T) {
	ctx := context.Background()
	cmp, err := fileClient(t, 200, "v3/campaigns/campaign.json").Campaigns.Get(ctx, 1)
	require.NoError(t, err)
	assert.Empty(t, cmp.Misfits())
	require.NotNil(t, cmp.SourceCampaignID)
	assert.Equal(t, int64(7), *cmp.SourceCampaignID)
	assert.Equal(t, int64(34), cmp.Viewability.VendorID)
	assert.Equal(t, "USD", cmp.Budget.CurrencyCode)
	assert.Equal(t, int64(77), cmp.Budget.Flights[0].ID)
	assert.Equal(t, adama.Ptr(int64(12345)), cmp.Budget.Flights[0].TotalImpressionBudget)
	assert.Equal(t, adama.Ptr(int64(17)), cmp.Attribution.MeritPixelID)
	assert.Equal(t, int64(23), cmp.VendorContracts[0].VendorID)
	_, err = targeting.CampaignFamilyUpdateBody(cmp)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "the example has no id to update")

	cpt, err := fileClient(t, 200, "v3/campaigns/concept.json").Concepts.Get(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, []int64{123, 124}, cpt.AtomicCreativeList)
	assert.Equal(t, []targeting.ConceptMediaType{"audio", "display", "native", "video"}, cpt.MediaTypeList)
	assert.Equal(t, int64(76), cpt.AdvertiserID)
	assert.Equal(t, int64(3), cpt.Version)

	ctr, err := fileClient(t, 200, "v3/campaigns/contract.json").Contracts.Get(ctx, 4)
	require.NoError(t, err)
	assert.Equal(t, int64(4), ctr.ID)
	assert.Equal(t, int64(44), ctr.Version)
	assert.Equal(t, int64(34), ctr.OrganizationID)

	page, err := fileClient(t, 200, "v3/campaigns/budget_flights.json").BudgetFlights.List(ctx, 1, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, int64(77), page.Items[0].ID)
}
