// Package pager is the one lazy iterator every group's All is built on:
// offset paging with bounded prefetch, and next-link paging.
package pager

import (
	"context"
	"errors"
	"iter"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// Cursor says which page to fetch: an offset, or the query of the
// server's next-page link (nil for the first page and in offset mode).
type Cursor struct {
	Offset int
	Next   url.Values
}

// Fetch returns the page at cur.
type Fetch[T any] func(ctx context.Context, cur Cursor) (*adama.Page[T], error)

// Options shape the iteration.
type Options struct {
	// Start is the offset of the first record.
	Start int
	// Limit is the page size the fetch asks for; a page with fewer items
	// ends the list.
	Limit int
	// Prefetch fetches up to this many pages ahead concurrently (offset
	// paging only, once the first page has told the total); 0 pages
	// sequentially.
	Prefetch int
	// Links follows the server's next-page link instead of counting
	// offsets: the list ends when a page has no link.
	Links bool
}

// MaxPrefetch bounds Options.Prefetch.
const MaxPrefetch = 32

// All iterates over every item from o.Start on. No I/O happens before the
// caller ranges; an error is yielded once and ends the iteration; a
// server's total is used to stop early, never to size anything.
func All[T any](ctx context.Context, o Options, fetch Fetch[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		if o.Prefetch < 0 || o.Prefetch > MaxPrefetch {
			o.Prefetch = MaxPrefetch
		}
		cur := Cursor{Offset: o.Start}
		seen := map[string]bool{}
		for {
			if err := ctx.Err(); err != nil {
				yield(zero, err)
				return
			}
			p, err := fetch(ctx, cur)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, it := range p.Items {
				if !yield(it, nil) {
					return
				}
			}
			n := len(p.Items)
			if n == 0 {
				return
			}
			if o.Links {
				if p.NextPage == "" {
					return
				}
				q, err := nextQuery(p.NextPage)
				if err != nil {
					yield(zero, err)
					return
				}
				key := q.Encode()
				if seen[key] {
					yield(zero, errors.New("adama: the server's next-page link repeats an earlier page"))
					return
				}
				seen[key] = true
				cur = Cursor{Next: q}
				if off, err := strconv.Atoi(q.Get("page_offset")); err == nil && off >= 0 {
					cur.Offset = off
				}
				continue
			}
			next := cur.Offset + n
			if (o.Limit > 0 && n < o.Limit) || (p.HasTotal && next >= p.TotalCount) {
				return
			}
			if o.Prefetch > 0 && p.HasTotal {
				prefetch(ctx, o, next, p.TotalCount, fetch, yield)
				return
			}
			cur = Cursor{Offset: next}
		}
	}
}

// nextQuery returns the query of a next-page link. Only the query is used:
// the request goes to the group's own host and path, so a link naming
// another host carries no credentials there.
func nextQuery(link string) (url.Values, error) {
	u, err := url.Parse(link)
	if err != nil {
		return nil, errors.New("adama: the server's next-page link is not a URL")
	}
	return u.Query(), nil
}

type result[T any] struct {
	p   *adama.Page[T]
	err error
}

// prefetch fetches pages at start, start+Limit, ... below total with at
// most o.Prefetch in flight, yielding in order. Offsets are made one at a
// time, so a huge total costs nothing.
func prefetch[T any](ctx context.Context, o Options, start, total int, fetch Fetch[T], yield func(T, error) bool) {
	var zero T
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	limit := o.Limit
	if limit <= 0 {
		limit = 1
	}
	next := start
	more := true
	queue := make([]chan result[T], 0, o.Prefetch)
	launch := func() {
		off := next
		if next > total-limit { // the last page; also avoids overflow
			more = false
		} else {
			next += limit
			more = next < total
		}
		ch := make(chan result[T], 1)
		queue = append(queue, ch)
		go func() {
			p, err := fetch(ctx, Cursor{Offset: off})
			ch <- result[T]{p, err}
		}()
	}
	for more && len(queue) < o.Prefetch {
		launch()
	}
	for len(queue) > 0 {
		var r result[T]
		select {
		case r = <-queue[0]:
		case <-ctx.Done():
			yield(zero, ctx.Err())
			return
		}
		queue = queue[1:]
		if r.err != nil {
			yield(zero, r.err)
			return
		}
		if more {
			launch()
		}
		for _, it := range r.p.Items {
			if !yield(it, nil) {
				return
			}
		}
		if len(r.p.Items) < limit {
			return
		}
	}
}
