package adamatest

import (
	"time"

	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/creativesfake"
)

// registerCreatives plugs in group D (creatives): video v3 and v2,
// companions, classification, static data, component creatives, the
// storage host of pre-signed uploads and the v2 upload host (both this
// server under its other loopback name, so the client treats them as
// foreign hosts).
func registerCreatives(r fake.Registrar) {
	s := serverOf(r)
	s.setStore("creatives", creativesfake.Register(r, creativesConfig(s)))
}

// creativesConfig returns the group D fake's config, kept with the
// server's per-group state until registration.
func creativesConfig(s *Server) creativesfake.Config {
	if c := storeOf[*creativesfake.Config](s, "creatives.config"); c != nil {
		return *c
	}
	return creativesfake.Config{}
}

func withCreativesConfig(f func(*creativesfake.Config)) Option {
	return func(s *Server) {
		c := creativesConfig(s)
		f(&c)
		s.setStore("creatives.config", &c)
	}
}

// WithCreativesEncodingStep sets the encoding percent the group D fake
// adds each time a creative's status is read (default 50).
func WithCreativesEncodingStep(percent float64) Option {
	return withCreativesConfig(func(c *creativesfake.Config) { c.EncodingStep = percent })
}

// WithCreativesUploadTTL sets the lifetime of the pre-signed upload URLs
// the group D fake hands out (default 900 s).
func WithCreativesUploadTTL(d time.Duration) Option {
	return withCreativesConfig(func(c *creativesfake.Config) { c.UploadTTL = d })
}

// WithCreativesStorageURL points the pre-signed upload URLs at base
// ("http://host:port"), a storage host of the test's own, from the start.
func WithCreativesStorageURL(base string) Option {
	return withCreativesConfig(func(c *creativesfake.Config) { c.StorageURL = base })
}

// CreativesUpload is what the fake storage host received for one PUT.
type CreativesUpload = creativesfake.Upload

// CreativesHandle seeds and inspects the group D fake. Its collections
// (Videos, ComponentCreatives, Assets, Components) are Records typed with
// the SDK's own records, holding each record in the group's wire form.
type CreativesHandle struct{ st *creativesfake.Store }

// Creatives returns the handle of the group D fake.
func (s *Server) Creatives() *CreativesHandle {
	return &CreativesHandle{st: storeOf[*creativesfake.Store](s, "creatives")}
}

// Videos returns the v3 video creatives, keyed by id, as a v3 read
// answers them (reading through the handle does not move their encoding
// on). Add fills in an uploaded, encoded creative; SetRaw of a property
// the fake keeps as state (details, status, percent, isUploaded,
// updatedOn) changes that state, of any other (or of one in a form the
// platform does not send) is answered as given.
func (h *CreativesHandle) Videos() *Records[int64, creatives.VideoCreative] {
	return creativesTable(h, func(v *creatives.VideoCreative) int64 { return v.ID }, (*creativesfake.Store).Videos)
}

// ComponentCreatives returns the component creatives, keyed by atomic
// creative id, as a read answers them (assets inline; stored are the ids
// of assets the fake holds).
func (h *CreativesHandle) ComponentCreatives() *Records[int64, creatives.ComponentCreative] {
	return creativesTable(h, func(c *creatives.ComponentCreative) int64 { return c.AtomicCreativeID }, (*creativesfake.Store).ComponentCreatives)
}

// Assets returns the component creatives' assets, keyed by asset id.
func (h *CreativesHandle) Assets() *Records[int64, creatives.Asset] {
	return creativesTable(h, func(a *creatives.Asset) int64 { return a.AssetID }, (*creativesfake.Store).Assets)
}

// Components returns the components, keyed by component id.
func (h *CreativesHandle) Components() *Records[int64, creatives.Component] {
	return creativesTable(h, func(c *creatives.Component) int64 { return c.ComponentID }, (*creativesfake.Store).Components)
}

// creativesTable returns one of the group D fake's tables typed with T,
// keyed by key.
func creativesTable[T any](h *CreativesHandle, key func(*T) int64, of func(*creativesfake.Store) creativesfake.Table) *Records[int64, T] {
	if h.st == nil {
		return &Records[int64, T]{}
	}
	return docBacked(of(h.st), key)
}

// CompanionCount returns how many companions a video creative has.
func (h *CreativesHandle) CompanionCount(id int64) int { return h.st.CompanionCount(id) }

// FailEncoding makes the creative's encoding end in the Error state.
func (h *CreativesHandle) FailEncoding(id int64) { h.st.FailEncoding(id) }

// ExpireUploads makes every pre-signed upload URL handed out so far
// expired.
func (h *CreativesHandle) ExpireUploads() { h.st.ExpireUploads() }

// Uploads returns what the storage host and the v2 upload host received,
// headers included.
func (h *CreativesHandle) Uploads() []CreativesUpload { return h.st.Uploads() }

// SetStorageURL points pre-signed upload URLs handed out from now on at
// base ("http://host:port"), a storage host of the test's own.
func (h *CreativesHandle) SetStorageURL(base string) { h.st.SetStorageURL(base) }

// SetUploaderURL points the v2 upload host that upload locations name
// from now on at base ("http://host:port"), a server of the test's own;
// by default it is this server under its other loopback name, a host the
// client treats as foreign.
func (h *CreativesHandle) SetUploaderURL(base string) { h.st.SetUploaderURL(base) }

// TempFiles returns how many files the v2 upload host keeps that the
// platform has not taken yet.
func (h *CreativesHandle) TempFiles() int { return h.st.TempFiles() }

// SetComponentAdmin sets whether the caller may create components.
func (h *CreativesHandle) SetComponentAdmin(ok bool) { h.st.SetComponentAdmin(ok) }

// AddComponentCreative stores a component creative of advertiser and
// returns its atomic creative id.
func (h *CreativesHandle) AddComponentCreative(advertiser int64, name string) int64 {
	return h.st.AddComponentCreative(advertiser, name)
}

// ComponentCreativeAssets returns the asset ids a component creative has.
func (h *CreativesHandle) ComponentCreativeAssets(id int64) []int64 {
	return h.st.ComponentCreativeAssets(id)
}
