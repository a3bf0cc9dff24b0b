package targetingfake

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// creativeExts are the file extensions POST /creative_draft and
// /creative_upload take.
var creativeExts = map[string]bool{
	".gif": true, ".jpg": true, ".jpeg": true, ".png": true, ".tiff": true, ".tif": true, ".svg": true,
	".swf": true, ".htm": true, ".html": true, ".css": true, ".js": true, ".woff": true, ".woff2": true,
	".ttf": true, ".otf": true, ".zip": true,
}

type creativeSubmission struct {
	Name            string `json:"name"`
	ClickThroughURL string `json:"click_through_url"`
	LandingPage     string `json:"landing_page,omitempty"`
	ConceptID       int64  `json:"concept_id,omitempty"`
	Backup          string `json:"backup,omitempty"`
	CreativeName    string `json:"creative_name,omitempty"`
}

type creativeMetadata struct {
	AdvertiserID *int64               `json:"advertiser_id"`
	IsHTTPS      *bool                `json:"is_https,omitempty"`
	Submissions  []creativeSubmission `json:"submissions,omitempty"`
}

// readCreativeForm reads the multipart form of a draft or an upload: the
// metadata text and the names of the filename parts (each read through,
// at most 10 MiB), checking what the reference requires.
func readCreativeForm(w http.ResponseWriter, r *http.Request, upload bool) (*creativeMetadata, []string, []wire.ErrorItem) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, nil, []wire.ErrorItem{invalid("", "the body must be multipart/form-data")}
	}
	r.Body = http.MaxBytesReader(w, r.Body, 128<<20)
	rd, err := r.MultipartReader()
	if err != nil {
		return nil, nil, []wire.ErrorItem{invalid("", "%s", err.Error())}
	}
	var meta *creativeMetadata
	var files []string
	var errs []wire.ErrorItem
	for {
		p, err := rd.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, []wire.ErrorItem{invalid("", "%s", err.Error())}
		}
		switch p.FormName() {
		case "filename":
			n, err := io.Copy(io.Discard, io.LimitReader(p, 10<<20+1))
			if err != nil {
				return nil, nil, []wire.ErrorItem{invalid("filename", "%s", err.Error())}
			}
			if n > 10<<20 {
				errs = append(errs, invalid("filename", "File size exceeds maximum allowed size of 10MB"))
			}
			if !creativeExts[strings.ToLower(path.Ext(p.FileName()))] {
				errs = append(errs, invalid("filename", "Invalid file type: %q", p.FileName()))
			}
			files = append(files, p.FileName())
		case "metadata":
			b, err := io.ReadAll(io.LimitReader(p, 1<<20))
			if err != nil {
				return nil, nil, []wire.ErrorItem{invalid("metadata", "%s", err.Error())}
			}
			meta = new(creativeMetadata)
			if err := json.Unmarshal(b, meta); err != nil {
				return nil, nil, []wire.ErrorItem{invalid("metadata", "not JSON: %s", err.Error())}
			}
		default:
			errs = append(errs, invalid(p.FormName(), "not a field of this form"))
		}
	}
	if len(files) < 1 || len(files) > 10 {
		errs = append(errs, invalid("filename", "1 to 10 files, has %d", len(files)))
	}
	if meta == nil {
		return nil, nil, append(errs, invalid("metadata", "required"))
	}
	if meta.AdvertiserID == nil || *meta.AdvertiserID < 0 {
		errs = append(errs, invalid("advertiser_id", "Missing required field: advertiser_id"))
	}
	if upload && len(meta.Submissions) == 0 {
		errs = append(errs, invalid("submissions", "required"))
	}
	for _, s := range meta.Submissions {
		if s.Name == "" || s.ClickThroughURL == "" || (upload && s.ConceptID <= 0) {
			errs = append(errs, invalid("submissions", "name, click_through_url%s required", map[bool]string{true: " and concept_id are", false: " are"}[upload]))
		}
	}
	return meta, files, errs
}

// previewCreativeAssets answers what an upload would make, storing
// nothing.
func (h *handler) previewCreativeAssets(w http.ResponseWriter, r *http.Request) {
	meta, files, errs := readCreativeForm(w, r, false)
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	if meta.IsHTTPS == nil {
		t := true
		meta.IsHTTPS = &t
	}
	up := make([]map[string]any, len(files))
	for i, f := range files {
		up[i] = map[string]any{"name": f}
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"uploaded_files": up, "metadata": meta}, "meta": map[string]any{"status": "success"}})
}

// uploadCreativeAssets stores an atomic creative per submission and
// answers them.
func (h *handler) uploadCreativeAssets(w http.ResponseWriter, r *http.Request) {
	meta, _, errs := readCreativeForm(w, r, true)
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	https := meta.IsHTTPS == nil || *meta.IsHTTPS
	out := make([]map[string]any, 0, len(meta.Submissions))
	for _, s := range meta.Submissions {
		name := s.CreativeName
		if name == "" {
			name = s.Name
		}
		ft := strings.TrimPrefix(strings.ToLower(path.Ext(s.Name)), ".")
		if ft == "zip" {
			ft = "html5"
		}
		rec := map[string]any{"name": name, "advertiser_id": *meta.AdvertiserID, "concept_id": s.ConceptID,
			"is_https": https, "click_through_url": s.ClickThroughURL, "file_type": ft, "width": 0, "height": 0,
			"status": true, "approval_status": "PENDING", "ad_format": "DISPLAY", "media_type": "display"}
		id := h.cr.ac.st.Add(AtomicCreatives, rec)
		out = append(out, h.cr.ac.st.Get(AtomicCreatives, id))
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "meta": map[string]any{"status": "success", "count": len(out), "total_count": len(out), "offset": 0}})
}
