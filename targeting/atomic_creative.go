package targeting

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the atomic creative against every rule the description
// states for a create (the AtomicCreativeCreate body's required fields)
// or an update (the AtomicCreativeUpdate body's): lengths, ranges, enum
// values. It returns an *adama.ValidationError or nil. The rules are
// generated (records_gen.go, validate).
func (a *AtomicCreative) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	a.validate(&v, create)
	return v.Err()
}

// validate checks the options: the list takes only the extended flag.
func (o *AtomicCreativeListOptions) validate() error { return nil }

const atomicCreativesPath = "/atomic_creatives"

// AtomicCreativeService calls the atomic creative endpoints of group B
// (/atomic_creatives). Its methods are generated (services_gen.go) but
// Get and GetExtended.
type AtomicCreativeService struct {
	g *call.Group
}

func (s *AtomicCreativeService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*AtomicCreative, error) {
	return getOne[AtomicCreative](ctx, s.g, idPath(atomicCreativesPath, id), positiveID("atomic_creative_id", id), extended, ro)
}

// Get returns one atomic creative (GET /atomic_creatives/{atomic_creative_id}).
func (s *AtomicCreativeService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*AtomicCreative, error) {
	return s.get(ctx, id, false, ropt)
}

// GetExtended returns one atomic creative with its extended properties
// (the advertiser's name, the targeted strategies, the SSL validation,
// the vendors, the assets, the inner tag):
// GET /atomic_creatives/{atomic_creative_id}?extended=true.
func (s *AtomicCreativeService) GetExtended(ctx context.Context, id int64, ropt ...adama.RequestOption) (*AtomicCreative, error) {
	return s.get(ctx, id, true, ropt)
}

// Validate checks the pixel bundle against every rule the description
// states for a create (the PixelBundleCreate body's required fields) or
// an update (the PixelBundleUpdate body's), and the lengths of its event
// URLs and container tags. It returns an *adama.ValidationError or nil.
func (p *PixelBundle) Validate(create bool) error {
	var v valid.Validator
	if p == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	p.validate(&v, create)
	return v.Err()
}

// Lengths of a pixel bundle's list items, as the create body of the
// Campaigns API reference states them.
const (
	maxPixelEventURL     = 2048
	maxPixelContainerTag = 1024
)

// validateItems checks the items of the lists, whose limits the
// generator does not check: each event URL at most 2048 characters, each
// container tag at most 1024.
func (p *PixelBundle) validateItems(v *valid.Validator, at string, _ bool) {
	for i, u := range p.EventURLs {
		v.MaxLen(valid.Path(at, fmt.Sprintf("event_urls[%d]", i)), u, maxPixelEventURL)
	}
	for i, t := range p.ContainerTags {
		v.MaxLen(valid.Path(at, fmt.Sprintf("container_tags[%d]", i)), t, maxPixelContainerTag)
	}
}

// validate checks the options: ListOptions' rules and the embed.
func (o *PixelBundleListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	if o.With != "" {
		valid.Enum(&v, "with", o.With)
	}
	return v.Err()
}

// PixelBundleService calls the pixel bundle endpoints of group B
// (/pixel_bundles). Its methods are generated (services_gen.go).
type PixelBundleService struct {
	g *call.Group
}

// Validate checks the marketplace against every rule the description
// states for a create (the MarketplaceCreate body's required fields) or
// an update (the MarketplaceUpdate body's). It returns an
// *adama.ValidationError or nil.
func (m *Marketplace) Validate(create bool) error {
	var v valid.Validator
	if m == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	m.validate(&v, create)
	return v.Err()
}

// validate checks the options: the list takes none.
func (o *MarketplaceListOptions) validate() error { return nil }

// MarketplaceService calls the marketplace endpoints of group B
// (/marketplaces). Its methods are generated (services_gen.go).
type MarketplaceService struct {
	g *call.Group
}

// MaxHealthcheckIDs bounds the atomic creatives one Healthcheck asks
// about (the SDK's own limit, which keeps the filter short).
const MaxHealthcheckIDs = 100

// Healthcheck returns the serving health of the atomic creatives ids at
// each exchange (GET /atomic_creatives/healthcheck?q=atomic_creative_id==(id1,
// id2)), one entry per creative the platform knows.
func (s *AtomicCreativeService) Healthcheck(ctx context.Context, ids []int64, ro ...adama.RequestOption) ([]*AtomicCreativeHealth, error) {
	var v valid.Validator
	v.Items("atomic_creative_ids", len(ids), 1, MaxHealthcheckIDs)
	parts := make([]string, len(ids))
	for i, id := range ids {
		checkID(&v, fmt.Sprintf("atomic_creative_ids[%d]", i), id)
		parts[i] = strconv.FormatInt(id, 10)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	q := "atomic_creative_id==" + parts[0]
	if len(ids) > 1 {
		q = "atomic_creative_id==(" + strings.Join(parts, ", ") + ")"
	}
	p, err := listPage[AtomicCreativeHealth](ctx, s.g, &call.Call{Path: atomicCreativesPath + "/healthcheck", Query: url.Values{"q": {q}}}, ro)
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}

// Exchanges returns the entry's status at each exchange, keyed by the
// platform's name of the exchange: the text properties of Extra.
func (h *AtomicCreativeHealth) Exchanges() map[string]string {
	out := map[string]string{}
	for k, raw := range h.Extra {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			out[k] = s
		}
	}
	return out
}
