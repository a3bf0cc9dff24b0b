package deals

import (
	"bytes"
	"context"
	"encoding/json"
	"iter"
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/record"
)

// lister is the options of an offset-paged list: checked before sending,
// turned into the query of one page, and paged.
type lister interface {
	validate() error
	query(limit, offset int) url.Values
	paging() (limit, offset, prefetch int)
}

// listOf returns one page of the collection at path (deals, deal groups,
// publishers). opts is copied, never changed; nil lists with defaults.
func listOf[T, O any, PO interface {
	*O
	lister
}](ctx context.Context, g *call.Group, path string, opts *O, ro []adama.RequestOption) (*adama.Page[T], error) {
	var o O
	if opts != nil {
		o = *opts
	}
	p := PO(&o)
	if err := p.validate(); err != nil {
		return nil, err
	}
	limit, offset, _ := p.paging()
	return call.List[T](ctx, g, &call.Call{Path: path, Query: p.query(limit, offset)}, ro...)
}

// allOf iterates over every record of the collection at path the options
// select, page by page (MaxPageLimit per page unless the options say
// otherwise). No request is made before the caller ranges.
func allOf[T, O any, PO interface {
	*O
	lister
}](ctx context.Context, g *call.Group, path string, opts *O, ro []adama.RequestOption) iter.Seq2[T, error] {
	var o O
	if opts != nil {
		o = *opts
	}
	p := PO(&o)
	limit, offset, prefetch := p.paging()
	if limit == 0 {
		limit = MaxPageLimit
	}
	return func(yield func(T, error) bool) {
		if err := p.validate(); err != nil {
			var zero T
			yield(zero, err)
			return
		}
		fetch := func(ctx context.Context, cur pager.Cursor) (*adama.Page[T], error) {
			return call.List[T](ctx, g, &call.Call{Path: path, Query: p.query(limit, cur.Offset)}, ro...)
		}
		for it, err := range pager.All(ctx, pager.Options{Start: offset, Limit: limit, Prefetch: prefetch}, fetch) {
			if !yield(it, err) {
				return
			}
		}
	}
}

// getOf reads the record id of the collection ("deals").
func getOf[T any](ctx context.Context, g *call.Group, collection string, id int64, ro []adama.RequestOption) (*T, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	return call.One[T](ctx, g, &call.Call{Path: idPath(collection, id)}, ro...)
}

func (o *ListOptions) paging() (limit, offset, prefetch int) {
	return o.PageLimit, o.PageOffset, o.Prefetch
}

func (o *GroupListOptions) paging() (limit, offset, prefetch int) {
	return o.PageLimit, o.PageOffset, o.Prefetch
}

func (o *PublisherListOptions) paging() (limit, offset, prefetch int) {
	return o.PageLimit, o.PageOffset, o.Prefetch
}

// readKeeping decodes the record b into alias (its Extra into *extra) and
// keeps b in *raw, so that Update can send what differs from the record
// as read.
func readKeeping[A any](b []byte, alias *A, idx record.Index, extra *map[string]json.RawMessage, raw **readBody) error {
	if err := record.DecodeKeepingInto(b, alias, idx, extra); err != nil {
		return err
	}
	if !record.IsNull(b) {
		*raw = &readBody{b: bytes.Clone(b)}
	}
	return nil
}

// readBody is the object a record was read from. Records hold it behind a
// pointer so that printing a record shows an address, not the body.
type readBody struct{ b []byte }

// bytes returns the body (nil for a record built by hand).
func (r *readBody) bytes() []byte {
	if r == nil {
		return nil
	}
	return r.b
}
