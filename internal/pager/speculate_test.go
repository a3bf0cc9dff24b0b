package pager

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// errPastEnd is what the platform answers for an offset past the list
// (a 404 or a validation error, depending on the endpoint).
var errPastEnd = errors.New("no page at that offset")

// server is a fetch over total items (ids 0..total-1), limit per page,
// that records every offset asked for and counts the fetches started and
// returned. Offsets at or past the total fail with errPastEnd (except
// offset 0, an empty collection's first page); without a total, pages carry
// none.
type server struct {
	total, limit int
	withTotal    bool

	mu       sync.Mutex
	offsets  []int
	started  atomic.Int32
	returned atomic.Int32
	// firstWaits, when set, holds the first page's fetch until that many
	// fetches have started: it proves the window went out with it.
	firstWaits int32
	allStarted chan struct{}
}

func (s *server) fetch(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
	defer s.returned.Add(1)
	n := s.started.Add(1)
	s.mu.Lock()
	s.offsets = append(s.offsets, cur.Offset)
	s.mu.Unlock()
	if s.firstWaits > 0 {
		if n == s.firstWaits {
			close(s.allStarted)
		}
		if cur.Offset == 0 {
			select {
			case <-s.allStarted:
			case <-time.After(10 * time.Second): // a guard against a hang, not a timing check
				return nil, errors.New("the first page was fetched alone")
			}
		}
	}
	if cur.Offset > 0 && cur.Offset >= s.total {
		return nil, errPastEnd
	}
	p := &adama.Page[int]{Offset: cur.Offset, TotalCount: s.total, HasTotal: s.withTotal}
	for i := cur.Offset; i < s.total && i < cur.Offset+s.limit; i++ {
		p.Items = append(p.Items, i)
	}
	return p, ctx.Err()
}

// pagerGoroutines counts the goroutines running pager code other than the
// caller's: what goleak would report. A goroutine that has called Done is
// given a moment to leave the scheduler's list.
func pagerGoroutines() int {
	n := 0
	for range 200 {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		n = 0
		for _, g := range strings.Split(string(buf), "\n\n") {
			if strings.Contains(g, "internal/pager.(*walk[") && !strings.Contains(g, "testing.tRunner") {
				n++
			}
		}
		if n == 0 {
			return 0
		}
		time.Sleep(time.Millisecond)
	}
	return n
}

func TestSpeculateYieldsEveryRecordOnceInOrder(t *testing.T) {
	tests := []struct {
		name                   string
		total, limit, prefetch int
		withTotal              bool
	}{
		{"empty collection", 0, 10, 8, true},
		{"empty collection, no total", 0, 10, 8, false},
		{"one short page", 7, 10, 8, true},
		{"fewer pages than the window", 25, 10, 8, true},
		{"fewer pages than the window, no total", 25, 10, 8, false},
		{"full last page", 30, 10, 8, true},
		{"as many pages as the window", 90, 10, 8, true},
		{"many pages", 1003, 10, 8, true},
		{"many pages, no total", 1003, 10, 3, false},
		{"window of one", 95, 10, 1, true},
		{"window over the bound", 95, 10, 100, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &server{total: tt.total, limit: tt.limit, withTotal: tt.withTotal}
			seq := All(context.Background(), Options{Limit: tt.limit, Prefetch: tt.prefetch, Speculate: true}, s.fetch)
			assert.Zero(t, s.started.Load(), "no I/O before ranging")
			got, err := collect(t, seq)
			require.NoError(t, err, "errors on pages past the end are not yielded")
			require.Len(t, got, tt.total)
			for i, v := range got {
				require.Equal(t, i, v, "in order, once each")
			}
			assert.Equal(t, s.started.Load(), s.returned.Load(), "every fetch has returned when the loop ends")
			assert.Zero(t, pagerGoroutines())

			s.mu.Lock()
			defer s.mu.Unlock()
			offsets := slices.Clone(s.offsets)
			slices.Sort(offsets)
			assert.Equal(t, len(offsets), len(slices.Compact(slices.Clone(offsets))), "no page asked for twice")
			pages := (tt.total + tt.limit - 1) / tt.limit
			if tt.total%tt.limit == 0 && !tt.withTotal {
				pages++ // the empty page that ends a list without a total
			}
			window := min(tt.prefetch, MaxPrefetch)
			for i, off := range offsets {
				assert.Zero(t, off%tt.limit, "offsets step by the page size")
				if i < pages {
					assert.Equal(t, i*tt.limit, off, "every page of the list is asked for")
				}
			}
			assert.GreaterOrEqual(t, len(offsets), max(pages, 1))
			assert.LessOrEqual(t, len(offsets), max(pages, 1)+window, "at most the window past the end")
		})
	}
}

