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

// MaxPublisherName is the longest publisher name the reference allows.
const MaxPublisherName = 20

// Publisher is a publisher of an organization's direct deals. Shape from
// the Marketplaces API reference, /publishers.
type Publisher struct {
	// ID is the publisher's id (read-only).
	ID int64 `json:"id,omitempty"`
	// Name is required, at most 20 characters.
	Name string `json:"name,omitempty"`
	// OrganizationID is the organization the publisher belongs to;
	// required on create.
	OrganizationID int64 `json:"organization_id,omitempty"`
	// LastTouchUserID is the last user who changed it (read-only).
	LastTouchUserID int64 `json:"last_touch_user_id,omitempty"`
	// CreatedOn, UpdatedOn and DeletedOn are set by the server.
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	DeletedOn *adama.Time `json:"deleted_on,omitempty"`
	// Extra keeps properties the SDK does not model; Update sends those
	// changed since the publisher was read.
	Extra map[string]json.RawMessage `json:"-"`

	// raw is the object the record was read from.
	raw *readBody
}

type publisherAlias Publisher

var publisherIdx = record.IndexOf(reflect.TypeFor[publisherAlias]())

// UnmarshalJSON reads a publisher leniently, keeping unknown properties
// and remembering them for Update.
func (p *Publisher) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*publisherAlias)(p), publisherIdx, &p.Extra, &p.raw)
}

// Misfits lists the values of the publisher that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (p *Publisher) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	return record.Report(p, publisherIdx, p.Extra)
}

// MarshalJSON writes the publisher and its unknown properties.
func (p Publisher) MarshalJSON() ([]byte, error) {
	a := publisherAlias(p)
	a.raw = nil
	return record.EncodeObject(a, p.Extra)
}

// updateBody is the name, the one writable field, with the unknown
// properties changed since p was read (every one, for a publisher built by
// hand; a removed one is sent as null). Values of documented properties
// that fit no documented form stay out: those properties are read-only.
func (p *Publisher) updateBody() map[string]json.RawMessage {
	var before map[string]json.RawMessage
	if p.raw != nil {
		var o Publisher
		if err := record.DecodeKeepingInto(p.raw.bytes(), (*publisherAlias)(&o), publisherIdx, &o.Extra); err == nil {
			before = o.Extra
		}
	}
	body := map[string]json.RawMessage{}
	for k, raw := range record.Diff(before, p.Extra) {
		if _, known := publisherIdx[k]; !known {
			body[k] = raw
		}
	}
	body["name"], _ = json.Marshal(p.Name)
	return body
}

func checkPublisherName(v *valid.Validator, field, name string) {
	v.Require(field, name != "")
	v.MaxLen(field, name, MaxPublisherName)
}

// PublisherService reads and writes publishers.
type PublisherService struct{ g *call.Group }

// PublisherListOptions select, order and page a publisher list.
// OrganizationID is required; the only sort property is "name".
type PublisherListOptions struct {
	// OrganizationID is the organization whose publishers are listed.
	OrganizationID int64
	// SortBy may only be "name".
	SortBy string
	// SortDir orders the list.
	SortDir SortDir
	// Q filters the list.
	Q *qlang.Query
	// PageLimit (1..100) and PageOffset page the list.
	PageLimit, PageOffset int
	// Prefetch, for All, fetches up to this many pages ahead.
	Prefetch int
}

func (o *PublisherListOptions) validate() error {
	var v valid.Validator
	v.Check(o.OrganizationID > 0, "organization_id", "required", o.OrganizationID)
	if o.SortBy != "" {
		v.Check(o.SortBy == "name", "sort_by", "one of: name", o.SortBy)
	}
	checkEnum(&v, "sort_dir", o.SortDir)
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch)
	if o.Q != nil {
		v.Merge("q", o.Q.Validate())
	}
	return v.Err()
}

func (o *PublisherListOptions) query(limit, offset int) url.Values {
	q := url.Values{}
	setID(q, "organization_id", o.OrganizationID)
	if o.SortBy != "" {
		q.Set("sort_by", o.SortBy)
	}
	if o.SortDir != "" {
		q.Set("sort_dir", string(o.SortDir))
	}
	if o.Q != nil && len(o.Q.Terms) > 0 {
		q.Set("q", o.Q.String())
	}
	paging(q, limit, offset)
	return q
}

