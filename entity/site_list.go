package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (d *StrategyDomainRestriction) check(v *valid.Validator, create bool) {
	if create {
		v.Require("strategy_id", d.StrategyID != 0)
		v.Require("domain", d.Domain != "")
		v.Require("restriction", d.Restriction != "")
	}
	checkEnum(v, "restriction", d.Restriction)
}
