package entity_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// targetingServer seeds strategy 50 of campaign 1, strategy 51, and deals
// 11 and 12 (group A's view).
func targetingServer(t *testing.T) (*entity.Client, *adamatest.Server) {
	t.Helper()
	return newTestClient(t,
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "S50", "campaign_id": 1, "budget": []any{map[string]any{"currency_code": "USD", "value": 100}}}),
		adamatest.WithEntity("strategies", map[string]any{"id": 51, "name": "S51", "campaign_id": 1}),
		adamatest.WithEntity("deals", map[string]any{"id": 11, "name": "D11"}),
		adamatest.WithEntity("deals", map[string]any{"id": 12, "name": "D12"}),
	)
}

func TestSetStrategyDeals(t *testing.T) {
	ec, srv := targetingServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()

	srv.ResetRequests()
	s, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{AllPMP: adama.BoolPtr(false), DealIDs: []int64{11, 12}})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "POST", reqs[0].Method)
	assert.Equal(t, "/api/v2.0/strategies/50/deals", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"all_pmp": {"0"}, "deal.1.id": {"11"}, "deal.2.id": {"12"}}, body)
	assert.Equal(t, []entity.StrategyDealRef{{ID: 11, EntityType: "deal"}, {ID: 12, EntityType: "deal"}}, s.Deals)
	require.NotNil(t, s.RunOnAllPMP)
	assert.False(t, bool(*s.RunOnAllPMP))
	assert.Equal(t, 1, s.Version, "the strategy changed")

	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			got, err := c.StrategyDeals(ctx, 50)
			require.NoError(t, err)
			assert.Equal(t, int64(50), got.ID)
			require.Len(t, got.Deals, 2)
			assert.Equal(t, int64(11), got.Deals[0].ID)
			assert.Equal(t, int64(12), got.Deals[1].ID)
		})
	}

	// Clearing: no deals.
	s, err = ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{})
	require.NoError(t, err)
	assert.Empty(t, s.Deals)

	// A deal that does not exist is refused by the platform, naming it.
	_, err = ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{DealIDs: []int64{11, 99}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 400, ae.StatusCode)
	assert.Contains(t, fieldsOf(ae), "deal.2.id")

	_, err = ec.StrategyDeals(ctx, 777)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestStrategyTargetingValidation(t *testing.T) {
	ec, srv := targetingServer(t)
	ctx := context.Background()
	cases := []struct {
		name  string
		call  func() error
		field string
		rule  string
	}{
		{"strategy id", func() error {
			_, err := ec.SetStrategyDeals(ctx, 0, &entity.DealTargeting{DealIDs: []int64{1}})
			return err
		}, "strategy_id", "positive"},
		{"deal id", func() error {
			_, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{DealIDs: []int64{1, -2}})
			return err
		}, "deal.2.id", "positive"},
		{"deal twice", func() error {
			_, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{DealIDs: []int64{3, 3}})
			return err
		}, "deal.2.id", "twice"},
		{"read strategy id", func() error { _, err := ec.StrategyDeals(ctx, -1); return err }, "strategy_id", "positive"},
		{"domain required", func() error {
			return ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{{Restriction: entity.RestrictionInclude}})
		}, "domains.1.domain", "required"},
		{"domain restriction required", func() error {
			return ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{{Domain: "a.example"}})
		}, "domains.1.restriction", "required"},
		{"domain restriction enum", func() error {
			return ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{{Domain: "a.example", Restriction: "MAYBE"}})
		}, "domains.1.restriction", "one of"},
		{"domain twice", func() error {
			return ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{{Domain: "a.example", Restriction: entity.RestrictionInclude}, {Domain: "a.example", Restriction: entity.RestrictionExclude}})
		}, "domains.2.domain", "twice"},
		{"segment id", func() error {
			return ec.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{Segments: []entity.AudienceTarget{{Restriction: entity.RestrictionInclude}}})
		}, "segments.1.id", "positive"},
		{"segment restriction", func() error {
			return ec.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{Segments: []entity.AudienceTarget{{ID: 1}}})
		}, "segments.1.restriction", "required"},
		{"include op", func() error {
			return ec.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{IncludeOp: "XOR"})
		}, "include_op", "one of"},
		{"bulk empty", func() error { _, err := ec.BulkUpdateStrategies(ctx, nil); return err }, "update", "at least one"},
		{"bulk id", func() error {
			_, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{Fields: map[string]any{"status": true}}})
			return err
		}, "update[0].id", "positive"},
		{"bulk no fields", func() error { _, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 50}}); return err }, "update[0]", "at least one field"},
		{"bulk unknown field", func() error {
			_, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 50, Fields: map[string]any{"colour": "red"}}})
			return err
		}, "update[0].colour", "not a strategy field"},
		{"bulk operator", func() error {
			_, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 50, Fields: map[string]any{"pixel_target_exrp_targeting_operator": "XOR"}}})
			return err
		}, "update[0].pixel_target_exrp_targeting_operator", "one of"},
		{"bulk twice", func() error {
			_, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 50, Fields: map[string]any{"status": true}}, {ID: 50, Fields: map[string]any{"status": false}}})
			return err
		}, "update[1].id", "twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv.ResetRequests()
			err := c.call()
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(c.field, c.rule), "want %s: %s in %v", c.field, c.rule, err)
			assert.Empty(t, srv.Requests(), "nothing sent")
		})
	}
}

