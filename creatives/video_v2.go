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

// CreateV2 creates a video creative from c.Details
// (POST /video/v2.0/creatives) and returns it as read with GetV2 (the
// platform answers only the new id).
//
// Deprecated: use VideoService.Create (POST /v3.0/creatives).
func (s *VideoService) CreateV2(ctx context.Context, c *VideoCreative, opts ...adama.RequestOption) (*VideoCreative, error) {
	var v valid.Validator
	if c == nil {
		v.Add("creative", "required", nil)
		return nil, v.Err()
	}
	c.Details.check(&v, "", true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.v2().create(ctx, c.Details.sent(), opts)
	if err != nil {
		return nil, err
	}
	got, err := s.GetV2(ctx, r.CreativeID, opts...)
	if err != nil {
		return &VideoCreative{ID: r.CreativeID}, err
	}
	return got, nil
}

// GetV2 reads a video creative (GET /video/v2.0/creatives/{video_id}); the
// creative may come wrapped in data or bare.
//
// Deprecated: use VideoService.Get (GET /v3.0/creatives/{creativeId}).
func (s *VideoService) GetV2(ctx context.Context, id int64, opts ...adama.RequestOption) (*VideoCreative, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	get := &call.Call{Path: "/creatives" + pathID(id)}
	raw, err := one[json.RawMessage](ctx, s.g2, get, opts...)
	if err != nil {
		return nil, err
	}
	var w dataWrapper
	if json.Unmarshal(*raw, &w) == nil && w.Data != nil {
		if w.Data.ID == 0 {
			w.Data.ID = id
		}
		if err := s.g2.Strict(get, w.Data); err != nil {
			return nil, err
		}
		return w.Data, nil
	}
	var c VideoCreative
	if err := json.Unmarshal(*raw, &c); err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "decoding the response: " + err.Error(), Method: http.MethodGet, Path: s.g2.Prefix + "/creatives" + pathID(id), Err: err}
	}
	if c.ID == 0 {
		c.ID = id
	}
	if err := s.g2.Strict(get, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// UpdateV2 saves c (POST /video/v2.0/creatives/{video_id}). The v2.0
// update replaces: fields left out are removed, so UpdateV2 sends c's
// whole settings, unknown properties included and read-only fields left
// out. The platform answers no content; UpdateV2 returns the creative as
// read again with GetV2.
//
// Deprecated: use VideoService.Update (PATCH /v3.0/creatives/{creativeId}).
func (s *VideoService) UpdateV2(ctx context.Context, c *VideoCreative, opts ...adama.RequestOption) (*VideoCreative, error) {
	var v valid.Validator
	if c == nil {
		v.Add("creative", "required", nil)
		return nil, v.Err()
	}
	if err := s.v2().replace(ctx, c.ID, &c.Details, opts); err != nil {
		return nil, err
	}
	return s.GetV2(ctx, c.ID, opts...)
}

// ListV2 lists a creative's companions, on one page
// (GET /video/v2.0/creatives/{video_id}/companions; nil options: the
// platform's defaults).
//
// Deprecated: use CompanionService.List.
func (s *CompanionService) ListV2(ctx context.Context, id int64, _ *CompanionListOptions, opts ...adama.RequestOption) (*adama.Page[*Companion], error) {
	return listCompanions(ctx, s.g2, id, opts)
}

// CreateV2 adds companion c to creative id
// (POST /video/v2.0/creatives/{video_id}/companions). The v2.0 interface
// answers only the new id and has no read of one companion: CreateV2
// returns a copy of c with the new id filled in.
//
// Deprecated: use CompanionService.Create.
func (s *CompanionService) CreateV2(ctx context.Context, id int64, c *Companion, opts ...adama.RequestOption) (*Companion, error) {
	cid, err := createCompanion(ctx, s.g2, id, c, opts)
	if err != nil {
		return nil, err
	}
	out := *c
	out.ID = cid
	return &out, nil
}

// DeleteV2 removes a companion with the v2 GET form
// (GET /video/v2.0/creatives/{video_id}/companions/{companion_id}/delete).
//
// Deprecated: use CompanionService.Delete (DELETE
// /v3.0/creatives/{creativeId}/companions/{companionId}).
func (s *CompanionService) DeleteV2(ctx context.Context, id, companionID int64, opts ...adama.RequestOption) error {
	if err := checkPair(id, companionID); err != nil {
		return err
	}
	// A GET that deletes: replaying it after the companion is gone only
	// answers 404, so the layer's GET retries are harmless.
	return noContent(ctx, s.g2, &call.Call{Path: companionsPath(id) + pathID(companionID) + "/delete"}, opts...)
}

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
	v.Check(fileName != "", "fileName", "required", nil)
	v.Check(r != nil, "file", "required", nil)
	v.Check(size >= 0, "size", "at least 0", size)
	if err := v.Err(); err != nil {
		return err
	}
	file := &replayable{r: r, size: size, progress: o.Progress}
	if _, ok := r.(io.Seeker); !ok {
		opts = append([]adama.RequestOption{adama.WithCallRetries(0)}, opts...)
	}
	resp, err := s.g2.Send(ctx, &call.Call{
		Method: http.MethodPost, Path: "/creatives" + pathID(id) + "/upload",
		// Sending the same file again replaces it: safe to retry.
		Query: url.Values{"fileName": {fileName}}, ReadOnly: true,
		Multipart: &call.Multipart{Files: []call.File{{Field: "file", FileName: fileName, ContentType: o.ContentType, Open: file.open, Size: size}}},
	}, opts...)
	if err != nil {
		return enrich(err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.Body.Close()
}

// ValidateVASTV2 validates a VAST document
// (POST /video/v2.0/creatives/validateVAST).
//
// Deprecated: use VideoService.ValidateVAST (POST /v3.0/creatives/validateVAST).
func (s *VideoService) ValidateVASTV2(ctx context.Context, vast []byte, opts ...adama.RequestOption) (*VASTValidation, error) {
	return validateVAST(ctx, s.g2, vast, opts)
}

// VariantsV2 lists every encoded variant with its asset path and video
// information (GET /video/v2.0/creatives/{video_id}/variants). No v3
// replacement is stated.
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement.
func (s *VideoService) VariantsV2(ctx context.Context, id int64, opts ...adama.RequestOption) ([]Variant, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	c := &call.Call{Path: "/creatives" + pathID(id) + "/variants"}
	w, err := one[struct {
		Variants []Variant `json:"variants"`
	}](ctx, s.g2, c, opts...)
	if err != nil {
		return nil, err
	}
	if err := s.g2.Strict(c, w.Variants); err != nil {
		return nil, err
	}
	return w.Variants, nil
}

// VariantV2 reads one variant
// (GET /video/v2.0/creatives/{video_id}/variants/{variant_id}).
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement.
func (s *VideoService) VariantV2(ctx context.Context, id, variantID int64, opts ...adama.RequestOption) (*Variant, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	checkID(&v, "variant_id", variantID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return one[Variant](ctx, s.g2, &call.Call{Path: "/creatives" + pathID(id) + "/variants" + pathID(variantID)}, opts...)
}

// StatusV2 reads the upload status, encoding information and encoding
// percent (GET /video/v2.0/creatives/{video_id}/status).
//
// Deprecated: VideoService.Get carries status and percent in v3.
func (s *VideoService) StatusV2(ctx context.Context, id int64, opts ...adama.RequestOption) (*UploadStatus, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return one[UploadStatus](ctx, s.g2, &call.Call{Path: "/creatives" + pathID(id) + "/status"}, opts...)
}

// MaxVASTSize bounds VASTV2; use VASTReaderV2 for larger documents.
const MaxVASTSize = 16 << 20

// VASTV2 returns the creative's VAST XML document
// (GET /video/v2.0/creatives/{video_id}/vast).
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement.
func (s *VideoService) VASTV2(ctx context.Context, id int64, opts ...adama.RequestOption) ([]byte, error) {
	rc, err := s.VASTReaderV2(ctx, id, opts...)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxVASTSize+1))
	if err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: "read", Message: "reading the VAST document: " + err.Error(), Method: http.MethodGet, Path: s.g2.Prefix + "/creatives" + pathID(id) + "/vast", Err: err}
	}
	if len(b) > MaxVASTSize {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: "too_large", Message: "the VAST document is larger than MaxVASTSize; use VASTReaderV2", Method: http.MethodGet, Path: s.g2.Prefix + "/creatives" + pathID(id) + "/vast"}
	}
	return b, nil
}

