package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"maps"
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
type Advertiser struct {
	ID                 int64             `json:"id"`
	Name               string            `json:"name"`
	EntityType         string            `json:"entity_type,omitempty"`
	AgencyID           int64             `json:"agency_id,omitempty"`
	AdServerID         int64             `json:"ad_server_id,omitempty"`
	VerticalID         int64             `json:"vertical_id,omitempty"`
	Domain             string            `json:"domain,omitempty"`
	ExternalID         *string           `json:"external_id,omitempty"`
	DataSharingEnabled bool              `json:"data_sharing_enabled"`
	DMPEnabled         DMPEnabled        `json:"dmp_enabled,omitempty"`
	FrequencyInterval  FrequencyInterval `json:"frequency_interval,omitempty"`
	FrequencyType      FrequencyType     `json:"frequency_type,omitempty"`
	FrequencyAmount    *int64            `json:"frequency_amount,omitempty"`
	MinimizeMultiAds   bool              `json:"minimize_multi_ads"`
	// Status is true for an active advertiser.
	Status                 bool                `json:"status"`
	AdsTxtVerified         AdsTxtVerified      `json:"ads_txt_verified,omitempty"`
	Political              bool                `json:"political"`
	ConnectedIDType        ConnectedIDType     `json:"connected_id_type,omitempty"`
	MFAAvoidance           MFAAvoidance        `json:"mfa_avoidance,omitempty"`
	AttributionLevel       IdentityLevel       `json:"attribution_level,omitempty"`
	TargetingIdentityLevel IdentityLevel       `json:"targeting_identity_level,omitempty"`
	AdvertiserBrain        bool                `json:"advertiser_brain"`
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
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainAdvertiser Advertiser

var advertiserTable = fieldsOf[plainAdvertiser]()

// UnmarshalJSON reads the record liberally, keeping unknown properties.
func (a *Advertiser) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainAdvertiser)(a), &a.Extra, advertiserTable)
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
func (a Advertiser) MarshalJSON() ([]byte, error) { return encodeRecord(plainAdvertiser(a), a.Extra) }

func (a *Advertiser) clone() *Advertiser {
	c := *a
	c.Extra = maps.Clone(a.Extra)
	c.VendorAttributions = slices.Clone(a.VendorAttributions)
	if a.ExternalID != nil {
		c.ExternalID = adama.Ptr(*a.ExternalID)
	}
	if a.FrequencyAmount != nil {
		c.FrequencyAmount = adama.Ptr(*a.FrequencyAmount)
	}
	if a.SalesContactID != nil {
		c.SalesContactID = adama.Ptr(*a.SalesContactID)
	}
	if a.Agency != nil {
		c.Agency = adama.Ptr(*a.Agency)
	}
	return &c
}

// AdvertiserCreate is the body of create-advertiser. Shape from
// the Campaigns API v3.0 reference, schema
// advertiser_create. Name, AgencyID, VerticalID, AdServerID and Domain are
// required; nil and empty optional fields are not sent.
type AdvertiserCreate struct {
	Name                   string              `json:"name"`
	AgencyID               int64               `json:"agency_id"`
	VerticalID             int64               `json:"vertical_id"`
	AdServerID             int64               `json:"ad_server_id"`
	Domain                 string              `json:"domain"`
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
	VendorAttributions     []VendorAttribution `json:"vendor_attributions,omitempty"`
}

// Validate checks every rule of the reference: required fields, lengths,
// minimums, int32 range and enum values.
func (c *AdvertiserCreate) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	v.Require("name", c.Name != "")
	v.MaxLen("name", c.Name, 64)
	for _, f := range []struct {
		name string
		id   int64
	}{{"agency_id", c.AgencyID}, {"vertical_id", c.VerticalID}, {"ad_server_id", c.AdServerID}} {
		if f.id == 0 {
			v.Require(f.name, false)
		} else {
			checkInt32(&v, f.name, f.id, 1)
		}
	}
	v.Require("domain", c.Domain != "")
	v.MaxLen("domain", c.Domain, 255)
	if c.ExternalID != nil {
		v.MaxLen("external_id", *c.ExternalID, 255)
	}
	if c.FrequencyAmount != nil {
		checkInt32(&v, "frequency_amount", *c.FrequencyAmount, 0)
	}
	checkAdvertiserEnums(&v, c.DMPEnabled, c.FrequencyInterval, c.FrequencyType, c.AdsTxtVerified, c.ConnectedIDType, c.MFAAvoidance, c.AttributionLevel, c.TargetingIdentityLevel)
	checkVendors(&v, c.VendorAttributions)
	return v.Err()
}

