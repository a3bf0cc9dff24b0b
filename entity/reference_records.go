// Records of the group A collections that the reference schemas describe
// and spec 4.A leaves unnamed. Each doc comment names its schema file;
// field types, enums and create requirements come from it ("mm" in a
// field name is the spec's neutral "svc").

package entity

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// StrategyConcept is a concept assigned to a strategy, collection strategy_concepts.
// Shape from the strategy_concept entity schema.
// Create requires name.
type StrategyConcept struct {
	Common
	ConceptID  *int64      `json:"concept_id,omitempty" url:"concept_id,omitempty"`
	Status     *adama.Bool `json:"status,omitempty" url:"status,omitempty"`
	StrategyID *int64      `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	Weighting  string      `json:"weighting,omitempty" url:"weighting,omitempty"`
}

func (r *StrategyConcept) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

// StrategySupplySource is a supply source a strategy buys on, collection strategy_supply_sources.
// Shape from the strategy_supply_source entity schema.
// Create requires strategy_id, supply_source_id.
type StrategySupplySource struct {
	Common
	StrategyID     *int64 `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	SupplySourceID *int64 `json:"supply_source_id,omitempty" url:"supply_source_id,omitempty"`
}

func (r *StrategySupplySource) check(v *valid.Validator, create bool) {
	if create {
		v.Require("supply_source_id", r.SupplySourceID != nil)
		v.Require("strategy_id", r.StrategyID != nil)
	}
}

// SupplySource is an exchange or data supply source, collection supply_sources.
// Shape from the supply_source entity schema.
// Create requires code, name.
type SupplySource struct {
	Common
	BidderExchangeIdentifier *int64                 `json:"bidder_exchange_identifier,omitempty" url:"bidder_exchange_identifier,omitempty"`
	Code                     string                 `json:"code,omitempty" url:"code,omitempty"`
	DefaultSeatIdentifier    string                 `json:"default_seat_identifier,omitempty" url:"default_seat_identifier,omitempty"`
	Distribute               *adama.Bool            `json:"distribute,omitempty" url:"distribute,omitempty"`
	HasDisplay               *adama.Bool            `json:"has_display,omitempty" url:"has_display,omitempty"`
	HasMobileDisplay         *adama.Bool            `json:"has_mobile_display,omitempty" url:"has_mobile_display,omitempty"`
	HasMobileVideo           *adama.Bool            `json:"has_mobile_video,omitempty" url:"has_mobile_video,omitempty"`
	HasVideo                 *adama.Bool            `json:"has_video,omitempty" url:"has_video,omitempty"`
	IsProservice             *adama.Bool            `json:"is_proservice,omitempty" url:"is_proservice,omitempty"`
	SvcSafe                  *adama.Bool            `json:"svc_safe,omitempty" url:"svc_safe,omitempty"`
	ParentSupplyID           *int64                 `json:"parent_supply_id,omitempty" url:"parent_supply_id,omitempty"`
	PixelTag                 string                 `json:"pixel_tag,omitempty" url:"pixel_tag,omitempty"`
	PMPEnabled               *adama.Bool            `json:"pmp_enabled,omitempty" url:"pmp_enabled,omitempty"`
	RTBEnabled               *adama.Bool            `json:"rtb_enabled,omitempty" url:"rtb_enabled,omitempty"`
	RTBType                  SupplySourceRTBType    `json:"rtb_type,omitempty" url:"rtb_type,omitempty"`
	SeatEnabled              *adama.Bool            `json:"seat_enabled,omitempty" url:"seat_enabled,omitempty"`
	Status                   *adama.Bool            `json:"status,omitempty" url:"status,omitempty"`
	SupplyType               SupplySourceSupplyType `json:"supply_type,omitempty" url:"supply_type,omitempty"`
	UsePool                  *adama.Bool            `json:"use_pool,omitempty" url:"use_pool,omitempty"`
}

func (r *SupplySource) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("code", r.Code != "")
	}
	checkEnum(v, "rtb_type", r.RTBType)
	checkEnum(v, "supply_type", r.SupplyType)
}

