package entity

//go:generate go run ../internal/cmd/enumgen

// Typed enums of group A: each is a //adama:enum string type and its
// constants; Values() and Valid() are generated into enums_gen.go. A value
// the server sends that the SDK does not know decodes without error and is
// kept as is; validation rejects an unknown value set by the caller.

// FrequencyType is a frequency cap's type (advertiser and strategy frequency_type).
//
//adama:enum
type FrequencyType string

// The FrequencyType values.
const (
	FrequencyTypeASAP    FrequencyType = "asap"
	FrequencyTypeEven    FrequencyType = "even"
	FrequencyTypeNoLimit FrequencyType = "no-limit"
)

// FrequencyInterval is a frequency cap's interval; strategies accept day, month, week and hour on input, the others appear in output.
//
//adama:enum
type FrequencyInterval string

// The FrequencyInterval values.
const (
	FrequencyIntervalHour          FrequencyInterval = "hour"
	FrequencyIntervalDay           FrequencyInterval = "day"
	FrequencyIntervalWeek          FrequencyInterval = "week"
	FrequencyIntervalMonth         FrequencyInterval = "month"
	FrequencyIntervalNotApplicable FrequencyInterval = "not-applicable"
	FrequencyIntervalCampaign      FrequencyInterval = "campaign"
)

// AdsTxtVerified is the ads.txt verification level (ads_txt_verified).
//
//adama:enum
type AdsTxtVerified string

// The AdsTxtVerified values.
const (
	AdsTxtVerifiedAny                  AdsTxtVerified = "ANY"
	AdsTxtVerifiedAuthorizedDirectOnly AdsTxtVerified = "AUTHORIZED_DIRECT_ONLY"
	AdsTxtVerifiedAuthorizedOnly       AdsTxtVerified = "AUTHORIZED_ONLY"
)

// DMPEnabled is an agency's data-management setting (dmp_enabled).
//
//adama:enum
type DMPEnabled string

// The DMPEnabled values.
const (
	DMPEnabledDisabled DMPEnabled = "disabled"
	DMPEnabledEnabled  DMPEnabled = "enabled"
	DMPEnabledInherits DMPEnabled = "inherits"
)

// StrategyType is a strategy's type.
//
//adama:enum
type StrategyType string

// The StrategyType values.
const (
	StrategyTypeREM StrategyType = "REM"
	StrategyTypeGBO StrategyType = "GBO"
	StrategyTypeAUD StrategyType = "AUD"
)

// SupplyType is a strategy's supply type.
//
//adama:enum
type SupplyType string

// The SupplyType values.
const (
	SupplyTypeMKT    SupplyType = "MKT"
	SupplyTypeRTB    SupplyType = "RTB"
	SupplyTypeP1RMX  SupplyType = "P1_RMX"
	SupplyTypeRMXAPI SupplyType = "RMX_API"
)

// MediaType is a strategy's media type.
//
//adama:enum
type MediaType string

// The MediaType values.
const (
	MediaTypeDisplay MediaType = "DISPLAY"
	MediaTypeVideo   MediaType = "VIDEO"
)

// GoalType is a strategy's goal type.
//
//adama:enum
type GoalType string

// The GoalType values.
const (
	GoalTypeROI             GoalType = "roi"
	GoalTypeCPA             GoalType = "cpa"
	GoalTypeCPC             GoalType = "cpc"
	GoalTypeCTR             GoalType = "ctr"
	GoalTypeVCR             GoalType = "vcr"
	GoalTypeViewabilityRate GoalType = "viewability_rate"
	GoalTypeVCPM            GoalType = "vcpm"
	GoalTypeReach           GoalType = "reach"
	GoalTypeSpend           GoalType = "spend"
	// GoalTypeCPE (cost per engagement) is listed by the reference schemas
	// campaign and strategy (the entity schemas) and by the
	// v3.0 campaign goals, and sent by the platform, though the spec's 2.4
	// table leaves it out.
	GoalTypeCPE GoalType = "cpe"
)

// PacingType is a pacing type (pacing_type, impression_pacing_type).
//
//adama:enum
type PacingType string

// The PacingType values.
const (
	PacingTypeEven    PacingType = "even"
	PacingTypeASAP    PacingType = "asap"
	PacingTypeNoLimit PacingType = "no-limit"
)

// PacingInterval is a pacing interval; pacing_interval takes hour and day, impression_pacing_interval also shows the others in output.
//
//adama:enum
type PacingInterval string

// The PacingInterval values.
const (
	PacingIntervalHour          PacingInterval = "hour"
	PacingIntervalDay           PacingInterval = "day"
	PacingIntervalWeek          PacingInterval = "week"
	PacingIntervalMonth         PacingInterval = "month"
	PacingIntervalCampaign      PacingInterval = "campaign"
	PacingIntervalNotApplicable PacingInterval = "not-applicable"
)

