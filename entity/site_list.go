package entity

import "github.com/adamasdk/adama-go/adama"

// StrategyDomainRestriction includes or excludes a domain for a strategy
// (spec 2.8), collection strategy_domain_restrictions.
type StrategyDomainRestriction struct {
	Common
	StrategyID  int64       `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	Domain      string      `json:"domain,omitempty" url:"domain,omitempty"`
	Restriction Restriction `json:"restriction,omitempty" url:"restriction,omitempty"`
	TargetType  string      `json:"target_type,omitempty" url:"target_type,omitempty"`
	CreatedAt   *adama.Time `json:"created_at,omitempty" url:"-"`
}

// UnmarshalJSON decodes a domain restriction, keeping unknown properties in Extra.
func (d *StrategyDomainRestriction) UnmarshalJSON(b []byte) error {
	type plain StrategyDomainRestriction
	return decodeRecord(b, (*plain)(d), &d.Common)
}

func (d *StrategyDomainRestriction) check(v *adama.Validator, create bool) {
	if create {
		v.Require("strategy_id", d.StrategyID != 0)
		v.Require("domain", d.Domain != "")
		v.Require("restriction", d.Restriction != "")
	}
	checkEnum(v, "restriction", d.Restriction)
}

// StrategySiteList is a site list as assigned to a strategy (spec 2.8),
// collection strategy_site_lists.
type StrategySiteList struct {
	Common
	Assigned         *adama.Bool `json:"assigned,omitempty" url:"assigned,omitempty"`
	CampaignAssigned *adama.Bool `json:"campaign_assigned,omitempty" url:"campaign_assigned,omitempty"`
	StrategyAssigned *adama.Bool `json:"strategy_assigned,omitempty" url:"strategy_assigned,omitempty"`
	Filename         string      `json:"filename,omitempty" url:"filename,omitempty"`
	OrganizationID   *int64      `json:"organization_id,omitempty" url:"organization_id,omitempty"`
	Restriction      Restriction `json:"restriction,omitempty" url:"restriction,omitempty"`
	SitesCount       *int        `json:"sites_count,omitempty" url:"-"`
	SitesCountDomain *int        `json:"sites_count_domain,omitempty" url:"-"`
	Status           *adama.Bool `json:"status,omitempty" url:"status,omitempty"`
	StrategyID       *int64      `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
}

// UnmarshalJSON decodes a strategy site list, keeping unknown properties in Extra.
func (s *StrategySiteList) UnmarshalJSON(b []byte) error {
	type plain StrategySiteList
	return decodeRecord(b, (*plain)(s), &s.Common)
}

func (s *StrategySiteList) check(v *adama.Validator, create bool) {
	checkEnum(v, "restriction", s.Restriction)
}
