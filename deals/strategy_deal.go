package deals

import (
	"context"
	"net/url"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Embed is a record the strategy lists can embed.
//
//adama:enum
type Embed string

// Embeddable records.
const (
	EmbedStrategy   Embed = "strategy"
	EmbedCampaign   Embed = "campaign"
	EmbedAdvertiser Embed = "advertiser"
)

// StrategyListOptions shape the lists of strategies using a deal or group.
type StrategyListOptions struct {
	// With embeds related records (with=strategy,campaign,advertiser).
	With []Embed
	// SortBy names a property.
	SortBy string
	// PageLimit (1..100) and PageOffset page the list.
	PageLimit, PageOffset int
}

func (o *StrategyListOptions) validate() error {
	var v valid.Validator
	for _, e := range o.With {
		checkEnum(&v, "with", e)
	}
	v.Check(!strings.ContainsAny(o.SortBy, ",&="), "sort_by", "must be a property name", o.SortBy)
	checkPaging(&v, o.PageLimit, o.PageOffset, 0)
	return v.Err()
}

func (o *StrategyListOptions) query() url.Values {
	q := url.Values{}
	if len(o.With) > 0 {
		parts := make([]string, len(o.With))
		for i, e := range o.With {
			parts[i] = string(e)
		}
		q.Set("with", strings.Join(parts, ","))
	}
	if o.SortBy != "" {
		q.Set("sort_by", o.SortBy)
	}
	paging(q, o.PageLimit, o.PageOffset)
	return q
}

// Strategies lists the strategies using the deal
// (/deals/{id}/strategy_deals).
func (s *DealService) Strategies(ctx context.Context, id int64, opts *StrategyListOptions, ro ...adama.RequestOption) (*adama.Page[*StrategyDeal], error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	o := StrategyListOptions{}
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return listPtr[StrategyDeal](ctx, s.g, &call.Call{Path: idPath("deals", id) + "/strategy_deals", Query: o.query()}, ro)
}
