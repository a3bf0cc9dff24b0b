package targeting

import (
	"context"
	"encoding/json"
	"iter"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// TargetPath is one entry of the target-path list. Shape from
// the Campaigns API v3.0 reference, response
// collection (id and name); every other property the server sends is kept
// in Extra.
type TargetPath struct {
	// ID is the target path's id.
	ID int64 `json:"id"`
	// Name is its name.
	Name string `json:"name"`
	// Extra keeps every property the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainTargetPath TargetPath

var targetPathTable = fieldsOf[plainTargetPath]()

// UnmarshalJSON reads the record liberally, keeping unknown properties.
func (p *TargetPath) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*plainTargetPath)(p), &p.Extra, targetPathTable)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (p *TargetPath) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	return misfitsOf(p, targetPathTable, p.Extra)
}

// MarshalJSON writes the record with its Extra properties.
func (p TargetPath) MarshalJSON() ([]byte, error) { return encodeRecord(plainTargetPath(p), p.Extra) }

const targetPathPath = "/target-path"

// TargetPathService lists target paths (GET /target-path). The reference
// names the operation list-target-paths-legacy but gives no other path for
// it; it is the only way to list target paths.
type TargetPathService struct {
	g *call.Group
}

// List returns one page of target paths.
func (s *TargetPathService) List(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*adama.Page[*TargetPath], error) {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return listPage[*TargetPath](ctx, s.g, &call.Call{Path: targetPathPath, Query: o.query(o.PageOffset, o.PageLimit)}, ropt)
}

// All iterates over every target path the options select, page by page.
func (s *TargetPathService) All(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*TargetPath, error] {
	o := copyList(opts)
	var v valid.Validator
	o.validate(&v, nil)
	return all(ctx, o, v.Err(), func(ctx context.Context, offset, limit int) (*adama.Page[*TargetPath], error) {
		return listPage[*TargetPath](ctx, s.g, &call.Call{Path: targetPathPath, Query: o.query(offset, limit)}, ropt)
	})
}
