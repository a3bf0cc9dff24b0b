package creatives

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// The deprecated video creatives v2.0 (prefix /video/v2.0, bearer token)
// are reached through the methods of VideoService and CompanionService with
// the suffix V2. Where v3 has the same call, the V2 method shares its
// implementation; only the path differs.

// ListAtomicV2 lists the video atomic creatives through group A
// (GET /api/v2.0/atomic_creatives?q=media_type==video), adding the filter
// to o's query.
//
// Deprecated: use VideoService.ListByIDs (POST /v3.0/creatives/list).
func (s *VideoService) ListAtomicV2(ctx context.Context, o *entity.ListOptions, opts ...adama.RequestOption) (*entity.Page[entity.AtomicCreative], error) {
	var cp entity.ListOptions
	if o != nil {
		cp = *o
	}
	q := qlang.Where("media_type", qlang.Eq, "video")
	if cp.Q != nil {
		q.Add(cp.Q.Terms...)
	}
	cp.Q = q
	return entity.New(s.c).AtomicCreatives.List(ctx, &cp, opts...)
}

// GetAtomicV2 reads one atomic creative through group A
// (GET /api/v2.0/atomic_creatives/{id}).
//
// Deprecated: use VideoService.Get (GET /v3.0/creatives/{creativeId}).
func (s *VideoService) GetAtomicV2(ctx context.Context, id int64, opts ...adama.RequestOption) (*entity.AtomicCreative, error) {
	return entity.New(s.c).AtomicCreatives.Get(ctx, id, nil, opts...)
}

// v2 returns s bound to the v2 group: the v3 calls on the v2 paths.
func (s *VideoService) v2() *VideoService { return &VideoService{g: s.g2, c: s.c} }

// UploadV2 sends a video file as multipart form data
// (POST /video/v2.0/creatives/{video_id}/upload?fileName=...), streamed
// from r (size bytes) without holding it in memory. It is retried from the
// start when r is an io.Seeker.
//
// Deprecated: use VideoService.CreateAndUpload (POST /v3.0/creatives with
// fileName and a PUT to the pre-signed URL).
func (s *VideoService) UploadV2(ctx context.Context, id int64, fileName string, r io.Reader, size int64, o UploadOptions, opts ...adama.RequestOption) error {
	var v valid.Validator
	checkID(&v, "video_id", id)
	checkNamedFile(&v, fileName, r, size)
	if err := v.Err(); err != nil {
		return err
	}
	file := upload.New(r, size, o.Progress)
	opts = file.Options(opts)
	resp, err := s.g2.Send(ctx, &call.Call{
		Method: http.MethodPost, Path: "/creatives" + pathID(id) + "/upload",
		// Sending the same file again replaces it: safe to retry.
		Query: url.Values{"fileName": {fileName}}, ReadOnly: true,
		Multipart: &call.Multipart{Files: []call.File{{Field: "file", FileName: fileName, ContentType: o.ContentType, Open: file.Open, Size: size}}},
	}, opts...)
	if err != nil {
		return enrich(err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.Body.Close()
}

// dataOrBare reads a record that comes wrapped in data or bare (GetV2).
func dataOrBare[T any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (*T, error) {
	raw, err := one[json.RawMessage](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	var w wrapped[T]
	if json.Unmarshal(*raw, &w) == nil && w.Data != nil {
		if err := g.Strict(c, w.Data); err != nil {
			return nil, err
		}
		return w.Data, nil
	}
	v := new(T)
	if err := json.Unmarshal(*raw, v); err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "decoding the response: " + err.Error(), Method: http.MethodGet, Path: g.Prefix + c.Path, Err: err}
	}
	if err := g.Strict(c, v); err != nil {
		return nil, err
	}
	return v, nil
}

// variantsOf returns the variants of a {"variants": [...]} answer
// (VariantsV2), not a page.
func variantsOf[L ~[]E, E any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (L, error) {
	w, err := one[struct {
		Variants L `json:"variants"`
	}](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	if err := g.Strict(c, w.Variants); err != nil {
		return nil, err
	}
	return w.Variants, nil
}

// MaxVASTSize bounds VASTV2; use VASTReaderV2 for larger documents.
const MaxVASTSize = 16 << 20

// vastDocument reads an XML answer whole (VASTV2), up to MaxVASTSize.
func vastDocument[B ~[]byte](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (B, error) {
	rc, err := vastStream(ctx, g, c, opts)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxVASTSize+1))
	if err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: "read", Message: "reading the VAST document: " + err.Error(), Method: http.MethodGet, Path: g.Prefix + c.Path, Err: err}
	}
	if len(b) > MaxVASTSize {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: "too_large", Message: "the VAST document is larger than MaxVASTSize; use VASTReaderV2", Method: http.MethodGet, Path: g.Prefix + c.Path}
	}
	return b, nil
}

// vastStream sends c asking for XML and returns the answer's body, which
// the caller closes.
func vastStream(ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) (io.ReadCloser, error) {
	c.Accept, c.Stream = "application/xml", true
	resp, err := g.Send(ctx, c, opts...)
	if err != nil {
		return nil, enrich(err)
	}
	return resp.Body, nil
}

// VASTReaderV2 streams the creative's VAST XML document
// (GET /video/v2.0/creatives/{video_id}/vast); the caller closes it.
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement.
func (s *VideoService) VASTReaderV2(ctx context.Context, id int64, opts ...adama.RequestOption) (io.ReadCloser, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return vastStream(ctx, s.g2, &call.Call{Path: "/creatives" + pathID(id) + "/vast"}, opts)
}

// vastExtensionRequest checks an extension element and sends it as XML
// (AddVASTExtensionV2).
func vastExtensionRequest(c *call.Call, _ int64, extension []byte) error {
	var v valid.Validator
	v.Check(len(bytes.TrimSpace(extension)) > 0 && bytes.TrimSpace(extension)[0] == '<', "extension", "an XML node", nil)
	if err := v.Err(); err != nil {
		return err
	}
	c.Raw, c.RawType = extension, "application/xml"
	return nil
}
