package targeting_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// rule is one validation case: a body that breaks (field, rule), or, with
// an empty field, a body that passes.
type rule struct {
	name  string
	err   error
	field string
	rule  string
}

func checkRules(t *testing.T, cases []rule) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.field == "" {
				assert.NoError(t, c.err)
				return
			}
			require.Error(t, c.err)
			assert.ErrorIs(t, c.err, adama.ErrValidation)
			var ve *adama.ValidationError
			require.ErrorAs(t, c.err, &ve)
			assert.True(t, ve.Has(c.field, c.rule), "want %s: %s in %v", c.field, c.rule, ve)
		})
	}
}

func attCreate(mut func(*targeting.Attachment)) error {
	c := &targeting.Attachment{TargetID: 8, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr}
	mut(c)
	return c.Validate(true)
}

func TestAttachmentCreateRules(t *testing.T) {
	checkRules(t, []rule{
		{"valid", attCreate(func(*targeting.Attachment) {}), "", ""},
		{"valid or_better", attCreate(func(c *targeting.Attachment) { c.OrBetter = adama.Ptr(false) }), "", ""},
		{"target_id required", attCreate(func(c *targeting.Attachment) { c.TargetID = 0 }), "target_id", "required"},
		{"target_id minimum", attCreate(func(c *targeting.Attachment) { c.TargetID = -1 }), "target_id", "between 1 and"},
		{"target_id int32", attCreate(func(c *targeting.Attachment) { c.TargetID = 1 << 31 }), "target_id", "2147483647"},
		{"strategy_id required", attCreate(func(c *targeting.Attachment) { c.StrategyID = 0 }), "strategy_id", "required"},
		{"strategy_id minimum", attCreate(func(c *targeting.Attachment) { c.StrategyID = -3 }), "strategy_id", "between 0 and"},
		{"restriction required", attCreate(func(c *targeting.Attachment) { c.Restriction = "" }), "restriction", "required"},
		{"restriction enum", attCreate(func(c *targeting.Attachment) { c.Restriction = "MAYBE" }), "restriction", "one of: INCLUDE, EXCLUDE"},
		{"operator required", attCreate(func(c *targeting.Attachment) { c.Operator = "" }), "operator", "required"},
		{"operator enum", attCreate(func(c *targeting.Attachment) { c.Operator = "XOR" }), "operator", "one of: OR, AND"},
		{"nil record", (*targeting.Attachment)(nil).Validate(true), "record", "required"},
	})
}

// updateRule returns the error Update would return for the record read
// from body after mut: the rules of an update apply to what it sends.
func updateRule[T any](t *testing.T, body string, mut func(*T)) error {
	rec := read[T](t, body)
	mut(rec)
	_, err := targeting.UpdateBody(rec)
	return err
}

func TestAttachmentUpdateRules(t *testing.T) {
	const body = `{"id":1,"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","or_better":true,"version":1}`
	u := func(mut func(*targeting.Attachment)) error { return updateRule(t, body, mut) }
	checkRules(t, []rule{
		{"valid", u(func(x *targeting.Attachment) { x.TargetID, x.StrategyID = 9, 1 }), "", ""},
		{"an unsent value is not checked", u(func(x *targeting.Attachment) { x.Extra = map[string]json.RawMessage{"labels": json.RawMessage(`[]`)} }), "", ""},
		{"version int32", u(func(x *targeting.Attachment) { x.Version = 1 << 40 }), "version", "between 0 and"},
		{"id", u(func(x *targeting.Attachment) { x.ID = 0 }), "attachment_id", "positive"},
		{"target_id minimum", u(func(x *targeting.Attachment) { x.TargetID = -1 }), "target_id", "between 0 and"},
		{"strategy_id minimum", u(func(x *targeting.Attachment) { x.StrategyID = -2 }), "strategy_id", "between 1 and"},
		{"restriction enum", u(func(x *targeting.Attachment) { x.Restriction = "X" }), "restriction", "one of"},
		{"restriction not cleared", u(func(x *targeting.Attachment) { x.Restriction = "" }), "restriction", "cannot be cleared"},
		{"operator enum", u(func(x *targeting.Attachment) { x.Operator = "NOR" }), "operator", "one of"},
		{"operator not cleared", u(func(x *targeting.Attachment) { x.Operator = "" }), "operator", "cannot be cleared"},
		{"or_better not cleared", u(func(x *targeting.Attachment) { x.OrBetter = nil }), "or_better", "cannot be cleared"},
		{"target_id not cleared", u(func(x *targeting.Attachment) { x.TargetID = 0 }), "target_id", "cannot be cleared"},
		{"nil record", func() error { _, err := targeting.UpdateBody[targeting.Attachment](nil); return err }(), "record", "required"},
	})
}

