package deals

import "slices"

// The enums below are declared once each (type, values); their Values,
// Valid and IsKnown methods come from the generic helpers at the end. An
// unknown value the server sends is kept as it is (IsKnown reports false);
// an unknown value the caller sets is refused before sending.

// OwnerType is the level that owns a deal or deal group.
//
//adama:enum
type OwnerType string

// Owner types.
const (
	OwnerAdvertiser   OwnerType = "ADVERTISER"
	OwnerAgency       OwnerType = "AGENCY"
	OwnerOrganization OwnerType = "ORGANIZATION"
	// OwnerInternal is set by the platform; callers cannot create it.
	OwnerInternal OwnerType = "INTERNAL"
)

// Values lists the known owner types.
func (OwnerType) Values() []OwnerType {
	return []OwnerType{OwnerAdvertiser, OwnerAgency, OwnerOrganization, OwnerInternal}
}

// Valid reports whether o is a known owner type.
func (o OwnerType) Valid() bool { return known(o) }

// IsKnown reports whether o is a known owner type.
func (o OwnerType) IsKnown() bool { return known(o) }

// settable reports whether a caller may give this owner type.
func (o OwnerType) settable() bool {
	return o == OwnerAdvertiser || o == OwnerAgency || o == OwnerOrganization
}

// PriceType is how a deal's price applies.
//
//adama:enum
type PriceType string

// Price types.
const (
	PriceFixed PriceType = "FIXED"
	PriceFloor PriceType = "FLOOR"
)

// Values lists the known price types.
func (PriceType) Values() []PriceType { return []PriceType{PriceFixed, PriceFloor} }

// Valid reports whether p is a known price type.
func (p PriceType) Valid() bool { return known(p) }

// IsKnown reports whether p is a known price type.
func (p PriceType) IsKnown() bool { return known(p) }

// PriceMethod is how a deal's cost accrues.
//
//adama:enum
type PriceMethod string

// Price methods.
const (
	PriceCPM PriceMethod = "CPM"
)

// Values lists the known price methods.
func (PriceMethod) Values() []PriceMethod { return []PriceMethod{PriceCPM} }

// Valid reports whether p is a known price method.
func (p PriceMethod) Valid() bool { return known(p) }

// IsKnown reports whether p is a known price method.
func (p PriceMethod) IsKnown() bool { return known(p) }

// DealSource says who made a deal.
//
//adama:enum
type DealSource string

// Deal sources.
const (
	SourceUser     DealSource = "USER"
	SourceInternal DealSource = "INTERNAL"
)

// Values lists the known deal sources.
func (DealSource) Values() []DealSource { return []DealSource{SourceUser, SourceInternal} }

// Valid reports whether s is a known deal source.
func (s DealSource) Valid() bool { return known(s) }

// IsKnown reports whether s is a known deal source.
func (s DealSource) IsKnown() bool { return known(s) }

// MediaType is a deal's media.
//
//adama:enum
type MediaType string

// Media types.
const (
	MediaDisplay MediaType = "DISPLAY"
	MediaVideo   MediaType = "VIDEO"
)

// Values lists the known media types.
func (MediaType) Values() []MediaType { return []MediaType{MediaDisplay, MediaVideo} }

// Valid reports whether m is a known media type.
func (m MediaType) Valid() bool { return known(m) }

// IsKnown reports whether m is a known media type.
func (m MediaType) IsKnown() bool { return known(m) }

// BillType says who is billed for a deal.
//
//adama:enum
type BillType string

// Bill types.
const (
	BillExchange  BillType = "EXCHANGE"
	BillPublisher BillType = "PUBLISHER"
	BillNone      BillType = "NONE"
)

// Values lists the known bill types.
func (BillType) Values() []BillType { return []BillType{BillExchange, BillPublisher, BillNone} }

// Valid reports whether b is a known bill type.
func (b BillType) Valid() bool { return known(b) }

// IsKnown reports whether b is a known bill type.
func (b BillType) IsKnown() bool { return known(b) }

// DealType is programmatic guaranteed or standard.
//
//adama:enum
type DealType string

// Deal types.
const (
	DealPG       DealType = "PG"
	DealStandard DealType = "STANDARD"
)

// Values lists the known deal types.
func (DealType) Values() []DealType { return []DealType{DealPG, DealStandard} }

// Valid reports whether d is a known deal type.
func (d DealType) Valid() bool { return known(d) }

// IsKnown reports whether d is a known deal type.
func (d DealType) IsKnown() bool { return known(d) }

// SortDir orders a list.
//
//adama:enum
type SortDir string

// Sort directions.
const (
	Asc  SortDir = "ASC"
	Desc SortDir = "DESC"
)

// Values lists the sort directions.
func (SortDir) Values() []SortDir { return []SortDir{Asc, Desc} }

// Valid reports whether d is a sort direction.
func (d SortDir) Valid() bool { return known(d) }

// IsKnown reports whether d is a sort direction.
func (d SortDir) IsKnown() bool { return known(d) }

// TimeWindow is a predefined reporting period of deal analytics.
//
//adama:enum
type TimeWindow string

// Time windows.
const (
	Yesterday   TimeWindow = "yesterday"
	Last7Days   TimeWindow = "last_7_days"
	Last30Days  TimeWindow = "last_30_days"
	MonthToDate TimeWindow = "month_to_date"
)

// Values lists the time windows.
func (TimeWindow) Values() []TimeWindow {
	return []TimeWindow{Yesterday, Last7Days, Last30Days, MonthToDate}
}

// Valid reports whether w is a known time window.
func (w TimeWindow) Valid() bool { return known(w) }

// IsKnown reports whether w is a known time window.
func (w TimeWindow) IsKnown() bool { return known(w) }

// enum is what the generic helpers need of an enum type.
type enum[T any] interface {
	~string
	Values() []T
}

// known reports whether v is one of its type's values.
func known[T enum[T]](v T) bool { return slices.Contains(v.Values(), v) }

// names lists an enum's values for rule texts ("one of: A, B").
func names[T enum[T]](v T) string {
	out := "one of:"
	for i, x := range v.Values() {
		if i > 0 {
			out += ","
		}
		out += " " + string(x)
	}
	return out
}
