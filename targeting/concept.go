package targeting

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/update"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the concept against every rule the description states
// for a create (advertiser_id and name required) or an update (name
// required with the version): lengths, ranges. It returns an
// *adama.ValidationError or nil.
func (c *Concept) Validate(create bool) error {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	c.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules and the media types.
func (o *ConceptListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for i, m := range o.MediaTypes {
		v.Check(m != "", fmt.Sprintf("media_type[%d]", i), "must not be empty", m)
		valid.Enum(&v, fmt.Sprintf("media_type[%d]", i), m)
	}
	return v.Err()
}

// ConceptService calls the concept endpoints. Its methods are generated
// (services_gen.go).
type ConceptService struct {
	g *call.Group
}

// Validate checks the contract against every rule the description
// states for a create (organization_id, currency_code, the effective
// dates, platform_monthly_min, exclude_agency_margin and the fees the
// reference requires) or an update (the version): lengths, ranges and
// each fee's unit. It returns an *adama.ValidationError or nil.
func (c *Contract) Validate(create bool) error {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	c.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules.
func (o *ContractListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// ContractService calls the contract endpoints. Its methods are generated
// (services_gen.go).
type ContractService struct {
	g *call.Group
}

// checkFeeUnits checks each fee's unit against the units the reference
// lists for that fee (ContractFeeUnit holds them all).
func (x *Contract) checkFeeUnits(v *valid.Validator, at string, _ bool) {
	checkUnit(v, at, "pmp_optimization_off_unit", x.PmpOptimizationOffUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "pmp_optimization_on_unit", x.PmpOptimizationOnUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "dmp_fee_unit", x.DMPFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitCPTS)
	checkUnit(v, at, "signals_fee_unit", x.SignalsFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM)
	checkUnit(v, at, "p1_apps_fee_unit", x.P1AppsFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM)
	checkUnit(v, at, "platform_access_fee_unit", x.PlatformAccessFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitFixed, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "managed_service_fee_unit", x.ManagedServiceFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitFixed, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "optimization_fee_unit", x.OptimizationFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitFixed, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "programmatic_guaranteed_platform_access_fee_unit", x.ProgrammaticGuaranteedPlatformAccessFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "media_enablement_fee_unit", x.MediaEnablementFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM, ContractFeeUnitPctClear)
	checkUnit(v, at, "source_platform_access_fee_unit", x.SourcePlatformAccessFeeUnit, ContractFeeUnitPctTotalCost, ContractFeeUnitCPM)
	checkUnit(v, at, "country_tax_withholding_fee_unit", x.CountryTaxWithholdingFeeUnit, ContractFeeUnitCPM, ContractFeeUnitPctClear, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "partnership_rebate_fee_unit", x.PartnershipRebateFeeUnit, ContractFeeUnitCPM, ContractFeeUnitPctClear, ContractFeeUnitPctNetTotalSpend)
	checkUnit(v, at, "dba_optimization_fee_unit", x.DBAOptimizationFeeUnit, ContractFeeUnitCPM, ContractFeeUnitPctMedia)
	checkUnit(v, at, "audio_video_platform_access_fee_unit", x.AudioVideoPlatformAccessFeeUnit, ContractFeeUnitCPM, ContractFeeUnitPctTotalCost)
}

// checkUnit records a violation when u, set and a known unit, is not one
// of the units allowed for the fee (an unknown unit is refused by the
// generated enum check already).
func checkUnit(v *valid.Validator, at, field string, u ContractFeeUnit, allowed ...ContractFeeUnit) {
	if u == "" || !u.Valid() || slices.Contains(allowed, u) {
		return
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	v.Add(valid.Path(at, field), "one of: "+strings.Join(names, ", "), string(u))
}

// createRequest is the body a create of the concept sends: its writable
// properties, once the concept keeps the create's rules.
func (c *Concept) createRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	c.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body, err := c.writable()
	if err != nil {
		return nil, err
	}
	return json.RawMessage(body), nil
}

// updateRequest is the body an update of the concept sends: its version,
// its name (the reference requires it on every update) and what else
// changed since it was read; see internal/update's Body.
func (c *Concept) updateRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if c.ID <= 0 {
		v.Add("concept_id", "must be a positive id", c.ID)
	}
	v.Require("name", c.Name != "")
	now, err := c.writable()
	if err != nil {
		return nil, err
	}
	var before []byte
	if orig := c.original(); orig != nil {
		c.validateChange(&v, orig)
		o := *orig
		o.Name = "" // so that the name is always sent
		if before, err = o.writable(); err != nil {
			return nil, err
		}
	}
	return update.Body(&v, now, before, c.Version, c.createOnlyFields(), c.fixedFields(), func(v *valid.Validator) { c.validate(v, false) })
}