// SetOp is how segments combine (audience_segment_include_op and friends).
//
//adama:enum
type SetOp string

// The SetOp values.
const (
	SetOpAnd SetOp = "AND"
	SetOpOr  SetOp = "OR"
)

// ExchangeType is exchange_type_for_run_on_all.
//
//adama:enum
type ExchangeType string

// The ExchangeType values.
const (
	ExchangeTypeAllEligible  ExchangeType = "ALL_ELIGIBLE"
	ExchangeTypeSelectedOnly ExchangeType = "SELECTED_ONLY"
	ExchangeTypeSource       ExchangeType = "SOURCE"
)

// SiteSelectiveness is site_selectiveness.
//
//adama:enum
type SiteSelectiveness string

// The SiteSelectiveness values.
const (
	SiteSelectivenessReduced SiteSelectiveness = "REDUCED"
)

// RMXBudgetType is rmx_strategy.budget_type.
//
//adama:enum
type RMXBudgetType string

// The RMXBudgetType values.
const (
	RMXBudgetTypeDollars     RMXBudgetType = "DOLLARS"
	RMXBudgetTypeImpressions RMXBudgetType = "IMPRESSIONS"
)

// DynamicPricingOption is rmx_strategy.dynamic_pricing_option.
//
//adama:enum
type DynamicPricingOption string

// The DynamicPricingOption values.
const (
	DynamicPricingOptionAverage  DynamicPricingOption = "AVERAGE"
	DynamicPricingOptionStandard DynamicPricingOption = "STANDARD"
	DynamicPricingOptionWin      DynamicPricingOption = "WIN"
	DynamicPricingOptionSpend    DynamicPricingOption = "SPEND"
)

// LearningBudgetPacing is rmx_strategy.learning_budget_pacing.
//
//adama:enum
type LearningBudgetPacing string

// The LearningBudgetPacing values.
const (
	LearningBudgetPacingASAP    LearningBudgetPacing = "ASAP"
	LearningBudgetPacingEven    LearningBudgetPacing = "EVEN"
	LearningBudgetPacingHourly  LearningBudgetPacing = "HOURLY"
	LearningBudgetPacingDaily   LearningBudgetPacing = "DAILY"
	LearningBudgetPacingMonthly LearningBudgetPacing = "MONTHLY"
)

// RMXPacing is rmx_strategy.pacing.
//
//adama:enum
type RMXPacing string

// The RMXPacing values.
const (
	RMXPacingASAP                         RMXPacing = "asap"
	RMXPacingDeliverOverallBudgetEvenly   RMXPacing = "deliver_overall_budget_evenly"
	RMXPacingDeliverRemainingBudgetEvenly RMXPacing = "deliver_remaining_budget_evenly"
	RMXPacingHourlyASAP                   RMXPacing = "hourly_asap"
	RMXPacingHourlyEven                   RMXPacing = "hourly_even"
	RMXPacingDailyASAP                    RMXPacing = "daily_asap"
	RMXPacingDailyEven                    RMXPacing = "daily_even"
	RMXPacingMonthlyASAP                  RMXPacing = "monthly_asap"
	RMXPacingMonthlyEven                  RMXPacing = "monthly_even"
)

// RMXPricingType is rmx_strategy.pricing_type.
//
//adama:enum
type RMXPricingType string

// The RMXPricingType values.
const (
	RMXPricingTypeCPA     RMXPricingType = "CPA"
	RMXPricingTypeCPC     RMXPricingType = "CPC"
	RMXPricingTypeCPM     RMXPricingType = "CPM"
	RMXPricingTypeDynamic RMXPricingType = "DYNAMIC"
)

// RMXPushStatus is rmx_strategy.rmx_push_status (a state, see spec section 3).
//
//adama:enum
type RMXPushStatus string

// The RMXPushStatus values.
const (
	RMXPushStatusNew        RMXPushStatus = "NEW"
	RMXPushStatusUpdated    RMXPushStatus = "UPDATED"
	RMXPushStatusInProgress RMXPushStatus = "IN_PROGRESS"
	RMXPushStatusPushOK     RMXPushStatus = "PUSH_OK"
	RMXPushStatusPushFailed RMXPushStatus = "PUSH_FAILED"
)

// ROICPCTargetCTRType is rmx_strategy.roi_cpc_target_ctr_type.
//
//adama:enum
type ROICPCTargetCTRType string

// The ROICPCTargetCTRType values.
const (
	ROICPCTargetCTRTypeDollars ROICPCTargetCTRType = "DOLLARS"
	ROICPCTargetCTRTypePercent ROICPCTargetCTRType = "PERCENT"
)

// ROITargets is rmx_strategy.roi_targets.
//
//adama:enum
type ROITargets string

