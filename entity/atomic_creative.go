package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// AtomicCreative is a creative (spec 2.6), collection atomic_creatives.
// Create requires ad_server_type, advertiser_id, external_identifier,
// file_type, height, width, tag, tag_type and tpas_ad_tag_name.
type AtomicCreative struct {
	Common
	AdvertiserID         int64            `json:"advertiser_id,omitempty" url:"advertiser_id,omitempty"`
	AdFormat             AdFormat         `json:"ad_format,omitempty" url:"ad_format,omitempty"`
	AdServerType         AdServerType     `json:"ad_server_type,omitempty" url:"ad_server_type,omitempty"`
	ApprovalStatus       ApprovalStatus   `json:"approval_status,omitempty" url:"approval_status,omitempty"`
	Built                *adama.Bool      `json:"built,omitempty" url:"built,omitempty"`
	BuiltByUserID        *int64           `json:"built_by_user_id,omitempty" url:"built_by_user_id,omitempty"`
	ClickThroughURL      string           `json:"click_through_url,omitempty" url:"click_through_url,omitempty"`
	ClickURL             string           `json:"click_url,omitempty" url:"click_url,omitempty"`
	ConceptID            *int64           `json:"concept_id,omitempty" url:"concept_id,omitempty"`
	CreativeImportFileID *int64           `json:"creative_import_file_id,omitempty" url:"creative_import_file_id,omitempty"`
	EditedTag            string           `json:"edited_tag,omitempty" url:"edited_tag,omitempty"`
	Tag                  string           `json:"tag,omitempty" url:"tag,omitempty"`
	Expand               Expand           `json:"expand,omitempty" url:"expand,omitempty"`
	ExpansionDirection   string           `json:"expansion_direction,omitempty" url:"expansion_direction,omitempty"`
	ExpansionTrigger     ExpansionTrigger `json:"expansion_trigger,omitempty" url:"expansion_trigger,omitempty"`
	ExternalIdentifier   string           `json:"external_identifier,omitempty" url:"external_identifier,omitempty"`
	FileType             FileType         `json:"file_type,omitempty" url:"file_type,omitempty"`
	HasSound             *adama.Bool      `json:"has_sound,omitempty" url:"has_sound,omitempty"`
	IsHTTPS              *adama.Bool      `json:"is_https,omitempty" url:"is_https,omitempty"`
	IsMRAID              *adama.Bool      `json:"is_mraid,omitempty" url:"is_mraid,omitempty"`
	IsMultiCreative      *adama.Bool      `json:"is_multi_creative,omitempty" url:"is_multi_creative,omitempty"`
	RichMedia            *adama.Bool      `json:"rich_media,omitempty" url:"rich_media,omitempty"`
	Status               *adama.Bool      `json:"status,omitempty" url:"status,omitempty"`
	// P1AS true means the creative is served by the platform's own ad server.
	P1AS          *adama.Bool       `json:"p1as,omitempty" url:"p1as,omitempty"`
	MediaType     CreativeMediaType `json:"media_type,omitempty" url:"media_type,omitempty"`
	TagType       CreativeTagType   `json:"tag_type,omitempty" url:"tag_type,omitempty"`
	TpasAdTagName string            `json:"tpas_ad_tag_name,omitempty" url:"tpas_ad_tag_name,omitempty"`
	Width         int               `json:"width,omitempty" url:"width,omitempty"`
	Height        int               `json:"height,omitempty" url:"height,omitempty"`
	LastModified  *adama.Time       `json:"last_modified,omitempty" url:"-"`
	// StartDate and EndDate bound when the creative serves.
	StartDate *adama.Time `json:"start_date,omitempty" url:"start_date,omitempty"`
	EndDate   *adama.Time `json:"end_date,omitempty" url:"end_date,omitempty"`
	// RejectedReason says why the creative was rejected.
	RejectedReason    string `json:"rejected_reason,omitempty" url:"rejected_reason,omitempty"`
	TpasAdTag         string `json:"tpas_ad_tag,omitempty" url:"tpas_ad_tag,omitempty"`
	RichMediaProvider string `json:"rich_media_provider,omitempty" url:"rich_media_provider,omitempty"`
	// BuildDate and BuildErrors report the creative's last build
	// (read-only).
	BuildDate   *adama.Time `json:"build_date,omitempty" url:"-"`
	BuildErrors string      `json:"build_errors,omitempty" url:"-"`

	// Advertiser is the embedded parent (with=advertiser); never sent.
	Advertiser *Advertiser `json:"advertiser,omitempty" url:"-"`
	// Concept is the embedded concept (with=concept); never sent.
	Concept *Concept `json:"concept,omitempty" url:"-"`
}

