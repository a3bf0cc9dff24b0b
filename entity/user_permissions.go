package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// A user's permissions in v2.0, as real clients call them (GET and POST
// users/{id}/permissions; observed-only, entity.uploads.yaml): a document
// of the user's flags and the organizations, agencies and advertisers it
// may use, in the shape of the Campaigns API reference's permissions in
// v2 format. A user with no permission answers an empty document.

// UserPermissions is a user's permission document.
type UserPermissions struct {
	// Flags are the user's type, role, scope and capabilities; nil when
	// the answer has none.
	Flags    *PermissionFlags   `json:"flags,omitempty"`
	Entities PermissionEntities `json:"entities"`
}

// PermissionFlags are a user's type, role, scope and capabilities.
// Flags the SDK does not name are kept in Extra.
type PermissionFlags struct {
	Type                      string                     `json:"type,omitempty"`
	Role                      string                     `json:"role,omitempty"`
	Scope                     string                     `json:"scope,omitempty"`
	ViewSegments              *adama.Bool                `json:"view_segments,omitempty"`
	EditSegments              *adama.Bool                `json:"edit_segments,omitempty"`
	ViewOrganizations         *adama.Bool                `json:"view_organizations,omitempty"`
	EditMarginsAndPerformance *adama.Bool                `json:"edit_margins_and_performance,omitempty"`
	AccessInternalFees        *adama.Bool                `json:"access_internal_fees,omitempty"`
	EditCampaigns             *adama.Bool                `json:"edit_campaigns,omitempty"`
	ViewDataDefinition        *adama.Bool                `json:"view_data_definition,omitempty"`
	EditDataDefinition        *adama.Bool                `json:"edit_data_definition,omitempty"`
	ViewDMPReports            *adama.Bool                `json:"view_dmp_reports,omitempty"`
	Extra                     map[string]json.RawMessage `json:"-"`
}

// PermissionEntities are the organizations, agencies and advertisers a
// user may use.
type PermissionEntities struct {
	Organizations []PermissionEntity `json:"organizations,omitempty"`
	Agencies      []PermissionEntity `json:"agencies,omitempty"`
	Advertisers   []PermissionEntity `json:"advertisers,omitempty"`
}

// PermissionEntity is one organization, agency or advertiser of a
// permission document; an agency names its organization, an advertiser
// its agency.
type PermissionEntity struct {
	ID             int64  `json:"id"`
	Name           string `json:"name,omitempty"`
	DMPEnabled     string `json:"dmp_enabled,omitempty"`
	Value          string `json:"value,omitempty"`
	OrganizationID int64  `json:"organization_id,omitempty"`
	AgencyID       int64  `json:"agency_id,omitempty"`
}

// Empty reports whether the document grants nothing.
func (p *UserPermissions) Empty() bool {
	e := p.Entities
	return len(e.Organizations) == 0 && len(e.Agencies) == 0 && len(e.Advertisers) == 0
}

// UnmarshalJSON reads the flags, keeping the ones the SDK does not name.
func (f *PermissionFlags) UnmarshalJSON(b []byte) error {
	type plain PermissionFlags
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	for _, k := range []string{"type", "role", "scope", "view_segments", "edit_segments", "view_organizations", "edit_margins_and_performance",
		"access_internal_fees", "edit_campaigns", "view_data_definition", "edit_data_definition", "view_dmp_reports"} {
		delete(all, k)
	}
	if len(all) > 0 {
		p.Extra = all
	}
	*f = PermissionFlags(p)
	return nil
}

