package entity

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// DealTargeting is a strategy's deal targeting input (spec 2.8): all_pmp
// and the deals as deal.x.id keys (deal.1.id, deal.2.id, ...).
// Client.SetStrategyDeals sends it to strategies/{id}/deals.
type DealTargeting struct {
	AllPMP  *adama.Bool
	DealIDs []int64
}

// formValues returns the form values: all_pmp and deal.<i>.id from 1.
func (d *DealTargeting) formValues() url.Values {
	v := url.Values{}
	if d.AllPMP != nil {
		_ = d.AllPMP.EncodeValues("all_pmp", &v)
	}
	for i, id := range d.DealIDs {
		v.Set("deal."+strconv.Itoa(i+1)+".id", strconv.FormatInt(id, 10))
	}
	return v
}

// Validate checks the deal ids are positive and not listed twice.
func (d *DealTargeting) Validate() error {
	var v valid.Validator
	seen := make(map[int64]bool, len(d.DealIDs))
	for i, id := range d.DealIDs {
		f := "deal." + strconv.Itoa(i+1) + ".id"
		v.Check(id > 0, f, "must be a positive id", id)
		v.Check(id <= 0 || !seen[id], f, "listed twice", id)
		seen[id] = true
	}
	return v.Err()
}

// BulkItemRef names one record in a bulk editing action.
type BulkItemRef struct {
	Collection string `json:"collection" url:"collection"`
	ID         int64  `json:"id" url:"id"`
	// Exclude is used by overwrite only.
	Exclude *adama.Bool `json:"exclude,omitempty" url:"exclude,omitempty"`
}

// BulkAction is one item of a bulk editing request (spec 2.8): a
// collection, a tag, and exactly one of Add, Remove or Overwrite. The
// endpoint is not shown in the spec; BulkForm gives the body.
type BulkAction struct {
	Collection string       `json:"collection"`
	Tag        string       `json:"tag"`
	Add        *BulkItemRef `json:"add,omitempty"`
	Remove     *BulkItemRef `json:"remove,omitempty"`
	Overwrite  *BulkItemRef `json:"overwrite,omitempty"`
}

// BulkUpdate is the update variant of a bulk edit: strategy fields applied
// to every listed item, such as pixel_target_exrp_targeting_operator (the
// spec's spelling).
type BulkUpdate struct {
	Actions                          []BulkAction      `json:"actions"`
	PixelTargetExrpTargetingOperator SetOp             `json:"pixel_target_exrp_targeting_operator,omitempty"`
	Fields                           map[string]string `json:"fields,omitempty"`
}

// ValidateBulk checks that each action has a collection and exactly one of
// add, remove or overwrite, each naming a collection and a positive id.
func ValidateBulk(actions []BulkAction) error {
	var v valid.Validator
	for i, a := range actions {
		p := "[" + strconv.Itoa(i) + "]"
		v.Require(p+".collection", a.Collection != "")
		n := 0
		for name, r := range map[string]*BulkItemRef{"add": a.Add, "remove": a.Remove, "overwrite": a.Overwrite} {
			if r == nil {
				continue
			}
			n++
			v.Require(p+"."+name+".collection", r.Collection != "")
			v.Check(r.ID > 0, p+"."+name+".id", "must be a positive id", r.ID)
		}
		v.Check(n == 1, p, "exactly one of add, remove or overwrite", n)
	}
	return v.Err()
}

// BulkForm encodes actions as <i>.collection, <i>.tag and
// <i>.add.collection / <i>.add.id (and remove, overwrite, overwrite.exclude).
func BulkForm(actions []BulkAction) (url.Values, error) {
	out := url.Values{}
	for i, a := range actions {
		p := strconv.Itoa(i) + "."
		out.Set(p+"collection", a.Collection)
		if a.Tag != "" {
			out.Set(p+"tag", a.Tag)
		}
		for name, r := range map[string]*BulkItemRef{"add": a.Add, "remove": a.Remove, "overwrite": a.Overwrite} {
			if r == nil {
				continue
			}
			vals, err := form.Values(r)
			if err != nil {
				return nil, err
			}
			for k, vs := range vals {
				out[p+name+"."+k] = vs
			}
		}
	}
	return out, nil
}

