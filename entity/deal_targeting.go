package entity

import (
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
)

// DealTargeting is a strategy's deal targeting input (spec 2.8): all_pmp
// and the deals as deal.x.id keys (deal.1.id, deal.2.id, ...). The
// endpoint that takes it is not shown in the spec; Form gives its body.
type DealTargeting struct {
	AllPMP  *adama.Bool
	DealIDs []int64
}

// Form returns the form values: all_pmp and deal.<i>.id from 1.
func (d *DealTargeting) Form() url.Values {
	v := url.Values{}
	if d.AllPMP != nil {
		_ = d.AllPMP.EncodeValues("all_pmp", &v)
	}
	for i, id := range d.DealIDs {
		v.Set("deal."+strconv.Itoa(i+1)+".id", strconv.FormatInt(id, 10))
	}
	return v
}

// Validate checks the deal ids are positive.
func (d *DealTargeting) Validate() error {
	var v adama.Validator
	for i, id := range d.DealIDs {
		v.Check(id > 0, "deal."+strconv.Itoa(i+1)+".id", "must be a positive id", id)
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
	var v adama.Validator
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
