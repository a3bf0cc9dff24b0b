package entity

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// AudienceSegment is an audience segment of the taxonomy (spec 2.8),
// collection audience_segments. name is at most 255 characters.
type AudienceSegment struct {
	Common
	AudienceVendorID *int64      `json:"audience_vendor_id,omitempty" url:"audience_vendor_id,omitempty"`
	Buyable          *adama.Bool `json:"buyable,omitempty" url:"buyable,omitempty"`
	// ChildCount is the number of direct children (output).
	ChildCount *int   `json:"child_count,omitempty" url:"-"`
	FullPath   string `json:"full_path,omitempty" url:"-"`
	// Meta is the segment's free-form meta object, as sent (output).
	Meta json.RawMessage `json:"meta,omitempty" url:"-"`
	// Type is the segment's type (reference schema audience_segment,
	// read-only).
	Type string `json:"type,omitempty" url:"-"`
}

func (a *AudienceSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
	}
	v.MaxLen("name", a.Name, MaxAudienceSegmentNameLen)
}

// StrategyAudienceSegment attaches an audience segment to a strategy (spec
// 2.8), collection strategy_audience_segments.
type StrategyAudienceSegment struct {
	Common
	StrategyID        int64       `json:"strategy_id,omitempty" url:"strategy_id,omitempty"`
	AudienceSegmentID int64       `json:"audience_segment_id,omitempty" url:"audience_segment_id,omitempty"`
	GroupIdentifier   string      `json:"group_identifier,omitempty" url:"group_identifier,omitempty"`
	Restriction       Restriction `json:"restriction,omitempty" url:"restriction,omitempty"`

	// AudienceSegment is the embedded segment (with=audience_segment).
	AudienceSegment *AudienceSegment `json:"audience_segment,omitempty" url:"-"`
}

func (a *StrategyAudienceSegment) check(v *valid.Validator, create bool) {
	if create {
		v.Require("strategy_id", a.StrategyID != 0)
		v.Require("audience_segment_id", a.AudienceSegmentID != 0)
		v.Require("restriction", a.Restriction != "")
	}
	checkEnum(v, "restriction", a.Restriction)
}
