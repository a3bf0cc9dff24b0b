package deals

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxGroupDeals is the most deals one group holds (deal_ids' maxItems in
// the description).
const MaxGroupDeals = 300

// DealGroup (records_gen.go) keeps the body it was read from
// (x-go-snapshot): Update sends what changed since, as writeMap gives it.

// snapshot returns the writable form (as writeMap) and the owner the
// group had when it was read (nil for a group built by hand).
func (g *DealGroup) snapshot() (map[string]json.RawMessage, Owner) {
	if g.raw == nil {
		return nil, Owner{}
	}
	o := g.original()
	if o == nil {
		return map[string]json.RawMessage{}, Owner{}
	}
	return o.writeMap(), o.Owner
}

// writeMap returns the writable properties of g as a create or update
// sends them: an empty deal_ids, the owner (create-only) and the version
// (sent apart) left out, unknown properties included.
func (g *DealGroup) writeMap() map[string]json.RawMessage {
	c := *g
	c.Owner, c.Version = Owner{}, 0
	if len(c.DealIDs) == 0 {
		c.DealIDs = nil
	}
	b, _ := c.writable()
	return record.ToMap(b)
}

// Validate checks the group against every rule the description states
// for a create (create set: the DealGroupCreate body's required fields)
// or an update (the DealGroupUpdate body's): lengths, the owner by its
// own rules, at most 300 positive deal ids listed once each, and no
// permissions of its own (checkDealGroup). It returns an
// *adama.ValidationError naming every broken rule, or nil. The rules are
// generated (records_gen.go, validate).
func (g *DealGroup) Validate(create bool) error {
	var v valid.Validator
	if g == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	g.validate(&v, create)
	return v.Err()
}

// checkDealGroup checks the rule no schema states (x-go-validate-also,
// called by the generated validateAt): a group has no targeting
// permissions of its own, so one read with them (kept in Extra) is
// refused.
func (g *DealGroup) checkDealGroup(v *valid.Validator, at string, _ bool) {
	if _, bad := g.Extra["permissions"]; bad {
		v.Add(valid.Path(at, "permissions"), "deal groups have no targeting permissions of their own", nil)
	}
}

// CheckOwners checks that every deal of g has g's owner, given the owners
// of the deals (see DealService.Owners). A deal missing from owners is
// reported as not found.
func (g *DealGroup) CheckOwners(owners map[int64]Owner) error {
	var v valid.Validator
	for i, id := range g.DealIDs {
		f := "deal_ids[" + strconv.Itoa(i) + "]"
		o, ok := owners[id]
		if !ok {
			v.Add(f, "deal not found", id)
			continue
		}
		v.Check(o.Equal(g.Owner), f, "deal owned by "+o.String()+", not by the group's owner "+g.Owner.String(), id)
	}
	return v.Err()
}

// DealGroupService reads and writes deal groups.
type DealGroupService struct{ g *call.Group }

func (o *GroupListOptions) validate() error {
	var v valid.Validator
	v.Check(o.OwnerOrganizationID > 0 || len(o.IDs) > 0, "owner.organization_id", "owner.organization_id or ids is required", nil)
	v.Check(!(o.OwnerOrganizationID > 0 && o.DealID > 0), "deal_id", "cannot be combined with owner.organization_id", o.DealID)
	v.Check(!(o.StrategyID > 0 && o.DealID > 0), "strategy_id", "cannot be combined with deal_id", o.StrategyID)
	v.Check(!(o.StrategyID > 0 && o.OwnerOrganizationID > 0), "strategy_id", "cannot be combined with owner.organization_id", o.StrategyID)
	checkIDs(&v, "ids", o.IDs)
	if o.OwnerType != "" {
		v.Check(o.OwnerType == OwnerTypeOrganization, "owner.type", "one of: ORGANIZATION", string(o.OwnerType))
	}
	checkEnum(&v, "sort_by", o.SortBy)
	checkEnum(&v, "sort_dir", o.SortDir)
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch, o.Speculate)
	if o.Q != nil {
		v.Merge("", o.Q.Validate()) // qlang names its fields q and q.terms[i]
	}
	return v.Err()
}

// createRequest checks g against the rules of creation (a nil g is
// refused) and returns the body of Create: the writable fields and the
// owner.
func (g *DealGroup) createRequest() (any, error) {
	if err := checkRecord("deal_group", g); err != nil {
		return nil, err
	}
	var v valid.Validator
	g.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := g.writeMap()
	body["owner"], _ = json.Marshal(g.Owner)
	return body, nil
}

// updateRequest checks g (a nil g, an id below 1, a change to the owner or
// a read-only property are refused) and returns the body of Update: what changed since g was read,
// with the version.
func (g *DealGroup) updateRequest() (any, error) {
	if err := checkRecord("deal_group", g); err != nil {
		return nil, err
	}
	if err := checkID(g.ID); err != nil {
		return nil, err
	}
	var v valid.Validator
	snap, _ := g.snapshot()
	if snap != nil {
		g.validateChange(&v, g.original())
	}
	g.validate(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := g.writeMap()
	if snap != nil {
		body = record.Diff(snap, body)
	}
	if g.Version > 0 {
		body["version"] = json.RawMessage(strconv.FormatInt(g.Version, 10))
	}
	return body, nil
}

// CheckOwners reads the owners of g's deals and checks that each has the
// group's owner, before a Create or Update.
func (s *DealGroupService) CheckOwners(ctx context.Context, ds *DealService, g *DealGroup, ro ...adama.RequestOption) error {
	owners, err := ds.Owners(ctx, g.DealIDs, ro...)
	if err != nil {
		return err
	}
	return g.CheckOwners(owners)
}
