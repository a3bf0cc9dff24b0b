package targetingfake

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the site lists (targeting.sitelists.yaml).
const (
	SiteLists           = "site_lists"
	SiteListAssignments = "site_list_assignments"
)

// Fields site lists and their assignments are sorted and queried by.
var (
	siteListFields           = []string{"id", "version", "status", "organization_id", "name", "restriction", "filename", "content_updated_on", "sites_count", "created_on", "updated_on"}
	siteListAssignmentFields = []string{"id", "site_list_id", "entity_id", "associated_campaign_id", "collection", "name"}
)

// siteLists serves the site lists; each list's sites are kept beside its
// record (in the store's SiteListState), in upload order.
type siteLists struct {
	st    *Store
	lists *resource
}

func newSiteLists(st *Store) *siteLists {
	return &siteLists{st: st, lists: &resource{st: st, coll: SiteLists, fields: siteListFields, project: collectionView}}
}

// SiteListState returns the store's site lists: their records, their
// assignments and their sites. adamatest hands it to group A's fake, so
// the v2.0 site_lists records and the v3.0 site-list paths are one store
// (see fake.SiteLists).
func (s *Store) SiteListState() *fake.SiteLists { return s.siteLists }

// collectionView shapes a record of a list without full=* as id, name and
// entity_type.
func collectionView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if f := q.Get("full"); f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	if !single && q.Get("full") == "" {
		return map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}, nil
	}
	return rec, nil
}

// siteType is the target type of a site: a domain holds a dot, a seller
// id is all digits, anything else is an app.
func siteType(s string) string {
	switch {
	case strings.Contains(s, "."):
		return "domain"
	case strings.Trim(s, "0123456789") == "":
		return "primary_seller_id"
	}
	return "app"
}

// readUpload reads an upload's multipart form: its text fields and its sites
// (lines or comma-separated values of the file part, read as they
// arrive).
func readUpload(w http.ResponseWriter, r *http.Request) (fields map[string]string, sites []string, fileName string, hasFile bool, errs []wire.ErrorItem) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, nil, "", false, []wire.ErrorItem{invalid("", "the body must be multipart/form-data")}
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<20)
	rd, err := r.MultipartReader()
	if err != nil {
		return nil, nil, "", false, []wire.ErrorItem{invalid("", "%s", err.Error())}
	}
	fields = map[string]string{}
	for {
		p, err := rd.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, "", false, []wire.ErrorItem{invalid("", "%s", err.Error())}
		}
		name := p.FormName()
		if name == "file" {
			hasFile, fileName = true, p.FileName()
			sc := bufio.NewScanner(p)
			for sc.Scan() {
				for _, s := range strings.Split(sc.Text(), ",") {
					if s = strings.TrimSpace(s); s != "" {
						sites = append(sites, s)
					}
				}
			}
			if err := sc.Err(); err != nil {
				return nil, nil, "", false, []wire.ErrorItem{invalid("file", "%s", err.Error())}
			}
			continue
		}
		b, err := io.ReadAll(io.LimitReader(p, 1<<16))
		if err != nil {
			return nil, nil, "", false, []wire.ErrorItem{invalid(name, "%s", err.Error())}
		}
		if _, dup := fields[name]; dup || !slices.Contains([]string{"organization_id", "name", "restriction", "status", "version"}, name) {
			errs = append(errs, invalid(name, "unknown or repeated field"))
		}
		fields[name] = string(b)
	}
	return fields, sites, fileName, hasFile, errs
}

// applyForm checks the form's fields against the reference's rules and
// writes them into rec.
func applyForm(rec map[string]any, f map[string]string, create bool, errs []wire.ErrorItem) []wire.ErrorItem {
	if create {
		for _, k := range []string{"organization_id", "name"} {
			if f[k] == "" {
				errs = append(errs, invalid(k, "is required"))
			}
		}
	} else if _, ok := f["version"]; !ok {
		errs = append(errs, invalid("version", "is required"))
	}
	if s, ok := f["organization_id"]; ok {
		if n, err := strconv.ParseInt(s, 10, 32); err != nil || n < 1 {
			errs = append(errs, invalid("organization_id", "must be a positive integer"))
		} else {
			rec["organization_id"] = n
		}
	}
	if s, ok := f["name"]; ok {
		if utf8.RuneCountInString(s) > 64 {
			errs = append(errs, invalid("name", "max length 64"))
		}
		rec["name"] = s
	}
	if s, ok := f["restriction"]; ok {
		if s != "INCLUDE" && s != "EXCLUDE" {
			errs = append(errs, invalid("restriction", "must be one of: INCLUDE, EXCLUDE"))
		}
		rec["restriction"] = s
	}
	if s, ok := f["status"]; ok {
		switch s {
		case "true", "1":
			rec["status"] = true
		case "false", "0":
			rec["status"] = false
		default:
			errs = append(errs, invalid("status", "must be one of: true, false, 0, 1"))
		}
	}
	return errs
}

