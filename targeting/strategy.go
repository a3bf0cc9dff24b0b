package targeting

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

const strategiesPath = "/strategies"

// StrategyService calls the strategy endpoints of the Campaigns API
// reference (tag Strategies). List, All, Create, Update, Modify, History,
// Healthcheck and ForecastQuery are generated (services_gen.go); Get,
// GetExtended, Copy, FriendlyNames, TargetingExpression, BulkUpdate and
// AuditLog are written here.
type StrategyService struct {
	g *call.Group
}

// Validate checks the strategy against every rule the description states
// for a create (create set: the StrategyCreate body's required fields) or
// an update (the StrategyUpdate body's): lengths, ranges, enum values, and
// the records it holds by their own schemas ("goals.max_bid"). It returns
// an *adama.ValidationError or nil.
func (x *Strategy) Validate(create bool) error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, create)
	return v.Err()
}

// validate checks the options: ListOptions' rules and known additions.
func (o *StrategyListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, nil)
	for i, w := range o.With {
		v.Check(w != "", fmt.Sprintf("with[%d]", i), "must not be empty", w)
		valid.Enum(&v, fmt.Sprintf("with[%d]", i), w)
	}
	return v.Err()
}

func (s *StrategyService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*Strategy, error) {
	return getOne[Strategy](ctx, s.g, idPath(strategiesPath, id), positiveID("strategy_id", id), extended, ro)
}

// Get returns one strategy (GET /strategies/{strategy_id}).
func (s *StrategyService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*Strategy, error) {
	return s.get(ctx, id, false, ro)
}

// GetExtended returns one strategy with its extended properties (the
// advertiser, the strategy group's name, the concepts' details):
// GET /strategies/{strategy_id}?extended=true.
func (s *StrategyService) GetExtended(ctx context.Context, id int64, ro ...adama.RequestOption) (*Strategy, error) {
	return s.get(ctx, id, true, ro)
}

// Validate checks the copy's options against the rules the description
// states (name and status required, the name's length).
func (c *StrategyCopy) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("copy", valid.RuleRequired, nil)
		return v.Err()
	}
	c.validate(&v, true)
	return v.Err()
}

// Copy copies strategy id (POST /strategies/{strategy_id}/copy) with the
// copy's name and status and what it takes from the original, and
// returns the new strategy.
func (s *StrategyService) Copy(ctx context.Context, id int64, copy *StrategyCopy, ro ...adama.RequestOption) (*Strategy, error) {
	if err := positiveID("strategy_id", id); err != nil {
		return nil, err
	}
	if err := copy.Validate(); err != nil {
		return nil, err
	}
	return call.One[Strategy](ctx, s.g, &call.Call{Method: http.MethodPost, Path: idPath(strategiesPath, id) + "/copy", JSON: copy}, ro...)
}

// FriendlyNames returns the readable names of strategy id's targeting
// values (GET /strategies/{strategy_id}/friendly_names), the whole
// unpaged list.
func (s *StrategyService) FriendlyNames(ctx context.Context, id int64, ro ...adama.RequestOption) ([]*TargetingFriendlyName, error) {
	if err := positiveID("strategy_id", id); err != nil {
		return nil, err
	}
	p, err := listPage[TargetingFriendlyName](ctx, s.g, &call.Call{Path: idPath(strategiesPath, id) + "/friendly_names"}, ro)
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}

// TargetingExpression returns strategy id's normalised targeting
// expression (GET /strategies/{strategy_id}/targeting_expression);
// includeInactive keeps the inactive supply sources and targets, which
// the platform leaves out by default.
func (s *StrategyService) TargetingExpression(ctx context.Context, id int64, includeInactive bool, ro ...adama.RequestOption) (*StrategyTargetingExpression, error) {
	if err := positiveID("strategy_id", id); err != nil {
		return nil, err
	}
	var q url.Values
	if includeInactive {
		q = url.Values{"include_inactive": {"true"}}
	}
	return call.One[StrategyTargetingExpression](ctx, s.g, &call.Call{Path: idPath(strategiesPath, id) + "/targeting_expression", Query: q}, ro...)
}

// AuditLog returns one page of the changes of the strategies ids (POST
// /audit_log/strategies, the ids in the body, the paging in the query).
func (s *StrategyService) AuditLog(ctx context.Context, ids []int64, opts *HistoryOptions, ro ...adama.RequestOption) (*adama.Page[*HistoryEntry], error) {
	return auditLog(ctx, s.g, "strategies", ids, opts, ro)
}

// StrategyBulkItem is the outcome of one strategy of a BulkUpdate.
type StrategyBulkItem struct {
	// Index is the item's position in the input.
	Index int
	// Strategy is the strategy as the platform answered it, on success.
	Strategy *Strategy
	// Err is why the item failed: an *adama.ValidationError (refused
	// before sending), an *adama.Error (the whole request failed), or
	// ErrBulkItemNotUpdated (the platform answered 207 without it).
	Err error
}