func TestSetStrategyDomainRestrictions(t *testing.T) {
	ec, srv := targetingServer(t)
	ctx := context.Background()
	srv.ResetRequests()
	require.NoError(t, ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{
		{Domain: "news.example", Restriction: entity.RestrictionInclude},
		{Domain: "spam.example", Restriction: entity.RestrictionExclude},
	}))
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "/api/v2.0/strategies/50/domain_restrictions", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"domains.1.domain": {"news.example"}, "domains.1.restriction": {"INCLUDE"},
		"domains.2.domain": {"spam.example"}, "domains.2.restriction": {"EXCLUDE"}}, body)

	list := func() []*entity.StrategyDomainRestriction {
		p, err := ec.StrategyDomainRestrictions.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("strategy", 50), SortBy: []string{"domain"}})
		require.NoError(t, err)
		return p.Items
	}
	got := list()
	require.Len(t, got, 2)
	assert.Equal(t, "news.example", got[0].Domain)
	assert.Equal(t, entity.RestrictionInclude, got[0].Restriction)
	assert.Equal(t, entity.RestrictionExclude, got[1].Restriction)

	// A second call replaces the set.
	require.NoError(t, ec.SetStrategyDomainRestrictions(ctx, 50, []entity.DomainTarget{{Domain: "only.example", Restriction: entity.RestrictionInclude}}))
	got = list()
	require.Len(t, got, 1)
	assert.Equal(t, "only.example", got[0].Domain)

	err = ec.SetStrategyDomainRestrictions(ctx, 999, []entity.DomainTarget{{Domain: "a.example", Restriction: entity.RestrictionInclude}})
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestSetStrategyAudienceSegments(t *testing.T) {
	ec, srv := targetingServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	srv.ResetRequests()
	require.NoError(t, xc.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{
		IncludeOp: entity.SetOpAnd, ExcludeOp: entity.SetOpOr,
		Segments: []entity.AudienceTarget{{ID: 1, Restriction: entity.RestrictionInclude, GroupIdentifier: "g1"}, {ID: 2, Restriction: entity.RestrictionExclude}},
	}))
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "/api/v2.0/strategies/50/audience_segments", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"include_op": {"AND"}, "exclude_op": {"OR"}, "segments.1.id": {"1"}, "segments.1.restriction": {"INCLUDE"},
		"segments.1.group_identifier": {"g1"}, "segments.2.id": {"2"}, "segments.2.restriction": {"EXCLUDE"}}, body)

	p, err := ec.StrategyAudienceSegments.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("strategy", 50), SortBy: []string{"audience_segment_id"}})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	assert.Equal(t, int64(1), p.Items[0].AudienceSegmentID)
	assert.Equal(t, "g1", p.Items[0].GroupIdentifier)
	assert.Equal(t, entity.RestrictionExclude, p.Items[1].Restriction)
	s, err := ec.Strategies.Get(ctx, 50, nil)
	require.NoError(t, err)
	assert.Equal(t, entity.SetOpAnd, s.AudienceSegmentIncludeOp)
	assert.Equal(t, entity.SetOpOr, s.AudienceSegmentExcludeOp)

	err = ec.SetStrategyAudienceSegments(ctx, 50, &entity.AudienceTargeting{Segments: []entity.AudienceTarget{{ID: 9999, Restriction: entity.RestrictionInclude}}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "segments.1.id")
}

