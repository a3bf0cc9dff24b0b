package creativesfake

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// writeFieldError writes the video interface's error body (schema
// ErrorInfoList).
func writeFieldError(w http.ResponseWriter, status int, code, msg string, field ...string) {
	item := map[string]any{"error": msg, "code": code}
	if len(field) > 0 {
		item["field"] = field[0]
	}
	writeJSON(w, status, map[string]any{"field_error": []any{item}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func readObject(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := json.NewDecoder(io.LimitReader(r.Body, 8<<20)).Decode(dst); err != nil {
		writeFieldError(w, http.StatusBadRequest, "invalid", "request body: "+err.Error())
		return false
	}
	return true
}

func pathInt(r *http.Request, name string) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	return id, err == nil && id > 0
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

func str(v any) string { s, _ := v.(string); return s }

// checkCreative applies the platform's rules to a create or full update
// body and returns the first broken one.
func checkCreative(d map[string]any, create bool) (field, msg string) {
	if a, ok := num(d["advertiser"]); !ok || a <= 0 {
		return "advertiser", "advertiser is required"
	}
	if n := str(d["name"]); n == "" || len(n) > 256 {
		return "name", "name is required (max 256 characters)"
	}
	if c, ok := num(d["concept"]); create && (!ok || c <= 0) {
		return "concept", "concept is mandatory for creation"
	}
	vast, vastURL := str(d["customVAST"]), str(d["customVASTUrl"])
	if vast != "" && vastURL != "" {
		return "customVASTUrl", "customVAST and customVASTUrl are mutually exclusive"
	}
	if str(d["clickthroughUrl"]) == "" && vast == "" && vastURL == "" {
		return "clickthroughUrl", "clickthroughUrl is required unless customVAST or customVASTUrl is set"
	}
	if fn := str(d["fileName"]); fn != "" && (vast != "" || vastURL != "") {
		return "fileName", "fileName is mutually exclusive with customVAST and customVASTUrl"
	}
	s, sok := num(d["startTime"])
	e, eok := num(d["endTime"])
	if sok && eok && e < s {
		return "endTime", "endTime must be >= startTime"
	}
	return "", ""
}

func (s *Store) view(id int64, c *creative) map[string]any {
	ids := slices.Sorted(maps.Keys(c.companions))
	if ids == nil {
		ids = []int64{}
	}
	v := map[string]any{
		"id": id, "details": c.details, "companionIds": ids, "status": c.status, "percent": c.percent,
		"isUploaded": c.uploaded, "readyToServe": c.status == "Finished", "hasCompanions": len(ids) > 0,
		"isSecure": true, "duration": 15.5, "updatedOn": c.updatedOn.Format(time.RFC3339),
	}
	if vv, ok := c.details["vastVersion"]; ok {
		v["vastVersion"] = vv
	}
	maps.Copy(v, c.extra)
	return v
}

// advance moves a creative's simulated encoding one step on.
func (s *Store) advance(c *creative) {
	if !c.uploaded || c.status == "Finished" || c.status == "Error" {
		return
	}
	if c.fail {
		c.status = "Error"
		return
	}
	c.percent = min(100, c.percent+s.step)
	c.status = "Processing"
	if c.percent >= 100 {
		c.status = "Finished"
	}
}

func (s *Store) newCreative(d map[string]any, r *http.Request) (int64, map[string]any) {
	fileName := str(d["fileName"])
	delete(d, "fileName")
	c := s.creatives.Add(&creative{details: d, status: "Finished", percent: 100, uploaded: true, companions: map[int64]map[string]any{}, updatedOn: time.Now().UTC()})
	id := c.id
	c.history = append(c.history, historyEntry("create", nil))
	res := map[string]any{"creativeId": id, "status": map[string]any{"code": "ok", "message": "created"}}
	if fileName != "" {
		c.status, c.percent, c.uploaded, c.fileName = "Pending", 0, false, fileName
		sig := random()
		key := fmt.Sprintf("creatives/%d/%s", id, url.PathEscape(fileName))
		c.uploadKey = key
		s.presigned[sig] = presign{creative: id, expires: time.Now().Add(s.ttl), key: key}
		q := url.Values{"X-Amz-Algorithm": {"AWS4-HMAC-SHA256"}, "X-Amz-Expires": {strconv.Itoa(int(s.ttl.Seconds()))},
			"X-Amz-SignedHeaders": {"host;x-amz-acl;x-amz-meta-creative"}, "X-Amz-Signature": {sig}}
		res["uploadUrl"] = s.storageBase(r) + "/storage/" + key + "?" + q.Encode()
		res["expiresIn"] = int(s.ttl.Seconds())
	}
	return id, res
}

// storageBase is the storage host's base URL: the configured one, or this
// server under its other loopback name.
func (s *Store) storageBase(r *http.Request) string {
	if s.storageURL != "" {
		return strings.TrimRight(s.storageURL, "/")
	}
	return s.otherLoopback(r)
}

func historyEntry(action string, fields []map[string]any) map[string]any {
	if fields == nil {
		fields = []map[string]any{}
	}
	return map[string]any{"user_id": 1, "user_name": "test.user", "action": action, "date": time.Now().UTC().Format(time.RFC3339), "field": fields}
}

func (s *Store) handleCreate(w http.ResponseWriter, r *http.Request) {
	var d map[string]any
	if !readObject(w, r, &d) {
		return
	}
	if f, m := checkCreative(d, true); f != "" {
		writeFieldError(w, http.StatusBadRequest, "invalid", m, f)
		return
	}
	s.mu.Lock()
	_, res := s.newCreative(d, r)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, res)
}

func (s *Store) handleBulkCreate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Creatives []map[string]any `json:"creatives"`
	}
	if !readObject(w, r, &body) {
		return
	}
	if len(body.Creatives) == 0 {
		writeFieldError(w, http.StatusBadRequest, "invalid", "creatives is required", "creatives")
		return
	}
	s.mu.Lock()
	data, errs := []any{}, []any{}
	for i, d := range body.Creatives {
		if f, m := checkCreative(d, true); f != "" {
			errs = append(errs, map[string]any{"error": m, "index": i, "code": "invalid", "field": f})
			continue
		}
		id, _ := s.newCreative(d, r)
		data = append(data, s.view(id, s.video(id)))
	}
	s.mu.Unlock()
	writeBulk(w, http.StatusCreated, data, errs)
}

