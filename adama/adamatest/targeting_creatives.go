package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake/targetingfake"
	"github.com/adamasdk/adama-go/targeting"
)

// The collections of group B's fake that hold atomic creatives, pixel
// bundles and marketplaces, for TargetingHandle.AddN.
const (
	TargetingAtomicCreatives = targetingfake.AtomicCreatives
	TargetingPixelBundles    = targetingfake.PixelBundles
	TargetingMarketplaces    = targetingfake.Marketplaces
	// TargetingSiteListAssignments holds the assignments of the site
	// lists, each with its site_list_id.
	TargetingSiteListAssignments = targetingfake.SiteListAssignments
)

// targetingHandleOf returns the typed records of coll (empty on a server
// that does not serve the group).
func targetingHandleOf[T any](h *TargetingHandle, coll string, key func(*T) int64) *Records[int64, T] {
	if h.st == nil {
		return &Records[int64, T]{}
	}
	return targetingRecords(h.st, coll, key)
}

// AtomicCreatives returns the atomic creatives, keyed by id.
func (h *TargetingHandle) AtomicCreatives() *Records[int64, targeting.AtomicCreative] {
	return targetingHandleOf(h, TargetingAtomicCreatives, func(a *targeting.AtomicCreative) int64 { return a.ID })
}

// PixelBundles returns the pixel bundles, keyed by id.
func (h *TargetingHandle) PixelBundles() *Records[int64, targeting.PixelBundle] {
	return targetingHandleOf(h, TargetingPixelBundles, func(p *targeting.PixelBundle) int64 { return p.ID })
}

// Marketplaces returns the marketplaces, keyed by id.
func (h *TargetingHandle) Marketplaces() *Records[int64, targeting.Marketplace] {
	return targetingHandleOf(h, TargetingMarketplaces, func(m *targeting.Marketplace) int64 { return m.ID })
}

// SiteLists returns the site lists, keyed by id (their sites are kept
// apart: upload a list through the SDK to give it sites).
func (h *TargetingHandle) SiteLists() *Records[int64, targeting.SiteList] {
	return targetingHandleOf(h, targetingfake.SiteLists, func(s *targeting.SiteList) int64 { return s.ID })
}

// SiteListAssignments returns the site lists' assignments, keyed by id.
func (h *TargetingHandle) SiteListAssignments() *Records[int64, targeting.SiteListAssignment] {
	return targetingHandleOf(h, TargetingSiteListAssignments, func(a *targeting.SiteListAssignment) int64 { return a.ID })
}
