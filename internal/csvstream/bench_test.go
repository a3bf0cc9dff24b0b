package csvstream

import (
	"bytes"
	"encoding/csv"
	"io"
	"runtime"
	"strconv"
	"testing"
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
	b.SetBytes(int64(size))
	b.ReportAllocs()
}

// BenchmarkReader reads the body through a Reader (guard with trailer
// scan and the 1 MiB line bound, then encoding/csv);
// BenchmarkReaderBaselineCSV reads it with plain encoding/csv.
func BenchmarkReader(b *testing.B) {
	data := benchBody()
	op := func() {
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
	settle(b, len(data), op)
	for b.Loop() {
		op()
	}
}

func BenchmarkReaderBaselineCSV(b *testing.B) {
	data := benchBody()
	op := func() {
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
	settle(b, len(data), op)
	for b.Loop() {
		op()
	}
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
