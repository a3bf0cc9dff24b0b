package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

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

func (d *StrategyDomainRestriction) check(v *valid.Validator, create bool) {
	if create {
		v.Require("strategy_id", d.StrategyID != 0)
		v.Require("domain", d.Domain != "")
		v.Require("restriction", d.Restriction != "")
	}
	checkEnum(v, "restriction", d.Restriction)
}
