package targeting

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// Version is the version string of the interface this package follows.
const Version = "3.0.1807"

// Paging bounds of the reference's page_limit and page_offset parameters.
const (
	MaxPageLimit  = pageLimitMaximum
	MaxPageOffset = pageOffsetMaximum
	// DefaultAllPageLimit is the page size All asks for when the options
	// leave PageLimit at 0.
	DefaultAllPageLimit = 100
)

// ListOptions page, order and filter a list. The zero value asks for the
// server's first page in its default order.
type ListOptions struct {
	// PageLimit is the page size, 1 to MaxPageLimit; 0 leaves it to the
	// server for List and asks for DefaultAllPageLimit in All.
	PageLimit int
	// PageOffset is the index of the first record, 0 to MaxPageOffset
	// (the reference's bound, which also bounds how far All can page: up
	// to MaxPageOffset plus one page).
	PageOffset int
	// SortBy lists fields; a leading "-" sorts descending.
	SortBy []string
	// Q filters the list (see package qlang).
	Q *qlang.Query
	// Prefetch, for All, fetches up to this many pages ahead concurrently
	// once the first page has told the total; 0 pages sequentially.
	Prefetch int
	// Speculate, with Prefetch, asks for the first page and the Prefetch
	// pages after it at once instead of waiting for the first page's
	// total: one round trip sooner, at the cost of up to Prefetch requests
	// past the end of a shorter list.
	Speculate bool
}

// validate checks the options of a list whose q and sort_by may name any
// field (the generated lists call it).
func (o *ListOptions) validate() error {
	var v valid.Validator
	o.check(&v, nil)
	return v.Err()
}

// check records in v what is wrong with the options; fields, when not
// nil, limits the fields q and sort_by may name.
func (o *ListOptions) check(v *valid.Validator, fields []string) {
	checkPaging(v, o.PageLimit, o.PageOffset)
	pager.Check(v, o.Prefetch, o.Speculate)
	for i, s := range o.SortBy {
		name := strings.TrimPrefix(s, "-")
		switch {
		case name == "" || strings.ContainsAny(name, ",&-= "):
			v.Add(fmt.Sprintf("sort_by[%d]", i), "must be a field name, optionally with a leading -", s)
		case fields != nil && !contains(fields, name):
			v.Add(fmt.Sprintf("sort_by[%d]", i), "one of: "+strings.Join(fields, ", "), s)
		}
	}
	if o.Q != nil {
		v.Merge("", o.Q.Validate())
		if fields != nil {
			for i, t := range o.Q.Terms {
				if p, ok := t.(qlang.Predicate); ok && p.Field != "" && !contains(fields, p.Field) {
					v.Add(fmt.Sprintf("q.terms[%d].field", i), "one of: "+strings.Join(fields, ", "), p.Field)
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// clone returns a copy of o that shares nothing with it (All copies its
// options before it returns).
func (o ListOptions) clone() ListOptions {
	o.SortBy = slices.Clone(o.SortBy)
	o.Q = o.Q.Clone()
	return o
}

// query returns the list parameters of o with page size limit at offset
// (each left out when 0).
func (o *ListOptions) query(limit, offset int) url.Values {
	q := url.Values{}
	if limit > 0 {
		q.Set("page_limit", strconv.Itoa(limit))
	}
	if offset > 0 {
		q.Set("page_offset", strconv.Itoa(offset))
	}
	if len(o.SortBy) > 0 {
		q.Set("sort_by", strings.Join(o.SortBy, ","))
	}
	if o.Q != nil && len(o.Q.Terms) > 0 {
		q.Set("q", o.Q.String())
	}
	return q
}

// idPath returns base/{id}.
func idPath(base string, id int64) string { return base + "/" + strconv.FormatInt(id, 10) }

// getOne reads the record at path, with extended=true when extended is
// set; idErr is the id's check, returned before any request.
func getOne[T any](ctx context.Context, g *call.Group, path string, idErr error, extended bool, ro []adama.RequestOption) (*T, error) {
	if idErr != nil {
		return nil, idErr
	}
	var q url.Values
	if extended {
		q = url.Values{"extended": {"true"}}
	}
	return call.One[T](ctx, g, &call.Call{Path: path, Query: q}, ro...)
}

// all iterates over every record from o.PageOffset on with fetch, which
// returns the page at offset with page size limit. The reference bounds
// page_offset at MaxPageOffset, so a list is read up to offset
// MaxPageOffset plus one page; beyond that the server refuses the offset
// and the iteration ends with its error (narrow the list with Q).
func all[T any](ctx context.Context, o ListOptions, verr error, fetch func(ctx context.Context, offset, limit int) (*adama.Page[T], error)) iter.Seq2[T, error] {
	if verr != nil {
		return func(yield func(T, error) bool) {
			var zero T
			yield(zero, verr)
		}
	}
	limit := o.PageLimit
	if limit == 0 {
		limit = DefaultAllPageLimit
	}
	return pager.All(ctx, pager.Options{Start: o.PageOffset, Limit: limit, Prefetch: o.Prefetch, Speculate: o.Speculate},
		func(ctx context.Context, cur pager.Cursor) (*adama.Page[T], error) {
			return fetch(ctx, cur.Offset, limit)
		})
}

// isNoData reports the call layer's answer to a 2xx envelope without a
// data member (which group B's delete confirmation is).
func isNoData(err error) bool { return errors.Is(err, call.ErrNoData) }
