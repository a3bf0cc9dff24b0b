package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// The organizations family's collections of group B's fake, for
// TargetingHandle.AddN.
const (
	TargetingOrganizations = targetingfake.Organizations
	TargetingAgencies      = targetingfake.Agencies
	TargetingVendors       = targetingfake.Vendors
	TargetingSupplySources = targetingfake.SupplySources
)

// handleRecords is the typed view of collection coll of h's store (empty
// on a server that does not serve the group).
func handleRecords[T any](h *TargetingHandle, coll string, key func(*T) int64) *Records[int64, T] {
	if h.st == nil {
		return &Records[int64, T]{}
	}
	return targetingRecords(h.st, coll, key)
}

// Organizations returns the organizations, keyed by id.
func (h *TargetingHandle) Organizations() *Records[int64, targeting.Organization] {
	return handleRecords(h, TargetingOrganizations, func(o *targeting.Organization) int64 { return o.ID })
}

// Agencies returns the agencies, keyed by id.
func (h *TargetingHandle) Agencies() *Records[int64, targeting.Agency] {
	return handleRecords(h, TargetingAgencies, func(a *targeting.Agency) int64 { return a.ID })
}

// UserRecords returns the users as the user endpoints answer them (the
// records Users returns, read as targeting.User), keyed by id.
func (h *TargetingHandle) UserRecords() *Records[int64, targeting.User] {
	return handleRecords(h, TargetingPermissions, func(u *targeting.User) int64 { return u.ID })
}

// Vendors returns the vendors (seeded with two), keyed by id.
func (h *TargetingHandle) Vendors() *Records[int64, targeting.Vendor] {
	return handleRecords(h, TargetingVendors, func(v *targeting.Vendor) int64 { return v.ID })
}

// SupplySources returns the supply sources (seeded with two), keyed by id.
func (h *TargetingHandle) SupplySources() *Records[int64, targeting.SupplySource] {
	return handleRecords(h, TargetingSupplySources, func(s *targeting.SupplySource) int64 { return s.ID })
}