func TestBulkUpdateStrategies(t *testing.T) {
	ec, srv := targetingServer(t)
	ctx := context.Background()
	srv.ResetRequests()
	got, err := ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{
		{ID: 50, Fields: map[string]any{"pixel_target_exrp_targeting_operator": "AND", "status": true}},
		{ID: 51, Fields: map[string]any{"name": "Renamed", "budget": 250}},
	})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "POST", reqs[0].Method)
	assert.Equal(t, entity.BulkStrategiesPath, reqs[0].Path)
	assert.Equal(t, "application/json", reqs[0].Header.Get("Content-Type"))
	assert.JSONEq(t, `{"update":[{"id":50,"pixel_target_exrp_targeting_operator":"AND","status":true},{"id":51,"name":"Renamed","budget":250}]}`, string(reqs[0].Body))
	require.Len(t, got, 2)
	assert.Equal(t, 1, got[0].Version)
	require.NotNil(t, got[0].Status)
	assert.True(t, bool(*got[0].Status))
	assert.Equal(t, "Renamed", got[1].Name)
	b, ok := got[1].Budget.Get("USD")
	require.True(t, ok, "%v", got[1].Budget)
	assert.Equal(t, "250", b.String())
	assert.Equal(t, "Renamed", srv.Entities().Strategies().Raw(51)["name"])

	// The batch is refused whole when one item names a missing strategy.
	_, err = ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 50, Fields: map[string]any{"status": false}}, {ID: 404, Fields: map[string]any{"status": false}}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 400, ae.StatusCode)
	assert.Contains(t, fieldsOf(ae), "update[1].id")
	assert.Equal(t, true, srv.Entities().Strategies().Raw(50)["status"], "nothing applied")
}

