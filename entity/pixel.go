package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// PixelBundle is an event or data pixel (spec 2.7), collection
// pixel_bundles. An event pixel requires advertiser_id, name, pixel_type
// event and tag_type, and one of currency or currency_fixed, with revenue
// and currency naming different parameters. A data pixel needs the cost
// field its pricing calls for.
type PixelBundle struct {
	Common
	AdvertiserID *int64         `json:"advertiser_id,omitempty" url:"advertiser_id,omitempty"`
	AgencyID     *int64         `json:"agency_id,omitempty" url:"agency_id,omitempty"`
	ProviderID   *int64         `json:"provider_id,omitempty" url:"provider_id,omitempty"`
	PixelType    PixelType      `json:"pixel_type,omitempty" url:"pixel_type,omitempty"`
	TagType      PixelTagType   `json:"tag_type,omitempty" url:"tag_type,omitempty"`
	Pricing      PixelPricing   `json:"pricing,omitempty" url:"pricing,omitempty"`
	CostCPM      adama.Money    `json:"cost_cpm,omitempty" url:"cost_cpm,omitempty"`
	CostPctCPM   *adama.Decimal `json:"cost_pct_cpm,omitempty" url:"cost_pct_cpm,omitempty"`
	CostCPTS     adama.Money    `json:"cost_cpts,omitempty" url:"cost_cpts,omitempty"`
	// Currency names the URL parameter carrying the currency.
	Currency PixelParam `json:"currency,omitempty" url:"currency,omitempty"`
	// CurrencyFixed is an ISO 4217 code (default USD).
	CurrencyFixed string `json:"currency_fixed,omitempty" url:"currency_fixed,omitempty"`
	// Revenue names the URL parameter carrying the revenue.
	Revenue              PixelParam        `json:"revenue,omitempty" url:"revenue,omitempty"`
	Eligible             *adama.Bool       `json:"eligible,omitempty" url:"eligible,omitempty"`
	Keywords             string            `json:"keywords,omitempty" url:"keywords,omitempty"`
	Status               *adama.Bool       `json:"status,omitempty" url:"status,omitempty"`
	RMXConversionMinutes *int              `json:"rmx_conversion_minutes,omitempty" url:"rmx_conversion_minutes,omitempty"`
	RMXConversionType    RMXConversionType `json:"rmx_conversion_type,omitempty" url:"rmx_conversion_type,omitempty"`
	RMXFriendly          *adama.Bool       `json:"rmx_friendly,omitempty" url:"rmx_friendly,omitempty"`
	RMXMerit             *adama.Bool       `json:"rmx_merit,omitempty" url:"rmx_merit,omitempty"`
	RMXPCWindowMinutes   *int              `json:"rmx_pc_window_minutes,omitempty" url:"rmx_pc_window_minutes,omitempty"`
	RMXPVWindowMinutes   *int              `json:"rmx_pv_window_minutes,omitempty" url:"rmx_pv_window_minutes,omitempty"`
	Tags                 string            `json:"tags,omitempty" url:"tags,omitempty"`
	ExternalIdentifier   string            `json:"external_identifier,omitempty" url:"external_identifier,omitempty"`
	// SegmentOp and Type follow the reference schema pixel_bundle.
	SegmentOp string `json:"segment_op,omitempty" url:"segment_op,omitempty"`
	Type      string `json:"type,omitempty" url:"type,omitempty"`

	// Advertiser is the embedded parent (with=advertiser); never sent.
	Advertiser *Advertiser `json:"advertiser,omitempty" url:"-"`
}

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
