// The rules of the group A records that the reference schemas describe
// and spec 4.A leaves unnamed. Their declarations are generated
// (records_gen.go, from internal/apispec/entity.yaml); each doc comment
// names its schema file, from which field types, enums and create
// requirements come ("mm" in a field name is the spec's neutral "svc").

package entity

import (
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

func (r *StrategyConcept) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

func (r *StrategySupplySource) check(v *valid.Validator, create bool) {
	if create {
		v.Require("supply_source_id", r.SupplySourceID != nil)
		v.Require("strategy_id", r.StrategyID != nil)
	}
}

func (r *SupplySource) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("code", r.Code != "")
	}
	checkEnum(v, "rtb_type", r.RTBType)
	checkEnum(v, "supply_type", r.SupplyType)
}

func (r *SiteList) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("organization_id", r.OrganizationID != nil)
	}
	checkEnum(v, "restriction", r.Restriction)
}

func (r *Vendor) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

func (r *VendorContract) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

func (r *VendorDomain) check(v *valid.Validator, create bool) {
	if create {
		v.Require("vendor_id", r.VendorID != nil)
		v.Require("domain", r.Domain != "")
	}
}

func (r *VendorPixel) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
	checkEnum(v, "set_by", r.SetBy)
}

func (r *VendorPixelDomain) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

func (r *Pixel) check(v *valid.Validator, create bool) {
	if create {
		v.Require("tag", r.Tag != "")
		v.Require("pixel_type", r.PixelType != "")
		v.Require("bundle_id", r.BundleID != nil)
	}
	checkEnum(v, "pixel_type", r.PixelType)
}

func (r *PixelProvider) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("vendor_id", r.VendorID != nil)
	}
	checkEnum(v, "execution_by", r.ExecutionBy)
}

func (r *PlacementSlot) check(v *valid.Validator, create bool) {
	if create {
		v.Require("width", r.Width != nil)
		v.Require("site_placement_id", r.SitePlacementID != nil)
		v.Require("height", r.Height != nil)
		v.Require("buy_price_type", r.BuyPriceType != "")
		v.Require("buy_price", len(r.BuyPrice) > 0)
		v.Require("auction_type", r.AuctionType != "")
	}
	checkEnum(v, "auction_type", r.AuctionType)
	checkEnum(v, "buy_price_type", r.BuyPriceType)
	checkEnum(v, "frequency_interval", r.FrequencyInterval)
	checkEnum(v, "frequency_type", r.FrequencyType)
	checkEnum(v, "sell_price_type", r.SellPriceType)
	checkEnum(v, "volume_unit", r.VolumeUnit)
}

func (r *Publisher) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

func (r *PublisherSite) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("publisher_id", r.PublisherID != nil)
	}
}

func (r *SitePlacementRecord) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("publisher_site_id", r.PublisherSiteID != nil)
	}
	checkEnum(v, "deal_source", r.DealSource)
	checkEnum(v, "media_type", r.MediaType)
	checkEnum(v, "pmp_type", r.PMPType)
}

func (r *TargetDimension) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

func (r *TargetValue) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

func (r *StrategyTargetingSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
	checkEnum(v, "operator", r.Operator)
	checkEnum(v, "restriction", r.Restriction)
}

func (r *Deal) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("supply_source_id", r.SupplySourceID != nil)
		v.Require("status", r.Status != nil)
		v.Require("start_datetime", r.StartDatetime != nil)
		v.Require("publisher_id", r.PublisherID != nil)
		v.Require("price_type", r.PriceType != "")
		v.Require("price_method", r.PriceMethod != "")
		v.Require("price", len(r.Price) > 0)
		v.Require("media_type", r.MediaType != "")
		v.Require("end_datetime", r.EndDatetime != nil)
		v.Require("deal_identifier", r.DealIdentifier != "")
		v.Require("advertiser_id", r.AdvertiserID != nil)
	}
	checkEnum(v, "deal_source", r.DealSource)
	checkEnum(v, "media_type", r.MediaType)
	checkEnum(v, "price_method", r.PriceMethod)
	checkEnum(v, "price_type", r.PriceType)
	// Spec 8's deal limits.
	checkLen(v, "name", r.Name, MaxDealNameLen)
	checkLen(v, "deal_identifier", r.DealIdentifier, MaxDealIdentifierLen)
	checkLen(v, "description", r.Description, MaxDealDescriptionLen)
	checkLen(v, "zone_name", r.ZoneName, MaxZoneNameLen)
	checkLen(v, "currency_code", r.CurrencyCode, 3)
}

// Deal limits of spec 8.
const (
	MaxDealNameLen        = 256
	MaxDealIdentifierLen  = 256
	MaxDealDescriptionLen = 4096
)

// checkLen records a violation when s is longer than max characters.
func checkLen(v *valid.Validator, field, s string, max int) {
	if n := utf8.RuneCountInString(s); n > max {
		v.Addf(field, n, "at most %d characters", max)
	}
}

func (r *TargetingVendor) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("organization_id", r.OrganizationID != nil)
	}
}