func writeBulk(w http.ResponseWriter, status int, data, errs []any) {
	out := map[string]any{"data": data, "meta": map[string]any{"status": "success", "count": strconv.Itoa(len(data))}}
	if len(errs) > 0 {
		out["errors"] = map[string]any{"field_error": errs}
	}
	writeJSON(w, status, out)
}

func (s *Store) handleBulkUpdate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Creatives []map[string]any `json:"creatives"`
	}
	if !readObject(w, r, &body) {
		return
	}
	s.mu.Lock()
	data, errs := []any{}, []any{}
	for i, p := range body.Creatives {
		idf, _ := num(p["id"])
		c := s.video(int64(idf))
		if c == nil {
			errs = append(errs, map[string]any{"error": "creative not found", "index": i, "code": "not_found", "field": "id"})
			continue
		}
		delete(p, "id")
		s.patch(c, p)
		data = append(data, s.view(int64(idf), c))
	}
	s.mu.Unlock()
	writeBulk(w, http.StatusCreated, data, errs)
}

func (s *Store) patch(c *creative, p map[string]any) {
	var fields []map[string]any
	for k, v := range p {
		fields = append(fields, map[string]any{"name": k, "old_value": fmt.Sprint(c.details[k]), "new_value": fmt.Sprint(v)})
		if v == nil {
			delete(c.details, k)
		} else {
			c.details[k] = v
		}
	}
	c.updatedOn = time.Now().UTC()
	c.history = append(c.history, historyEntry("update", fields))
}

func (s *Store) handleList(w http.ResponseWriter, r *http.Request) {
	var body struct {
		CreativeIDs []int64 `json:"creativeIds"`
	}
	if !readObject(w, r, &body) {
		return
	}
	s.mu.Lock()
	data, errs := []any{}, []any{}
	for i, id := range body.CreativeIDs {
		c := s.video(id)
		if c == nil {
			errs = append(errs, map[string]any{"error": fmt.Sprintf("creative %d not found", id), "index": i, "code": "not_found"})
			continue
		}
		data = append(data, s.view(id, c))
	}
	s.mu.Unlock()
	writeBulk(w, http.StatusOK, data, errs)
}

// lookup returns the creative of the path's creativeId, writing a 404
// when there is none. The caller holds s.mu.
// withCreative runs fn under the store's lock with the creative the
// path's {id} names; a missing one is answered 404.
func (s *Store) withCreative(w http.ResponseWriter, r *http.Request, fn func(id int64, c *creative)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, c := s.lookup(w, r, "id"); c != nil {
		fn(id, c)
	}
}