// SiteList is a list of sites an organization includes or excludes, collection site_lists.
// Shape from the site_list entity schema.
// Create requires name, organization_id.
type SiteList struct {
	Common
	// Assigned, CampaignAssigned, StrategyAssigned and StrategyID are the
	// assignment view of spec 2.8 ("strategy site list"): present when the
	// list is read for a campaign or strategy (output).
	Assigned         *adama.Bool         `json:"assigned,omitempty" url:"-"`
	CampaignAssigned *adama.Bool         `json:"campaign_assigned,omitempty" url:"-"`
	StrategyAssigned *adama.Bool         `json:"strategy_assigned,omitempty" url:"-"`
	StrategyID       *int64              `json:"strategy_id,omitempty" url:"-"`
	Filename         string              `json:"filename,omitempty" url:"filename,omitempty"`
	OrganizationID   *int64              `json:"organization_id,omitempty" url:"organization_id,omitempty"`
	Restriction      SiteListRestriction `json:"restriction,omitempty" url:"restriction,omitempty"`
	SitesCount       *int64              `json:"sites_count,omitempty" url:"sites_count,omitempty"`
	SitesCountDomain *int64              `json:"sites_count_domain,omitempty" url:"sites_count_domain,omitempty"`
	Status           *adama.Bool         `json:"status,omitempty" url:"status,omitempty"`
}

func (r *SiteList) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("organization_id", r.OrganizationID != nil)
	}
	checkEnum(v, "restriction", r.Restriction)
}

// Vendor is a third-party vendor, collection vendors.
// Shape from the vendor entity schema.
// Create requires name.
type Vendor struct {
	Common
	AdxApproved            *adama.Bool     `json:"adx_approved,omitempty" url:"adx_approved,omitempty"`
	AdxDeclarationRequired *adama.Bool     `json:"adx_declaration_required,omitempty" url:"adx_declaration_required,omitempty"`
	AdxSSLApproved         *adama.Bool     `json:"adx_ssl_approved,omitempty" url:"adx_ssl_approved,omitempty"`
	AdxVendorIdentifier    string          `json:"adx_vendor_identifier,omitempty" url:"adx_vendor_identifier,omitempty"`
	AdxVideoApproved       *adama.Bool     `json:"adx_video_approved,omitempty" url:"adx_video_approved,omitempty"`
	AdxVideoSSLApproved    *adama.Bool     `json:"adx_video_ssl_approved,omitempty" url:"adx_video_ssl_approved,omitempty"`
	Description            string          `json:"description,omitempty" url:"description,omitempty"`
	IsEligible             *adama.Bool     `json:"is_eligible,omitempty" url:"is_eligible,omitempty"`
	SvcContractAvailable   *adama.Bool     `json:"svc_contract_available,omitempty" url:"svc_contract_available,omitempty"`
	RateCardPrice          adama.Money     `json:"rate_card_price,omitempty" url:"rate_card_price,omitempty"`
	RateCardType           string          `json:"rate_card_type,omitempty" url:"rate_card_type,omitempty"`
	VendorType             json.RawMessage `json:"vendor_type,omitempty" url:"-"`
	WholesalePrice         adama.Money     `json:"wholesale_price,omitempty" url:"wholesale_price,omitempty"`
}

func (r *Vendor) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

// VendorContract is a contract with a vendor, collection vendor_contracts.
// Shape from the vendor_contract entity schema.
// Create requires name.
type VendorContract struct {
	Common
	CampaignID     *int64      `json:"campaign_id,omitempty" url:"campaign_id,omitempty"`
	Price          adama.Money `json:"price,omitempty" url:"price,omitempty"`
	RateCardType   string      `json:"rate_card_type,omitempty" url:"rate_card_type,omitempty"`
	UseSvcContract *adama.Bool `json:"use_svc_contract,omitempty" url:"use_svc_contract,omitempty"`
	VendorID       *int64      `json:"vendor_id,omitempty" url:"vendor_id,omitempty"`
}

func (r *VendorContract) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

// VendorDomain is a domain a vendor serves from, collection vendor_domains.
// Shape from the vendor_domain entity schema.
// Create requires domain, vendor_id.
type VendorDomain struct {
	Common
	AllowSubdomainMatch *adama.Bool `json:"allow_subdomain_match,omitempty" url:"allow_subdomain_match,omitempty"`
	Domain              string      `json:"domain,omitempty" url:"domain,omitempty"`
	VendorID            *int64      `json:"vendor_id,omitempty" url:"vendor_id,omitempty"`
}

