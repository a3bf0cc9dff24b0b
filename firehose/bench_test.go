package firehose_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/fake/firehosefake"
	"github.com/adamasdk/adama-go/internal/openrtb/rtbbench"
)

// benchRecords makes a gzip JSONL batch of about 100 MB uncompressed.
const benchRecords = 240_000

var benchBatch = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	err := firehosefake.WriteBatch(&buf, firehosefake.BatchOptions{Records: benchRecords, Format: firehosefake.FormatJSONL, Compression: firehosefake.CompressionGZIP, Seed: 1})
	return buf.Bytes(), err
})

func plainSize(b *testing.B, z []byte) int64 {
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		b.Fatal(err)
	}
	n, err := io.Copy(io.Discard, zr)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// peakHeap samples the live heap every 20000 records.
type peakHeap struct{ max uint64 }

func (p *peakHeap) sample(i int) {
	if i%20000 != 0 {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	p.max = max(p.max, ms.HeapInuse)
}

// BenchmarkReaderGzipJSONL reads the batch with firehose.NewReader.
func BenchmarkReaderGzipJSONL(b *testing.B) {
	z, err := benchBatch()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(plainSize(b, z))
	b.ReportAllocs()
	var peak peakHeap
	for b.Loop() {
		r, err := firehose.NewReader(bytes.NewReader(z), nil)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for r.Next() {
			n++
			peak.sample(n)
		}
		if r.Err() != nil || n != benchRecords {
			b.Fatal(r.Err(), n)
		}
	}
	b.ReportMetric(float64(peak.max)/(1<<20), "peak-heap-MiB")
}

// BenchmarkBaselineGzipJSONDecoder is the plain standard-library way on
// the same batch: gzip.Reader and json.Decoder into plain structs, the
// light view of a record (rtbbench: the members users read most, no
// Extra).
func BenchmarkBaselineGzipJSONDecoder(b *testing.B) {
	z, err := benchBatch()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(plainSize(b, z))
	b.ReportAllocs()
	var peak peakHeap
	for b.Loop() {
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			b.Fatal(err)
		}
		dec := json.NewDecoder(zr)
		n := 0
		for {
			var req rtbbench.Request
			if err := dec.Decode(&req); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			n++
			peak.sample(n)
		}
		if n != benchRecords {
			b.Fatal(n)
		}
	}
	b.ReportMetric(float64(peak.max)/(1<<20), "peak-heap-MiB")
}

// BenchmarkLZOPReader decompresses a file made by lzop (LZO1X-1, adler32
// checksums, three blocks).
func BenchmarkLZOPReader(b *testing.B) {
	z, err := os.ReadFile("testdata/multiblock.jsonl.lzo")
	if err != nil {
		b.Fatal(err)
	}
	r, err := firehose.NewLZOPReader(bytes.NewReader(z))
	if err != nil {
		b.Fatal(err)
	}
	n, err := io.Copy(io.Discard, r)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		r, err := firehose.NewLZOPReader(bytes.NewReader(z))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func readOurs(b *testing.B, z []byte) {
	r, err := firehose.NewReader(bytes.NewReader(z), nil)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for r.Next() {
		n++
	}
	if r.Err() != nil || n != benchRecords {
		b.Fatal(r.Err(), n)
	}
}

func readBaseline(b *testing.B, z []byte) {
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		b.Fatal(err)
	}
	dec := json.NewDecoder(zr)
	n := 0
	for {
		var req rtbbench.Request
		if err := dec.Decode(&req); err == io.EOF {
			break
		} else if err != nil {
			b.Fatal(err)
		}
		n++
	}
	if n != benchRecords {
		b.Fatal(n)
	}
}

// BenchmarkReaderGzipJSONLPaired runs the reader and the baseline in
// every round, alternating which goes first, and reports the median of
// the per-round time ratios (x-base: reader time / baseline time, lower
// is better), so that the load of a shared machine cancels out.
func BenchmarkReaderGzipJSONLPaired(b *testing.B) {
	z, err := benchBatch()
	if err != nil {
		b.Fatal(err)
	}
	size := plainSize(b, z)
	cand, base := func() { readOurs(b, z) }, func() { readBaseline(b, z) }
	benchpair.Run(b, int(size), cand, base)
}

var benchArrayBatch = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	err := firehosefake.WriteBatch(&buf, firehosefake.BatchOptions{Records: benchRecords, Format: firehosefake.FormatJSONArray, Compression: firehosefake.CompressionGZIP, Seed: 1})
	return buf.Bytes(), err
})

// BenchmarkReaderGzipArrayPaired is BenchmarkReaderGzipJSONLPaired on the
// same records delivered as one JSON array; the baseline walks the array
// with json.Decoder (Token, then Decode per element).
func BenchmarkReaderGzipArrayPaired(b *testing.B) {
	z, err := benchArrayBatch()
	if err != nil {
		b.Fatal(err)
	}
	size := plainSize(b, z)
	cand := func() { readOurs(b, z) }
	base := func() {
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			b.Fatal(err)
		}
		dec := json.NewDecoder(zr)
		if _, err := dec.Token(); err != nil {
			b.Fatal(err)
		}
		n := 0
		for dec.More() {
			var req rtbbench.Request
			if err := dec.Decode(&req); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != benchRecords {
			b.Fatal(n)
		}
	}
	benchpair.Run(b, int(size), cand, base)
}
