package creativesfake

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
)

// ComponentPrefix is where the fake serves component creatives.
const ComponentPrefix = "/component_creatives/v1.0"

// MaxApprovalIDs is how many ids an approvals read takes.
const MaxApprovalIDs = 50

// writeCC writes the answer {data, meta} (meta.code, status and type as
// the reference shows).
func writeCC(w http.ResponseWriter, status int, typ string, data any, extra map[string]any) {
	meta := map[string]any{"code": status, "status": "success", "type": typ}
	if status == http.StatusCreated {
		meta["status"] = "created"
	}
	maps.Copy(meta, extra)
	writeJSON(w, status, map[string]any{"data": data, "meta": meta})
}

// writeCCError writes the error answer {meta: {code, status: "error",
// message}, errors: [{param, msg}]}.
func writeCCError(w http.ResponseWriter, status int, msg string, items ...[2]string) {
	v := map[string]any{"meta": map[string]any{"code": status, "status": "error", "type": "error", "message": msg}}
	if len(items) > 0 {
		errs := []any{}
		for _, it := range items {
			errs = append(errs, map[string]any{"param": it[0], "msg": it[1], "location": "body"})
		}
		v["errors"] = errs
	}
	writeJSON(w, status, v)
}

func now() string { return time.Now().UTC().Format("2006-01-02T15:04:05.000Z") }

func (s *Store) seedComponents() {
	for _, c := range []struct {
		id         int64
		name, kind string
	}{{1, "Call to Action", "TEXT"}, {2, "Image", "IMAGE"}, {4, "Destination URL", "TEXT"}, {6, "Body", "TEXT"}, {7, "Title", "TEXT"}, {11, "Video", "VIDEO"}, {12, "Subtitle", "SUBTITLE"}} {
		s.components.Put(fake.Doc{"component_human_name": c.name, "component_id": c.id,
			"created_at": "2016-12-01T03:56:44.091Z", "is_enabled": true, "updated_at": "2016-12-01T03:56:44.091Z", "value_type_name": c.kind})
	}
	s.componentIDs = fake.NewSeq(20)
}

// AddComponentCreative stores a component creative for advertiser and
// returns its atomic creative id.
func (s *Store) AddComponentCreative(advertiser int64, name string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addCC(map[string]any{"creative_name": name, "advertiser_id": advertiser, "concept_id": 77})
}

// ComponentCreativeAssets returns the asset ids of a component creative.
func (s *Store) ComponentCreativeAssets(id int64) []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.ccreatives.Get(id)
	if !ok {
		return nil
	}
	ids, _ := c["asset_ids"].([]int64)
	return slices.Clone(ids)
}

func (s *Store) addCC(b map[string]any) int64 {
	id := s.ids.Next()
	adv, _ := num(b["advertiser_id"])
	if adv == 0 {
		adv = 100178
	}
	c := map[string]any{
		"atomic_creative_id": id, "creative_id": id - 4000, "creative_name": str(b["creative_name"]), "advertiser_id": int64(adv),
		"advertiser_name": "Advertiser " + strconv.Itoa(int(adv)), "concept_id": fmt.Sprint(b["concept_id"]), "concept_name": "Concept",
		"start_date": "2016-09-30T00:00:00", "end_date": "2030-11-30T00:00:00", "external_identifier": "NA", "status": "1",
		"unpublished": false, "created_at": now(), "last_modified": now(), "asset_ids": []int64{},
	}
	for _, k := range []string{"title", "body", "clickThroughUrl", "destinationUrl", "external_identifier", "start_date", "end_date"} {
		if v, ok := b[k]; ok {
			c[k] = v
		}
	}
	if v, ok := b["status"].(bool); ok {
		c["status"] = map[bool]string{true: "1", false: "0"}[v]
	}
	s.ccreatives.Put(c)
	return id
}