// VASTReaderV2 streams the creative's VAST XML document; the caller closes
// it.
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement.
func (s *VideoService) VASTReaderV2(ctx context.Context, id int64, opts ...adama.RequestOption) (io.ReadCloser, error) {
	var v valid.Validator
	checkID(&v, "video_id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	resp, err := s.g2.Send(ctx, &call.Call{Path: "/creatives" + pathID(id) + "/vast", Accept: "application/xml", Stream: true}, opts...)
	if err != nil {
		return nil, enrich(err)
	}
	return resp.Body, nil
}

// AddVASTExtensionV2 adds an extension XML node to the creative's VAST
// template (POST /video/v2.0/creatives/{video_id}/vast/extension with
// Content-Type: application/xml).
//
// Deprecated: the v2.0 interface is deprecated; v3 states no replacement
// (CreativeDetails.CustomVASTExtensionXML sets an extension in v3).
func (s *VideoService) AddVASTExtensionV2(ctx context.Context, id int64, extension []byte, opts ...adama.RequestOption) error {
	var v valid.Validator
	checkID(&v, "video_id", id)
	v.Check(len(bytes.TrimSpace(extension)) > 0 && bytes.TrimSpace(extension)[0] == '<', "extension", "an XML node", nil)
	if err := v.Err(); err != nil {
		return err
	}
	return noContent(ctx, s.g2, &call.Call{Method: http.MethodPost, Path: "/creatives" + pathID(id) + "/vast/extension", Raw: extension, RawType: "application/xml"}, opts...)
}
