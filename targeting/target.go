package targeting

import (
	"context"
	"encoding/json"
	"iter"
	"maps"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Target is a targetable value in a dimension. Shape from
// the Campaigns API v3.0 reference, schema
// target_base (with id from the collection response and version from
// target_update). The published field name of SvcOrganizationID holds a
// vendor name; the spec's neutral word svc stands in for it.
type Target struct {
	// ID is the target id.
	ID int64 `json:"id,omitempty"`
	// EntityType is the read-only entity type, when sent.
	EntityType string `json:"entity_type,omitempty"`
	// ParentID is the parent target (int32).
	ParentID int64 `json:"parent_id,omitempty"`
	// Name is required on create.
	Name string `json:"name"`
	// FactualID is the external place id.
	FactualID string `json:"factual_id,omitempty"`
	// SvcOrganizationID is the owning organization (int32).
	SvcOrganizationID int64 `json:"svc_organization_id,omitempty"`
	// TargetInet is the target's network value.
	TargetInet string `json:"target_inet,omitempty"`
	// Visible and VisibleOverridden control the target's visibility.
	Visible           bool `json:"visible"`
	VisibleOverridden bool `json:"visible_overridden"`
	// BidderFrequency is the bidder's frequency (int32).
	BidderFrequency int64 `json:"bidder_frequency,omitempty"`
	// DimensionCode is the target's dimension.
	DimensionCode Dimension `json:"dimension_code,omitempty"`
	// Version increments on every change.
	Version int64 `json:"version"`
	// CreatedOn and UpdatedOn are read-only, when sent.
	CreatedOn adama.Time `json:"created_on,omitzero"`
	UpdatedOn adama.Time `json:"updated_on,omitzero"`
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainTarget Target

var targetTable = fieldsOf[plainTarget]()

// UnmarshalJSON reads the record liberally, keeping unknown properties.
func (t *Target) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainTarget)(t), &t.Extra, targetTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (t *Target) Misfits() []adama.Misfit {
	if t == nil {
		return nil
	}
	return misfitsOf(t, targetTable, t.Extra)
}

// MarshalJSON writes the record with its Extra properties.
func (t Target) MarshalJSON() ([]byte, error) { return encodeRecord(plainTarget(t), t.Extra) }

func (t *Target) clone() *Target {
	c := *t
	c.Extra = maps.Clone(t.Extra)
	return &c
}

// TargetCreate is the body of create-target. Shape from
// the Campaigns API v3.0 reference, schema
// target_create. Nil fields are not sent.
type TargetCreate struct {
	ParentID *int64 `json:"parent_id,omitempty"`
	// Name is required (min length 1).
	Name              string    `json:"name"`
	FactualID         *string   `json:"factual_id,omitempty"`
	SvcOrganizationID *int64    `json:"svc_organization_id,omitempty"`
	TargetInet        *string   `json:"target_inet,omitempty"`
	Visible           *bool     `json:"visible,omitempty"`
	VisibleOverridden *bool     `json:"visible_overridden,omitempty"`
	BidderFrequency   *int64    `json:"bidder_frequency,omitempty"`
	DimensionCode     Dimension `json:"dimension_code,omitempty"`
}

// Validate checks every rule of the reference.
func (c *TargetCreate) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	v.Require("name", c.Name != "")
	checkTargetInts(&v, c.ParentID, c.SvcOrganizationID, c.BidderFrequency)
	if c.TargetInet != nil {
		v.Check(*c.TargetInet != "", "target_inet", "min length 1", *c.TargetInet)
	}
	checkEnum(&v, "dimension_code", c.DimensionCode)
	return v.Err()
}

func checkTargetInts(v *valid.Validator, parent, org, freq *int64) {
	for _, f := range []struct {
		name string
		p    *int64
	}{{"parent_id", parent}, {"svc_organization_id", org}, {"bidder_frequency", freq}} {
		if f.p != nil {
			checkInt32(v, f.name, *f.p, 0)
		}
	}
}

