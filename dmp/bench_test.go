package dmp_test

import (
	"bytes"
	"encoding/csv"
	"io"
	"testing"

	"github.com/adamasdk/adama-go/dmp"
)

// BenchmarkCSV50000 reads a 50,000-node taxonomy CSV: the row reader
// (checked rows, constant memory), the whole tree (ReadCSV), and a plain
// encoding/csv read of the same bytes as the baseline.
func BenchmarkCSV50000(b *testing.B) {
	var in bytes.Buffer
	bigTaxonomy(&in, 50000)
	src := in.Bytes()
	b.Run("rows", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			rd, err := dmp.NewCSVReader(bytes.NewReader(src))
			if err != nil {
				b.Fatal(err)
			}
			for {
				if _, err := rd.Next(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("tree", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := dmp.ReadCSV(bytes.NewReader(src)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			cr := csv.NewReader(bytes.NewReader(src))
			cr.ReuseRecord = true
			for {
				if _, err := cr.Read(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
