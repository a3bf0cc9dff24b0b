package openrtb_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/fake/firehosefake"
	"github.com/adamasdk/adama-go/internal/openrtb"
	"github.com/adamasdk/adama-go/internal/openrtb/rtbbench"
)

// benchRecords are the records of a generated firehose batch, one per
// line, as the reader hands them to the decoder.
var benchRecords = sync.OnceValues(func() ([][]byte, error) {
	var buf bytes.Buffer
	if err := firehosefake.WriteBatch(&buf, firehosefake.BatchOptions{Records: 5000, Format: firehosefake.FormatJSONL, Seed: 1}); err != nil {
		return nil, err
	}
	var out [][]byte
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		out = append(out, bytes.Clone(sc.Bytes()))
	}
	return out, sc.Err()
})

func records(b *testing.B) ([][]byte, int) {
	recs, err := benchRecords()
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, r := range recs {
		n += len(r)
	}
	return recs, n
}

func decodeShared(b *testing.B, recs [][]byte) {
	var req openrtb.BidRequest
	for _, r := range recs {
		if err := openrtb.Decode(r, &req); err != nil || req.ID == "" {
			b.Fatal(err)
		}
	}
}

func decodeLight(b *testing.B, recs [][]byte) {
	for _, r := range recs {
		var req rtbbench.Request
		if err := json.Unmarshal(r, &req); err != nil || req.ID == "" {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode decodes 5,000 firehose records into the shared types
// (exact floors, unknown members kept, numbers as strings read) and, with
// encoding/json, into the light view.
func BenchmarkDecode(b *testing.B) {
	recs, size := records(b)
	for _, bm := range []struct {
		name string
		fn   func(*testing.B, [][]byte)
	}{{"Shared", decodeShared}, {"LightView", decodeLight}} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				bm.fn(b, recs)
			}
		})
	}
}

// BenchmarkDecodeSharedPaired times both in every round; x-base is the
// median of shared time ÷ light-view time.
func BenchmarkDecodeSharedPaired(b *testing.B) {
	recs, size := records(b)
	benchpair.Run(b, size, func() { decodeShared(b, recs) }, func() { decodeLight(b, recs) })
}
