package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (p *PixelBundle) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", p.Name != "")
		v.Require("pixel_type", p.PixelType != "")
	}
	checkEnum(v, "pixel_type", p.PixelType)
	checkEnum(v, "tag_type", p.TagType)
	checkEnum(v, "pricing", p.Pricing)
	checkEnum(v, "currency", p.Currency)
	checkEnum(v, "revenue", p.Revenue)
	checkEnum(v, "rmx_conversion_type", p.RMXConversionType)
	checkCurrency(v, "currency_fixed", p.CurrencyFixed)
	v.MaxLen("keywords", p.Keywords, MaxKeywordsLen)
	switch p.PixelType {
	case PixelTypeEvent:
		if create {
			v.Require("advertiser_id", p.AdvertiserID != nil && *p.AdvertiserID != 0)
			v.Require("tag_type", p.TagType != "")
		}
		v.Check(p.Currency != "" || p.CurrencyFixed != "", "currency", "currency or currency_fixed must be set", nil)
		if p.Revenue != "" && p.Currency != "" {
			v.Check(p.Revenue != p.Currency, "revenue", "must differ from currency", string(p.Revenue))
		}
		checkEnumIn(v, "pricing", p.Pricing, PixelPricingCPM)
	case PixelTypeData:
		pricing := p.Pricing
		if pricing == "" {
			pricing = PixelPricingCPM
		}
		switch pricing {
		case PixelPricingCPM:
			v.Check(len(p.CostCPM) > 0 || p.CostPctCPM != nil, "cost_cpm", "cost_cpm or cost_pct_cpm required when pricing is CPM", nil)
		case PixelPricingCPTS:
			v.Check(len(p.CostCPTS) > 0, "cost_cpts", "required when pricing is CPTS", nil)
		}
	}
}
