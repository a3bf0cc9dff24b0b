package targeting

import (
	"context"
	"encoding/json"
	"iter"
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
//
// Create sends the writable fields that are set; Update sends what
// changed since the record was read with its version (see
// TargetService.Update). The reference lets an update clear none of them.
type Target struct {
	// ID is the target id (read-only).
	ID int64 `json:"id,omitempty"`
	// EntityType is the read-only entity type, when sent.
	EntityType string `json:"entity_type,omitempty"`
	// ParentID is the parent target (int32).
	ParentID *int64 `json:"parent_id,omitempty"`
	// Name is required on create.
	Name string `json:"name"`
	// FactualID is the external place id.
	FactualID *string `json:"factual_id,omitempty"`
	// SvcOrganizationID is the owning organization (int32).
	SvcOrganizationID *int64 `json:"svc_organization_id,omitempty"`
	// TargetInet is the target's network value (min length 1).
	TargetInet *string `json:"target_inet,omitempty"`
	// Visible and VisibleOverridden control the target's visibility.
	Visible           *bool `json:"visible,omitempty"`
	VisibleOverridden *bool `json:"visible_overridden,omitempty"`
	// BidderFrequency is the bidder's frequency (int32).
	BidderFrequency *int64 `json:"bidder_frequency,omitempty"`
	// DimensionCode is the target's dimension.
	DimensionCode Dimension `json:"dimension_code,omitempty"`
	// Version increments on every change; Update sends the one read.
	Version int64 `json:"version"`
	// CreatedOn and UpdatedOn are read-only, when sent.
	CreatedOn adama.Time `json:"created_on,omitzero"`
	UpdatedOn adama.Time `json:"updated_on,omitzero"`
	// Extra keeps every property the SDK does not model; a changed or
	// added one is sent on Update.
	Extra map[string]json.RawMessage `json:"-"`

	raw *snapshot
}

type plainTarget Target

var targetTable = fieldsOf[plainTarget]()

// UnmarshalJSON reads the record liberally, keeping unknown properties
// and what it read for Update.
func (t *Target) UnmarshalJSON(b []byte) error {
	if err := decodeRecord(b, (*plainTarget)(t), &t.Extra, targetTable); err != nil {
		return err
	}
	t.raw = keep(b)
	return nil
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
func (t Target) MarshalJSON() ([]byte, error) {
	p := plainTarget(t)
	p.raw = nil
	return encodeRecord(p, t.Extra)
}

// targetWrite is the writable part of a target (schemas target_create
// and target_update), in their order.
type targetWrite struct {
	ParentID          *int64    `json:"parent_id,omitempty"`
	Name              string    `json:"name,omitempty"`
	FactualID         *string   `json:"factual_id,omitempty"`
	SvcOrganizationID *int64    `json:"svc_organization_id,omitempty"`
	TargetInet        *string   `json:"target_inet,omitempty"`
	Visible           *bool     `json:"visible,omitempty"`
	VisibleOverridden *bool     `json:"visible_overridden,omitempty"`
	BidderFrequency   *int64    `json:"bidder_frequency,omitempty"`
	DimensionCode     Dimension `json:"dimension_code,omitempty"`
}

func (t *Target) write() ([]byte, error) {
	return encodeRecord(targetWrite{ParentID: t.ParentID, Name: t.Name, FactualID: t.FactualID,
		SvcOrganizationID: t.SvcOrganizationID, TargetInet: t.TargetInet, Visible: t.Visible,
		VisibleOverridden: t.VisibleOverridden, BidderFrequency: t.BidderFrequency, DimensionCode: t.DimensionCode}, t.Extra)
}

func (t *Target) read() *Target {
	if t.raw == nil {
		return nil
	}
	var o Target
	if o.UnmarshalJSON(t.raw.b) != nil {
		return nil
	}
	return &o
}

// Validate checks the target against every rule of the reference; create
// adds the rules of creation (name required). It returns an
// *adama.ValidationError or nil.
func (t *Target) Validate(create bool) error {
	var v valid.Validator
	if t == nil {
		v.Add("record", "required", nil)
		return v.Err()
	}
	t.check(&v, create)
	return v.Err()
}

func (t *Target) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", t.Name != "")
	}
	checkTargetInts(v, t.ParentID, t.SvcOrganizationID, t.BidderFrequency)
	if t.TargetInet != nil {
		v.Check(*t.TargetInet != "", "target_inet", "min length 1", *t.TargetInet)
	}
	checkEnum(v, "dimension_code", t.DimensionCode)
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

// targetReadOnly names the read-only fields cur changed since orig.
func targetReadOnly(orig, cur *Target) map[string]bool {
	return map[string]bool{"id": orig.ID != cur.ID, "entity_type": orig.EntityType != cur.EntityType,
		"version": orig.Version != cur.Version, "created_on": !orig.CreatedOn.Equal(cur.CreatedOn.Time),
		"updated_on": !orig.UpdatedOn.Equal(cur.UpdatedOn.Time)}
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
	r *records[Target]
}

func newTargetService(g *call.Group) *TargetService {
	return &TargetService{g: g, r: &records[Target]{
		g: g, what: "target", idField: "target_id", path: targetsPath,
		id: func(t *Target) int64 { return t.ID }, version: func(t *Target) int64 { return t.Version },
		read: (*Target).read, write: (*Target).write, check: (*Target).check,
		readOnly: targetReadOnly,
		fixed: []string{"parent_id", "name", "factual_id", "svc_organization_id", "target_inet", "visible",
			"visible_overridden", "bidder_frequency", "dimension_code"},
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

func (s *TargetService) list(ctx context.Context, base string, opts *ListOptions, ropt []adama.RequestOption) (*adama.Page[*Target], error) {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return listPage[*Target](ctx, s.g, &call.Call{Path: base, Query: o.query(o.PageOffset, o.PageLimit)}, ropt)
}

// List returns one page of targets (GET /targets).
func (s *TargetService) List(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[*Target], error) {
	return s.list(ctx, targetsPath, opts, ropt)
}

// All iterates over every target the options select, page by page.
func (s *TargetService) All(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*Target, error] {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	return all(ctx, o, v.Err(), func(ctx context.Context, offset, limit int) (*adama.Page[*Target], error) {
		return listPage[*Target](ctx, s.g, &call.Call{Path: targetsPath, Query: o.query(offset, limit)}, ropt)
	})
}

// Get returns one target (GET /targets/{target_id}).
func (s *TargetService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.get(ctx, targetsPath, id, nil, ropt)
}

// Create creates t (checked first, Validate(true)) and returns the target
// the server made (POST /targets, answered 201). Read-only fields are not
// sent.
func (s *TargetService) Create(ctx context.Context, t *Target, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.create(ctx, targetsPath, t, ropt)
}

// Update saves t (POST /targets/{target_id}): it sends t's version and
// what changed since t was read (every set field for a record built by
// hand), changed unknown properties included, and returns the target as
// the server has it. No field can be cleared (set to nil or ""), nor can
// a read-only field change. A stale version is answered 409:
// errors.Is(err, adama.ErrConflict).
func (s *TargetService) Update(ctx context.Context, t *Target, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPost, targetsPath, t, ropt)
}

// Modify reads the target, applies change and saves it with Update,
// starting over on a version conflict, adama.DefaultModifyAttempts rounds
// in all.
func (s *TargetService) Modify(ctx context.Context, id int64, change func(*Target) error, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// Delete deletes a target (DELETE /targets/{target_id}).
func (s *TargetService) Delete(ctx context.Context, id int64, ropt ...adama.RequestOption) error {
	return s.r.delete(ctx, targetsPath, id, ropt)
}

// ListV3 returns one page of targets from the older path
// (GET /target).
//
// Deprecated: use List (GET /targets).
func (s *TargetService) ListV3(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[*Target], error) {
	return s.list(ctx, legacyTargetPath, opts, ropt)
}

// CreateV3 creates a target through the older path (POST /target).
//
// Deprecated: use Create (POST /targets).
func (s *TargetService) CreateV3(ctx context.Context, t *Target, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.create(ctx, legacyTargetPath, t, ropt)
}

// GetV3 returns one target from the older path
// (GET /target/{target_id}).
//
// Deprecated: use Get (GET /targets/{target_id}).
func (s *TargetService) GetV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.get(ctx, legacyTargetPath, id, nil, ropt)
}

// UpdateV3 saves a target through the older path
// (PUT /target/{target_id}), with the body Update sends; a stale version
// is answered 409.
//
// Deprecated: use Update (POST /targets/{target_id}).
func (s *TargetService) UpdateV3(ctx context.Context, t *Target, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPut, legacyTargetPath, t, ropt)
}

// UpdateV3Post saves a target through the older path's POST form
// (POST /target/{target_id}), with the body Update sends.
//
// Deprecated: use Update (POST /targets/{target_id}).
func (s *TargetService) UpdateV3Post(ctx context.Context, t *Target, ropt ...adama.RequestOption) (*Target, error) {
	return s.r.update(ctx, http.MethodPost, legacyTargetPath, t, ropt)
}

// DeleteV3 deletes a target through the older path
// (DELETE /target/{target_id}).
//
// Deprecated: use Delete (DELETE /targets/{target_id}).
func (s *TargetService) DeleteV3(ctx context.Context, id int64, ropt ...adama.RequestOption) error {
	return s.r.delete(ctx, legacyTargetPath, id, ropt)
}