func checkAdvertiserEnums(v *valid.Validator, dmp DMPEnabled, fi FrequencyInterval, ft FrequencyType, ads AdsTxtVerified,
	cid ConnectedIDType, mfa MFAAvoidance, attr, tgt IdentityLevel) {
	checkEnum(v, "dmp_enabled", dmp)
	checkEnum(v, "frequency_interval", fi)
	checkEnum(v, "frequency_type", ft)
	checkEnum(v, "ads_txt_verified", ads)
	checkEnum(v, "connected_id_type", cid)
	checkEnum(v, "mfa_avoidance", mfa)
	checkEnum(v, "attribution_level", attr)
	checkEnum(v, "targeting_identity_level", tgt)
}

func checkVendors(v *valid.Validator, vs []VendorAttribution) {
	for i, a := range vs {
		checkInt32(v, fmt.Sprintf("vendor_attributions[%d].vendor_id", i), a.VendorID, 1)
	}
}

// AdvertiserUpdate is the body of update-advertiser: the current version
// and the fields to change. Shape from
// the Campaigns API v3.0 reference, schema
// advertiser_update. Fields the reference marks nullable (external_id,
// frequency_interval, frequency_type, frequency_amount, ads_txt_verified,
// vendor_attributions) may be cleared with adama.Null.
type AdvertiserUpdate struct {
	// Version is the record's current version (at least 0); a stale one is
	// answered 409.
	Version                int64                               `json:"version"`
	Name                   adama.Optional[string]              `json:"name,omitzero"`
	AdServerID             adama.Optional[int64]               `json:"ad_server_id,omitzero"`
	VerticalID             adama.Optional[int64]               `json:"vertical_id,omitzero"`
	Domain                 adama.Optional[string]              `json:"domain,omitzero"`
	DataSharingEnabled     adama.Optional[bool]                `json:"data_sharing_enabled,omitzero"`
	DMPEnabled             adama.Optional[DMPEnabled]          `json:"dmp_enabled,omitzero"`
	ExternalID             adama.Optional[string]              `json:"external_id,omitzero"`
	FrequencyInterval      adama.Optional[FrequencyInterval]   `json:"frequency_interval,omitzero"`
	FrequencyType          adama.Optional[FrequencyType]       `json:"frequency_type,omitzero"`
	FrequencyAmount        adama.Optional[int64]               `json:"frequency_amount,omitzero"`
	MinimizeMultiAds       adama.Optional[bool]                `json:"minimize_multi_ads,omitzero"`
	Status                 adama.Optional[bool]                `json:"status,omitzero"`
	AdsTxtVerified         adama.Optional[AdsTxtVerified]      `json:"ads_txt_verified,omitzero"`
	Political              adama.Optional[bool]                `json:"political,omitzero"`
	ConnectedIDType        adama.Optional[ConnectedIDType]     `json:"connected_id_type,omitzero"`
	MFAAvoidance           adama.Optional[MFAAvoidance]        `json:"mfa_avoidance,omitzero"`
	AttributionLevel       adama.Optional[IdentityLevel]       `json:"attribution_level,omitzero"`
	TargetingIdentityLevel adama.Optional[IdentityLevel]       `json:"targeting_identity_level,omitzero"`
	AdvertiserBrain        adama.Optional[bool]                `json:"advertiser_brain,omitzero"`
	VendorAttributions     adama.Optional[[]VendorAttribution] `json:"vendor_attributions,omitzero"`
	// Extra holds further properties to send.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainAdvertiserUpdate AdvertiserUpdate

// MarshalJSON writes the set fields and Extra.
func (u AdvertiserUpdate) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainAdvertiserUpdate(u), u.Extra)
}

