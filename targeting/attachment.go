package targeting

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// AttachmentFields are the fields attachments can be queried (q) and
// sorted (sort_by) by.
var attachmentFields = []string{"id", "target_id", "strategy_id", "restriction", "operator", "created_on", "updated_on", "version", "or_better"}

// AttachmentFields returns the fields attachment lists can be filtered and
// sorted by.
func AttachmentFields() []string { return append([]string(nil), attachmentFields...) }

// Validate checks the attachment against every rule the description
// states for a create (create set: the AttachmentCreate body's required
// fields, minimums, int32 range and enum values) or an update (the
// AttachmentUpdate body's). It returns an *adama.ValidationError or nil.
// The rules are generated (records_gen.go, validate); the reference
// states no rule between fields of an attachment.
func (a *Attachment) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	a.validate(&v, create)
	return v.Err()
}

// AttachmentListOptions select and page a list of attachments. Q and
// SortBy may name only the fields of AttachmentFields.
type AttachmentListOptions struct {
	ListOptions
	// StrategyID, when not 0, lists only the attachments of that strategy.
	StrategyID int64
	// Dimensions, when not empty, lists only the attachments of targets in
	// those dimensions.
	Dimensions []Dimension
}

func (o *AttachmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.validate(&v, attachmentFields)
	if o.StrategyID != 0 {
		checkID(&v, "strategy_id", o.StrategyID)
	}
	for i, d := range o.Dimensions {
		valid.Enum(&v, fmt.Sprintf("dimension[%d]", i), d)
		v.Check(d != "", fmt.Sprintf("dimension[%d]", i), "must not be empty", d)
	}
	return v.Err()
}

func (o *AttachmentListOptions) call(path string, offset, limit int) *call.Call {
	q := o.query(offset, limit)
	if o.StrategyID != 0 {
		q.Set("strategy_id", strconv.FormatInt(o.StrategyID, 10))
	}
	if len(o.Dimensions) > 0 {
		ds := make([]string, len(o.Dimensions))
		for i, d := range o.Dimensions {
			ds[i] = string(d)
		}
		q.Set("dimension", strings.Join(ds, ","))
	}
	return &call.Call{Path: path, Query: q}
}

// Paths of the attachment endpoints.
const (
	attachmentsPath      = "/attachments"
	legacyAttachmentPath = "/attachment"
)

// AttachmentService calls the attachment endpoints. The current paths are
// /attachments and /attachments/{id}; the methods with the suffix V3 call
// the v3.0 interface's older /attachment family (marked legacy by the
// Campaigns API reference) with the same bodies and answers.
type AttachmentService struct {
	g *call.Group
	r *records[Attachment]
}

func newAttachmentService(g *call.Group) *AttachmentService {
	return &AttachmentService{g: g, r: &records[Attachment]{
		g: g, what: "attachment", idField: "attachment_id", path: attachmentsPath,
		id: func(a *Attachment) int64 { return a.ID }, version: func(a *Attachment) int64 { return a.Version },
		read: (*Attachment).original, write: (*Attachment).writable, check: (*Attachment).validate,
		change: (*Attachment).validateChange,
		fixed:  (*Attachment)(nil).fixedFields(),
	}}
}

func (s *AttachmentService) list(ctx context.Context, base string, opts *AttachmentListOptions, ropt []adama.RequestOption) (*adama.Page[*Attachment], error) {
	var o AttachmentListOptions
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPage[*Attachment](ctx, s.g, o.call(base, o.PageOffset, o.PageLimit), ropt)
}

// List returns one page of attachments (GET /attachments).
func (s *AttachmentService) List(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) (*adama.Page[*Attachment], error) {
	return s.list(ctx, attachmentsPath, opts, ropt)
}

// All iterates over every attachment the options select, page by page;
// no request is made before the caller ranges.
func (s *AttachmentService) All(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) iter.Seq2[*Attachment, error] {
	var o AttachmentListOptions
	if opts != nil {
		o = *opts
		o.Dimensions = append([]Dimension(nil), opts.Dimensions...)
		o.SortBy = append([]string(nil), opts.SortBy...)
		if opts.Q != nil {
			o.Q = opts.Q.Clone()
		}
	}
	return all(ctx, o.ListOptions, o.validate(), func(ctx context.Context, offset, limit int) (*adama.Page[*Attachment], error) {
		return listPage[*Attachment](ctx, s.g, o.call(attachmentsPath, offset, limit), ropt)
	})
}

// Get returns one attachment (GET /attachments/{attachment_id}).
func (s *AttachmentService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.get(ctx, attachmentsPath, id, nil, ropt)
}

// Create creates a (checked first, Validate(true)) and returns the
// attachment the server made (POST /attachments, answered 201). Read-only
// fields are not sent.
func (s *AttachmentService) Create(ctx context.Context, a *Attachment, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.create(ctx, attachmentsPath, a, ropt)
}

// Update saves a (POST /attachments/{attachment_id}): it sends a's version
// and what changed since a was read (every set field for a record built
// by hand), changed unknown properties included, and returns the
// attachment as the server has it. A field the reference does not let an
// update clear cannot be set to nil, nor can a read-only field change. A
// stale version is answered 409: errors.Is(err, adama.ErrConflict).
func (s *AttachmentService) Update(ctx context.Context, a *Attachment, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.update(ctx, http.MethodPost, attachmentsPath, a, ropt)
}

// Modify reads the attachment, applies change and saves it with Update,
// starting over on a version conflict, adama.DefaultModifyAttempts rounds
// in all. change may be called several times; an error from it ends
// Modify.
func (s *AttachmentService) Modify(ctx context.Context, id int64, change func(*Attachment) error, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// Delete deletes an attachment (DELETE /attachments/{attachment_id}).
func (s *AttachmentService) Delete(ctx context.Context, id int64, ropt ...adama.RequestOption) error {
	return s.r.delete(ctx, attachmentsPath, id, ropt)
}

// ListV3 returns one page of attachments from the older path
// (GET /attachment). The platform answers its collection shape there (id
// and name, the name kept in Extra): the items carry no version, so Get
// one before changing and saving it.
//
// Deprecated: use List (GET /attachments).
func (s *AttachmentService) ListV3(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) (*adama.Page[*Attachment], error) {
	return s.list(ctx, legacyAttachmentPath, opts, ropt)
}

// CreateV3 creates an attachment through the older path
// (POST /attachment).
//
// Deprecated: use Create (POST /attachments).
func (s *AttachmentService) CreateV3(ctx context.Context, a *Attachment, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.create(ctx, legacyAttachmentPath, a, ropt)
}

// GetV3 returns one attachment from the older path
// (GET /attachment/{attachment_id}).
//
// Deprecated: use Get (GET /attachments/{attachment_id}).
func (s *AttachmentService) GetV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.get(ctx, legacyAttachmentPath, id, nil, ropt)
}

// UpdateV3 saves an attachment through the older path
// (PUT /attachment/{attachment_id}), with the body Update sends; a stale
// version is answered 409.
//
// Deprecated: use Update (POST /attachments/{attachment_id}).
func (s *AttachmentService) UpdateV3(ctx context.Context, a *Attachment, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.update(ctx, http.MethodPut, legacyAttachmentPath, a, ropt)
}

// DeleteV3 deletes an attachment through the older path
// (DELETE /attachment/{attachment_id}).
//
// Deprecated: use Delete (DELETE /attachments/{attachment_id}).
func (s *AttachmentService) DeleteV3(ctx context.Context, id int64, ropt ...adama.RequestOption) error {
	return s.r.delete(ctx, legacyAttachmentPath, id, ropt)
}
