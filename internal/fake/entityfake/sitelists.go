package entityfake

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Site list upload, download and assignment (reference: campaigns v3.0,
// tag Site Lists; the assignment form real clients send under
// campaigns/{id}/site_lists and strategies/{id}/site_lists). The v2.0
// upload, download and assignments paths stay for raw clients; the SDK
// sends those under /api/v3.0, which group B's fake serves over the same
// state (Store.ShareSiteLists).

const maxUpload = 8 << 20

func registerSiteLists(r fake.Registrar, h *handler) {
	r.Handle("POST "+Prefix+"/site_lists/upload", fake.Session, http.HandlerFunc(h.siteListUpload))
	r.Handle("POST "+Prefix+"/site_lists/{id}/upload", fake.Session, http.HandlerFunc(h.siteListUpload))
	r.Handle("GET "+Prefix+"/site_lists/{id}/download.csv", fake.Session, http.HandlerFunc(h.siteListDownload))
	r.Handle("GET "+Prefix+"/site_lists/{id}/assignments", fake.Session, http.HandlerFunc(h.siteListAssignments))
}

// sitesOf splits an uploaded file into entries: lines and commas, blanks
// dropped.
func sitesOf(b []byte) []string {
	var out []string
	for _, line := range strings.FieldsFunc(string(b), func(r rune) bool { return r == '\n' || r == '\r' || r == ',' }) {
		if s := strings.TrimSpace(line); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// siteListUpload serves POST site_lists/upload (create: file,
// organization_id and name required, 201) and site_lists/{id}/upload
// (replace the sites; version must be current).
func (h *handler) siteListUpload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload+1<<20)
	if err := r.ParseMultipartForm(maxUpload); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			badRequest(w, r, "file", "file too large")
			return
		}
		badRequest(w, r, "", "a multipart/form-data body is required")
		return
	}
	create := r.PathValue("id") == ""
	form := r.MultipartForm.Value
	var errs []wire.ErrorItem
	for k := range form {
		if !slices.Contains([]string{"organization_id", "name", "restriction", "status", "version"}, k) {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	get := func(k string) string {
		if vs := form[k]; len(vs) > 0 {
			return vs[len(vs)-1]
		}
		return ""
	}
	var content []byte
	var filename string
	if fhs := r.MultipartForm.File["file"]; len(fhs) > 0 {
		f, err := fhs[0].Open()
		if err == nil {
			content, err = io.ReadAll(f)
			_ = f.Close()
		}
		if err != nil {
			badRequest(w, r, "file", "unreadable file")
			return
		}
		filename = fhs[0].Filename
	}
	if len(content) == 0 {
		errs = append(errs, wire.ErrorItem{Code: "required", Field: "file", Message: "file is required"})
	}
	if create {
		for _, k := range []string{"organization_id", "name"} {
			if get(k) == "" {
				errs = append(errs, wire.ErrorItem{Code: "required", Field: k, Message: k + " is required"})
			}
		}
	}
	if rs := get("restriction"); rs != "" && rs != "INCLUDE" && rs != "EXCLUDE" {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "restriction", Message: "restriction must be INCLUDE or EXCLUDE"})
	}
	if len(get("name")) > 64 {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "name", Message: "name is at most 64 characters"})
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	if vs := form["organization_id"]; len(vs) > 0 {
		if bad := h.st.missingParents(map[string][]string{"organization_id": vs}); len(bad) > 0 {
			refuse(w, r, bad)
			return
		}
	}
	c := h.st.cols["site_lists"]
	fields := map[string][]string{}
	for _, k := range []string{"organization_id", "name", "restriction", "status"} {
		if v := get(k); v != "" {
			fields[k] = []string{v}
		}
	}
	sites := sitesOf(content)
	domains := 0
	for _, s := range sites {
		if strings.Contains(s, ".") {
			domains++
		}
	}
	if create {
		rec := Record{"restriction": "INCLUDE", "status": true}
		if bad := h.st.apply(c, rec, fields, true, nil); bad != "" {
			badRequest(w, r, bad, "invalid value for "+bad)
			return
		}
		rec["filename"], rec["sites_count"], rec["sites_count_domain"] = filename, int64(len(sites)), int64(domains)
		id, _ := h.st.insertLocked(c.name, rec)
		h.st.lists.SetSites(id, sites)
		h.st.record(c, id, 0, "create", map[string][2]string{})
		writeOneStatus(w, r, http.StatusCreated, h.st.view(c, c.get(id), view{fullByDefault: true}))
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	cur := c.get(id)
	if cur == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "site_list "+r.PathValue("id")+" not found")
		return
	}
	if v := get("version"); v != "" {
		ver, err := strconv.ParseInt(v, 10, 64)
		if err != nil || c.stale(id, ver) {
			writeError(w, r, http.StatusConflict, "conflict", "version conflict", wire.ErrorItem{Code: "conflict", Field: "version", Message: "stale version"})
			return
		}
	}
	next := deepCopy(cur)
	changed := map[string][2]string{}
	if bad := h.st.apply(c, next, fields, false, changed); bad != "" {
		badRequest(w, r, bad, "invalid value for "+bad)
		return
	}
	next["filename"], next["sites_count"], next["sites_count_domain"] = filename, int64(len(sites)), int64(domains)
	ver := toInt64(cur["version"])
	next["version"] = ver + 1
	next["updated_on"] = wirefmt.FormatTime(h.st.now())
	c.put(id, next)
	h.st.lists.SetSites(id, sites)
	h.st.record(c, id, ver+1, "update", changed)
	writeOne(w, r, h.st.view(c, next, view{fullByDefault: true}))
}

