package entity

// Enums of the collections built from the reference schemas (see
// reference_records.go); Values and Valid are generated.

// SupplySourceRTBType is the SupplySource rtb_type (reference supply_source.json).
//
//adama:enum
type SupplySourceRTBType string

// The SupplySourceRTBType values.
const (
	SupplySourceRTBTypeStandard    SupplySourceRTBType = "STANDARD"
	SupplySourceRTBTypeMarketplace SupplySourceRTBType = "MARKETPLACE"
)

// SupplySourceSupplyType is the SupplySource supply_type (reference supply_source.json).
//
//adama:enum
type SupplySourceSupplyType string

// The SupplySourceSupplyType values.
const (
	SupplySourceSupplyTypeExchange SupplySourceSupplyType = "exchange"
	SupplySourceSupplyTypeData     SupplySourceSupplyType = "data"
)

// SiteListRestriction is the SiteList restriction (reference site_list.json).
//
//adama:enum
type SiteListRestriction string

// The SiteListRestriction values.
const (
	SiteListRestrictionInclude SiteListRestriction = "INCLUDE"
	SiteListRestrictionExclude SiteListRestriction = "EXCLUDE"
)

// VendorPixelSetBy is the VendorPixel set_by (reference vendor_pixel.json).
//
//adama:enum
type VendorPixelSetBy string

// The VendorPixelSetBy values.
const (
	VendorPixelSetBySystem VendorPixelSetBy = "SYSTEM"
	VendorPixelSetByUser   VendorPixelSetBy = "USER"
)

// PixelPixelType is the Pixel pixel_type (reference pixel.json).
//
//adama:enum
type PixelPixelType string

// The PixelPixelType values.
const (
	PixelPixelTypeUser     PixelPixelType = "USER"
	PixelPixelTypeInternal PixelPixelType = "INTERNAL"
)

// PixelProviderExecutionBy is the PixelProvider execution_by (reference pixel_provider.json).
//
//adama:enum
type PixelProviderExecutionBy string

// The PixelProviderExecutionBy values.
const (
	PixelProviderExecutionByMediamath PixelProviderExecutionBy = "MEDIAMATH"
	PixelProviderExecutionByUDI       PixelProviderExecutionBy = "UDI"
)

// PlacementSlotAuctionType is the PlacementSlot auction_type (reference placement_slot.json).
//
//adama:enum
type PlacementSlotAuctionType string

// The PlacementSlotAuctionType values.
const (
	PlacementSlotAuctionTypeFirstPriced  PlacementSlotAuctionType = "FIRST_PRICED"
	PlacementSlotAuctionTypeSecondPriced PlacementSlotAuctionType = "SECOND_PRICED"
)

// PlacementSlotBuyPriceType is the PlacementSlot buy_price_type (reference placement_slot.json).
//
//adama:enum
type PlacementSlotBuyPriceType string

// The PlacementSlotBuyPriceType values.
const (
	PlacementSlotBuyPriceTypeCPM PlacementSlotBuyPriceType = "CPM"
)

// PlacementSlotFrequencyInterval is the PlacementSlot frequency_interval (reference placement_slot.json).
//
//adama:enum
type PlacementSlotFrequencyInterval string

// The PlacementSlotFrequencyInterval values.
const (
	PlacementSlotFrequencyIntervalHour          PlacementSlotFrequencyInterval = "hour"
	PlacementSlotFrequencyIntervalDay           PlacementSlotFrequencyInterval = "day"
	PlacementSlotFrequencyIntervalWeek          PlacementSlotFrequencyInterval = "week"
	PlacementSlotFrequencyIntervalMonth         PlacementSlotFrequencyInterval = "month"
	PlacementSlotFrequencyIntervalCampaign      PlacementSlotFrequencyInterval = "campaign"
	PlacementSlotFrequencyIntervalNotApplicable PlacementSlotFrequencyInterval = "not-applicable"
)

// PlacementSlotFrequencyType is the PlacementSlot frequency_type (reference placement_slot.json).
//
//adama:enum
type PlacementSlotFrequencyType string

