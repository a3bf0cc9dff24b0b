package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (a *AudienceSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
	}
	v.MaxLen("name", a.Name, MaxAudienceSegmentNameLen)
}

func (a *StrategyAudienceSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("strategy_id", a.StrategyID != 0)
		v.Require("audience_segment_id", a.AudienceSegmentID != 0)
		v.Require("restriction", a.Restriction != "")
	}
	checkEnum(v, "restriction", a.Restriction)
}