func (s *Store) newAsset(adv int64, a map[string]any) int64 {
	id := s.assetIDs.Next()
	rec := map[string]any{"asset_id": id, "advertiser_id": adv, "asset_name": nil, "created_at": now(), "updated_at": now()}
	cid, _ := num(a["component_id"])
	switch {
	case str(a["encoded_image_file"]) != "":
		data, _ := base64.StdEncoding.DecodeString(str(a["encoded_image_file"]))
		cid = 2
		rec["asset_type"], rec["image_filename"], rec["image_file_size"] = "image", str(a["image_filename"]), len(data)
		rec["image_url"] = "https://cdn.example/" + url.PathEscape(str(a["image_filename"]))
	case str(a["encoded_subtitle_file"]) != "":
		cid = 12
		rec["asset_type"], rec["subtitle_filename"] = "subtitle", str(a["subtitle_filename"])
		rec["subtitle_url"] = "https://cdn.example/" + url.PathEscape(str(a["subtitle_filename"]))
	default:
		rec["asset_type"], rec["asset_value"] = "text", a["asset_value"]
	}
	rec["component_id"] = int64(cid)
	if comp, ok := s.components.Get(int64(cid)); ok {
		rec["component_human_name"] = comp["component_human_name"]
	}
	s.assets.Put(rec)
	return id
}

func (s *Store) ccView(c map[string]any, previews bool) map[string]any {
	v := maps.Clone(c)
	delete(v, "asset_ids")
	assets := []any{}
	for _, id := range c["asset_ids"].([]int64) {
		if a, ok := s.assets.Get(id); ok {
			assets = append(assets, a)
		}
	}
	v["assets"] = assets
	if previews {
		v["previews"] = map[string]any{"desktop": "https://preview.example/" + fmt.Sprint(c["atomic_creative_id"])}
	}
	return v
}

// applyAssets replaces a creative's assets with the JSON string list s.
func (s *Store) applyAssets(c map[string]any, raw string) bool {
	var items []map[string]any
	if json.Unmarshal([]byte(raw), &items) != nil {
		return false
	}
	adv, _ := c["advertiser_id"].(int64)
	ids := []int64{}
	for _, it := range items {
		if id, ok := num(it["asset_id"]); ok && len(it) == 1 {
			if s.assets.Has(int64(id)) {
				ids = append(ids, int64(id))
			}
			continue
		}
		ids = append(ids, s.newAsset(adv, it))
	}
	c["asset_ids"] = ids
	return true
}

// registerComponentsV3 serves the component creatives' v3.0 paths,
// which the description does not list: the same resources as v1.0's;
// creative updates are PUT.
func registerComponentsV3(r fake.Registrar, s *Store) {
	h := func(pattern string, f http.HandlerFunc) { r.Handle(pattern, fake.Session, f) }
	v3 := "/component_creatives/v3.0"
	h("GET "+v3+"/creatives", s.ccList)
	h("POST "+v3+"/creatives", s.ccCreate)
	h("GET "+v3+"/creatives/{id}", s.ccGet)
	h("PUT "+v3+"/creatives/{id}", s.ccUpdate)
	h("GET "+v3+"/creatives/{id}/eligibility", s.ccEligibility)
	h("GET "+v3+"/approvals", s.ccApprovals)
	h("GET "+v3+"/components", s.compList)
	h("POST "+v3+"/components", s.compCreate)
	h("GET "+v3+"/components/{id}", s.compGet)
	h("POST "+v3+"/components/{id}", s.compUpdate)
}

func (s *Store) ccList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, _ := strconv.Atoi(q.Get("page_limit"))
	offset, _ := strconv.Atoi(q.Get("page_offset"))
	if q.Has("page_limit") && (limit < 1 || limit > 100) {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"page_limit", "must be between 1 and 100"})
		return
	}
	if limit == 0 {
		limit = 100
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []map[string]any
	for _, c := range s.ccreatives.All() {
		if st := q.Get("status"); st != "" && c["status"] != st {
			continue
		}
		if adv := q.Get("advertiser_id"); adv != "" && fmt.Sprint(c["advertiser_id"]) != adv {
			continue
		}
		if term := strings.ToLower(q.Get("search")); term != "" && !strings.Contains(strings.ToLower(str(c["creative_name"])+" "+fmt.Sprint(c["atomic_creative_id"])), term) {
			continue
		}
		all = append(all, s.ccView(c, false))
	}
	page := []any{}
	for i := offset; i < len(all) && i < offset+limit; i++ {
		page = append(page, all[i])
	}
	// total_count is an integer, as the reference's schema
	// (models.MetaInfo) and its v1.0 example write it.
	writeCC(w, http.StatusOK, "creatives", page, map[string]any{"count": len(page), "offset": offset, "total_count": len(all)})
}

