package deals

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
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

// createRequest checks p (a nil p is refused; its organization and name
// are required) and returns the body of Create.
func (p *Publisher) createRequest() (any, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	v.Check(p.OrganizationID > 0, "organization_id", "required", p.OrganizationID)
	checkPublisherName(&v, "name", p.Name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return p.createBody(), nil
}

// updateRequest checks p (a nil p is refused; its id and name are
// required) and returns the body of Update: the name, the one writable
// field, and the unknown properties changed since p was read.
func (p *Publisher) updateRequest() (any, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	v.Check(p.ID > 0, "id", "must be a positive id", p.ID)
	checkPublisherName(&v, "name", p.Name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return p.updateBody(), nil
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