// Create requirements of the reference schemas, a failing and a passing
// case per record and field.
func TestCreateRequirements(t *testing.T) {
	type tc struct {
		field string
		clear func(entity.Record)
	}
	records := []struct {
		name  string
		full  func() entity.Record
		cases []tc
	}{
		{"campaign", func() entity.Record {
			return entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: 1})
		}, []tc{
			{"name", func(r entity.Record) { r.(*entity.Campaign).Name = "" }},
			{"advertiser_id", func(r entity.Record) { r.(*entity.Campaign).AdvertiserID = 0 }},
			{"ad_server_id", func(r entity.Record) { r.(*entity.Campaign).AdServerID = nil }},
			{"start_date", func(r entity.Record) { r.(*entity.Campaign).StartDate = nil }},
			{"end_date", func(r entity.Record) { r.(*entity.Campaign).EndDate = nil }},
			{"goal_type", func(r entity.Record) { r.(*entity.Campaign).GoalType = "" }},
			{"goal_value", func(r entity.Record) { r.(*entity.Campaign).GoalValue = nil }},
			{"service_type", func(r entity.Record) { r.(*entity.Campaign).ServiceType = "" }},
			{"total_budget", func(r entity.Record) { r.(*entity.Campaign).TotalBudget = nil }},
			{"use_svc_freq", func(r entity.Record) { r.(*entity.Campaign).UseSvcFreq = nil }},
		}},
		{"strategy", func() entity.Record {
			return entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: 1, UseCampaignEnd: adama.BoolPtr(true)})
		}, []tc{
			{"name", func(r entity.Record) { r.(*entity.Strategy).Name = "" }},
			{"campaign_id", func(r entity.Record) { r.(*entity.Strategy).CampaignID = 0 }},
			{"budget", func(r entity.Record) { r.(*entity.Strategy).Budget = nil }},
			{"goal_type", func(r entity.Record) { r.(*entity.Strategy).GoalType = "" }},
			{"goal_value", func(r entity.Record) { r.(*entity.Strategy).GoalValue = nil }},
			{"max_bid", func(r entity.Record) { r.(*entity.Strategy).MaxBid = nil }},
			{"pacing_amount", func(r entity.Record) { r.(*entity.Strategy).PacingAmount = nil }},
			{"type", func(r entity.Record) { r.(*entity.Strategy).Type = "" }},
		}},
		{"organization", func() entity.Record {
			return entity.FullOrganization(&entity.Organization{Common: entity.Common{Name: "O"}})
		}, []tc{
			{"name", func(r entity.Record) { r.(*entity.Organization).Name = "" }},
			{"address_1", func(r entity.Record) { r.(*entity.Organization).Address1 = "" }},
			{"city", func(r entity.Record) { r.(*entity.Organization).City = "" }},
			{"state", func(r entity.Record) { r.(*entity.Organization).State = "" }},
			{"zip", func(r entity.Record) { r.(*entity.Organization).Zip = "" }},
			{"phone", func(r entity.Record) { r.(*entity.Organization).Phone = "" }},
			{"contact_name", func(r entity.Record) { r.(*entity.Organization).ContactName = "" }},
			{"svc_contact_name", func(r entity.Record) { r.(*entity.Organization).SvcContactName = "" }},
		}},
		{"user", func() entity.Record { return entity.FullUser(&entity.User{Username: "u"}) }, []tc{
			{"username", func(r entity.Record) { r.(*entity.User).Username = "" }},
			{"first_name", func(r entity.Record) { r.(*entity.User).FirstName = "" }},
			{"last_name", func(r entity.Record) { r.(*entity.User).LastName = "" }},
			{"title", func(r entity.Record) { r.(*entity.User).Title = "" }},
			{"role", func(r entity.Record) { r.(*entity.User).Role = "" }},
			{"scope", func(r entity.Record) { r.(*entity.User).Scope = "" }},
			{"type", func(r entity.Record) { r.(*entity.User).Type = "" }},
		}},
	}
	for _, rc := range records {
		t.Run(rc.name, func(t *testing.T) {
			require.NoError(t, entity.Validate(rc.full(), true), "the full record passes")
			for _, c := range rc.cases {
				t.Run(c.field, func(t *testing.T) {
					r := rc.full()
					c.clear(r)
					var ve *adama.ValidationError
					require.ErrorAs(t, entity.Validate(r, true), &ve)
					assert.True(t, ve.Has(c.field, "required"), "%v", ve)
					assert.NoError(t, entity.Validate(r, false), "an update need not carry it")
				})
			}
		})
	}
}

