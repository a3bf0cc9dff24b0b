package deals

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Deal is one marketplace deal. Fields per specification §2.10; shape from
// the Marketplaces API reference, schemas create-deal,
// update-deal and the GET /deals/{id} answer.
type Deal struct {
	// ID is the deal's id; zero before it is created (read-only).
	ID int64 `json:"id,omitempty"`
	// EntityType is "deal" (read-only).
	EntityType string `json:"entity_type,omitempty"`
	// Name is required, at most 256 characters.
	Name string `json:"name,omitempty"`
	// Description is at most 4096 characters.
	Description string `json:"description,omitempty"`
	// Owner is who owns and may edit the deal; required on create and
	// never changed afterwards.
	Owner Owner `json:"owner,omitzero"`
	// Permissions are the entities allowed to target the deal; required
	// on create.
	Permissions *Permissions `json:"permissions,omitempty"`
	// AdvertiserID is 0 for a global deal.
	AdvertiserID int64 `json:"advertiser_id,omitempty"`
	// OrganizationID is the owning organization (read-only).
	OrganizationID int64 `json:"organization_id,omitempty"`
	// SupplySourceID is the exchange providing the deal; required.
	SupplySourceID int64 `json:"supply_source_id,omitempty"`
	// SubSupplySourceID is the publisher on supply sources that need one.
	SubSupplySourceID *int64 `json:"sub_supply_source_id,omitempty"`
	// PublisherID is the publisher.
	PublisherID *int64 `json:"publisher_id,omitempty"`
	// DealIdentifier is the id a bid request references the deal by; at
	// most 256 characters.
	DealIdentifier string `json:"deal_identifier,omitempty"`
	// StartDatetime and EndDatetime bound the deal, offsets kept.
	StartDatetime *adama.Time `json:"start_datetime,omitempty"`
	EndDatetime   *adama.Time `json:"end_datetime,omitempty"`
	// Status is whether the deal is active (nil: the platform's default,
	// active).
	Status *bool `json:"status,omitempty"`
	// PriceType is FIXED or FLOOR.
	PriceType PriceType `json:"price_type,omitempty"`
	// PriceMethod is CPM.
	PriceMethod PriceMethod `json:"price_method,omitempty"`
	// Price is the exact floor or fixed price with its currency; required
	// on create.
	Price *Price `json:"price,omitempty"`
	// CurrencyCode is the deal's ISO 4217 currency (3 letters).
	CurrencyCode string `json:"currency_code,omitempty"`
	// DealSource is USER or INTERNAL.
	DealSource DealSource `json:"deal_source,omitempty"`
	// MediaType is DISPLAY or VIDEO.
	MediaType MediaType `json:"media_type,omitempty"`
	// BillType is EXCHANGE, PUBLISHER or NONE.
	BillType BillType `json:"bill_type,omitempty"`
	// DealType is PG (programmatic guaranteed) or STANDARD.
	DealType DealType `json:"deal_type,omitempty"`
	// ZoneName is at most 64 characters.
	ZoneName string `json:"zone_name,omitempty"`
	// PartnerSourced marks a partner-sourced deal.
	PartnerSourced *bool `json:"partner_sourced,omitempty"`
	// Channels are the advertising channels of the deal (set their IDs
	// to change them; see ChannelService).
	Channels []Channel `json:"channels,omitempty"`
	// SupplySource and Publisher name the related records (read-only).
	SupplySource *Ref `json:"supply_source,omitempty"`
	Publisher    *Ref `json:"publisher,omitempty"`
	// DealGroups are the groups holding the deal (read-only).
	DealGroups []Ref `json:"deal_groups,omitempty"`
	// StrategiesCount is how many strategies target the deal (read-only).
	StrategiesCount int `json:"strategies_count,omitempty"`
	// HasStrategies reports strategies assigned (read-only).
	HasStrategies bool `json:"has_strategies,omitempty"`
	// Impressions is the deal's impression count (read-only).
	Impressions *int64 `json:"impressions,omitempty"`
	// EffectiveStatus is the deal's current effective status (read-only;
	// "ready", "creating", "deal_end_date_error", ...).
	EffectiveStatus string `json:"effective_status,omitempty"`
	// Severity is the severity level of the effective status (read-only).
	Severity *int64 `json:"severity,omitempty"`
	// APIVersion is the interface version that wrote the deal (read-only).
	APIVersion string `json:"api_version,omitempty"`
	// Version is the record's version; Update sends it when known.
	Version int64 `json:"version,omitempty"`
	// CreatedOn and UpdatedOn are set by the server (read-only).
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	// Extra keeps every property the SDK does not model, as the server
	// sent it; a changed or added value is sent on Update.
	Extra map[string]json.RawMessage `json:"-"`

	// raw is the object the record was read from: Update sends what
	// differs from its writable form.
	raw *readBody
}

