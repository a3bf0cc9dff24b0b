package creatives

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
)

// CodeUploadURLExpired is the code of the *adama.Error (or the rule of the
// *adama.ValidationError, when the SDK saw it before sending) of an upload
// to a pre-signed URL that has expired. Test with IsUploadURLExpired.
const CodeUploadURLExpired = "upload_url_expired"

// IsUploadURLExpired reports whether err says that the pre-signed upload
// URL had expired: create the creative's upload URL again (Create with
// FileName) and upload again.
func IsUploadURLExpired(err error) bool {
	var ae *adama.Error
	if errors.As(err, &ae) {
		return ae.Code == CodeUploadURLExpired
	}
	var ve *adama.ValidationError
	return errors.As(err, &ve) && ve.Has("uploadUrl", CodeUploadURLExpired)
}

// checkFile records in v what is wrong with the file of an upload: none,
// or a negative size.
func checkFile(v *valid.Validator, r io.Reader, size int64) {
	v.Check(r != nil, "file", "required", nil)
	v.Check(size >= 0, "size", "at least 0", size)
}

// checkNamedFile is checkFile with the file's name, which is required.
func checkNamedFile(v *valid.Validator, fileName string, r io.Reader, size int64) {
	v.Check(fileName != "", "fileName", "required", nil)
	checkFile(v, r, size)
}

// UploadOptions shape an upload.
type UploadOptions struct {
	// ContentType is the file's media type; empty means taken from the
	// file name's extension, else application/octet-stream.
	ContentType string
	// Progress, when set, is called as the file is sent with the bytes sent
	// so far and the total. A retry starts again from zero. It runs on the
	// goroutine that sends the body and must return quickly.
	Progress func(sent, total int64)
}

// Upload sends a file to the pre-signed URL of res (a Create answer with
// an UploadURL) with the headers the platform signs into it
// (x-amz-acl: public-read, x-amz-meta-creative: <creativeId>) and the
// file's Content-Type. The file is streamed from r (size bytes; it never
// sits in memory whole), and no bearer token, cookie or other platform
// credential is sent to the storage host. A failed attempt is retried from
// the start when r is an io.Seeker; otherwise it is sent once. An expired
// URL is an error IsUploadURLExpired recognises.
func (s *VideoService) Upload(ctx context.Context, res *CreateResult, r io.Reader, size int64, o UploadOptions, opts ...adama.RequestOption) error {
	var v valid.Validator
	if res == nil {
		v.Add("result", "required", nil)
		return v.Err()
	}
	checkID(&v, "creativeId", res.CreativeID)
	u, err := url.Parse(string(res.UploadURL))
	v.Check(res.UploadURL != "" && err == nil && u.IsAbs(), "uploadUrl", "an absolute URL (Create with fileName returns one)", nil)
	checkFile(&v, r, size)
	if !res.ExpiresAt.IsZero() && !time.Now().Before(res.ExpiresAt) {
		v.Add("uploadUrl", CodeUploadURLExpired+": the pre-signed URL expired at "+res.ExpiresAt.UTC().Format(time.RFC3339), nil)
	}
	if err := v.Err(); err != nil {
		return err
	}
	ct := o.ContentType
	if ct == "" && u != nil {
		ct = mime.TypeByExtension(path.Ext(u.Path))
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	body := upload.New(r, size, o.Progress)
	opts = body.Options(opts)
	// The storage host gets no platform credential: the layer sends them
	// only to the platform's hosts, and this call asks for none.
	storage := &call.Group{Client: s.c, Auth: adama.AuthNone}
	resp, err := storage.Send(ctx, &call.Call{
		Method: http.MethodPut, URL: string(res.UploadURL),
		BodyFunc: body.Open, ContentLength: size, RawType: ct, Accept: "*/*",
		Header: http.Header{
			"X-Amz-Acl":           {"public-read"},
			"X-Amz-Meta-Creative": {strconv.FormatInt(res.CreativeID, 10)},
		},
	}, opts...)
	if err != nil {
		var ae *adama.Error
		if errors.As(err, &ae) && ae.StatusCode == http.StatusForbidden &&
			(strings.Contains(strings.ToLower(ae.Body), "expired") || (!res.ExpiresAt.IsZero() && !time.Now().Before(res.ExpiresAt))) {
			ae.Code = CodeUploadURLExpired
			ae.Message = "the pre-signed upload URL has expired; ask for a new one with Create and fileName"
		}
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.Body.Close()
}

// CreateAndUpload creates a creative with in.FileName set and uploads the
// file to the URL the answer carries: the common case in one call. When
// the upload fails the creative exists; the result is returned with the
// error so the caller can retry Upload (while the URL is valid) or update
// the creative.
func (s *VideoService) CreateAndUpload(ctx context.Context, in *NewVideoCreative, r io.Reader, size int64, o UploadOptions, opts ...adama.RequestOption) (*CreateResult, error) {
	var v valid.Validator
	v.Check(in != nil && in.FileName != "", "fileName", "required for an upload", nil)
	checkFile(&v, r, size)
	if in != nil {
		in.check(&v, "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	res, err := s.create(ctx, in, opts)
	if err != nil {
		return nil, err
	}
	if o.ContentType == "" {
		o.ContentType = mime.TypeByExtension(path.Ext(in.FileName))
	}
	if err := s.Upload(ctx, res, r, size, o, opts...); err != nil {
		return res, err
	}
	return res, nil
}
