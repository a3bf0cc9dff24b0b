package deals

// The group's enums are generated from internal/apispec/deals.yaml into
// records_gen.go: the wire's (OwnerType, PriceType, PriceMethod,
// DealSource, MediaType, BillType, DealType, SortDir, TimeWindow), the
// sort properties, FilterOp, Embed and the SDK's own BulkOp. An unknown
// value the server sends is kept as it is (Valid reports false); an
// unknown value the caller sets is refused before sending.

// settable reports whether a caller may give this owner type
// (OwnerTypeInternal is set by the platform; callers cannot create it).
func (o OwnerType) settable() bool {
	return o == OwnerTypeAdvertiser || o == OwnerTypeAgency || o == OwnerTypeOrganization
}

// enum is what the generic helpers need of an enum type.
type enum[T any] interface {
	~string
	Values() []T
	Valid() bool
}

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