// bulkStrategiesPath is where a bulk strategy update is sent: POST
// /api/v3.0/bulk_update/strategies (the Campaigns API v3.0 reference,
// operation bulk-update-strategies, request body strategy_bulk_update), a JSON body {"update":[{"id":…, fields…}]}.
const bulkStrategiesPath = "/api/v3.0/bulk_update/strategies"

// StrategyBulkItem is one item of a bulk strategy update (the update
// variant of spec 2.8's bulk editing): the strategy's id and the strategy
// fields to set on it, such as pixel_target_exrp_targeting_operator (the
// spec's spelling) or budget.
type StrategyBulkItem struct {
	ID     int64
	Fields map[string]any
}

// MarshalJSON writes the item as one object: id and the fields.
func (b StrategyBulkItem) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(b.Fields)+1)
	for k, v := range b.Fields {
		m[k] = v
	}
	m["id"] = b.ID
	return json.Marshal(m)
}

// bulkExtraFields are the fields a bulk item may carry beside a strategy's
// own.
var bulkExtraFields = map[string]bool{"pixel_target_exrp_targeting_operator": true, "targeting": true, "version": true}

// ValidateBulkStrategies checks a bulk strategy update: at least one item,
// each with a positive id listed once and at least one field, every field
// a strategy field (id excluded), pixel_target_exrp_targeting_operator
// AND or OR, and each value encodable as JSON.
func ValidateBulkStrategies(items []StrategyBulkItem) error {
	var v valid.Validator
	v.Check(len(items) > 0, "update", "at least one item", nil)
	known := strategyJSONFields()
	seen := map[int64]bool{}
	for i, it := range items {
		p := "update[" + strconv.Itoa(i) + "]"
		v.Check(it.ID > 0, p+".id", "must be a positive id", it.ID)
		v.Check(it.ID <= 0 || !seen[it.ID], p+".id", "listed twice", it.ID)
		seen[it.ID] = true
		v.Check(len(it.Fields) > 0, p, "at least one field to set", nil)
		for _, k := range slices.Sorted(maps.Keys(it.Fields)) {
			val := it.Fields[k]
			switch {
			case k == "id":
				v.Add(p+".id", "set by ID, not in Fields", nil)
				continue
			case !known[k] && !bulkExtraFields[k]:
				v.Add(p+"."+k, "not a strategy field", nil)
				continue
			}
			if k == "pixel_target_exrp_targeting_operator" {
				s, _ := val.(string)
				if op, ok := val.(SetOp); ok {
					s = string(op)
				}
				checkEnumIn(&v, p+"."+k, SetOp(s), SetOpAnd, SetOpOr)
				v.Check(s != "", p+"."+k, "one of: AND, OR", val)
			}
			if _, err := json.Marshal(val); err != nil {
				v.Add(p+"."+k, "must encode as JSON", nil)
			}
		}
	}
	return v.Err()
}

// strategyJSONFields returns the JSON names of Strategy's fields.
func strategyJSONFields() map[string]bool {
	out := map[string]bool{}
	for k := range wire.FieldTypes(reflect.TypeFor[Strategy]()) {
		out[k] = true
	}
	return out
}

// BulkUpdateStrategies sets fields on several strategies in one request
// (POST /api/v3.0/bulk_update/strategies) and returns the strategies as
// the platform answers them (200, or 207 when some items failed: the
// answer then lists those it updated).
//
// Deprecated: use targeting.StrategyService.BulkUpdate (package
// targeting, the v3.0 client that owns this endpoint), which sends each
// strategy's changes since its read and reports every item's outcome.
// This method stays for one release.
func (ec *Client) BulkUpdateStrategies(ctx context.Context, items []StrategyBulkItem, ropt ...adama.RequestOption) ([]*Strategy, error) {
	if err := ValidateBulkStrategies(items); err != nil {
		return nil, err
	}
	g := *ec.g
	g.Prefix, g.XML = "", false
	body := struct {
		Update []StrategyBulkItem `json:"update"`
	}{items}
	p, err := call.List[*Strategy](ctx, &g, &call.Call{Method: http.MethodPost, Path: bulkStrategiesPath, JSON: body}, ropt...)
	if err != nil {
		return nil, err
	}
	return dropNil(p.Items), nil
}