// TargetUpdate is the body of update-target: the current version and the
// fields to change. Shape from
// the Campaigns API v3.0 reference, schema
// target_update. The reference marks no field nullable, so none may be
// cleared with adama.Null.
type TargetUpdate struct {
	// Version is the record's current version (int32); a stale one is
	// answered 409.
	Version           int64                     `json:"version"`
	ParentID          adama.Optional[int64]     `json:"parent_id,omitzero"`
	Name              adama.Optional[string]    `json:"name,omitzero"`
	FactualID         adama.Optional[string]    `json:"factual_id,omitzero"`
	SvcOrganizationID adama.Optional[int64]     `json:"svc_organization_id,omitzero"`
	TargetInet        adama.Optional[string]    `json:"target_inet,omitzero"`
	Visible           adama.Optional[bool]      `json:"visible,omitzero"`
	VisibleOverridden adama.Optional[bool]      `json:"visible_overridden,omitzero"`
	BidderFrequency   adama.Optional[int64]     `json:"bidder_frequency,omitzero"`
	DimensionCode     adama.Optional[Dimension] `json:"dimension_code,omitzero"`
	// Extra holds further properties to send.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainTargetUpdate TargetUpdate

// MarshalJSON writes the set fields and Extra.
func (u TargetUpdate) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainTargetUpdate(u), u.Extra)
}

// Validate checks every rule of the reference for the fields that are set.
func (u *TargetUpdate) Validate() error {
	var v valid.Validator
	if u == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	checkInt32(&v, "version", u.Version, 0)
	optPtr := func(o adama.Optional[int64]) *int64 {
		if x, ok := o.Get(); ok {
			return &x
		}
		return nil
	}
	checkTargetInts(&v, optPtr(u.ParentID), optPtr(u.SvcOrganizationID), optPtr(u.BidderFrequency))
	if x, ok := u.Name.Get(); ok {
		v.Check(x != "", "name", "min length 1", x)
	}
	for _, f := range []struct {
		name string
		null bool
	}{
		{"parent_id", u.ParentID.IsNull()}, {"name", u.Name.IsNull()}, {"factual_id", u.FactualID.IsNull()},
		{"svc_organization_id", u.SvcOrganizationID.IsNull()}, {"target_inet", u.TargetInet.IsNull()},
		{"visible", u.Visible.IsNull()}, {"visible_overridden", u.VisibleOverridden.IsNull()},
		{"bidder_frequency", u.BidderFrequency.IsNull()}, {"dimension_code", u.DimensionCode.IsNull()},
	} {
		v.Check(!f.null, f.name, "cannot be cleared", nil)
	}
	if x, ok := u.TargetInet.Get(); ok {
		v.Check(x != "", "target_inet", "min length 1", x)
	}
	if x, ok := u.DimensionCode.Get(); ok {
		v.Check(x != "", "dimension_code", "min length 1", x)
		checkEnum(&v, "dimension_code", x)
	}
	return v.Err()
}

// targetChanges returns the update that turns orig into cur, or a
// validation error naming the read-only fields cur changed.
func targetChanges(orig, cur *Target) (*TargetUpdate, error) {
	var v valid.Validator
	readOnly(&v, map[string]bool{"id": orig.ID != cur.ID, "entity_type": orig.EntityType != cur.EntityType,
		"version": orig.Version != cur.Version, "created_on": !orig.CreatedOn.Equal(cur.CreatedOn.Time),
		"updated_on": !orig.UpdatedOn.Equal(cur.UpdatedOn.Time)})
	if err := v.Err(); err != nil {
		return nil, err
	}
	u := &TargetUpdate{Version: orig.Version, Extra: extraChanges(orig.Extra, cur.Extra)}
	optChanged(&u.ParentID, orig.ParentID, cur.ParentID)
	optChanged(&u.Name, orig.Name, cur.Name)
	optChanged(&u.FactualID, orig.FactualID, cur.FactualID)
	optChanged(&u.SvcOrganizationID, orig.SvcOrganizationID, cur.SvcOrganizationID)
	optChanged(&u.TargetInet, orig.TargetInet, cur.TargetInet)
	optChanged(&u.Visible, orig.Visible, cur.Visible)
	optChanged(&u.VisibleOverridden, orig.VisibleOverridden, cur.VisibleOverridden)
	optChanged(&u.BidderFrequency, orig.BidderFrequency, cur.BidderFrequency)
	optChanged(&u.DimensionCode, orig.DimensionCode, cur.DimensionCode)
	return u, nil
}

// Paths of the target endpoints.
const (
	targetsPath      = "/targets"
	legacyTargetPath = "/target"
)