func (s *Store) ccCreate(w http.ResponseWriter, r *http.Request) {
	var b map[string]any
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", "invalid JSON"})
		return
	}
	if c, ok := num(b["concept_id"]); !ok || c <= 0 {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"concept_id", "must be an integer"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.addCC(b)
	c, _ := s.ccreatives.Get(id)
	if raw := str(b["assets"]); raw != "" && !s.applyAssets(c, raw) {
		s.ccreatives.Delete(id)
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"assets", "must be a JSON array"})
		return
	}
	writeCC(w, http.StatusCreated, "creative", s.ccView(c, false), nil)
}

func (s *Store) ccLookup(w http.ResponseWriter, r *http.Request) map[string]any {
	id, _ := pathInt(r, "id")
	c, _ := s.ccreatives.Get(id)
	if c == nil {
		writeCCError(w, http.StatusNotFound, "Creative not found")
	}
	return c
}

func (s *Store) ccGet(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.ccLookup(w, r); c != nil {
		writeCC(w, http.StatusOK, "creative", s.ccView(c, r.URL.Query().Get("include") == "previews"), nil)
	}
}

func (s *Store) ccUpdate(w http.ResponseWriter, r *http.Request) {
	var b map[string]any
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", "invalid JSON"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.ccLookup(w, r)
	if c == nil {
		return
	}
	for k, v := range b {
		switch k {
		case "assets":
			if !s.applyAssets(c, str(v)) {
				writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"assets", "must be a JSON array"})
				return
			}
		case "status":
			bv, _ := v.(bool)
			c["status"] = map[bool]string{true: "1", false: "0"}[bv]
		default:
			c[k] = v
		}
	}
	c["last_modified"] = now()
	writeCC(w, http.StatusOK, "creative", s.ccView(c, false), map[string]any{"status": "updated"})
}

func (s *Store) ccEligibility(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.ccLookup(w, r)
	if c == nil {
		return
	}
	hasImage := false
	for _, id := range c["asset_ids"].([]int64) {
		a, _ := s.assets.Get(id)
		hasImage = hasImage || a["asset_type"] == "image"
	}
	writeCC(w, http.StatusOK, "eligibility", []any{map[string]any{
		"ad_format": map[string]any{"external_id": "DESKTOP_FEED_STANDARD", "name": "Desktop Newsfeed - Image", "simple_name": "Desktop"},
		"eligible":  hasImage, "optional_components": []any{},
		"required_components": []any{map[string]any{"id": "2", "name": "Image", "present": hasImage}, map[string]any{"id": "4", "name": "Destination URL", "present": true}},
		"supplier":            "Supplier", "supplier_platform": "Supplier Network",
	}}, nil)
}

func (s *Store) ccApprovals(w http.ResponseWriter, r *http.Request) {
	raw := r.URL.Query().Get("atomic_creative_ids")
	ids, ok := parseIDs(raw)
	if !ok || len(ids) > MaxApprovalIDs {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"atomic_creative_ids", "Must provide comma separated ids and number of ids should not exceed 50"})
		return
	}
	out := []any{}
	s.mu.Lock()
	for _, id := range ids {
		if s.ccreatives.Has(id) {
			out = append(out, map[string]any{"atomic_creative_id": strconv.FormatInt(id, 10), "net_status": "PENDING", "sources": map[string]string{"source1": "PENDING", "source2": "N/A"}})
		}
	}
	s.mu.Unlock()
	writeCC(w, http.StatusOK, "approvals", out, nil)
}