func (s *Store) lookup(w http.ResponseWriter, r *http.Request, name string) (int64, *creative) {
	id, ok := pathInt(r, name)
	c := s.video(id)
	if !ok || c == nil {
		writeFieldError(w, http.StatusNotFound, "not_found", "creative not found")
		return 0, nil
	}
	return id, c
}

func (s *Store) handleGet(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(id int64, c *creative) {
		s.advance(c)
		writeJSON(w, http.StatusOK, map[string]any{"data": s.view(id, c)})
	})
}

func (s *Store) handleReplace(w http.ResponseWriter, r *http.Request) {
	var d map[string]any
	if !readObject(w, r, &d) {
		return
	}
	if f, m := checkCreative(d, false); f != "" {
		writeFieldError(w, http.StatusBadRequest, "invalid", m, f)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	c.details = d
	c.updatedOn = time.Now().UTC()
	c.history = append(c.history, historyEntry("replace", nil))
	writeJSON(w, http.StatusOK, map[string]any{})
}

func (s *Store) handlePatch(w http.ResponseWriter, r *http.Request) {
	var p map[string]any
	if !readObject(w, r, &p) {
		return
	}
	for _, k := range []string{"advertiser", "name"} {
		if v, ok := p[k]; ok && v == nil {
			writeFieldError(w, http.StatusBadRequest, "invalid", k+" cannot be removed", k)
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	s.patch(c, p)
	writeJSON(w, http.StatusCreated, map[string]any{"data": s.view(id, c)})
}

func (s *Store) handleValidateVAST(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	doc := string(b)
	res := map[string]any{}
	switch {
	case !strings.Contains(doc, "<VAST"):
		res["error"] = "document is not VAST XML: no VAST root element"
	case !strings.Contains(doc, "version="):
		res["warnings"] = []string{"VAST version attribute missing; assuming 2.0"}
	}
	writeJSON(w, http.StatusOK, res)
}

func (s *Store) handleHistory(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(_ int64, c *creative) {
		q := r.URL.Query()
		limit, _ := strconv.Atoi(q.Get("limit"))
		offset, _ := strconv.Atoi(q.Get("offset"))
		if limit <= 0 {
			limit = 20
		}
		entries := []any{}
		for i := offset; i < len(c.history) && i < offset+limit; i++ {
			entries = append(entries, c.history[i])
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"with":        map[string]any{"count": 0, "log_entries": []string{}},
			"log_entries": map[string]any{"entry": entries, "count": len(c.history), "start": offset},
		})
	})
}

func (s *Store) handleDeleteHistory(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(_ int64, c *creative) {
		c.history = nil
		writeJSON(w, http.StatusOK, map[string]any{})
	})
}

// checkCompanion applies the companion rules.
func checkCompanion(b map[string]any) (string, string) {
	d, _ := b["details"].(map[string]any)
	if d == nil {
		return "details", "details is required"
	}
	typ := str(d["typ"])
	if str(d["adServer"]) == "" {
		return "details.adServer", "adServer is required"
	}
	if typ != "static" && typ != "iframe" && typ != "html" {
		return "details.typ", "typ must be static, iframe or html"
	}
	for _, k := range []string{"width", "height"} {
		if n, ok := num(d[k]); !ok || n < 32 || n > 10000 {
			return "details." + k, k + " must be between 32 and 10000"
		}
	}
	if str(d["landingUrl"]) == "" {
		return "details.landingUrl", "landingUrl is required"
	}
	click := str(d["clickthroughUrl"])
	if typ == "static" && click == "" {
		return "details.clickthroughUrl", "clickthroughUrl is required for static companions"
	}
	if typ != "static" && click != "" {
		return "details.clickthroughUrl", "clickthroughUrl must be null for iframe/html companions"
	}
	return "", ""
}

func companionView(id int64, b map[string]any) map[string]any {
	v := maps.Clone(b)
	v["id"] = id
	if data := str(b["resourceData"]); data != "" {
		delete(v, "resourceData")
		if mt, _, ok := strings.Cut(strings.TrimPrefix(data, "data:"), ";"); ok {
			v["mimeType"] = mt
		}
		v["resourceBlob"] = data
	}
	return v
}

// readCompanion reads a companion body and checks it, answering 400 when
// it breaks a rule.
func readCompanion(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
	var b map[string]any
	if !readObject(w, r, &b) {
		return nil, false
	}
	if f, m := checkCompanion(b); f != "" {
		writeFieldError(w, http.StatusBadRequest, "invalid", m, f)
		return nil, false
	}
	return b, true
}

