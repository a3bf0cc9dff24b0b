package deals

import (
	"context"
	"encoding/json"
	"net/url"
	"reflect"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// StrategyDeal links a strategy to a deal it targets. Shape from
// the Marketplaces API reference, GET
// /deals/{id}/strategy_deals; Strategy, Campaign and Advertiser are filled
// when embedded with StrategyListOptions.With.
type StrategyDeal struct {
	// ID is the link's id.
	ID int64 `json:"id"`
	// EntityType is "strategy_deal".
	EntityType string `json:"entity_type,omitempty"`
	// StrategyID and DealID are the linked records.
	StrategyID int64 `json:"strategy_id,omitempty"`
	DealID     int64 `json:"deal_id,omitempty"`
	// Strategy, Campaign and Advertiser are embedded records.
	Strategy   *Ref `json:"strategy,omitempty"`
	Campaign   *Ref `json:"campaign,omitempty"`
	Advertiser *Ref `json:"advertiser,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type strategyDealAlias StrategyDeal

var strategyDealIdx = record.IndexOf(reflect.TypeFor[strategyDealAlias]())

// UnmarshalJSON reads the link leniently, keeping unknown properties.
func (s *StrategyDeal) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*strategyDealAlias)(s), strategyDealIdx, &s.Extra)
}

// Misfits lists the values of the link that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (s *StrategyDeal) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, strategyDealIdx, s.Extra)
}

// MarshalJSON writes the link and its unknown properties.
func (s StrategyDeal) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(strategyDealAlias(s), s.Extra)
}

// StrategyDealGroup links a strategy to a deal group it targets (GET
// /deal_groups/{id}/strategy_deal_groups).
type StrategyDealGroup struct {
	// ID is the link's id.
	ID int64 `json:"id"`
	// EntityType is "strategy_deal_group".
	EntityType string `json:"entity_type,omitempty"`
	// StrategyID and DealGroupID are the linked records.
	StrategyID  int64 `json:"strategy_id,omitempty"`
	DealGroupID int64 `json:"deal_group_id,omitempty"`
	// Strategy, Campaign and Advertiser are embedded records.
	Strategy   *Ref `json:"strategy,omitempty"`
	Campaign   *Ref `json:"campaign,omitempty"`
	Advertiser *Ref `json:"advertiser,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type strategyDealGroupAlias StrategyDealGroup

var strategyDealGroupIdx = record.IndexOf(reflect.TypeFor[strategyDealGroupAlias]())

// UnmarshalJSON reads the link leniently, keeping unknown properties.
func (s *StrategyDealGroup) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*strategyDealGroupAlias)(s), strategyDealGroupIdx, &s.Extra)
}

// Misfits lists the values of the link that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (s *StrategyDealGroup) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, strategyDealGroupIdx, s.Extra)
}

// MarshalJSON writes the link and its unknown properties.
func (s StrategyDealGroup) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(strategyDealGroupAlias(s), s.Extra)
}

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