func (s *Store) ccPostApproval(w http.ResponseWriter, r *http.Request) {
	var b map[string]any
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", "invalid JSON"})
		return
	}
	id, _ := num(b["atomic_creative_id"])
	s.mu.Lock()
	defer s.mu.Unlock()
	c, _ := s.ccreatives.Get(int64(id))
	if c == nil {
		writeCCError(w, http.StatusNotFound, "Creative not found")
		return
	}
	var items []map[string]any
	if json.Unmarshal([]byte(str(b["assets"])), &items) != nil || len(items) == 0 {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"assets", "required"})
		return
	}
	adv, _ := c["advertiser_id"].(int64)
	ids := c["asset_ids"].([]int64)
	for _, it := range items {
		ids = append(ids, s.newAsset(adv, it))
	}
	c["asset_ids"] = ids
	writeCC(w, http.StatusCreated, "creative", s.ccView(c, false), nil)
}

// getRecord answers the record of m the path's {id} names, wrapped as kind,
// or 404 with notFound.
func (s *Store) getRecord(w http.ResponseWriter, r *http.Request, m *fake.Collection[int64, fake.Doc], kind, notFound string) {
	id, _ := pathInt(r, "id")
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, _ := m.Get(id)
	if rec == nil {
		writeCCError(w, http.StatusNotFound, notFound)
		return
	}
	writeCC(w, http.StatusOK, kind, rec, nil)
}

func (s *Store) assetGet(w http.ResponseWriter, r *http.Request) {
	s.getRecord(w, r, s.assets, "asset", "Asset not found")
}

// readAssetBody reads a JSON or multipart asset body into fields, the
// file (when multipart) into fileName and size.
func readAssetBody(r *http.Request) (map[string]any, string, int, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			return nil, "", 0, err
		}
		fields := map[string]any{}
		for k, v := range r.MultipartForm.Value {
			fields[k] = v[0]
		}
		name, size := "", 0
		if fh := r.MultipartForm.File["asset_value"]; len(fh) > 0 {
			name, size = fh[0].Filename, int(fh[0].Size)
		}
		return fields, name, size, nil
	}
	var b map[string]any
	err := json.NewDecoder(io.LimitReader(r.Body, 8<<20)).Decode(&b)
	return b, "", 0, err
}

func (s *Store) assetCreate(w http.ResponseWriter, r *http.Request) {
	b, file, size, err := readAssetBody(r)
	if err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", err.Error()})
		return
	}
	var ids []int64
	switch v := b["creative_ids"].(type) {
	case string:
		_ = json.Unmarshal([]byte(v), &ids)
	case []any:
		for _, x := range v {
			n, _ := num(x)
			ids = append(ids, int64(n))
		}
	}
	adv, _ := num(b["advertiser_id"])
	if adv == 0 && len(ids) == 0 {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"advertiser_id", "advertiser_id or creative_ids is required"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		c, _ := s.ccreatives.Get(id)
		if c == nil {
			writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"creative_ids", "unknown creative " + strconv.FormatInt(id, 10)})
			return
		}
		ca, _ := c["advertiser_id"].(int64)
		if adv == 0 {
			adv = float64(ca)
		}
		if float64(ca) != adv {
			writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"creative_ids", "all creatives must belong to the same advertiser"})
			return
		}
	}
	item := map[string]any{"component_id": b["component_id"], "asset_value": b["asset_value"]}
	if file != "" {
		item = map[string]any{"encoded_image_file": base64.StdEncoding.EncodeToString(make([]byte, size)), "image_filename": file}
	}
	aid := s.newAsset(int64(adv), item)
	for _, id := range ids {
		s.ccreatives.Edit(id, false, func(c fake.Doc) fake.Doc {
			c["asset_ids"] = append(c["asset_ids"].([]int64), aid)
			return c
		})
	}
	a, _ := s.assets.Get(aid)
	writeCC(w, http.StatusCreated, "asset", a, nil)
}

func (s *Store) assetUpdate(w http.ResponseWriter, r *http.Request) {
	b, file, size, err := readAssetBody(r)
	if err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", err.Error()})
		return
	}
	id, _ := pathInt(r, "id")
	s.mu.Lock()
	defer s.mu.Unlock()
	a, _ := s.assets.Get(id)
	switch {
	case a == nil:
		writeCCError(w, http.StatusNotFound, "Asset not found")
		return
	case file != "":
		a["image_filename"], a["image_file_size"] = file, size
	case str(b["asset_value"]) != "":
		a["asset_value"] = b["asset_value"]
	default:
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"asset_value", "required"})
		return
	}
	a["updated_at"] = now()
	writeCC(w, http.StatusCreated, "asset", a, nil)
}

