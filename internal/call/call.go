// Package call is the one call layer every group package sends through:
// it encodes the request body (form, JSON, XML, multipart or raw bytes),
// sends it with adama.Client.Do, decodes the group's envelope into the
// caller's type in one step and turns every failure into an *adama.Error
// carrying method and path. A group declares a Group (host, prefix, auth,
// envelope) and its records; it writes no decoder, pager or retry code.
package call

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"github.com/adamasdk/adama-go/internal/media"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// Group is one API group's fixed part: where it lives, which credentials
// it sends and how its answers are wrapped.
type Group struct {
	// Client sends the requests.
	Client *adama.Client
	// Host is the server the group is on.
	Host adama.Host
	// Prefix is prepended to every Call.Path ("/api/v2.0").
	Prefix string
	// Auth selects the credentials sent.
	Auth adama.AuthMode
	// Envelope decodes 2xx answers.
	Envelope Envelope
	// XML asks for XML answers (groups A and C offer it); JSON otherwise.
	XML bool
}

// Call is one request of a group.
type Call struct {
	// Method is the HTTP method (GET when empty).
	Method string
	// Path is the path under the group's prefix ("/advertisers/7").
	Path string
	// Query is appended to the URL.
	Query url.Values
	// Form, JSON, XML, Multipart and Raw are the body forms; set at most
	// one.
	Form      url.Values
	JSON      any
	XML       any
	Multipart *Multipart
	Raw       []byte
	// RawType is the media type of Raw or of BodyFunc's body.
	RawType string
	// BodyFunc streams the body instead: it is called once per attempt,
	// so a retry starts it again (see adama.Request.BodyFunc);
	// ContentLength is its size (-1 when unknown).
	BodyFunc      func() (io.Reader, error)
	ContentLength int64
	// URL, when set, is an absolute URL called instead of the group's
	// host, prefix and Path (a pre-signed upload URL). Credentials go only
	// to the platform's own hosts.
	URL string
	// Creates marks a PUT that creates something: not retried once it may
	// have reached the server.
	Creates bool
	// Accept overrides the Accept header ("text/csv", "application/xml").
	Accept string
	// ReadOnly marks a POST that only reads (list by ids, validate,
	// analytics): safe to retry.
	ReadOnly bool
	// Stream lifts the client's whole-body limit: the caller reads the body
	// as a stream and bounds it itself.
	Stream bool
	// Header holds extra headers.
	Header http.Header
}

// Multipart is a multipart/form-data body: fields, then files.
type Multipart struct {
	Fields []Field
	Files  []File
}

// Field is one text part.
type Field struct{ Name, Value string }

// File is one file part: its content is Data, or, when Open is set, Size
// bytes streamed from the reader Open returns. Open is called once per
// attempt (a retry starts it again), so the body is never held in memory.
type File struct {
	Field, FileName, ContentType string
	Data                         []byte
	Open                         func() (io.Reader, error)
	Size                         int64
}

// encode writes m. A body without streamed files comes back whole in
// static; otherwise open yields a fresh reader of the whole body per
// attempt and size is its exact length.
func (m *Multipart) encode() (static []byte, open func() (io.Reader, error), size int64, contentType string, err error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	type segment struct {
		b    []byte
		open func() (io.Reader, error)
	}
	var segs []segment
	for _, f := range m.Fields {
		if err := mw.WriteField(f.Name, f.Value); err != nil {
			return nil, nil, 0, "", err
		}
	}
	for _, f := range m.Files {
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{`form-data; name="` + escapeQuotes(f.Field) + `"; filename="` + escapeQuotes(f.FileName) + `"`}
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		h["Content-Type"] = []string{ct}
		w, err := mw.CreatePart(h)
		if err != nil {
			return nil, nil, 0, "", err
		}
		if f.Open == nil {
			if _, err := w.Write(f.Data); err != nil {
				return nil, nil, 0, "", err
			}
			continue
		}
		if f.Size < 0 {
			return nil, nil, 0, "", errors.New("multipart file " + f.Field + ": size is negative")
		}
		segs = append(segs, segment{b: bytes.Clone(buf.Bytes())}, segment{open: f.Open})
		size += int64(buf.Len()) + f.Size
		buf.Reset()
	}
	if err := mw.Close(); err != nil {
		return nil, nil, 0, "", err
	}
	if segs == nil {
		return buf.Bytes(), nil, int64(buf.Len()), mw.FormDataContentType(), nil
	}
	segs = append(segs, segment{b: bytes.Clone(buf.Bytes())})
	size += int64(buf.Len())
	open = func() (io.Reader, error) {
		rs := make([]io.Reader, 0, len(segs))
		for _, s := range segs {
			if s.open == nil {
				rs = append(rs, bytes.NewReader(s.b))
				continue
			}
			r, err := s.open()
			if err != nil {
				return nil, err
			}
			rs = append(rs, r)
		}
		return io.MultiReader(rs...), nil
	}
	return nil, open, size, mw.FormDataContentType(), nil
}

