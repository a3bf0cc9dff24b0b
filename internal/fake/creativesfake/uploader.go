package creativesfake

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"time"
)

// The v2.0 upload through the upload host: the platform hands out a key
// and the uploader's host and port (GET .../upload), the upload host keeps
// the file sent with the key as a temporary file and answers its record
// (POST /upload), and the platform takes the temporary file named by the
// key and its path (POST .../upload with a form).

// UploaderPath is the path the upload host serves.
const UploaderPath = "/upload"

// tempFile is a file the upload host keeps until the platform takes it.
type tempFile struct {
	key, name, typ string
	size           int64
	sum            string
}

func (h *handler) getUploadLocationV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleUploadLocation(w, withPath(r, "id", "video_id"))
}

func (h *handler) postTempUploadV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleTempUpload(w, r)
}

// handleUploadLocation hands out a new key for the creative and the
// upload host: the configured one, or this server under its other
// loopback name (a host the client treats as foreign). The port is text,
// as the platform sends it.
func (s *Store) handleUploadLocation(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	base := s.uploaderURL
	if base == "" {
		base = s.otherLoopback(r)
	}
	u, err := url.Parse(base)
	if err != nil {
		writeFieldError(w, http.StatusInternalServerError, "server_error", "the fake's uploader URL is invalid")
		return
	}
	host, port := u.Hostname(), u.Port()
	if u.Scheme == "https" {
		host = "https://" + host
	}
	key := random()
	s.uploadKeys[key] = id
	writeJSON(w, http.StatusOK, map[string]any{"key": key, "uploader": map[string]any{"host": host, "port": port}})
}

// handleTempUpload is the upload host: it reads the multipart form (the
// key, then the file), keeps the file's digest under a temporary path and
// answers the record of the temporary file. It records what it received,
// headers included, for tests to inspect.
func (s *Store) handleTempUpload(w http.ResponseWriter, r *http.Request) {
	rec := Upload{Host: r.Host, Path: r.URL.Path, Header: r.Header.Clone()}
	fail := func(status int, msg string) {
		_, _ = io.Copy(io.Discard, r.Body)
		rec.Status = status
		s.mu.Lock()
		s.uploads = append(s.uploads, rec)
		s.mu.Unlock()
		writeJSON(w, status, map[string]any{"error": msg})
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	mr, err := r.MultipartReader()
	if mt != "multipart/form-data" || err != nil {
		fail(http.StatusBadRequest, "multipart/form-data expected")
		return
	}
	var key string
	var file *tempFile
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			fail(http.StatusBadRequest, err.Error())
			return
		}
		switch part.FormName() {
		case "key":
			b, _ := io.ReadAll(io.LimitReader(part, 1<<10))
			key = string(b)
		case "file":
			hs := sha256.New()
			n, err := io.Copy(hs, part)
			if err != nil {
				fail(http.StatusBadRequest, err.Error())
				return
			}
			typ := part.Header.Get("Content-Type")
			if typ == "" {
				typ = "application/octet-stream"
			}
			file = &tempFile{name: part.FileName(), typ: typ, size: n, sum: hex.EncodeToString(hs.Sum(nil))}
		}
	}
	s.mu.Lock()
	_, known := s.uploadKeys[key]
	s.mu.Unlock()
	switch {
	case !known:
		fail(http.StatusForbidden, "unknown upload key")
		return
	case file == nil:
		fail(http.StatusBadRequest, "file part is required")
		return
	}
	file.key = key
	path := "/tmp/upload_" + random()
	rec.Bytes, rec.SHA256, rec.Status = file.size, file.sum, http.StatusOK
	s.mu.Lock()
	s.temps[path] = file
	s.uploads = append(s.uploads, rec)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"size": file.size, "path": path, "name": file.name, "type": file.typ,
		"mtime": time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), "hash": nil,
	})
}

// takeTempFile is the last step: the form names the key and the
// temporary path, which must belong to the creative; the file is taken
// (and leaves the upload host) and the creative starts encoding.
func (s *Store) takeTempFile(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeFieldError(w, http.StatusBadRequest, "invalid", err.Error())
		return
	}
	key, path := r.PostForm.Get("key"), r.PostForm.Get("path")
	s.mu.Lock()
	defer s.mu.Unlock()
	id, c := s.lookup(w, r, "id")
	if c == nil {
		return
	}
	f, ok := s.temps[path]
	switch {
	case key == "" || path == "":
		writeFieldError(w, http.StatusBadRequest, "invalid", "key and path are required", "key")
		return
	case !ok || f.key != key || s.uploadKeys[key] != id:
		writeFieldError(w, http.StatusNotFound, "not_found", "no temporary file of this creative under that path", "path")
		return
	}
	delete(s.temps, path)
	delete(s.uploadKeys, key)
	name := r.URL.Query().Get("fileName")
	if name == "" {
		name = f.name
	}
	c.uploaded, c.status, c.percent, c.fileName = true, "Pending", 0, name
	writeJSON(w, http.StatusOK, map[string]any{"status": "uploaded", "size": f.size})
}

// otherLoopback is this server's base URL under its other loopback name
// (localhost for 127.0.0.1 and back), a host the client treats as foreign.
func (s *Store) otherLoopback(r *http.Request) string {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = r.Host, ""
	}
	switch host {
	case "127.0.0.1":
		host = "localhost"
	case "localhost":
		host = "127.0.0.1"
	}
	if port != "" {
		host = net.JoinHostPort(host, port)
	}
	return "http://" + host
}

// TempFiles returns how many temporary files the upload host keeps (sent,
// not yet taken).
func (s *Store) TempFiles() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.temps)
}

// SetUploaderURL points the upload host handed out from now on at base
// ("http://host:port").
func (s *Store) SetUploaderURL(base string) {
	s.mu.Lock()
	s.uploaderURL = base
	s.mu.Unlock()
}
