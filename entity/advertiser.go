package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Advertiser is an advertiser (spec 2.2), collection advertisers. Create
// requires name, agency_id, ad_server_id, domain and vertical_id.
type Advertiser struct {
	Common
	AgencyID                int64             `json:"agency_id,omitempty" url:"agency_id,omitempty"`
	AdServerID              int64             `json:"ad_server_id,omitempty" url:"ad_server_id,omitempty"`
	Domain                  string            `json:"domain,omitempty" url:"domain,omitempty"`
	VerticalID              int64             `json:"vertical_id,omitempty" url:"vertical_id,omitempty"`
	Status                  *adama.Bool       `json:"status,omitempty" url:"status,omitempty"`
	ExternalID              string            `json:"external_id,omitempty" url:"external_id,omitempty"`
	FrequencyType           FrequencyType     `json:"frequency_type,omitempty" url:"frequency_type,omitempty"`
	FrequencyInterval       FrequencyInterval `json:"frequency_interval,omitempty" url:"frequency_interval,omitempty"`
	FrequencyAmount         *int              `json:"frequency_amount,omitempty" url:"frequency_amount,omitempty"`
	MinimizeMultiAds        *adama.Bool       `json:"minimize_multi_ads,omitempty" url:"minimize_multi_ads,omitempty"`
	AllowXStratOptimization *adama.Bool       `json:"allow_x_strat_optimization,omitempty" url:"allow_x_strat_optimization,omitempty"`
	// AdServerFee is money: the spec's table says integer, the v3.0
	// advertiser carries a decimal fee, and the platform may send a
	// one-currency array; every form reads and the currency is kept.
	AdServerFee        adama.Money    `json:"ad_server_fee,omitempty" url:"ad_server_fee,omitempty"`
	AdServerUsername   string         `json:"ad_server_username,omitempty" url:"ad_server_username,omitempty"`
	AdServerPassword   string         `json:"ad_server_password,omitempty" url:"ad_server_password,omitempty"`
	BillingContactID   *int64         `json:"billing_contact_id,omitempty" url:"billing_contact_id,omitempty"`
	SalesContactID     *int64         `json:"sales_contact_id,omitempty" url:"sales_contact_id,omitempty"`
	AdsTxtVerified     AdsTxtVerified `json:"ads_txt_verified,omitempty" url:"ads_txt_verified,omitempty"`
	DataSharingEnabled *adama.Bool    `json:"data_sharing_enabled,omitempty" url:"data_sharing_enabled,omitempty"`
	Political          *adama.Bool    `json:"political,omitempty" url:"political,omitempty"`
	// AccountableAndAddressable is pre-release and not to be used.
	AccountableAndAddressable *adama.Bool `json:"accountable_and_addressable,omitempty" url:"accountable_and_addressable,omitempty"`
	DMPEnabled                string      `json:"dmp_enabled,omitempty" url:"dmp_enabled,omitempty"`

	// Agency is the embedded parent (with=agency); never sent.
	Agency *Agency `json:"agency,omitempty" url:"-"`
	// Vertical is the embedded vertical (with=vertical); never sent.
	Vertical *Vertical `json:"vertical,omitempty" url:"-"`
	// AdServer is the embedded ad server (with=ad_server); never sent.
	AdServer *AdServer `json:"ad_server,omitempty" url:"-"`
}

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
