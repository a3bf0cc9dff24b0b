package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Restriction says whether an attachment includes or excludes its target.
//
//adama:enum
type Restriction string

// Restrictions.
const (
	RestrictionInclude Restriction = "INCLUDE"
	RestrictionExclude Restriction = "EXCLUDE"
)

// Operator joins the attachments of one dimension.
//
//adama:enum
type Operator string

// Operators.
const (
	OperatorOr  Operator = "OR"
	OperatorAnd Operator = "AND"
)

// AttachmentFields are the fields attachments can be queried (q) and
// sorted (sort_by) by.
var attachmentFields = []string{"id", "target_id", "strategy_id", "restriction", "operator", "created_on", "updated_on", "version", "or_better"}

// AttachmentFields returns the fields attachment lists can be filtered and
// sorted by.
func AttachmentFields() []string { return append([]string(nil), attachmentFields...) }

// Attachment attaches a target to a strategy. Shape from
// the Campaigns API v3.0 reference, schema
// attachment_base. The legacy list answers the reference's collection
// shape (id and name): name is kept in Extra.
type Attachment struct {
	// ID is the attachment id (int64).
	ID int64 `json:"id"`
	// EntityType is the read-only entity type.
	EntityType string `json:"entity_type,omitempty"`
	// TargetID is the attached target.
	TargetID int64 `json:"target_id"`
	// StrategyID is the strategy the target is attached to.
	StrategyID int64 `json:"strategy_id"`
	// Restriction includes or excludes the target.
	Restriction Restriction `json:"restriction,omitempty"`
	// Operator joins the attachments of a dimension.
	Operator Operator `json:"operator,omitempty"`
	// OrBetter extends the target to better values of its dimension.
	OrBetter bool `json:"or_better"`
	// CreatedOn and UpdatedOn are read-only.
	CreatedOn adama.Time `json:"created_on,omitzero"`
	UpdatedOn adama.Time `json:"updated_on,omitzero"`
	// Version increments on every change; an update must send the current
	// one.
	Version int64 `json:"version"`
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainAttachment Attachment

var attachmentTable = fieldsOf[plainAttachment]()

// UnmarshalJSON reads the record liberally (numbers as strings, unknown
// properties kept in Extra).
func (a *Attachment) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainAttachment)(a), &a.Extra, attachmentTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (a *Attachment) Misfits() []adama.Misfit {
	if a == nil {
		return nil
	}
	return misfitsOf(a, attachmentTable, a.Extra)
}

// MarshalJSON writes the record with its Extra properties.
func (a Attachment) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainAttachment(a), a.Extra)
}

func (a *Attachment) clone() *Attachment {
	c := *a
	c.Extra = maps.Clone(a.Extra)
	return &c
}

// AttachmentCreate is the body of create-attachment. Shape from
// the Campaigns API v3.0 reference, schema
// attachment_create.
type AttachmentCreate struct {
	// TargetID is required, at least 1 (int32).
	TargetID int64 `json:"target_id"`
	// StrategyID is required (int32); 0 counts as missing.
	StrategyID int64 `json:"strategy_id"`
	// Restriction is required.
	Restriction Restriction `json:"restriction"`
	// Operator is required.
	Operator Operator `json:"operator"`
	// OrBetter is sent when set.
	OrBetter *bool `json:"or_better,omitempty"`
}

// Validate checks every rule of the reference: required fields, minimums,
// int32 range and enum values.
func (c *AttachmentCreate) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	if c.TargetID == 0 {
		v.Require("target_id", false)
	} else {
		checkInt32(&v, "target_id", c.TargetID, 1)
	}
	if c.StrategyID == 0 {
		v.Require("strategy_id", false)
	} else {
		checkInt32(&v, "strategy_id", c.StrategyID, 0)
	}
	v.Require("restriction", c.Restriction != "")
	checkEnum(&v, "restriction", c.Restriction)
	v.Require("operator", c.Operator != "")
	checkEnum(&v, "operator", c.Operator)
	return v.Err()
}

