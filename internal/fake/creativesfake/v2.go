package creativesfake

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strings"
)

// handleGetV2 answers the v2 read with the creative itself, not wrapped.
func (s *Store) handleGetV2(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(id int64, c *creative) {
		s.advance(c)
		writeJSON(w, http.StatusOK, s.view(id, c))
	})
}

// handleUploadV2 reads the multipart file part as a stream, or, sent a
// form, takes a file from the upload host.
func (s *Store) handleUploadV2(w http.ResponseWriter, r *http.Request) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "application/x-www-form-urlencoded" {
		s.takeTempFile(w, r)
		return
	}
	if mt != "multipart/form-data" {
		writeFieldError(w, http.StatusBadRequest, "invalid", "multipart/form-data expected")
		return
	}
	mr, err := r.MultipartReader()
	if err != nil {
		writeFieldError(w, http.StatusBadRequest, "invalid", err.Error())
		return
	}
	var n int64
	var sum string
	found := false
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			writeFieldError(w, http.StatusBadRequest, "invalid", err.Error())
			return
		}
		if part.FormName() == "file" {
			hs := sha256.New()
			n, err = io.Copy(hs, part)
			if err != nil {
				writeFieldError(w, http.StatusBadRequest, "invalid", err.Error())
				return
			}
			sum, found = hex.EncodeToString(hs.Sum(nil)), true
		}
	}
	if !found {
		writeFieldError(w, http.StatusBadRequest, "invalid", "file part is required", "file")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	c.uploaded, c.status, c.percent, c.fileName = true, "Pending", 0, r.URL.Query().Get("fileName")
	s.uploads = append(s.uploads, Upload{Host: r.Host, Path: r.URL.Path, Header: r.Header.Clone(), Bytes: n, SHA256: sum, Status: http.StatusOK})
	writeJSON(w, http.StatusOK, map[string]any{"status": "uploaded", "size": n})
}

func variants(id int64, c *creative) []map[string]any {
	if !c.uploaded {
		return []map[string]any{}
	}
	out := []map[string]any{}
	for i, h := range []int{360, 720} {
		out = append(out, map[string]any{
			"id": int(id)*10 + i + 1, "videoCodec": "h264", "audioCodec": "aac", "width": h * 16 / 9, "height": h,
			"bitrateKbps": h * 3, "format": "mp4", "status": c.status, "percent": c.percent, "encode": true,
			"outputUrl": fmt.Sprintf("https://cdn.example/%d/%dp.mp4", id, h), "sizeBytes": fmt.Sprint(h * 1000), "active": true,
		})
	}
	return out
}

func (s *Store) handleVariants(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(id int64, c *creative) {
		writeJSON(w, http.StatusOK, map[string]any{"variants": variants(id, c)})
	})
}

func (s *Store) handleVariant(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(id int64, c *creative) {
		vid, _ := pathInt(r, "vid")
		i := slices.IndexFunc(variants(id, c), func(v map[string]any) bool { return int64(v["id"].(int)) == vid })
		if i < 0 {
			writeFieldError(w, http.StatusNotFound, "not_found", "variant not found")
			return
		}
		writeJSON(w, http.StatusOK, variants(id, c)[i])
	})
}

func (s *Store) handleStatus(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(_ int64, c *creative) {
		s.advance(c)
		up := map[string]any{"status": "waiting", "percent": 0, "name": c.fileName}
		if c.uploaded {
			up = map[string]any{"status": "done", "percent": 100, "name": c.fileName, "size": "1024"}
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"uploadInfo":     up,
			"encodingStatus": map[string]any{"status": c.status, "percent": c.percent, "encodings": []any{map[string]any{"id": 1, "status": c.status, "percent": c.percent}}},
		})
	})
}

func (s *Store) handleVAST(w http.ResponseWriter, r *http.Request) {
	s.withCreative(w, r, func(id int64, c *creative) {
		var b strings.Builder
		fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<VAST version="3.0"><Ad id="%d"><InLine><AdTitle>%s</AdTitle>`, id, html.EscapeString(str(c.details["name"])))
		fmt.Fprintf(&b, `<Creatives><Creative><Linear><VideoClicks><ClickThrough>%s</ClickThrough></VideoClicks></Linear></Creative>`, html.EscapeString(str(c.details["clickthroughUrl"])))
		if len(c.companions) > 0 {
			b.WriteString(`<Creative><CompanionAds>`)
			for _, cid := range slices.Sorted(maps.Keys(c.companions)) {
				fmt.Fprintf(&b, `<Companion id="%d"/>`, cid)
			}
			b.WriteString(`</CompanionAds></Creative>`)
		}
		b.WriteString(`</Creatives>`)
		if len(c.vastExt) > 0 {
			b.WriteString(`<Extensions>` + strings.Join(c.vastExt, "") + `</Extensions>`)
		}
		b.WriteString(`</InLine></Ad></VAST>`)
		w.Header().Set("Content-Type", "application/xml")
		_, _ = io.WriteString(w, b.String())
	})
}

func (s *Store) handleVASTExtension(w http.ResponseWriter, r *http.Request) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if mt != "application/xml" || !strings.HasPrefix(strings.TrimSpace(string(body)), "<") {
		writeFieldError(w, http.StatusBadRequest, "invalid", "an XML extension node with Content-Type application/xml is required")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	c.vastExt = append(c.vastExt, strings.TrimSpace(string(body)))
	writeJSON(w, http.StatusOK, map[string]any{})
}
