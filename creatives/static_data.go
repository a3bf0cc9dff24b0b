package creatives

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// StaticItem is one IAB static data item, and the inflated parts of a
// classification. Which fields are set depends on the category:
// verticals have Code, Description, Parent and Children; attributes have
// Name, Parent and Children; languages have Name, NameFr, Alpha2,
// Bibliographic and Terminologic. Shape from
// the Video Creatives API reference, schemas
// ClassificationVertical, ClassificationAttribute and
// ClassificationLanguage, and the static data examples.
type StaticItem struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name,omitempty"`
	Code        string     `json:"code,omitempty"`
	Description string     `json:"description,omitempty"`
	Parent      FlexString `json:"parent,omitempty"`
	Children    []int64    `json:"children,omitempty"`
	// Language fields. NameFr is read from name_fr or nameFr.
	Alpha2        string `json:"alpha2,omitempty"`
	Bibliographic string `json:"bibliographic,omitempty"`
	Terminologic  string `json:"terminologic,omitempty"`
	NameFr        string `json:"name_fr,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads i liberally and keeps unknown properties; a bare
// number (an id where an item was expected) is read as the item's ID.
func (i *StaticItem) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] != '{' {
		var n int64
		if err := record.DecodeValue(t, &n); err != nil {
			return err
		}
		*i = StaticItem{ID: n}
		return nil
	}
	type alias StaticItem
	if err := decodeRecord(b, (*alias)(i), &i.Extra); err != nil {
		return err
	}
	if raw, ok := i.Extra["nameFr"]; ok && i.NameFr == "" {
		_ = json.Unmarshal(raw, &i.NameFr)
	}
	return nil
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (i *StaticItem) Misfits() []adama.Misfit {
	if i == nil {
		return nil
	}
	return misfitsOf(i, i.Extra)
}

// MarshalJSON writes i with its unknown properties.
func (i StaticItem) MarshalJSON() ([]byte, error) {
	type alias StaticItem
	a := alias(i)
	if _, ok := i.Extra["nameFr"]; ok {
		a.NameFr = ""
	}
	return encodeObject(a, i.Extra)
}

// StaticDataOptions narrow a static data list.
type StaticDataOptions struct {
	// Key is a search key for the category.
	Key string
}

// StaticDataService is the IAB static data v3 (GET /static_data/...,
// bearer token) and its deprecated v1.0 paths.
type StaticDataService struct {
	g, v1 *call.Group
}

func checkCategory(v *valid.Validator, c Category) {
	v.Check(c != "" && !strings.ContainsAny(string(c), "/?#%"), "category", "required, one path segment", c)
}

// List returns a category's items, on one page (GET
// /static_data/{category}; nil options: every item). Any category string
// is allowed; CategoryIABVerticals, CategoryLanguage and
// CategoryIABAttributes are the ones the spec names. The category is the
// list's parent key, so it comes right after ctx, as a parent's id does.
func (s *StaticDataService) List(ctx context.Context, category Category, o *StaticDataOptions, opts ...adama.RequestOption) (*adama.Page[*StaticItem], error) {
	var v valid.Validator
	checkCategory(&v, category)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var q url.Values
	if o != nil && o.Key != "" {
		q = url.Values{"key": {o.Key}}
	}
	items, err := one[[]*StaticItem](ctx, s.g, &call.Call{Path: "/static_data/" + string(category), Query: q}, opts...)
	if err != nil {
		return nil, err
	}
	return wholePage(*items), nil
}

// Get returns one item of a category (GET /static_data/{category}/{id}).
func (s *StaticDataService) Get(ctx context.Context, category Category, id string, opts ...adama.RequestOption) (*StaticItem, error) {
	var v valid.Validator
	checkCategory(&v, category)
	v.Check(id != "", "id", "required", nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return one[StaticItem](ctx, s.g, &call.Call{Path: "/static_data/" + string(category) + "/" + url.PathEscape(id)}, opts...)
}

func checkV1Category(v *valid.Validator, c Category) {
	v.Check(c.Valid(), "category", "the v1.0 paths serve "+enumRule(c.Values()), c)
}

// StaticDataV1Options shape a list from the v1.0 static data paths,
// which take no list parameters; the type is here so that ListV1 has the
// shape of every other list.
type StaticDataV1Options struct{}

// ListV1 returns a category's items from the v1.0 path, on one page
// (GET /static_data/v1.0/{category}; the iab_attributes and language
// lists answer with media type text/plain, read as the JSON they hold).
//
// Deprecated: use List (GET /v3.0/static_data/{category}).
func (s *StaticDataService) ListV1(ctx context.Context, category Category, _ *StaticDataV1Options, opts ...adama.RequestOption) (*adama.Page[*StaticItem], error) {
	var v valid.Validator
	checkV1Category(&v, category)
	if err := v.Err(); err != nil {
		return nil, err
	}
	items, err := v1One[[]*StaticItem](ctx, s.v1, &call.Call{Path: "/" + string(category)}, opts)
	if err != nil {
		return nil, err
	}
	return wholePage(*items), nil
}

// wholePage is the one page of a list the platform does not page.
func wholePage[T any](items []*T) *adama.Page[*T] {
	return &adama.Page[*T]{Items: items, Count: len(items)}
}

// GetV1 returns one item from the v1.0 path
// (GET /static_data/v1.0/{category}/{id}).
//
// Deprecated: use Get (GET /v3.0/static_data/{category}/{id}).
func (s *StaticDataService) GetV1(ctx context.Context, category Category, id string, opts ...adama.RequestOption) (*StaticItem, error) {
	var v valid.Validator
	checkV1Category(&v, category)
	v.Check(id != "", "id", "required", nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return v1One[StaticItem](ctx, s.v1, &call.Call{Path: "/" + string(category) + "/" + url.PathEscape(id)}, opts)
}

// v1One sends c to a v1.0 path and decodes the answer as a T. The answer
// is the value itself (an array or object; the language and attribute
// lists come as text/plain); an answer wrapped as {"response": {"value":
// ...}} is read too. A value that is only a status object (the platform's
// error form, sent even with 200) is an *adama.Error.
func v1One[T any](ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) (*T, error) {
	w, err := one[json.RawMessage](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	method := c.Method
	if method == "" {
		method = http.MethodGet
	}
	v, err := decodeV1[T](*w, method, g.Prefix+c.Path)
	if err == nil {
		err = g.Strict(c, v)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// decodeV1 reads a v1.0 answer body as a T.
func decodeV1[T any](body []byte, method, path string) (*T, error) {
	raw := bytes.TrimSpace(body)
	var wrapped struct {
		Response *struct {
			Value json.RawMessage `json:"value"`
		} `json:"response"`
	}
	if len(raw) > 0 && raw[0] == '{' && json.Unmarshal(raw, &wrapped) == nil && wrapped.Response != nil {
		raw = bytes.TrimSpace(wrapped.Response.Value)
	}
	if len(raw) == 0 || string(raw) == "null" {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "the response carries no value", Method: method, Path: path}
	}
	var st struct {
		Status *struct {
			Code    string `json:"code"`
			Reason  string `json:"reason"`
			Message string `json:"message"`
		} `json:"status"`
	}
	if raw[0] == '{' && json.Unmarshal(raw, &st) == nil && st.Status != nil && st.Status.Code != "" && st.Status.Code != "ok" {
		body, _ := json.Marshal(map[string]any{"errors": []any{map[string]string{"code": st.Status.Code, "message": st.Status.Message}}})
		e := wire.ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {"application/json"}}, method, path, body)
		e.Reason = st.Status.Reason
		return nil, e
	}
	v := new(T)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "decoding the response: " + err.Error(), Method: method, Path: path, Err: err}
	}
	return v, nil
}