// TargetService calls the target endpoints. The current paths are /targets
// and /targets/{id}; the methods with the suffix V3 call the v3.0
// interface's older /target family (marked legacy by the Campaigns API
// reference).
type TargetService struct {
	g *call.Group
	r *records[Target, *TargetCreate, *TargetUpdate]
}

func newTargetService(g *call.Group) *TargetService {
	return &TargetService{g: g, r: &records[Target, *TargetCreate, *TargetUpdate]{
		g: g, what: "target", idField: "target_id", path: targetsPath,
		clone: (*Target).clone, changes: targetChanges,
	}}
}

func copyList(opts *ListOptions) ListOptions {
	var o ListOptions
	if opts != nil {
		o = *opts
		o.SortBy = append([]string(nil), opts.SortBy...)
		if opts.Q != nil {
			o.Q = opts.Q.Clone()
		}
	}
	return o
}

func (s *TargetService) list(ctx context.Context, base string, opts *ListOptions, ropt []adama.RequestOption) (*adama.Page[Target], error) {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return listPage[Target](ctx, s.g, &call.Call{Path: base, Query: o.query(o.PageOffset, o.PageLimit)}, ropt)
}

// List returns one page of targets (GET /targets).
func (s *TargetService) List(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[Target], error) {
	return s.list(ctx, targetsPath, opts, ropt)
}

// All iterates over every target the options select, page by page.
func (s *TargetService) All(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[Target, error] {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	return all(ctx, o, v.Err(), func(ctx context.Context, offset, limit int) (*adama.Page[Target], error) {
		return listPage[Target](ctx, s.g, &call.Call{Path: targetsPath, Query: o.query(offset, limit)}, ropt)
	})
}

// Get returns one target (GET /targets/{target_id}).
func (s *TargetService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.get(ctx, targetsPath, id, nil, ropt)
}

// Create creates a target (POST /targets, answered 201).
func (s *TargetService) Create(ctx context.Context, body *TargetCreate, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.create(ctx, targetsPath, body, ropt)
}

// Update changes a target (POST /targets/{target_id}). A stale Version is
// answered 409: errors.Is(err, adama.ErrConflict).
func (s *TargetService) Update(ctx context.Context, id int64, body *TargetUpdate, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPost, targetsPath, id, body, ropt)
}

// Modify reads the target, applies change and sends the fields it changed
// with the version read, starting over on a version conflict up to
// DefaultModifyAttempts times.
func (s *TargetService) Modify(ctx context.Context, id int64, change func(*Target) error, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// Delete deletes a target (DELETE /targets/{target_id}).
func (s *TargetService) Delete(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Deleted, error) {
	return s.r.delete(ctx, targetsPath, id, ropt)
}

// ListV3 returns one page of targets from the older path
// (GET /target).
//
// Deprecated: use List (GET /targets).
func (s *TargetService) ListV3(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[Target], error) {
	return s.list(ctx, legacyTargetPath, opts, ropt)
}

// CreateV3 creates a target through the older path (POST /target).
//
// Deprecated: use Create (POST /targets).
func (s *TargetService) CreateV3(ctx context.Context, body *TargetCreate, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.create(ctx, legacyTargetPath, body, ropt)
}

// GetV3 returns one target from the older path
// (GET /target/{target_id}).
//
// Deprecated: use Get (GET /targets/{target_id}).
func (s *TargetService) GetV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.get(ctx, legacyTargetPath, id, nil, ropt)
}

// UpdateV3 changes a target through the older path
// (PUT /target/{target_id}); a stale Version is answered 409.
//
// Deprecated: use Update (POST /targets/{target_id}).
func (s *TargetService) UpdateV3(ctx context.Context, id int64, body *TargetUpdate, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPut, legacyTargetPath, id, body, ropt)
}

// UpdateV3Post changes a target through the older path's POST form
// (POST /target/{target_id}).
//
// Deprecated: use Update (POST /targets/{target_id}).
func (s *TargetService) UpdateV3Post(ctx context.Context, id int64, body *TargetUpdate, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPost, legacyTargetPath, id, body, ropt)
}

// DeleteV3 deletes a target through the older path
// (DELETE /target/{target_id}).
//
// Deprecated: use Delete (DELETE /targets/{target_id}).
func (s *TargetService) DeleteV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Deleted, error) {
	return s.r.delete(ctx, legacyTargetPath, id, ropt)
}