type dealAlias Deal

var dealIdx = record.IndexOf(reflect.TypeFor[dealAlias]())

// UnmarshalJSON reads a deal leniently (numbers and booleans also as
// strings), keeps unknown properties in Extra and remembers the writable
// form for Update.
func (d *Deal) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*dealAlias)(d), dealIdx, &d.Extra, &d.raw)
}

// Misfits lists the values of the deal that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (d *Deal) Misfits() []adama.Misfit {
	if d == nil {
		return nil
	}
	return record.Report(d, dealIdx, d.Extra)
}

// snapshot returns the writable form and the owner the record had when it
// was read.
func (d *Deal) snapshot() (map[string]json.RawMessage, Owner) {
	var o Deal
	if err := record.DecodeKeepingInto(d.raw.bytes(), (*dealAlias)(&o), dealIdx, &o.Extra); err != nil {
		return map[string]json.RawMessage{}, Owner{}
	}
	return o.writable(), o.Owner
}

// MarshalJSON writes the deal as read, unknown properties included.
func (d Deal) MarshalJSON() ([]byte, error) {
	a := dealAlias(d)
	a.raw = nil
	return record.EncodeObject(a, d.Extra)
}

// Fresh reports whether the deal was built by hand rather than read from
// the server (Update then sends every set field).
func (d *Deal) Fresh() bool { return d.raw == nil }

// dealWrite is the body of a create or update: the writable fields, with
// channels as ids.
type dealWrite struct {
	Name              string            `json:"name,omitempty"`
	Description       string            `json:"description,omitempty"`
	Owner             *Owner            `json:"owner,omitempty"`
	Permissions       *Permissions      `json:"permissions,omitempty"`
	AdvertiserID      int64             `json:"advertiser_id,omitempty"`
	SupplySourceID    int64             `json:"supply_source_id,omitempty"`
	SubSupplySourceID *int64            `json:"sub_supply_source_id,omitempty"`
	PublisherID       *int64            `json:"publisher_id,omitempty"`
	DealIdentifier    string            `json:"deal_identifier,omitempty"`
	StartDatetime     *adama.Time       `json:"start_datetime,omitempty"`
	EndDatetime       *adama.Time       `json:"end_datetime,omitempty"`
	Status            *bool             `json:"status,omitempty"`
	PriceType         PriceType         `json:"price_type,omitempty"`
	PriceMethod       PriceMethod       `json:"price_method,omitempty"`
	Price             *Price            `json:"price,omitempty"`
	CurrencyCode      string            `json:"currency_code,omitempty"`
	DealSource        DealSource        `json:"deal_source,omitempty"`
	MediaType         MediaType         `json:"media_type,omitempty"`
	BillType          BillType          `json:"bill_type,omitempty"`
	DealType          DealType          `json:"deal_type,omitempty"`
	ZoneName          string            `json:"zone_name,omitempty"`
	PartnerSourced    *bool             `json:"partner_sourced,omitempty"`
	Channels          []json.RawMessage `json:"channels,omitempty"`
}

// writable returns the writable properties of d (owner and version
// excluded), unknown properties included.
func (d *Deal) writable() map[string]json.RawMessage {
	w := dealWrite{
		Name: d.Name, Description: d.Description, Permissions: d.Permissions, AdvertiserID: d.AdvertiserID,
		SupplySourceID: d.SupplySourceID, SubSupplySourceID: d.SubSupplySourceID, PublisherID: d.PublisherID,
		DealIdentifier: d.DealIdentifier, StartDatetime: d.StartDatetime, EndDatetime: d.EndDatetime,
		Status: d.Status, PriceType: d.PriceType, PriceMethod: d.PriceMethod, Price: d.Price,
		CurrencyCode: d.CurrencyCode, DealSource: d.DealSource, MediaType: d.MediaType, BillType: d.BillType,
		DealType: d.DealType, ZoneName: d.ZoneName, PartnerSourced: d.PartnerSourced,
	}
	for _, c := range d.Channels {
		w.Channels = append(w.Channels, c.writeID())
	}
	b, _ := record.EncodeObject(w, d.Extra)
	return record.ToMap(b)
}