// countSites writes the sites counts of a list into rec.
func countSites(rec map[string]any, sites []string) {
	n := map[string]int64{}
	for _, s := range sites {
		n[siteType(s)]++
	}
	rec["sites_count"] = int64(len(sites))
	rec["sites_count_domain"] = n["domain"]
	rec["sites_count_app"] = n["app"]
	rec["sites_count_primary_seller_id"] = n["primary_seller_id"]
	rec["content_updated_on"] = now()
}

func (sl *siteLists) upload(w http.ResponseWriter, r *http.Request) {
	f, sites, fileName, hasFile, errs := readUpload(w, r)
	rec := map[string]any{"restriction": "INCLUDE", "status": true}
	errs = applyForm(rec, f, true, errs)
	if !hasFile {
		errs = append(errs, invalid("file", "is required"))
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	rec["filename"] = fileName
	countSites(rec, sites)
	sl.st.mu.Lock()
	id := sl.st.addLocked(SiteLists, rec)
	out, _ := sl.st.colls[SiteLists].Get(id)
	sl.st.mu.Unlock()
	sl.st.siteLists.SetSites(id, sites)
	fake.WriteData(w, http.StatusCreated, out, nil)
}

func (sl *siteLists) reupload(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	f, sites, fileName, hasFile, errs := readUpload(w, r)
	changes := map[string]any{}
	errs = applyForm(changes, f, false, errs)
	sent, err := strconv.ParseInt(f["version"], 10, 64)
	if _, has := f["version"]; has && err != nil {
		errs = append(errs, invalid("version", "must be an integer"))
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	sl.st.mu.Lock()
	c := sl.st.colls[SiteLists]
	rec, exists := c.Get(id)
	if !exists {
		sl.st.mu.Unlock()
		notFound(w, "site_list", id)
		return
	}
	if p := c.Fresh(id, &sent); p != nil {
		sl.st.mu.Unlock()
		fake.WriteErrors(w, p.Status, p.Item())
		return
	}
	for k, v := range changes {
		rec[k] = v
	}
	if hasFile {
		rec["filename"] = fileName
		countSites(rec, sites)
	}
	rec["updated_on"] = now()
	out, _ := c.Update(id, &sent, rec)
	sl.st.mu.Unlock()
	if hasFile {
		sl.st.siteLists.SetSites(id, sites)
	}
	fake.WriteData(w, http.StatusOK, out, nil)
}

// download writes the list's sites as CSV (site, target_type), row by
// row.
func (sl *siteLists) download(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if !sl.st.colls[SiteLists].Has(id) {
		notFound(w, "site_list", id)
		return
	}
	tt := r.URL.Query().Get("target_type")
	sites := sl.st.siteLists.Sites(id)
	w.Header().Set("Content-Type", "text/csv")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="site_list_%d.csv"`, id))
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"site", "target_type"})
	for _, s := range sites {
		if t := siteType(s); tt == "" || t == tt {
			_ = cw.Write([]string{s, t})
		}
	}
	cw.Flush()
}

// assignments lists the assignments of one site list.
func (sl *siteLists) assignments(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if !sl.st.colls[SiteLists].Has(id) {
		notFound(w, "site_list", id)
		return
	}
	rs := &resource{st: sl.st, coll: SiteListAssignments, fields: siteListAssignmentFields, project: collectionView,
		filter: func(*Store, url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
			return func(rec map[string]any) bool { n, _ := toInt(rec["site_list_id"]); return n == id }, nil
		}}
	rs.list(w, r)
}

// ---- site lists ----

func (h *handler) listSiteLists(w http.ResponseWriter, r *http.Request) { h.cr.sl.lists.list(w, r) }

func (h *handler) getSiteList(w http.ResponseWriter, r *http.Request) {
	h.cr.sl.lists.get(w, withID(r, "site_list_id"))
}

func (h *handler) uploadSiteList(w http.ResponseWriter, r *http.Request) { h.cr.sl.upload(w, r) }

func (h *handler) reuploadSiteList(w http.ResponseWriter, r *http.Request) {
	h.cr.sl.reupload(w, withID(r, "site_list_id"))
}

func (h *handler) downloadSiteList(w http.ResponseWriter, r *http.Request) {
	h.cr.sl.download(w, withID(r, "site_list_id"))
}

func (h *handler) listSiteListAssignments(w http.ResponseWriter, r *http.Request) {
	h.cr.sl.assignments(w, withID(r, "site_list_id"))
}