func (r *VendorDomain) check(v *valid.Validator, create bool) {
	if create {
		v.Require("vendor_id", r.VendorID != nil)
		v.Require("domain", r.Domain != "")
	}
}

// VendorPixel is a vendor pixel, collection vendor_pixels.
// Shape from the vendor_pixel entity schema.
// Create requires name.
type VendorPixel struct {
	Common
	CreativeID *int64           `json:"creative_id,omitempty" url:"creative_id,omitempty"`
	SetBy      VendorPixelSetBy `json:"set_by,omitempty" url:"set_by,omitempty"`
	Tag        string           `json:"tag,omitempty" url:"tag,omitempty"`
	TagType    string           `json:"tag_type,omitempty" url:"tag_type,omitempty"`
}

func (r *VendorPixel) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
	checkEnum(v, "set_by", r.SetBy)
}

// VendorPixelDomain is a domain of a vendor pixel, collection vendor_pixel_domains.
// Shape from the vendor_pixel_domain entity schema.
type VendorPixelDomain struct {
	Common
	Domain         string `json:"domain,omitempty" url:"domain,omitempty"`
	VendorDomainID *int64 `json:"vendor_domain_id,omitempty" url:"vendor_domain_id,omitempty"`
	VendorPixelID  *int64 `json:"vendor_pixel_id,omitempty" url:"vendor_pixel_id,omitempty"`
}

func (r *VendorPixelDomain) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

// Pixel is an event or data pixel of a pixel bundle (spec 2.7), collection pixels.
// Shape from the pixel entity schema.
// Create requires bundle_id, pixel_type, tag.
type Pixel struct {
	Common
	BundleID       *int64         `json:"bundle_id,omitempty" url:"bundle_id,omitempty"`
	Distributed    *adama.Bool    `json:"distributed,omitempty" url:"distributed,omitempty"`
	PixelType      PixelPixelType `json:"pixel_type,omitempty" url:"pixel_type,omitempty"`
	SupplySourceID *int64         `json:"supply_source_id,omitempty" url:"supply_source_id,omitempty"`
	Tag            string         `json:"tag,omitempty" url:"tag,omitempty"`
}

func (r *Pixel) check(v *valid.Validator, create bool) {
	if create {
		v.Require("tag", r.Tag != "")
		v.Require("pixel_type", r.PixelType != "")
		v.Require("bundle_id", r.BundleID != nil)
	}
	checkEnum(v, "pixel_type", r.PixelType)
}

// PixelProvider is a data pixel provider, collection pixel_providers.
// Shape from the pixel_provider entity schema.
// Create requires name, vendor_id.
type PixelProvider struct {
	Common
	AgencyID     *int64                   `json:"agency_id,omitempty" url:"agency_id,omitempty"`
	ExecutionBy  PixelProviderExecutionBy `json:"execution_by,omitempty" url:"execution_by,omitempty"`
	Status       *adama.Bool              `json:"status,omitempty" url:"status,omitempty"`
	TaxonomyFile string                   `json:"taxonomy_file,omitempty" url:"taxonomy_file,omitempty"`
	VendorID     *int64                   `json:"vendor_id,omitempty" url:"vendor_id,omitempty"`
}

func (r *PixelProvider) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("vendor_id", r.VendorID != nil)
	}
	checkEnum(v, "execution_by", r.ExecutionBy)
}