// createBody is the body of a create: every writable field and the owner.
func (d *Deal) createBody() map[string]json.RawMessage {
	m := d.writable()
	if !d.Owner.Equal(Owner{}) || d.Owner.Extra != nil {
		m["owner"], _ = json.Marshal(d.Owner)
	}
	return m
}

// updateBody is the body of an update: what changed since d was read
// (everything set, for a fresh record), plus the version when known. It
// refuses an owner change.
func (d *Deal) updateBody() (map[string]json.RawMessage, error) {
	var v valid.Validator
	var snap map[string]json.RawMessage
	if !d.Fresh() {
		var owner Owner
		snap, owner = d.snapshot()
		v.Check(d.Owner.Equal(owner), "owner", "cannot change once created", d.Owner.String())
	}
	d.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := d.writable()
	if snap != nil {
		body = record.Diff(snap, body)
	}
	if d.Version > 0 {
		body["version"] = json.RawMessage(strconv.FormatInt(d.Version, 10))
	}
	return body, nil
}

// Changes returns the properties Update would send for d, by name (owner
// and version aside).
func (d *Deal) Changes() []string {
	body := d.writable()
	if !d.Fresh() {
		snap, _ := d.snapshot()
		body = record.Diff(snap, body)
	}
	out := make([]string, 0, len(body))
	for k := range body {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Validate checks d against the specification's and the reference's rules;
// create adds the rules of creation. It returns an *adama.ValidationError
// naming every broken rule, or nil.
func (d *Deal) Validate(create bool) error {
	var v valid.Validator
	d.check(&v, create)
	return v.Err()
}

func (d *Deal) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", d.Name != "")
		v.Require("owner", !d.Owner.Equal(Owner{}))
		if !d.Owner.Equal(Owner{}) {
			d.Owner.check(v, "owner")
		}
		v.Require("permissions", d.Permissions != nil)
		v.Require("price", d.Price != nil)
		v.Require("supply_source_id", d.SupplySourceID != 0)
		v.Require("deal_identifier", d.DealIdentifier != "")
		v.Require("currency_code", d.CurrencyCode != "" || (d.Price != nil && d.Price.CurrencyCode != ""))
	}
	v.MaxLen("name", d.Name, 256)
	v.MaxLen("deal_identifier", d.DealIdentifier, 256)
	v.MaxLen("description", d.Description, 4096)
	v.MaxLen("zone_name", d.ZoneName, 64)
	if d.CurrencyCode != "" {
		checkCurrency(v, "currency_code", d.CurrencyCode)
	}
	if d.Price != nil {
		d.Price.check(v, "price")
		if d.CurrencyCode != "" && d.Price.CurrencyCode != "" {
			v.Check(d.CurrencyCode == d.Price.CurrencyCode, "price.currency_code", "must match currency_code", d.Price.CurrencyCode)
		}
	}
	if d.Permissions != nil {
		d.Permissions.check(v, "permissions")
	}
	v.Check(d.SupplySourceID >= 0, "supply_source_id", "must be a positive id", d.SupplySourceID)
	v.Check(d.AdvertiserID >= 0, "advertiser_id", "must be >= 0", d.AdvertiserID)
	checkEnum(v, "price_type", d.PriceType)
	checkEnum(v, "price_method", d.PriceMethod)
	checkEnum(v, "deal_source", d.DealSource)
	checkEnum(v, "media_type", d.MediaType)
	checkEnum(v, "bill_type", d.BillType)
	checkEnum(v, "deal_type", d.DealType)
	if d.StartDatetime != nil && d.EndDatetime != nil && !d.StartDatetime.IsZero() && !d.EndDatetime.IsZero() {
		v.Check(d.StartDatetime.Before(d.EndDatetime.Time), "start_datetime", "must be earlier than end_datetime", d.StartDatetime.String())
	}
	if d.DealType == DealTypePG {
		v.Check(d.PriceType == PriceTypeFixed, "price_type", "must be FIXED for a PG deal", d.PriceType)
		v.Check(d.StartDatetime != nil && !d.StartDatetime.IsZero(), "start_datetime", "required for a PG deal", nil)
		v.Check(d.EndDatetime != nil && !d.EndDatetime.IsZero(), "end_datetime", "required for a PG deal", nil)
	}
	for i, c := range d.Channels {
		_, kept := c.Extra["id"]
		v.Check(c.ID > 0 || kept && c.ID == 0, "channels["+strconv.Itoa(i)+"]", "must be a positive channel id", c.ID)
	}
}