// The fake refuses the same creates, so a client skipping the SDK's
// checks meets the platform's rule.
func TestFakeCreateRequirements(t *testing.T) {
	_, srv := newTestClient(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	for coll, tc := range map[string]struct {
		body string
		want []string
	}{
		"campaigns":     {"name=x&advertiser_id=1", []string{"ad_server_id", "goal_type", "use_svc_freq"}},
		"strategies":    {"name=x&campaign_id=1", []string{"budget", "max_bid", "type"}},
		"organizations": {"name=x", []string{"address_1", "svc_contact_name"}},
		"users":         {"username=x", []string{"first_name", "role", "scope"}},
	} {
		want := tc.want
		_, err := c.Do(context.Background(), &adama.Request{Method: "POST", Path: "/api/v2.0/" + coll,
			Body: []byte(tc.body), ContentType: "application/x-www-form-urlencoded", Accept: "application/json"})
		var ae *adama.Error
		require.True(t, errors.As(err, &ae), "%s: %v", coll, err)
		assert.Equal(t, 400, ae.StatusCode)
		for _, f := range want {
			assert.Contains(t, fieldsOf(ae), f, coll)
		}
	}
}

// Typed reference fields decode from schema-shaped bodies, in the
// platform's forms (numbers as strings, booleans as 0/1).
func TestReferenceFieldsDecode(t *testing.T) {
	var c entity.Campaign
	require.NoError(t, json.Unmarshal([]byte(`{"id":1,"version":"2","ad_server_fee":"0.75","ad_server_username":"buyer","agency_fee_pct":12.5,
		"use_svc_freq":"0","conversion_variable_minutes":"30","dcs_data_is_campaign_level":true,"goal_alert":"on","pacing_alert":"5.5"}`), &c))
	assert.Equal(t, "0.75", c.AdServerFee.String())
	assert.Equal(t, "buyer", c.AdServerUsername)
	assert.Equal(t, "12.5", c.AgencyFeePct.String())
	require.NotNil(t, c.UseSvcFreq)
	assert.False(t, bool(*c.UseSvcFreq))
	assert.Equal(t, 30, *c.ConversionVariableMinutes)
	assert.True(t, bool(*c.DCSDataIsCampaignLevel))
	assert.Equal(t, "5.5", c.PacingAlert.String())
	assert.Empty(t, c.Extra)

	var s entity.Strategy
	require.NoError(t, json.Unmarshal([]byte(`{"id":2,"version":0,"impression_cap":"100000","total_budget":[{"currency_code":"EUR","value":"5000.00"}],
		"deals":[{"entity_type":"deal","id":"11"},{"entity_type":"deal","id":22}]}`), &s))
	assert.Equal(t, int64(100000), *s.ImpressionCap)
	tb, ok := s.TotalBudget.Get("EUR")
	require.True(t, ok)
	assert.Equal(t, "5000", tb.String())
	assert.Equal(t, []entity.StrategyDealRef{{ID: 11, EntityType: "deal"}, {ID: 22, EntityType: "deal"}}, s.Deals)
	assert.Empty(t, s.Extra)

	var u entity.User
	require.NoError(t, json.Unmarshal([]byte(`{"id":3,"version":1,"username":"u","edit_data_definition":"1","view_data_definition":false,
		"view_dmp_reports":1,"labs_enable_rmx":0,"link_ldap":"true","password_reset_sent":"2026-01-02T03:04:05+0000",
		"password_reset_token":"tok-secret-1","sso_auth_sent":"2026-01-03T00:00:00+0000","sso_auth_token":"tok-secret-2"}`), &u))
	assert.True(t, bool(*u.EditDataDefinition))
	assert.False(t, bool(*u.ViewDataDefinition))
	assert.True(t, bool(*u.ViewDMPReports))
	assert.False(t, bool(*u.LabsEnableRMX))
	assert.True(t, bool(*u.LinkLDAP))
	assert.Equal(t, "2026-01-02T03:04:05+0000", u.PasswordResetSent)
	assert.Equal(t, "tok-secret-1", u.PasswordResetToken.Reveal())
	assert.Equal(t, "tok-secret-2", u.SSOAuthToken.Reveal())
	assert.Empty(t, u.Extra)
	holder := struct{ A, B entity.Token }{u.PasswordResetToken, u.SSOAuthToken}
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		out := fmt.Sprintf(f, holder)
		assert.NotContains(t, out, "tok-secret", "format %s", f)
		assert.Contains(t, out, "redacted", "format %s", f)
	}

	var a entity.AtomicCreative
	require.NoError(t, json.Unmarshal([]byte(`{"id":4,"version":0,"start_date":"2026-05-01T00:00:00+0000","end_date":"2026-06-01T00:00:00+0000",
		"rejected_reason":"landing page down","build_date":"2026-04-30T12:00:00+0000","build_errors":"","tpas_ad_tag":"<img>","rich_media_provider":"rm"}`), &a))
	assert.Equal(t, 2026, a.StartDate.Year())
	assert.Equal(t, 6, int(a.EndDate.Month()))
	assert.Equal(t, "landing page down", a.RejectedReason)
	assert.Equal(t, 12, a.BuildDate.Hour())
	assert.Equal(t, "<img>", a.TpasAdTag)
	assert.Empty(t, a.Extra)
	var ca entity.CreativeApproval
	require.NoError(t, json.Unmarshal([]byte(`{"id":5,"version":0,"additional_detail":7,"atomic_creative_approval_id":"70","creative_import_file_id":71}`), &ca))
	assert.Equal(t, "7", ca.AdditionalDetail)
	assert.Equal(t, int64(70), *ca.AtomicCreativeApprovalID)
	assert.Equal(t, int64(71), *ca.CreativeImportFileID)
	assert.Empty(t, ca.Extra)
	var pb entity.PixelBundle
	require.NoError(t, json.Unmarshal([]byte(`{"id":6,"version":0,"segment_op":"OR","type":"retargeting"}`), &pb))
	assert.Equal(t, "OR", pb.SegmentOp)
	assert.Equal(t, "retargeting", pb.Type)
	var as entity.AudienceSegment
	require.NoError(t, json.Unmarshal([]byte(`{"id":7,"version":0,"type":"segment"}`), &as))
	assert.Equal(t, "segment", as.Type)
	assert.Empty(t, as.Extra)

	bad := &entity.AtomicCreative{StartDate: a.EndDate, EndDate: a.StartDate}
	var ve *adama.ValidationError
	require.ErrorAs(t, entity.Validate(bad, false), &ve)
	assert.True(t, ve.Has("end_date", "before"))
}

