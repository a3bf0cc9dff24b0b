package creatives

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// companionReadOnly are the properties the platform sets.
var companionReadOnly = []string{"id", "mimeType", "resourceBlob"}

// body is what a create or save sends: the whole companion (the save
// replaces), read-only fields left out, unknown properties included.
func (c *Companion) body() map[string]json.RawMessage {
	w := *c
	if w.ResourceData == "" && strings.HasPrefix(w.ResourceBlob, "data:") {
		w.ResourceData = w.ResourceBlob
	}
	return writableOf(&w, companionReadOnly...)
}

func (c *Companion) check(v *valid.Validator) {
	d := &c.Details
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
	if c.ResourceData != "" {
		v.Check(strings.HasPrefix(c.ResourceData, "data:"), "resourceData", "a data URI (data:...)", nil)
	}
}

// companionsWire is schema CompanionsResponse: companions by id.
type companionsWire struct {
	Companions map[string]Companion `json:"companions"`
}

// Misfits are the companions' ("companions.<id>.<field>"), so a strict
// client's list fails on one.
func (w *companionsWire) Misfits() []adama.Misfit { return record.Nested(w.Companions, "companions") }

func (w *companionsWire) list() []*Companion {
	out := make([]*Companion, 0, len(w.Companions))
	for k, c := range w.Companions {
		if c.ID == 0 {
			c.ID, _ = strconv.ParseInt(k, 10, 64)
		}
		out = append(out, &c)
	}
	slices.SortFunc(out, func(a, b *Companion) int { return cmp.Compare(a.ID, b.ID) })
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

// Create adds companion c to creative creativeID
// (POST /creatives/{id}/companions). The platform answers only the new
// id; Create reads the companion with Get and returns it (with the id
// alone and the error when that read fails).
func (s *CompanionService) Create(ctx context.Context, creativeID int64, c *Companion, opts ...adama.RequestOption) (*Companion, error) {
	id, err := createCompanion(ctx, s.g, creativeID, c, opts)
	if err != nil {
		return nil, err
	}
	got, err := s.Get(ctx, creativeID, id, opts...)
	if err != nil {
		return &Companion{ID: id}, err
	}
	return got, nil
}

func createCompanion(ctx context.Context, g *call.Group, creativeID int64, c *Companion, opts []adama.RequestOption) (int64, error) {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	if c == nil {
		v.Add("companion", "required", nil)
	} else {
		c.check(&v)
	}
	if err := v.Err(); err != nil {
		return 0, err
	}
	r, err := one[createCompanionWire](ctx, g, &call.Call{Method: http.MethodPost, Path: companionsPath(creativeID), JSON: c.body()}, opts...)
	if err != nil {
		return 0, err
	}
	return r.CompanionID, nil
}

// companionPage reads the companions by id into one page, in id order
// (List, ListV2).
func companionPage[T Companion](ctx context.Context, g *call.Group, c *call.Call, opts []adama.RequestOption) (*adama.Page[*T], error) {
	w, err := one[companionsWire](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	p, _ := any(wholePage(w.list())).(*adama.Page[*T])
	return p, nil
}

// Update saves companion c of creative creativeID
// (POST /creatives/{id}/companions/{c.ID}). The platform's update
// replaces the companion, so Update sends the whole record (read-only
// fields left out, unknown properties included). The platform answers no
// content; Update returns the companion as read again with Get.
func (s *CompanionService) Update(ctx context.Context, creativeID int64, c *Companion, opts ...adama.RequestOption) (*Companion, error) {
	var v valid.Validator
	checkID(&v, "creativeId", creativeID)
	if c == nil {
		v.Add("companion", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "companionId", c.ID)
	c.check(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := noContent(ctx, s.g, &call.Call{Method: http.MethodPost, Path: companionsPath(creativeID) + pathID(c.ID), JSON: c.body()}, opts...); err != nil {
		return nil, err
	}
	return s.Get(ctx, creativeID, c.ID, opts...)
}

// Modify reads companion companionID of creative creativeID, applies
// change and saves it with Update, reading again and retrying on a
// conflict (adama.DefaultModifyAttempts rounds in all).
func (s *CompanionService) Modify(ctx context.Context, creativeID, companionID int64, change func(*Companion) error, opts ...adama.RequestOption) (*Companion, error) {
	return modify.Run(ctx, "companion "+strconv.FormatInt(companionID, 10)+" of creative "+strconv.FormatInt(creativeID, 10),
		func(ctx context.Context) (*Companion, error) { return s.Get(ctx, creativeID, companionID, opts...) },
		change,
		func(ctx context.Context, c *Companion) (*Companion, error) {
			return s.Update(ctx, creativeID, c, opts...)
		})
}
