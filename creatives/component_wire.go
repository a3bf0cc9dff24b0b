package creatives

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
)

// ccMeta is the meta object of component creative answers. Shape from
// the Component Creatives API reference, schema
// models.MetaInfo (and models.ValidationMeta).
type ccMeta struct {
	Code       json.RawMessage `json:"code"`
	Count      json.RawMessage `json:"count"`
	NextPage   string          `json:"next_page"`
	PrevPage   string          `json:"prev_page"`
	Offset     json.RawMessage `json:"offset"`
	TotalCount json.RawMessage `json:"total_count"`
	Status     string          `json:"status"`
	Type       string          `json:"type"`
	Message    string          `json:"message"`
}

func metaInt(raw json.RawMessage) (int, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false
	}
	var n int
	if record.DecodeValue(raw, &n) != nil {
		return 0, false
	}
	return n, true
}

// ccBody is a component creative answer: {data, meta, errors} (or
// {error, message}); a body wrapped as {"response": {"value": ...}} is
// read too.
type ccBody struct {
	Data     json.RawMessage `json:"data"`
	Meta     *ccMeta         `json:"meta"`
	Errors   json.RawMessage `json:"errors"`
	Error    string          `json:"error"`
	Message  string          `json:"message"`
	Response *struct {
		Value json.RawMessage `json:"value"`
	} `json:"response"`
}

// unwrapCC parses b into the component creative answer, looking inside
// response.value when present.
func unwrapCC(b []byte) (*ccBody, error) {
	var w ccBody
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, err
	}
	if w.Response != nil && len(w.Response.Value) > 0 {
		var inner ccBody
		if err := json.Unmarshal(w.Response.Value, &inner); err != nil {
			return nil, err
		}
		return &inner, nil
	}
	return &w, nil
}

// ccValidation is one item of the errors list (schema
// models.ValidationDetail; the v1.0 form adds location and value).
type ccValidation struct {
	Param string `json:"param"`
	Msg   string `json:"msg"`
}

// failure turns an error answer into an *adama.Error, or returns nil.
func (w *ccBody) failure(status int, method, path string) *adama.Error {
	var items []ccValidation
	if len(w.Errors) > 0 && w.Errors[0] == '[' {
		_ = json.Unmarshal(w.Errors, &items)
	}
	isErr := len(items) > 0 || w.Error != "" || (w.Meta != nil && w.Meta.Status == "error")
	if !isErr {
		return nil
	}
	e := &adama.Error{StatusCode: status, Method: method, Path: path}
	if w.Meta != nil {
		e.Message = w.Meta.Message
		if c, ok := metaInt(w.Meta.Code); ok && status/100 == 2 && c >= 400 {
			e.StatusCode = c
		}
	}
	if w.Error != "" {
		e.Code = w.Error
	}
	if e.Message == "" {
		e.Message = w.Message
	}
	for _, it := range items {
		e.Fields = append(e.Fields, adama.FieldError{Code: "invalid", Message: it.Msg, Field: it.Param})
	}
	if e.Message == "" && len(items) > 0 {
		e.Message = items[0].Msg
	}
	if e.Message == "" {
		e.Message = http.StatusText(e.StatusCode)
	}
	return e
}

// enrichCC reads a component creative error body (either form) into the
// *adama.Error the layer returned.
func enrichCC(err error) error {
	var ae *adama.Error
	if !errors.As(err, &ae) || ae.Body == "" {
		return err
	}
	w, perr := unwrapCC([]byte(ae.Body))
	if perr != nil {
		return err
	}
	if f := w.failure(ae.StatusCode, ae.Method, ae.Path); f != nil {
		if f.Message != "" && f.Message != http.StatusText(ae.StatusCode) {
			ae.Message = f.Message
		}
		if len(f.Fields) > 0 && !hasFieldText(ae.Fields) {
			ae.Fields = f.Fields
		}
		if ae.Code == "" {
			ae.Code = f.Code
		}
	}
	return err
}

// ccCall sends c and decodes the answer's data into dst (when non-nil),
// returning the meta.
func ccCall(ctx context.Context, g *call.Group, c *call.Call, dst any, opts []adama.RequestOption) (*ccMeta, error) {
	raw, err := call.One[json.RawMessage](ctx, g, c, opts...)
	if err != nil {
		return nil, enrichCC(err)
	}
	method := c.Method
	if method == "" {
		method = http.MethodGet
	}
	meta, err := decodeCC(*raw, dst, method, g.Prefix+c.Path)
	if err == nil && dst != nil {
		err = g.Strict(c, dst)
	}
	return meta, err
}

// decodeCC reads a component creative answer body, its data into dst
// (when non-nil), and returns the meta.
func decodeCC(raw []byte, dst any, method, path string) (*ccMeta, error) {
	w, err := unwrapCC(raw)
	if err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "decoding the response: " + err.Error(), Method: method, Path: path, Err: err}
	}
	if f := w.failure(http.StatusOK, method, path); f != nil {
		return w.Meta, f
	}
	if dst != nil {
		d := bytes.TrimSpace(w.Data)
		if len(d) == 0 || bytes.Equal(d, []byte("null")) {
			return w.Meta, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "the response carries no data", Method: method, Path: path}
		}
		if err := json.Unmarshal(d, dst); err != nil {
			return w.Meta, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "decoding the response: " + err.Error(), Method: method, Path: path, Err: err}
		}
	}
	if w.Meta == nil {
		w.Meta = &ccMeta{}
	}
	return w.Meta, nil
}

// ccGet is ccOne in call.One's form: the hook (x-go-call) the generated
// component creative reads go through.
func ccGet[T any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (*T, error) {
	return ccOne[T](ctx, g, c, opts)
}

func ccOne[T any](ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) (*T, error) {
	v := new(T)
	if _, err := ccCall(ctx, g, c, v, opts); err != nil {
		return nil, err
	}
	return v, nil
}

func ccList[T any](ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) (*adama.Page[*T], error) {
	var items []*T
	m, err := ccCall(ctx, g, c, &items, opts)
	if err != nil {
		return nil, err
	}
	return ccPage(items, m), nil
}

// ccPage is the page of items under meta m. count, offset and total_count
// are read as integers (as the reference's schema types them) or as
// numeric strings; a value of neither form is left out.
func ccPage[T any](items []T, m *ccMeta) *adama.Page[T] {
	p := &adama.Page[T]{Items: items, Count: len(items), NextPage: m.NextPage, PrevPage: m.PrevPage}
	if n, ok := metaInt(m.Count); ok {
		p.Count = n
	}
	if n, ok := metaInt(m.Offset); ok {
		p.Offset = n
	}
	if n, ok := metaInt(m.TotalCount); ok {
		p.TotalCount, p.HasTotal = n, true
	}
	return p
}

func itoa64(i int64) string { return strconv.FormatInt(i, 10) }

// hasFieldText reports whether any field error carries a field or message.
func hasFieldText(fs []adama.FieldError) bool {
	for _, f := range fs {
		if f.Field != "" || f.Message != "" {
			return true
		}
	}
	return false
}
