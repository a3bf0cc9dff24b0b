package creativesfake

import (
	"net/http"

	"github.com/adamasdk/adama-go/internal/fake"
)

// Register serves group D on r, shaped by cfg, and returns its state.
func Register(r fake.Registrar, cfg Config) *Store {
	s := newStore()
	s.storageURL = cfg.StorageURL
	if cfg.EncodingStep > 0 {
		s.step = cfg.EncodingStep
	}
	if cfg.UploadTTL > 0 {
		s.ttl = cfg.UploadTTL
	}
	h := func(pattern string, auth fake.Auth, f http.HandlerFunc) { r.Handle(pattern, auth, f) }
	b := fake.Bearer
	// Video creatives v3.
	h("PUT /v3.0/creatives/bulk", b, s.handleBulkCreate)
	h("PATCH /v3.0/creatives/bulk", b, s.handleBulkUpdate)
	h("POST /v3.0/creatives", b, s.handleCreate)
	h("POST /v3.0/creatives/list", b, s.handleList)
	h("POST /v3.0/creatives/validateVAST", b, s.handleValidateVAST)
	h("GET /v3.0/creatives/{id}", b, s.handleGet)
	h("POST /v3.0/creatives/{id}", b, s.handleReplace)
	h("PATCH /v3.0/creatives/{id}", b, s.handlePatch)
	h("GET /v3.0/creatives/{id}/history", b, s.handleHistory)
	h("DELETE /v3.0/creatives/{id}/history", b, s.handleDeleteHistory)
	h("POST /v3.0/creatives/{id}/companions", b, s.handleCompanionCreate)
	h("GET /v3.0/creatives/{id}/companions", b, s.handleCompanionList)
	h("GET /v3.0/creatives/{id}/companions/{cid}", b, s.handleCompanionGet)
	h("POST /v3.0/creatives/{id}/companions/{cid}", b, s.handleCompanionUpdate)
	h("DELETE /v3.0/creatives/{id}/companions/{cid}", b, s.handleCompanionDelete)
	fake.RegisterErrors(r, "/v3.0/creatives", func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeFieldError(w, status, code, msg)
	})
	// Classification v3 and v1.0.
	h("GET /v3.0/classification/{rest...}", b, s.classGet(false))
	h("POST /v3.0/classification/{cid}", b, s.classSave(false))
	h("POST /v3.0/classification/{cid}/force-publish", b, s.classForcePublish)
	h("POST /v3.0/classification/bulk", b, s.classBulkSave(false))
	h("GET /classification/v1.0/{rest...}", b, s.classGet(true))
	h("POST /classification/v1.0/{cid}", b, s.classSave(true))
	h("POST /classification/v1.0/bulk", b, s.classBulkSave(true))
	// Static data v3 and v1.0.
	h("GET /v3.0/static_data/{category}", b, s.staticList(false))
	h("GET /v3.0/static_data/{category}/{id}", b, s.staticGet(false))
	h("GET /static_data/v1.0/{category}", b, s.staticList(true))
	h("GET /static_data/v1.0/{category}/{id}", b, s.staticGet(true))
	uiErr := func(w http.ResponseWriter, _ *http.Request, status int, _, msg string) { writeUIError(w, status, msg) }
	v1Err := func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeV1Error(w, status, code, msg)
	}
	fake.RegisterErrors(r, "/v3.0/classification", uiErr)
	fake.RegisterErrors(r, "/v3.0/static_data", uiErr)
	fake.RegisterErrors(r, "/classification/v1.0", v1Err)
	fake.RegisterErrors(r, "/static_data/v1.0", v1Err)
	// The storage host of pre-signed uploads.
	h("PUT /storage/{key...}", fake.Public, s.handleStorage)
	fake.RegisterErrors(r, "/storage/", func(w http.ResponseWriter, _ *http.Request, status int, code, msg string) {
		writeStorageError(w, status, code, msg)
	})
	registerV2(r, s)
	registerComponents(r, s)
	return s
}
