package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/update"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The audience and contextual targeting families of the Campaigns API
// reference: segment groups, audience vendors, audience, contextual and
// targeting segments, their objectives, technology target values, strategy
// targeting and the entity groups of the enterprise controls. Their
// methods are generated (services_gen.go) but SegmentGroupService's Get and
// Modify; what follows is what the description cannot say: the service
// types, the options' rules, the request bodies.

// SegmentGroupService calls the segment group endpoints (/segment_groups).
type SegmentGroupService struct {
	g *call.Group
}

// AudienceVendorService calls the audience vendor endpoints (/audience_vendors).
type AudienceVendorService struct {
	g *call.Group
}

// AudienceSegmentService lists audience segments by path
// (/path_audience_segments), the most used ones, and estimates their CPM.
type AudienceSegmentService struct {
	g *call.Group
}

// ContextualSegmentService lists contextual segments by path
// (/path_targeting_segments), the most used ones, and estimates their CPM.
type ContextualSegmentService struct {
	g *call.Group
}

// TargetingSegmentService lists the targeting segments (/targeting_segments).
type TargetingSegmentService struct {
	g *call.Group
}

// TargetingSegmentObjectiveService reads the objectives of targeting
// segments (/targeting_segment_objectives).
type TargetingSegmentObjectiveService struct {
	g *call.Group
}

// TechnologyTargetValueService lists the target values of technology,
// video and location dimensions (/technology_target_values).
type TechnologyTargetValueService struct {
	g *call.Group
}

// EntityGroupService reads the entity groups of the enterprise controls
// (/entity_groups).
type EntityGroupService struct {
	g *call.Group
}

const segmentGroupsPath = "/segment_groups"

// checkCurrency records a violation when code is set and not three
// characters long (the reference's currency_code parameters).
func checkCurrency(v *valid.Validator, field, code string) {
	if code != "" && len([]rune(code)) != 3 {
		v.Add(field, "3 letters (ISO 4217)", code)
	}
}

// checkOptionalID records a violation when id is set and not positive.
func checkOptionalID(v *valid.Validator, field string, id int64) {
	if id != 0 {
		checkID(v, field, id)
	}
}

// SegmentGroupGetOptions choose what Get of a segment group answers. The
// zero value (or nil) reads the record as the platform sends it by
// default.
type SegmentGroupGetOptions struct {
	// Extended adds the members' details (name, path, objective, CPM,
	// code, uniques): extended=true.
	Extended bool
	// CurrencyCode is the currency of the members' CPM (three letters);
	// the platform answers in USD when it is empty or unknown.
	CurrencyCode string
}

func (o *SegmentGroupGetOptions) query(v *valid.Validator) url.Values {
	q := url.Values{}
	if o == nil {
		return q
	}
	if o.Extended {
		q.Set("extended", "true")
	}
	checkCurrency(v, "currency_code", o.CurrencyCode)
	if o.CurrencyCode != "" {
		q.Set("currency_code", o.CurrencyCode)
	}
	return q
}

// Get returns one segment group (GET /segment_groups/{segment_group_id});
// opts may be nil.
func (s *SegmentGroupService) Get(ctx context.Context, id int64, opts *SegmentGroupGetOptions, ro ...adama.RequestOption) (*SegmentGroup, error) {
	var v valid.Validator
	checkID(&v, "segment_group_id", id)
	q := opts.query(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[SegmentGroup](ctx, s.g, &call.Call{Path: idPath(segmentGroupsPath, id), Query: q}, ro...)
}

// Modify reads the segment group with Get (no read options), applies
// change and saves it with Update (POST /segment_groups/{segment_group_id}),
// reading again and retrying on a conflict (adama.DefaultModifyAttempts
// rounds in all).
func (s *SegmentGroupService) Modify(ctx context.Context, segmentGroupID int64, change func(*SegmentGroup) error, ro ...adama.RequestOption) (*SegmentGroup, error) {
	if err := positiveID("segment_group_id", segmentGroupID); err != nil {
		return nil, err
	}
	if change == nil {
		var v valid.Validator
		v.Add("change", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	return modify.Run(ctx, "segment group "+strconv.FormatInt(segmentGroupID, 10),
		func(ctx context.Context) (*SegmentGroup, error) { return s.Get(ctx, segmentGroupID, nil, ro...) },
		change,
		func(ctx context.Context, rec *SegmentGroup) (*SegmentGroup, error) { return s.Update(ctx, rec, ro...) })
}

// sendable writes the record's writable properties with its members'
// read-only details (name, path, CPM ...) left out: a request names each
// member by segment_id and segment_type.
func (x *SegmentGroup) sendable() ([]byte, error) {
	y := *x
	if x.SegmentSubgroup != nil {
		y.SegmentSubgroup = make([]SegmentSubgroup, len(x.SegmentSubgroup))
		for i, sg := range x.SegmentSubgroup {
			if sg.SegmentMembers != nil {
				members := make([]SegmentMember, len(sg.SegmentMembers))
				for j, m := range sg.SegmentMembers {
					m.clearReadOnly()
					members[j] = m
				}
				sg.SegmentMembers = members
			}
			y.SegmentSubgroup[i] = sg
		}
	}
	return y.writable()
}

// createRequest checks the segment group for a create and returns the
// body: its writable properties.
func (x *SegmentGroup) createRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	x.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return rawBody(x.sendable())
}

// updateRequest is the body an update of the segment group sends: what
// changed since it was read (every set property for a record built by
// hand), without a version, which the reference's update body lacks.
func (x *SegmentGroup) updateRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if x.ID <= 0 {
		v.Add("segment_group_id", "must be a positive id", x.ID)
	}
	now, err := x.sendable()
	if err != nil {
		return nil, err
	}
	var before []byte
	if orig := x.original(); orig != nil {
		x.validateChange(&v, orig)
		if before, err = orig.sendable(); err != nil {
			return nil, err
		}
	}
	return update.Unversioned(&v, now, before, x.createOnlyFields(), x.fixedFields(), func(v *valid.Validator) { x.validate(v, false) })
}

// createRequest checks the audience vendor for a create and returns the
// body: its writable properties.
func (x *AudienceVendor) createRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	x.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return rawBody(x.writable())
}

