package targeting

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the advertiser against every rule the description
// states for a create (create set: the AdvertiserCreate body's required
// fields) or an update (the AdvertiserUpdate body's): lengths, minimums,
// int32 ranges, enum values, and each vendor attribution by its own
// schema ("vendor_attributions[0].vendor_id"). It returns an
// *adama.ValidationError or nil. The rules are generated (records_gen.go,
// validate).
func (a *Advertiser) Validate(create bool) error {
	var v valid.Validator
	if a == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	a.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules and known embeds.
func (o *AdvertiserListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for i, w := range o.With {
		v.Check(w != "", fmt.Sprintf("with[%d]", i), "must not be empty", w)
		valid.Enum(&v, fmt.Sprintf("with[%d]", i), w)
	}
	return v.Err()
}

// validate checks the paging bounds.
func (o *HistoryOptions) validate() error {
	var v valid.Validator
	checkPaging(&v, o.PageLimit, o.PageOffset)
	return v.Err()
}

const advertisersPath = "/advertisers"

// AdvertiserService calls the advertiser endpoints of group B. Its
// methods are generated (services_gen.go) but Get and GetExtended.
type AdvertiserService struct {
	g *call.Group
}

func (s *AdvertiserService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*Advertiser, error) {
	return getOne[Advertiser](ctx, s.g, idPath(advertisersPath, id), positiveID("advertiser_id", id), extended, ro)
}

// Get returns one advertiser (GET /advertisers/{advertiser_id}).
func (s *AdvertiserService) Get(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.get(ctx, id, false, ropt)
}

// GetExtended returns one advertiser with its extended properties (the
// inherited MFA avoidance): GET /advertisers/{advertiser_id}?extended=true.
func (s *AdvertiserService) GetExtended(ctx context.Context, id int64, ropt ...adama.RequestOption) (*Advertiser, error) {
	return s.get(ctx, id, true, ropt)
}