// The ROITargets values.
const (
	ROITargetsNone ROITargets = "NONE"
	ROITargetsCPA  ROITargets = "CPA"
	ROITargetsCPC  ROITargets = "CPC"
)

// RMXPixelType is an ROI target pixel's rmx_pixel_type.
//
//adama:enum
type RMXPixelType string

// The RMXPixelType values.
const (
	RMXPixelTypeClick      RMXPixelType = "CLICK"
	RMXPixelTypeImpression RMXPixelType = "IMPRESSION"
	RMXPixelTypeSegment    RMXPixelType = "SEGMENT"
)

// DealSource is a site placement's deal_source.
//
//adama:enum
type DealSource string

// The DealSource values.
const (
	DealSourceUser     DealSource = "USER"
	DealSourceInternal DealSource = "INTERNAL"
)

// PMPType is a site placement's pmp_type.
//
//adama:enum
type PMPType string

// The PMPType values.
const (
	PMPTypeDirect  PMPType = "DIRECT"
	PMPTypePremium PMPType = "PREMIUM"
)

// PlacementMediaType is a site placement's media_type.
//
//adama:enum
type PlacementMediaType string

// The PlacementMediaType values.
const (
	PlacementMediaTypeDisplay PlacementMediaType = "display"
	PlacementMediaTypeVideo   PlacementMediaType = "video"
	PlacementMediaTypeMobile  PlacementMediaType = "mobile"
)

// AdFormat is an atomic creative's ad_format.
//
//adama:enum
type AdFormat string

// The AdFormat values.
const (
	AdFormatDisplay    AdFormat = "DISPLAY"
	AdFormatExpandable AdFormat = "EXPANDABLE"
	AdFormatMobile     AdFormat = "MOBILE"
)

// AdServerType is an atomic creative's ad_server_type. The platform has ten values; the spec names PLATFORM and OTHER and omits eight vendor-named ones, so validation accepts any non-empty value here.
//
//adama:enum
type AdServerType string

// The AdServerType values.
const (
	AdServerTypePlatform AdServerType = "PLATFORM"
	AdServerTypeOther    AdServerType = "OTHER"
)

// ApprovalStatus is a creative's approval_status (a state, see spec section 3).
//
//adama:enum
type ApprovalStatus string

// The ApprovalStatus values.
const (
	ApprovalStatusPending  ApprovalStatus = "PENDING"
	ApprovalStatusApproved ApprovalStatus = "APPROVED"
	ApprovalStatusRejected ApprovalStatus = "REJECTED"
)

// Expand is an atomic creative's expand direction.
//
//adama:enum
type Expand string

// The Expand values.
const (
	ExpandL  Expand = "L"
	ExpandR  Expand = "R"
	ExpandU  Expand = "U"
	ExpandD  Expand = "D"
	ExpandLD Expand = "LD"
	ExpandRD Expand = "RD"
	ExpandLU Expand = "LU"
	ExpandRU Expand = "RU"
)

// ExpansionTrigger is an atomic creative's expansion_trigger.
//
//adama:enum
type ExpansionTrigger string

// The ExpansionTrigger values.
const (
	ExpansionTriggerAutomatic ExpansionTrigger = "AUTOMATIC"
	ExpansionTriggerMouseover ExpansionTrigger = "MOUSEOVER"
	ExpansionTriggerClick     ExpansionTrigger = "CLICK"
)

// FileType is an atomic creative's file_type.
//
//adama:enum
type FileType string

// The FileType values.
const (
	FileTypeGIF     FileType = "gif"
	FileTypeHTML5   FileType = "html5"
	FileTypeJPG     FileType = "jpg"
	FileTypePNG     FileType = "png"
	FileTypeSWF     FileType = "swf"
	FileTypeTIF     FileType = "tif"
	FileTypeTIFF    FileType = "tiff"
	FileTypeUnknown FileType = "unknown"
	FileTypeVAST    FileType = "vast"
	FileTypeZip     FileType = "zip"
)

// CreativeMediaType is an atomic creative's media_type.
//
//adama:enum
type CreativeMediaType string

// The CreativeMediaType values.
const (
	CreativeMediaTypeDisplay CreativeMediaType = "DISPLAY"
	CreativeMediaTypeVideo   CreativeMediaType = "VIDEO"
	CreativeMediaTypeMobile  CreativeMediaType = "MOBILE"
)

// CreativeTagType is an atomic creative's tag_type.
//
//adama:enum
type CreativeTagType string

