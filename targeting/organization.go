package targeting

import (
	"context"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// OrganizationService calls the organization endpoints of group B
// (/organizations, their history and settings, /audit_log/organizations).
// Its methods are generated (services_gen.go) but AuditLog.
type OrganizationService struct {
	g *call.Group
}

// AgencyService calls the agency endpoints of group B (/agencies, their
// history, /audit_log/agencies). Its methods are generated
// (services_gen.go) but Get, GetExtended and AuditLog.
type AgencyService struct {
	g *call.Group
}

// Validate checks the organization against every rule the description
// states for a create (the OrganizationCreate body's required fields) or
// an update (the OrganizationUpdate body's). It returns an
// *adama.ValidationError or nil.
func (o *Organization) Validate(create bool) error {
	var v valid.Validator
	if o == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	o.validate(&v, create)
	return v.Err()
}

// Validate checks the agency against every rule the description states
// for a create (the AgencyCreate body's required fields) or an update
// (the AgencyUpdate body's). It returns an *adama.ValidationError or nil.
func (a *Agency) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	a.validate(&v, create)
	return v.Err()
}

// validate checks ListOptions' rules.
func (o *OrganizationListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// validate checks ListOptions' rules.
func (o *AgencyListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	return v.Err()
}

// organizationSettingsRequest checks the settings (at least one, each
// with a key) and sends them, a nil value as null, as the body of POST
// /organizations/{organization_id}/settings.
func organizationSettingsRequest(c *call.Call, _ int64, settings []OrganizationSetting) error {
	var v valid.Validator
	v.Check(len(settings) > 0, "settings", valid.RuleRequired, nil)
	for i, s := range settings {
		v.Check(s.Key != "", "settings["+strconv.Itoa(i)+"].key", valid.RuleRequired, nil)
	}
	if err := v.Err(); err != nil {
		return err
	}
	body := make([]map[string]any, len(settings))
	for i, s := range settings {
		body[i] = map[string]any{"key": s.Key, "value": s.Value} // nil is sent as null
	}
	c.JSON = map[string]any{"settings": body}
	return nil
}

// auditLog pages the changes of the records ids of a collection (POST
// /audit_log/{collection}): the ids (at least one, each a positive int32
// listed once) go in the body, the paging in the query.
func auditLog(ctx context.Context, g *call.Group, collection string, ids []int64, opts *HistoryOptions, ro []adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	var o HistoryOptions
	if opts != nil {
		o = *opts
	}
	var v valid.Validator
	v.Check(len(ids) > 0, "id", valid.RuleRequired, nil)
	checkIDList(&v, "id", ids)
	checkPaging(&v, o.PageLimit, o.PageOffset)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return listPage[HistoryEntry](ctx, g, &call.Call{Method: http.MethodPost, Path: "/audit_log/" + collection,
		Query: o.query(o.PageLimit, o.PageOffset), JSON: map[string]any{"id": ids}}, ro)
}

// AuditLog returns one page of the changes of the organizations ids
// (POST /audit_log/organizations).
func (s *OrganizationService) AuditLog(ctx context.Context, ids []int64, opts *HistoryOptions, ro ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	return auditLog(ctx, s.g, "organizations", ids, opts, ro)
}

// AuditLog returns one page of the changes of the agencies ids (POST
// /audit_log/agencies).
func (s *AgencyService) AuditLog(ctx context.Context, ids []int64, opts *HistoryOptions, ro ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	return auditLog(ctx, s.g, "agencies", ids, opts, ro)
}

// AuditLog returns one page of the changes of the advertisers ids (POST
// /audit_log/advertisers).
func (s *AdvertiserService) AuditLog(ctx context.Context, ids []int64, opts *HistoryOptions, ro ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	return auditLog(ctx, s.g, "advertisers", ids, opts, ro)
}

func (s *AgencyService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*Agency, error) {
	return getOne[Agency](ctx, s.g, idPath("/agencies", id), positiveID("agency_id", id), extended, ro)
}

// Get returns one agency (GET /agencies/{agency_id}).
func (s *AgencyService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*Agency, error) {
	return s.get(ctx, id, false, ro)
}

// GetExtended returns one agency with its extended properties (the
// inherited MFA avoidance): GET /agencies/{agency_id}?extended=true.
func (s *AgencyService) GetExtended(ctx context.Context, id int64, ro ...adama.RequestOption) (*Agency, error) {
	return s.get(ctx, id, true, ro)
}
