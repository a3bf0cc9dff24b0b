package entity

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/valid/validtest"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleBody is the request body a record of schema name is checked by, as
// the description states it: the embedded schema's properties and the
// record's own, with the marks its allOf parts add and, on a property
// typed by one of the document's enums (x-go-type), that enum's values.
// The create side keeps the record's required list; the update side has
// none.
func ruleBody(t *testing.T, doc *openapi3.T, name string, create bool) *openapi3.Schema {
	t.Helper()
	schemas := doc.Components.Schemas
	s := schemas[name].Value
	enums := map[string]*openapi3.Schema{}
	for n, ref := range schemas {
		if ref.Value.Type.Is(openapi3.TypeString) && len(ref.Value.Enum) > 0 {
			gn, _ := ref.Value.Extensions["x-go-name"].(string)
			enums[cmpOr(gn, n)] = ref.Value
		}
	}
	props := openapi3.Schemas{}
	embed, _ := s.Extensions["x-go-embed"].(string)
	require.NotEmpty(t, embed, name)
	maps.Copy(props, schemas[embed].Value.Properties)
	maps.Copy(props, s.Properties)
	for _, part := range s.AllOf {
		for p, extra := range part.Value.Properties {
			require.Contains(t, props, p, "%s: allOf names an undeclared property", name)
			cp := *props[p].Value
			cp.Extensions = maps.Clone(cp.Extensions)
			if cp.Extensions == nil {
				cp.Extensions = map[string]any{}
			}
			e := extra.Value
			cp.Min, cp.Max = cmpOr(e.Min, cp.Min), cmpOr(e.Max, cp.Max)
			cp.MinLength, cp.MaxLength = max(e.MinLength, cp.MinLength), cmpOr(e.MaxLength, cp.MaxLength)
			cp.Pattern = cmpOr(e.Pattern, cp.Pattern)
			maps.Copy(cp.Extensions, e.Extensions)
			props[p] = &openapi3.SchemaRef{Value: &cp}
		}
	}
	for p, ref := range props {
		if ref.Value.WriteOnly { // never decoded, so a body cannot break it: it states no rule
			require.False(t, ref.Value.MaxLength != nil || ref.Value.MinLength != 0 || ref.Value.Pattern != "" || slices.Contains(s.Required, p), "%s.%s", name, p)
			delete(props, p)
			continue
		}
		if gt, _ := ref.Value.Extensions["x-go-type"].(string); enums[gt] != nil && len(ref.Value.Enum) == 0 {
			cp := *ref.Value
			cp.Enum = enums[gt].Enum
			props[p] = &openapi3.SchemaRef{Value: &cp}
		}
	}
	body := &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeObject}, Properties: props}
	if create {
		body.Required = s.Required
	}
	return body
}

func cmpOr[T comparable](a, b T) T {
	var zero T
	if a != zero {
		return a
	}
	return b
}

// baseBody is a body of the record that breaks no rule: each required
// property set (a date, an enum's first value, a 3-letter text where 3
// letters are the least), with overrides for the rules between fields.
func baseBody(body *openapi3.Schema, over map[string]any) map[string]any {
	out := map[string]any{}
	for _, p := range body.Required {
		s := body.Properties[p].Value
		switch {
		case len(s.Enum) > 0:
			out[p] = s.Enum[0]
		case s.Type.Is(openapi3.TypeInteger):
			out[p] = 1
		case s.Type.Is(openapi3.TypeBoolean):
			out[p] = true
		case s.Type.Is(openapi3.TypeArray):
			out[p] = []any{map[string]any{"currency_code": "USD", "value": 1}}
		case s.Format == "date-time" && strings.HasPrefix(p, "end"):
			out[p] = "2026-03-02T00:00:00Z"
		case s.Format == "date-time":
			out[p] = "2026-03-01T00:00:00Z"
		default:
			out[p] = strings.Repeat("x", max(1, int(s.MinLength)))
		}
	}
	maps.Copy(out, over)
	return out
}