// The new typed fields go through a create and come back.
func TestReferenceFieldsRoundTrip(t *testing.T) {
	ec, _ := newTestClient(t)
	ctx := context.Background()
	p, err := ec.Advertisers.List(ctx, &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	advID := int64(0)
	if len(p.Items) > 0 {
		advID = p.Items[0].ID
	} else {
		adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "A"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 1})
		require.NoError(t, err)
		advID = adv.ID
	}
	camp, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: advID,
		AgencyFeePct: adama.Ptr(adama.MustDecimal("7.5")), AdServerFee: adama.MustMoney("", "0.25"), UseSvcFreq: adama.BoolPtr(true)}))
	require.NoError(t, err)
	assert.Equal(t, "7.5", camp.AgencyFeePct.String())
	assert.True(t, bool(*camp.UseSvcFreq))
	st, err := ec.Strategies.Create(ctx, entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: camp.ID, UseCampaignEnd: adama.BoolPtr(true),
		ImpressionCap: adama.Ptr[int64](5000), TotalBudget: adama.MustMoney("USD", "900")}))
	require.NoError(t, err)
	assert.Equal(t, int64(5000), *st.ImpressionCap)
	tb, ok := st.TotalBudget.Get("USD")
	require.True(t, ok, "%v", st.TotalBudget)
	assert.Equal(t, "900", tb.String())
}

// apiRequests returns the recorded requests past the sign-in (token and
// session).
func apiRequests(srv *adamatest.Server) []adamatest.Request {
	var out []adamatest.Request
	for _, r := range srv.Requests() {
		if r.Path != "/oauth/token" && r.Path != "/api/v2.0/session" {
			out = append(out, r)
		}
	}
	return out
}

// A failure the server injects reaches the caller as an *adama.Error and
// changes nothing; the POSTs are not replayed on their own.
func TestStrategyTargetingFaults(t *testing.T) {
	ec, srv := targetingServer(t)
	ctx := context.Background()
	srv.FailNext("/api/v2.0/strategies/50/deals", 1, 503, "")
	_, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{DealIDs: []int64{11}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 503, ae.StatusCode)
	assert.Nil(t, srv.Entities().Strategies().Raw(50)["deals"])

	srv.FailNext(entity.BulkStrategiesPath, 1, 500, "")
	_, err = ec.BulkUpdateStrategies(ctx, []entity.StrategyBulkItem{{ID: 51, Fields: map[string]any{"name": "X"}}})
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, 500, ae.StatusCode)
	assert.Equal(t, "S51", srv.Entities().Strategies().Raw(51)["name"])

	// The next call goes through.
	s, err := ec.SetStrategyDeals(ctx, 50, &entity.DealTargeting{DealIDs: []int64{11}})
	require.NoError(t, err)
	require.Len(t, s.Deals, 1)
}
