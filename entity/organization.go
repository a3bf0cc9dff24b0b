package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Organization is the top of the hierarchy, collection organizations. Its
// fields are not shown in the spec (2.13); these follow the reference
// schema, and everything else is kept in Extra.
type Organization struct {
	Common
	Status             *adama.Bool `json:"status,omitempty" url:"status,omitempty"`
	Address1           string      `json:"address_1,omitempty" url:"address_1,omitempty"`
	Address2           string      `json:"address_2,omitempty" url:"address_2,omitempty"`
	City               string      `json:"city,omitempty" url:"city,omitempty"`
	State              string      `json:"state,omitempty" url:"state,omitempty"`
	Zip                string      `json:"zip,omitempty" url:"zip,omitempty"`
	Country            string      `json:"country,omitempty" url:"country,omitempty"`
	ContactName        string      `json:"contact_name,omitempty" url:"contact_name,omitempty"`
	Phone              string      `json:"phone,omitempty" url:"phone,omitempty"`
	CurrencyCode       string      `json:"currency_code,omitempty" url:"currency_code,omitempty"`
	OrgType            []string    `json:"org_type,omitempty" url:"org_type,omitempty"`
	AllowXAgencyPixels *adama.Bool `json:"allow_x_agency_pixels,omitempty" url:"allow_x_agency_pixels,omitempty"`
	AllowBYOPrice      *adama.Bool `json:"allow_byo_price,omitempty" url:"allow_byo_price,omitempty"`
	TagRuleset         string      `json:"tag_ruleset,omitempty" url:"tag_ruleset,omitempty"`
	// SvcContactName is the platform-side contact (the reference's
	// vendor-named contact field); required on create.
	SvcContactName   string      `json:"svc_contact_name,omitempty" url:"svc_contact_name,omitempty"`
	AdxSeatAccountID *int64      `json:"adx_seat_account_id,omitempty" url:"adx_seat_account_id,omitempty"`
	UseEvidonOptout  *adama.Bool `json:"use_evidon_optout,omitempty" url:"use_evidon_optout,omitempty"`
}

func (o *Organization) check(v *valid.Validator, create bool) {
	if create {
		// Required by the reference schema organization.
		v.Require("name", o.Name != "")
		v.Require("address_1", o.Address1 != "")
		v.Require("city", o.City != "")
		v.Require("state", o.State != "")
		v.Require("zip", o.Zip != "")
		v.Require("phone", o.Phone != "")
		v.Require("contact_name", o.ContactName != "")
		v.Require("svc_contact_name", o.SvcContactName != "")
	}
	checkCurrency(v, "currency_code", o.CurrencyCode)
}
