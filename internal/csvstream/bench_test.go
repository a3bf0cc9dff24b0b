package csvstream

import (
	"bytes"
	"encoding/csv"
	"io"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"
)

var benchTrailers = [][]byte{[]byte("<?xml"), []byte("<result"), []byte("<html"), []byte(`{"errors"`), []byte(`{"error"`)}

// benchBody builds a 200,000-row report (about 15 MB) with a quoted field
// holding a comma on every row.
func benchBody() []byte {
	var b bytes.Buffer
	b.Grow(16 << 20)
	b.WriteString("start_date,campaign_id,campaign_name,impressions,clicks,total_spend\n")
	line := make([]byte, 0, 128)
	for i := range 200_000 {
		line = append(line[:0], "2026-01-1"...)
		line = strconv.AppendInt(line, int64(i%10), 10)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(100000+i%5000), 10)
		line = append(line, `,"Campaign `...)
		line = strconv.AppendInt(line, int64(i%5000), 10)
		line = append(line, `, Spring",`...)
		line = strconv.AppendInt(line, int64(1000+(i*7919)%100000), 10)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(i%977), 10)
		line = append(line, ",12."...)
		line = strconv.AppendInt(line, int64(10+i%90), 10)
		line = append(line, '\n')
		b.Write(line)
	}
	return b.Bytes()
}

// settle runs one untimed warm-up and collects garbage, so that a
// benchmark does not depend on what ran before it in the process.
func settle(b *testing.B, size int, op func()) {
	b.Helper()
	op()
	runtime.GC()
	runtime.GC()
	if size > 0 {
		b.SetBytes(int64(size))
	}
	b.ReportAllocs()
}

// readerOp reads data through a Reader (guard with trailer scan and the
// 1 MiB line bound, then encoding/csv).
func readerOp(b *testing.B, data []byte) {
	rd, err := NewReader(bytes.NewReader(data), Options{RequireFinalNewline: true, TrailerPrefixes: benchTrailers})
	if err != nil {
		b.Fatal(err)
	}
	for rd.Next() {
	}
	if rd.Err() != nil || rd.Rows() != 200_000 {
		b.Fatal(rd.Err(), rd.Rows())
	}
}

// csvOp reads data with plain encoding/csv (ReuseRecord).
func csvOp(b *testing.B, data []byte) {
	r := csv.NewReader(bytes.NewReader(data))
	r.ReuseRecord = true
	n := 0
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	if n != 200_001 {
		b.Fatal(n)
	}
}

// BenchmarkReader reads the body through a Reader;
// BenchmarkReaderBaselineCSV reads it with plain encoding/csv.
func BenchmarkReader(b *testing.B) {
	data := benchBody()
	settle(b, len(data), func() { readerOp(b, data) })
	for b.Loop() {
		readerOp(b, data)
	}
}

func BenchmarkReaderBaselineCSV(b *testing.B) {
	data := benchBody()
	settle(b, len(data), func() { csvOp(b, data) })
	for b.Loop() {
		csvOp(b, data)
	}
}

// BenchmarkReaderPaired runs both in every round, alternating which goes
// first, and reports the median per-round time ratio Reader/encoding/csv
// as "x-base" (lower is better), so that a change of machine load between
// rounds cancels out.
func BenchmarkReaderPaired(b *testing.B) {
	data := benchBody()
	cand, base := func() { readerOp(b, data) }, func() { csvOp(b, data) }
	settle(b, 0, func() { cand(); base() })
	timed := func(fn func()) float64 {
		t := time.Now()
		fn()
		return float64(time.Since(t).Nanoseconds())
	}
	var ratios []float64
	for b.Loop() {
		if len(ratios)%2 == 0 {
			c := timed(cand)
			ratios = append(ratios, c/timed(base))
		} else {
			bl := timed(base)
			ratios = append(ratios, timed(cand)/bl)
		}
	}
	slices.Sort(ratios)
	b.ReportMetric((ratios[(len(ratios)-1)/2]+ratios[len(ratios)/2])/2, "x-base")
}

// BenchmarkGuard copies the body through a Guard (trailer scan, line
// bound: what a Reader reads through) in 64 KiB reads; BenchmarkGuardBaselineCopy copies
// it with the same buffer and no checks.
func BenchmarkGuard(b *testing.B) {
	data := benchBody()
	buf := make([]byte, 64<<10)
	op := func() {
		g := NewGuard(bytes.NewReader(data), Options{RequireFinalNewline: true, TrailerPrefixes: benchTrailers, MaxLineBytes: DefaultMaxLineBytes})
		if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{g}, buf); err != nil {
			b.Fatal(err)
		}
	}
	settle(b, len(data), op)
	for b.Loop() {
		op()
	}
}

func BenchmarkGuardBaselineCopy(b *testing.B) {
	data := benchBody()
	buf := make([]byte, 64<<10)
	op := func() {
		if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{bytes.NewReader(data)}, buf); err != nil {
			b.Fatal(err)
		}
	}
	settle(b, len(data), op)
	for b.Loop() {
		op()
	}
}
