package targeting

import (
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The read-only lists of group B: verticals, ad servers, currency rates,
// time zones, vendors, supply sources, pixel providers and vendor
// contracts. Their methods are generated (services_gen.go).

// VerticalService lists the verticals (/verticals).
type VerticalService struct{ g *call.Group }

// AdServerService lists the ad servers (/ad_servers).
type AdServerService struct{ g *call.Group }

// CurrencyRateService lists the currency rates (/currency_rates).
type CurrencyRateService struct{ g *call.Group }

// TimezoneService lists the time zones (/timezones).
type TimezoneService struct{ g *call.Group }

// VendorService reads the vendors (/vendors).
type VendorService struct{ g *call.Group }

// SupplySourceService reads the supply sources (/supply_sources).
type SupplySourceService struct{ g *call.Group }

// PixelProviderService lists the pixel providers (/pixel_providers).
type PixelProviderService struct{ g *call.Group }

// VendorContractService lists the vendor contracts (/vendor_contracts).
type VendorContractService struct{ g *call.Group }

// validate has nothing to check: the verticals take no options.
func (o *VerticalListOptions) validate() error { return nil }

// validate checks ListOptions' rules.
func (o *LookupListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// validate checks ListOptions' rules.
func (o *VendorListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// validate checks the paging bounds.
func (o *TimezoneListOptions) validate() error {
	var v valid.Validator
	checkPaging(&v, o.PageLimit, o.PageOffset)
	return v.Err()
}
