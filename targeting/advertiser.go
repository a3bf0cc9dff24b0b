package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// DMPEnabled says whether an advertiser uses the data management platform.
//
//adama:enum
type DMPEnabled string

// DMPEnabled values.
const (
	DMPEnabledDisabled DMPEnabled = "disabled"
	DMPEnabledInherits DMPEnabled = "inherits"
)

// FrequencyInterval is the period of an advertiser's frequency cap.
//
//adama:enum
type FrequencyInterval string

// Frequency intervals.
const (
	FrequencyIntervalHour          FrequencyInterval = "hour"
	FrequencyIntervalDay           FrequencyInterval = "day"
	FrequencyIntervalWeek          FrequencyInterval = "week"
	FrequencyIntervalMonth         FrequencyInterval = "month"
	FrequencyIntervalNotApplicable FrequencyInterval = "not-applicable"
)

// FrequencyType is how an advertiser's frequency cap is spent.
//
//adama:enum
type FrequencyType string

// Frequency types.
const (
	FrequencyTypeNoLimit FrequencyType = "no-limit"
	FrequencyTypeASAP    FrequencyType = "asap"
	FrequencyTypeEven    FrequencyType = "even"
)

// AdsTxtVerified is an advertiser's ads.txt requirement.
//
//adama:enum
type AdsTxtVerified string

// AdsTxtVerified values.
const (
	AdsTxtVerifiedAny                  AdsTxtVerified = "ANY"
	AdsTxtVerifiedAuthorizedOnly       AdsTxtVerified = "AUTHORIZED_ONLY"
	AdsTxtVerifiedAuthorizedDirectOnly AdsTxtVerified = "AUTHORIZED_DIRECT_ONLY"
	AdsTxtVerifiedNone                 AdsTxtVerified = "NONE"
)

// ConnectedIDType is an advertiser's connected-id strategy.
//
//adama:enum
type ConnectedIDType string

// ConnectedIDType values.
const ConnectedIDTypeDeterministicFirst ConnectedIDType = "DETERMINISTIC_FIRST"

// MFAAvoidance is an advertiser's made-for-advertising avoidance.
//
//adama:enum
type MFAAvoidance string

// MFAAvoidance values.
const (
	MFAAvoidanceInherit    MFAAvoidance = "INHERIT"
	MFAAvoidanceAllowAll   MFAAvoidance = "ALLOW_ALL"
	MFAAvoidanceExcludeMFA MFAAvoidance = "EXCLUDE_MFA"
)

// MFASource says where an inherited MFA avoidance comes from.
//
//adama:enum
type MFASource string

// MFASource values.
const (
	MFASourceOrganization MFASource = "Organization"
	MFASourceAgency       MFASource = "Agency"
	MFASourceAdvertiser   MFASource = "Advertiser"
)

// IdentityLevel is the identity level of attribution and targeting.
//
//adama:enum
type IdentityLevel string

// Identity levels.
const (
	IdentityLevelIndividual IdentityLevel = "INDIVIDUAL"
	IdentityLevelHousehold  IdentityLevel = "HOUSEHOLD"
)

// AdvertiserWith names a related record a list can embed.
//
//adama:enum
type AdvertiserWith string

// AdvertiserWith values.
const AdvertiserWithAgency AdvertiserWith = "agency"

// VendorAttribution is one vendor of an advertiser's attribution.
type VendorAttribution struct {
	// VendorID is the vendor (int32).
	VendorID int64 `json:"vendor_id"`
	// ImpressionPixel is the vendor's impression pixel.
	ImpressionPixel string `json:"impression_pixel,omitempty"`
	// Extra keeps the properties the SDK does not model and the values
	// that fit no documented form (see Misfits).
	Extra map[string]json.RawMessage `json:"-"`
}

type plainVendorAttribution VendorAttribution

var vendorAttributionTable = fieldsOf[plainVendorAttribution]()

