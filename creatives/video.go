package creatives

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// sent returns the properties d sends: every field set and the unknown
// properties, read-only ones left out.
func (d *CreativeDetails) sent() map[string]json.RawMessage {
	return writableOf(d, "landingUrlIsCalculated")
}

// Fresh reports whether the settings were built by hand rather than read
// (an update then sends every field set).
func (d *CreativeDetails) Fresh() bool { return d.raw == nil }

// changes returns the body of an update: what changed since d was read
// (a field cleared since is sent as null), or every set field of fresh
// settings.
func (d *CreativeDetails) changes() map[string]json.RawMessage {
	now := d.sent()
	before := d.original()
	if before == nil {
		return now
	}
	return record.Diff(before.sent(), now)
}

// Changes returns the properties Update would send for d, by name.
func (d *CreativeDetails) Changes() []string {
	return slices.Sorted(maps.Keys(d.changes()))
}

// check applies the spec's rules to d; create adds the rules of creation.
func (d *CreativeDetails) check(v *valid.Validator, prefix string, create bool) {
	checkSettings(v, prefix, settings{
		advertiser: &d.Advertiser, name: &d.Name, concept: &d.Concept, create: create,
		start: d.StartTime, end: d.EndTime, click: d.ClickthroughURL, vast: d.CustomVAST, vastURL: d.CustomVASTURL,
		viewability: d.ViewabilityTemplate, pixels: d.EventPixels, version: d.VASTVersion,
		external: d.ExternalIdentifier, clock: d.ClockNumber,
	})
}

// NewVideoCreative is one item of VideoService.BulkCreate and the body of
// VideoService.CreateAndUpload (a create asking for an upload URL). Shape from
// the Video Creatives API reference, schema
// V3CreateCreativeRequest.
type NewVideoCreative struct {
	// Active says whether the creative serves; nil leaves the default.
	Active *bool `json:"active,omitempty"`
	// Advertiser, Name and Concept are required.
	Advertiser int64  `json:"advertiser"`
	Name       string `json:"name"`
	Concept    int64  `json:"concept"`
	// StartTime and EndTime are Unix seconds.
	StartTime              *int64       `json:"startTime,omitempty"`
	EndTime                *int64       `json:"endTime,omitempty"`
	ClickthroughURL        string       `json:"clickthroughUrl,omitempty"`
	CustomVAST             string       `json:"customVAST,omitempty"`
	CustomVASTURL          string       `json:"customVASTUrl,omitempty"`
	ViewabilityTemplate    string       `json:"viewabilityTemplate,omitempty"`
	LandingURL             string       `json:"landingUrl,omitempty"`
	EventPixels            []EventPixel `json:"eventPixels,omitempty"`
	Vendors                []int64      `json:"vendors,omitempty"`
	VASTVersion            VASTVersion  `json:"vastVersion,omitempty"`
	DisabledVariants       []int64      `json:"disabledVariants,omitempty"`
	ExternalIdentifier     string       `json:"externalIdentifier,omitempty"`
	ClockNumber            string       `json:"clockNumber,omitempty"`
	CustomVASTExtensionXML string       `json:"customVASTExtensionXML,omitempty"`
	// FileName (with extension, no path) asks for a pre-signed upload URL;
	// it excludes CustomVAST and CustomVASTURL.
	FileName string `json:"fileName,omitempty"`
}

func (n *NewVideoCreative) check(v *valid.Validator, prefix string) {
	checkSettings(v, prefix, settings{
		advertiser: &n.Advertiser, name: &n.Name, concept: &n.Concept, create: true,
		start: n.StartTime, end: n.EndTime, click: n.ClickthroughURL, vast: n.CustomVAST, vastURL: n.CustomVASTURL,
		viewability: n.ViewabilityTemplate, pixels: n.EventPixels, version: n.VASTVersion,
		external: n.ExternalIdentifier, clock: n.ClockNumber, fileName: n.FileName,
	})
}

