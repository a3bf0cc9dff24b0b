package reporting_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"io"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

const benchHeader = "start_date,end_date,campaign_id,campaign_name,strategy_id,impressions,clicks,total_spend,ctr\n"

// genReader produces a report of n rows on the fly, in constant memory.
type genReader struct {
	n, i int
	buf  []byte
	off  int
}

func newGenReader(n int) *genReader {
	return &genReader{n: n, buf: append(make([]byte, 0, 64<<10), benchHeader...)}
}

func appendRow(b []byte, i int) []byte {
	day := 1 + i%28
	b = append(b, "2026-01-"...)
	if day < 10 {
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, int64(day), 10)
	b = append(b, ',')
	b = append(b, b[len(b)-11:len(b)-1]...)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(100000+i%5000), 10)
	b = append(b, `,"Campaign `...)
	b = strconv.AppendInt(b, int64(i%5000), 10)
	b = append(b, `, Spring",`...)
	b = strconv.AppendInt(b, int64(700000+i%20000), 10)
	b = append(b, ',')
	imps := 1000 + (i*7919)%100000
	b = strconv.AppendInt(b, int64(imps), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(imps/100), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(imps/400), 10)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(10+i%90), 10)
	b = append(b, ",1."...)
	b = strconv.AppendInt(b, int64(100+i%900), 10)
	return append(b, '\n')
}

func (g *genReader) Read(p []byte) (int, error) {
	for g.off >= len(g.buf) {
		if g.i >= g.n {
			return 0, io.EOF
		}
		g.buf, g.off = g.buf[:0], 0
		for g.i < g.n && len(g.buf) < 60<<10 {
			g.buf = appendRow(g.buf, g.i)
			g.i++
		}
	}
	n := copy(p, g.buf[g.off:])
	g.off += n
	return n, nil
}

// millionRows materialises a 1,000,000-row report (82 MB). It is built
// by each benchmark and not kept in a global, so that it does not inflate
// the heap of the peak benchmarks.
func millionRows() []byte {
	var buf bytes.Buffer
	buf.Grow(90 << 20)
	_, _ = io.Copy(&buf, newGenReader(1_000_000))
	return buf.Bytes()
}

// settle makes a benchmark independent of what ran before it in the same
// process: one untimed warm-up pass brings the heap and the caches to the
// steady state of this benchmark, then two collections leave only the
// live input, whatever garbage or heap goal an earlier benchmark left.
// The timer starts at the first b.Loop, after settle.
func settle(b *testing.B, size int, op func()) {
	b.Helper()
	op()
	runtime.GC()
	runtime.GC()
	b.SetBytes(int64(size))
	b.ReportAllocs()
}

// readRows is the row iterator over data, touching every value.
func readRows(b *testing.B, data []byte) {
	rows, err := reporting.NewRows(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for rows.Next() {
		n += len(rows.Row().Values())
	}
	if rows.Err() != nil || rows.Count() != 1_000_000 {
		b.Fatal(rows.Err(), rows.Count())
	}
}

// readCSV is plain encoding/csv (ReuseRecord) over data.
func readCSV(b *testing.B, data []byte) {
	r := csv.NewReader(bytes.NewReader(data))
	r.ReuseRecord = true
	rowsN, n := 0, 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n += len(rec)
		rowsN++
	}
	if rowsN != 1_000_001 {
		b.Fatal(rowsN)
	}
}

// BenchmarkStream1M is the row iterator over a 1,000,000-row report held
// in memory; BenchmarkStream1MBaselineCSV reads the same bytes with plain
// encoding/csv (ReuseRecord). The ratio of their MB/s is the iterator's
// overhead.
func BenchmarkStream1M(b *testing.B) {
	data := millionRows()
	settle(b, len(data), func() { readRows(b, data) })
	for b.Loop() {
		readRows(b, data)
	}
}

func BenchmarkStream1MBaselineCSV(b *testing.B) {
	data := millionRows()
	settle(b, len(data), func() { readCSV(b, data) })
	for b.Loop() {
		readCSV(b, data)
	}
}

