package byoa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// FeatureWeights maps a feature name ("week_part^0", "__const") to its
// coefficient. Coefficients sent as numeric strings are read as numbers.
type FeatureWeights map[string]float64

// UnmarshalJSON reads the weights.
func (f *FeatureWeights) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(FeatureWeights, len(raw))
	for k, v := range raw {
		x, err := flexFloat(v)
		if err != nil {
			return fmt.Errorf("feature %q: %w", truncate(k, 40), err)
		}
		out[k] = x
	}
	*f = out
	return nil
}

// flexFloat reads a JSON number or numeric string.
func flexFloat(v json.RawMessage) (float64, error) {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return 0, err
		}
		v = []byte(strings.TrimSpace(s))
	}
	x, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		return 0, errorf("%q is not a number", truncate(string(v), 40))
	}
	return x, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Submodel returns the submodel for goal (compared ignoring case).
func (d *DecodedModel) Submodel(goal GoalType) (*Submodel, bool) {
	for i := range d.Data {
		if d.Data[i].GoalType.Equal(goal) {
			return &d.Data[i], true
		}
	}
	return nil, false
}

// DecodeModel reads a decoded model from the data member of a decode
// answer or from a bare model object, as a local check before upload.
func DecodeModel(b []byte) (*DecodedModel, error) {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	b = bytes.TrimSpace(b)
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, errorf("decoding a model: %w", err)
	}
	if len(env.Data) > 0 && env.Data[0] == '{' {
		b = env.Data
	}
	var m DecodedModel
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, errorf("decoding a model: %w", err)
	}
	return &m, nil
}

// Validate checks that data is present and brain_type_id is 1000-1004.
func (u *Upload) Validate() error {
	var v valid.Validator
	if u == nil {
		v.Require("data", false)
		return v.Err()
	}
	u.validate(&v, true) // the rules the description states (records_gen.go)
	return v.Err()
}

// StreamUpload is a model upload whose data is read from a stream, for
// models too large to hold in memory twice.
type StreamUpload struct {
	// Open returns the encoded model's text from its start; it is called
	// once per attempt (a retried upload starts again). Required.
	Open func() (io.Reader, error)
	// Size is the length of that text in bytes. When set, the body is sent
	// with a Content-Length and the text must need no JSON escaping (base64
	// or other printable ASCII without '"' and '\'); a byte that would need
	// escaping fails the upload. When zero, the text is escaped as it is
	// read and the body is sent chunked.
	Size int64
	// BrainTypeID is 1000-1004 (required).
	BrainTypeID BrainTypeID
	// Progress, when set, is called as the body is read with the bytes of
	// data sent so far in this attempt and Size (0 when unknown).
	Progress func(sent, total int64)
}

// Validate checks that Open is set, Size is not negative and
// brain_type_id is 1000-1004.
func (u *StreamUpload) Validate() error {
	var v valid.Validator
	if u == nil {
		v.Require("data", false)
		return v.Err()
	}
	// Upload's rules (records_gen.go), the data stood in for by Open;
	// then the size, which no schema states.
	up := Upload{BrainTypeID: u.BrainTypeID}
	if u.Open != nil {
		up.Data = "stream"
	}
	up.validate(&v, true)
	v.Check(u.Size >= 0, "size", "must not be negative", u.Size)
	return v.Err()
}

// ListOptions narrows Models.List.
type ListOptions struct {
	// Namespace is the namespace listed (usually the organization id);
	// required.
	Namespace string
	// ModelID names the model of the namespace to return; the platform
	// refuses a request without it (code Invalid_model_id).
	ModelID string
}

// ModelsService uploads, reads, decodes and deletes model data
// (/data/{namespace}/models/{model_id}).
type ModelsService struct{ g *call.Group }

// ModelKey names a stored model: the platform keys a model by its
// namespace (usually the organization id) and its id within that
// namespace, /data/{namespace}/models/{model_id}.
type ModelKey struct {
	// Namespace is the model's namespace; required.
	Namespace string
	// ModelID is the model's id within Namespace; required.
	ModelID string
}

// Key returns the key naming m.
func (m *Model) Key() ModelKey { return ModelKey{Namespace: m.Namespace, ModelID: m.ModelID} }

// Validate checks that both parts of the key are set, naming each one
// missing ("namespace", "model_id").
func (k ModelKey) Validate() error {
	var v valid.Validator
	v.Require("namespace", k.Namespace != "")
	v.Require("model_id", k.ModelID != "")
	return v.Err()
}

func (k ModelKey) path() string {
	return "/data/" + seg(k.Namespace) + "/models/" + seg(k.ModelID)
}

