package targeting

import (
	"context"
	"iter"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the target against every rule the description states
// for a create (create set: the TargetCreate body's, name required) or an
// update (the TargetUpdate body's): int32 ranges, minimum lengths and
// the dimension code. It returns an *adama.ValidationError or nil. The
// rules are generated (records_gen.go, validate).
func (t *Target) Validate(create bool) error {
	var v valid.Validator
	if t == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	t.validate(&v, create)
	return v.Err()
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
		read: (*Target).original, write: (*Target).writable, check: (*Target).validate,
		change: (*Target).validateChange,
		fixed:  (*Target)(nil).fixedFields(),
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