// PlacementSlot is a slot of a site placement, collection placement_slots.
// Shape from the placement_slot entity schema.
// Create requires auction_type, buy_price, buy_price_type, height, site_placement_id, width.
type PlacementSlot struct {
	Common
	AdSlot            *int64                         `json:"ad_slot,omitempty" url:"ad_slot,omitempty"`
	AllowRemnant      *adama.Bool                    `json:"allow_remnant,omitempty" url:"allow_remnant,omitempty"`
	AuctionType       PlacementSlotAuctionType       `json:"auction_type,omitempty" url:"auction_type,omitempty"`
	Budget            adama.Money                    `json:"budget,omitempty" url:"budget,omitempty"`
	BuyPrice          adama.Money                    `json:"buy_price,omitempty" url:"buy_price,omitempty"`
	BuyPriceType      PlacementSlotBuyPriceType      `json:"buy_price_type,omitempty" url:"buy_price_type,omitempty"`
	Description       string                         `json:"description,omitempty" url:"description,omitempty"`
	EndDate           *adama.Time                    `json:"end_date,omitempty" url:"end_date,omitempty"`
	EstVolume         *adama.Decimal                 `json:"est_volume,omitempty" url:"est_volume,omitempty"`
	FrequencyAmount   *int64                         `json:"frequency_amount,omitempty" url:"frequency_amount,omitempty"`
	FrequencyInterval PlacementSlotFrequencyInterval `json:"frequency_interval,omitempty" url:"frequency_interval,omitempty"`
	FrequencyType     PlacementSlotFrequencyType     `json:"frequency_type,omitempty" url:"frequency_type,omitempty"`
	Height            *int64                         `json:"height,omitempty" url:"height,omitempty"`
	PrmPubCeiling     adama.Money                    `json:"prm_pub_ceiling,omitempty" url:"prm_pub_ceiling,omitempty"`
	PrmPubMarkup      *adama.Decimal                 `json:"prm_pub_markup,omitempty" url:"prm_pub_markup,omitempty"`
	SellPrice         adama.Money                    `json:"sell_price,omitempty" url:"sell_price,omitempty"`
	SellPriceType     PlacementSlotSellPriceType     `json:"sell_price_type,omitempty" url:"sell_price_type,omitempty"`
	SitePlacementID   *int64                         `json:"site_placement_id,omitempty" url:"site_placement_id,omitempty"`
	StartDate         *adama.Time                    `json:"start_date,omitempty" url:"start_date,omitempty"`
	VolumeUnit        PlacementSlotVolumeUnit        `json:"volume_unit,omitempty" url:"volume_unit,omitempty"`
	Width             *int64                         `json:"width,omitempty" url:"width,omitempty"`
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

// Publisher is a publisher, collection publishers.
// Shape from the publisher entity schema.
// Create requires name.
type Publisher struct {
	Common
	OrganizationID *int64 `json:"organization_id,omitempty" url:"organization_id,omitempty"`
}

func (r *Publisher) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
}

// PublisherSite is a site of a publisher, collection publisher_sites.
// Shape from the publisher_site entity schema.
// Create requires name, publisher_id.
type PublisherSite struct {
	Common
	PublisherID *int64 `json:"publisher_id,omitempty" url:"publisher_id,omitempty"`
}

func (r *PublisherSite) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("publisher_id", r.PublisherID != nil)
	}
}