func TestTargetRules(t *testing.T) {
	c := func(mut func(*targeting.Target)) error {
		x := &targeting.Target{Name: "n"}
		mut(x)
		return x.Validate(true)
	}
	const body = `{"id":3,"name":"n","factual_id":"f","visible":true,"dimension_code":"REGN","target_inet":"10.0.0.0/8","version":2}`
	u := func(mut func(*targeting.Target)) error { return updateRule(t, body, mut) }
	checkRules(t, []rule{
		{"create valid", c(func(x *targeting.Target) { x.DimensionCode = targeting.DimensionCity }), "", ""},
		{"name required", c(func(x *targeting.Target) { x.Name = "" }), "name", "required"},
		{"parent_id int32", c(func(x *targeting.Target) { x.ParentID = adama.Ptr[int64](1 << 33) }), "parent_id", "between"},
		{"svc_organization_id int32", c(func(x *targeting.Target) { x.SvcOrganizationID = adama.Ptr[int64](-1) }), "svc_organization_id", "between"},
		{"bidder_frequency int32", c(func(x *targeting.Target) { x.BidderFrequency = adama.Ptr[int64](1 << 32) }), "bidder_frequency", "between"},
		{"target_inet min length", c(func(x *targeting.Target) { x.TargetInet = adama.Ptr("") }), "target_inet", "min length 1"},
		{"dimension_code enum", c(func(x *targeting.Target) { x.DimensionCode = "ZZZZ" }), "dimension_code", "one of"},
		{"update valid", u(func(x *targeting.Target) { x.Name = "m" }), "", ""},
		{"update name not cleared", u(func(x *targeting.Target) { x.Name = "" }), "name", "cannot be cleared"},
		{"update version int32", u(func(x *targeting.Target) { x.Version = -1 }), "version", "between"},
		{"update factual_id not cleared", u(func(x *targeting.Target) { x.FactualID = nil }), "factual_id", "cannot be cleared"},
		{"update visible not cleared", u(func(x *targeting.Target) { x.Visible = nil }), "visible", "cannot be cleared"},
		{"update dimension_code", u(func(x *targeting.Target) { x.DimensionCode = "" }), "dimension_code", "cannot be cleared"},
		{"update target_inet", u(func(x *targeting.Target) { x.TargetInet = adama.Ptr("") }), "target_inet", "min length 1"},
		{"update parent_id", u(func(x *targeting.Target) { x.ParentID = adama.Ptr[int64](1 << 40) }), "parent_id", "between"},
	})
}