// The CreativeTagType values.
const (
	CreativeTagTypeIframeScriptNoscript CreativeTagType = "IFRAME_SCRIPT_NOSCRIPT"
	CreativeTagTypeIframeScript         CreativeTagType = "IFRAME_SCRIPT"
	CreativeTagTypeIframeNoscript       CreativeTagType = "IFRAME_NOSCRIPT"
	CreativeTagTypeIframeImg            CreativeTagType = "IFRAME_IMG"
	CreativeTagTypeScriptNoscript       CreativeTagType = "SCRIPT_NOSCRIPT"
	CreativeTagTypeScript               CreativeTagType = "SCRIPT"
	CreativeTagTypeNoscript             CreativeTagType = "NOSCRIPT"
	CreativeTagTypeIframe               CreativeTagType = "IFRAME"
	CreativeTagTypeImg                  CreativeTagType = "IMG"
)

// PixelType is a pixel bundle's pixel_type (event pixels take only event).
//
//adama:enum
type PixelType string

// The PixelType values.
const (
	PixelTypeEvent    PixelType = "event"
	PixelTypeData     PixelType = "data"
	PixelTypeCreative PixelType = "creative"
	PixelTypeSegment  PixelType = "segment"
)

// PixelTagType is a pixel's tag_type.
//
//adama:enum
type PixelTagType string

// The PixelTagType values.
const (
	PixelTagTypeImage  PixelTagType = "image"
	PixelTagTypeJS     PixelTagType = "js"
	PixelTagTypeDFA    PixelTagType = "dfa"
	PixelTagTypeUAT    PixelTagType = "uat"
	PixelTagTypeIframe PixelTagType = "iframe"
)

// PixelParam is the URL parameter carrying a pixel's currency or revenue.
//
//adama:enum
type PixelParam string

// The PixelParam values.
const (
	PixelParamS1 PixelParam = "S1"
	PixelParamS2 PixelParam = "S2"
	PixelParamV1 PixelParam = "V1"
	PixelParamV2 PixelParam = "V2"
)

// PixelPricing is a pixel's pricing (CPTS is planned for deprecation).
//
//adama:enum
type PixelPricing string

// The PixelPricing values.
const (
	PixelPricingCPM  PixelPricing = "CPM"
	PixelPricingCPTS PixelPricing = "CPTS"
)

// RMXConversionType is a pixel's rmx_conversion_type.
//
//adama:enum
type RMXConversionType string

// The RMXConversionType values.
const (
	RMXConversionTypeOne      RMXConversionType = "one"
	RMXConversionTypeVariable RMXConversionType = "variable"
)

// Restriction is INCLUDE or EXCLUDE targeting (restriction).
//
//adama:enum
type Restriction string

// The Restriction values.
const (
	RestrictionInclude Restriction = "INCLUDE"
	RestrictionExclude Restriction = "EXCLUDE"
)

// FeeUnit is the unit of a fee (section 2.9); partnership_rebate_fee_unit, programmatic_guaranteed_platform_access_fee_unit and source_platform_access_fee_unit take only CPM and PCT_TOTAL_COST.
//
//adama:enum
type FeeUnit string

// The FeeUnit values.
const (
	FeeUnitCPM          FeeUnit = "CPM"
	FeeUnitFixed        FeeUnit = "FIXED"
	FeeUnitPctTotalCost FeeUnit = "PCT_TOTAL_COST"
)

// ServiceType is a campaign's service_type (reference schema).
//
//adama:enum
type ServiceType string

// The ServiceType values.
const (
	ServiceTypeSelf    ServiceType = "SELF"
	ServiceTypeManaged ServiceType = "MANAGED"
)

// ConversionType is a campaign's conversion_type (reference schema).
//
//adama:enum
type ConversionType string

// The ConversionType values.
const (
	ConversionTypeEvery    ConversionType = "every"
	ConversionTypeOne      ConversionType = "one"
	ConversionTypeVariable ConversionType = "variable"
)

// GoalCategory is a campaign's goal_category (reference schema).
//
//adama:enum
type GoalCategory string

// The GoalCategory values.
const (
	GoalCategoryAudience   GoalCategory = "audience"
	GoalCategoryEngagement GoalCategory = "engagement"
	GoalCategoryResponse   GoalCategory = "response"
)

// UserRole is a user's role (reference schema).
//
//adama:enum
type UserRole string

// The UserRole values.
const (
	UserRoleAdmin    UserRole = "ADMIN"
	UserRoleManager  UserRole = "MANAGER"
	UserRoleReporter UserRole = "REPORTER"
)

// UserScope is a user's scope (reference schema).
//
//adama:enum
type UserScope string

// The UserScope values.
const (
	UserScopeGlobal UserScope = "GLOBAL"
	UserScopeSelect UserScope = "SELECT"
)

// UserType is a user's type (reference schema).
//
//adama:enum
type UserType string

// The UserType values.
const (
	UserTypeInternal   UserType = "INTERNAL"
	UserTypeAgency     UserType = "AGENCY"
	UserTypeVPAN       UserType = "VPAN"
	UserTypeAdvertiser UserType = "ADVERTISER"
)