// AttachmentUpdate is the body of update-attachment: the current version
// and the fields to change (unset fields are not sent). Shape from
// the Campaigns API v3.0 reference, schema
// attachment_update.
type AttachmentUpdate struct {
	// Version is the record's current version (required; a stale one is
	// answered 409, adama.ErrConflict).
	Version int64 `json:"version"`
	// TargetID is at least 0 (int32).
	TargetID adama.Optional[int64] `json:"target_id,omitzero"`
	// StrategyID is at least 1 (int32).
	StrategyID  adama.Optional[int64]       `json:"strategy_id,omitzero"`
	Restriction adama.Optional[Restriction] `json:"restriction,omitzero"`
	Operator    adama.Optional[Operator]    `json:"operator,omitzero"`
	OrBetter    adama.Optional[bool]        `json:"or_better,omitzero"`
	// Extra holds further properties to send (Modify puts changed unknown
	// properties here).
	Extra map[string]json.RawMessage `json:"-"`
}

type plainAttachmentUpdate AttachmentUpdate

// MarshalJSON writes the set fields and Extra.
func (u AttachmentUpdate) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainAttachmentUpdate(u), u.Extra)
}

// Validate checks every rule of the reference for the fields that are set.
func (u *AttachmentUpdate) Validate() error {
	var v valid.Validator
	if u == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	checkInt32(&v, "version", u.Version, 0)
	if x, ok := u.TargetID.Get(); ok {
		checkInt32(&v, "target_id", x, 0)
	}
	if x, ok := u.StrategyID.Get(); ok {
		checkInt32(&v, "strategy_id", x, 1)
	}
	if x, ok := u.Restriction.Get(); ok {
		v.Check(x != "", "restriction", "min length 1", x)
		checkEnum(&v, "restriction", x)
	}
	if x, ok := u.Operator.Get(); ok {
		v.Check(x != "", "operator", "min length 1", x)
		checkEnum(&v, "operator", x)
	}
	for _, f := range []struct {
		name string
		null bool
	}{{"target_id", u.TargetID.IsNull()}, {"strategy_id", u.StrategyID.IsNull()}, {"restriction", u.Restriction.IsNull()}, {"operator", u.Operator.IsNull()}, {"or_better", u.OrBetter.IsNull()}} {
		v.Check(!f.null, f.name, "cannot be cleared", nil)
	}
	return v.Err()
}

// attachmentChanges returns the update that turns orig into cur, or a
// validation error naming the read-only fields cur changed.
func attachmentChanges(orig, cur *Attachment) (*AttachmentUpdate, error) {
	var v valid.Validator
	readOnly(&v, map[string]bool{"id": orig.ID != cur.ID, "entity_type": orig.EntityType != cur.EntityType,
		"version": orig.Version != cur.Version, "created_on": !orig.CreatedOn.Equal(cur.CreatedOn.Time),
		"updated_on": !orig.UpdatedOn.Equal(cur.UpdatedOn.Time)})
	if err := v.Err(); err != nil {
		return nil, err
	}
	u := &AttachmentUpdate{Version: orig.Version, Extra: extraChanges(orig.Extra, cur.Extra)}
	optChanged(&u.TargetID, orig.TargetID, cur.TargetID)
	optChanged(&u.StrategyID, orig.StrategyID, cur.StrategyID)
	optChanged(&u.Restriction, orig.Restriction, cur.Restriction)
	optChanged(&u.Operator, orig.Operator, cur.Operator)
	optChanged(&u.OrBetter, orig.OrBetter, cur.OrBetter)
	return u, nil
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
		checkEnum(&v, fmt.Sprintf("dimension[%d]", i), d)
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
	r *records[Attachment, *AttachmentCreate, *AttachmentUpdate]
}

func newAttachmentService(g *call.Group) *AttachmentService {
	return &AttachmentService{g: g, r: &records[Attachment, *AttachmentCreate, *AttachmentUpdate]{
		g: g, what: "attachment", idField: "attachment_id", path: attachmentsPath,
		clone: (*Attachment).clone, changes: attachmentChanges,
	}}
}