// UnmarshalJSON reads the value liberally.
func (a *VendorAttribution) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainVendorAttribution)(a), &a.Extra, vendorAttributionTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (a *VendorAttribution) Misfits() []adama.Misfit {
	if a == nil {
		return nil
	}
	return misfitsOf(a, vendorAttributionTable, a.Extra)
}

// MarshalJSON writes the value with its Extra properties.
func (a VendorAttribution) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainVendorAttribution(a), a.Extra)
}

// AgencyRef is the agency embedded in an advertiser (with=agency).
type AgencyRef struct {
	ID         int64  `json:"id"`
	Name       string `json:"name,omitempty"`
	EntityType string `json:"entity_type,omitempty"`
	Rel        string `json:"rel,omitempty"`
	// Extra keeps the properties the SDK does not model and the values
	// that fit no documented form (see Misfits).
	Extra map[string]json.RawMessage `json:"-"`
}

type plainAgencyRef AgencyRef

var agencyRefTable = fieldsOf[plainAgencyRef]()

// UnmarshalJSON reads the value liberally.
func (a *AgencyRef) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainAgencyRef)(a), &a.Extra, agencyRefTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (a *AgencyRef) Misfits() []adama.Misfit {
	if a == nil {
		return nil
	}
	return misfitsOf(a, agencyRefTable, a.Extra)
}

// MarshalJSON writes the value with its Extra properties.
func (a AgencyRef) MarshalJSON() ([]byte, error) { return encodeRecord(plainAgencyRef(a), a.Extra) }

// Advertiser is an advertiser as group B answers it. Shape from
// the Campaigns API v3.0 reference, schemas
// advertiser_base, advertiser_response_base, advertiser_response_extended
// and advertiser_collection (a list without full has id, name,
// entity_type and, with=agency, agency).
//
// Create sends the writable fields that are set (name, agency_id,
// vertical_id, ad_server_id and domain are required); Update sends what
// changed since the record was read with its version (see
// AdvertiserService.Update).
type Advertiser struct {
	ID                 int64             `json:"id"`
	Name               string            `json:"name"`
	EntityType         string            `json:"entity_type,omitempty"`
	AgencyID           int64             `json:"agency_id,omitempty"`
	AdServerID         int64             `json:"ad_server_id,omitempty"`
	VerticalID         int64             `json:"vertical_id,omitempty"`
	Domain             string            `json:"domain,omitempty"`
	ExternalID         *string           `json:"external_id,omitempty"`
	DataSharingEnabled *bool             `json:"data_sharing_enabled,omitempty"`
	DMPEnabled         DMPEnabled        `json:"dmp_enabled,omitempty"`
	FrequencyInterval  FrequencyInterval `json:"frequency_interval,omitempty"`
	FrequencyType      FrequencyType     `json:"frequency_type,omitempty"`
	FrequencyAmount    *int64            `json:"frequency_amount,omitempty"`
	MinimizeMultiAds   *bool             `json:"minimize_multi_ads,omitempty"`
	// Status is true for an active advertiser.
	Status                 *bool               `json:"status,omitempty"`
	AdsTxtVerified         AdsTxtVerified      `json:"ads_txt_verified,omitempty"`
	Political              *bool               `json:"political,omitempty"`
	ConnectedIDType        ConnectedIDType     `json:"connected_id_type,omitempty"`
	MFAAvoidance           MFAAvoidance        `json:"mfa_avoidance,omitempty"`
	AttributionLevel       IdentityLevel       `json:"attribution_level,omitempty"`
	TargetingIdentityLevel IdentityLevel       `json:"targeting_identity_level,omitempty"`
	AdvertiserBrain        *bool               `json:"advertiser_brain,omitempty"`
	VendorAttributions     []VendorAttribution `json:"vendor_attributions,omitempty"`
	// AdServerFee is exact.
	AdServerFee             adama.Decimal `json:"ad_server_fee,omitzero"`
	EffectiveAdsTxtVerified string        `json:"effective_ads_txt_verified,omitempty"`
	// AllowXStratOptimization, BillingContactID and SalesContactID are
	// deprecated by the reference.
	AllowXStratOptimization bool   `json:"allow_x_strat_optimization,omitempty"`
	BillingContactID        int64  `json:"billing_contact_id,omitempty"`
	SalesContactID          *int64 `json:"sales_contact_id,omitempty"`
	// Agency is embedded with=agency.
	Agency *AgencyRef `json:"agency,omitempty"`
	// InheritedMFAAvoidance and InheritedMFAFrom are sent when
	// MFAAvoidance is INHERIT.
	InheritedMFAAvoidance MFAAvoidance `json:"inherited_mfa_avoidance,omitempty"`
	InheritedMFAFrom      MFASource    `json:"inherited_mfa_from,omitempty"`
	CreatedOn             adama.Time   `json:"created_on,omitzero"`
	UpdatedOn             adama.Time   `json:"updated_on,omitzero"`
	Version               int64        `json:"version"`
	// Extra keeps every property the SDK does not model; a changed or
	// added one is sent on Update.
	Extra map[string]json.RawMessage `json:"-"`

	raw *snapshot
}

