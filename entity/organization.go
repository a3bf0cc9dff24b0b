package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

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
