package entity

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func goodAdv() *Advertiser {
	return &Advertiser{Common: Common{Name: "A"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 1}
}

func goodStrat() *Strategy {
	return fullStrategy(&Strategy{Common: Common{Name: "S"}, CampaignID: 1, EndDate: day2, StartDate: day1})
}

func goodEvent() *PixelBundle {
	return &PixelBundle{Common: Common{Name: "P"}, AdvertiserID: i64(1), PixelType: PixelTypeEvent, TagType: PixelTagTypeJS, CurrencyFixed: "USD"}
}

func goodCreative() *AtomicCreative {
	return &AtomicCreative{AdServerType: AdServerTypeOther, AdvertiserID: 1, ExternalIdentifier: "e", FileType: FileTypePNG,
		Width: 1, Height: 1, Tag: "t", TagType: CreativeTagTypeImg, TpasAdTagName: "n"}
}

func TestValidationRules(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	type tc struct {
		name   string
		field  string
		rule   string
		bad    Record
		good   Record
		create bool
	}
	cases := []tc{
		{"advertiser required", "domain", "required", &Advertiser{Common: Common{Name: "A"}, AgencyID: 1, AdServerID: 1, VerticalID: 1}, goodAdv(), true},
		{"advertiser name 64", "name", "max length 64", func() Record { a := goodAdv(); a.Name = long(65); return a }(), func() Record { a := goodAdv(); a.Name = long(64); return a }(), true},
		{"external_id 255", "external_id", "max length 255", func() Record { a := goodAdv(); a.ExternalID = long(256); return a }(), func() Record { a := goodAdv(); a.ExternalID = long(255); return a }(), true},
		{"vertical_id range", "vertical_id", "between 1 and 34", func() Record { a := goodAdv(); a.VerticalID = 35; return a }(), func() Record { a := goodAdv(); a.VerticalID = 34; return a }(), true},
		{"frequency interval when even", "frequency_interval", "required", func() Record {
			a := goodAdv()
			a.FrequencyType = FrequencyTypeEven
			a.FrequencyAmount = ip(1)
			return a
		}(),
			func() Record {
				a := goodAdv()
				a.FrequencyType = FrequencyTypeEven
				a.FrequencyAmount = ip(1)
				a.FrequencyInterval = FrequencyIntervalDay
				return a
			}(), true},
		{"frequency amount when asap", "frequency_amount", "required", func() Record {
			a := goodAdv()
			a.FrequencyType = FrequencyTypeASAP
			a.FrequencyInterval = FrequencyIntervalDay
			return a
		}(),
			func() Record { a := goodAdv(); a.FrequencyType = FrequencyTypeNoLimit; return a }(), true},
		{"enum ads_txt", "ads_txt_verified", "one of", func() Record { a := goodAdv(); a.AdsTxtVerified = "SOMETIMES"; return a }(), func() Record { a := goodAdv(); a.AdsTxtVerified = AdsTxtVerifiedAny; return a }(), true},
		{"agency required", "organization_id", "required", &Agency{Common: Common{Name: "A"}}, &Agency{Common: Common{Name: "A"}, OrganizationID: 1}, true},
		{"agency dmp enum", "dmp_enabled", "one of", &Agency{DMPEnabled: "maybe"}, &Agency{DMPEnabled: DMPEnabledInherits}, false},
		{"strategy description 1024", "description", "max length 1024", func() Record { s := goodStrat(); s.Description = long(1025); return s }(), func() Record { s := goodStrat(); s.Description = long(1024); return s }(), true},
		{"strategy name 64", "name", "max length 64", func() Record { s := goodStrat(); s.Name = long(65); return s }(), goodStrat(), true},
		{"feature_compatibility 1024", "feature_compatibility", "max length", func() Record { s := goodStrat(); s.FeatureCompatibility = long(1025); return s }(), func() Record { s := goodStrat(); s.FeatureCompatibility = long(1024); return s }(), true},
		{"bid_aggressiveness 0-100", "bid_aggressiveness", "between 0 and 100", func() Record { s := goodStrat(); s.BidAggressiveness = ip(101); return s }(), func() Record { s := goodStrat(); s.BidAggressiveness = ip(0); return s }(), true},
		{"bid_min_devices 1-5", "bid_min_devices", "between 1 and 5", func() Record { s := goodStrat(); s.BidMinDevices = ip(0); return s }(), func() Record { s := goodStrat(); s.BidMinDevices = ip(5); return s }(), true},
		{"end_date required when use_campaign_end off", "end_date", "required", func() Record { s := goodStrat(); s.EndDate = nil; s.UseCampaignEnd = adama.BoolPtr(false); return s }(),
			func() Record { s := goodStrat(); s.EndDate = nil; s.UseCampaignEnd = adama.BoolPtr(true); return s }(), true},
		{"end_date not set when use_campaign_end on", "end_date", "must not be set", func() Record { s := goodStrat(); s.UseCampaignEnd = adama.BoolPtr(true); return s }(), goodStrat(), true},
		{"use_svc_freq off", "use_svc_freq", "must be off", func() Record { s := goodStrat(); s.UseSvcFreq = adama.BoolPtr(true); return s }(), func() Record { s := goodStrat(); s.UseSvcFreq = adama.BoolPtr(false); return s }(), true},
		{"use_optimization when goal not spend", "use_optimization", "required", func() Record { s := goodStrat(); s.GoalType = GoalTypeVCPM; return s }(),
			func() Record { s := goodStrat(); s.GoalType = GoalTypeSpend; return s }(), true},
		{"goal_value for cpa", "goal_value", "required", func() Record {
			s := goodStrat()
			s.GoalType = GoalTypeCPA
			s.UseOptimization = adama.BoolPtr(true)
			s.GoalValue = nil
			return s
		}(),
			func() Record {
				s := goodStrat()
				s.GoalType, s.UseOptimization, s.GoalValue = GoalTypeCPA, adama.BoolPtr(true), adama.MustMoney("", "3")
				return s
			}(), true},
		{"goal_value percentage for ctr", "goal_value", "percentage", func() Record {
			s := goodStrat()
			s.GoalType, s.UseOptimization, s.GoalValue = GoalTypeCTR, adama.BoolPtr(true), adama.MustMoney("", "101")
			return s
		}(), func() Record {
			s := goodStrat()
			s.GoalType, s.UseOptimization, s.GoalValue = GoalTypeCTR, adama.BoolPtr(true), adama.MustMoney("", "0.5")
			return s
		}(), true},
		{"goal_type enum", "goal_type", "one of", func() Record { s := goodStrat(); s.GoalType = "clicks"; return s }(), goodStrat(), true},
		{"pacing_interval input", "pacing_interval", "one of", func() Record { s := goodStrat(); s.PacingInterval = PacingIntervalWeek; return s }(), func() Record { s := goodStrat(); s.PacingInterval = PacingIntervalHour; return s }(), true},
		{"pixel_target_expr grammar", "pixel_target_expr", "form", func() Record { s := goodStrat(); s.PixelTargetExpr = "[1] AND"; return s }(), func() Record {
			s := goodStrat()
			s.PixelTargetExpr = "( [1] AND [2] ) AND NOT ( [3] OR [4] )"
			return s
		}(), true},
		{"pixel_target_expr same include op", "pixel_target_expr", "among included", func() Record { s := goodStrat(); s.PixelTargetExpr = "( [1] AND [2] OR [3] )"; return s }(), func() Record { s := goodStrat(); s.PixelTargetExpr = "( [1] OR [2] OR [3] )"; return s }(), true},
		{"pixel_target_expr same exclude op", "pixel_target_expr", "among excluded", func() Record {
			s := goodStrat()
			s.PixelTargetExpr = "( [1] ) AND NOT ( [3] OR [4] AND [5] )"
			return s
		}(), func() Record {
			s := goodStrat()
			s.PixelTargetExpr = "( [1] ) AND NOT ( [3] AND [4] AND [5] )"
			return s
		}(), true},
		{"pixel_target_expr 1024", "pixel_target_expr", "max length", func() Record {
			s := goodStrat()
			s.PixelTargetExpr = "( " + strings.Repeat("[1] OR ", 200) + "[1] )"
			return s
		}(), goodStrat(), true},
		{"rmx pricing enum", "rmx_strategy.pricing_type", "one of", func() Record { s := goodStrat(); s.RMXStrategy = &RMXStrategy{PricingType: "FREE"}; return s }(), func() Record {
			s := goodStrat()
			s.RMXStrategy = &RMXStrategy{PricingType: RMXPricingTypeDynamic}
			return s
		}(), true},
		{"site placement display_text 255", "site_placements[0].display_text", "max length 255", func() Record { s := goodStrat(); s.SitePlacements = SitePlacements{{DisplayText: long(256)}}; return s }(), func() Record { s := goodStrat(); s.SitePlacements = SitePlacements{{DisplayText: long(255)}}; return s }(), true},
		{"site placement name 64", "site_placements[0].name", "max length 64", func() Record { s := goodStrat(); s.SitePlacements = SitePlacements{{Name: long(65)}}; return s }(), goodStrat(), true},
		{"creative required", "tpas_ad_tag_name", "required", func() Record { c := goodCreative(); c.TpasAdTagName = ""; return c }(), goodCreative(), true},
		{"click url 2048", "click_url", "max length 2048", func() Record { c := goodCreative(); c.ClickURL = "https://a.example/" + long(2040); return c }(), func() Record { c := goodCreative(); c.ClickURL = "https://a.example/" + long(2000); return c }(), true},
		{"click_through_url 2048", "click_through_url", "max length 2048", func() Record { c := goodCreative(); c.ClickThroughURL = "https://a.example/" + long(2040); return c }(), goodCreative(), true},
		{"tpas_ad_tag_name 255", "tpas_ad_tag_name", "max length 255", func() Record { c := goodCreative(); c.TpasAdTagName = long(256); return c }(), goodCreative(), true},
		{"creative file_type enum", "file_type", "one of", func() Record { c := goodCreative(); c.FileType = "bmp"; return c }(), goodCreative(), true},
		{"event pixel currency", "currency", "currency or currency_fixed", func() Record { p := goodEvent(); p.CurrencyFixed = ""; return p }(), func() Record { p := goodEvent(); p.CurrencyFixed = ""; p.Currency = PixelParamS2; return p }(), true},
		{"event pixel revenue != currency", "revenue", "differ", func() Record { p := goodEvent(); p.Currency, p.Revenue = PixelParamV1, PixelParamV1; return p }(), func() Record { p := goodEvent(); p.Currency, p.Revenue = PixelParamV1, PixelParamV2; return p }(), true},
		{"event pixel required tag_type", "tag_type", "required", func() Record { p := goodEvent(); p.TagType = ""; return p }(), goodEvent(), true},
		{"currency_fixed 3 chars", "currency_fixed", "exactly 3", func() Record { p := goodEvent(); p.CurrencyFixed = "US"; return p }(), goodEvent(), true},
		{"keywords 64", "keywords", "max length 64", func() Record { p := goodEvent(); p.Keywords = long(65); return p }(), goodEvent(), true},
		{"data pixel CPM cost", "cost_cpm", "required", &PixelBundle{Common: Common{Name: "D"}, PixelType: PixelTypeData, Pricing: PixelPricingCPM}, &PixelBundle{Common: Common{Name: "D"}, PixelType: PixelTypeData, Pricing: PixelPricingCPM, CostPctCPM: adama.Ptr(adama.MustDecimal("5"))}, true},
		{"data pixel CPTS cost", "cost_cpts", "required", &PixelBundle{Common: Common{Name: "D"}, PixelType: PixelTypeData, Pricing: PixelPricingCPTS, CostCPM: adama.MustMoney("", "1")}, &PixelBundle{Common: Common{Name: "D"}, PixelType: PixelTypeData, Pricing: PixelPricingCPTS, CostCPTS: adama.MustMoney("", "1")}, true},
		{"day part hours required", "end_hour", "required", &StrategyDayPart{StrategyID: 1, StartHour: ip(1)}, &StrategyDayPart{StrategyID: 1, StartHour: ip(1), EndHour: ip(2)}, true},
		{"day part hour range", "start_hour", "between 0 and 23", &StrategyDayPart{StrategyID: 1, StartHour: ip(24), EndHour: ip(23)}, &StrategyDayPart{StrategyID: 1, StartHour: ip(23), EndHour: ip(23)}, true},
		{"day part start <= end", "end_hour", "before start_hour", &StrategyDayPart{StrategyID: 1, StartHour: ip(9), EndHour: ip(8)}, &StrategyDayPart{StrategyID: 1, StartHour: ip(8), EndHour: ip(9)}, true},
		{"day part days", "days", "day codes", &StrategyDayPart{StrategyID: 1, StartHour: ip(1), EndHour: ip(2), Days: "MX"}, &StrategyDayPart{StrategyID: 1, StartHour: ip(1), EndHour: ip(2), Days: "SU"}, true},
		{"budget flight currency 3", "currency_code", "exactly 3", &BudgetFlight{CampaignID: 1, StartDate: day1, EndDate: day2, TotalBudget: adama.MustMoney("USD", "1"), CurrencyCode: "DOLLAR"},
			&BudgetFlight{CampaignID: 1, StartDate: day1, EndDate: day2, TotalBudget: adama.MustMoney("USD", "1"), CurrencyCode: "USD"}, true},
		{"budget flight zone_name 64", "zone_name", "max length 64", &BudgetFlight{ZoneName: long(65)}, &BudgetFlight{ZoneName: "America/New_York"}, false},
		{"budget flight dates", "end_date", "after start_date", &BudgetFlight{CampaignID: 1, StartDate: day2, EndDate: day1, TotalBudget: adama.MustMoney("USD", "1")}, &BudgetFlight{CampaignID: 1, StartDate: day1, EndDate: day2, TotalBudget: adama.MustMoney("USD", "1")}, true},
		{"audience segment name 255", "name", "max length 255", &AudienceSegment{Common: Common{Name: long(256)}}, &AudienceSegment{Common: Common{Name: long(255)}}, true},
		{"strategy audience segment restriction", "restriction", "one of", &StrategyAudienceSegment{StrategyID: 1, AudienceSegmentID: 1, Restriction: "MAYBE"}, &StrategyAudienceSegment{StrategyID: 1, AudienceSegmentID: 1, Restriction: RestrictionExclude}, true},
		{"domain restriction required", "domain", "required", &StrategyDomainRestriction{StrategyID: 1, Restriction: RestrictionInclude}, &StrategyDomainRestriction{StrategyID: 1, Domain: "a.example", Restriction: RestrictionInclude}, true},
		{"concept required", "advertiser_id", "required", &Concept{Common: Common{Name: "c"}}, &Concept{Common: Common{Name: "c"}, AdvertiserID: 1}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.bad, c.create)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(c.field, c.rule), "want %s: %s in %v", c.field, c.rule, err)
			assert.NoError(t, Validate(c.good, c.create))
		})
	}
}