type plainAdvertiser Advertiser

var advertiserTable = fieldsOf[plainAdvertiser]()

// UnmarshalJSON reads the record liberally, keeping unknown properties.
func (a *Advertiser) UnmarshalJSON(b []byte) error {
	if err := decodeRecord(b, (*plainAdvertiser)(a), &a.Extra, advertiserTable); err != nil {
		return err
	}
	a.raw = keep(b)
	return nil
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (a *Advertiser) Misfits() []adama.Misfit {
	if a == nil {
		return nil
	}
	return misfitsOf(a, advertiserTable, a.Extra)
}

// MarshalJSON writes the record with its Extra properties.
func (a Advertiser) MarshalJSON() ([]byte, error) {
	p := plainAdvertiser(a)
	p.raw = nil
	return encodeRecord(p, a.Extra)
}

// advertiserWrite is the writable part of an advertiser (schemas
// advertiser_create and advertiser_update), in their order.
type advertiserWrite struct {
	Name                   string              `json:"name,omitempty"`
	AgencyID               int64               `json:"agency_id,omitempty"`
	VerticalID             int64               `json:"vertical_id,omitempty"`
	AdServerID             int64               `json:"ad_server_id,omitempty"`
	Domain                 string              `json:"domain,omitempty"`
	DataSharingEnabled     *bool               `json:"data_sharing_enabled,omitempty"`
	DMPEnabled             DMPEnabled          `json:"dmp_enabled,omitempty"`
	ExternalID             *string             `json:"external_id,omitempty"`
	FrequencyInterval      FrequencyInterval   `json:"frequency_interval,omitempty"`
	FrequencyType          FrequencyType       `json:"frequency_type,omitempty"`
	FrequencyAmount        *int64              `json:"frequency_amount,omitempty"`
	MinimizeMultiAds       *bool               `json:"minimize_multi_ads,omitempty"`
	Status                 *bool               `json:"status,omitempty"`
	AdsTxtVerified         AdsTxtVerified      `json:"ads_txt_verified,omitempty"`
	Political              *bool               `json:"political,omitempty"`
	ConnectedIDType        ConnectedIDType     `json:"connected_id_type,omitempty"`
	MFAAvoidance           MFAAvoidance        `json:"mfa_avoidance,omitempty"`
	AttributionLevel       IdentityLevel       `json:"attribution_level,omitempty"`
	TargetingIdentityLevel IdentityLevel       `json:"targeting_identity_level,omitempty"`
	AdvertiserBrain        *bool               `json:"advertiser_brain,omitempty"`
	VendorAttributions     []VendorAttribution `json:"vendor_attributions,omitzero"`
}

func (a *Advertiser) write() ([]byte, error) {
	return encodeRecord(advertiserWrite{
		Name: a.Name, AgencyID: a.AgencyID, VerticalID: a.VerticalID, AdServerID: a.AdServerID, Domain: a.Domain,
		DataSharingEnabled: a.DataSharingEnabled, DMPEnabled: a.DMPEnabled, ExternalID: a.ExternalID,
		FrequencyInterval: a.FrequencyInterval, FrequencyType: a.FrequencyType, FrequencyAmount: a.FrequencyAmount,
		MinimizeMultiAds: a.MinimizeMultiAds, Status: a.Status, AdsTxtVerified: a.AdsTxtVerified, Political: a.Political,
		ConnectedIDType: a.ConnectedIDType, MFAAvoidance: a.MFAAvoidance, AttributionLevel: a.AttributionLevel,
		TargetingIdentityLevel: a.TargetingIdentityLevel, AdvertiserBrain: a.AdvertiserBrain, VendorAttributions: a.VendorAttributions,
	}, a.Extra)
}

func (a *Advertiser) read() *Advertiser {
	if a.raw == nil {
		return nil
	}
	var o Advertiser
	if o.UnmarshalJSON(a.raw.b) != nil {
		return nil
	}
	return &o
}

// Validate checks the advertiser against every rule of the reference
// (lengths, minimums, int32 range, enum values); create adds the rules of
// creation (required fields). It returns an *adama.ValidationError or
// nil.
func (a *Advertiser) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", "required", nil)
		return v.Err()
	}
	a.check(&v, create)
	return v.Err()
}

