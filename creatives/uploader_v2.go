package creatives

import (
	"context"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The v2 upload through the upload host (see the package doc). The
// answers of its first two steps are the shapes the platform's public
// clients record (UploadLocation: key and uploader host and port;
// TempFile: name, path, size, type, modification time); the Video
// Creatives API reference documents neither. Where no public source shows
// a form the SDK chose one: the upload host's path (UploaderPath), the key
// sent as the multipart field "key" before the file part "file", and the
// last step's form (key and path) beside the documented fileName query.

// UploaderPath is the path on the upload host that SendToUploaderV2 posts
// the file to.
const UploaderPath = "/upload"

// uploaderURL returns the upload host's URL of l, recording in v what
// makes it unusable.
func uploaderURL(v *valid.Validator, l *UploadLocation) string {
	if l == nil {
		v.Add("location", "required", nil)
		return ""
	}
	v.Check(l.Key != "", "key", "required (UploadLocationV2 answers it)", nil)
	if l.Uploader == nil || strings.TrimSpace(l.Uploader.Host) == "" {
		v.Add("uploader.host", "required (UploadLocationV2 answers it)", nil)
		return ""
	}
	port := l.Uploader.Port
	v.Check(port >= 0 && port <= 65535, "uploader.port", "at most 65535 (0: the scheme's)", port)
	host := strings.TrimSpace(l.Uploader.Host)
	u := &url.URL{Path: UploaderPath}
	if strings.Contains(host, "://") {
		p, err := url.Parse(host)
		if err != nil || p.Host == "" || p.User != nil {
			v.Add("uploader.host", "a host name or an absolute URL without user information", host)
			return ""
		}
		u.Scheme, u.Host = strings.ToLower(p.Scheme), p.Host
		if p.Path != "" && p.Path != "/" {
			u.Path = p.Path
		}
	} else if ip := net.ParseIP(host); ip != nil && strings.Contains(host, ":") {
		u.Host = "[" + host + "]" // a bare IPv6 address
	} else {
		u.Host = host
	}
	if port > 0 && u.Port() == "" {
		u.Host = net.JoinHostPort(strings.Trim(u.Hostname(), "[]"), strconv.Itoa(port))
	}
	loopback := isLoopback(u.Hostname())
	switch {
	case u.Scheme == "":
		u.Scheme = "https"
		if loopback {
			u.Scheme = "http"
		}
	case u.Scheme == "http" && !loopback:
		v.Add("uploader.host", "https (http only for a loopback host)", host)
		return ""
	case u.Scheme != "https" && u.Scheme != "http":
		v.Add("uploader.host", "https (http only for a loopback host)", host)
		return ""
	}
	return u.String()
}

// isLoopback reports whether host names this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// URL returns the upload host's URL that SendToUploaderV2 posts to, or an
// *adama.ValidationError when l names no usable upload host (none, or one
// reached over http that is not a loopback host).
func (l *UploadLocation) URL() (string, error) {
	var v valid.Validator
	u := uploaderURL(&v, l)
	if err := v.Err(); err != nil {
		return "", err
	}
	return u, nil
}

// SendToUploaderV2 streams a file (size bytes read from r, never held in
// memory whole) to the upload host of loc as multipart form data (the key,
// then the file part named fileName) and returns the upload host's record
// of the temporary file, which TakeUploadV2 hands to the platform. The
// platform's credentials reach the upload host only when it is the
// platform's own origin, and an upload host that is not https is refused
// unless it is a loopback host (see UploadViaUploaderV2). A failed
// attempt is sent again from the start when r is an io.Seeker; otherwise
// it is sent once. o.Progress reports the bytes of the file sent.
//
// Deprecated: use VideoService.CreateAndUpload (the v3.0 create with
// fileName and its pre-signed URL).
func (s *VideoService) SendToUploaderV2(ctx context.Context, loc *UploadLocation, fileName string, r io.Reader, size int64, o UploadOptions, opts ...adama.RequestOption) (*TempFile, error) {
	var v valid.Validator
	target := uploaderURL(&v, loc)
	checkNamedFile(&v, fileName, r, size)
	if err := v.Err(); err != nil {
		return nil, err
	}
	ct := o.ContentType
	if ct == "" {
		ct = mime.TypeByExtension(path.Ext(fileName))
	}
	file := upload.New(r, size, o.Progress)
	opts = file.Options(opts)
	// The client adds credentials only for the platform's own origins.
	return one[TempFile](ctx, s.g2, &call.Call{
		Method: http.MethodPost, URL: target,
		// A second copy only makes another temporary file: safe to retry.
		ReadOnly: true,
		Multipart: &call.Multipart{
			Fields: []call.Field{{Name: "key", Value: loc.Key}},
			Files:  []call.File{{Field: "file", FileName: fileName, ContentType: ct, Open: file.Open, Size: size}},
		},
	}, opts...)
}

// TakeUploadV2 tells the platform to take the temporary file tmp that
// SendToUploaderV2 left on the upload host of loc as the file of video
// creative id (POST /video/v2.0/creatives/{video_id}/upload with
// fileName, the temporary file's name, in the query and the key and the
// temporary path as form fields). The creative then encodes the file, as
// after UploadV2.
//
// Deprecated: use VideoService.CreateAndUpload (the v3.0 create with
// fileName and its pre-signed URL).
func (s *VideoService) TakeUploadV2(ctx context.Context, id int64, loc *UploadLocation, tmp *TempFile, opts ...adama.RequestOption) error {
	var v valid.Validator
	checkID(&v, "video_id", id)
	v.Check(loc != nil && loc.Key != "", "key", "required (UploadLocationV2 answers it)", nil)
	v.Check(tmp != nil && tmp.Path != "", "path", "required (SendToUploaderV2 answers it)", nil)
	if err := v.Err(); err != nil {
		return err
	}
	q := url.Values{}
	if name := tmp.Name; name != "" {
		q.Set("fileName", name)
	} else {
		q.Set("fileName", path.Base(tmp.Path))
	}
	return noContent(ctx, s.g2, &call.Call{
		Method: http.MethodPost, Path: "/creatives" + pathID(id) + "/upload", Query: q,
		// Taking the same file again replaces it: safe to retry.
		ReadOnly: true,
		Form:     url.Values{"key": {loc.Key}, "path": {tmp.Path}},
	}, opts...)
}

// UploadViaUploaderV2 uploads a video creative's file through the upload
// host: UploadLocationV2, SendToUploaderV2 and TakeUploadV2 in turn. It
// returns the temporary file's record, also with the error of the last
// step (the file is then on the upload host and TakeUploadV2 may be
// called again). Arguments are checked before any request.
//
// The upload host is another server than the platform's: it gets the
// platform's credentials (bearer token, session cookie) only when its
// scheme, host and port are the platform's own, as with every request the
// client sends. An upload host named without a scheme is reached over
// https; one named with http:// is refused unless it is a loopback host
// (localhost, 127.0.0.0/8, ::1: a test's or a local fake's), so the file
// and its key never travel in clear text.
//
// Deprecated: use VideoService.CreateAndUpload (the v3.0 create with
// fileName and its pre-signed URL).
func (s *VideoService) UploadViaUploaderV2(ctx context.Context, id int64, fileName string, r io.Reader, size int64, o UploadOptions, opts ...adama.RequestOption) (*TempFile, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	checkNamedFile(&v, fileName, r, size)
	if err := v.Err(); err != nil {
		return nil, err
	}
	loc, err := s.UploadLocationV2(ctx, id, opts...)
	if err != nil {
		return nil, err
	}
	tmp, err := s.SendToUploaderV2(ctx, loc, fileName, r, size, o, opts...)
	if err != nil {
		return nil, err
	}
	return tmp, s.TakeUploadV2(ctx, id, loc, tmp, opts...)
}
