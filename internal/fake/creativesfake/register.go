package creativesfake

import (
	"net/http"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Register serves group D on r, shaped by cfg, and returns its state.
func Register(r fake.Registrar, cfg Config) *Store {
	s := newStore()
	s.storageURL, s.uploaderURL = cfg.StorageURL, cfg.UploaderURL
	if cfg.EncodingStep > 0 {
		s.step = cfg.EncodingStep
	}
	if cfg.UploadTTL > 0 {
		s.ttl = cfg.UploadTTL
	}
	s.seedComponents()
	h := &handler{s: s}
	serveDescribed(r, routes(h))
	// The classification reads whose paths overlap in a ServeMux.
	r.Handle("GET /v3.0/classification/{rest...}", fake.Bearer, classGet(false, "cid", "cids",
		h.getClassification, h.getInflatedClassification, h.getClassifications, h.getInflatedClassifications))
	r.Handle("GET /classification/v1.0/{rest...}", fake.Bearer, classGet(true, "creative_id", "creative_ids",
		h.getClassificationV1, h.getInflatedClassificationV1, h.getClassificationsV1, h.getInflatedClassificationsV1))
	fake.RegisterErrors(r, "/v3.0/creatives", func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeFieldError(w, status, code, msg)
	})
	uiErr := func(w http.ResponseWriter, _ *http.Request, status int, _, msg string) { writeUIError(w, status, msg) }
	v1Err := func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeV1Error(w, status, code, msg)
	}
	fake.RegisterErrors(r, "/v3.0/classification", uiErr)
	fake.RegisterErrors(r, "/v3.0/static_data", uiErr)
	fake.RegisterErrors(r, "/classification/v1.0", v1Err)
	fake.RegisterErrors(r, "/static_data/v1.0", v1Err)
	fake.RegisterErrors(r, "/video/v2.0", func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeFieldError(w, status, code, msg)
	})
	// The storage host of pre-signed uploads.
	r.Handle("PUT /storage/{key...}", fake.Public, http.HandlerFunc(s.handleStorage))
	fake.RegisterErrors(r, "/storage/", func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeStorageError(w, status, code, msg)
	})
	registerComponentsV3(r, s)
	fake.RegisterErrors(r, "/component_creatives/", func(w http.ResponseWriter, _ *http.Request, status int, _, msg string) {
		writeCCError(w, status, msg)
	})
	return s
}

// serveDescribed serves the described operations of rs but the
// classification reads (classGet serves them): the component creatives'
// behind a session, the v2 upload host's without credentials, the others
// behind a bearer token.
func serveDescribed(r fake.Registrar, rs fake.Routes) {
	bearer, session, public := fake.Routes{}, fake.Routes{}, fake.Routes{}
	for p, fn := range rs {
		switch {
		case strings.HasPrefix(p, "GET /v3.0/classification/"), strings.HasPrefix(p, "GET /classification/v1.0/"):
		case p == http.MethodPost+" "+UploaderPath:
			public[p] = fn
		case strings.Contains(p, " "+ComponentPrefix+"/"):
			session[p] = fn
		default:
			bearer[p] = fn
		}
	}
	bearer.Serve(r, "", fake.Bearer)
	session.Serve(r, "", fake.Session)
	public.Serve(r, "", fake.Public)
}