func (a *Advertiser) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", a.Name != "")
		v.Require("domain", a.Domain != "")
	}
	v.MaxLen("name", a.Name, 64)
	for _, f := range []struct {
		name string
		id   int64
	}{{"agency_id", a.AgencyID}, {"vertical_id", a.VerticalID}, {"ad_server_id", a.AdServerID}} {
		if f.id == 0 {
			v.Require(f.name, !create)
		} else {
			checkInt32(v, f.name, f.id, 1)
		}
	}
	v.MaxLen("domain", a.Domain, 255)
	if a.ExternalID != nil {
		v.MaxLen("external_id", *a.ExternalID, 255)
	}
	if a.FrequencyAmount != nil {
		checkInt32(v, "frequency_amount", *a.FrequencyAmount, 0)
	}
	checkEnum(v, "dmp_enabled", a.DMPEnabled)
	checkEnum(v, "frequency_interval", a.FrequencyInterval)
	checkEnum(v, "frequency_type", a.FrequencyType)
	checkEnum(v, "ads_txt_verified", a.AdsTxtVerified)
	checkEnum(v, "connected_id_type", a.ConnectedIDType)
	checkEnum(v, "mfa_avoidance", a.MFAAvoidance)
	checkEnum(v, "attribution_level", a.AttributionLevel)
	checkEnum(v, "targeting_identity_level", a.TargetingIdentityLevel)
	for i, x := range a.VendorAttributions {
		checkInt32(v, fmt.Sprintf("vendor_attributions[%d].vendor_id", i), x.VendorID, 1)
	}
}

