package targeting

import (
	"context"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// RoleService lists the user roles (/roles). Its methods are generated.
type RoleService struct{ g *call.Group }

// TargetValueService lists target values (/target_values). Its methods
// are generated.
type TargetValueService struct{ g *call.Group }

// SearchService finds organizations, agencies and advertisers by name
// (/search). Its method is generated.
type SearchService struct{ g *call.Group }

// HealthService reports the interface's health (/healthcheck).
type HealthService struct{ g *call.Group }

// CreativeTagService reads a creative's tag (/creatives/{creative_id}).
// Its method is generated.
type CreativeTagService struct{ g *call.Group }

// validate has nothing to check: the list takes no options.
func (o *PixelTargetingListOptions) validate() error { return nil }

// validate has nothing to check: the list takes no options.
func (o *RoleListOptions) validate() error { return nil }

// validate has nothing to check: any name may be searched for.
func (o *TargetValueListOptions) validate() error { return nil }

// SearchOptions are what SearchService.Entities looks for. Name is
// required.
type SearchOptions struct {
	// Name is the text searched for.
	Name string
	// Limit is how many records of each kind at most (1 to 1000; 0 for
	// the platform's default, 10).
	Limit int
	// ActiveOnly, when set, asks for active records only (true) or not.
	ActiveOnly *bool
	// Terminated, when set, asks for terminated records too (true) or not.
	Terminated *bool
}

// searchRequest checks the options and sends them as the query.
func searchRequest(c *call.Call, o *SearchOptions) error {
	var v valid.Validator
	if o == nil {
		v.Add("name", valid.RuleRequired, nil)
		return v.Err()
	}
	v.Check(o.Name != "", "name", valid.RuleRequired, nil)
	v.Check(o.Limit >= 0 && o.Limit <= 1000, "limit", "must be between 1 and 1000", o.Limit)
	if err := v.Err(); err != nil {
		return err
	}
	q := url.Values{"name": {o.Name}}
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	if o.ActiveOnly != nil {
		q.Set("active_only", strconv.FormatBool(*o.ActiveOnly))
	}
	if o.Terminated != nil {
		q.Set("terminated", strconv.FormatBool(*o.Terminated))
	}
	c.Query = q
	return nil
}

// Check returns the interface's health (GET /healthcheck), which the
// platform answers without the group's envelope.
func (s *HealthService) Check(ctx context.Context, ro ...adama.RequestOption) (*HealthCheck, error) {
	g := *s.g
	g.Envelope = call.Bare
	c := &call.Call{Path: "/healthcheck"}
	var h HealthCheck
	if _, err := g.Into(ctx, c, &h, ro...); err != nil {
		return nil, err
	}
	return &h, nil
}
