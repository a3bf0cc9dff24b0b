package adamatest

import (
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/creativesfake"
)

// registerCreatives plugs in group D (creatives): video v3 and v2,
// companions, classification, static data, component creatives and the
// storage host of pre-signed uploads (this server under its other
// loopback name, so the client treats it as a foreign host).
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

// CreativesHandle seeds and inspects the group D fake.
type CreativesHandle struct{ st *creativesfake.Store }

// Creatives returns the handle of the group D fake.
func (s *Server) Creatives() *CreativesHandle {
	return &CreativesHandle{st: storeOf[*creativesfake.Store](s, "creatives")}
}

// AddVideo stores an uploaded, encoded video creative with details (JSON
// values by wire name: advertiser, name, concept, clickthroughUrl, ...)
// and returns its id.
func (h *CreativesHandle) AddVideo(details map[string]any) int64 { return h.st.AddVideo(details) }

// Video returns a copy of a video creative's details (nil when absent).
func (h *CreativesHandle) Video(id int64) map[string]any { return h.st.Video(id) }

// VideoCount returns how many video creatives the fake holds.
func (h *CreativesHandle) VideoCount() int { return h.st.VideoCount() }

// CompanionCount returns how many companions a video creative has.
func (h *CreativesHandle) CompanionCount(id int64) int { return h.st.CompanionCount(id) }

// FailEncoding makes the creative's encoding end in the Error state.
func (h *CreativesHandle) FailEncoding(id int64) { h.st.FailEncoding(id) }

// ExpireUploads makes every pre-signed upload URL handed out so far
// expired.
func (h *CreativesHandle) ExpireUploads() { h.st.ExpireUploads() }

// Uploads returns what the storage host received, headers included.
func (h *CreativesHandle) Uploads() []CreativesUpload { return h.st.Uploads() }

// SetStorageURL points pre-signed upload URLs handed out from now on at
// base ("http://host:port"), a storage host of the test's own.
func (h *CreativesHandle) SetStorageURL(base string) { h.st.SetStorageURL(base) }

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