// Validate checks every rule of the reference for the fields that are set.
func (u *AdvertiserUpdate) Validate() error {
	var v valid.Validator
	if u == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	checkInt32(&v, "version", u.Version, 0)
	if x, ok := u.Name.Get(); ok {
		v.Check(x != "", "name", "min length 1", x)
		v.MaxLen("name", x, 64)
	}
	if x, ok := u.Domain.Get(); ok {
		v.MaxLen("domain", x, 255)
	}
	if x, ok := u.ExternalID.Get(); ok {
		v.MaxLen("external_id", x, 255)
	}
	for _, f := range []struct {
		name string
		o    adama.Optional[int64]
		lo   int64
	}{{"ad_server_id", u.AdServerID, 1}, {"vertical_id", u.VerticalID, 1}, {"frequency_amount", u.FrequencyAmount, 0}} {
		if x, ok := f.o.Get(); ok {
			checkInt32(&v, f.name, x, f.lo)
		}
	}
	checkAdvertiserEnums(&v, u.DMPEnabled.Or(""), u.FrequencyInterval.Or(""), u.FrequencyType.Or(""), u.AdsTxtVerified.Or(""),
		u.ConnectedIDType.Or(""), u.MFAAvoidance.Or(""), u.AttributionLevel.Or(""), u.TargetingIdentityLevel.Or(""))
	checkVendors(&v, u.VendorAttributions.Or(nil))
	for _, f := range []struct {
		name string
		null bool
	}{
		{"name", u.Name.IsNull()}, {"ad_server_id", u.AdServerID.IsNull()}, {"vertical_id", u.VerticalID.IsNull()},
		{"domain", u.Domain.IsNull()}, {"data_sharing_enabled", u.DataSharingEnabled.IsNull()}, {"dmp_enabled", u.DMPEnabled.IsNull()},
		{"minimize_multi_ads", u.MinimizeMultiAds.IsNull()}, {"status", u.Status.IsNull()}, {"political", u.Political.IsNull()},
		{"connected_id_type", u.ConnectedIDType.IsNull()}, {"mfa_avoidance", u.MFAAvoidance.IsNull()},
		{"attribution_level", u.AttributionLevel.IsNull()}, {"targeting_identity_level", u.TargetingIdentityLevel.IsNull()},
		{"advertiser_brain", u.AdvertiserBrain.IsNull()},
	} {
		v.Check(!f.null, f.name, "cannot be cleared", nil)
	}
	return v.Err()
}

// optNullable sets *dst to the change from orig to cur, Null when cur is nil.
func optNullable[T comparable](dst *adama.Optional[T], orig, cur *T) {
	switch {
	case orig == nil && cur == nil:
	case cur == nil:
		*dst = adama.Null[T]()
	case orig == nil || *orig != *cur:
		*dst = adama.Some(*cur)
	}
}

// advertiserChanges returns the update that turns orig into cur, or a
// validation error naming the fields cur changed that an update cannot
// send (read-only ones and agency_id, which only create takes).
func advertiserChanges(orig, cur *Advertiser) (*AdvertiserUpdate, error) {
	var v valid.Validator
	readOnly(&v, map[string]bool{"id": orig.ID != cur.ID, "entity_type": orig.EntityType != cur.EntityType,
		"version": orig.Version != cur.Version, "created_on": !orig.CreatedOn.Equal(cur.CreatedOn.Time),
		"updated_on": !orig.UpdatedOn.Equal(cur.UpdatedOn.Time), "agency_id": orig.AgencyID != cur.AgencyID,
		"ad_server_fee":              orig.AdServerFee.Cmp(cur.AdServerFee) != 0,
		"effective_ads_txt_verified": orig.EffectiveAdsTxtVerified != cur.EffectiveAdsTxtVerified,
		"inherited_mfa_avoidance":    orig.InheritedMFAAvoidance != cur.InheritedMFAAvoidance,
		"inherited_mfa_from":         orig.InheritedMFAFrom != cur.InheritedMFAFrom,
		"allow_x_strat_optimization": orig.AllowXStratOptimization != cur.AllowXStratOptimization,
		"billing_contact_id":         orig.BillingContactID != cur.BillingContactID,
		"sales_contact_id":           !ptrEqual(orig.SalesContactID, cur.SalesContactID),
		"agency":                     !reflect.DeepEqual(orig.Agency, cur.Agency)})
	if err := v.Err(); err != nil {
		return nil, err
	}
	u := &AdvertiserUpdate{Version: orig.Version, Extra: extraChanges(orig.Extra, cur.Extra)}
	optChanged(&u.Name, orig.Name, cur.Name)
	optChanged(&u.AdServerID, orig.AdServerID, cur.AdServerID)
	optChanged(&u.VerticalID, orig.VerticalID, cur.VerticalID)
	optChanged(&u.Domain, orig.Domain, cur.Domain)
	optChanged(&u.DataSharingEnabled, orig.DataSharingEnabled, cur.DataSharingEnabled)
	optChanged(&u.DMPEnabled, orig.DMPEnabled, cur.DMPEnabled)
	optNullable(&u.ExternalID, orig.ExternalID, cur.ExternalID)
	optChanged(&u.FrequencyInterval, orig.FrequencyInterval, cur.FrequencyInterval)
	optChanged(&u.FrequencyType, orig.FrequencyType, cur.FrequencyType)
	optNullable(&u.FrequencyAmount, orig.FrequencyAmount, cur.FrequencyAmount)
	optChanged(&u.MinimizeMultiAds, orig.MinimizeMultiAds, cur.MinimizeMultiAds)
	optChanged(&u.Status, orig.Status, cur.Status)
	optChanged(&u.AdsTxtVerified, orig.AdsTxtVerified, cur.AdsTxtVerified)
	optChanged(&u.Political, orig.Political, cur.Political)
	optChanged(&u.ConnectedIDType, orig.ConnectedIDType, cur.ConnectedIDType)
	optChanged(&u.MFAAvoidance, orig.MFAAvoidance, cur.MFAAvoidance)
	optChanged(&u.AttributionLevel, orig.AttributionLevel, cur.AttributionLevel)
	optChanged(&u.TargetingIdentityLevel, orig.TargetingIdentityLevel, cur.TargetingIdentityLevel)
	optChanged(&u.AdvertiserBrain, orig.AdvertiserBrain, cur.AdvertiserBrain)
	if !reflect.DeepEqual(orig.VendorAttributions, cur.VendorAttributions) {
		if cur.VendorAttributions == nil {
			u.VendorAttributions = adama.Null[[]VendorAttribution]()
		} else {
			u.VendorAttributions = adama.Some(cur.VendorAttributions)
		}
	}
	return u, nil
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
	r *records[Advertiser, *AdvertiserCreate, *AdvertiserUpdate]
}

