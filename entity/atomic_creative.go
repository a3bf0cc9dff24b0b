package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

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

func (a *CreativeApproval) check(v *valid.Validator, create bool) {
	if create {
		v.Require("atomic_creative_id", a.AtomicCreativeID != 0)
		v.Require("supply_source_id", a.SupplySourceID != 0)
	}
	checkEnum(v, "approval_status", a.ApprovalStatus)
}

func (c *Concept) check(v *valid.Validator, create bool) {
	if create {
		v.Require("advertiser_id", c.AdvertiserID != 0)
		v.Require("name", c.Name != "")
	}
}
