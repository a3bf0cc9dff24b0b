package pager

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// list serves total items (ids 0..total-1) by offset, limit per page.
func list(total, limit int, calls *atomic.Int32) Fetch[int] {
	return func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		calls.Add(1)
		p := &adama.Page[int]{Offset: cur.Offset, TotalCount: total, HasTotal: true}
		for i := cur.Offset; i < total && i < cur.Offset+limit; i++ {
			p.Items = append(p.Items, i)
		}
		return p, nil
	}
}

func collect(t *testing.T, seq func(func(int, error) bool)) ([]int, error) {
	t.Helper()
	var out []int
	for v, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

func TestAllOffsetPaging(t *testing.T) {
	for _, prefetch := range []int{0, 1, 4, 100} {
		t.Run(strconv.Itoa(prefetch), func(t *testing.T) {
			var calls atomic.Int32
			seq := All(context.Background(), Options{Limit: 10, Prefetch: prefetch}, list(95, 10, &calls))
			assert.Zero(t, calls.Load(), "no I/O before ranging")
			got, err := collect(t, seq)
			require.NoError(t, err)
			require.Len(t, got, 95)
			for i, v := range got {
				require.Equal(t, i, v)
			}
			assert.Equal(t, int32(10), calls.Load())
		})
	}
}

func TestAllStopsOnShortOrEmptyPageWithoutTotal(t *testing.T) {
	var calls atomic.Int32
	f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		calls.Add(1)
		if cur.Offset >= 20 {
			return &adama.Page[int]{}, nil
		}
		return &adama.Page[int]{Items: []int{cur.Offset, cur.Offset + 1}}, nil
	}
	got, err := collect(t, All(context.Background(), Options{Limit: 2}, f))
	require.NoError(t, err)
	assert.Len(t, got, 20)
	assert.Equal(t, int32(11), calls.Load())

	calls.Store(0)
	got, err = collect(t, All(context.Background(), Options{Limit: 5}, f))
	require.NoError(t, err)
	assert.Len(t, got, 2, "a short page ends the list")
	assert.Equal(t, int32(1), calls.Load())
}

func TestAllHugeTotalAllocatesNothing(t *testing.T) {
	for _, total := range []int{3_000_000_000, math.MaxInt64} {
		var calls atomic.Int32
		f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
			calls.Add(1)
			if cur.Offset >= 30 {
				return &adama.Page[int]{TotalCount: total, HasTotal: true}, nil
			}
			return &adama.Page[int]{Items: make([]int, 10), TotalCount: total, HasTotal: true}, nil
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got, err := collect(t, All(context.Background(), Options{Limit: 10, Prefetch: 8}, f))
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		assert.Len(t, got, 30)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "prefetch must not allocate by the server's total")
		assert.LessOrEqual(t, calls.Load(), int32(4+8))
	}
}

func TestAllYieldsErrorOnceAndStops(t *testing.T) {
	boom := errors.New("boom")
	for _, prefetch := range []int{0, 3} {
		var calls atomic.Int32
		f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
			calls.Add(1)
			if cur.Offset == 20 {
				return nil, boom
			}
			return &adama.Page[int]{Items: make([]int, 10), TotalCount: 100, HasTotal: true}, nil
		}
		var errs int
		n := 0
		for _, err := range All(context.Background(), Options{Limit: 10, Prefetch: prefetch}, f) {
			if err != nil {
				errs++
				assert.ErrorIs(t, err, boom)
				continue
			}
			n++
		}
		assert.Equal(t, 1, errs)
		assert.Equal(t, 20, n)
	}
}

func TestAllEarlyBreakCancelsPrefetch(t *testing.T) {
	var mu sync.Mutex
	var cancelled int
	f := func(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
		if cur.Offset > 0 {
			<-ctx.Done()
			mu.Lock()
			cancelled++
			mu.Unlock()
			return nil, ctx.Err()
		}
		return &adama.Page[int]{Items: make([]int, 10), TotalCount: 1000, HasTotal: true}, nil
	}
	for range All(context.Background(), Options{Limit: 10, Prefetch: 4}, f) {
		break
	}
	// The first page came from the sequential fetch; breaking before the
	// prefetch starts launches nothing.
	mu.Lock()
	defer mu.Unlock()
	assert.Zero(t, cancelled)
}

func TestAllLinks(t *testing.T) {
	var seen []url.Values
	f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		seen = append(seen, cur.Next)
		switch cur.Next.Get("page_offset") {
		case "":
			return &adama.Page[int]{Items: []int{1, 2}, NextPage: "https://other.example/v1.0/creatives?page_offset=2&page_limit=2"}, nil
		case "2":
			return &adama.Page[int]{Items: []int{3}, NextPage: ""}, nil
		}
		return nil, errors.New("unexpected")
	}
	got, err := collect(t, All(context.Background(), Options{Limit: 2, Links: true}, f))
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3}, got)
	assert.Equal(t, "2", seen[1].Get("page_limit"))

	loop := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		return &adama.Page[int]{Items: []int{1}, NextPage: "/x?page_offset=1"}, nil
	}
	_, err = collect(t, All(context.Background(), Options{Links: true}, loop))
	assert.ErrorContains(t, err, "repeats")
}