// checkEnum refuses a set value that is not one of the enum's.
func checkEnum[T enum[T]](v *valid.Validator, field string, x T) {
	if x != "" && !x.Valid() {
		v.Add(field, names(x), string(x))
	}
}

// DealService reads and writes deals, one at a time or many at once (the
// Bulk methods).
type DealService struct {
	g     *call.Group
	chunk int
}

// DealSort is a property deals can be sorted by.
//
//adama:enum
type DealSort string

// Deal sort properties.
const (
	DealSortName           DealSort = "name"
	DealSortID             DealSort = "id"
	DealSortDealIdentifier DealSort = "deal_identifier"
	DealSortSupplySourceID DealSort = "supply_source_id"
	DealSortUpdatedOn      DealSort = "updated_on"
	DealSortCreatedOn      DealSort = "created_on"
	DealSortStartDatetime  DealSort = "start_datetime"
	DealSortEndDatetime    DealSort = "end_datetime"
	DealSortPrice          DealSort = "price"
	DealSortDescription    DealSort = "description"
)

func (o *ListOptions) validate() error {
	var v valid.Validator
	v.Check(o.OwnerOrganizationID > 0 || len(o.IDs) > 0, "owner.organization_id", "required unless ids is given", nil)
	checkIDs(&v, "ids", o.IDs)
	checkEnum(&v, "deal_type", o.DealType)
	if o.SortBy != "" {
		v.Check(o.SortBy.Valid(), "sort_by", names(o.SortBy), string(o.SortBy))
	}
	checkEnum(&v, "sort_dir", o.SortDir)
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch)
	if o.CurrencyCode != "" {
		checkCurrency(&v, "currency_code", o.CurrencyCode)
	}
	if o.OwnerType != "" {
		v.Check(o.OwnerType == OwnerTypeOrganization, "owner.type", "one of: ORGANIZATION", string(o.OwnerType))
	}
	if o.TimeWindow != "" {
		v.Check(o.TimeWindow == TimeWindowLast7Days, "time_window", "one of: last_7_days", string(o.TimeWindow))
	}
	checkIDs(&v, "permissions.organization_ids", o.PermissionOrganizationIDs)
	checkIDs(&v, "permissions.agency_ids", o.PermissionAgencyIDs)
	checkIDs(&v, "permissions.advertiser_ids", o.PermissionAdvertiserIDs)
	if o.Q != nil {
		v.Merge("q", o.Q.Validate())
	}
	return v.Err()
}

// createRequest checks d against the rules of creation (a nil d is
// refused) and returns the body of Create: every writable field and the
// owner.
func (d *Deal) createRequest() (any, error) {
	if err := checkRecord("deal", d); err != nil {
		return nil, err
	}
	if err := d.Validate(true); err != nil {
		return nil, err
	}
	return d.createBody(), nil
}

// updateRequest checks d (a nil d, an id below 1 and an owner change are
// refused) and returns the body of Update: what changed since d was read
// (every set field, for a record built by hand) with the version.
func (d *Deal) updateRequest() (any, error) {
	if err := checkRecord("deal", d); err != nil {
		return nil, err
	}
	if err := checkID(d.ID); err != nil {
		return nil, err
	}
	return d.updateBody()
}

// Owners returns the owner of each deal in ids, read from the server (for
// checking that deals may join a group).
func (s *DealService) Owners(ctx context.Context, ids []int64, ro ...adama.RequestOption) (map[int64]Owner, error) {
	out := make(map[int64]Owner, len(ids))
	for start := 0; start < len(ids); start += MaxPageLimit {
		chunk := ids[start:min(start+MaxPageLimit, len(ids))]
		p, err := s.List(ctx, &ListOptions{IDs: chunk, PageLimit: MaxPageLimit}, ro...)
		if err != nil {
			return nil, err
		}
		for _, d := range p.Items {
			out[d.ID] = d.Owner
		}
	}
	return out, nil
}