// List returns the model of lo.Namespace that lo.ModelID names (GET
// /data/{namespace}?model_id=…), as a page of one. The reference answers
// one model object, the same as Get, and refuses a request naming no
// model with a 400 (code Invalid_model_id); an answer holding a list of
// models is read too. The platform does not page: the page is the whole
// answer.
func (s *ModelsService) List(ctx context.Context, lo *ListOptions, opts ...adama.RequestOption) (*adama.Page[*Model], error) {
	var v valid.Validator
	v.Require("namespace", lo != nil && lo.Namespace != "")
	if err := v.Err(); err != nil {
		return nil, err
	}
	c := &call.Call{Path: "/data/" + seg(lo.Namespace)}
	if lo.ModelID != "" {
		c.Query = url.Values{"model_id": {lo.ModelID}}
	}
	var out modelList
	meta, err := s.g.Into(ctx, c, &out, opts...)
	if err != nil {
		return nil, err
	}
	items := make([]*Model, len(out))
	for i := range out {
		items[i] = &out[i]
	}
	return call.PageOf(items, meta), nil
}

type modelList []Model

func (l *modelList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		var one Model
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*l = modelList{one}
		return nil
	}
	var many []Model
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*l = many
	return nil
}

// Upload uploads (creates or replaces) a model. A PUT of the same model is
// safe to repeat, so it is retried on connection errors and 5xx; an
// upload that got no answer at all has an unknown outcome: Get tells.
func (s *ModelsService) Upload(ctx context.Context, key ModelKey, u *Upload, opts ...adama.RequestOption) (*ModelInfo, error) {
	var v valid.Validator
	v.Merge("", key.Validate())
	v.Merge("", u.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[ModelInfo](ctx, s.g, &call.Call{Method: http.MethodPut, Path: key.path(), JSON: u}, opts...)
}

// UploadStream uploads a model whose data is read from u.Open, never held in
// memory whole, reporting progress through u.Progress. Retries start the
// stream again.
func (s *ModelsService) UploadStream(ctx context.Context, key ModelKey, u *StreamUpload, opts ...adama.RequestOption) (*ModelInfo, error) {
	var v valid.Validator
	v.Merge("", key.Validate())
	v.Merge("", u.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	prefix := []byte(`{"brain_type_id":` + strconv.Itoa(int(u.BrainTypeID)) + `,"data":"`)
	suffix := []byte(`"}`)
	length := int64(-1)
	if u.Size > 0 {
		length = int64(len(prefix)) + u.Size + int64(len(suffix))
	}
	open, size, progress := u.Open, u.Size, u.Progress
	return call.One[ModelInfo](ctx, s.g, &call.Call{
		Method: http.MethodPut, Path: key.path(),
		RawType: "application/json", ContentLength: length,
		BodyFunc: func() (io.Reader, error) {
			src, err := open()
			if err != nil {
				return nil, err
			}
			body := &jsonStringReader{src: src, strict: size > 0, total: size, progress: progress}
			return io.MultiReader(bytes.NewReader(prefix), body, bytes.NewReader(suffix)), nil
		},
	}, opts...)
}

// jsonStringReader reads src as the inside of a JSON string: escaped
// when not strict, refused on a byte needing escape when strict.
type jsonStringReader struct {
	src      io.Reader
	strict   bool
	total    int64
	sent     int64
	progress func(sent, total int64)
	pending  []byte
	buf      [4096]byte
	out      []byte
}

// ErrUnsafeData is returned by a streamed upload with a Size whose data
// holds a byte that would need JSON escaping.
var ErrUnsafeData = errors.New("byoa: streamed model data with a Size must need no JSON escaping (use base64, or leave Size zero)")

func (j *jsonStringReader) Read(p []byte) (int, error) {
	for len(j.pending) == 0 {
		n, err := j.src.Read(j.buf[:])
		if n > 0 {
			chunk := j.buf[:n]
			if j.total > 0 && j.sent+int64(n) > j.total {
				return 0, fmt.Errorf("byoa: streamed model data is longer than its Size %d", j.total)
			}
			j.out = j.out[:0]
			for _, c := range chunk {
				if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 && j.strict {
					if j.strict {
						return 0, ErrUnsafeData
					}
				}
				j.out = appendEscaped(j.out, c)
			}
			j.sent += int64(n)
			j.pending = j.out
			if j.progress != nil {
				j.progress(j.sent, j.total)
			}
		}
		if err == io.EOF {
			if len(j.pending) > 0 {
				break
			}
			if j.total > 0 && j.sent != j.total {
				return 0, fmt.Errorf("byoa: streamed model data is %d bytes, not its Size %d", j.sent, j.total)
			}
			return 0, io.EOF
		}
		if err != nil {
			return 0, err
		}
	}
	n := copy(p, j.pending)
	j.pending = j.pending[n:]
	return n, nil
}

func appendEscaped(b []byte, c byte) []byte {
	switch {
	case c == '"' || c == '\\':
		return append(b, '\\', c)
	case c == '\n':
		return append(b, '\\', 'n')
	case c == '\r':
		return append(b, '\\', 'r')
	case c == '\t':
		return append(b, '\\', 't')
	case c < 0x20:
		const hex = "0123456789abcdef"
		return append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
	}
	return append(b, c)
}

// Delete removes a model. (The platform answers what was removed; Get
// before Delete reads it.)
func (s *ModelsService) Delete(ctx context.Context, key ModelKey, opts ...adama.RequestOption) error {
	if err := key.Validate(); err != nil {
		return err
	}
	_, err := call.One[ModelInfo](ctx, s.g, &call.Call{Method: http.MethodDelete, Path: key.path()}, opts...)
	return err
}