// writeOneStatus is writeOne with another success status (201 on create).
func writeOneStatus(w http.ResponseWriter, r *http.Request, status int, rec Record) {
	if fake.WantsXML(r) {
		e := wire.EntityFromJSON(rec)
		wire.WriteXML(w, status, &wire.Result{CalledOn: nowString(), Entity: &e})
		return
	}
	wire.WriteJSON(w, status, wire.Meta{CalledOn: nowString(), Count: 1}, rec)
}

// siteListDownload serves the list's sites as CSV (target_type,value).
func (h *handler) siteListDownload(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	if h.st.cols["site_lists"].get(id) == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "site_list "+r.PathValue("id")+" not found")
		return
	}
	want := strings.ToUpper(r.URL.Query().Get("target_type"))
	var b strings.Builder
	b.WriteString("target_type,value\n")
	for _, s := range h.st.lists.Sites(id) {
		t := "APP"
		if strings.Contains(s, ".") {
			t = "DOMAIN"
		}
		if want != "" && want != t {
			continue
		}
		b.WriteString(t + "," + csvField(s) + "\n")
	}
	w.Header().Set("Content-Type", "text/csv")
	w.Header().Set("Content-Disposition", `attachment; filename="site_list_`+strconv.FormatInt(id, 10)+`.csv"`)
	_, _ = io.WriteString(w, b.String())
}

func csvField(s string) string {
	if strings.ContainsAny(s, "\",\n\r") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// siteListAssignments lists where a site list is assigned.
func (h *handler) siteListAssignments(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	if h.st.cols["site_lists"].get(id) == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "site_list "+r.PathValue("id")+" not found")
		return
	}
	var out []Record
	for _, d := range h.st.lists.AssignmentsOf(id) {
		coll, _ := d["collection"].(string)
		eid, _ := fake.Int(d["entity_id"])
		aid, _ := fake.Int(d["id"])
		a := Record{"id": aid, "entity_type": "site_list_assignment", "version": int64(0), "site_list_id": id,
			"entity_id": eid, "collection": coll, "name": d["name"]}
		if cid, ok := fake.Int(d["associated_campaign_id"]); ok {
			a["associated_campaign_id"] = cid
		}
		// The v2.0 answer names the collection by its entity type and
		// the record by its current name.
		if c := h.st.cols[coll]; c != nil {
			a["collection"] = c.entityType
			if rec := c.get(eid); rec != nil {
				a["name"] = rec["name"]
			}
		}
		out = append(out, a)
	}
	writeMany(w, r, out, 0, len(out))
}