// updateRequest is the body an update of the audience vendor sends: what
// changed since it was read (every set property for a record built by
// hand), without a version, which the reference's update body lacks.
func (x *AudienceVendor) updateRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if x.ID <= 0 {
		v.Add("audience_vendor_id", "must be a positive id", x.ID)
	}
	now, err := x.writable()
	if err != nil {
		return nil, err
	}
	var before []byte
	if orig := x.original(); orig != nil {
		x.validateChange(&v, orig)
		if before, err = orig.writable(); err != nil {
			return nil, err
		}
	}
	return update.Unversioned(&v, now, before, x.createOnlyFields(), x.fixedFields(), func(v *valid.Validator) { x.validate(v, false) })
}

// rawBody returns b as a JSON body.
func rawBody(b []byte, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return json.RawMessage(b), nil
}

// validate checks the paging, q and sort_by, and the currency.
func (o *SegmentGroupListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	checkCurrency(&v, "currency_code", o.CurrencyCode)
	return v.Err()
}

// validate has nothing to check: the reference states no parameters.
func (o *AudienceVendorListOptions) validate() error { return nil }

// validate checks the paging, sort_by, the currency and the ids, and that
// q is set: the reference requires it.
func (o *AudienceSegmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, audienceSegmentFields)
	if o.Q == nil || len(o.Q.Terms) == 0 {
		v.Add("q", valid.RuleRequired, nil)
	}
	checkCurrency(&v, "currency_code", o.CurrencyCode)
	checkOptionalID(&v, "advertiser_id", o.AdvertiserID)
	checkOptionalID(&v, "parent_id", o.ParentID)
	return v.Err()
}

// audienceSegmentFields are the fields the reference lets q and sort_by
// of the path audience segments name.
var audienceSegmentFields = []string{
	"id", "name", "version", "parent_audience_segment_id", "full_path", "uniques", "retail_cpm", "code", "buyable",
	"child_count", "wholesale_cpm", "type", "taxonomy_id", "updated_on", "created_on", "audience_vendor_id",
	"audience_vendor_name", "audience_vendor_vendor_id", "audience_vendor_mma_free_cm", "audience_vendor_updated_on",
	"audience_vendor_created_on", "audience_vendor_version", "audience_vendor_provides_batch_segments",
	"audience_vendor_campaign_brain_enabled", "audience_vendor_pin_top_search", "audience_vendor_bidder_code",
	"audience_vendor_namespace_code",
}

// validate checks the ids and top.
func (o *AudienceFrequentlyUsedOptions) validate() error {
	var v valid.Validator
	checkOptionalID(&v, "advertiser_id", o.AdvertiserID)
	checkOptionalID(&v, "campaign_id", o.CampaignID)
	v.Check(o.Top >= 0, "top", "must not be negative", o.Top)
	return v.Err()
}

// validate checks the paging, q and sort_by, and the currency.
func (o *ContextualSegmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	checkCurrency(&v, "currency_code", o.CurrencyCode)
	return v.Err()
}

