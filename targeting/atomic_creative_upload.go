package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Limits of a creative upload, as the Campaigns API reference states
// them.
const (
	// MaxCreativeFiles is the most files one Draft or Upload sends.
	MaxCreativeFiles = 10
	// MaxCreativeFileSize is the largest file, in bytes (10 MiB).
	MaxCreativeFileSize = 10 << 20
)

// creativeExtensions are the file extensions the platform takes.
var creativeExtensions = map[string]bool{
	".gif": true, ".jpg": true, ".jpeg": true, ".png": true, ".tiff": true, ".tif": true, ".svg": true,
	".swf": true, ".htm": true, ".html": true, ".css": true, ".js": true, ".woff": true, ".woff2": true,
	".ttf": true, ".otf": true, ".zip": true,
}

// CreativeFile is one file of a creative upload, streamed from File:
// Size bytes are read as the request is sent, never held in memory whole.
type CreativeFile struct {
	// Name is the file's name; its extension must be one the platform
	// takes (.gif, .jpg, .jpeg, .png, .tiff, .tif, .svg, .swf, .htm,
	// .html, .css, .js, .woff, .woff2, .ttf, .otf, .zip).
	Name string
	// File is read for Size bytes (at most MaxCreativeFileSize). A retry
	// sends it again only when it is an io.Seeker; otherwise the call is
	// sent once.
	File io.Reader
	Size int64
	// Progress, when set, is called as the file is sent with the bytes
	// sent so far and Size.
	Progress func(sent, total int64)
}

// CreativeUpload is what Draft and Upload send: the files (the multipart
// parts named filename) and their metadata (sent as a JSON text field).
type CreativeUpload struct {
	Metadata AtomicCreativeUploadMetadata
	Files    []CreativeFile
}

func (u *CreativeUpload) check(v *valid.Validator, isUpload bool) {
	m := &u.Metadata
	v.Check(m.AdvertiserID >= 0, "metadata.advertiser_id", "at least 0", m.AdvertiserID)
	if isUpload {
		v.Items("metadata.submissions", len(m.Submissions), 1, -1)
	}
	for i, s := range m.Submissions {
		at := fmt.Sprintf("metadata.submissions[%d]", i)
		if s == nil {
			v.Add(at, valid.RuleRequired, nil)
			continue
		}
		v.Check(s.Name != "", at+".name", "required", nil)
		v.Check(len([]rune(s.Name)) <= 256, at+".name", "at most 256 characters", s.Name)
		v.Check(s.ClickThroughURL != "", at+".click_through_url", "required", nil)
		v.Check(s.ConceptID >= 0, at+".concept_id", "at least 0", s.ConceptID)
		if isUpload {
			v.Check(s.ConceptID > 0, at+".concept_id", "required", nil)
		} else {
			v.Check(s.CreativeName == "", at+".creative_name", "sent by Upload only", s.CreativeName)
		}
		v.Check(len([]rune(s.CreativeName)) <= 256, at+".creative_name", "at most 256 characters", s.CreativeName)
	}
	v.Items("filename", len(u.Files), 1, MaxCreativeFiles)
	for i, f := range u.Files {
		at := fmt.Sprintf("filename[%d]", i)
		v.Check(creativeExtensions[strings.ToLower(path.Ext(f.Name))], at+".name", "an allowed extension", f.Name)
		v.Check(f.File != nil, at+".file", "required", nil)
		v.Check(f.Size >= 0 && f.Size <= MaxCreativeFileSize, at+".size", "0 to 10 MiB", f.Size)
	}
}

// send checks u and posts it as a multipart form to path, each file
// streamed through internal/upload's Body, as the site-list upload is.
func (s *AtomicCreativeService) send(ctx context.Context, path string, u *CreativeUpload, isUpload bool, into any, ro []adama.RequestOption) error {
	var v valid.Validator
	if u == nil {
		v.Add("upload", valid.RuleRequired, nil)
		return v.Err()
	}
	u.check(&v, isUpload)
	if err := v.Err(); err != nil {
		return err
	}
	meta, err := json.Marshal(u.Metadata)
	if err != nil {
		return err
	}
	m := &call.Multipart{Fields: []call.Field{{Name: "metadata", Value: string(meta)}}}
	var once *upload.Body // a body that cannot rewind: the call is sent once
	for _, f := range u.Files {
		body := upload.New(f.File, f.Size, f.Progress)
		m.Files = append(m.Files, call.File{Field: "filename", FileName: f.Name, ContentType: "application/octet-stream", Open: body.Open, Size: f.Size})
		if _, ok := f.File.(io.Seeker); !ok {
			once = body
		}
	}
	if once != nil {
		ro = once.Options(ro)
	}
	_, err = s.g.Into(ctx, &call.Call{Method: http.MethodPost, Path: path, Multipart: m}, into, ro...)
	return err
}

// Draft checks creative files and their metadata (POST /creative_draft)
// and returns what Upload would make of them; nothing is stored.
// Submissions may be left out: the platform infers them from the files.
func (s *AtomicCreativeService) Draft(ctx context.Context, u *CreativeUpload, ro ...adama.RequestOption) (*AtomicCreativeDraft, error) {
	d := new(AtomicCreativeDraft)
	if err := s.send(ctx, "/creative_draft", u, false, d, ro); err != nil {
		return nil, err
	}
	return d, nil
}

// Upload uploads creative files (POST /creative_upload) and returns the
// atomic creatives made, one per submission; every submission needs its
// name, click-through URL and concept.
func (s *AtomicCreativeService) Upload(ctx context.Context, u *CreativeUpload, ro ...adama.RequestOption) ([]*AtomicCreative, error) {
	var out []*AtomicCreative
	if err := s.send(ctx, "/creative_upload", u, true, &out, ro); err != nil {
		return nil, err
	}
	return out, nil
}