// The PlacementSlotFrequencyType values.
const (
	PlacementSlotFrequencyTypeEven    PlacementSlotFrequencyType = "even"
	PlacementSlotFrequencyTypeASAP    PlacementSlotFrequencyType = "asap"
	PlacementSlotFrequencyTypeNoLimit PlacementSlotFrequencyType = "no-limit"
)

// PlacementSlotSellPriceType is the PlacementSlot sell_price_type (reference placement_slot.json).
//
//adama:enum
type PlacementSlotSellPriceType string

// The PlacementSlotSellPriceType values.
const (
	PlacementSlotSellPriceTypeCPM PlacementSlotSellPriceType = "CPM"
)

// PlacementSlotVolumeUnit is the PlacementSlot volume_unit (reference placement_slot.json).
//
//adama:enum
type PlacementSlotVolumeUnit string

// The PlacementSlotVolumeUnit values.
const (
	PlacementSlotVolumeUnitImpressions PlacementSlotVolumeUnit = "impressions"
)

// SitePlacementRecordDealSource is the SitePlacementRecord deal_source (reference site_placement.json).
//
//adama:enum
type SitePlacementRecordDealSource string

// The SitePlacementRecordDealSource values.
const (
	SitePlacementRecordDealSourceUser     SitePlacementRecordDealSource = "USER"
	SitePlacementRecordDealSourceInternal SitePlacementRecordDealSource = "INTERNAL"
)

// SitePlacementRecordMediaType is the SitePlacementRecord media_type (reference site_placement.json).
//
//adama:enum
type SitePlacementRecordMediaType string

// The SitePlacementRecordMediaType values.
const (
	SitePlacementRecordMediaTypeDisplay SitePlacementRecordMediaType = "display"
	SitePlacementRecordMediaTypeVideo   SitePlacementRecordMediaType = "video"
	SitePlacementRecordMediaTypeMobile  SitePlacementRecordMediaType = "mobile"
)

// SitePlacementRecordPMPType is the SitePlacementRecord pmp_type (reference site_placement.json).
//
//adama:enum
type SitePlacementRecordPMPType string

// The SitePlacementRecordPMPType values.
const (
	SitePlacementRecordPMPTypeDirect  SitePlacementRecordPMPType = "DIRECT"
	SitePlacementRecordPMPTypePremium SitePlacementRecordPMPType = "PREMIUM"
)

// StrategyTargetingSegmentOperator is the StrategyTargetingSegment operator (reference strategy_targeting_segment.json).
//
//adama:enum
type StrategyTargetingSegmentOperator string

// The StrategyTargetingSegmentOperator values.
const (
	StrategyTargetingSegmentOperatorAnd StrategyTargetingSegmentOperator = "AND"
	StrategyTargetingSegmentOperatorOr  StrategyTargetingSegmentOperator = "OR"
)

// StrategyTargetingSegmentRestriction is the StrategyTargetingSegment restriction (reference strategy_targeting_segment.json).
//
//adama:enum
type StrategyTargetingSegmentRestriction string

// The StrategyTargetingSegmentRestriction values.
const (
	StrategyTargetingSegmentRestrictionInclude StrategyTargetingSegmentRestriction = "INCLUDE"
	StrategyTargetingSegmentRestrictionExclude StrategyTargetingSegmentRestriction = "EXCLUDE"
)

// DealDealSource is the Deal deal_source (reference deal.json).
//
//adama:enum
type DealDealSource string

// The DealDealSource values.
const (
	DealDealSourceUser     DealDealSource = "USER"
	DealDealSourceInternal DealDealSource = "INTERNAL"
)

// DealMediaType is the Deal media_type (reference deal.json).
//
//adama:enum
type DealMediaType string

// The DealMediaType values.
const (
	DealMediaTypeDisplay DealMediaType = "DISPLAY"
	DealMediaTypeVideo   DealMediaType = "VIDEO"
)

// DealPriceMethod is the Deal price_method (reference deal.json).
//
//adama:enum
type DealPriceMethod string

// The DealPriceMethod values.
const (
	DealPriceMethodCPM DealPriceMethod = "CPM"
)

// DealPriceType is the Deal price_type (reference deal.json).
//
//adama:enum
type DealPriceType string

// The DealPriceType values.
const (
	DealPriceTypeFixed DealPriceType = "FIXED"
	DealPriceTypeFloor DealPriceType = "FLOOR"
)