// validate checks the id and top.
func (o *ContextualFrequentlyUsedOptions) validate() error {
	var v valid.Validator
	checkOptionalID(&v, "advertiser_id", o.AdvertiserID)
	v.Check(o.Top >= 0, "top", "must not be negative", o.Top)
	return v.Err()
}

// validate checks the paging, q and sort_by.
func (o *TargetingSegmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// validate has nothing to check: the reference states no parameters.
func (o *TargetingSegmentObjectiveListOptions) validate() error { return nil }

// technologyValueSortFields and technologyValueQueryFields are the fields
// the reference lets sort_by and q of the technology target values name.
var (
	technologyValueSortFields  = []string{"id", "dimension", "parent_id", "name", "full_path", "value", "code", "sortable_name"}
	technologyValueQueryFields = []string{"id", "parent_id", "name", "full_path", "value", "code", "sortable_name"}
)

// validate checks that a dimension is named (the reference requires
// dimension_code), each known, and what sort_by and q name.
func (o *TechnologyTargetValueListOptions) validate() error {
	var v valid.Validator
	if len(o.Dimensions) == 0 {
		v.Add("dimension_code", valid.RuleRequired, nil)
	}
	for i, d := range o.Dimensions {
		v.Check(d != "", fmt.Sprintf("dimension_code[%d]", i), "must not be empty", d)
		valid.Enum(&v, fmt.Sprintf("dimension_code[%d]", i), d)
	}
	lo := ListOptions{SortBy: o.SortBy, Q: o.Q}
	var sv valid.Validator
	lo.check(&sv, technologyValueSortFields)
	for _, x := range violations(sv.Err()) {
		if x.Field[:1] == "s" {
			v.Add(x.Field, x.Rule, x.Value)
		}
	}
	var qv valid.Validator
	lo.check(&qv, technologyValueQueryFields)
	for _, x := range violations(qv.Err()) {
		if x.Field[:1] == "q" {
			v.Add(x.Field, x.Rule, x.Value)
		}
	}
	return v.Err()
}

// violations returns the violations of err, an *adama.ValidationError or nil.
func violations(err error) []adama.Violation {
	if ve, ok := err.(*adama.ValidationError); ok && ve != nil {
		return ve.Violations
	}
	return nil
}

// validate has nothing to check: the reference states no parameters.
func (o *EntityGroupListOptions) validate() error { return nil }

// validate has nothing to check: the reference states no parameters.
func (o *EnterpriseControlListOptions) validate() error { return nil }

// audienceCPMRequest checks the request of an audience CPM estimate and
// completes the call: the body, and extended=true when asked.
func audienceCPMRequest(c *call.Call, in *AudienceCPMRequest) error {
	var v valid.Validator
	if in == nil {
		v.Add("request", valid.RuleRequired, nil)
		return v.Err()
	}
	in.validate(&v, true)
	if err := v.Err(); err != nil {
		return err
	}
	if in.Extended {
		c.Query = url.Values{"extended": {"true"}}
	}
	c.JSON = in
	return nil
}

// contextualCPMRequest checks the request of a contextual CPM estimate and
// completes the call: the body, and extended=true when asked.
func contextualCPMRequest(c *call.Call, in *ContextualCPMRequest) error {
	var v valid.Validator
	if in == nil {
		v.Add("request", valid.RuleRequired, nil)
		return v.Err()
	}
	in.validate(&v, true)
	if err := v.Err(); err != nil {
		return err
	}
	if in.Extended {
		c.Query = url.Values{"extended": {"true"}}
	}
	c.JSON = in
	return nil
}

// StrategyTargetingService adds targeting to strategies and shows their
// location targeting (POST /targeting).
type StrategyTargetingService struct {
	g *call.Group
}

// checkIncluded records the rule the reference states for included groups
// only: each names its dimension (code) and operator.
func (x *DimensionTargeting) checkIncluded(v *valid.Validator, at string, _ bool) {
	for i, t := range x.Include {
		p := valid.Index(at, "include", i)
		v.Check(t.Code != "", valid.Path(p, "code"), valid.RuleRequired, nil)
		v.Check(t.Operator != "", valid.Path(p, "operator"), valid.RuleRequired, nil)
	}
}

// strategyTargetingRequest checks the request of Add and completes the
// call with its body.
func strategyTargetingRequest(c *call.Call, in *StrategyTargetingRequest) error {
	var v valid.Validator
	if in == nil {
		v.Add("request", valid.RuleRequired, nil)
		return v.Err()
	}
	in.validate(&v, true)
	for i, id := range in.StrategyIDs {
		checkID(&v, fmt.Sprintf("strategy_id[%d]", i), id)
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = in
	return nil
}
