package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Agency is an agency (spec 2.3), collection agencies. Create requires
// name and organization_id; a new agency has status off and dmp_enabled
// inherits.
type Agency struct {
	Common
	OrganizationID         int64          `json:"organization_id,omitempty" url:"organization_id,omitempty"`
	Status                 *adama.Bool    `json:"status,omitempty" url:"status,omitempty"`
	AdsTxtVerified         AdsTxtVerified `json:"ads_txt_verified,omitempty" url:"ads_txt_verified,omitempty"`
	AllowXAdvOptimization  *adama.Bool    `json:"allow_x_adv_optimization,omitempty" url:"allow_x_adv_optimization,omitempty"`
	AllowXAdvPixels        *adama.Bool    `json:"allow_x_adv_pixels,omitempty" url:"allow_x_adv_pixels,omitempty"`
	DMPEnabled             DMPEnabled     `json:"dmp_enabled,omitempty" url:"dmp_enabled,omitempty"`
	BillingContactID       *int64         `json:"billing_contact_id,omitempty" url:"billing_contact_id,omitempty"`
	SalesContactID         *int64         `json:"sales_contact_id,omitempty" url:"sales_contact_id,omitempty"`
	TrafficContactID       *int64         `json:"traffic_contact_id,omitempty" url:"traffic_contact_id,omitempty"`
	Logo                   string         `json:"logo,omitempty" url:"logo,omitempty"`
	EligibleForDataSharing *adama.Bool    `json:"eligible_for_data_sharing,omitempty" url:"eligible_for_data_sharing,omitempty"`

	// Organization is the embedded parent (with=organization); never sent.
	Organization *Organization `json:"organization,omitempty" url:"-"`
}

func (a *Agency) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
		v.Require("organization_id", a.OrganizationID != 0)
	}
	checkEnum(v, "ads_txt_verified", a.AdsTxtVerified)
	checkEnum(v, "dmp_enabled", a.DMPEnabled)
}
