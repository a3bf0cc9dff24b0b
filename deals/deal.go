package deals

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Deal (records_gen.go) keeps the body it was read from (x-go-snapshot):
// Update sends what changed since, as writeMap gives it.

// Fresh reports whether the deal was built by hand rather than read from
// the server (Update then sends every set field).
func (d *Deal) Fresh() bool { return d.raw == nil }

// writeMap returns the writable properties of d as a create or update
// sends them: channels as ids, the owner (create-only) and the version
// (sent apart) left out, unknown properties included.
func (d *Deal) writeMap() map[string]json.RawMessage {
	c := *d
	c.Owner, c.Version, c.Channels = Owner{}, 0, nil
	b, _ := c.writable()
	m := record.ToMap(b)
	if len(d.Channels) > 0 {
		ids := make([]json.RawMessage, len(d.Channels))
		for i, ch := range d.Channels {
			ids[i] = ch.writeID()
		}
		m["channels"], _ = json.Marshal(ids)
	}
	return m
}

// snapshot returns the writable form (as writeMap) and the owner the
// record had when it was read, or nil and the zero owner for a record
// built by hand.
func (d *Deal) snapshot() (map[string]json.RawMessage, Owner) {
	if d.raw == nil {
		return nil, Owner{}
	}
	o := d.original()
	if o == nil {
		return map[string]json.RawMessage{}, Owner{}
	}
	return o.writeMap(), o.Owner
}

// createBody is the body of a create: every writable field and the owner.
func (d *Deal) createBody() map[string]json.RawMessage {
	m := d.writeMap()
	if !d.Owner.Equal(Owner{}) || d.Owner.Extra != nil {
		m["owner"], _ = json.Marshal(d.Owner)
	}
	return m
}

// updateBody is the body of an update: what changed since d was read
// (everything set, for a fresh record), plus the version when known. It
// refuses a change to the owner (create-only) or a read-only property
// (validateChange, records_gen.go) and a sent value breaking a rule.
func (d *Deal) updateBody() (map[string]json.RawMessage, error) {
	var v valid.Validator
	var snap map[string]json.RawMessage
	if !d.Fresh() {
		snap, _ = d.snapshot()
		d.validateChange(&v, d.original())
	}
	d.validate(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := d.writeMap()
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
	body := d.writeMap()
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

// Validate checks d against every rule the description states for a
// create (create set: the DealCreate body's required fields) or an update
// (the DealUpdate body's): lengths, limits, enum values, the owner, the
// permissions and the price by their own rules, and the rules between
// fields (checkDeal). It returns an *adama.ValidationError naming every
// broken rule, or nil. The rules are generated (records_gen.go,
// validate).
func (d *Deal) Validate(create bool) error {
	var v valid.Validator
	if d == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	d.validate(&v, create)
	return v.Err()
}

// checkDeal checks the rules no schema states (x-go-validate-also, called
// by the generated validateAt): a create names a currency (currency_code
// or price.currency_code) and the two agree when both are well formed, a
// deal starts before it ends, a PG deal is FIXED with both datetimes, and
// the channels (written as ids) have positive ids.
func (d *Deal) checkDeal(v *valid.Validator, at string, create bool) {
	if create {
		v.Require(valid.Path(at, "currency_code"), d.CurrencyCode != "" || (d.Price != nil && d.Price.CurrencyCode != ""))
	}
	if d.Price != nil && isCurrency(d.CurrencyCode) && isCurrency(d.Price.CurrencyCode) {
		v.Check(d.CurrencyCode == d.Price.CurrencyCode, valid.Path(at, "price.currency_code"), "must match currency_code", d.Price.CurrencyCode)
	}
	if d.StartDatetime != nil && d.EndDatetime != nil && !d.StartDatetime.IsZero() && !d.EndDatetime.IsZero() {
		v.Check(d.StartDatetime.Before(d.EndDatetime.Time), valid.Path(at, "start_datetime"), "must be earlier than end_datetime", d.StartDatetime.String())
	}
	if d.DealType == DealTypePG {
		v.Check(d.PriceType == PriceTypeFixed, valid.Path(at, "price_type"), "must be FIXED for a PG deal", d.PriceType)
		v.Check(d.StartDatetime != nil && !d.StartDatetime.IsZero(), valid.Path(at, "start_datetime"), "required for a PG deal", nil)
		v.Check(d.EndDatetime != nil && !d.EndDatetime.IsZero(), valid.Path(at, "end_datetime"), "required for a PG deal", nil)
	}
	for i, c := range d.Channels {
		_, kept := c.Extra["id"]
		v.Check(c.ID > 0 || kept && c.ID == 0, valid.Index(at, "channels", i), "must be a positive channel id", c.ID)
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

func (o *ListOptions) validate() error {
	var v valid.Validator
	v.Check(o.OwnerOrganizationID > 0 || len(o.IDs) > 0, "owner.organization_id", "required unless ids is given", nil)
	checkIDs(&v, "ids", o.IDs)
	checkEnum(&v, "deal_type", o.DealType)
	if o.SortBy != "" {
		v.Check(o.SortBy.Valid(), "sort_by", names(o.SortBy), string(o.SortBy))
	}
	checkEnum(&v, "sort_dir", o.SortDir)
	checkPaging(&v, o.PageLimit, o.PageOffset, o.Prefetch, o.Speculate)
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
		v.Merge("", o.Q.Validate()) // qlang names its fields q and q.terms[i]
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
	var v valid.Validator
	d.validate(&v, true)
	if err := v.Err(); err != nil {
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