// typedRows reads four typed columns per row through the accessors.
func typedRows(b *testing.B, data []byte) int64 {
	rows, err := reporting.NewRows(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	var sum int64
	var f float64
	for rows.Next() {
		r := rows.Row()
		c, err1 := r.Int("clicks")
		i, err2 := r.Int("impressions")
		x, err3 := r.Float("ctr")
		sum += c + i + int64(len(r.String("campaign_name")))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	if rows.Err() != nil {
		b.Fatal(rows.Err())
	}
	return sum + int64(f)
}

// typedRowsAt is typedRows through the positional accessors, the columns
// located once with Rows.Index as typedCSV does.
func typedRowsAt(b *testing.B, data []byte) int64 {
	rows, err := reporting.NewRows(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	ci, ii, xi, ni := rows.Index("clicks"), rows.Index("impressions"), rows.Index("ctr"), rows.Index("campaign_name")
	var sum int64
	var f float64
	for rows.Next() {
		r := rows.Row()
		c, err1 := r.IntAt(ci)
		i, err2 := r.IntAt(ii)
		x, err3 := r.FloatAt(xi)
		sum += c + i + int64(len(r.At(ni)))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	if rows.Err() != nil {
		b.Fatal(rows.Err())
	}
	return sum + int64(f)
}

// typedCSV reads the same four columns with encoding/csv and strconv,
// their positions looked up once in the header.
func typedCSV(b *testing.B, data []byte) int64 {
	r := csv.NewReader(bytes.NewReader(data))
	r.ReuseRecord = true
	h, err := r.Read()
	if err != nil {
		b.Fatal(err)
	}
	col := func(name string) int { return slices.Index(h, name) }
	ci, ii, xi, ni := col("clicks"), col("impressions"), col("ctr"), col("campaign_name")
	var sum int64
	var f float64
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		c, err1 := strconv.ParseInt(rec[ci], 10, 64)
		i, err2 := strconv.ParseInt(rec[ii], 10, 64)
		x, err3 := strconv.ParseFloat(rec[xi], 64)
		sum += c + i + int64(len(rec[ni]))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	return sum + int64(f)
}

// BenchmarkStream1MTyped adds typed accessors on four columns per row
// (Int×2, Float, String); BenchmarkStream1MTypedBaselineStrconv does the
// same with encoding/csv and strconv.
func BenchmarkStream1MTyped(b *testing.B) {
	data := millionRows()
	settle(b, len(data), func() { typedRows(b, data) })
	for b.Loop() {
		typedRows(b, data)
	}
}

func BenchmarkStream1MTypedBaselineStrconv(b *testing.B) {
	data := millionRows()
	settle(b, len(data), func() { typedCSV(b, data) })
	for b.Loop() {
		typedCSV(b, data)
	}
}

// BenchmarkStream1MMoney reads two counts and an exact money value per
// row (no strconv equivalent: for reference, not a ratio).
func BenchmarkStream1MMoney(b *testing.B) {
	data := millionRows()
	op := func() {
		rows, err := reporting.NewRows(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		var sum int64
		for rows.Next() {
			r := rows.Row()
			c, _ := r.Int("clicks")
			i, _ := r.Int("impressions")
			sum += c + i
			if _, err := r.Money("total_spend"); err != nil {
				b.Fatal(err)
			}
		}
		if rows.Err() != nil {
			b.Fatal(rows.Err())
		}
	}
	settle(b, len(data), op)
	for b.Loop() {
		op()
	}
}

// paired runs cand and base in every round (internal/benchpair).
func paired(b *testing.B, size int, cand, base func()) { benchpair.Run(b, size, cand, base) }

func median(v []float64) float64 { return benchpair.Median(v) }

// BenchmarkStream1MPaired is BenchmarkStream1M against
// BenchmarkStream1MBaselineCSV, both in every round (see paired).
func BenchmarkStream1MPaired(b *testing.B) {
	data := millionRows()
	paired(b, len(data), func() { readRows(b, data) }, func() { readCSV(b, data) })
}

// BenchmarkStream1MTypedPaired is BenchmarkStream1MTyped against
// BenchmarkStream1MTypedBaselineStrconv, both in every round.
func BenchmarkStream1MTypedPaired(b *testing.B) {
	data := millionRows()
	paired(b, len(data), func() { typedRows(b, data) }, func() { typedCSV(b, data) })
}

// BenchmarkStream1MTypedAtPaired is BenchmarkStream1MTypedPaired with
// the positional accessors (IntAt, FloatAt, At).
func BenchmarkStream1MTypedAtPaired(b *testing.B) {
	data := millionRows()
	paired(b, len(data), func() { typedRowsAt(b, data) }, func() { typedCSV(b, data) })
}

// peakHeap samples HeapInuse every 200µs while fn runs and returns the
// peak above the level before fn started, in MiB.
func peakHeap(fn func()) float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	fn()
	close(stop)
	<-done
	p := peak.Load()
	if p < base {
		return 0
	}
	return float64(p-base) / (1 << 20)
}

func benchPeak(b *testing.B, n int, baseline bool) {
	b.ReportAllocs()
	var worst float64
	var bytesN int64
	for b.Loop() {
		p := peakHeap(func() {
			g := newGenReader(n)
			if baseline {
				r := csv.NewReader(g)
				r.ReuseRecord = true
				for {
					if _, err := r.Read(); err != nil {
						break
					}
				}
				return
			}
			rows, err := reporting.NewRows(g)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
			}
			if rows.Err() != nil {
				b.Fatal(rows.Err())
			}
			bytesN = rows.Bytes()
		})
		worst = max(worst, p)
	}
	if bytesN > 0 {
		b.SetBytes(bytesN)
	}
	b.ReportMetric(worst, "peak-heap-MiB")
}

func BenchmarkPeakHeap100k(b *testing.B)            { benchPeak(b, 100_000, false) }
func BenchmarkPeakHeap100kBaselineCSV(b *testing.B) { benchPeak(b, 100_000, true) }
func BenchmarkPeakHeap1M(b *testing.B)              { benchPeak(b, 1_000_000, false) }
func BenchmarkPeakHeap1MBaselineCSV(b *testing.B)   { benchPeak(b, 1_000_000, true) }

// BenchmarkStreamHTTP1M streams 1,000,000 rows from adamatest over real
// HTTP (chunked) through Client.Stream, measuring peak heap of client and
// fake server together.
func BenchmarkStreamHTTP1M(b *testing.B) {
	srv := adamatest.NewServer(adamatest.WithReportRows(1_000_000), adamatest.WithReportFlushRows(5000))
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		b.Fatal(err)
	}
	svc := reporting.New(c)
	q := baseQuery()
	b.ReportAllocs()
	var worst float64
	var n int64
	for b.Loop() {
		p := peakHeap(func() {
			rows, err := svc.Stream(context.Background(), q)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
			}
			if rows.Err() != nil || rows.Count() != 1_000_000 {
				b.Fatal(rows.Err(), rows.Count())
			}
			n = rows.Bytes()
		})
		worst = max(worst, p)
	}
	b.SetBytes(n)
	b.ReportMetric(worst, "peak-heap-MiB")
}