// request builds the adama.Request of c.
func (g *Group) request(c *Call) (*adama.Request, error) {
	r := &adama.Request{
		Method: c.Method, Host: g.Host, Path: g.Prefix + c.Path, Query: c.Query,
		Auth: g.Auth, Idempotent: c.ReadOnly, Header: c.Header, Accept: c.Accept, Stream: c.Stream,
		URL: c.URL, Creates: c.Creates,
	}
	if r.Method == "" {
		r.Method = http.MethodGet
	}
	if r.Accept == "" {
		r.Accept = "application/json"
		if g.XML {
			r.Accept = "application/xml"
		}
	}
	switch {
	case c.Form != nil:
		r.Body, r.ContentType = []byte(c.Form.Encode()), "application/x-www-form-urlencoded"
	case c.JSON != nil:
		b, err := json.Marshal(c.JSON)
		if err != nil {
			return nil, err
		}
		r.Body, r.ContentType = b, "application/json"
	case c.XML != nil:
		b, err := xml.Marshal(c.XML)
		if err != nil {
			return nil, err
		}
		r.Body, r.ContentType = append([]byte(xml.Header), b...), "application/xml"
	case c.Multipart != nil:
		static, open, size, ct, err := c.Multipart.encode()
		if err != nil {
			return nil, err
		}
		r.ContentType = ct
		if open == nil {
			r.Body = static
		} else {
			r.BodyFunc, r.ContentLength = open, size
		}
	case c.Raw != nil:
		r.Body, r.ContentType = c.Raw, c.RawType
	case c.BodyFunc != nil:
		r.BodyFunc, r.ContentLength, r.ContentType = c.BodyFunc, c.ContentLength, c.RawType
	}
	return r, nil
}

