package creatives

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
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

// CompanionService is the companion ads of v3 video creatives. Each
// create, update and delete regenerates the creative's combined VAST
// document.
type CompanionService struct {
	g  *call.Group
	g2 *call.Group // the deprecated v2.0
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

// createRequest checks c and returns the body of Create and CreateV2: the
// companion's details with its resource file as a data URL, read-only
// fields left out, unknown properties included.
func (c *Companion) createRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("companion", "required", nil)
		return nil, v.Err()
	}
	c.check(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return c.body(), nil
}

// updateRequest checks c and returns the body of Update: the platform's
// update replaces the companion, so it is the whole record (read-only
// fields left out, unknown properties included).
func (c *Companion) updateRequest() (any, error) {
	var v valid.Validator
	if c == nil {
		v.Add("companion", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "companionId", c.ID)
	c.check(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return c.body(), nil
}
