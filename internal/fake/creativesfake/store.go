// Package creativesfake is the in-process fake of group D (creatives) for
// adama/adamatest: video creatives v3 and v2, companions, history, VAST
// validation, a storage host for pre-signed uploads that records what it
// received, simulated encoding, classification v3 and v1.0, IAB static
// data v3 and v1.0, and component creatives. It answers in the group's
// wire forms as the references document them: bare JSON for video,
// classification and static data (text/plain for two v1.0 lists), the
// data/meta form of component creatives, and each family's error body.
package creativesfake

//go:generate go run ../../cmd/apigen -group creatives -fake creativesfake

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Config shapes the fake; the zero value is the default.
type Config struct {
	// StorageURL is the base URL ("http://host:port") of the storage host
	// that pre-signed upload URLs point at; by default the server itself
	// under its other loopback name (localhost for 127.0.0.1 and back).
	StorageURL string
	// EncodingStep is the encoding percent added per status read (default
	// 50).
	EncodingStep float64
	// UploadTTL is the pre-signed URL lifetime (default 900 s).
	UploadTTL time.Duration
	// UploaderURL is the base URL ("http://host:port") of the v2 upload
	// host that upload locations name; by default the server itself under
	// its other loopback name.
	UploaderURL string
}

// Upload is what the storage host received for one PUT, or the v2 upload
// host for one POST.
type Upload struct {
	// Host is the Host header the PUT was sent to.
	Host string
	// Path is the object path.
	Path string
	// Header holds the request's headers.
	Header http.Header
	// Bytes is the body length received.
	Bytes int64
	// SHA256 is the hex digest of the body.
	SHA256 string
	// Status is the status the storage answered.
	Status int
}

type creative struct {
	id         int64
	details    map[string]any
	status     string
	percent    float64
	uploaded   bool
	fail       bool
	companions map[int64]map[string]any
	history    []map[string]any
	updatedOn  time.Time
	vastExt    []string
	fileName   string
	uploadKey  string
	extra      map[string]any // properties seeded in a form the fake does not keep
}

type presign struct {
	creative int64
	expires  time.Time
	key      string
}

// Store is the fake's state, safe for concurrent use. Video creatives,
// component creatives, assets and components are collections of the
// fake core's store; the records are held by pointer and changed in place
// under mu, which the handlers hold around every check and write.
type Store struct {
	mu           sync.Mutex
	ids          *fake.Seq // video and component creative ids
	companionIDs *fake.Seq
	creatives    *fake.Collection[int64, *creative]
	presigned    map[string]presign // signature -> grant
	uploads      []Upload
	storageURL   string
	uploaderURL  string
	uploadKeys   map[string]int64     // v2 upload key -> creative
	temps        map[string]*tempFile // the upload host's files by path
	step         float64
	ttl          time.Duration
	classes      map[int64]classification
	static       map[string][]map[string]any
	components   *fake.Collection[int64, fake.Doc]
	ccreatives   *fake.Collection[int64, fake.Doc]
	assets       *fake.Collection[int64, fake.Doc]
	assetIDs     *fake.Seq
	componentIDs *fake.Seq
	componentAdm bool
}

// docKind is the kind of component records: JSON objects keyed by an
// int64 under idKey, shared in place (the handlers change them under the
// store's lock).
func docKind(name, idKey string) fake.Kind[int64, fake.Doc] {
	return fake.Kind[int64, fake.Doc]{
		Name:    name,
		Compare: cmp.Compare[int64],
		Key:     func(d fake.Doc) int64 { n, _ := fake.Int(d[idKey]); return n },
		SetKey:  func(d fake.Doc, id int64) fake.Doc { d[idKey] = id; return d },
	}
}

func newStore() *Store {
	ids := fake.NewSeq(5000)
	return &Store{
		ids: ids, companionIDs: fake.NewSeq(100), assetIDs: fake.NewSeq(900), componentIDs: fake.NewSeq(10),
		creatives: fake.NewCollection(fake.Kind[int64, *creative]{
			Name: "creative", Compare: cmp.Compare[int64],
			Key:    func(c *creative) int64 { return c.id },
			SetKey: func(c *creative, id int64) *creative { c.id = id; return c },
			NewKey: ids.Next, Seen: ids.Skip,
		}),
		presigned: map[string]presign{}, uploadKeys: map[string]int64{}, temps: map[string]*tempFile{},
		step: 50, ttl: 900 * time.Second,
		classes:      map[int64]classification{},
		static:       seedStatic(),
		components:   fake.NewCollection(docKind("component", "component_id")),
		ccreatives:   fake.NewCollection(docKind("component creative", "atomic_creative_id")),
		assets:       fake.NewCollection(docKind("asset", "asset_id")),
		componentAdm: true,
	}
}

// video returns the video creative under id (nil when absent); callers
// hold mu.
func (s *Store) video(id int64) *creative {
	c, _ := s.creatives.Get(id)
	return c
}

func random() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// CompanionCount returns how many companions a creative has.
func (s *Store) CompanionCount(id int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.video(id); c != nil {
		return len(c.companions)
	}
	return 0
}

// FailEncoding makes the creative's encoding end in the Error state.
func (s *Store) FailEncoding(id int64) {
	s.mu.Lock()
	if c := s.video(id); c != nil {
		c.fail = true
	}
	s.mu.Unlock()
}

// ExpireUploads makes every pre-signed URL handed out so far expired.
func (s *Store) ExpireUploads() {
	s.mu.Lock()
	for k, p := range s.presigned {
		p.expires = time.Now().Add(-time.Second)
		s.presigned[k] = p
	}
	s.mu.Unlock()
}

// Uploads returns what the storage host received.
func (s *Store) Uploads() []Upload {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Upload, len(s.uploads))
	for i, u := range s.uploads {
		u.Header = u.Header.Clone()
		out[i] = u
	}
	return out
}

// SetStorageURL points pre-signed URLs handed out from now on at base.
func (s *Store) SetStorageURL(base string) {
	s.mu.Lock()
	s.storageURL = base
	s.mu.Unlock()
}

// SetComponentAdmin sets whether the caller may create components (401
// otherwise, as the platform answers users who are not allowed).
func (s *Store) SetComponentAdmin(ok bool) {
	s.mu.Lock()
	s.componentAdm = ok
	s.mu.Unlock()
}