func (s *Store) handleCompanionCreate(w http.ResponseWriter, r *http.Request) {
	b, ok := readCompanion(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	cid := s.companionIDs.Next()
	c.companions[cid] = b
	writeJSON(w, http.StatusCreated, map[string]any{"companionId": cid})
}

func (s *Store) handleCompanionList(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(_ int64, c *creative) {
		out := map[string]any{}
		for id, b := range c.companions {
			out[strconv.FormatInt(id, 10)] = companionView(id, b)
		}
		writeJSON(w, http.StatusOK, map[string]any{"companions": out})
	})
}

func (s *Store) companion(w http.ResponseWriter, r *http.Request) (*creative, int64) {
	_, c := s.lookup(w, r, "id")
	if c == nil {
		return nil, 0
	}
	cid, _ := pathInt(r, "cid")
	if _, ok := c.companions[cid]; !ok {
		writeFieldError(w, http.StatusNotFound, "not_found", "companion not found")
		return nil, 0
	}
	return c, cid
}

func (s *Store) handleCompanionGet(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, cid := s.companion(w, r); c != nil {
		writeJSON(w, http.StatusOK, companionView(cid, c.companions[cid]))
	}
}

func (s *Store) handleCompanionUpdate(w http.ResponseWriter, r *http.Request) {
	b, ok := readCompanion(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, cid := s.companion(w, r); c != nil {
		c.companions[cid] = b
		writeJSON(w, http.StatusOK, map[string]any{})
	}
}

func (s *Store) handleCompanionDelete(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, cid := s.companion(w, r); c != nil {
		delete(c.companions, cid)
		writeJSON(w, http.StatusOK, map[string]any{})
	}
}

// writeStorageError writes the storage host's XML error.
func writeStorageError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	_, _ = fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>%s</Code><Message>%s</Message></Error>", code, msg)
}

// handleStorage is the storage host: it checks the pre-signed grant and
// the signed headers, streams the body into a digest and records what it
// received, credentials included, for tests to inspect.
func (s *Store) handleStorage(w http.ResponseWriter, r *http.Request) {
	sig := r.URL.Query().Get("X-Amz-Signature")
	s.mu.Lock()
	grant, ok := s.presigned[sig]
	s.mu.Unlock()
	rec := Upload{Host: r.Host, Path: r.URL.Path, Header: r.Header.Clone()}
	status, code, msg := http.StatusOK, "", ""
	switch {
	case !ok || "/storage/"+grant.key != r.URL.EscapedPath() && "/storage/"+grant.key != r.URL.Path:
		status, code, msg = http.StatusForbidden, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided."
	case time.Now().After(grant.expires):
		status, code, msg = http.StatusForbidden, "AccessDenied", "Request has expired"
	case grant.creative != 0 && r.Header.Get("X-Amz-Acl") != "public-read",
		grant.creative != 0 && r.Header.Get("X-Amz-Meta-Creative") != strconv.FormatInt(grant.creative, 10):
		status, code, msg = http.StatusForbidden, "SignatureDoesNotMatch", "There were headers present in the request which were not signed"
	}
	if status != http.StatusOK {
		_, _ = io.Copy(io.Discard, r.Body)
		rec.Status = status
		s.mu.Lock()
		s.uploads = append(s.uploads, rec)
		s.mu.Unlock()
		writeStorageError(w, status, code, msg)
		return
	}
	h := sha256.New()
	n, err := io.Copy(h, r.Body)
	rec.Bytes, rec.SHA256, rec.Status = n, hex.EncodeToString(h.Sum(nil)), http.StatusOK
	if err != nil || (r.ContentLength >= 0 && n != r.ContentLength) {
		rec.Status = http.StatusBadRequest
		s.mu.Lock()
		s.uploads = append(s.uploads, rec)
		s.mu.Unlock()
		writeStorageError(w, http.StatusBadRequest, "IncompleteBody", "You did not provide the number of bytes specified by the Content-Length HTTP header")
		return
	}
	s.mu.Lock()
	s.uploads = append(s.uploads, rec)
	if c := s.video(grant.creative); c != nil {
		c.uploaded, c.status, c.percent = true, "Pending", 0
	}
	s.mu.Unlock()
	w.Header().Set("ETag", `"`+rec.SHA256[:32]+`"`)
	w.WriteHeader(http.StatusOK)
}