func (s *AttachmentService) list(ctx context.Context, base string, opts *AttachmentListOptions, ropt []adama.RequestOption) (*adama.Page[Attachment], error) {
	var o AttachmentListOptions
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPage[Attachment](ctx, s.g, o.call(base, o.PageOffset, o.PageLimit), ropt)
}

// List returns one page of attachments (GET /attachments).
func (s *AttachmentService) List(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) (*adama.Page[Attachment], error) {
	return s.list(ctx, attachmentsPath, opts, ropt)
}

// All iterates over every attachment the options select, page by page;
// no request is made before the caller ranges.
func (s *AttachmentService) All(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) iter.Seq2[Attachment, error] {
	var o AttachmentListOptions
	if opts != nil {
		o = *opts
		o.Dimensions = append([]Dimension(nil), opts.Dimensions...)
		o.SortBy = append([]string(nil), opts.SortBy...)
		if opts.Q != nil {
			o.Q = opts.Q.Clone()
		}
	}
	return all(ctx, o.ListOptions, o.validate(), func(ctx context.Context, offset, limit int) (*adama.Page[Attachment], error) {
		return listPage[Attachment](ctx, s.g, o.call(attachmentsPath, offset, limit), ropt)
	})
}

// Get returns one attachment (GET /attachments/{attachment_id}).
func (s *AttachmentService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.get(ctx, attachmentsPath, id, nil, ropt)
}

// Create creates an attachment (POST /attachments, answered 201).
func (s *AttachmentService) Create(ctx context.Context, body *AttachmentCreate, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.create(ctx, attachmentsPath, body, ropt)
}

// Update changes an attachment (POST /attachments/{attachment_id}). A
// stale Version is answered 409: errors.Is(err, adama.ErrConflict).
func (s *AttachmentService) Update(ctx context.Context, id int64, body *AttachmentUpdate, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.update(ctx, http.MethodPost, attachmentsPath, id, body, ropt)
}

// Modify reads the attachment, applies change and sends the fields it
// changed with the version read, starting over on a version conflict up to
// DefaultModifyAttempts times. change may be called several times; an
// error from it ends Modify.
func (s *AttachmentService) Modify(ctx context.Context, id int64, change func(*Attachment) error, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// Delete deletes an attachment (DELETE /attachments/{attachment_id}) and
// returns the server's confirmation.
func (s *AttachmentService) Delete(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Deleted, error) {
	return s.r.delete(ctx, attachmentsPath, id, ropt)
}

// ListV3 returns one page of attachments from the older path
// (GET /attachment).
//
// Deprecated: use List (GET /attachments).
func (s *AttachmentService) ListV3(ctx context.Context, opts *AttachmentListOptions, ropt ...adama.RequestOption) (*adama.Page[Attachment], error) {
	return s.list(ctx, legacyAttachmentPath, opts, ropt)
}

// CreateV3 creates an attachment through the older path
// (POST /attachment).
//
// Deprecated: use Create (POST /attachments).
func (s *AttachmentService) CreateV3(ctx context.Context, body *AttachmentCreate, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.create(ctx, legacyAttachmentPath, body, ropt)
}

// GetV3 returns one attachment from the older path
// (GET /attachment/{attachment_id}).
//
// Deprecated: use Get (GET /attachments/{attachment_id}).
func (s *AttachmentService) GetV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.get(ctx, legacyAttachmentPath, id, nil, ropt)
}

// UpdateV3 changes an attachment through the older path
// (PUT /attachment/{attachment_id}); a stale Version is answered 409.
//
// Deprecated: use Update (POST /attachments/{attachment_id}).
func (s *AttachmentService) UpdateV3(ctx context.Context, id int64, body *AttachmentUpdate, ropt ...adama.RequestOption) (*Attachment, error) {
	return s.r.update(ctx, http.MethodPut, legacyAttachmentPath, id, body, ropt)
}

// DeleteV3 deletes an attachment through the older path
// (DELETE /attachment/{attachment_id}).
//
// Deprecated: use Delete (DELETE /attachments/{attachment_id}).
func (s *AttachmentService) DeleteV3(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Deleted, error) {
	return s.r.delete(ctx, legacyAttachmentPath, id, ropt)
}
