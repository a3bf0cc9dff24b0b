package deals

import (
	"bytes"
	"context"
	"encoding/json"
	"iter"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
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
}](ctx context.Context, g *call.Group, path string, opts *O, ro []adama.RequestOption) (*adama.Page[*T], error) {
	var o O
	if opts != nil {
		o = *opts
	}
	p := PO(&o)
	if err := p.validate(); err != nil {
		return nil, err
	}
	limit, offset, _ := p.paging()
	return listPtr[T](ctx, g, &call.Call{Path: path, Query: p.query(limit, offset)}, ro)
}

// allOf iterates over every record of the collection at path the options
// select, page by page (MaxPageLimit per page unless the options say
// otherwise). No request is made before the caller ranges.
func allOf[T, O any, PO interface {
	*O
	lister
}](ctx context.Context, g *call.Group, path string, opts *O, ro []adama.RequestOption) iter.Seq2[*T, error] {
	var o O
	if opts != nil {
		o = *opts
	}
	p := PO(&o)
	limit, offset, prefetch := p.paging()
	if limit == 0 {
		limit = MaxPageLimit
	}
	return func(yield func(*T, error) bool) {
		if err := p.validate(); err != nil {
			yield(nil, err)
			return
		}
		fetch := func(ctx context.Context, cur pager.Cursor) (*adama.Page[*T], error) {
			return listPtr[T](ctx, g, &call.Call{Path: path, Query: p.query(limit, cur.Offset)}, ro)
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

// listPtr returns one page of records at c. A null item on the page comes
// back as a zero record, never as a nil pointer.
func listPtr[T any](ctx context.Context, g *call.Group, c *call.Call, ro []adama.RequestOption) (*adama.Page[*T], error) {
	p, err := call.List[*T](ctx, g, c, ro...)
	if err != nil {
		return nil, err
	}
	for i, it := range p.Items {
		if it == nil {
			p.Items[i] = new(T)
		}
	}
	return p, nil
}

// modifyOf is Modify for a service with get and update: the read-change-save
// loop of internal/modify, with the request options on every call.
func modifyOf[T any](ctx context.Context, what string, id int64,
	get func(context.Context, int64, ...adama.RequestOption) (*T, error),
	change func(*T) error,
	update func(context.Context, *T, ...adama.RequestOption) (*T, error),
	ro []adama.RequestOption) (*T, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	return modify.Run(ctx, what+" "+strconv.FormatInt(id, 10),
		func(ctx context.Context) (*T, error) { return get(ctx, id, ro...) },
		change,
		func(ctx context.Context, rec *T) (*T, error) { return update(ctx, rec, ro...) })
}

// checkRecord refuses a nil record before sending, naming it.
func checkRecord[T any](name string, rec *T) error {
	if rec == nil {
		var v valid.Validator
		v.Require(name, false)
		return v.Err()
	}
	return nil
}