// OK reports whether the item succeeded.
func (it StrategyBulkItem) OK() bool { return it.Err == nil }

// StrategyBulkResult holds every item's outcome of a BulkUpdate.
type StrategyBulkResult struct {
	// Items has one entry per input strategy, in input order.
	Items []StrategyBulkItem
	// Status is the answer's HTTP status: 200 when every item was
	// updated, 207 when some were not; 0 when nothing was sent.
	Status int
	// Unmatched holds the strategies the platform answered that match no
	// item sent, such as one whose id fits no documented form (its
	// Misfits say so): kept, so that nothing answered is lost.
	Unmatched []*Strategy
}

// Succeeded returns the items that succeeded.
func (r *StrategyBulkResult) Succeeded() []StrategyBulkItem {
	return r.filter(func(it StrategyBulkItem) bool { return it.OK() })
}

// Failed returns the items that failed.
func (r *StrategyBulkResult) Failed() []StrategyBulkItem {
	return r.filter(func(it StrategyBulkItem) bool { return !it.OK() })
}

func (r *StrategyBulkResult) filter(keep func(StrategyBulkItem) bool) []StrategyBulkItem {
	var out []StrategyBulkItem
	for _, it := range r.Items {
		if keep(it) {
			out = append(out, it)
		}
	}
	return out
}

// ErrBulkItemNotUpdated is the Err of a bulk item the platform left out
// of its answer (a 207 multi-status answer, or a 200 that omits it): the
// reference gives no reason.
var ErrBulkItemNotUpdated = errors.New("targeting: the platform's answer does not list this strategy as updated")

// BulkUpdate changes several strategies in one request (POST
// /bulk_update/strategies): each item carries its id, its version and
// what changed since it was read (a strategy built by hand sends every
// property set). A strategy that breaks a rule is refused before sending
// and the others are sent. The platform answers 200 with every strategy,
// or 207 with those it updated; the others are reported failed with
// ErrBulkItemNotUpdated, and an answered strategy that matches no item
// sent is kept in Unmatched. The reference says postal codes and IP addresses
// cannot be changed in bulk: the platform ignores them in targeting.
func (s *StrategyService) BulkUpdate(ctx context.Context, strategies []*Strategy, ro ...adama.RequestOption) (*StrategyBulkResult, error) {
	if len(strategies) == 0 {
		var v valid.Validator
		v.Require("strategies", false)
		return nil, v.Err()
	}
	res := &StrategyBulkResult{Items: make([]StrategyBulkItem, len(strategies))}
	var items []json.RawMessage
	var sent []int
	seen := map[int64]int{}
	for i, st := range strategies {
		it := &res.Items[i]
		it.Index = i
		body, err := bulkItem(st, i, seen)
		if err != nil {
			it.Err = err
			continue
		}
		items = append(items, body)
		sent = append(sent, i)
	}
	if len(items) == 0 {
		return res, nil
	}
	var resp *http.Response
	ro = append(append([]adama.RequestOption(nil), ro...), adama.WithResponse(&resp))
	p, err := call.List[*Strategy](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/bulk_update/strategies", JSON: map[string]any{"update": items}}, ro...)
	if resp != nil {
		res.Status = resp.StatusCode
	}
	if err != nil {
		for _, i := range sent {
			res.Items[i].Err = err
		}
		return res, nil
	}
	byID := map[int64]*Strategy{}
	for _, st := range p.Items {
		if st != nil {
			byID[st.ID] = st
		}
	}
	used := map[*Strategy]bool{}
	for _, i := range sent {
		if st := byID[strategies[i].ID]; st != nil {
			res.Items[i].Strategy, used[st] = st, true
		} else {
			res.Items[i].Err = ErrBulkItemNotUpdated
		}
	}
	for _, st := range p.Items {
		if st != nil && !used[st] {
			res.Unmatched = append(res.Unmatched, st)
		}
	}
	return res, nil
}

// bulkItem returns the body of strategy st at index i of a bulk update:
// {"id":…, "version":…, changes…}.
func bulkItem(st *Strategy, i int, seen map[int64]int) (json.RawMessage, error) {
	var v valid.Validator
	at := "strategies[" + strconv.Itoa(i) + "]"
	if st == nil {
		v.Require(at, false)
		return nil, v.Err()
	}
	if j, dup := seen[st.ID]; dup && st.ID > 0 {
		v.Add(at+".id", "listed twice (also at "+strconv.Itoa(j)+")", st.ID)
		return nil, v.Err()
	}
	body, err := st.updateRequest()
	if err != nil {
		return nil, err
	}
	seen[st.ID] = i
	raw, _ := body.(json.RawMessage)
	raw = bytes.TrimSpace(raw)
	id := `{"id":` + strconv.FormatInt(st.ID, 10)
	if len(raw) > 2 {
		id += ","
	}
	return append([]byte(id), raw[1:]...), nil
}
