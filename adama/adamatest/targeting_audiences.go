package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// audienceRecords returns collection coll of the targeting fake typed
// with T (empty on a server that does not serve the group).
func audienceRecords[T any](h *TargetingHandle, coll string, key func(*T) int64) *Records[int64, T] {
	if h.st == nil {
		return &Records[int64, T]{}
	}
	return targetingRecords(h.st, coll, key)
}

// SegmentGroups returns the segment groups, keyed by id.
func (h *TargetingHandle) SegmentGroups() *Records[int64, targeting.SegmentGroup] {
	return audienceRecords(h, targetingfake.SegmentGroups, func(g *targeting.SegmentGroup) int64 { return g.ID })
}

// SegmentGroupAssignments returns the strategies segment groups are
// assigned to, keyed by id; a record's segment_group_id (kept in Extra)
// names its segment group.
func (h *TargetingHandle) SegmentGroupAssignments() *Records[int64, targeting.SegmentGroupAssignment] {
	return audienceRecords(h, targetingfake.SegmentGroupAssignments, func(a *targeting.SegmentGroupAssignment) int64 { return a.ID })
}

// AudienceVendors returns the audience vendors, keyed by id.
func (h *TargetingHandle) AudienceVendors() *Records[int64, targeting.AudienceVendor] {
	return audienceRecords(h, targetingfake.AudienceVendors, func(v *targeting.AudienceVendor) int64 { return v.ID })
}

// AudienceSegments returns the audience segments /path_audience_segments
// lists, keyed by id.
func (h *TargetingHandle) AudienceSegments() *Records[int64, targeting.AudienceSegment] {
	return audienceRecords(h, targetingfake.AudienceSegments, func(s *targeting.AudienceSegment) int64 { return s.ID })
}

// TargetingSegments returns the targeting (contextual) segments, keyed by
// id; /path_targeting_segments lists them too.
func (h *TargetingHandle) TargetingSegments() *Records[int64, targeting.TargetingSegment] {
	return audienceRecords(h, targetingfake.TargetingSegments, func(s *targeting.TargetingSegment) int64 { return s.ID })
}

// TargetingSegmentObjectives returns the objectives, keyed by id.
func (h *TargetingHandle) TargetingSegmentObjectives() *Records[int64, targeting.TargetingSegmentObjective] {
	return audienceRecords(h, targetingfake.TargetingSegmentObjectives, func(o *targeting.TargetingSegmentObjective) int64 { return o.ID })
}

// TechnologyTargetValues returns the technology target values, keyed by id.
func (h *TargetingHandle) TechnologyTargetValues() *Records[int64, targeting.TechnologyTargetValue] {
	return audienceRecords(h, targetingfake.TechnologyTargetValues, func(v *targeting.TechnologyTargetValue) int64 { return v.ID })
}

// EntityGroups returns the entity groups, keyed by id; a record's
// controls, by entity type, are kept in Extra["controls"].
func (h *TargetingHandle) EntityGroups() *Records[int64, targeting.EntityGroup] {
	return audienceRecords(h, targetingfake.EntityGroups, func(g *targeting.EntityGroup) int64 { return g.ID })
}