// MarshalJSON writes the flags with Extra's.
func (f PermissionFlags) MarshalJSON() ([]byte, error) {
	type plain PermissionFlags
	b, err := json.Marshal(plain(f))
	if err != nil || len(f.Extra) == 0 {
		return b, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	for k, v := range f.Extra {
		if _, ok := all[k]; !ok {
			all[k] = v
		}
	}
	return json.Marshal(all)
}

// UnmarshalJSON reads an entity, its ids as numbers or numeric strings.
func (e *PermissionEntity) UnmarshalJSON(b []byte) error {
	var aux struct {
		ID             json.Number `json:"id"`
		Name           string      `json:"name"`
		DMPEnabled     any         `json:"dmp_enabled"`
		Value          any         `json:"value"`
		OrganizationID json.Number `json:"organization_id"`
		AgencyID       json.Number `json:"agency_id"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	var err error
	num := func(n json.Number) int64 {
		if n == "" || err != nil {
			return 0
		}
		var v int64
		v, err = strconv.ParseInt(n.String(), 10, 64)
		return v
	}
	text := func(v any) string {
		switch v := v.(type) {
		case string:
			return v
		case nil:
			return ""
		default:
			b, _ := json.Marshal(v)
			return string(b)
		}
	}
	*e = PermissionEntity{ID: num(aux.ID), Name: aux.Name, DMPEnabled: text(aux.DMPEnabled), Value: text(aux.Value),
		OrganizationID: num(aux.OrganizationID), AgencyID: num(aux.AgencyID)}
	return err
}

// UnmarshalJSON reads a document; an empty one may come as {}, [] or
// null.
func (p *UserPermissions) UnmarshalJSON(b []byte) error {
	t := bytes.TrimSpace(b)
	if string(t) == "[]" || string(t) == "null" {
		*p = UserPermissions{}
		return nil
	}
	type plain UserPermissions
	var aux struct {
		plain
		Entities json.RawMessage `json:"entities"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*p = UserPermissions(aux.plain)
	if e := bytes.TrimSpace(aux.Entities); len(e) > 0 && string(e) != "[]" && string(e) != "null" {
		return json.Unmarshal(e, &p.Entities)
	}
	return nil
}

// xmlPermissions is the XML form: <result><permissions><flags …/>
// <entities><organization id name …/><agency …/><advertiser …/>
// </entities></permissions></result>; every value an attribute.
type xmlPermissions struct {
	Permissions *struct {
		Flags *struct {
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"flags"`
		Entities struct {
			Organizations []xmlPermEntity `xml:"organization"`
			Agencies      []xmlPermEntity `xml:"agency"`
			Advertisers   []xmlPermEntity `xml:"advertiser"`
		} `xml:"entities"`
	} `xml:"permissions"`
}

type xmlPermEntity struct {
	Attrs []xml.Attr `xml:",any,attr"`
}

// attrsJSON turns attributes into a JSON object of strings, read by the
// JSON decoders (which take booleans and numbers as strings).
func attrsJSON(attrs []xml.Attr) json.RawMessage {
	m := make(map[string]string, len(attrs))
	for _, a := range attrs {
		m[a.Name.Local] = a.Value
	}
	b, _ := json.Marshal(m)
	return b
}

func (x *xmlPermissions) document() (*UserPermissions, error) {
	out := &UserPermissions{}
	if x.Permissions == nil {
		return out, nil
	}
	if f := x.Permissions.Flags; f != nil {
		out.Flags = &PermissionFlags{}
		if err := json.Unmarshal(attrsJSON(f.Attrs), out.Flags); err != nil {
			return nil, err
		}
	}
	read := func(in []xmlPermEntity) ([]PermissionEntity, error) {
		var es []PermissionEntity
		for _, e := range in {
			var pe PermissionEntity
			if err := json.Unmarshal(attrsJSON(e.Attrs), &pe); err != nil {
				return nil, err
			}
			es = append(es, pe)
		}
		return es, nil
	}
	var err error
	e := &x.Permissions.Entities
	if out.Entities.Organizations, err = read(e.Organizations); err != nil {
		return nil, err
	}
	if out.Entities.Agencies, err = read(e.Agencies); err != nil {
		return nil, err
	}
	out.Entities.Advertisers, err = read(e.Advertisers)
	return out, err
}

// PermissionGrant lists the organizations, agencies and advertisers a
// user is to be allowed, sent as repeated organization_id, agency_id and
// advertiser_id form values.
type PermissionGrant struct {
	OrganizationIDs []int64
	AgencyIDs       []int64
	AdvertiserIDs   []int64
}

func (g *PermissionGrant) form(v *valid.Validator) url.Values {
	f := url.Values{}
	for _, l := range []struct {
		key string
		ids []int64
	}{{"organization_id", g.OrganizationIDs}, {"agency_id", g.AgencyIDs}, {"advertiser_id", g.AdvertiserIDs}} {
		seen := map[int64]bool{}
		for i, id := range l.ids {
			field := l.key + "." + strconv.Itoa(i+1)
			v.Check(id > 0, field, "must be a positive id", id)
			v.Check(id <= 0 || !seen[id], field, "listed twice", id)
			seen[id] = true
			f.Add(l.key, strconv.FormatInt(id, 10))
		}
	}
	v.Check(len(f) > 0, "permissions", "at least one organization, agency or advertiser", nil)
	return f
}

// UserPermissions returns the permission document of user userID (GET
// users/{id}/permissions); a user with no permission has an empty one
// (Empty reports it).
func (ec *Client) UserPermissions(ctx context.Context, userID int64, ropt ...adama.RequestOption) (*UserPermissions, error) {
	var v valid.Validator
	v.Check(userID > 0, "user_id", "must be a positive id", userID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.permissions(ctx, &call.Call{Path: "/users/" + strconv.FormatInt(userID, 10) + "/permissions"}, ropt)
}

// AddUserPermissions allows user userID the organizations, agencies and
// advertisers of g (POST users/{id}/permissions) and returns the user's
// permission document.
func (ec *Client) AddUserPermissions(ctx context.Context, userID int64, g *PermissionGrant, ropt ...adama.RequestOption) (*UserPermissions, error) {
	var v valid.Validator
	v.Check(userID > 0, "user_id", "must be a positive id", userID)
	if g == nil {
		g = &PermissionGrant{}
	}
	f := g.form(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.permissions(ctx, &call.Call{Method: http.MethodPost, Path: "/users/" + strconv.FormatInt(userID, 10) + "/permissions", Form: f}, ropt)
}

// permissions sends c and reads the permission document in the form the
// platform answers.
func (ec *Client) permissions(ctx context.Context, c *call.Call, ropt []adama.RequestOption) (*UserPermissions, error) {
	resp, err := ec.g.Send(ctx, c, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := readAnswer(resp)
	if err != nil {
		return nil, err
	}
	bad := func(err error) error { return unfit(resp, b, "decoding the permissions: ", err) }
	if media.IsXML(resp.Header.Get("Content-Type")) {
		if _, err := wire.DecodeXML(bytes.NewReader(b)); err != nil {
			return nil, err
		}
		var x xmlPermissions
		if err := xml.Unmarshal(b, &x); err != nil {
			return nil, bad(err)
		}
		p, err := x.document()
		if err != nil {
			return nil, bad(err)
		}
		return p, nil
	}
	var env struct {
		Meta struct {
			Status string `json:"status"`
		} `json:"meta"`
		Data *UserPermissions `json:"data"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, bad(err)
	}
	switch env.Meta.Status {
	case "", "ok", "success":
	default:
		return nil, wire.ErrorFromBody(resp.StatusCode, resp.Header, resp.Request.Method, resp.Request.URL.Path, b)
	}
	if env.Data == nil {
		return &UserPermissions{}, nil
	}
	return env.Data, nil
}
