// Package pager is the one lazy iterator every group's All is built on:
// offset paging with bounded prefetch that follows the server's next-page
// link whenever a page carries one, and link-only paging.
package pager

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"strconv"
	"sync"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Cursor says which page to fetch: an offset, and the query of the
// server's next-page link when the page is reached by following one (nil
// for the first page and for pages reached by counting offsets).
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
	// Limit is the page size the fetch asks for. Without a next-page link,
	// the next page is at the page's offset plus Limit (whatever number of
	// records arrived), and a page with fewer records than Limit ends the
	// list.
	Limit int
	// Prefetch fetches up to this many pages ahead concurrently (offset
	// paging with a Limit only, once a page has told the total unless
	// Speculate); 0 pages sequentially. A speculative page whose offset
	// the server's next-page link does not confirm is discarded and the
	// link followed instead.
	Prefetch int
	// Speculate, with Prefetch and Limit, asks for the first page together
	// with the Prefetch pages after it instead of waiting for the first
	// page's total, and keeps Prefetch pages in flight while no total is
	// told: one round trip less before the window fills. Pages past the
	// end (after a short or empty page, or at or past the total once
	// told) are discarded unread, errors included, so a list shorter than
	// the window costs up to Prefetch requests more than without it, and
	// the requests are sent in no particular order.
	Speculate bool
	// Links pages by the server's next-page link alone: the list ends when
	// a page has no link.
	Links bool
}

// MaxPrefetch bounds Options.Prefetch.
const MaxPrefetch = 32

// All iterates over every item from o.Start on. A page carrying a
// next-page link whose query names a page_offset (always, with o.Links)
// is followed by that link; otherwise the next offset is the page's plus
// o.Limit. No I/O happens before the caller ranges; an error is yielded
// once and ends the iteration; a server's total is used to stop early and
// to bound prefetching, never to size anything. Every fetch All starts has
// returned by the time the caller's loop ends: those still in flight are
// cancelled through their context and waited for.
func All[T any](ctx context.Context, o Options, fetch Fetch[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		if o.Prefetch < 0 || o.Prefetch > MaxPrefetch {
			o.Prefetch = MaxPrefetch
		}
		if o.Links {
			o.Prefetch = 0
		}
		w := walk[T]{o: o, fetch: fetch, seen: map[string]bool{}}
		w.run(ctx, yield)
	}
}

// walk is one iteration's state.
type walk[T any] struct {
	o     Options
	fetch Fetch[T]
	seen  map[string]bool // next-page link queries followed

	total    int // the latest total a page told
	hasTotal bool

	// Speculative pages in flight, in offset order; specCtx ends them
	// when they are discarded; inflight counts the fetches not yet
	// returned, discarded ones included.
	queue      []pending[T]
	inflight   sync.WaitGroup
	specNext   int // the offset after the last one queued
	specMore   bool
	specCtx    context.Context
	specCancel context.CancelFunc
}

type pending[T any] struct {
	off int
	ch  chan result[T]
}

type result[T any] struct {
	p   *adama.Page[T]
	err error
}

func (w *walk[T]) run(ctx context.Context, yield func(T, error) bool) {
	var zero T
	ctx, cancel := context.WithCancel(ctx)
	defer w.inflight.Wait()
	defer cancel()
	defer w.discard()
	cur := Cursor{Offset: w.o.Start}
	if w.o.Speculate {
		// The first page goes out with the window after it (plan launches
		// cur's page itself when the queue is empty).
		w.plan(ctx, cur, 1)
	}
	for {
		if err := ctx.Err(); err != nil {
			yield(zero, err)
			return
		}
		var (
			p         *adama.Page[T]
			err       error
			fromQueue = len(w.queue) > 0
		)
		if fromQueue {
			// The head is cur's offset: the queue is dropped whenever the
			// next cursor disagrees with it.
			head := w.queue[0]
			w.queue = w.queue[1:]
			select {
			case r := <-head.ch:
				p, err = r.p, r.err
			case <-ctx.Done():
				yield(zero, ctx.Err())
				return
			}
		} else {
			p, err = w.fetch(ctx, cur)
		}
		if err != nil {
			yield(zero, err)
			return
		}
		if p == nil {
			p = &adama.Page[T]{}
		}
		if p.HasTotal {
			w.total, w.hasTotal = p.TotalCount, true
		}
		next, more, serr := w.step(p, cur)
		if more && fromQueue {
			// Keep pages in flight while the caller reads this one.
			w.plan(ctx, next, 0)
		}
		for _, it := range p.Items {
			if !yield(it, nil) {
				return
			}
		}
		if serr != nil {
			yield(zero, serr)
			return
		}
		if !more {
			return
		}
		if !fromQueue {
			w.plan(ctx, next, 0)
		}
		cur = next
	}
}

