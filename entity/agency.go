package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (a *Agency) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
		v.Require("organization_id", a.OrganizationID != 0)
	}
	checkEnum(v, "ads_txt_verified", a.AdsTxtVerified)
	checkEnum(v, "dmp_enabled", a.DMPEnabled)
}