func TestAdvertiserRules(t *testing.T) {
	c := func(mut func(*targeting.Advertiser)) error {
		x := newAdvertiser()
		mut(x)
		return x.Validate(true)
	}
	const body = `{"id":5,"name":"Brand","agency_id":3,"vertical_id":4,"ad_server_id":1,"domain":"d","external_id":"e","status":true,` +
		`"mfa_avoidance":"INHERIT","vendor_attributions":[{"vendor_id":18}],"version":0}`
	u := func(mut func(*targeting.Advertiser)) error { return updateRule(t, body, mut) }
	checkRules(t, []rule{
		{"create valid", c(func(*targeting.Advertiser) {}), "", ""},
		{"name required", c(func(x *targeting.Advertiser) { x.Name = "" }), "name", "required"},
		{"name max length", c(func(x *targeting.Advertiser) { x.Name = strings.Repeat("n", 65) }), "name", "max length 64"},
		{"agency_id required", c(func(x *targeting.Advertiser) { x.AgencyID = 0 }), "agency_id", "required"},
		{"agency_id minimum", c(func(x *targeting.Advertiser) { x.AgencyID = -1 }), "agency_id", "between 1 and"},
		{"vertical_id required", c(func(x *targeting.Advertiser) { x.VerticalID = 0 }), "vertical_id", "required"},
		{"ad_server_id required", c(func(x *targeting.Advertiser) { x.AdServerID = 0 }), "ad_server_id", "required"},
		{"ad_server_id int32", c(func(x *targeting.Advertiser) { x.AdServerID = 1 << 31 }), "ad_server_id", "between"},
		{"domain required", c(func(x *targeting.Advertiser) { x.Domain = "" }), "domain", "required"},
		{"domain max length", c(func(x *targeting.Advertiser) { x.Domain = strings.Repeat("d", 256) }), "domain", "max length 255"},
		{"external_id max length", c(func(x *targeting.Advertiser) { x.ExternalID = adama.Ptr(strings.Repeat("e", 256)) }), "external_id", "max length 255"},
		{"frequency_amount int32", c(func(x *targeting.Advertiser) { x.FrequencyAmount = adama.Ptr[int64](-1) }), "frequency_amount", "between"},
		{"dmp_enabled enum", c(func(x *targeting.Advertiser) { x.DMPEnabled = "on" }), "dmp_enabled", "one of: disabled, inherits"},
		{"frequency_interval enum", c(func(x *targeting.Advertiser) { x.FrequencyInterval = "year" }), "frequency_interval", "one of"},
		{"frequency_type enum", c(func(x *targeting.Advertiser) { x.FrequencyType = "slow" }), "frequency_type", "one of"},
		{"ads_txt_verified enum", c(func(x *targeting.Advertiser) { x.AdsTxtVerified = "SOME" }), "ads_txt_verified", "one of"},
		{"connected_id_type enum", c(func(x *targeting.Advertiser) { x.ConnectedIDType = "X" }), "connected_id_type", "one of"},
		{"mfa_avoidance enum", c(func(x *targeting.Advertiser) { x.MFAAvoidance = "X" }), "mfa_avoidance", "one of"},
		{"attribution_level enum", c(func(x *targeting.Advertiser) { x.AttributionLevel = "X" }), "attribution_level", "one of"},
		{"targeting_identity_level enum", c(func(x *targeting.Advertiser) { x.TargetingIdentityLevel = "X" }), "targeting_identity_level", "one of"},
		{"vendor_id", c(func(x *targeting.Advertiser) { x.VendorAttributions[0].VendorID = 0 }), "vendor_attributions[0].vendor_id", "between"},
		{"update valid", u(func(x *targeting.Advertiser) { x.ExternalID = nil }), "", ""},
		{"update version minimum", u(func(x *targeting.Advertiser) { x.Version = -1 }), "version", "between 0 and"},
		{"update name", u(func(x *targeting.Advertiser) { x.Name = strings.Repeat("n", 65) }), "name", "max length 64"},
		{"update name not cleared", u(func(x *targeting.Advertiser) { x.Name = "" }), "name", "cannot be cleared"},
		{"update domain", u(func(x *targeting.Advertiser) { x.Domain = strings.Repeat("d", 256) }), "domain", "max length 255"},
		{"update external_id", u(func(x *targeting.Advertiser) { x.ExternalID = adama.Ptr(strings.Repeat("e", 256)) }), "external_id", "max length 255"},
		{"update vertical_id", u(func(x *targeting.Advertiser) { x.VerticalID = -3 }), "vertical_id", "between 1 and"},
		{"update mfa enum", u(func(x *targeting.Advertiser) { x.MFAAvoidance = "X" }), "mfa_avoidance", "one of"},
		{"update status not cleared", u(func(x *targeting.Advertiser) { x.Status = nil }), "status", "cannot be cleared"},
		{"update agency_id", u(func(x *targeting.Advertiser) { x.AgencyID = 9 }), "agency_id", "read-only"},
		{"update vendors", u(func(x *targeting.Advertiser) {
			x.VendorAttributions = []targeting.VendorAttribution{{VendorID: -2}}
		}), "vendor_attributions[0].vendor_id", "between"},
	})
}