func escapeQuotes(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\\':
			b = append(b, '\\')
		case '\r', '\n':
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Send sends c and returns the 2xx response with its body unread (the
// caller closes it). Failures are what adama.Client.Do returns.
func (g *Group) Send(ctx context.Context, c *Call, opts ...adama.RequestOption) (*http.Response, error) {
	r, err := g.request(c)
	if err != nil {
		return nil, &adama.Error{Code: "encode", Message: "encoding the request body: " + err.Error(), Method: c.Method, Path: g.Prefix + c.Path, Err: err}
	}
	return g.Client.Do(ctx, r, opts...)
}

// Into sends c and decodes the answer's payload into dst (a non-nil
// pointer), returning the list metadata. A body of the wrong shape or
// without payload is an *adama.Error with code adama.CodeUnexpectedContent.
func (g *Group) Into(ctx context.Context, c *Call, dst any, opts ...adama.RequestOption) (Meta, error) {
	resp, err := g.Send(ctx, c, opts...)
	if err != nil {
		return Meta{}, err
	}
	defer resp.Body.Close()
	// The body is read whole before it is decoded: a body over the
	// client's limit fails here, having cost no more than the limit, and
	// no decoder grows a buffer of its own.
	body, err := readBody(resp.Body, resp.ContentLength)
	var r io.Reader
	switch {
	case errors.Is(err, adama.ErrTooLarge):
		return Meta{}, decodeError(resp, err)
	case err != nil:
		// Cut after the document may be whole: decode what came, then
		// the read error.
		r = io.MultiReader(bytes.NewReader(body), errReader{err})
	default:
		r = newBodyBytes(body)
	}
	meta, err := g.Envelope.Decode(r, media.MediaType(resp.Header.Get("Content-Type")), dst)
	if err != nil {
		return meta, decodeError(resp, err)
	}
	if m := g.strictMisfits(dst); len(m) > 0 {
		return meta, decodeError(resp, misfitError(resp.StatusCode, "", "", m))
	}
	return meta, nil
}

// Strict returns the error a strict client's call to c fails with when
// dst, decoded from its answer outside Into (a payload unwrapped in a
// second step), holds a misfit: the *adama.Error of Into's check, status
// 200. It returns nil for a client not made strict or a dst without one.
func (g *Group) Strict(c *Call, dst any) error {
	m := g.strictMisfits(dst)
	if len(m) == 0 {
		return nil
	}
	method := c.Method
	if method == "" {
		method = http.MethodGet
	}
	return misfitError(http.StatusOK, method, g.Prefix+c.Path, m)
}

// strictMisfits lists dst's misfits when the client is strict, and
// nothing otherwise (without walking dst).
func (g *Group) strictMisfits(dst any) []adama.Misfit {
	if g.Client == nil || !g.Client.StrictDecoding() {
		return nil
	}
	return MisfitsOf(dst)
}

// misfitError is the *adama.Error a strict call fails with: code
// adama.CodeMisfit, the message naming every field, Err an
// *adama.MisfitError.
func misfitError(status int, method, path string, misfits []adama.Misfit) *adama.Error {
	me := &adama.MisfitError{Misfits: misfits}
	return &adama.Error{StatusCode: status, Code: adama.CodeMisfit, Message: me.Error(), Method: method, Path: path, Err: me}
}

// misfitter is a record that reports the values that fit none of its
// fields' documented forms.
type misfitter interface{ Misfits() []adama.Misfit }

// MisfitsOf lists the misfits of a decoded answer: dst itself when it is a
// record, or each record of a list (its fields prefixed "[i].").
func MisfitsOf(dst any) []adama.Misfit {
	if m, ok := dst.(misfitter); ok {
		return m.Misfits()
	}
	v := reflect.ValueOf(dst)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Slice {
		if v.CanAddr() {
			if m, ok := v.Addr().Interface().(misfitter); ok {
				return m.Misfits()
			}
		}
		return nil
	}
	var out []adama.Misfit
	for i := range v.Len() {
		e := v.Index(i)
		if e.Kind() == reflect.Pointer && e.IsNil() {
			continue
		}
		var rec misfitter
		if m, ok := e.Interface().(misfitter); ok {
			rec = m
		} else if m, ok := e.Addr().Interface().(misfitter); ok {
			rec = m
		}
		if rec == nil {
			continue
		}
		for _, m := range rec.Misfits() {
			m.Field = "[" + strconv.Itoa(i) + "]." + m.Field
			out = append(out, m)
		}
	}
	return out
}

// NoContent sends c and discards the answer's body (a delete, or an
// update whose answer the caller does not need).
func (g *Group) NoContent(ctx context.Context, c *Call, opts ...adama.RequestOption) error {
	resp, err := g.Send(ctx, c, opts...)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	return resp.Body.Close()
}

// decodeError places a decode failure in an *adama.Error with the
// request's method and path.
func decodeError(resp *http.Response, err error) error {
	method, path := "", ""
	if resp.Request != nil {
		method = resp.Request.Method
		if resp.Request.URL != nil {
			path = resp.Request.URL.Path
		}
	}
	var ae *adama.Error
	if errors.As(err, &ae) {
		if ae.Method == "" {
			ae.Method, ae.Path = method, path
		}
		return ae
	}
	msg := "decoding the response: " + err.Error()
	if errors.Is(err, ErrNoData) {
		msg = err.Error()
	}
	return &adama.Error{StatusCode: resp.StatusCode, Code: adama.CodeUnexpectedContent, Message: msg, Method: method, Path: path, Err: err}
}

// One sends c and returns its payload decoded as a T.
func One[T any](ctx context.Context, g *Group, c *Call, opts ...adama.RequestOption) (*T, error) {
	v := new(T)
	if _, err := g.Into(ctx, c, v, opts...); err != nil {
		return nil, err
	}
	return v, nil
}

// List sends c and returns its payload, a list of T, as a page with the
// envelope's metadata.
func List[T any](ctx context.Context, g *Group, c *Call, opts ...adama.RequestOption) (*adama.Page[T], error) {
	var items []T
	meta, err := g.Into(ctx, c, &items, opts...)
	if err != nil {
		return nil, err
	}
	return PageOf(items, meta), nil
}

// PageOf builds the page of items with meta.
func PageOf[T any](items []T, meta Meta) *adama.Page[T] {
	p := &adama.Page[T]{Items: items, Count: meta.Count, Offset: meta.Offset, TotalCount: meta.TotalCount,
		HasTotal: meta.HasTotal, NextPage: meta.NextPage, PrevPage: meta.PrevPage, CalledOn: meta.CalledOn}
	if !meta.HasCount {
		p.Count = len(items)
	}
	return p
}
