package deals

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"net/url"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
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

// GroupListOptions select, order and page a deal group list.
// OwnerOrganizationID or IDs is required.
type GroupListOptions struct {
	// IDs lists groups by id.
	IDs []int64
	// OwnerOrganizationID keeps the organization's groups.
	OwnerOrganizationID int64
	// OwnerType keeps groups of one owner type (ORGANIZATION).
	OwnerType OwnerType
	// DealID keeps the groups holding a deal (not with
	// OwnerOrganizationID or StrategyID).
	DealID int64
	// StrategyID keeps the groups a strategy targets (not with
	// OwnerOrganizationID or DealID).
	StrategyID int64
	// Status keeps active or inactive groups.
	Status *bool
	// All asks for every group (all=1).
	All bool
	// Export asks for the export form, passed as given.
	Export string
	// Q filters the list.
	Q *qlang.Query
	// SortBy and SortDir order the list.
	SortBy  GroupSort
	SortDir SortDir
	// PageLimit (1..100) and PageOffset page the list.
	PageLimit, PageOffset int
	// Prefetch, for All, fetches up to this many pages ahead.
	Prefetch int
}

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

func (o *GroupListOptions) query(limit, offset int) url.Values {
	q := url.Values{}
	setIDs(q, "ids", o.IDs)
	setID(q, "owner.organization_id", o.OwnerOrganizationID)
	if o.OwnerType != "" {
		q.Set("owner.type", string(o.OwnerType))
	}
	setID(q, "deal_id", o.DealID)
	setID(q, "strategy_id", o.StrategyID)
	setBool(q, "status", o.Status)
	if o.All {
		q.Set("all", "1")
	}
	if o.Export != "" {
		q.Set("export", o.Export)
	}
	if o.Q != nil && len(o.Q.Terms) > 0 {
		q.Set("q", o.Q.String())
	}
	if o.SortBy != "" {
		q.Set("sort_by", string(o.SortBy))
	}
	if o.SortDir != "" {
		q.Set("sort_dir", string(o.SortDir))
	}
	paging(q, limit, offset)
	return q
}

// List returns one page of deal groups.
func (s *DealGroupService) List(ctx context.Context, opts *GroupListOptions, ro ...adama.RequestOption) (*adama.Page[*DealGroup], error) {
	return listOf[DealGroup](ctx, s.g, "/deal_groups", opts, ro)
}

// All iterates over every deal group the options select.
func (s *DealGroupService) All(ctx context.Context, opts *GroupListOptions, ro ...adama.RequestOption) iter.Seq2[*DealGroup, error] {
	return allOf[DealGroup](ctx, s.g, "/deal_groups", opts, ro)
}

// Get returns the deal group with id.
func (s *DealGroupService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*DealGroup, error) {
	return getOf[DealGroup](ctx, s.g, "deal_groups", id, ro)
}

// Create creates g (checked first).
func (s *DealGroupService) Create(ctx context.Context, g *DealGroup, ro ...adama.RequestOption) (*DealGroup, error) {
	if err := checkRecord("deal_group", g); err != nil {
		return nil, err
	}
	if err := g.Validate(true); err != nil {
		return nil, err
	}
	body := g.writable()
	body["owner"], _ = json.Marshal(g.Owner)
	return call.One[DealGroup](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/deal_groups", JSON: body}, ro...)
}

// Update sends what changed in g since it was read to POST
// /deal_groups/{id}. The owner cannot change.
func (s *DealGroupService) Update(ctx context.Context, g *DealGroup, ro ...adama.RequestOption) (*DealGroup, error) {
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
	return call.One[DealGroup](ctx, s.g, &call.Call{Method: http.MethodPost, Path: idPath("deal_groups", g.ID), JSON: body}, ro...)
}

// Modify reads deal group id, applies change and saves what changed with
// Update, reading again and retrying on a version conflict
// (adama.DefaultModifyAttempts rounds in all).
func (s *DealGroupService) Modify(ctx context.Context, id int64, change func(*DealGroup) error, ro ...adama.RequestOption) (*DealGroup, error) {
	return modifyOf(ctx, "deal group", id, s.Get, change, s.Update, ro)
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

// Strategies lists the strategies using the group
// (/deal_groups/{id}/strategy_deal_groups).
func (s *DealGroupService) Strategies(ctx context.Context, id int64, opts *StrategyListOptions, ro ...adama.RequestOption) (*adama.Page[*StrategyDealGroup], error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	o := StrategyListOptions{}
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPtr[StrategyDealGroup](ctx, s.g, &call.Call{Path: idPath("deal_groups", id) + "/strategy_deal_groups", Query: o.query()}, ro)
}