func newAdvertiserService(g *call.Group) *AdvertiserService {
	return &AdvertiserService{g: g, r: &records[Advertiser, *AdvertiserCreate, *AdvertiserUpdate]{
		g: g, what: "advertiser", idField: "advertiser_id", path: advertisersPath,
		clone: (*Advertiser).clone, changes: advertiserChanges,
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
func (s *AdvertiserService) List(ctx context.Context, opts *AdvertiserListOptions, ropt ...adama.RequestOption) (*adama.Page[Advertiser], error) {
	o := copyAdvertiserOptions(opts)
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPage[Advertiser](ctx, s.g, o.call(o.PageOffset, o.PageLimit), ropt)
}

// All iterates over every advertiser the options select, page by page.
func (s *AdvertiserService) All(ctx context.Context, opts *AdvertiserListOptions, ropt ...adama.RequestOption) iter.Seq2[Advertiser, error] {
	o := copyAdvertiserOptions(opts)
	return all(ctx, o.ListOptions, o.validate(), func(ctx context.Context, offset, limit int) (*adama.Page[Advertiser], error) {
		return listPage[Advertiser](ctx, s.g, o.call(offset, limit), ropt)
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

// Create creates an advertiser (POST /advertisers, answered 201).
func (s *AdvertiserService) Create(ctx context.Context, body *AdvertiserCreate, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.create(ctx, advertisersPath, body, ropt)
}

// Update changes an advertiser (POST /advertisers/{advertiser_id}). A
// stale Version is answered 409: errors.Is(err, adama.ErrConflict).
func (s *AdvertiserService) Update(ctx context.Context, id int64, body *AdvertiserUpdate, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.update(ctx, http.MethodPost, advertisersPath, id, body, ropt)
}

// Modify reads the advertiser, applies change and sends the fields it
// changed with the version read, starting over on a version conflict up to
// DefaultModifyAttempts times.
func (s *AdvertiserService) Modify(ctx context.Context, id int64, change func(*Advertiser) error, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.r.modify(ctx, id, change, ropt)
}

// History returns one page of the advertiser's audit log
// (GET /advertisers/{advertiser_id}/history).
func (s *AdvertiserService) History(ctx context.Context, id int64, opts *HistoryOptions, ropt ...adama.RequestOption) (*adama.Page[HistoryEntry], error) {
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
	return listPage[HistoryEntry](ctx, s.g, &call.Call{Path: idPath(advertisersPath, id) + "/history", Query: q}, ropt)
}