// advertiserReadOnly names the fields cur changed since orig that an
// update cannot send: the read-only ones and agency_id, which only create
// takes.
func advertiserReadOnly(orig, cur *Advertiser) map[string]bool {
	return map[string]bool{"id": orig.ID != cur.ID, "entity_type": orig.EntityType != cur.EntityType,
		"version": orig.Version != cur.Version, "created_on": !orig.CreatedOn.Equal(cur.CreatedOn.Time),
		"updated_on": !orig.UpdatedOn.Equal(cur.UpdatedOn.Time), "agency_id": orig.AgencyID != cur.AgencyID,
		"ad_server_fee":              orig.AdServerFee.Cmp(cur.AdServerFee) != 0,
		"effective_ads_txt_verified": orig.EffectiveAdsTxtVerified != cur.EffectiveAdsTxtVerified,
		"inherited_mfa_avoidance":    orig.InheritedMFAAvoidance != cur.InheritedMFAAvoidance,
		"inherited_mfa_from":         orig.InheritedMFAFrom != cur.InheritedMFAFrom,
		"allow_x_strat_optimization": orig.AllowXStratOptimization != cur.AllowXStratOptimization,
		"billing_contact_id":         orig.BillingContactID != cur.BillingContactID,
		"sales_contact_id":           !ptrEqual(orig.SalesContactID, cur.SalesContactID),
		"agency":                     !reflect.DeepEqual(orig.Agency, cur.Agency)}
}

func ptrEqual[T comparable](a, b *T) bool {
	return a == b || (a != nil && b != nil && *a == *b)
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
		checkEnum(&v, fmt.Sprintf("with[%d]", i), w)
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

// HistoryEntry is one change of an advertiser's audit log. Shape from
// the Campaigns API v3.0 reference, response
// audit_log.
type HistoryEntry struct {
	Action     string        `json:"action,omitempty"`
	Date       adama.Time    `json:"date,omitzero"`
	Fields     []FieldChange `json:"fields,omitempty"`
	UserName   string        `json:"user_name,omitempty"`
	UserID     int64         `json:"user_id,omitempty"`
	Collection string        `json:"collection,omitempty"`
	EntityID   int64         `json:"entity_id,omitempty"`
	ToolName   string        `json:"tool_name,omitempty"`
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainHistoryEntry HistoryEntry

var historyEntryTable = fieldsOf[plainHistoryEntry]()

// UnmarshalJSON reads the entry liberally, keeping unknown properties.
func (h *HistoryEntry) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainHistoryEntry)(h), &h.Extra, historyEntryTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (h *HistoryEntry) Misfits() []adama.Misfit {
	if h == nil {
		return nil
	}
	return misfitsOf(h, historyEntryTable, h.Extra)
}

// MarshalJSON writes the entry with its Extra properties.
func (h HistoryEntry) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainHistoryEntry(h), h.Extra)
}

// FieldChange is one field of a HistoryEntry.
type FieldChange struct {
	FieldName string `json:"field_name"`
	OldValue  string `json:"old_value"`
	NewValue  string `json:"new_value"`
	// Extra keeps the properties the SDK does not model and the values
	// that fit no documented form (see Misfits).
	Extra map[string]json.RawMessage `json:"-"`
}

type plainFieldChange FieldChange

var fieldChangeTable = fieldsOf[plainFieldChange]()

// UnmarshalJSON reads scalars of any JSON type as strings.
func (f *FieldChange) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainFieldChange)(f), &f.Extra, fieldChangeTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (f *FieldChange) Misfits() []adama.Misfit {
	if f == nil {
		return nil
	}
	return misfitsOf(f, fieldChangeTable, f.Extra)
}

// MarshalJSON writes the change with its Extra properties.
func (f FieldChange) MarshalJSON() ([]byte, error) { return encodeRecord(plainFieldChange(f), f.Extra) }

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
		read: (*Advertiser).read, write: (*Advertiser).write, check: (*Advertiser).check,
		readOnly: advertiserReadOnly,
		fixed: []string{"name", "ad_server_id", "vertical_id", "domain", "data_sharing_enabled", "dmp_enabled",
			"minimize_multi_ads", "status", "political", "connected_id_type", "mfa_avoidance", "attribution_level",
			"targeting_identity_level", "advertiser_brain"},
		createOnly: []string{"agency_id"},
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
	if o.PageLimit != 0 {
		v.Range("page_limit", int64(o.PageLimit), 1, MaxPageLimit)
	}
	v.Range("page_offset", int64(o.PageOffset), 0, MaxPageOffset)
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