// step returns the cursor of the page after p (read at cur) and whether
// there is one.
func (w *walk[T]) step(p *adama.Page[T], cur Cursor) (Cursor, bool, error) {
	n := len(p.Items)
	if n == 0 {
		return Cursor{}, false, nil
	}
	if p.NextPage != "" {
		q, err := nextQuery(p.NextPage)
		if err != nil && w.o.Links {
			return Cursor{}, false, err
		}
		off, oerr := strconv.Atoi(q.Get("page_offset"))
		if err == nil && (w.o.Links || (oerr == nil && off >= 0)) {
			key := q.Encode()
			if w.seen[key] {
				return Cursor{}, false, errors.New("adama: the server's next-page link repeats an earlier page")
			}
			w.seen[key] = true
			next := Cursor{Next: q}
			if oerr == nil && off >= 0 {
				next.Offset = off
			}
			return next, true, nil
		}
		// A link that is not a URL or names no offset is not one offset
		// paging can follow: count instead.
	}
	if w.o.Links {
		return Cursor{}, false, nil
	}
	limit := w.o.Limit
	if limit <= 0 {
		limit = n
	} else if n < limit {
		return Cursor{}, false, nil
	}
	if cur.Offset > maxOffset-limit {
		return Cursor{}, false, nil
	}
	next := cur.Offset + limit
	if w.hasTotal && next >= w.total {
		return Cursor{}, false, nil
	}
	return Cursor{Offset: next}, true, nil
}

// maxOffset bounds offsets so that adding a page size never overflows.
const maxOffset = int(^uint(0)>>1) / 2

// plan makes the queue start at next: speculation that disagrees is
// discarded, and with prefetching on and a total known (or Speculate),
// pages from next on are launched, stepping by the page size, up to
// Prefetch+extra in flight. A total, once told, bounds the pages
// launched; before it, only the window does.
func (w *walk[T]) plan(ctx context.Context, next Cursor, extra int) {
	if len(w.queue) > 0 && w.queue[0].off != next.Offset {
		w.discard()
	}
	if w.o.Prefetch <= 0 || w.o.Limit <= 0 || !(w.hasTotal || w.o.Speculate) {
		return
	}
	if len(w.queue) == 0 {
		w.specNext, w.specMore = next.Offset, true
	}
	if w.hasTotal && w.specNext >= w.total {
		w.specMore = false
	}
	if w.specCtx == nil {
		w.specCtx, w.specCancel = context.WithCancel(ctx)
	}
	for w.specMore && len(w.queue) < w.o.Prefetch+extra {
		off := w.specNext
		if (w.hasTotal && off > w.total-w.o.Limit) || off > maxOffset-w.o.Limit { // the last page
			w.specMore = false
		} else {
			w.specNext += w.o.Limit
			w.specMore = !w.hasTotal || w.specNext < w.total
		}
		cur := Cursor{Offset: off}
		if off == next.Offset {
			cur.Next = next.Next
		}
		ch := make(chan result[T], 1)
		w.queue = append(w.queue, pending[T]{off: off, ch: ch})
		sctx, fetch := w.specCtx, w.fetch
		w.inflight.Go(func() {
			p, err := fetch(sctx, cur)
			ch <- result[T]{p, err}
		})
	}
}

// discard ends every speculative fetch in flight and forgets its result.
func (w *walk[T]) discard() {
	if w.specCancel != nil {
		w.specCancel()
	}
	w.specCtx, w.specCancel = nil, nil
	w.queue = nil
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

// Check records in v what is wrong with a caller's prefetch options: the
// window is 0 to MaxPrefetch pages, and speculating needs a window.
func Check(v *valid.Validator, prefetch int, speculate bool) {
	v.Check(prefetch >= 0 && prefetch <= MaxPrefetch, "prefetch", fmt.Sprintf("must be between 0 and %d", MaxPrefetch), prefetch)
	v.Check(!speculate || prefetch > 0, "speculate", "needs prefetch above 0", speculate)
}
