package entity

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Strategy targeting written under strategies/{id}/…, the form real
// clients of the platform use (spec 2.8 gives the bodies, not the
// paths): POST strategies/{id}/deals (all_pmp, deal.<n>.id),
// POST strategies/{id}/domain_restrictions (domains.<n>.domain and
// .restriction) and POST strategies/{id}/audience_segments
// (segments.<n>.id, .restriction, .group_identifier, include_op,
// exclude_op). GET strategies/{id}/deals reads the strategy with its
// deals. Each POST replaces the strategy's whole set.

// StrategyDealRef is one deal a strategy targets, as the platform lists
// it in a strategy's deals: {"entity_type":"deal","id":…}.
type StrategyDealRef struct {
	ID         int64  `json:"id"`
	EntityType string `json:"entity_type,omitempty"`
	Name       string `json:"name,omitempty"`
}

// UnmarshalJSON reads a deal reference, its id as a number or a numeric
// string.
func (d *StrategyDealRef) UnmarshalJSON(b []byte) error {
	var aux struct {
		ID         json.Number `json:"id"`
		EntityType string      `json:"entity_type"`
		Name       string      `json:"name"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.ID != "" {
		id, err := strconv.ParseInt(aux.ID.String(), 10, 64)
		if err != nil {
			return err
		}
		d.ID = id
	}
	d.EntityType, d.Name = aux.EntityType, aux.Name
	return nil
}

func strategyPath(id int64, sub string) string {
	return "/strategies/" + strconv.FormatInt(id, 10) + "/" + sub
}

func checkStrategyID(v *valid.Validator, id int64) {
	v.Check(id > 0, "strategy_id", "must be a positive id", id)
}

// StrategyDeals returns the strategy with id and the deals it targets
// (GET strategies/{id}/deals; the deals are in Strategy.Deals).
func (ec *Client) StrategyDeals(ctx context.Context, strategyID int64, ropt ...adama.RequestOption) (*Strategy, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[Strategy](ctx, ec.g, &call.Call{Path: strategyPath(strategyID, "deals")}, ropt...)
}

// SetStrategyDeals replaces the deals strategy strategyID targets (and
// sets all_pmp when d.AllPMP is set) with POST strategies/{id}/deals, and
// returns the strategy with its deals. An empty DealIDs with AllPMP unset
// clears the deals.
func (ec *Client) SetStrategyDeals(ctx context.Context, strategyID int64, d *DealTargeting, ropt ...adama.RequestOption) (*Strategy, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	if d == nil {
		d = &DealTargeting{}
	}
	v.Merge("", d.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[Strategy](ctx, ec.g, &call.Call{Method: http.MethodPost, Path: strategyPath(strategyID, "deals"), Form: d.formValues()}, ropt...)
}

// DomainTarget is one domain of a strategy's domain restrictions.
type DomainTarget struct {
	Domain      string
	Restriction Restriction
}

// SetStrategyDomainRestrictions replaces the domains strategy strategyID
// includes or excludes (POST strategies/{id}/domain_restrictions with
// domains.<n>.domain and domains.<n>.restriction from 1). The platform
// answers without the strategy; read the result through
// ec.StrategyDomainRestrictions (limit strategy=id).
func (ec *Client) SetStrategyDomainRestrictions(ctx context.Context, strategyID int64, domains []DomainTarget, ropt ...adama.RequestOption) error {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	f := url.Values{}
	seen := map[string]bool{}
	for i, d := range domains {
		p := "domains." + strconv.Itoa(i+1) + "."
		v.Require(p+"domain", d.Domain != "")
		v.MaxLen(p+"domain", d.Domain, MaxURLLen)
		v.Require(p+"restriction", d.Restriction != "")
		checkEnum(&v, p+"restriction", d.Restriction)
		v.Check(d.Domain == "" || !seen[d.Domain], p+"domain", "listed twice", d.Domain)
		seen[d.Domain] = true
		f.Set(p+"domain", d.Domain)
		f.Set(p+"restriction", string(d.Restriction))
	}
	if err := v.Err(); err != nil {
		return err
	}
	return ec.g.NoContent(ctx, &call.Call{Method: http.MethodPost, Path: strategyPath(strategyID, "domain_restrictions"), Form: f}, ropt...)
}

// AudienceTargeting is a strategy's audience segment targeting as real
// clients write it: the segments with their restriction and group, and
// the include and exclude operators.
type AudienceTargeting struct {
	IncludeOp SetOp
	ExcludeOp SetOp
	Segments  []AudienceTarget
}

// AudienceTarget is one audience segment of an AudienceTargeting.
type AudienceTarget struct {
	// ID is the audience segment's id.
	ID              int64
	Restriction     Restriction
	GroupIdentifier string
}

// formValues returns the form values: include_op, exclude_op and
// segments.<n>.id, .restriction, .group_identifier from 1.
func (a *AudienceTargeting) formValues() url.Values {
	f := url.Values{}
	if a.IncludeOp != "" {
		f.Set("include_op", string(a.IncludeOp))
	}
	if a.ExcludeOp != "" {
		f.Set("exclude_op", string(a.ExcludeOp))
	}
	for i, s := range a.Segments {
		p := "segments." + strconv.Itoa(i+1) + "."
		f.Set(p+"id", strconv.FormatInt(s.ID, 10))
		f.Set(p+"restriction", string(s.Restriction))
		if s.GroupIdentifier != "" {
			f.Set(p+"group_identifier", s.GroupIdentifier)
		}
	}
	return f
}

// Validate checks the operators, and that each segment has a positive id
// and a restriction, no segment listed twice.
func (a *AudienceTargeting) Validate() error {
	var v valid.Validator
	checkEnum(&v, "include_op", a.IncludeOp)
	checkEnum(&v, "exclude_op", a.ExcludeOp)
	seen := map[int64]bool{}
	for i, s := range a.Segments {
		p := "segments." + strconv.Itoa(i+1) + "."
		v.Check(s.ID > 0, p+"id", "must be a positive id", s.ID)
		v.Check(s.ID <= 0 || !seen[s.ID], p+"id", "listed twice", s.ID)
		seen[s.ID] = true
		v.Require(p+"restriction", s.Restriction != "")
		checkEnum(&v, p+"restriction", s.Restriction)
		v.MaxLen(p+"group_identifier", s.GroupIdentifier, MaxNameLen)
	}
	return v.Err()
}

// SetStrategyAudienceSegments replaces the audience segments strategy
// strategyID targets (POST strategies/{id}/audience_segments). Read the
// result through ec.StrategyAudienceSegments (limit strategy=id).
func (ec *Client) SetStrategyAudienceSegments(ctx context.Context, strategyID int64, a *AudienceTargeting, ropt ...adama.RequestOption) error {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	if a == nil {
		a = &AudienceTargeting{}
	}
	v.Merge("", a.Validate())
	if err := v.Err(); err != nil {
		return err
	}
	return ec.g.NoContent(ctx, &call.Call{Method: http.MethodPost, Path: strategyPath(strategyID, "audience_segments"), Form: a.formValues()}, ropt...)
}