// recorded serves the platform's recorded agency listing: page size 30,
// total 90 told on the first page only, a next-page link on each page but
// the last, and 31 records on the second page. Items are offset*1000+i
// so that a page read at a wrong offset shows.
func recorded(links bool, mu *sync.Mutex, offsets *[]int) Fetch[int] {
	return func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		mu.Lock()
		*offsets = append(*offsets, cur.Offset)
		mu.Unlock()
		p := &adama.Page[int]{Offset: cur.Offset, Count: 30}
		n := 30
		switch cur.Offset {
		case 0:
			p.TotalCount, p.HasTotal = 90, true
		case 30:
			n = 31
		case 60:
		default:
			return nil, errors.New("no page at offset " + strconv.Itoa(cur.Offset))
		}
		if links && cur.Offset < 60 {
			p.NextPage = "https://api.example/api/v2.0/agencies?page_offset=" + strconv.Itoa(cur.Offset+30)
		}
		for i := range n {
			p.Items = append(p.Items, cur.Offset*1000+i)
		}
		return p, nil
	}
}

func TestAllStepsByPageSizeAndFollowsLinks(t *testing.T) {
	for _, links := range []bool{true, false} {
		for _, prefetch := range []int{0, 1, 2, 5} {
			t.Run(fmt.Sprintf("links=%v/prefetch=%d", links, prefetch), func(t *testing.T) {
				var mu sync.Mutex
				var offsets []int
				got, err := collect(t, All(context.Background(), Options{Limit: 30, Prefetch: prefetch}, recorded(links, &mu, &offsets)))
				require.NoError(t, err)
				require.Len(t, got, 91, "30 + 31 + 30 records")
				assert.Equal(t, 60000, got[61], "page 3's first record is read")
				assert.Equal(t, 30030, got[60], "page 2's 31st record is kept")
				mu.Lock()
				defer mu.Unlock()
				slices.Sort(offsets) // prefetched pages are asked for concurrently
				assert.Equal(t, []int{0, 30, 60}, offsets, "never page_offset=61")
			})
		}
	}
}

func TestAllLinkOverridesSpeculation(t *testing.T) {
	for _, prefetch := range []int{0, 1, 3} {
		t.Run(strconv.Itoa(prefetch), func(t *testing.T) {
			var mu sync.Mutex
			fetched := map[int]Cursor{}
			f := func(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
				mu.Lock()
				fetched[cur.Offset] = cur
				mu.Unlock()
				if cur.Offset >= 50 {
					return &adama.Page[int]{TotalCount: 100, HasTotal: true}, nil
				}
				p := &adama.Page[int]{TotalCount: 100, HasTotal: true}
				for i := range 10 {
					p.Items = append(p.Items, cur.Offset+i)
				}
				if cur.Offset == 10 {
					// The platform says the page after 10 is at 25, not 20.
					p.NextPage = "/api/v2.0/agencies?page_offset=25&page_limit=10"
				}
				return p, nil
			}
			got, err := collect(t, All(context.Background(), Options{Limit: 10, Prefetch: prefetch}, f))
			require.NoError(t, err)
			var want []int
			for _, start := range []int{0, 10, 25, 35, 45} {
				for i := range 10 {
					want = append(want, start+i)
				}
			}
			assert.Equal(t, want, got, "a speculative page at 20 is never yielded")
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, "10", fetched[25].Next.Get("page_limit"), "the page the link names is fetched with the link's query")
		})
	}
}

func TestAllOffsetLinkEdges(t *testing.T) {
	// A link naming no offset cannot be followed by offset paging: count.
	var calls atomic.Int32
	f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		calls.Add(1)
		if cur.Offset >= 6 {
			return &adama.Page[int]{Items: []int{cur.Offset}, NextPage: "/x?cursor=abc"}, nil
		}
		return &adama.Page[int]{Items: []int{cur.Offset, cur.Offset + 1, cur.Offset + 2}, NextPage: "/x?cursor=abc"}, nil
	}
	got, err := collect(t, All(context.Background(), Options{Limit: 3}, f))
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6}, got)
	assert.Equal(t, int32(3), calls.Load())

	// So is a link that is not a URL.
	bad := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		if cur.Offset >= 4 {
			return &adama.Page[int]{Items: []int{cur.Offset}}, nil
		}
		return &adama.Page[int]{Items: []int{cur.Offset, cur.Offset + 1}, NextPage: "http://[::1%zz/x?page_offset=9"}, nil
	}
	got, err = collect(t, All(context.Background(), Options{Limit: 2}, bad))
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2, 3, 4}, got)

	// A link that leads back to a page already read is an error, once.
	loop := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		return &adama.Page[int]{Items: []int{cur.Offset, cur.Offset + 1}, NextPage: "/x?page_offset=2"}, nil
	}
	var errs, n int
	for _, err := range All(context.Background(), Options{Limit: 2, Prefetch: 2}, loop) {
		if err != nil {
			errs++
			assert.ErrorContains(t, err, "repeats")
			continue
		}
		n++
	}
	assert.Equal(t, 1, errs)
	assert.Equal(t, 4, n)
}