func TestListOptionRules(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	list := func(o *targeting.AttachmentListOptions) error {
		_, err := tc.Attachments.List(ctx, o)
		return err
	}
	h := srv.Targeting()
	attID := h.Attachments().AddRaw(map[string]any{"target_id": 1, "strategy_id": 1, "restriction": "INCLUDE", "operator": "OR"})
	tgtID := h.Targets().AddRaw(map[string]any{"name": "t"})
	advID := h.Advertisers().AddRaw(map[string]any{"name": "a", "agency_id": 3})
	lo := func(l targeting.ListOptions) *targeting.AttachmentListOptions {
		return &targeting.AttachmentListOptions{ListOptions: l}
	}
	checkRules(t, []rule{
		{"valid", list(&targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 1000, PageOffset: 1000,
			SortBy: []string{"-updated_on", "or_better"}, Q: qlang.Where("version", qlang.Ge, 2)}, StrategyID: 4,
			Dimensions: []targeting.Dimension{targeting.DimensionDeviceWURF, targeting.DimensionBrowserLanguage}}), "", ""},
		{"page_limit maximum", list(lo(targeting.ListOptions{PageLimit: 1001})), "page_limit", "between 1 and 1000"},
		{"page_limit minimum", list(lo(targeting.ListOptions{PageLimit: -1})), "page_limit", "between 1 and 1000"},
		{"page_offset maximum", list(lo(targeting.ListOptions{PageOffset: 1001})), "page_offset", "between 0 and 1000"},
		{"page_offset minimum", list(lo(targeting.ListOptions{PageOffset: -1})), "page_offset", "between 0 and 1000"},
		{"prefetch", list(lo(targeting.ListOptions{Prefetch: 99})), "prefetch", "between 0 and"},
		{"sort field", list(lo(targeting.ListOptions{SortBy: []string{"-name"}})), "sort_by[0]", "one of: id, target_id"},
		{"sort syntax", list(lo(targeting.ListOptions{SortBy: []string{"id", "-"}})), "sort_by[1]", "field name"},
		{"q field", list(lo(targeting.ListOptions{Q: qlang.Where("name", qlang.Eq, "x")})), "q.terms[0].field", "one of"},
		{"q grammar", list(lo(targeting.ListOptions{Q: qlang.IDs(0)})), "q.terms[0].ids[0]", ""},
		{"strategy_id", list(&targeting.AttachmentListOptions{StrategyID: -1}), "strategy_id", "positive"},
		{"dimension enum", list(&targeting.AttachmentListOptions{Dimensions: []targeting.Dimension{"NOPE"}}), "dimension[0]", "one of"},
		{"advertiser with", func() error {
			_, err := tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{With: []targeting.AdvertiserWith{"campaign"}})
			return err
		}(), "with[0]", "one of: agency"},
		{"targets sort any field", func() error {
			_, err := tc.Targets.List(ctx, &targeting.ListOptions{SortBy: []string{"name"}})
			return err
		}(), "", ""},
		{"history page_limit", func() error {
			_, err := tc.Advertisers.History(ctx, 1, &targeting.HistoryOptions{PageLimit: 5000})
			return err
		}(), "page_limit", "between"},
		{"attachment id", func() error { _, err := tc.Attachments.Get(ctx, 0); return err }(), "attachment_id", "positive"},
		{"target id", tc.Targets.Delete(ctx, -4), "target_id", "positive"},
		{"advertiser id", func() error { _, err := tc.Advertisers.Get(ctx, 0); return err }(), "advertiser_id", "positive"},
		{"modify change", func() error { _, err := tc.Attachments.Modify(ctx, 1, nil); return err }(), "change", "required"},
		{"modify read-only attachment field", func() error {
			_, err := tc.Attachments.Modify(ctx, attID, func(a *targeting.Attachment) error { a.Version = 99; a.EntityType = "x"; return nil })
			return err
		}(), "version", "read-only"},
		{"modify read-only target field", func() error {
			_, err := tc.Targets.Modify(ctx, tgtID, func(t *targeting.Target) error { t.ID = 5; return nil })
			return err
		}(), "id", "read-only"},
		{"modify agency_id", func() error {
			_, err := tc.Advertisers.Modify(ctx, advID, func(a *targeting.Advertiser) error { a.AgencyID = 8; return nil })
			return err
		}(), "agency_id", "read-only"},
		{"modify embedded agency", func() error {
			_, err := tc.Advertisers.Modify(ctx, advID, func(a *targeting.Advertiser) error { a.Agency = &targeting.AgencyRef{ID: 2}; return nil })
			return err
		}(), "agency", "read-only"},
	})
	// All reports the options' problems once, before any request.
	n := 0
	for _, err := range tc.Attachments.All(ctx, lo(targeting.ListOptions{PageLimit: 5000})) {
		n++
		assert.ErrorIs(t, err, adama.ErrValidation)
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, srv.Count("GET /api/v3.0/attachments"), "only the valid list reached the server")
	assert.Zero(t, srv.Count("POST /api/v3.0/attachments/1")+srv.Count("POST /api/v3.0/targets/1")+srv.Count("POST /api/v3.0/advertisers/1"),
		"Modify sent no update that would drop a read-only change")
}