func TestEnums(t *testing.T) {
	assert.True(t, GoalTypeReach.Valid())
	assert.False(t, GoalType("x").Valid())
	assert.Len(t, GoalType("").Values(), 10, "cpe included")
	assert.Len(t, RMXPacing("").Values(), 9)
	assert.Len(t, CreativeTagType("").Values(), 9)
	// An unknown server value decodes and is kept.
	var s Strategy
	require.NoError(t, s.UnmarshalJSON([]byte(`{"id":1,"goal_type":"future_goal","version":2}`)))
	assert.Equal(t, GoalType("future_goal"), s.GoalType)
}

func TestPixelTargetExprRoundTrip(t *testing.T) {
	for _, in := range []string{"( [1] AND [2] ) AND NOT ( [3] OR [4] )", "( [7] )", "NOT ( [3] )", "([1]or[2]) and not ([3])"} {
		e, err := ParsePixelTargetExpr(in)
		require.NoError(t, err, in)
		e2, err := ParsePixelTargetExpr(e.String())
		require.NoError(t, err)
		assert.Equal(t, e, e2)
	}
	e, _ := ParsePixelTargetExpr("( [1] AND [2] ) AND NOT ( [3] OR [4] )")
	assert.Equal(t, []int64{1, 2}, e.Include)
	assert.Equal(t, SetOpAnd, e.IncludeOp)
	assert.Equal(t, SetOpOr, e.ExcludeOp)
	for _, bad := range []string{"", "[1]", "( [0] )", "( [1] AND )", "( [1] ) OR NOT ( [2] )", "( [a] )", "( [1] ) AND NOT ( [2] ) extra"} {
		_, err := ParsePixelTargetExpr(bad)
		assert.Error(t, err, bad)
	}
}

