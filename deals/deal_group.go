package deals

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxGroupDeals is the most deals one group holds.
const MaxGroupDeals = 300

// DealGroup packages deals that share its owner. Groups have no targeting
// permissions of their own: they honour their deals'. Shape from
// the Marketplaces API reference, POST /deal_groups.
type DealGroup struct {
	// ID is the group's id (read-only).
	ID int64 `json:"id,omitempty"`
	// EntityType is "deal_group" (read-only).
	EntityType string `json:"entity_type,omitempty"`
	// Name is required, at most 255 characters.
	Name string `json:"name,omitempty"`
	// Description is at most 4095 characters.
	Description string `json:"description,omitempty"`
	// Owner owns the group; required on create and never changed. Every
	// deal of the group has this owner.
	Owner Owner `json:"owner,omitzero"`
	// DealIDs are the group's deals (required, at most 300, no repeats).
	DealIDs []int64 `json:"deal_ids"`
	// Status is whether the group is active.
	Status *bool `json:"status,omitempty"`
	// HasStrategies reports strategies assigned (read-only).
	HasStrategies bool `json:"has_strategies,omitempty"`
	// Version is the record's version when the server sends one.
	Version int64 `json:"version,omitempty"`
	// CreatedOn and UpdatedOn are set by the server.
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`

	raw *readBody
}

type dealGroupAlias DealGroup

var dealGroupIdx = record.IndexOf(reflect.TypeFor[dealGroupAlias]())

// Misfits lists the values of the group that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (g *DealGroup) Misfits() []adama.Misfit {
	if g == nil {
		return nil
	}
	return record.Report(g, dealGroupIdx, g.Extra)
}

// UnmarshalJSON reads a group leniently, keeps unknown properties and
// remembers the writable form for Update.
func (g *DealGroup) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*dealGroupAlias)(g), dealGroupIdx, &g.Extra, &g.raw)
}

// snapshot returns the writable form and the owner the group had when it
// was read (nil for a group built by hand).
func (g *DealGroup) snapshot() (map[string]json.RawMessage, Owner) {
	if g.raw == nil {
		return nil, Owner{}
	}
	var o DealGroup
	if err := record.DecodeKeepingInto(g.raw.bytes(), (*dealGroupAlias)(&o), dealGroupIdx, &o.Extra); err != nil {
		return map[string]json.RawMessage{}, Owner{}
	}
	return o.writable(), o.Owner
}

// MarshalJSON writes the group as read, unknown properties included.
func (g DealGroup) MarshalJSON() ([]byte, error) {
	a := dealGroupAlias(g)
	a.raw = nil
	return record.EncodeObject(a, g.Extra)
}

type dealGroupWrite struct {
	Name        string  `json:"name,omitempty"`
	Description string  `json:"description,omitempty"`
	DealIDs     []int64 `json:"deal_ids,omitempty"`
	Status      *bool   `json:"status,omitempty"`
}

func (g *DealGroup) writable() map[string]json.RawMessage {
	b, _ := record.EncodeObject(dealGroupWrite{g.Name, g.Description, g.DealIDs, g.Status}, g.Extra)
	return record.ToMap(b)
}

// Validate checks the group's rules; create adds the rules of creation.
func (g *DealGroup) Validate(create bool) error {
	var v valid.Validator
	g.check(&v, create)
	return v.Err()
}

func (g *DealGroup) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", g.Name != "")
		v.Require("owner", !g.Owner.Equal(Owner{}))
		if !g.Owner.Equal(Owner{}) {
			g.Owner.check(v, "owner")
		}
		v.Require("deal_ids", len(g.DealIDs) > 0)
	}
	v.MaxLen("name", g.Name, 255)
	v.MaxLen("description", g.Description, 4095)
	v.Check(len(g.DealIDs) <= MaxGroupDeals, "deal_ids", "at most 300 deals", len(g.DealIDs))
	checkIDs(v, "deal_ids", g.DealIDs)
	seen := map[int64]bool{}
	for _, id := range g.DealIDs {
		v.Check(!seen[id], "deal_ids", "duplicate id", id)
		seen[id] = true
	}
	if _, bad := g.Extra["permissions"]; bad {
		v.Add("permissions", "deal groups have no targeting permissions of their own", nil)
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

// GroupSort is a property deal groups can be sorted by.
//
//adama:enum
type GroupSort string

// Deal group sort properties (the ones the platform accepts).
const (
	GroupSortID        GroupSort = "id"
	GroupSortName      GroupSort = "name"
	GroupSortUpdatedOn GroupSort = "updated_on"
	GroupSortCreatedOn GroupSort = "created_on"
)

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
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch)
	if o.Q != nil {
		v.Merge("q", o.Q.Validate())
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
	if err := g.Validate(true); err != nil {
		return nil, err
	}
	body := g.writable()
	body["owner"], _ = json.Marshal(g.Owner)
	return body, nil
}

// updateRequest checks g (a nil g, an id below 1 and an owner change are
// refused) and returns the body of Update: what changed since g was read,
// with the version.
func (g *DealGroup) updateRequest() (any, error) {
	if err := checkRecord("deal_group", g); err != nil {
		return nil, err
	}
	if err := checkID(g.ID); err != nil {
		return nil, err
	}
	var v valid.Validator
	snap, owner := g.snapshot()
	if snap != nil {
		v.Check(g.Owner.Equal(owner), "owner", "cannot change once created", g.Owner.String())
	}
	g.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := g.writable()
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