func TestValidationNamesEveryBrokenField(t *testing.T) {
	tc, srv := newClient(t)
	_, err := tc.Advertisers.Create(context.Background(), &targeting.Advertiser{
		Name: strings.Repeat("x", 70), AgencyID: -1, DMPEnabled: "maybe", FrequencyInterval: "year",
	})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	fields := map[string]bool{}
	for _, v := range ve.Violations {
		fields[v.Field] = true
	}
	assert.Equal(t, map[string]bool{"name": true, "agency_id": true, "vertical_id": true, "ad_server_id": true,
		"domain": true, "dmp_enabled": true, "frequency_interval": true}, fields)
	assert.Zero(t, srv.Count("POST /api/v3.0/advertisers"))
}

func TestEnums(t *testing.T) {
	assert.Equal(t, []targeting.Restriction{"INCLUDE", "EXCLUDE"}, targeting.Restriction("").Values())
	assert.True(t, targeting.OperatorAnd.Valid())
	assert.False(t, targeting.Operator("XOR").Valid())
	assert.Len(t, targeting.Dimension("").Values(), 23)
	assert.True(t, targeting.DimensionDeviceWURF.Valid())
	vals := targeting.FrequencyInterval("").Values()
	vals[0] = "changed"
	assert.Equal(t, targeting.FrequencyIntervalHour, targeting.FrequencyInterval("").Values()[0], "Values returns a copy")
	for _, ok := range []bool{targeting.DMPEnabledInherits.Valid(), targeting.FrequencyTypeEven.Valid(), targeting.AdsTxtVerifiedNone.Valid(),
		targeting.ConnectedIDTypeDeterministicFirst.Valid(), targeting.MFAAvoidanceExcludeMFA.Valid(), targeting.MFASourceAgency.Valid(),
		targeting.IdentityLevelHousehold.Valid(), targeting.AdvertiserWithAgency.Valid()} {
		assert.True(t, ok)
	}
	assert.Equal(t, []string{"id", "target_id", "strategy_id", "restriction", "operator", "created_on", "updated_on", "version", "or_better"}, targeting.AttachmentFields())
}