// postSiteLists serves POST campaigns/{id}/site_lists and
// strategies/{id}/site_lists: site_lists.<n>.id and .assigned (1 assigns,
// 0 unassigns). It answers with the site-list records assigned to the
// campaign or strategy after the change. Callers hold the write lock.
func (h *handler) postSiteLists(w http.ResponseWriter, r *http.Request, c *collection, id int64, form map[string][]string) {
	errs := unknownKeys(form, func(k string) bool { return strings.HasPrefix(k, "site_lists.") })
	items, bad := indexed(form, "site_lists", "id", "assigned")
	for _, k := range bad {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
	}
	if len(items) == 0 && len(errs) == 0 {
		errs = append(errs, wire.ErrorItem{Code: "required", Field: "site_lists.1.id", Message: "at least one site list"})
	}
	type change struct {
		list int64
		on   bool
	}
	var changes []change
	for i, it := range items {
		p := "site_lists." + strconv.Itoa(i+1) + "."
		lid, ok := parseID(it["id"])
		if !ok || h.st.cols["site_lists"].get(lid) == nil {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "id", Message: "site list " + it["id"] + " does not exist"})
			continue
		}
		on, err := wirefmt.ParseBool(it["assigned"])
		if err != nil {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: p + "assigned", Message: p + "assigned must be a boolean"})
			continue
		}
		changes = append(changes, change{lid, on})
	}
	if refuse(w, r, errs) {
		return
	}
	rec := c.get(id)
	for _, ch := range changes {
		h.st.lists.Unassign(ch.list, c.name, id)
		if ch.on {
			a := fake.Doc{"entity_type": "site_list_assignment", "site_list_id": ch.list, "entity_id": id, "collection": c.name}
			if rec != nil {
				a["name"] = rec["name"]
				if c.name == "campaigns" {
					a["associated_campaign_id"] = id
				} else if cid, ok := toInt(rec["campaign_id"]); ok {
					a["associated_campaign_id"] = cid
				}
			}
			h.st.lists.Assignments.Add(a)
		}
	}
	// The platform answers with the site lists now assigned to the
	// campaign or strategy (the recorded answer lists four), in id order.
	var lists []int64
	for _, lid := range h.st.lists.AssignedTo(c.name, id) {
		if h.st.cols["site_lists"].get(lid) != nil {
			lists = append(lists, lid)
		}
	}
	out := make([]Record, 0, len(lists))
	for _, lid := range lists {
		rec := deepCopy(h.st.cols["site_lists"].get(lid))
		rec["assigned"] = true
		if c.name == "campaigns" {
			rec["campaign_assigned"] = true
		} else {
			rec["strategy_assigned"], rec["strategy_id"] = true, id
		}
		out = append(out, rec)
	}
	writeMany(w, r, out, 0, len(out))
}

// newSiteListState returns the state of the site lists over the store's
// own site_lists collection, until ShareSiteLists hands it another.
func newSiteListState(c *collection) *fake.SiteLists {
	seq := fake.NewSeq(0)
	return fake.NewSiteLists(c.recs, c.seq, fake.NewCollection(fake.DocKind("site_list_assignment", "id", "", seq)))
}

// ShareSiteLists makes sl the state of the store's site lists: the
// site_lists collection's records, their sites and their assignments,
// so the v2.0 paths and another fake serving sl (group B's v3.0
// site-list paths: targetingfake.Store.SiteListState) read and write one
// store. The records, sites and assignments the store held move into sl.
func (s *Store) ShareSiteLists(sl *fake.SiteLists) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.cols["site_lists"]
	for _, rec := range c.all() {
		id := toInt64(rec["id"])
		sl.ListSeq.Skip(id)
		sl.Lists.Put(rec)
		sl.SetSites(id, s.lists.Sites(id))
	}
	for _, a := range s.lists.Assignments.All() {
		delete(a, "id")
		sl.Assignments.Add(a)
	}
	c.recs, c.seq, s.lists = sl.Lists, sl.ListSeq, sl
}

// SiteListSites returns the entries of site list id's last upload.
func (s *Store) SiteListSites(id int64) []string { return s.lists.Sites(id) }

// SiteListAssignments returns where site list id is assigned, as
// "campaigns/7" or "strategies/9", in assignment order.
func (s *Store) SiteListAssignments(id int64) []string {
	var out []string
	for _, d := range s.lists.AssignmentsOf(id) {
		coll, _ := d["collection"].(string)
		eid, _ := fake.Int(d["entity_id"])
		out = append(out, coll+"/"+strconv.FormatInt(eid, 10))
	}
	return out
}
