package entity

import "slices"

// Typed enums of group A. Each has constants, Values() and Valid(). A value
// the server sends that the SDK does not know decodes without error and is
// kept as is; validation rejects an unknown value set by the caller.

// FrequencyType is a frequency cap's type (advertiser and strategy frequency_type).
type FrequencyType string

// The FrequencyType values.
const (
	FrequencyTypeAsap    FrequencyType = "asap"
	FrequencyTypeEven    FrequencyType = "even"
	FrequencyTypeNoLimit FrequencyType = "no-limit"
)

// Values returns every known FrequencyType.
func (FrequencyType) Values() []FrequencyType {
	return []FrequencyType{FrequencyTypeAsap, FrequencyTypeEven, FrequencyTypeNoLimit}
}

// Valid reports whether v is a known FrequencyType.
func (v FrequencyType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// FrequencyInterval is a frequency cap's interval; strategies accept day, month, week and hour on input, the others appear in output.
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

// Values returns every known FrequencyInterval.
func (FrequencyInterval) Values() []FrequencyInterval {
	return []FrequencyInterval{FrequencyIntervalHour, FrequencyIntervalDay, FrequencyIntervalWeek, FrequencyIntervalMonth, FrequencyIntervalNotApplicable, FrequencyIntervalCampaign}
}

// Valid reports whether v is a known FrequencyInterval.
func (v FrequencyInterval) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// AdsTxtVerified is the ads.txt verification level (ads_txt_verified).
type AdsTxtVerified string

// The AdsTxtVerified values.
const (
	AdsTxtVerifiedAny                  AdsTxtVerified = "ANY"
	AdsTxtVerifiedAuthorizedDirectOnly AdsTxtVerified = "AUTHORIZED_DIRECT_ONLY"
	AdsTxtVerifiedAuthorizedOnly       AdsTxtVerified = "AUTHORIZED_ONLY"
)

// Values returns every known AdsTxtVerified.
func (AdsTxtVerified) Values() []AdsTxtVerified {
	return []AdsTxtVerified{AdsTxtVerifiedAny, AdsTxtVerifiedAuthorizedDirectOnly, AdsTxtVerifiedAuthorizedOnly}
}

// Valid reports whether v is a known AdsTxtVerified.
func (v AdsTxtVerified) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// DMPEnabled is an agency's data-management setting (dmp_enabled).
type DMPEnabled string

// The DMPEnabled values.
const (
	DMPEnabledDisabled DMPEnabled = "disabled"
	DMPEnabledEnabled  DMPEnabled = "enabled"
	DMPEnabledInherits DMPEnabled = "inherits"
)

// Values returns every known DMPEnabled.
func (DMPEnabled) Values() []DMPEnabled {
	return []DMPEnabled{DMPEnabledDisabled, DMPEnabledEnabled, DMPEnabledInherits}
}

// Valid reports whether v is a known DMPEnabled.
func (v DMPEnabled) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// StrategyType is a strategy's type.
type StrategyType string

// The StrategyType values.
const (
	StrategyTypeRem StrategyType = "REM"
	StrategyTypeGbo StrategyType = "GBO"
	StrategyTypeAud StrategyType = "AUD"
)

// Values returns every known StrategyType.
func (StrategyType) Values() []StrategyType {
	return []StrategyType{StrategyTypeRem, StrategyTypeGbo, StrategyTypeAud}
}

// Valid reports whether v is a known StrategyType.
func (v StrategyType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// SupplyType is a strategy's supply type.
type SupplyType string

// The SupplyType values.
const (
	SupplyTypeMkt    SupplyType = "MKT"
	SupplyTypeRtb    SupplyType = "RTB"
	SupplyTypeP1Rmx  SupplyType = "P1_RMX"
	SupplyTypeRmxApi SupplyType = "RMX_API"
)

// Values returns every known SupplyType.
func (SupplyType) Values() []SupplyType {
	return []SupplyType{SupplyTypeMkt, SupplyTypeRtb, SupplyTypeP1Rmx, SupplyTypeRmxApi}
}

// Valid reports whether v is a known SupplyType.
func (v SupplyType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// MediaType is a strategy's media type.
type MediaType string

// The MediaType values.
const (
	MediaTypeDisplay MediaType = "DISPLAY"
	MediaTypeVideo   MediaType = "VIDEO"
)

// Values returns every known MediaType.
func (MediaType) Values() []MediaType {
	return []MediaType{MediaTypeDisplay, MediaTypeVideo}
}

// Valid reports whether v is a known MediaType.
func (v MediaType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// GoalType is a strategy's goal type.
type GoalType string

// The GoalType values.
const (
	GoalTypeRoi             GoalType = "roi"
	GoalTypeCpa             GoalType = "cpa"
	GoalTypeCpc             GoalType = "cpc"
	GoalTypeCtr             GoalType = "ctr"
	GoalTypeVcr             GoalType = "vcr"
	GoalTypeViewabilityRate GoalType = "viewability_rate"
	GoalTypeVcpm            GoalType = "vcpm"
	GoalTypeReach           GoalType = "reach"
	GoalTypeSpend           GoalType = "spend"
)

// Values returns every known GoalType.
func (GoalType) Values() []GoalType {
	return []GoalType{GoalTypeRoi, GoalTypeCpa, GoalTypeCpc, GoalTypeCtr, GoalTypeVcr, GoalTypeViewabilityRate, GoalTypeVcpm, GoalTypeReach, GoalTypeSpend}
}

// Valid reports whether v is a known GoalType.
func (v GoalType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PacingType is a pacing type (pacing_type, impression_pacing_type).
type PacingType string

// The PacingType values.
const (
	PacingTypeEven    PacingType = "even"
	PacingTypeAsap    PacingType = "asap"
	PacingTypeNoLimit PacingType = "no-limit"
)

// Values returns every known PacingType.
func (PacingType) Values() []PacingType {
	return []PacingType{PacingTypeEven, PacingTypeAsap, PacingTypeNoLimit}
}

// Valid reports whether v is a known PacingType.
func (v PacingType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PacingInterval is a pacing interval; pacing_interval takes hour and day, impression_pacing_interval also shows the others in output.
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

// Values returns every known PacingInterval.
func (PacingInterval) Values() []PacingInterval {
	return []PacingInterval{PacingIntervalHour, PacingIntervalDay, PacingIntervalWeek, PacingIntervalMonth, PacingIntervalCampaign, PacingIntervalNotApplicable}
}

// Valid reports whether v is a known PacingInterval.
func (v PacingInterval) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// SetOp is how segments combine (audience_segment_include_op and friends).
type SetOp string

// The SetOp values.
const (
	SetOpAnd SetOp = "AND"
	SetOpOr  SetOp = "OR"
)

// Values returns every known SetOp.
func (SetOp) Values() []SetOp {
	return []SetOp{SetOpAnd, SetOpOr}
}

// Valid reports whether v is a known SetOp.
func (v SetOp) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ExchangeType is exchange_type_for_run_on_all.
type ExchangeType string

// The ExchangeType values.
const (
	ExchangeTypeAllEligible  ExchangeType = "ALL_ELIGIBLE"
	ExchangeTypeSelectedOnly ExchangeType = "SELECTED_ONLY"
	ExchangeTypeSource       ExchangeType = "SOURCE"
)

// Values returns every known ExchangeType.
func (ExchangeType) Values() []ExchangeType {
	return []ExchangeType{ExchangeTypeAllEligible, ExchangeTypeSelectedOnly, ExchangeTypeSource}
}

// Valid reports whether v is a known ExchangeType.
func (v ExchangeType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// SiteSelectiveness is site_selectiveness.
type SiteSelectiveness string

// The SiteSelectiveness values.
const (
	SiteSelectivenessReduced SiteSelectiveness = "REDUCED"
)

// Values returns every known SiteSelectiveness.
func (SiteSelectiveness) Values() []SiteSelectiveness {
	return []SiteSelectiveness{SiteSelectivenessReduced}
}

// Valid reports whether v is a known SiteSelectiveness.
func (v SiteSelectiveness) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXBudgetType is rmx_strategy.budget_type.
type RMXBudgetType string

// The RMXBudgetType values.
const (
	RMXBudgetTypeDollars     RMXBudgetType = "DOLLARS"
	RMXBudgetTypeImpressions RMXBudgetType = "IMPRESSIONS"
)

// Values returns every known RMXBudgetType.
func (RMXBudgetType) Values() []RMXBudgetType {
	return []RMXBudgetType{RMXBudgetTypeDollars, RMXBudgetTypeImpressions}
}

// Valid reports whether v is a known RMXBudgetType.
func (v RMXBudgetType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// DynamicPricingOption is rmx_strategy.dynamic_pricing_option.
type DynamicPricingOption string

// The DynamicPricingOption values.
const (
	DynamicPricingOptionAverage  DynamicPricingOption = "AVERAGE"
	DynamicPricingOptionStandard DynamicPricingOption = "STANDARD"
	DynamicPricingOptionWin      DynamicPricingOption = "WIN"
	DynamicPricingOptionSpend    DynamicPricingOption = "SPEND"
)

// Values returns every known DynamicPricingOption.
func (DynamicPricingOption) Values() []DynamicPricingOption {
	return []DynamicPricingOption{DynamicPricingOptionAverage, DynamicPricingOptionStandard, DynamicPricingOptionWin, DynamicPricingOptionSpend}
}

// Valid reports whether v is a known DynamicPricingOption.
func (v DynamicPricingOption) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// LearningBudgetPacing is rmx_strategy.learning_budget_pacing.
type LearningBudgetPacing string

// The LearningBudgetPacing values.
const (
	LearningBudgetPacingAsap    LearningBudgetPacing = "ASAP"
	LearningBudgetPacingEven    LearningBudgetPacing = "EVEN"
	LearningBudgetPacingHourly  LearningBudgetPacing = "HOURLY"
	LearningBudgetPacingDaily   LearningBudgetPacing = "DAILY"
	LearningBudgetPacingMonthly LearningBudgetPacing = "MONTHLY"
)

// Values returns every known LearningBudgetPacing.
func (LearningBudgetPacing) Values() []LearningBudgetPacing {
	return []LearningBudgetPacing{LearningBudgetPacingAsap, LearningBudgetPacingEven, LearningBudgetPacingHourly, LearningBudgetPacingDaily, LearningBudgetPacingMonthly}
}

// Valid reports whether v is a known LearningBudgetPacing.
func (v LearningBudgetPacing) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXPacing is rmx_strategy.pacing.
type RMXPacing string

// The RMXPacing values.
const (
	RMXPacingAsap                         RMXPacing = "asap"
	RMXPacingDeliverOverallBudgetEvenly   RMXPacing = "deliver_overall_budget_evenly"
	RMXPacingDeliverRemainingBudgetEvenly RMXPacing = "deliver_remaining_budget_evenly"
	RMXPacingHourlyAsap                   RMXPacing = "hourly_asap"
	RMXPacingHourlyEven                   RMXPacing = "hourly_even"
	RMXPacingDailyAsap                    RMXPacing = "daily_asap"
	RMXPacingDailyEven                    RMXPacing = "daily_even"
	RMXPacingMonthlyAsap                  RMXPacing = "monthly_asap"
	RMXPacingMonthlyEven                  RMXPacing = "monthly_even"
)

// Values returns every known RMXPacing.
func (RMXPacing) Values() []RMXPacing {
	return []RMXPacing{RMXPacingAsap, RMXPacingDeliverOverallBudgetEvenly, RMXPacingDeliverRemainingBudgetEvenly, RMXPacingHourlyAsap, RMXPacingHourlyEven, RMXPacingDailyAsap, RMXPacingDailyEven, RMXPacingMonthlyAsap, RMXPacingMonthlyEven}
}

// Valid reports whether v is a known RMXPacing.
func (v RMXPacing) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXPricingType is rmx_strategy.pricing_type.
type RMXPricingType string

// The RMXPricingType values.
const (
	RMXPricingTypeCpa     RMXPricingType = "CPA"
	RMXPricingTypeCpc     RMXPricingType = "CPC"
	RMXPricingTypeCpm     RMXPricingType = "CPM"
	RMXPricingTypeDynamic RMXPricingType = "DYNAMIC"
)

// Values returns every known RMXPricingType.
func (RMXPricingType) Values() []RMXPricingType {
	return []RMXPricingType{RMXPricingTypeCpa, RMXPricingTypeCpc, RMXPricingTypeCpm, RMXPricingTypeDynamic}
}

// Valid reports whether v is a known RMXPricingType.
func (v RMXPricingType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXPushStatus is rmx_strategy.rmx_push_status (a state, see spec section 3).
type RMXPushStatus string

// The RMXPushStatus values.
const (
	RMXPushStatusNew        RMXPushStatus = "NEW"
	RMXPushStatusUpdated    RMXPushStatus = "UPDATED"
	RMXPushStatusInProgress RMXPushStatus = "IN_PROGRESS"
	RMXPushStatusPushOk     RMXPushStatus = "PUSH_OK"
	RMXPushStatusPushFailed RMXPushStatus = "PUSH_FAILED"
)

// Values returns every known RMXPushStatus.
func (RMXPushStatus) Values() []RMXPushStatus {
	return []RMXPushStatus{RMXPushStatusNew, RMXPushStatusUpdated, RMXPushStatusInProgress, RMXPushStatusPushOk, RMXPushStatusPushFailed}
}

// Valid reports whether v is a known RMXPushStatus.
func (v RMXPushStatus) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ROICPCTargetCTRType is rmx_strategy.roi_cpc_target_ctr_type.
type ROICPCTargetCTRType string

// The ROICPCTargetCTRType values.
const (
	ROICPCTargetCTRTypeDollars ROICPCTargetCTRType = "DOLLARS"
	ROICPCTargetCTRTypePercent ROICPCTargetCTRType = "PERCENT"
)

// Values returns every known ROICPCTargetCTRType.
func (ROICPCTargetCTRType) Values() []ROICPCTargetCTRType {
	return []ROICPCTargetCTRType{ROICPCTargetCTRTypeDollars, ROICPCTargetCTRTypePercent}
}

// Valid reports whether v is a known ROICPCTargetCTRType.
func (v ROICPCTargetCTRType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ROITargets is rmx_strategy.roi_targets.
type ROITargets string

// The ROITargets values.
const (
	ROITargetsNone ROITargets = "NONE"
	ROITargetsCpa  ROITargets = "CPA"
	ROITargetsCpc  ROITargets = "CPC"
)

// Values returns every known ROITargets.
func (ROITargets) Values() []ROITargets {
	return []ROITargets{ROITargetsNone, ROITargetsCpa, ROITargetsCpc}
}

// Valid reports whether v is a known ROITargets.
func (v ROITargets) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXPixelType is an ROI target pixel's rmx_pixel_type.
type RMXPixelType string

// The RMXPixelType values.
const (
	RMXPixelTypeClick      RMXPixelType = "CLICK"
	RMXPixelTypeImpression RMXPixelType = "IMPRESSION"
	RMXPixelTypeSegment    RMXPixelType = "SEGMENT"
)

// Values returns every known RMXPixelType.
func (RMXPixelType) Values() []RMXPixelType {
	return []RMXPixelType{RMXPixelTypeClick, RMXPixelTypeImpression, RMXPixelTypeSegment}
}

// Valid reports whether v is a known RMXPixelType.
func (v RMXPixelType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// DealSource is a site placement's deal_source.
type DealSource string

// The DealSource values.
const (
	DealSourceUser     DealSource = "USER"
	DealSourceInternal DealSource = "INTERNAL"
)

// Values returns every known DealSource.
func (DealSource) Values() []DealSource {
	return []DealSource{DealSourceUser, DealSourceInternal}
}

// Valid reports whether v is a known DealSource.
func (v DealSource) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PMPType is a site placement's pmp_type.
type PMPType string

// The PMPType values.
const (
	PMPTypeDirect  PMPType = "DIRECT"
	PMPTypePremium PMPType = "PREMIUM"
)

// Values returns every known PMPType.
func (PMPType) Values() []PMPType {
	return []PMPType{PMPTypeDirect, PMPTypePremium}
}

// Valid reports whether v is a known PMPType.
func (v PMPType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PlacementMediaType is a site placement's media_type.
type PlacementMediaType string

// The PlacementMediaType values.
const (
	PlacementMediaTypeDisplay PlacementMediaType = "display"
	PlacementMediaTypeVideo   PlacementMediaType = "video"
	PlacementMediaTypeMobile  PlacementMediaType = "mobile"
)

// Values returns every known PlacementMediaType.
func (PlacementMediaType) Values() []PlacementMediaType {
	return []PlacementMediaType{PlacementMediaTypeDisplay, PlacementMediaTypeVideo, PlacementMediaTypeMobile}
}

// Valid reports whether v is a known PlacementMediaType.
func (v PlacementMediaType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// AdFormat is an atomic creative's ad_format.
type AdFormat string

// The AdFormat values.
const (
	AdFormatDisplay    AdFormat = "DISPLAY"
	AdFormatExpandable AdFormat = "EXPANDABLE"
	AdFormatMobile     AdFormat = "MOBILE"
)

// Values returns every known AdFormat.
func (AdFormat) Values() []AdFormat {
	return []AdFormat{AdFormatDisplay, AdFormatExpandable, AdFormatMobile}
}

// Valid reports whether v is a known AdFormat.
func (v AdFormat) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// AdServerType is an atomic creative's ad_server_type. The platform has ten values; the spec names PLATFORM and OTHER and omits eight vendor-named ones, so validation accepts any non-empty value here.
type AdServerType string

// The AdServerType values.
const (
	AdServerTypePlatform AdServerType = "PLATFORM"
	AdServerTypeOther    AdServerType = "OTHER"
)

// Values returns every known AdServerType.
func (AdServerType) Values() []AdServerType {
	return []AdServerType{AdServerTypePlatform, AdServerTypeOther}
}

// Valid reports whether v is a known AdServerType.
func (v AdServerType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ApprovalStatus is a creative's approval_status (a state, see spec section 3).
type ApprovalStatus string

// The ApprovalStatus values.
const (
	ApprovalStatusPending  ApprovalStatus = "PENDING"
	ApprovalStatusApproved ApprovalStatus = "APPROVED"
	ApprovalStatusRejected ApprovalStatus = "REJECTED"
)

// Values returns every known ApprovalStatus.
func (ApprovalStatus) Values() []ApprovalStatus {
	return []ApprovalStatus{ApprovalStatusPending, ApprovalStatusApproved, ApprovalStatusRejected}
}

// Valid reports whether v is a known ApprovalStatus.
func (v ApprovalStatus) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// Expand is an atomic creative's expand direction.
type Expand string

// The Expand values.
const (
	ExpandL  Expand = "L"
	ExpandR  Expand = "R"
	ExpandU  Expand = "U"
	ExpandD  Expand = "D"
	ExpandLd Expand = "LD"
	ExpandRd Expand = "RD"
	ExpandLu Expand = "LU"
	ExpandRu Expand = "RU"
)

// Values returns every known Expand.
func (Expand) Values() []Expand {
	return []Expand{ExpandL, ExpandR, ExpandU, ExpandD, ExpandLd, ExpandRd, ExpandLu, ExpandRu}
}

// Valid reports whether v is a known Expand.
func (v Expand) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ExpansionTrigger is an atomic creative's expansion_trigger.
type ExpansionTrigger string

// The ExpansionTrigger values.
const (
	ExpansionTriggerAutomatic ExpansionTrigger = "AUTOMATIC"
	ExpansionTriggerMouseover ExpansionTrigger = "MOUSEOVER"
	ExpansionTriggerClick     ExpansionTrigger = "CLICK"
)

// Values returns every known ExpansionTrigger.
func (ExpansionTrigger) Values() []ExpansionTrigger {
	return []ExpansionTrigger{ExpansionTriggerAutomatic, ExpansionTriggerMouseover, ExpansionTriggerClick}
}

// Valid reports whether v is a known ExpansionTrigger.
func (v ExpansionTrigger) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// FileType is an atomic creative's file_type.
type FileType string

// The FileType values.
const (
	FileTypeGif     FileType = "gif"
	FileTypeHtml5   FileType = "html5"
	FileTypeJpg     FileType = "jpg"
	FileTypePng     FileType = "png"
	FileTypeSwf     FileType = "swf"
	FileTypeTif     FileType = "tif"
	FileTypeTiff    FileType = "tiff"
	FileTypeUnknown FileType = "unknown"
	FileTypeVast    FileType = "vast"
	FileTypeZip     FileType = "zip"
)

// Values returns every known FileType.
func (FileType) Values() []FileType {
	return []FileType{FileTypeGif, FileTypeHtml5, FileTypeJpg, FileTypePng, FileTypeSwf, FileTypeTif, FileTypeTiff, FileTypeUnknown, FileTypeVast, FileTypeZip}
}

// Valid reports whether v is a known FileType.
func (v FileType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// CreativeMediaType is an atomic creative's media_type.
type CreativeMediaType string

// The CreativeMediaType values.
const (
	CreativeMediaTypeDisplay CreativeMediaType = "DISPLAY"
	CreativeMediaTypeVideo   CreativeMediaType = "VIDEO"
	CreativeMediaTypeMobile  CreativeMediaType = "MOBILE"
)

// Values returns every known CreativeMediaType.
func (CreativeMediaType) Values() []CreativeMediaType {
	return []CreativeMediaType{CreativeMediaTypeDisplay, CreativeMediaTypeVideo, CreativeMediaTypeMobile}
}

// Valid reports whether v is a known CreativeMediaType.
func (v CreativeMediaType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// CreativeTagType is an atomic creative's tag_type.
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

// Values returns every known CreativeTagType.
func (CreativeTagType) Values() []CreativeTagType {
	return []CreativeTagType{CreativeTagTypeIframeScriptNoscript, CreativeTagTypeIframeScript, CreativeTagTypeIframeNoscript, CreativeTagTypeIframeImg, CreativeTagTypeScriptNoscript, CreativeTagTypeScript, CreativeTagTypeNoscript, CreativeTagTypeIframe, CreativeTagTypeImg}
}

// Valid reports whether v is a known CreativeTagType.
func (v CreativeTagType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PixelType is a pixel bundle's pixel_type (event pixels take only event).
type PixelType string

// The PixelType values.
const (
	PixelTypeEvent    PixelType = "event"
	PixelTypeData     PixelType = "data"
	PixelTypeCreative PixelType = "creative"
	PixelTypeSegment  PixelType = "segment"
)

// Values returns every known PixelType.
func (PixelType) Values() []PixelType {
	return []PixelType{PixelTypeEvent, PixelTypeData, PixelTypeCreative, PixelTypeSegment}
}

// Valid reports whether v is a known PixelType.
func (v PixelType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PixelTagType is a pixel's tag_type.
type PixelTagType string

// The PixelTagType values.
const (
	PixelTagTypeImage  PixelTagType = "image"
	PixelTagTypeJs     PixelTagType = "js"
	PixelTagTypeDfa    PixelTagType = "dfa"
	PixelTagTypeUat    PixelTagType = "uat"
	PixelTagTypeIframe PixelTagType = "iframe"
)

// Values returns every known PixelTagType.
func (PixelTagType) Values() []PixelTagType {
	return []PixelTagType{PixelTagTypeImage, PixelTagTypeJs, PixelTagTypeDfa, PixelTagTypeUat, PixelTagTypeIframe}
}

// Valid reports whether v is a known PixelTagType.
func (v PixelTagType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PixelParam is the URL parameter carrying a pixel's currency or revenue.
type PixelParam string

// The PixelParam values.
const (
	PixelParamS1 PixelParam = "S1"
	PixelParamS2 PixelParam = "S2"
	PixelParamV1 PixelParam = "V1"
	PixelParamV2 PixelParam = "V2"
)

// Values returns every known PixelParam.
func (PixelParam) Values() []PixelParam {
	return []PixelParam{PixelParamS1, PixelParamS2, PixelParamV1, PixelParamV2}
}

// Valid reports whether v is a known PixelParam.
func (v PixelParam) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// PixelPricing is a pixel's pricing (CPTS is planned for deprecation).
type PixelPricing string

// The PixelPricing values.
const (
	PixelPricingCpm  PixelPricing = "CPM"
	PixelPricingCpts PixelPricing = "CPTS"
)

// Values returns every known PixelPricing.
func (PixelPricing) Values() []PixelPricing {
	return []PixelPricing{PixelPricingCpm, PixelPricingCpts}
}

// Valid reports whether v is a known PixelPricing.
func (v PixelPricing) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// RMXConversionType is a pixel's rmx_conversion_type.
type RMXConversionType string

// The RMXConversionType values.
const (
	RMXConversionTypeOne      RMXConversionType = "one"
	RMXConversionTypeVariable RMXConversionType = "variable"
)

// Values returns every known RMXConversionType.
func (RMXConversionType) Values() []RMXConversionType {
	return []RMXConversionType{RMXConversionTypeOne, RMXConversionTypeVariable}
}

// Valid reports whether v is a known RMXConversionType.
func (v RMXConversionType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// Restriction is INCLUDE or EXCLUDE targeting (restriction).
type Restriction string

// The Restriction values.
const (
	RestrictionInclude Restriction = "INCLUDE"
	RestrictionExclude Restriction = "EXCLUDE"
)

// Values returns every known Restriction.
func (Restriction) Values() []Restriction {
	return []Restriction{RestrictionInclude, RestrictionExclude}
}

// Valid reports whether v is a known Restriction.
func (v Restriction) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// FeeUnit is the unit of a fee (section 2.9); partnership_rebate_fee_unit, programmatic_guaranteed_platform_access_fee_unit and source_platform_access_fee_unit take only CPM and PCT_TOTAL_COST.
type FeeUnit string

// The FeeUnit values.
const (
	FeeUnitCpm          FeeUnit = "CPM"
	FeeUnitFixed        FeeUnit = "FIXED"
	FeeUnitPctTotalCost FeeUnit = "PCT_TOTAL_COST"
)

// Values returns every known FeeUnit.
func (FeeUnit) Values() []FeeUnit {
	return []FeeUnit{FeeUnitCpm, FeeUnitFixed, FeeUnitPctTotalCost}
}

// Valid reports whether v is a known FeeUnit.
func (v FeeUnit) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ServiceType is a campaign's service_type (reference schema).
type ServiceType string

// The ServiceType values.
const (
	ServiceTypeSelf    ServiceType = "SELF"
	ServiceTypeManaged ServiceType = "MANAGED"
)

// Values returns every known ServiceType.
func (ServiceType) Values() []ServiceType {
	return []ServiceType{ServiceTypeSelf, ServiceTypeManaged}
}

// Valid reports whether v is a known ServiceType.
func (v ServiceType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// ConversionType is a campaign's conversion_type (reference schema).
type ConversionType string

// The ConversionType values.
const (
	ConversionTypeEvery    ConversionType = "every"
	ConversionTypeOne      ConversionType = "one"
	ConversionTypeVariable ConversionType = "variable"
)

// Values returns every known ConversionType.
func (ConversionType) Values() []ConversionType {
	return []ConversionType{ConversionTypeEvery, ConversionTypeOne, ConversionTypeVariable}
}

// Valid reports whether v is a known ConversionType.
func (v ConversionType) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// GoalCategory is a campaign's goal_category (reference schema).
type GoalCategory string

// The GoalCategory values.
const (
	GoalCategoryAudience   GoalCategory = "audience"
	GoalCategoryEngagement GoalCategory = "engagement"
	GoalCategoryResponse   GoalCategory = "response"
)

// Values returns every known GoalCategory.
func (GoalCategory) Values() []GoalCategory {
	return []GoalCategory{GoalCategoryAudience, GoalCategoryEngagement, GoalCategoryResponse}
}

// Valid reports whether v is a known GoalCategory.
func (v GoalCategory) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// UserRole is a user's role (reference schema).
type UserRole string

// The UserRole values.
const (
	UserRoleAdmin    UserRole = "ADMIN"
	UserRoleManager  UserRole = "MANAGER"
	UserRoleReporter UserRole = "REPORTER"
)

// Values returns every known UserRole.
func (UserRole) Values() []UserRole {
	return []UserRole{UserRoleAdmin, UserRoleManager, UserRoleReporter}
}

// Valid reports whether v is a known UserRole.
func (v UserRole) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// UserScope is a user's scope (reference schema).
type UserScope string

// The UserScope values.
const (
	UserScopeGlobal UserScope = "GLOBAL"
	UserScopeSelect UserScope = "SELECT"
)

// Values returns every known UserScope.
func (UserScope) Values() []UserScope {
	return []UserScope{UserScopeGlobal, UserScopeSelect}
}

// Valid reports whether v is a known UserScope.
func (v UserScope) Valid() bool {
	return slices.Contains(v.Values(), v)
}

// UserType is a user's type (reference schema).
type UserType string

// The UserType values.
const (
	UserTypeInternal   UserType = "INTERNAL"
	UserTypeAgency     UserType = "AGENCY"
	UserTypeVpan       UserType = "VPAN"
	UserTypeAdvertiser UserType = "ADVERTISER"
)

// Values returns every known UserType.
func (UserType) Values() []UserType {
	return []UserType{UserTypeInternal, UserTypeAgency, UserTypeVpan, UserTypeAdvertiser}
}

// Valid reports whether v is a known UserType.
func (v UserType) Valid() bool {
	return slices.Contains(v.Values(), v)
}