// componentView renders a stored component for the path's version: a
// component without a character limit has no char_limit on v3.0 (the
// reference's schema types it an integer) and "char_limit": null on v1.0
// (as the reference's v1.0 examples show it).
func componentView(r *http.Request, c map[string]any) map[string]any {
	out := maps.Clone(c)
	if out["char_limit"] == nil {
		if strings.HasPrefix(r.URL.Path, ComponentPrefix+"/") {
			out["char_limit"] = nil
		} else {
			delete(out, "char_limit")
		}
	}
	return out
}

func (s *Store) compList(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []any{}
	for _, c := range s.components.All() {
		out = append(out, componentView(r, c))
	}
	writeCC(w, http.StatusOK, "components", out, map[string]any{"count": len(out)})
}

func (s *Store) compCreate(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	allowed := s.componentAdm
	s.mu.Unlock()
	if !allowed {
		writeCCError(w, http.StatusUnauthorized, "Unauthorized")
		return
	}
	var b map[string]any
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", "invalid JSON"})
		return
	}
	kind := str(b["value_type_name"])
	if str(b["component_human_name"]) == "" || !slices.Contains(bodies["createComponent"].Enums["value_type_name"], kind) {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"component_human_name", "required"}, [2]string{"value_type_name", "required"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := fake.Doc{"component_human_name": b["component_human_name"], "component_id": s.componentIDs.Next(),
		"created_at": now(), "is_enabled": true, "updated_at": now(), "value_type_name": kind}
	if b["char_limit"] != nil {
		c["char_limit"] = b["char_limit"]
	}
	if v, ok := b["is_enabled"].(bool); ok {
		c["is_enabled"] = v
	}
	s.components.Put(c)
	writeCC(w, http.StatusCreated, "component", componentView(r, c), nil)
}

func (s *Store) compGet(w http.ResponseWriter, r *http.Request) {
	id, _ := pathInt(r, "id")
	s.mu.Lock()
	defer s.mu.Unlock()
	c, _ := s.components.Get(id)
	if c == nil {
		writeCCError(w, http.StatusNotFound, "Component not found")
		return
	}
	writeCC(w, http.StatusOK, "component", componentView(r, c), nil)
}

func (s *Store) compUpdate(w http.ResponseWriter, r *http.Request) {
	var b map[string]any
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"body", "invalid JSON"})
		return
	}
	id, _ := pathInt(r, "id")
	s.mu.Lock()
	defer s.mu.Unlock()
	c, _ := s.components.Get(id)
	if c == nil {
		writeCCError(w, http.StatusNotFound, "Component not found")
		return
	}
	for _, k := range []string{"char_limit", "component_human_name", "is_enabled", "value_type_name"} {
		if v, ok := b[k]; ok {
			c[k] = v
		}
	}
	if c["char_limit"] == nil {
		delete(c, "char_limit")
	}
	c["updated_at"] = now()
	writeCC(w, http.StatusOK, "component", componentView(r, c), nil)
}

func (s *Store) ccUpload(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("filename")
	if strings.ContainsAny(name, "{}^/\\`[]~<>|#%'\"") {
		writeCCError(w, http.StatusBadRequest, "Validation Error", [2]string{"filename", "invalid characters"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sig := random()
	key := fmt.Sprintf("component/%d_%s", time.Now().UnixMilli(), url.PathEscape(name))
	s.presigned[sig] = presign{expires: time.Now().Add(60 * time.Second), key: key}
	q := url.Values{"X-Amz-Algorithm": {"AWS4-HMAC-SHA256"}, "X-Amz-Expires": {"60"}, "X-Amz-SignedHeaders": {"host"}, "X-Amz-Signature": {sig}}
	writeCC(w, http.StatusOK, "upload", s.storageBase(r)+"/storage/"+key+"?"+q.Encode(), nil)
}