// settings gathers the fields the create, update and patch rules read;
// nil pointers are fields a patch leaves alone.
type settings struct {
	advertiser, concept  *int64
	name                 *string
	create, patch        bool
	start, end           *int64
	click, vast, vastURL string
	viewability          string
	pixels               []EventPixel
	version              VASTVersion
	external, clock      string
	fileName             string
}

// maxUnixSeconds is the first second of year 10000.
const maxUnixSeconds = 253402300800

// ViewabilityMacro must appear in a viewability template.
const ViewabilityMacro = "__VPAID_AD_PARAMETERS.URL__"

func checkSettings(v *valid.Validator, p string, s settings) {
	if s.advertiser != nil {
		v.Check(*s.advertiser >= 1 && *s.advertiser <= maxID, p+"advertiser", "required, between 1 and 2147483647", *s.advertiser)
	}
	if s.name != nil {
		v.Check(strings.TrimSpace(*s.name) != "", p+"name", "required", nil)
		v.MaxLen(p+"name", *s.name, 256)
	}
	if s.concept != nil && (s.create || *s.concept != 0) {
		v.Check(*s.concept >= 1 && *s.concept <= maxID, p+"concept", "required, between 1 and 2147483647", *s.concept)
	}
	if s.start != nil {
		v.Check(*s.start >= 0 && *s.start < maxUnixSeconds, p+"startTime", "at least 0 and before year 10000", *s.start)
	}
	if s.end != nil {
		v.Check(*s.end >= 0 && *s.end < maxUnixSeconds, p+"endTime", "at least 0 and before year 10000", *s.end)
		if s.start != nil {
			v.Check(*s.end >= *s.start, p+"endTime", "not before startTime", *s.end)
		}
	}
	hasVAST := s.vast != "" || s.vastURL != ""
	if !s.patch {
		v.Check(s.click != "" || hasVAST, p+"clickthroughUrl", "required unless customVAST or customVASTUrl is set", nil)
	}
	v.Check(s.vast == "" || s.vastURL == "", p+"customVASTUrl", "mutually exclusive with customVAST", s.vastURL)
	if s.viewability != "" {
		v.Check(strings.Contains(s.viewability, ViewabilityMacro), p+"viewabilityTemplate", "must contain "+ViewabilityMacro, nil)
	}
	for i, px := range s.pixels {
		ip := p + "eventPixels[" + strconv.Itoa(i) + "]."
		v.Check(px.Typ != "", ip+"typ", "required", nil)
		v.Check(px.URL != "", ip+"url", "required", nil)
	}
	if s.version != "" {
		v.Check(s.version.Valid(), p+"vastVersion", enumRule(s.version.Values()), s.version)
	}
	v.MaxLen(p+"externalIdentifier", s.external, 64)
	if s.external != "" && !s.patch {
		v.Check(hasVAST, p+"externalIdentifier", "requires customVAST or customVASTUrl", s.external)
	}
	v.MaxLen(p+"clockNumber", s.clock, 15)
	if s.fileName != "" {
		v.Check(!hasVAST, p+"fileName", "mutually exclusive with customVAST and customVASTUrl", s.fileName)
		v.Check(!strings.ContainsAny(s.fileName, `/\`) && strings.Contains(s.fileName, "."), p+"fileName", "a file name with extension, no path", s.fileName)
	}
}

// VideoCreativePatch is one item of a bulk update (VideoService.BulkUpdate,
// ID set). Unset fields are left alone; adama.Null clears a
// field. Shape from the Video Creatives API reference,
// schema PatchCreativeUpdate.
type VideoCreativePatch struct {
	// ID is the creative id (required).
	ID                     int64                        `json:"id,omitempty"`
	Active                 adama.Optional[bool]         `json:"active,omitzero"`
	Advertiser             adama.Optional[int64]        `json:"advertiser,omitzero"`
	Name                   adama.Optional[string]       `json:"name,omitzero"`
	Concept                adama.Optional[int64]        `json:"concept,omitzero"`
	StartTime              adama.Optional[int64]        `json:"startTime,omitzero"`
	EndTime                adama.Optional[int64]        `json:"endTime,omitzero"`
	ClickthroughURL        adama.Optional[string]       `json:"clickthroughUrl,omitzero"`
	CustomVAST             adama.Optional[string]       `json:"customVAST,omitzero"`
	CustomVASTURL          adama.Optional[string]       `json:"customVASTUrl,omitzero"`
	ViewabilityTemplate    adama.Optional[string]       `json:"viewabilityTemplate,omitzero"`
	LandingURL             adama.Optional[string]       `json:"landingUrl,omitzero"`
	EventPixels            adama.Optional[[]EventPixel] `json:"eventPixels,omitzero"`
	Vendors                adama.Optional[[]int64]      `json:"vendors,omitzero"`
	VASTVersion            adama.Optional[VASTVersion]  `json:"vastVersion,omitzero"`
	DisabledVariants       adama.Optional[[]int64]      `json:"disabledVariants,omitzero"`
	ExternalIdentifier     adama.Optional[string]       `json:"externalIdentifier,omitzero"`
	CustomVASTExtensionXML adama.Optional[string]       `json:"customVASTExtensionXML,omitzero"`
	ClockNumber            adama.Optional[string]       `json:"clockNumber,omitzero"`
}

func (p *VideoCreativePatch) check(v *valid.Validator, prefix string) {
	v.Check(!p.Advertiser.IsNull(), prefix+"advertiser", "required: cannot be cleared", nil)
	v.Check(!p.Name.IsNull(), prefix+"name", "required: cannot be cleared", nil)
	s := settings{patch: true}
	if x, ok := p.Advertiser.Get(); ok {
		s.advertiser = &x
	}
	if x, ok := p.Name.Get(); ok {
		s.name = &x
	}
	if x, ok := p.Concept.Get(); ok {
		s.concept = &x
	}
	if x, ok := p.StartTime.Get(); ok {
		s.start = &x
	}
	if x, ok := p.EndTime.Get(); ok {
		s.end = &x
	}
	s.vast = p.CustomVAST.Or("")
	s.vastURL = p.CustomVASTURL.Or("")
	s.viewability = p.ViewabilityTemplate.Or("")
	s.pixels = p.EventPixels.Or(nil)
	s.version = p.VASTVersion.Or("")
	s.external = p.ExternalIdentifier.Or("")
	s.clock = p.ClockNumber.Or("")
	checkSettings(v, prefix, s)
}

// CreateResult is the answer to a v3 create. Shape from
// the Video Creatives API reference, schema
// NewCreativeResponse.
type CreateResult struct {
	// CreativeID is the new creative's id.
	CreativeID int64 `json:"creativeId"`
	// UploadURL is the pre-signed storage URL, present when a file name was
	// given. It is a credential: it prints without its query string.
	UploadURL PresignedURL `json:"uploadUrl,omitempty"`
	// ExpiresIn is the URL's lifetime in seconds.
	ExpiresIn int `json:"expiresIn,omitempty"`
	// Status is the platform's status object.
	Status *Status `json:"status,omitempty"`
	// ExpiresAt is when UploadURL stops working, computed by the SDK from
	// ExpiresIn when the answer arrived (zero without an upload URL).
	ExpiresAt time.Time `json:"-"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads r liberally and keeps unknown properties.
func (r *CreateResult) UnmarshalJSON(b []byte) error {
	type alias CreateResult
	return decodeRecord(b, (*alias)(r), &r.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (r *CreateResult) Misfits() []adama.Misfit {
	if r == nil {
		return nil
	}
	return misfitsOf(r, r.Extra)
}

// PresignedURL is a pre-signed storage URL. Its query string carries a
// signature, so String and GoString leave it out; string(u) is the whole
// URL.
type PresignedURL string

// String returns the URL without its query string.
func (u PresignedURL) String() string {
	p, err := url.Parse(string(u))
	if err != nil {
		return "[invalid URL]"
	}
	p.RawQuery, p.User, p.Fragment = "", nil, ""
	return p.String()
}

// GoString is String, for %#v.
func (u PresignedURL) GoString() string { return strconv.Quote(u.String()) }

// BulkResult is the answer to a bulk create, a bulk update or a list by
// ids: the creatives that succeeded and an error per failed item. Shape
// from the Video Creatives API reference, schema
// BulkCreativeResponse.
type BulkResult struct {
	// Creatives are the creatives created, updated or found.
	Creatives []VideoCreative `json:"data"`
	// Errors lists the items that failed, by index.
	Errors []FieldErrorInfo `json:"-"`
	// Count is the number of creatives the platform reported.
	Count int `json:"-"`
	// Status is the platform's status object.
	Status *Status `json:"status,omitempty"`
}

type bulkWire struct {
	Data   []VideoCreative `json:"data"`
	Errors *errorInfoList  `json:"errors"`
	Meta   *struct {
		Status string          `json:"status"`
		Count  json.RawMessage `json:"count"`
	} `json:"meta"`
	Status *Status `json:"status"`
}

func (w *bulkWire) result() *BulkResult {
	r := &BulkResult{Creatives: w.Data, Status: w.Status, Count: len(w.Data)}
	if w.Errors != nil {
		r.Errors = w.Errors.FieldError
	}
	if w.Meta != nil {
		var n int
		if record.DecodeValue(w.Meta.Count, &n) == nil && n > 0 {
			r.Count = n
		}
	}
	return r
}

// wrapped is the {data, errors} answer of get and patch (schema
// CreativeDetailsResponseWrapper).
type wrapped[T any] struct {
	Data   *T             `json:"data"`
	Errors *errorInfoList `json:"errors"`
}

// Misfits are the record's, so a strict client's read fails on one.
func (w *wrapped[T]) Misfits() []adama.Misfit {
	if m, ok := any(w.Data).(interface{ Misfits() []adama.Misfit }); ok {
		return m.Misfits()
	}
	return nil
}

// Valid reports whether the document has no error (warnings allowed).
func (r *VASTValidation) Valid() bool { return r.Error == "" }

// VideoService is video creatives v3 (prefix /v3.0, bearer token).
type VideoService struct {
	g  *call.Group
	g2 *call.Group // the deprecated v2.0
	c  *adama.Client
}

// createRequest checks c and returns the body of Create and CreateV2:
// c's settings, read-only fields left out. A create is not retried once
// it may have reached the platform; when the read after it fails, the
// error comes with the record holding just the new id. To upload a file
// with the creative, see CreateAndUpload.
func (c *VideoCreative) createRequest() (any, error) {
	if err := c.check(true); err != nil {
		return nil, err
	}
	return c.Details.sent(), nil
}

// check checks c before a write: present, with its id unless it is
// created, and its settings by the rules of a create or of a change.
func (c *VideoCreative) check(create bool) error {
	var v valid.Validator
	if c == nil {
		v.Add("creative", "required", nil)
		return v.Err()
	}
	if !create {
		checkID(&v, "creativeId", c.ID)
	}
	c.Details.check(&v, "", create)
	return v.Err()
}

// replaceRequest checks c and returns the body of a full replace
// (UpdateV2): the platform removes every field the body leaves out, so it
// is the whole settings, unknown properties included and read-only
// fields left out.
func (c *VideoCreative) replaceRequest() (any, error) {
	if err := c.check(false); err != nil {
		return nil, err
	}
	return c.Details.sent(), nil
}

// create sends a create body (POST /creatives) and reads its answer.
func (s *VideoService) create(ctx context.Context, body any, opts []adama.RequestOption) (*CreateResult, error) {
	r, err := one[CreateResult](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/creatives", JSON: body}, opts...)
	if err != nil {
		return nil, err
	}
	if r.UploadURL != "" && r.ExpiresIn > 0 {
		r.ExpiresAt = time.Now().Add(time.Duration(r.ExpiresIn) * time.Second)
	}
	return r, nil
}

// bulkCreateRequest checks the new creatives of BulkCreate and wraps
// them in its body. Items that fail are listed in the result's Errors by
// index. Although a PUT, it creates: it is not retried once it may have
// reached the platform, since a replay would create the creatives twice
// (pass adama.WithIdempotent to change that).
func bulkCreateRequest(c *call.Call, in []NewVideoCreative) error {
	var v valid.Validator
	v.Check(len(in) > 0, "creatives", "at least one creative", nil)
	for i := range in {
		in[i].check(&v, "creatives["+strconv.Itoa(i)+"].")
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = struct {
		Creatives []NewVideoCreative `json:"creatives"`
	}{in}
	c.Creates = true
	return nil
}

// bulkUpdateRequest checks the patches of BulkUpdate (each needs its ID)
// and wraps them in its body.
func bulkUpdateRequest(c *call.Call, in []VideoCreativePatch) error {
	var v valid.Validator
	v.Check(len(in) > 0, "creatives", "at least one creative", nil)
	for i := range in {
		p := "creatives[" + strconv.Itoa(i) + "]."
		checkID(&v, p+"id", in[i].ID)
		in[i].check(&v, p)
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = struct {
		Creatives []VideoCreativePatch `json:"creatives"`
	}{in}
	return nil
}

// listByIDsRequest checks the ids of ListByIDs and puts them in its body:
// a read, retried like a GET. Ids not found are listed in the result's
// Errors.
func listByIDsRequest(c *call.Call, ids []int64) error {
	var v valid.Validator
	v.Check(len(ids) > 0, "creativeIds", "at least one id", nil)
	for i, id := range ids {
		checkID(&v, "creativeIds["+strconv.Itoa(i)+"]", id)
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = struct {
		CreativeIDs []int64 `json:"creativeIds"`
	}{ids}
	c.ReadOnly = true
	return nil
}

// bulkOf reads the per-item outcome of a bulk write (BulkCreate,
// BulkUpdate). The writes have applied by the time they answer, so they
// return their records with the misfits reported, even under
// WithStrictDecoding.
func bulkOf[P *BulkResult](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (P, error) {
	w, err := one[bulkWire](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	return w.result(), nil
}

// bulkRead reads the per-item outcome of ListByIDs, a read: it fails on a
// misfit under WithStrictDecoding.
func bulkRead[P *BulkResult](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (P, error) {
	r, err := bulkOf[P](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	if err := g.Strict(c, (*BulkResult)(r).Creatives); err != nil {
		return nil, err
	}
	return r, nil
}

// unwrapped reads the creative out of a {data, errors} answer (Get,
// Update); an answer without data is an *adama.Error carrying the
// answer's errors. A creative read without its id takes the path's.
func unwrapped[T any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (*T, error) {
	w, err := one[wrapped[T]](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	if w.Data == nil {
		e := &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "the response carries no data", Method: cmp.Or(c.Method, http.MethodGet), Path: g.Prefix + c.Path}
		if w.Errors != nil && len(w.Errors.FieldError) > 0 {
			f := w.Errors.FieldError[0]
			e.Code, e.Message = f.Code, f.Error
			for _, f := range w.Errors.FieldError {
				e.Fields = append(e.Fields, adama.FieldError{Code: f.Code, Message: f.Error, Field: f.Field})
			}
		}
		return nil, e
	}
	if v, ok := any(w.Data).(*VideoCreative); ok && v.ID == 0 {
		if id, err := strconv.ParseInt(c.Path[strings.LastIndexByte(c.Path, '/')+1:], 10, 64); err == nil {
			v.ID = id
		}
	}
	return w.Data, nil
}

// updateRequest checks c and returns the body of Update: the settings
// changed since c was read (a field cleared since is sent as null, which
// clears it on the platform; unknown properties changed or added are
// sent too), or every set field of a creative built by hand.
func (c *VideoCreative) updateRequest() (any, error) {
	if err := c.check(false); err != nil {
		return nil, err
	}
	return c.Details.changes(), nil
}

// vastRequest checks a VAST document and sends it as text (ValidateVAST,
// ValidateVASTV2); a check is a read, retried like a GET.
func vastRequest(c *call.Call, vast []byte) error {
	var v valid.Validator
	v.Check(len(strings.TrimSpace(string(vast))) > 0, "vast", "required", nil)
	if err := v.Err(); err != nil {
		return err
	}
	c.Raw, c.RawType, c.ReadOnly = vast, "text/plain", true
	return nil
}
