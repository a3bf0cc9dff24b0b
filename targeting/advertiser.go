package targeting

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the advertiser against every rule the description
// states for a create (create set: the AdvertiserCreate body's required
// fields) or an update (the AdvertiserUpdate body's): lengths, minimums,
// int32 ranges, enum values, and each vendor attribution by its own
// schema ("vendor_attributions[0].vendor_id"). It returns an
// *adama.ValidationError or nil. The rules are generated (records_gen.go,
// validate).
func (a *Advertiser) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	a.validate(&v, create)
	return v.Err()
}

// AdvertiserListOptions select and page a list of advertisers.
type AdvertiserListOptions struct {
	ListOptions
	// With embeds related records (agency).
	With []AdvertiserWith
	// Full asks for every property (full=*); without it the list holds
	// id, name and entity_type.
	Full bool
}

func (o *AdvertiserListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.validate(&v, nil)
	for i, w := range o.With {
		v.Check(w != "", fmt.Sprintf("with[%d]", i), "must not be empty", w)
		valid.Enum(&v, fmt.Sprintf("with[%d]", i), w)
	}
	return v.Err()
}

func (o *AdvertiserListOptions) call(offset, limit int) *call.Call {
	q := o.query(offset, limit)
	for _, w := range o.With {
		q.Add("with", string(w))
	}
	if o.Full {
		q.Set("full", "*")
	}
	return &call.Call{Path: advertisersPath, Query: q}
}

// HistoryOptions page an audit log.
type HistoryOptions struct {
	// PageLimit is 1 to MaxPageLimit; 0 leaves it to the server.
	PageLimit int
	// PageOffset is 0 to MaxPageOffset.
	PageOffset int
}

const advertisersPath = "/advertisers"

// AdvertiserService calls the advertiser endpoints of group B.
type AdvertiserService struct {
	g *call.Group
	r *records[Advertiser]
}

func newAdvertiserService(g *call.Group) *AdvertiserService {
	return &AdvertiserService{g: g, r: &records[Advertiser]{
		g: g, what: "advertiser", idField: "advertiser_id", path: advertisersPath,
		id: func(a *Advertiser) int64 { return a.ID }, version: func(a *Advertiser) int64 { return a.Version },
		read: (*Advertiser).original, write: (*Advertiser).writable, check: (*Advertiser).validate,
		change:     (*Advertiser).validateChange,
		fixed:      (*Advertiser)(nil).fixedFields(),
		createOnly: (*Advertiser)(nil).createOnlyFields(),
	}}
}

func copyAdvertiserOptions(opts *AdvertiserListOptions) AdvertiserListOptions {
	var o AdvertiserListOptions
	if opts != nil {
		o = *opts
		o.ListOptions = copyList(&opts.ListOptions)
		o.With = slices.Clone(opts.With)
	}
	return o
}

// List returns one page of advertisers (GET /advertisers).
func (s *AdvertiserService) List(ctx context.Context, opts *AdvertiserListOptions, ropt ...adama.RequestOption) (*adama.Page[*Advertiser], error) {
	o := copyAdvertiserOptions(opts)
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPage[*Advertiser](ctx, s.g, o.call(o.PageOffset, o.PageLimit), ropt)
}

// All iterates over every advertiser the options select, page by page.
func (s *AdvertiserService) All(ctx context.Context, opts *AdvertiserListOptions, ropt ...adama.RequestOption) iter.Seq2[*Advertiser, error] {
	o := copyAdvertiserOptions(opts)
	return all(ctx, o.ListOptions, o.validate(), func(ctx context.Context, offset, limit int) (*adama.Page[*Advertiser], error) {
		return listPage[*Advertiser](ctx, s.g, o.call(offset, limit), ropt)
	})
}

func (s *AdvertiserService) get(ctx context.Context, id int64, extended bool, ropt []adama.RequestOption) (*Advertiser, error) {
	var q url.Values
	if extended {
		q = url.Values{"extended": {"true"}}
	}
	return s.r.get(ctx, advertisersPath, id, q, ropt)
}

// Get returns one advertiser (GET /advertisers/{advertiser_id}).
func (s *AdvertiserService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.get(ctx, id, false, ropt)
}

// GetExtended returns one advertiser with its extended properties (the
// inherited MFA avoidance): GET /advertisers/{advertiser_id}?extended=true.
func (s *AdvertiserService) GetExtended(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.get(ctx, id, true, ropt)
}

// Create creates a (checked first, Validate(true)) and returns the
// advertiser the server made (POST /advertisers, answered 201). Read-only
// fields are not sent.
func (s *AdvertiserService) Create(ctx context.Context, a *Advertiser, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.create(ctx, advertisersPath, a, ropt)
}

// Update saves a (POST /advertisers/{advertiser_id}): it sends a's version
// and what changed since a was read (every set field but agency_id for a
// record built by hand), changed unknown properties included, and returns
// the advertiser as the server has it. Setting a field the reference
// marks nullable (external_id, frequency_interval, frequency_type,
// frequency_amount, ads_txt_verified, vendor_attributions) to nil or ""
// on a record read with a value sends null, which clears it; the other
// fields cannot be cleared, and agency_id and the read-only fields cannot
// change. A stale version is answered 409: errors.Is(err,
// adama.ErrConflict).
func (s *AdvertiserService) Update(ctx context.Context, a *Advertiser, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.update(ctx, http.MethodPost, advertisersPath, a, ropt)
}

// Modify reads the advertiser, applies change and saves it with Update,
// starting over on a version conflict, adama.DefaultModifyAttempts rounds
// in all.
func (s *AdvertiserService) Modify(ctx context.Context, id int64, change func(*Advertiser) error, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// History returns one page of the advertiser's audit log
// (GET /advertisers/{advertiser_id}/history).
func (s *AdvertiserService) History(ctx context.Context, id int64, opts *HistoryOptions, ropt ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	var o HistoryOptions
	if opts != nil {
		o = *opts
	}
	var v valid.Validator
	checkID(&v, "advertiser_id", id)
	checkPaging(&v, o.PageLimit, o.PageOffset)
	if err := v.Err(); err != nil {
		return nil, err
	}
	q := url.Values{}
	if o.PageLimit > 0 {
		q.Set("page_limit", strconv.Itoa(o.PageLimit))
	}
	if o.PageOffset > 0 {
		q.Set("page_offset", strconv.Itoa(o.PageOffset))
	}
	return listPage[*HistoryEntry](ctx, s.g, &call.Call{Path: idPath(advertisersPath, id) + "/history", Query: q}, ropt)
}
