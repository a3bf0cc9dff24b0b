package reporting_test

import (
	"context"
	"math"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// liveHeap is the heap in use after two collections (the second frees
// what pools kept through the first, such as the fake's compressors):
// what is still referenced.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// streamWhole streams a report of n rows from the fake (which pages as the
// platform does) and checks that every row comes, once and in order: the
// fake's row i is in time bucket i%7 and has campaign_id first+(i/7)%1000.
// It returns the growth of the live heap between row 1,000 (pages, buffers
// and caches warm) and the end of the report.
func streamWhole(t *testing.T, n, pageSize int) int64 {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithReportRows(n))
	defer srv.Close()
	c, err := srv.NewClient()
	require.NoError(t, err)
	rows, err := reporting.New(c, reporting.WithPageSize(pageSize)).Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	defer rows.Close()
	camp, start := rows.Index("campaign_id"), rows.Index("start_date")
	var first int64
	var days [7]string
	base, end := uint64(math.MaxUint64), uint64(math.MaxUint64)
	i := 0
	for rows.Next() {
		r := rows.Row()
		id, err := r.IntAt(camp)
		require.NoError(t, err)
		if i == 0 {
			first = id
		}
		if i < 7 {
			days[i] = r.At(start)
		}
		if id != first+int64(i/7%1000) || r.At(start) != days[i%7] {
			require.Failf(t, "row out of place", "row %d: campaign_id %d, start_date %s", i, id, r.At(start))
		}
		switch i {
		case 1000, 1050, n - 51, n - 1:
			// The fake's own request log (the last 2,000 requests)
			// is not the client's memory: empty it before measuring.
			// Two samples at each end, the lower kept: a page's
			// handler may still hold its compressor at a boundary.
			srv.ResetRequests()
			h := liveHeap()
			if i <= 1050 {
				base = min(base, h)
			} else {
				end = min(end, h)
			}
		}
		i++
	}
	growth := int64(end) - int64(base)
	require.NoError(t, rows.Err())
	require.Equal(t, n, i, "every row is delivered")
	require.EqualValues(t, n, rows.Count())
	return growth
}

// TestWholeReportFlatMemory: streaming a whole report keeps the live heap
// flat: between row 1,000 and the last row it grows by less than 1 MiB,
// for a report five times as long as well, and for small and large pages.
// (Memory, not time: no timed assertion.)
func TestWholeReportFlatMemory(t *testing.T) {
	const bound = 1 << 20
	var small, large int64
	for _, tt := range []struct{ n, page int }{{20_000, 100}, {100_000, 100}, {300_000, 5000}} {
		t.Run(strconv.Itoa(tt.n)+" rows, pages of "+strconv.Itoa(tt.page), func(t *testing.T) {
			g := streamWhole(t, tt.n, tt.page)
			t.Logf("live heap growth: %d bytes", g)
			assert.Less(t, g, int64(bound))
			if tt.n == 20_000 {
				small = g
			} else if tt.n == 100_000 {
				large = g
			}
		})
	}
	assert.Less(t, large-small, int64(bound/2), "the live heap does not grow with the report")
}