func TestBulkAndDealTargeting(t *testing.T) {
	acts := []BulkAction{{Collection: "strategies", Tag: "t", Add: &BulkItemRef{Collection: "concepts", ID: 3}},
		{Collection: "strategies", Overwrite: &BulkItemRef{Collection: "concepts", ID: 4, Exclude: adama.BoolPtr(true)}}}
	require.NoError(t, ValidateBulk(acts))
	f, err := BulkForm(acts)
	require.NoError(t, err)
	assert.Equal(t, "3", f.Get("0.add.id"))
	assert.Equal(t, "1", f.Get("1.overwrite.exclude"))
	assert.Error(t, ValidateBulk([]BulkAction{{Collection: "s"}}))
	d := &DealTargeting{AllPMP: adama.BoolPtr(false), DealIDs: []int64{11, 12}}
	assert.Equal(t, "0", d.formValues().Get("all_pmp"))
	assert.Equal(t, "12", d.formValues().Get("deal.2.id"))
	assert.NoError(t, d.Validate())
	assert.Error(t, (&DealTargeting{DealIDs: []int64{0}}).Validate())
	fees := &Fees{PlatformAccessFeeUnit: FeeUnitFixed, SourcePlatformAccessFeeUnit: FeeUnitFixed}
	var ve *adama.ValidationError
	require.ErrorAs(t, fees.Validate(), &ve)
	assert.True(t, ve.Has("source_platform_access_fee_unit", ""))
	assert.False(t, ve.Has("platform_access_fee_unit", ""))
	fx, err := FeesFromExtra(map[string]json.RawMessage{"platform_access_fee_pct": []byte(`"1.5"`), "spend_cap": []byte(`10`)})
	require.NoError(t, err)
	assert.Equal(t, "1.5", fx.PlatformAccessFeePct.String())
	assert.Equal(t, int64(10), *fx.SpendCap)
}
