package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// validateBetween checks the rules of an event and of a data pixel (spec
// 2.7), which depend on pixel_type and pricing.
func (p *PixelBundle) validateBetween(v *valid.Validator, at string, create bool) {
	switch p.PixelType {
	case PixelTypeEvent:
		if create {
			v.Require(valid.Path(at, "advertiser_id"), p.AdvertiserID != nil && *p.AdvertiserID != 0)
			v.Require(valid.Path(at, "tag_type"), p.TagType != "")
		}
		v.Check(p.Currency != "" || p.CurrencyFixed != "", valid.Path(at, "currency"), "currency or currency_fixed must be set", nil)
		if p.Revenue != "" && p.Currency != "" {
			v.Check(p.Revenue != p.Currency, valid.Path(at, "revenue"), "must differ from currency", string(p.Revenue))
		}
		if p.Pricing.Valid() {
			checkEnumIn(v, valid.Path(at, "pricing"), p.Pricing, PixelPricingCPM)
		}
	case PixelTypeData:
		pricing := p.Pricing
		if pricing == "" {
			pricing = PixelPricingCPM
		}
		switch pricing {
		case PixelPricingCPM:
			v.Check(len(p.CostCPM) > 0 || p.CostPctCPM != nil, valid.Path(at, "cost_cpm"), "cost_cpm or cost_pct_cpm required when pricing is CPM", nil)
		case PixelPricingCPTS:
			v.Check(len(p.CostCPTS) > 0, valid.Path(at, "cost_cpts"), "required when pricing is CPTS", nil)
		}
	}
}
