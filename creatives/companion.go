package creatives

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// CompanionDetails are a companion ad's settings. Shape from
// the Video Creatives API reference, schema
// CompanionDetails.
type CompanionDetails struct {
	// AdServer is the ad server tag name (required).
	AdServer string `json:"adServer"`
	// Typ is the companion type (required).
	Typ CompanionType `json:"typ"`
	// Width and Height are in pixels, 32 to 10000 (required).
	Width  int `json:"width"`
	Height int `json:"height"`
	// LandingURL is the declared landing URL (required).
	LandingURL string `json:"landingUrl"`
	// IFrameURLOrHTML is the iframe URL (iframe) or the HTML (html).
	IFrameURLOrHTML string `json:"iFrameUrlOrHTML,omitempty"`
	// ClickthroughURL is required for static companions and must be empty
	// for iframe and html ones.
	ClickthroughURL string `json:"clickthroughUrl,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads d liberally and keeps unknown properties.
func (d *CompanionDetails) UnmarshalJSON(b []byte) error {
	type alias CompanionDetails
	return decodeRecord(b, (*alias)(d), &d.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (d *CompanionDetails) Misfits() []adama.Misfit {
	if d == nil {
		return nil
	}
	return misfitsOf(d, d.Extra)
}

// MarshalJSON writes d with its unknown properties.
func (d CompanionDetails) MarshalJSON() ([]byte, error) {
	type alias CompanionDetails
	return encodeObject(alias(d), d.Extra)
}

// CompanionInput is the body of a companion create or update. Shape from
// the Video Creatives API reference, schema
// ModifyCompanionRequest.
type CompanionInput struct {
	// Details are required.
	Details CompanionDetails `json:"details"`
	// FileExtension and FileName describe the resource.
	FileExtension string `json:"fileExtension,omitempty"`
	FileName      string `json:"fileName,omitempty"`
	// ResourceURL is the resource of non-static companions.
	ResourceURL string `json:"resourceUrl,omitempty"`
	// ResourceData is the resource of static companions as a data URI
	// ("data:image/png;base64,...").
	ResourceData string `json:"resourceData,omitempty"`
}

func (in *CompanionInput) check(v *valid.Validator) {
	d := &in.Details
	v.Check(d.AdServer != "", "details.adServer", "required", nil)
	v.Check(d.Typ.Valid(), "details.typ", "required, "+enumRule(d.Typ.Values()), d.Typ)
	v.Check(d.Width >= 32 && d.Width <= 10000, "details.width", "between 32 and 10000", d.Width)
	v.Check(d.Height >= 32 && d.Height <= 10000, "details.height", "between 32 and 10000", d.Height)
	v.Check(d.LandingURL != "", "details.landingUrl", "required", nil)
	switch d.Typ {
	case CompanionTypeStatic:
		v.Check(d.ClickthroughURL != "", "details.clickthroughUrl", "required for static companions", nil)
	case CompanionTypeIframe, CompanionTypeHTML:
		v.Check(d.ClickthroughURL == "", "details.clickthroughUrl", "must be empty for iframe and html companions", d.ClickthroughURL)
		v.Check(d.IFrameURLOrHTML != "", "details.iFrameUrlOrHTML", "required for iframe and html companions", nil)
	}
	if in.ResourceData != "" {
		v.Check(strings.HasPrefix(in.ResourceData, "data:"), "resourceData", "a data URI (data:...)", nil)
	}
}

// Companion is a companion ad. Shape from
// the Video Creatives API reference, schema
// CompanionAd.
type Companion struct {
	ID            int64            `json:"id"`
	Details       CompanionDetails `json:"details"`
	FileExtension string           `json:"fileExtension,omitempty"`
	MimeType      string           `json:"mimeType,omitempty"`
	FileName      string           `json:"fileName,omitempty"`
	// ResourceBlob is the data of image companions.
	ResourceBlob string `json:"resourceBlob,omitempty"`
	// ResourceURL is the URL of external resources.
	ResourceURL string `json:"resourceUrl,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads c liberally and keeps unknown properties.
func (c *Companion) UnmarshalJSON(b []byte) error {
	type alias Companion
	return decodeRecord(b, (*alias)(c), &c.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (c *Companion) Misfits() []adama.Misfit {
	if c == nil {
		return nil
	}
	return misfitsOf(c, c.Extra)
}

// MarshalJSON writes c with its unknown properties.
func (c Companion) MarshalJSON() ([]byte, error) {
	type alias Companion
	return encodeObject(alias(c), c.Extra)
}

// companionsWire is schema CompanionsResponse: companions by id.
type companionsWire struct {
	Companions map[string]Companion `json:"companions"`
}

// Misfits are the companions' ("companions.<id>.<field>"), so a strict
// client's list fails on one.
func (w *companionsWire) Misfits() []adama.Misfit { return record.Nested(w.Companions, "companions") }

func (w *companionsWire) list() []Companion {
	out := make([]Companion, 0, len(w.Companions))
	for k, c := range w.Companions {
		if c.ID == 0 {
			c.ID, _ = strconv.ParseInt(k, 10, 64)
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Companion) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

type createCompanionWire struct {
	CompanionID int64 `json:"companionId"`
}

// CompanionService is the companion ads of v3 video creatives. Each
// create, update and delete regenerates the creative's combined VAST
// document.
type CompanionService struct {
	g  *call.Group
	g2 *call.Group // the deprecated v2.0
}

func companionsPath(creativeID int64) string {
	return "/creatives" + pathID(creativeID) + "/companions"
}

// Create adds a companion (POST /creatives/{id}/companions) and returns
// its id.
func (s *CompanionService) Create(ctx context.Context, creativeID int64, in *CompanionInput, opts ...adama.RequestOption) (int64, error) {
	return createCompanion(ctx, s.g, creativeID, in, opts)
}

func createCompanion(ctx context.Context, g *call.Group, creativeID int64, in *CompanionInput, opts []adama.RequestOption) (int64, error) {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	if in == nil {
		v.Add("details", "required", nil)
	} else {
		in.check(&v)
	}
	if err := v.Err(); err != nil {
		return 0, err
	}
	r, err := one[createCompanionWire](ctx, g, &call.Call{Method: http.MethodPost, Path: companionsPath(creativeID), JSON: in}, opts...)
	if err != nil {
		return 0, err
	}
	return r.CompanionID, nil
}

// List returns every companion of a creative, by id (GET
// /creatives/{id}/companions).
func (s *CompanionService) List(ctx context.Context, creativeID int64, opts ...adama.RequestOption) ([]Companion, error) {
	return listCompanions(ctx, s.g, creativeID, opts)
}

func listCompanions(ctx context.Context, g *call.Group, creativeID int64, opts []adama.RequestOption) ([]Companion, error) {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	w, err := one[companionsWire](ctx, g, &call.Call{Path: companionsPath(creativeID)}, opts...)
	if err != nil {
		return nil, err
	}
	return w.list(), nil
}

func checkPair(creativeID, companionID int64) error {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	checkID(&v, "companionId", companionID)
	return v.Err()
}

// Get reads one companion (GET /creatives/{id}/companions/{companionId}).
func (s *CompanionService) Get(ctx context.Context, creativeID, companionID int64, opts ...adama.RequestOption) (*Companion, error) {
	if err := checkPair(creativeID, companionID); err != nil {
		return nil, err
	}
	c, err := one[Companion](ctx, s.g, &call.Call{Path: companionsPath(creativeID) + pathID(companionID)}, opts...)
	if err == nil && c.ID == 0 {
		c.ID = companionID
	}
	return c, err
}

// Update replaces a companion's settings (POST
// /creatives/{id}/companions/{companionId}).
func (s *CompanionService) Update(ctx context.Context, creativeID, companionID int64, in *CompanionInput, opts ...adama.RequestOption) error {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	checkID(&v, "companionId", companionID)
	if in == nil {
		v.Add("details", "required", nil)
	} else {
		in.check(&v)
	}
	if err := v.Err(); err != nil {
		return err
	}
	return noContent(ctx, s.g, &call.Call{Method: http.MethodPost, Path: companionsPath(creativeID) + pathID(companionID), JSON: in}, opts...)
}

// Delete removes a companion (DELETE
// /creatives/{id}/companions/{companionId}).
func (s *CompanionService) Delete(ctx context.Context, creativeID, companionID int64, opts ...adama.RequestOption) error {
	if err := checkPair(creativeID, companionID); err != nil {
		return err
	}
	return noContent(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: companionsPath(creativeID) + pathID(companionID)}, opts...)
}
