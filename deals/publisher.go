package deals

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxPublisherName is the longest publisher name the reference allows.
const MaxPublisherName = 20

// Publisher (records_gen.go) keeps the body it was read from
// (x-go-snapshot), so that Update sends the unknown properties changed
// since.

// updateBody is the name, the one writable field, with the unknown
// properties changed since p was read (every one, for a publisher built by
// hand; a removed one is sent as null). Values of documented properties
// that fit no documented form stay out: those properties are read-only.
func (p *Publisher) updateBody() map[string]json.RawMessage {
	var before map[string]json.RawMessage
	if o := p.original(); o != nil {
		before = o.Extra
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
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch, o.Speculate)
	if o.Q != nil {
		v.Merge("", o.Q.Validate()) // qlang names its fields q and q.terms[i]
	}
	return v.Err()
}

// createRequest checks p by the PublisherCreate body's rules (a nil p is
// refused; its organization and name are required; records_gen.go,
// validate) and returns the body of Create.
func (p *Publisher) createRequest() (any, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	p.validate(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return p.createBody(), nil
}

// updateRequest checks p (a nil p is refused; its id is required, a
// change to its organization or a read-only property is refused, and the
// PublisherUpdate body's rules hold: a name) and returns the body of Update: the name, the one writable
// field, and the unknown properties changed since p was read.
func (p *Publisher) updateRequest() (any, error) {
	if err := checkRecord("publisher", p); err != nil {
		return nil, err
	}
	var v valid.Validator
	v.Check(p.ID > 0, "id", "must be a positive id", p.ID)
	p.validateChange(&v, p.original())
	p.validate(&v, false)
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
