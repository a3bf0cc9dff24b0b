package targeting

import (
	"context"
	"iter"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

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