func TestSpeculateSendsTheWindowWithTheFirstPage(t *testing.T) {
	for _, prefetch := range []int{1, 4, 8} {
		t.Run(strconv.Itoa(prefetch), func(t *testing.T) {
			s := &server{total: 1000, limit: 10, withTotal: true, firstWaits: int32(prefetch + 1), allStarted: make(chan struct{})}
			got, err := collect(t, All(context.Background(), Options{Limit: 10, Prefetch: prefetch, Speculate: true}, s.fetch))
			require.NoError(t, err, "the first page's fetch saw the window start before it answered")
			assert.Len(t, got, 1000)
			assert.Equal(t, int32(100), s.started.Load(), "a total inside the list asks for no page past it")
		})
	}

	// Without Speculate the first page is fetched alone, as before, and a
	// list shorter than the window costs no request past its end.
	for _, speculate := range []bool{false, true} {
		s := &server{total: 25, limit: 10, withTotal: true}
		got, err := collect(t, All(context.Background(), Options{Limit: 10, Prefetch: 8, Speculate: speculate}, s.fetch))
		require.NoError(t, err)
		assert.Len(t, got, 25)
		want := int32(3)
		if speculate {
			want = 9
		}
		assert.Equal(t, want, s.started.Load(), "speculate=%v", speculate)
	}
}

func TestSpeculateErrorOnAPageOfTheList(t *testing.T) {
	boom := errors.New("boom")
	for _, withTotal := range []bool{true, false} {
		t.Run(fmt.Sprintf("total=%v", withTotal), func(t *testing.T) {
			s := &server{total: 100, limit: 10, withTotal: withTotal}
			f := func(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
				if cur.Offset == 30 {
					s.started.Add(1)
					s.returned.Add(1)
					return nil, boom
				}
				return s.fetch(ctx, cur)
			}
			var errs []error
			var got []int
			for v, err := range All(context.Background(), Options{Limit: 10, Prefetch: 8, Speculate: true}, f) {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				got = append(got, v)
			}
			require.Len(t, errs, 1, "the error once, then the end")
			assert.ErrorIs(t, errs[0], boom)
			require.Len(t, got, 30, "the pages before it, in order")
			for i, v := range got {
				assert.Equal(t, i, v)
			}
			assert.Equal(t, s.started.Load(), s.returned.Load())
			assert.Zero(t, pagerGoroutines())
		})
	}
}