// SitePlacementRecord is a placement on a publisher site, collection site_placements.
// Shape from the site_placement entity schema.
// Create requires name, publisher_site_id.
type SitePlacementRecord struct {
	Common
	BillMediaToClient *adama.Bool                   `json:"bill_media_to_client,omitempty" url:"bill_media_to_client,omitempty"`
	DealSource        SitePlacementRecordDealSource `json:"deal_source,omitempty" url:"deal_source,omitempty"`
	DisplayText       string                        `json:"display_text,omitempty" url:"display_text,omitempty"`
	MediaType         SitePlacementRecordMediaType  `json:"media_type,omitempty" url:"media_type,omitempty"`
	PMPType           SitePlacementRecordPMPType    `json:"pmp_type,omitempty" url:"pmp_type,omitempty"`
	PublisherSiteID   *int64                        `json:"publisher_site_id,omitempty" url:"publisher_site_id,omitempty"`
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

// TargetDimension is a targeting dimension, collection target_dimensions.
// Shape from the target_dimension entity schema.
type TargetDimension struct {
	Common
	Code string `json:"code,omitempty" url:"code,omitempty"`
}

func (r *TargetDimension) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

// TargetValue is a value of a targeting dimension, collection target_values.
// Shape from the target_value entity schema.
type TargetValue struct {
	Common
	ChildCount        *int64      `json:"child_count,omitempty" url:"child_count,omitempty"`
	DimensionCode     string      `json:"dimension_code,omitempty" url:"dimension_code,omitempty"`
	IsTargetable      *adama.Bool `json:"is_targetable,omitempty" url:"is_targetable,omitempty"`
	TargetDimensionID *int64      `json:"target_dimension_id,omitempty" url:"target_dimension_id,omitempty"`
	Type              string      `json:"type,omitempty" url:"type,omitempty"`
	Value             *int64      `json:"value,omitempty" url:"value,omitempty"`
}

func (r *TargetValue) check(v *valid.Validator, create bool) {
	_, _ = v, create
}

// StrategyTargetingSegment is a targeting segment of a strategy, collection strategy_targeting_segments.
// Shape from the strategy_targeting_segment entity schema.
// Create requires name, organization_id.
type StrategyTargetingSegment struct {
	Common
	GroupIdentifier    string                              `json:"group_identifier,omitempty" url:"group_identifier,omitempty"`
	Operator           StrategyTargetingSegmentOperator    `json:"operator,omitempty" url:"operator,omitempty"`
	Restriction        StrategyTargetingSegmentRestriction `json:"restriction,omitempty" url:"restriction,omitempty"`
	StrategyID         *int64                              `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	TargetingSegmentID *int64                              `json:"targeting_segment_id,omitempty" url:"targeting_segment_id,omitempty"`
	UserCPM            adama.Money                         `json:"user_cpm,omitempty" url:"user_cpm,omitempty"`
}

func (r *StrategyTargetingSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
	}
	checkEnum(v, "operator", r.Operator)
	checkEnum(v, "restriction", r.Restriction)
}

// Deal is a deal as group A serves it (the marketplace view is group E), collection deals.
// Shape from the deal entity schema.
// Create requires advertiser_id, start_datetime, end_datetime, deal_identifier, media_type, name, price, price_method, price_method, price_type, publisher_id, status, supply_source_id.
type Deal struct {
	Common
	AdvertiserID   *int64          `json:"advertiser_id,omitempty" url:"advertiser_id,omitempty"`
	CurrencyCode   string          `json:"currency_code,omitempty" url:"currency_code,omitempty"`
	DealIdentifier string          `json:"deal_identifier,omitempty" url:"deal_identifier,omitempty"`
	DealSource     DealDealSource  `json:"deal_source,omitempty" url:"deal_source,omitempty"`
	Description    string          `json:"description,omitempty" url:"description,omitempty"`
	EndDatetime    *adama.Time     `json:"end_datetime,omitempty" url:"end_datetime,omitempty"`
	MediaType      DealMediaType   `json:"media_type,omitempty" url:"media_type,omitempty"`
	PartnerSourced *adama.Bool     `json:"partner_sourced,omitempty" url:"partner_sourced,omitempty"`
	Price          adama.Money     `json:"price,omitempty" url:"price,omitempty"`
	PriceMethod    DealPriceMethod `json:"price_method,omitempty" url:"price_method,omitempty"`
	PriceType      DealPriceType   `json:"price_type,omitempty" url:"price_type,omitempty"`
	PublisherID    *int64          `json:"publisher_id,omitempty" url:"publisher_id,omitempty"`
	StartDatetime  *adama.Time     `json:"start_datetime,omitempty" url:"start_datetime,omitempty"`
	Status         *adama.Bool     `json:"status,omitempty" url:"status,omitempty"`
	SupplySourceID *int64          `json:"supply_source_id,omitempty" url:"supply_source_id,omitempty"`
	ZoneName       string          `json:"zone_name,omitempty" url:"zone_name,omitempty"`
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

// TargetingVendor is a targeting data vendor, collection targeting_vendors.
// Shape from the targeting_vendor entity schema.
// Create requires name, organization_id.
type TargetingVendor struct {
	Common
	NamespaceCode         string `json:"namespace_code,omitempty" url:"namespace_code,omitempty"`
	OrganizationID        *int64 `json:"organization_id,omitempty" url:"organization_id,omitempty"`
	SitesCountDomain      *int64 `json:"sites_count_domain,omitempty" url:"sites_count_domain,omitempty"`
	TargetingVendorTypeID *int64 `json:"targeting_vendor_type_id,omitempty" url:"targeting_vendor_type_id,omitempty"`
}

func (r *TargetingVendor) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", r.Name != "")
		v.Require("organization_id", r.OrganizationID != nil)
	}
}