func (a *AtomicCreative) check(v *valid.Validator, create bool) {
	if a.StartDate != nil && a.EndDate != nil && !a.StartDate.IsZero() && !a.EndDate.IsZero() {
		v.Check(!a.EndDate.Before(a.StartDate.Time), "end_date", "must not be before start_date", a.EndDate.String())
	}
	if create {
		v.Require("ad_server_type", a.AdServerType != "")
		v.Require("advertiser_id", a.AdvertiserID != 0)
		v.Require("external_identifier", a.ExternalIdentifier != "")
		v.Require("file_type", a.FileType != "")
		v.Require("height", a.Height != 0)
		v.Require("width", a.Width != 0)
		v.Require("tag", a.Tag != "")
		v.Require("tag_type", a.TagType != "")
		v.Require("tpas_ad_tag_name", a.TpasAdTagName != "")
	}
	checkEnum(v, "ad_format", a.AdFormat)
	checkEnum(v, "approval_status", a.ApprovalStatus)
	checkEnum(v, "expand", a.Expand)
	checkEnum(v, "expansion_trigger", a.ExpansionTrigger)
	checkEnum(v, "file_type", a.FileType)
	checkEnum(v, "media_type", a.MediaType)
	checkEnum(v, "tag_type", a.TagType)
	checkURL(v, "click_through_url", a.ClickThroughURL)
	checkURL(v, "click_url", a.ClickURL)
	v.MaxLen("tpas_ad_tag_name", a.TpasAdTagName, MaxTpasAdTagNameLen)
	v.Check(a.Width >= 0, "width", "must be >= 0", a.Width)
	v.Check(a.Height >= 0, "height", "must be >= 0", a.Height)
}

// CreativeApproval is a creative's approval by one supply source (spec
// 2.6), collection creative_approvals.
type CreativeApproval struct {
	Common
	AtomicCreativeID         int64          `json:"atomic_creative_id,omitempty" url:"atomic_creative_id,omitempty"`
	SupplySourceID           int64          `json:"supply_source_id,omitempty" url:"supply_source_id,omitempty"`
	ApprovalStatus           ApprovalStatus `json:"approval_status,omitempty" url:"approval_status,omitempty"`
	DealStatus               string         `json:"deal_status,omitempty" url:"deal_status,omitempty"`
	DealStatusRejectedReason string         `json:"deal_status_rejected_reason,omitempty" url:"deal_status_rejected_reason,omitempty"`
	RejectedReason           string         `json:"rejected_reason,omitempty" url:"rejected_reason,omitempty"`
	ExternalIdentifier       string         `json:"external_identifier,omitempty" url:"external_identifier,omitempty"`
	// AdditionalDetail, AtomicCreativeApprovalID and CreativeImportFileID
	// are read-only (reference schema creative_approval). AdditionalDetail
	// is typed a number there; it is read as text, digits kept.
	AdditionalDetail         string `json:"additional_detail,omitempty" url:"-"`
	AtomicCreativeApprovalID *int64 `json:"atomic_creative_approval_id,omitempty" url:"-"`
	CreativeImportFileID     *int64 `json:"creative_import_file_id,omitempty" url:"-"`
}

func (a *CreativeApproval) check(v *valid.Validator, create bool) {
	if create {
		v.Require("atomic_creative_id", a.AtomicCreativeID != 0)
		v.Require("supply_source_id", a.SupplySourceID != 0)
	}
	checkEnum(v, "approval_status", a.ApprovalStatus)
}

// Concept groups creatives (spec 2.8), collection concepts. Create
// requires advertiser_id and name.
type Concept struct {
	Common
	AdvertiserID int64       `json:"advertiser_id,omitempty" url:"advertiser_id,omitempty"`
	Status       *adama.Bool `json:"status,omitempty" url:"status,omitempty"`
}

func (c *Concept) check(v *valid.Validator, create bool) {
	if create {
		v.Require("advertiser_id", c.AdvertiserID != 0)
		v.Require("name", c.Name != "")
	}
}