func TestSpeculateEarlyBreakLeavesNothingRunning(t *testing.T) {
	for _, after := range []int{1, 15, 40} {
		t.Run(strconv.Itoa(after), func(t *testing.T) {
			var started, returned, cancelled atomic.Int32
			f := func(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
				started.Add(1)
				defer returned.Add(1)
				if cur.Offset >= 20 {
					// Pages past the second wait for the server as long
					// as the caller wants them.
					<-ctx.Done()
					cancelled.Add(1)
					return nil, ctx.Err()
				}
				p := &adama.Page[int]{TotalCount: 1000, HasTotal: true}
				for i := range 10 {
					p.Items = append(p.Items, cur.Offset+i)
				}
				return p, nil
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var got []int
			var errs []error
			for v, err := range All(ctx, Options{Limit: 10, Prefetch: 4, Speculate: true}, f) {
				if err != nil {
					// Breaking after 40 records: the third page never
					// comes, so the caller stops it.
					errs = append(errs, err)
					break
				}
				got = append(got, v)
				if len(got) == after {
					break
				}
				if len(got) == 20 {
					cancel()
				}
			}
			assert.Equal(t, started.Load(), returned.Load(), "every fetch has returned when the loop ends")
			assert.Equal(t, started.Load()-2, cancelled.Load(), "the speculative pages were cancelled")
			assert.Zero(t, pagerGoroutines(), "no goroutine outlives the loop")
			if after > 20 {
				assert.Len(t, got, 20)
				require.Len(t, errs, 1)
				assert.ErrorIs(t, errs[0], context.Canceled)
			} else {
				assert.Len(t, got, after)
				assert.Empty(t, errs)
			}
		})
	}
}

func TestSpeculateStepsByPageSizeAndFollowsLinks(t *testing.T) {
	for _, links := range []bool{true, false} {
		for _, prefetch := range []int{1, 2, 5} {
			t.Run(fmt.Sprintf("links=%v/prefetch=%d", links, prefetch), func(t *testing.T) {
				var mu sync.Mutex
				var offsets []int
				got, err := collect(t, All(context.Background(), Options{Limit: 30, Prefetch: prefetch, Speculate: true}, recorded(links, &mu, &offsets)))
				require.NoError(t, err, "the recorded server's error past the end is not yielded")
				require.Len(t, got, 91, "30 + 31 + 30 records")
				assert.Equal(t, 60000, got[61], "page 3's first record is read")
				assert.Equal(t, 30030, got[60], "page 2's 31st record is kept")
				mu.Lock()
				defer mu.Unlock()
				slices.Sort(offsets)
				for _, off := range offsets {
					assert.Zero(t, off%30, "never page_offset=61")
				}
				assert.Equal(t, []int{0, 30, 60}, offsets[:3])
				assert.LessOrEqual(t, len(offsets), 3+prefetch)
			})
		}
	}
}

func TestSpeculateLinkOverridesSpeculation(t *testing.T) {
	var mu sync.Mutex
	fetched := map[int]Cursor{}
	f := func(ctx context.Context, cur Cursor) (*adama.Page[int], error) {
		mu.Lock()
		fetched[cur.Offset] = cur
		mu.Unlock()
		p := &adama.Page[int]{TotalCount: 100, HasTotal: true}
		if cur.Offset >= 50 {
			return p, nil
		}
		for i := range 10 {
			p.Items = append(p.Items, cur.Offset+i)
		}
		if cur.Offset == 10 {
			p.NextPage = "/api/v2.0/agencies?page_offset=25&page_limit=10"
		}
		return p, nil
	}
	got, err := collect(t, All(context.Background(), Options{Limit: 10, Prefetch: 3, Speculate: true}, f))
	require.NoError(t, err)
	var want []int
	for _, start := range []int{0, 10, 25, 35, 45} {
		for i := range 10 {
			want = append(want, start+i)
		}
	}
	assert.Equal(t, want, got, "the speculative pages at 20 and 30 are never yielded")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, "10", fetched[25].Next.Get("page_limit"))
	assert.Zero(t, pagerGoroutines())
}

func TestSpeculateNeedsALimit(t *testing.T) {
	// Without a page size the offsets after the first are unknown: the
	// first page is fetched alone.
	var calls atomic.Int32
	f := func(_ context.Context, cur Cursor) (*adama.Page[int], error) {
		calls.Add(1)
		if cur.Offset >= 6 {
			return &adama.Page[int]{}, nil
		}
		return &adama.Page[int]{Items: []int{cur.Offset, cur.Offset + 1, cur.Offset + 2}}, nil
	}
	got, err := collect(t, All(context.Background(), Options{Prefetch: 4, Speculate: true}, f))
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5}, got)
	assert.Equal(t, int32(3), calls.Load())

	calls.Store(0)
	got, err = collect(t, All(context.Background(), Options{Limit: 3, Prefetch: 4, Speculate: true, Links: true}, f))
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2}, got, "link-only paging has no offsets to guess")
	assert.Equal(t, int32(1), calls.Load())
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		prefetch  int
		speculate bool
		field     string
	}{
		{0, false, ""},
		{8, true, ""},
		{MaxPrefetch, false, ""},
		{-1, false, "prefetch"},
		{MaxPrefetch + 1, false, "prefetch"},
		{0, true, "speculate"},
	} {
		var v valid.Validator
		Check(&v, tc.prefetch, tc.speculate)
		if tc.field == "" {
			assert.NoError(t, v.Err(), "%d %v", tc.prefetch, tc.speculate)
			continue
		}
		var ve *adama.ValidationError
		require.ErrorAs(t, v.Err(), &ve, "%d %v", tc.prefetch, tc.speculate)
		assert.True(t, ve.Has(tc.field, ""), "%v", ve)
	}
}
