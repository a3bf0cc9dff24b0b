package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (a *Advertiser) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
		v.Require("agency_id", a.AgencyID != 0)
		v.Require("ad_server_id", a.AdServerID != 0)
		v.Require("domain", a.Domain != "")
		v.Require("vertical_id", a.VerticalID != 0)
	}
	v.MaxLen("name", a.Name, MaxNameLen)
	v.MaxLen("external_id", a.ExternalID, MaxExternalIDLen)
	if a.VerticalID != 0 {
		v.Range("vertical_id", a.VerticalID, MinVerticalID, MaxVerticalID)
	}
	checkFrequency(v, a.FrequencyType, a.FrequencyInterval, a.FrequencyAmount)
	checkEnum(v, "ads_txt_verified", a.AdsTxtVerified)
}
