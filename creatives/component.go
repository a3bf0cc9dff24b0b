package creatives

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// ComponentCreative is a component (native) creative. Shape from
// the Component Creatives API reference, schema
// models.ComponentCreativeData.
type ComponentCreative struct {
	AtomicCreativeID   int64           `json:"atomic_creative_id"`
	CreativeID         int64           `json:"creative_id,omitempty"`
	CreativeName       string          `json:"creative_name,omitempty"`
	AdvertiserID       int64           `json:"advertiser_id,omitempty"`
	AdvertiserName     string          `json:"advertiser_name,omitempty"`
	Assets             []Asset         `json:"assets,omitempty"`
	ClickthroughURL    string          `json:"clickthrough_url,omitempty"`
	ConceptID          FlexString      `json:"concept_id,omitempty"`
	ConceptName        string          `json:"concept_name,omitempty"`
	StartDate          string          `json:"start_date,omitempty"`
	EndDate            string          `json:"end_date,omitempty"`
	ExternalIdentifier string          `json:"external_identifier,omitempty"`
	FBStatus           string          `json:"fb_status,omitempty"`
	Feedback           json.RawMessage `json:"feedback,omitempty"`
	LandingURL         string          `json:"landing_url,omitempty"`
	LastModified       string          `json:"last_modified,omitempty"`
	LastPublished      string          `json:"last_published,omitempty"`
	// Previews is filled by GetWithPreviews.
	Previews    json.RawMessage `json:"previews,omitempty"`
	Status      bool            `json:"status"`
	Unpublished bool            `json:"unpublished,omitempty"`
	CreatedAt   string          `json:"created_at,omitempty"`
	UpdatedAt   string          `json:"updated_at,omitempty"`

	// The fields below are send-only: the platform takes them on create
	// and update but answers with assets instead, so a creative read has
	// them empty and Update sends the ones set since. (ClickthroughURL,
	// ConceptID and the other fields above are sent under the names the
	// platform writes: clickThroughUrl, and concept_id as a number.)
	Title                  string `json:"title,omitempty"`
	Body                   string `json:"body,omitempty"`
	BrandName              string `json:"brandName,omitempty"`
	Description            string `json:"description,omitempty"`
	ClickTrackingURL       string `json:"clickTrackingUrl,omitempty"`
	DestinationURL         string `json:"destinationUrl,omitempty"`
	DisplayURL             string `json:"displayUrl,omitempty"`
	ImpressionTrackingTag  string `json:"impressionTrackingTag,omitempty"`
	ImpressionTrackingURL  string `json:"impressionTrackingUrl,omitempty"`
	ViewabilityTrackingTag string `json:"viewabilityTrackingTag,omitempty"`
	TPASAdTagName          string `json:"tpas_ad_tag_name,omitempty"`
	Width                  *int   `json:"width,omitempty"`
	Height                 *int   `json:"height,omitempty"`
	// NewAssets, when set, is sent as the assets parameter, which
	// REPLACES every earlier asset of the creative; nil leaves them
	// alone. See ReplaceAssets, KeepAssets and AddAssets. It is never
	// read: the creative's assets are Assets.
	NewAssets *AssetList `json:"-"`

	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`

	// raw is the object the creative was read from: Update sends what
	// differs from its writable form.
	raw []byte
}

// UnmarshalJSON reads c liberally, keeps unknown properties and remembers
// the object read for Update.
func (c *ComponentCreative) UnmarshalJSON(b []byte) error {
	type alias ComponentCreative
	if err := decodeRecord(b, (*alias)(c), &c.Extra); err != nil {
		return err
	}
	c.raw = bytes.Clone(b)
	return nil
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (c *ComponentCreative) Misfits() []adama.Misfit {
	if c == nil {
		return nil
	}
	return misfitsOf(c, c.Extra)
}

// MarshalJSON writes c with its unknown properties.
func (c ComponentCreative) MarshalJSON() ([]byte, error) {
	type alias ComponentCreative
	a := alias(c)
	a.raw, a.NewAssets = nil, nil
	return encodeObject(a, c.Extra)
}

// Fresh reports whether the creative was built by hand rather than read
// from the server (Update then sends every set field).
func (c *ComponentCreative) Fresh() bool { return c.raw == nil }

// ccWriteOrder is the order the write names are sent in (the order of
// the reference's request schemas); properties not listed follow sorted.
var ccWriteOrder = []string{"advertiser_id", "creative_name", "concept_id", "title", "body", "brandName", "description",
	"clickThroughUrl", "clickTrackingUrl", "destinationUrl", "displayUrl", "impressionTrackingTag", "impressionTrackingUrl",
	"viewabilityTrackingTag", "tpas_ad_tag_name", "external_identifier", "start_date", "end_date", "width", "height", "status", "assets"}

// ccReadOnly are the properties the platform sets or answers with but
// does not take: they are never sent.
var ccReadOnly = []string{"atomic_creative_id", "creative_id", "advertiser_name", "assets", "clickthrough_url", "concept_name",
	"fb_status", "feedback", "landing_url", "last_modified", "last_published", "previews", "unpublished", "created_at", "updated_at"}

// writeForm is c as the platform takes it, by write name: a zero value is
// null (nothing set, or cleared), concept_id a number when it reads as
// one, unknown properties as they are.
func (c *ComponentCreative) writeForm() map[string]json.RawMessage {
	m := record.Clone(c.Extra)
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	for _, k := range ccReadOnly {
		delete(m, k)
	}
	put := func(k string, v any, set bool) {
		if !set {
			m[k] = json.RawMessage("null")
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			b = json.RawMessage("null")
		}
		m[k] = b
	}
	str := func(k, v string) { put(k, v, v != "") }
	put("advertiser_id", c.AdvertiserID, c.AdvertiserID != 0)
	str("creative_name", c.CreativeName)
	if n, err := strconv.ParseInt(string(c.ConceptID), 10, 64); err == nil {
		put("concept_id", n, true)
	} else {
		str("concept_id", string(c.ConceptID))
	}
	str("title", c.Title)
	str("body", c.Body)
	str("brandName", c.BrandName)
	str("description", c.Description)
	str("clickThroughUrl", c.ClickthroughURL)
	str("clickTrackingUrl", c.ClickTrackingURL)
	str("destinationUrl", c.DestinationURL)
	str("displayUrl", c.DisplayURL)
	str("impressionTrackingTag", c.ImpressionTrackingTag)
	str("impressionTrackingUrl", c.ImpressionTrackingURL)
	str("viewabilityTrackingTag", c.ViewabilityTrackingTag)
	str("tpas_ad_tag_name", c.TPASAdTagName)
	str("external_identifier", c.ExternalIdentifier)
	str("start_date", c.StartDate)
	str("end_date", c.EndDate)
	put("width", c.Width, c.Width != nil)
	put("height", c.Height, c.Height != nil)
	put("status", c.Status, true)
	if c.NewAssets != nil {
		put("assets", c.NewAssets.param(), true)
	}
	return m
}

// changes returns the body of an update: what changed since c was read
// (a field cleared is sent as null), or every set field of a creative
// built by hand.
func (c *ComponentCreative) changes() map[string]json.RawMessage {
	if c.Fresh() {
		return setOnly(c.writeForm())
	}
	var before ComponentCreative
	if err := json.Unmarshal(c.raw, &before); err != nil {
		return setOnly(c.writeForm())
	}
	return record.Diff(before.writeForm(), c.writeForm())
}

// Changes returns the properties Update would send for c, by write name.
func (c *ComponentCreative) Changes() []string { return slices.Sorted(maps.Keys(c.changes())) }

// ccOrdered writes a body's properties in ccWriteOrder, then the others
// sorted.
type ccOrdered map[string]json.RawMessage

// MarshalJSON writes the properties in order.
func (o ccOrdered) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	write := func(k string) {
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(validJSON(o[k]))
	}
	for _, k := range ccWriteOrder {
		if _, ok := o[k]; ok {
			write(k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(o)) {
		if !slices.Contains(ccWriteOrder, k) {
			write(k)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// validJSON returns v, or null when v is not one JSON value.
func validJSON(v json.RawMessage) json.RawMessage {
	if !json.Valid(v) {
		return json.RawMessage("null")
	}
	var c bytes.Buffer
	if json.Compact(&c, v) != nil {
		return json.RawMessage("null")
	}
	return c.Bytes()
}

// AssetInput is one item of the assets parameter: an existing asset to
// keep (AssetID only), a text or video URL value (ComponentID and
// AssetValue), a base64 image (EncodedImageFile and ImageFilename) or a
// base64 subtitle (EncodedSubtitleFile and SubtitleFilename). Build it
// with KeepAsset, TextAsset, ImageAsset or SubtitleAsset.
type AssetInput struct {
	AssetID             int64  `json:"asset_id,omitempty"`
	ComponentID         int64  `json:"component_id,omitempty"`
	AssetValue          string `json:"asset_value,omitempty"`
	EncodedImageFile    string `json:"encoded_image_file,omitempty"`
	ImageFilename       string `json:"image_filename,omitempty"`
	EncodedSubtitleFile string `json:"encoded_subtitle_file,omitempty"`
	SubtitleFilename    string `json:"subtitle_filename,omitempty"`
}

// KeepAsset lists an existing asset so that an update keeps it.
func KeepAsset(id int64) AssetInput { return AssetInput{AssetID: id} }

// TextAsset is a text (or video URL) value for a component.
func TextAsset(componentID int64, value string) AssetInput {
	return AssetInput{ComponentID: componentID, AssetValue: value}
}

// ImageAsset is an image sent base64-encoded.
func ImageAsset(filename string, data []byte) AssetInput {
	return AssetInput{ImageFilename: filename, EncodedImageFile: base64.StdEncoding.EncodeToString(data)}
}

// SubtitleAsset is a subtitle file sent base64-encoded.
func SubtitleAsset(filename string, data []byte) AssetInput {
	return AssetInput{SubtitleFilename: filename, EncodedSubtitleFile: base64.StdEncoding.EncodeToString(data)}
}

func (a *AssetInput) check(v *valid.Validator, p string) {
	kinds := 0
	if a.AssetID != 0 {
		kinds++
		checkID(v, p+"asset_id", a.AssetID)
	}
	if a.AssetValue != "" {
		kinds++
		checkID(v, p+"component_id", a.ComponentID)
	}
	if a.EncodedImageFile != "" || a.ImageFilename != "" {
		kinds++
		v.Check(a.ImageFilename != "", p+"image_filename", "required with encoded_image_file", nil)
		v.Check(a.EncodedImageFile != "", p+"encoded_image_file", "required with image_filename", nil)
	}
	if a.EncodedSubtitleFile != "" || a.SubtitleFilename != "" {
		kinds++
		v.Check(a.SubtitleFilename != "", p+"subtitle_filename", "required with encoded_subtitle_file", nil)
		v.Check(a.EncodedSubtitleFile != "", p+"encoded_subtitle_file", "required with subtitle_filename", nil)
	}
	v.Check(kinds == 1, p[:max(0, len(p)-1)], "exactly one of: asset_id, asset_value, an encoded image, an encoded subtitle", nil)
}

// AssetList is the assets parameter of a creative update, which replaces
// every earlier asset of the creative. Build it with ReplaceAssets (say
// so explicitly) or KeepAssets (list the ones to keep, then Add).
type AssetList struct {
	items []AssetInput
}

// ReplaceAssets makes an update replace every earlier asset with items.
func ReplaceAssets(items ...AssetInput) *AssetList {
	return &AssetList{items: append([]AssetInput(nil), items...)}
}

// KeepAssets makes an update keep the assets ids (all others are removed);
// Add appends new ones.
func KeepAssets(ids ...int64) *AssetList {
	l := &AssetList{}
	for _, id := range ids {
		l.items = append(l.items, KeepAsset(id))
	}
	return l
}

// Add appends items and returns l.
func (l *AssetList) Add(items ...AssetInput) *AssetList {
	l.items = append(l.items, items...)
	return l
}

// Items returns the list's items.
func (l *AssetList) Items() []AssetInput { return append([]AssetInput(nil), l.items...) }

// param is the assets parameter: the items as the JSON text the platform
// takes.
func (l *AssetList) param() string {
	return assetsParam(l.items)
}

// assetsParam writes items as the JSON text of the assets parameter.
func assetsParam(items []AssetInput) string {
	if items == nil {
		items = []AssetInput{}
	}
	b, err := json.Marshal(items)
	if err != nil {
		return "[]"
	}
	return string(b)
}

func (c *ComponentCreative) check(v *valid.Validator, create bool) {
	if create {
		n, err := strconv.ParseInt(string(c.ConceptID), 10, 64)
		v.Check(err == nil && n > 0, "concept_id", "a positive integer", string(c.ConceptID))
	}
	if c.AdvertiserID != 0 {
		checkID(v, "advertiser_id", c.AdvertiserID)
	}
	if c.Width != nil {
		v.Check(*c.Width > 0, "width", "positive", *c.Width)
	}
	if c.Height != nil {
		v.Check(*c.Height > 0, "height", "positive", *c.Height)
	}
	v.MaxLen("clickThroughUrl", c.ClickthroughURL, 2048)
	if c.NewAssets != nil {
		for i := range c.NewAssets.items {
			c.NewAssets.items[i].check(v, "assets["+strconv.Itoa(i)+"].")
		}
	}
}

// Eligibility is a creative's eligibility for one placement. Shape from
// the Component Creatives API reference, schemas
// models.PlacementEligibility, models.AdFormat and models.EligibleComponent.
type Eligibility struct {
	AdFormat struct {
		ExternalID string `json:"external_id"`
		Name       string `json:"name"`
		SimpleName string `json:"simple_name"`
	} `json:"ad_format"`
	Eligible           bool                `json:"eligible"`
	OptionalComponents []EligibleComponent `json:"optional_components"`
	RequiredComponents []EligibleComponent `json:"required_components"`
	Supplier           string              `json:"supplier"`
	SupplierPlatform   string              `json:"supplier_platform"`
}

// EligibleComponent is one component an ad format asks for.
type EligibleComponent struct {
	ID      FlexString `json:"id"`
	Name    string     `json:"name"`
	Present bool       `json:"present"`
}

// ComponentListOptions select a page of component creatives. Shape from
// the Component Creatives API reference, parameters
// of GET /creatives.
type ComponentListOptions struct {
	// Status filters by status (nil: all).
	Status *bool
	// SortBy is a sort field; a leading "-" sorts descending (v3.0).
	SortBy string
	// PageLimit is 1 to 100 (0: the platform's default; 100 for All).
	PageLimit int
	// PageOffset is the index of the first record.
	PageOffset int
	// AdvertiserID filters by advertiser.
	AdvertiserID int64
	// OrganizationID filters by organization (v3.0).
	OrganizationID int64
	// Search matches a creative id or name (v3.0).
	Search string
	// Prefetch, for All, fetches up to this many pages ahead (0..32).
	Prefetch int
	// Speculate, with Prefetch, asks for the first page and the Prefetch
	// pages after it at once instead of waiting for the first page's
	// total: one round trip sooner, at the cost of up to Prefetch requests
	// past the end of a shorter list.
	Speculate bool
}

// ComponentSortFields are the sort fields the reference lists.
var componentSortFields = []string{"atomic_creative_id", "advertiser_id", "advertiser_name", "concept_name", "start_date", "end_date", "concept_id", "creative_name", "last_modified", "external_identifier", "status"}

// validate checks the options before a list is sent.
func (o *ComponentListOptions) validate() error {
	var v valid.Validator
	if o.SortBy != "" {
		f := strings.TrimPrefix(o.SortBy, "-")
		v.Check(slices.Contains(componentSortFields, f), "sort_by", "one of: "+strings.Join(componentSortFields, ", "), o.SortBy)
	}
	if o.PageLimit != 0 {
		v.Range("page_limit", int64(o.PageLimit), 1, 100)
	}
	v.Check(o.PageOffset >= 0, "page_offset", "at least 0", o.PageOffset)
	if o.AdvertiserID != 0 {
		checkID(&v, "advertiser_id", o.AdvertiserID)
	}
	if o.OrganizationID != 0 {
		checkID(&v, "organization_id", o.OrganizationID)
	}
	pager.Check(&v, o.Prefetch, o.Speculate)
	return v.Err()
}

// query is the query of one page: the options set, with the page's
// limit and offset (status sent as 1 or 0).
func (o *ComponentListOptions) query(limit, offset int) url.Values {
	q := url.Values{}
	if o.Status != nil {
		q.Set("status", map[bool]string{true: "1", false: "0"}[*o.Status])
	}
	if o.SortBy != "" {
		q.Set("sort_by", o.SortBy)
	}
	if limit != 0 {
		q.Set("page_limit", strconv.Itoa(limit))
	}
	if offset > 0 {
		q.Set("page_offset", strconv.Itoa(offset))
	}
	if o.AdvertiserID != 0 {
		q.Set("advertiser_id", itoa64(o.AdvertiserID))
	}
	if o.OrganizationID != 0 {
		q.Set("organization_id", itoa64(o.OrganizationID))
	}
	if o.Search != "" {
		q.Set("search", o.Search)
	}
	return q
}

// clone returns a copy of o that shares nothing with it (All keeps its
// own).
func (o ComponentListOptions) clone() ComponentListOptions {
	if o.Status != nil {
		st := *o.Status
		o.Status = &st
	}
	return o
}

// ComponentCreativeService is component (native) creatives (prefix
// /component_creatives/v1.0, bearer token and session cookie).
type ComponentCreativeService struct {
	g *call.Group
	// saveMethod is Update's HTTP method: POST, or PUT in v3.0 (see
	// WithComponentV3).
	saveMethod string
}

// createRequest checks c and returns the body of Create: c's writable
// fields set (status always; NewAssets as the assets parameter), in the
// platform's order.
func (c *ComponentCreative) createRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("creative", "required", nil)
	} else {
		c.check(&v, true)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ccOrdered(setOnly(c.writeForm())), nil
}

// withPreviews asks for a creative's preview information
// (GetWithPreviews: include=previews).
func withPreviews(c *call.Call, _ int64) error {
	c.Query = url.Values{"include": {"previews"}}
	return nil
}

// updateRequest checks c and returns the body of Update: the fields
// changed since c was read, under the names the platform writes (a field
// cleared since is sent as null; unknown properties changed or added are
// sent too), or every set field of a creative built by hand. When
// c.NewAssets is set, every earlier asset is replaced by its items: use
// KeepAssets to keep some, or AddAssets to add without removing.
func (c *ComponentCreative) updateRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("creative", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "atomic_creative_id", c.AtomicCreativeID)
	c.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ccOrdered(c.changes()), nil
}

// AddAssets adds assets to a creative and keeps every asset it has: it
// reads the creative and sends its asset ids with the new items.
func (s *ComponentCreativeService) AddAssets(ctx context.Context, id int64, items []AssetInput, opts ...adama.RequestOption) (*ComponentCreative, error) {
	var v valid.Validator
	checkID(&v, "atomic_creative_id", id)
	v.Check(len(items) > 0, "assets", "at least one asset", nil)
	for i := range items {
		items[i].check(&v, "assets["+strconv.Itoa(i)+"].")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	cur, err := s.Get(ctx, id, opts...)
	if err != nil {
		return nil, err
	}
	l := &AssetList{}
	for _, a := range cur.Assets {
		l.items = append(l.items, KeepAsset(a.AssetID))
	}
	cur.NewAssets = l.Add(items...)
	return s.Update(ctx, cur, opts...)
}

// ccItems returns the records of a data list, not a page (Eligibility);
// null items are left out.
func ccItems[L ~[]E, E any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (L, error) {
	p, err := ccList[E](ctx, g, c, opts)
	if err != nil {
		return nil, err
	}
	out := make(L, 0, len(p.Items))
	for _, e := range p.Items {
		if e != nil {
			out = append(out, *e)
		}
	}
	return out, nil
}

// versionText reads the group's version string (Version) out of data
// or the v1.0 form {"response": {"value": {"version": ...}}}.
func versionText[S ~string](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (S, error) {
	raw, err := call.One[json.RawMessage](ctx, g, c, opts...)
	if err != nil {
		return "", enrichCC(err)
	}
	w, err := unwrapCC(*raw)
	var ver struct {
		Version string `json:"version"`
	}
	if err == nil && w.Data != nil {
		err = json.Unmarshal(w.Data, &ver)
	}
	if ver.Version == "" {
		// The v1.0 form: {"response": {"value": {"version": ...}}}.
		var outer struct {
			Response struct {
				Value struct {
					Version string `json:"version"`
				} `json:"value"`
			} `json:"response"`
			Version string `json:"version"`
		}
		if json.Unmarshal(*raw, &outer) == nil {
			ver.Version = outer.Response.Value.Version + outer.Version
			err = nil
		}
	}
	if err != nil || ver.Version == "" {
		return "", &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "the response carries no version", Method: http.MethodGet, Path: g.Prefix + c.Path}
	}
	return S(ver.Version), nil
}

// uploadURLRequest checks the file name of UploadURL. Once the file is
// stored, the URL without its query string (PresignedURL.AssetValue) is
// the asset_value of a video asset.
func uploadURLRequest(_ *call.Call, filename string) error {
	var v valid.Validator
	v.Check(filename != "" && !strings.ContainsAny(filename, "{}^/\\`[]~<>|#%'\""), "filename", "required, without any of {}^/\\`[]~<>|#%'\"", filename)
	return v.Err()
}

