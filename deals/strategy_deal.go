package deals

import (
	"strings"

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

func (o *StrategyListOptions) validate() error {
	var v valid.Validator
	for _, e := range o.With {
		checkEnum(&v, "with", e)
	}
	v.Check(!strings.ContainsAny(o.SortBy, ",&="), "sort_by", "must be a property name", o.SortBy)
	checkPaging(&v, o.PageLimit, o.PageOffset, 0)
	return v.Err()
}