// TestEveryStatedRuleIsEnforced walks the rules the description states
// for each group A record it marks x-go-validate (required on create,
// enum, minimum, maximum, maxLength, minLength, pattern; on the record's
// own properties and on those it embeds), for a create and an update;
// for each it decodes one record breaking that rule alone and checks
// that the generated validate, with the hand-written rules between fields
// (validateBetween) on the same path, reports that field and rule, and
// nothing else. The records' base bodies keep those rules between fields
// (a strategy's goal_type spend, an event pixel's currency_fixed).
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	over := map[string]map[string]any{
		"Strategy":        {"goal_type": "spend", "start_date": "2026-03-01T00:00:00Z", "end_date": "2026-03-02T00:00:00Z"},
		"PixelBundle":     {"pixel_type": "event", "advertiser_id": 1, "tag_type": "js", "currency_fixed": "USD"},
		"StrategyDayPart": {"start_hour": 0, "end_hour": 23},
		"Contract":        {"profit_share_fee_pct": 12.5},
	}
	types := map[string]reflect.Type{}
	for _, rec := range []Record{&Organization{}, &Agency{}, &Advertiser{}, &Campaign{}, &Strategy{}, &User{}, &Vertical{}, &Contact{},
		&AtomicCreative{}, &CreativeApproval{}, &Concept{}, &PixelBundle{}, &BudgetFlight{}, &StrategyDayPart{}, &StrategyAudienceSegment{},
		&AudienceSegment{}, &StrategyDomainRestriction{}, &AdServer{}, &StrategyConcept{}, &StrategySupplySource{}, &SupplySource{},
		&SiteList{}, &Vendor{}, &VendorContract{}, &Contract{}, &VendorDomain{}, &VendorPixel{}, &VendorPixelDomain{}, &Pixel{}, &PixelProvider{},
		&PlacementSlot{}, &Publisher{}, &PublisherSite{}, &SitePlacementRecord{}, &TargetDimension{}, &TargetValue{},
		&StrategyTargetingSegment{}, &Deal{}, &TargetingVendor{}, &HistoryEntry{}} {
		types[reflect.TypeOf(rec).Elem().Name()] = reflect.TypeOf(rec).Elem()
	}
	var marked []string
	for name, ref := range doc.Components.Schemas {
		if _, ok := ref.Value.Extensions["x-go-validate"]; ok {
			marked = append(marked, name)
		}
	}
	slices.Sort(marked)
	assert.ElementsMatch(t, slices.Sorted(maps.Keys(types)), marked, "every record the package checks is checked by its description")
	rules := &validtest.Rules{Doc: doc, Mismatch: map[string]string{"^[MTWRFSU]*$": "MX"}}
	for _, name := range marked {
		typ := types[name]
		require.NotNil(t, typ, name)
		base := baseBody(ruleBody(t, doc, name, true), over[name])
		for _, create := range []bool{true, false} {
			body := name + "·update"
			if create {
				body = name + "·create"
			}
			doc.Components.Schemas[body] = &openapi3.SchemaRef{Value: ruleBody(t, doc, name, create)}
			validate := func(t *testing.T, b []byte) error {
				rec := reflect.New(typ).Interface()
				require.NoError(t, json.Unmarshal(b, rec), "%s", b)
				var v valid.Validator
				rec.(Record).validate(&v, create)
				return v.Err()
			}
			t.Run(body+"/valid", func(t *testing.T) {
				b, err := json.Marshal(base)
				require.NoError(t, err)
				assert.NoError(t, validate(t, b), "%s", b)
			})
			for _, br := range rules.Breaches(t, typ, body, create, base) {
				t.Run(fmt.Sprintf("%s/%s %s", body, br.Field, br.Kind), func(t *testing.T) {
					b, err := json.Marshal(br.Body)
					require.NoError(t, err)
					var ve *adama.ValidationError
					require.ErrorAs(t, validate(t, b), &ve, "%s", b)
					assert.Equal(t, []adama.Violation{{Field: br.Field, Rule: br.Rule, Value: ve.Violations[0].Value}}, ve.Violations, "%s", b)
				})
			}
		}
	}
	for _, k := range []string{"required", "enum", "minimum", "maximum", "maxLength", "minLength", "pattern"} {
		assert.Positive(t, rules.Kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}

// TestLimitConstantsAreTheDescriptions checks that the exported limits
// name the limits the description states (and the generated code
// checks).
func TestLimitConstantsAreTheDescriptions(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	maxLen := func(schema, prop string) int {
		s := ruleBody(t, doc, schema, false).Properties[prop]
		require.NotNil(t, s, "%s.%s", schema, prop)
		require.NotNil(t, s.Value.MaxLength, "%s.%s", schema, prop)
		return int(*s.Value.MaxLength)
	}
	for _, c := range []struct {
		got          int
		schema, prop string
	}{
		{MaxNameLen, "Advertiser", "name"}, {MaxNameLen, "Strategy", "name"},
		{MaxDescriptionLen, "Strategy", "description"}, {MaxPixelTargetExprLen, "Strategy", "pixel_target_expr"},
		{MaxFeatureCompatibilityLen, "Strategy", "feature_compatibility"}, {MaxURLLen, "AtomicCreative", "click_url"},
		{MaxURLLen, "AtomicCreative", "click_through_url"}, {MaxExternalIDLen, "Advertiser", "external_id"},
		{MaxTpasAdTagNameLen, "AtomicCreative", "tpas_ad_tag_name"}, {MaxKeywordsLen, "PixelBundle", "keywords"},
		{MaxZoneNameLen, "BudgetFlight", "zone_name"}, {MaxZoneNameLen, "Campaign", "zone_name"},
		{MaxAudienceSegmentNameLen, "AudienceSegment", "name"}, {MaxDealNameLen, "Deal", "name"},
		{MaxDealIdentifierLen, "Deal", "deal_identifier"}, {MaxDealDescriptionLen, "Deal", "description"},
	} {
		assert.Equal(t, maxLen(c.schema, c.prop), c.got, "%s.%s", c.schema, c.prop)
	}
	v := ruleBody(t, doc, "Advertiser", false).Properties["vertical_id"].Value
	assert.Equal(t, float64(MinVerticalID), *v.Min)
	assert.Equal(t, float64(MaxVerticalID), *v.Max)
}

// TestZeroTimeIsNoTime: a required date-time set to the zero time is
// refused as missing, as an unset one is.
func TestZeroTimeIsNoTime(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start *adama.Time
		miss  bool
	}{
		{"unset", nil, true},
		{"zero", &adama.Time{}, true},
		{"set", adama.TimePtr(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)), false},
	} {
		var v valid.Validator
		(&Campaign{StartDate: tc.start}).validate(&v, true)
		var ve *adama.ValidationError
		require.ErrorAs(t, v.Err(), &ve, tc.name)
		assert.Equal(t, tc.miss, ve.Has("start_date", valid.RuleRequired), tc.name)
	}
}