// ccText reads text in data (UploadURL's pre-signed URL).
func ccText[S ~string](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (S, error) {
	u, err := ccOne[string](ctx, g, c, opts)
	if err != nil {
		return "", err
	}
	return S(*u), nil
}

// AssetValue returns the URL without its query string: the asset_value of
// a video asset once the file is stored.
func (u PresignedURL) AssetValue() string { return u.String() }

// componentReadOnly are the properties the platform sets.
var componentReadOnly = []string{"component_id", "created_at", "updated_at"}

// createBody is the body of a create: the writable fields set.
func (c *Component) createBody() map[string]json.RawMessage {
	return setOnly(writableOf(c, componentReadOnly...))
}

// changes returns the body of an update: what changed since c was read,
// or every set field of a component built by hand.
func (c *Component) changes() map[string]json.RawMessage {
	before := c.original()
	if before == nil {
		return c.createBody()
	}
	return record.Diff(writableOf(before, componentReadOnly...), writableOf(c, componentReadOnly...))
}

// Fresh reports whether the component was built by hand rather than read
// (an update then sends every field set).
func (c *Component) Fresh() bool { return c.raw == nil }

// Changes returns the properties Update would send for c, by name.
func (c *Component) Changes() []string { return slices.Sorted(maps.Keys(c.changes())) }

func (c *Component) check(v *valid.Validator, create bool) {
	if create {
		v.Check(c.ComponentHumanName != "", "component_human_name", "required", nil)
		v.Check(c.ValueTypeName != "", "value_type_name", "required", nil)
	}
	if c.ValueTypeName != "" {
		v.Check(c.ValueTypeName.Valid(), "value_type_name", enumRule(c.ValueTypeName.Values()), c.ValueTypeName)
	}
	if c.CharLimit != nil {
		v.Check(*c.CharLimit > 0, "char_limit", "positive", *c.CharLimit)
	}
}

// ComponentService is the components of component creatives.
type ComponentService struct {
	g *call.Group
}

// createRequest checks c and returns the body of Create: its writable
// fields set.
func (c *Component) createRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("component", "required", nil)
	} else {
		c.check(&v, true)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return c.createBody(), nil
}

// restricted reads the answer of a component create: only users the
// platform allows may create, and others get an *adama.Error matching
// adama.ErrUnauthorized whose message says so.
func restricted[T any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (*T, error) {
	out, err := ccOne[T](ctx, g, c, opts)
	var ae *adama.Error
	if errors.As(err, &ae) && errors.Is(err, adama.ErrUnauthorized) {
		ae.Message = "component creation is restricted to users the platform allows (" + ae.Message + ")"
	}
	return out, err
}

// updateRequest checks c and returns the body of Update: the fields
// changed since c was read (a field cleared since is sent as null;
// unknown properties changed or added are sent too), or every set field
// of a component built by hand.
func (c *Component) updateRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("component", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "component_id", c.ComponentID)
	c.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return c.changes(), nil
}
