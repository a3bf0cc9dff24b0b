package targeting

import (
	"context"
	"fmt"

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

// validate checks the options: ListOptions' rules, q and sort_by naming
// only the fields of AttachmentFields, a positive strategy id and known
// dimensions.
func (o *AttachmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, attachmentFields)
	if o.StrategyID != 0 {
		checkID(&v, "strategy_id", o.StrategyID)
	}
	for i, d := range o.Dimensions {
		valid.Enum(&v, fmt.Sprintf("dimension[%d]", i), d)
		v.Check(d != "", fmt.Sprintf("dimension[%d]", i), "must not be empty", d)
	}
	return v.Err()
}

// AttachmentService calls the attachment endpoints. The current paths are
// /attachments and /attachments/{id}; the methods with the suffix V3 call
// the v3.0 interface's older /attachment family (marked legacy by the
// Campaigns API reference) with the same bodies and answers. Its methods
// are generated (services_gen.go) but ListV3.
type AttachmentService struct {
	g *call.Group
}

// ListV3 returns one page of attachments from the older path
// (GET /attachment). The platform answers its collection shape there (id
// and name, the name kept in Extra): the items carry no version, so Get
// one before changing and saving it.
//
// Deprecated: use List (GET /attachments).
func (s *AttachmentService) ListV3(ctx context.Context, opts *AttachmentListOptions, ro ...adama.RequestOption) (*adama.Page[*Attachment], error) {
	var o AttachmentListOptions
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPage[Attachment](ctx, s.g, &call.Call{Path: "/attachment", Query: o.query(o.PageLimit, o.PageOffset)}, ro)
}