// List returns one page of an organization's publishers.
func (s *PublisherService) List(ctx context.Context, opts *PublisherListOptions, ro ...adama.RequestOption) (*adama.Page[*Publisher], error) {
	return listOf[Publisher](ctx, s.g, "/publishers", opts, ro)
}

// All iterates over every publisher the options select.
func (s *PublisherService) All(ctx context.Context, opts *PublisherListOptions, ro ...adama.RequestOption) iter.Seq2[*Publisher, error] {
	return allOf[Publisher](ctx, s.g, "/publishers", opts, ro)
}

// Get returns the publisher with id.
func (s *PublisherService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*Publisher, error) {
	return getOf[Publisher](ctx, s.g, "publishers", id, ro)
}

// Create creates p (its organization and name; read-only fields are not
// sent) and returns the publisher the server made.
func (s *PublisherService) Create(ctx context.Context, p *Publisher, ro ...adama.RequestOption) (*Publisher, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	v.Check(p.OrganizationID > 0, "organization_id", "required", p.OrganizationID)
	checkPublisherName(&v, "name", p.Name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[Publisher](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/publishers", JSON: p.createBody()}, ro...)
}

// createBody is organization_id and name, with the unknown properties of
// p (values of documented properties that fit no documented form stay
// out).
func (p *Publisher) createBody() map[string]json.RawMessage {
	body := make(map[string]json.RawMessage, len(p.Extra)+2)
	for k, raw := range p.Extra {
		if _, known := publisherIdx[k]; !known {
			body[k] = raw
		}
	}
	body["organization_id"] = json.RawMessage(strconv.FormatInt(p.OrganizationID, 10))
	body["name"], _ = json.Marshal(p.Name)
	return body
}

// Update sends p's name, the one writable field, and the unknown
// properties changed since p was read to POST /publishers/{id}, and
// returns the publisher as the server has it.
func (s *PublisherService) Update(ctx context.Context, p *Publisher, ro ...adama.RequestOption) (*Publisher, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	v.Check(p.ID > 0, "id", "must be a positive id", p.ID)
	checkPublisherName(&v, "name", p.Name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[Publisher](ctx, s.g, &call.Call{Method: http.MethodPost, Path: idPath("publishers", p.ID), JSON: p.updateBody()}, ro...)
}

// Modify reads publisher id, applies change and saves it with Update,
// reading again and retrying on a version conflict
// (adama.DefaultModifyAttempts rounds in all).
func (s *PublisherService) Modify(ctx context.Context, id int64, change func(*Publisher) error, ro ...adama.RequestOption) (*Publisher, error) {
	return modifyOf(ctx, "publisher", id, s.Get, change, s.Update, ro)
}

// Delete deletes publisher id (the server marks it deleted; Get shows
// DeletedOn).
func (s *PublisherService) Delete(ctx context.Context, id int64, ro ...adama.RequestOption) error {
	if err := checkID(id); err != nil {
		return err
	}
	return s.g.NoContent(ctx, &call.Call{Method: http.MethodDelete, Path: idPath("publishers", id)}, ro...)
}

// BulkCreate creates several publishers under one organization, one per
// name (POST /bulk_create/publishers), and returns them as the server made
// them.
func (s *PublisherService) BulkCreate(ctx context.Context, orgID int64, names []string, ro ...adama.RequestOption) ([]*Publisher, error) {
	var v valid.Validator
	v.Check(orgID > 0, "organization_id", "required", orgID)
	v.Require("names", len(names) > 0)
	for i, n := range names {
		checkPublisherName(&v, "names["+strconv.Itoa(i)+"]", n)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := map[string]any{"organization_id": orgID, "names": names}
	var out []*Publisher
	if _, err := s.g.Into(ctx, &call.Call{Method: http.MethodPost, Path: "/bulk_create/publishers", JSON: body}, &out, ro...); err != nil {
		return nil, err
	}
	for i, p := range out {
		if p == nil {
			out[i] = &Publisher{}
		}
	}
	return out, nil
}
