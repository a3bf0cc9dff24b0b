package firehose_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"hash/adler32"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

// The hostile-body tests set MaxRecord to 1 MiB, so that a body many
// times the bound stays quick to send, and allow the heap to grow by at
// most MaxRecord plus heapSlack while a request is read. The slack holds
// the reader's and the decompressor's buffers, the HTTP server's and
// client's (a few hundred KiB), the growth of the record buffer up to
// MaxRecord (the earlier, smaller arrays), and the garbage of the records
// read that the collector has not reclaimed yet when the heap is sampled
// (up to its 4 MiB minimum heap goal).
const (
	testMaxRecord = 1 << 20
	heapSlack     = 6 << 20
)

// heapGrowth runs fn while a goroutine samples the bytes of heap objects
// (runtime/metrics, every 500µs), and returns the peak above what the
// heap held before fn, after a collection.
func heapGrowth(t *testing.T, fn func()) uint64 {
	t.Helper()
	runtime.GC()
	read := func() uint64 {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	base := read()
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		p := base
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			p = max(p, read())
			select {
			case <-stop:
				peak <- max(p, read())
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(stop)
	return <-peak - base
}

// gzipOf compresses b as one gzip member.
func gzipOf(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// gzipRepeat is a gzip body (a series of members, as a multistream
// reader reads them) of head, then n copies of chunk, then tail: a body
// of a few KiB that decompresses to n times chunk.
func gzipRepeat(head string, chunk []byte, n int, tail string) []byte {
	z := gzipOf(chunk)
	out := gzipOf([]byte(head))
	for range n {
		out = append(out, z...)
	}
	return append(out, gzipOf([]byte(tail))...)
}

// hugeElement is a gzip JSON array whose first element holds a 64 MiB
// string, followed by an ordinary record.
var hugeElement = sync.OnceValue(func() []byte {
	return gzipRepeat(`[{"id":"huge","ext":{"pad":"`, bytes.Repeat([]byte("x"), 64<<10), 1024, `"}}, {"id":"after"}]`)
})

// hugeLine is the same as one JSONL line.
var hugeLine = sync.OnceValue(func() []byte {
	return gzipRepeat(`{"id":"huge","ext":{"pad":"`, bytes.Repeat([]byte("x"), 64<<10), 1024, "\"}}\n{\"id\":\"after\"}\n")
})

// malformedLines is a gzip JSONL batch of an ordinary record, then
// 4 Mi lines that are not JSON (8 MiB decompressed, a few KiB sent), then
// another record.
var malformedLines = sync.OnceValue(func() []byte {
	return gzipRepeat("{\"id\":\"before\"}\n", bytes.Repeat([]byte("x\n"), 32<<10), 128, "{\"id\":\"after\"}\n")
})

// brokenObjects is the same with 256 Ki lines of broken JSON objects,
// which the decoder meets only once it has started on them.
var brokenObjects = sync.OnceValue(func() []byte {
	return gzipRepeat("{\"id\":\"before\"}\n", bytes.Repeat([]byte("{\"id\":1,}\n"), 8<<10), 32, "{\"id\":\"after\"}\n")
})

type hostileCase struct {
	name string
	body func() []byte
	skip bool
	// want: the status the receiver answers, the records a reader hands
	// out, and the records it skips.
	status  int
	ids     []string
	skipped int
}

func hostileCases() []hostileCase {
	return []hostileCase{
		{name: "array element of 64 MiB", body: hugeElement, status: http.StatusBadRequest},
		{name: "array element of 64 MiB skipped", body: hugeElement, skip: true, status: http.StatusOK, ids: []string{"after"}, skipped: 1},
		{name: "JSONL line of 64 MiB", body: hugeLine, status: http.StatusBadRequest},
		{name: "JSONL line of 64 MiB skipped", body: hugeLine, skip: true, status: http.StatusOK, ids: []string{"after"}, skipped: 1},
		{name: "4 Mi malformed lines", body: malformedLines, status: http.StatusBadRequest, ids: []string{"before"}},
		{name: "256 Ki broken objects skipped", body: brokenObjects, skip: true, status: http.StatusOK, ids: []string{"before", "after"}, skipped: 1 << 18},
		{name: "4 Mi malformed lines skipped", body: malformedLines, skip: true, status: http.StatusOK, ids: []string{"before", "after"}, skipped: 4 << 20},
	}
}

// TestReceiverHostileBodiesHeap posts each hostile body to a receiver over
// real HTTP and checks the heap the request costs.
func TestReceiverHostileBodiesHeap(t *testing.T) {
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body()
			var mu sync.Mutex
			var ids []string
			h := firehose.NewReceiver(func(_ context.Context, op *firehose.Opportunity) error {
				mu.Lock()
				defer mu.Unlock()
				ids = append(ids, op.Request.ID)
				return nil
			}, &firehose.ReceiverOptions{Reader: firehose.ReaderOptions{MaxRecord: testMaxRecord, SkipMalformed: tc.skip}})
			ts := httptest.NewServer(h)
			defer ts.Close()
			var status int
			grew := heapGrowth(t, func() {
				resp, err := ts.Client().Post(ts.URL, "application/octet-stream", bytes.NewReader(body))
				require.NoError(t, err)
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				status = resp.StatusCode
			})
			assert.Equal(t, tc.status, status)
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, tc.ids, ids)
			assert.LessOrEqual(t, grew, uint64(testMaxRecord+heapSlack), "heap grew by %.1f MiB for a body of %d bytes", float64(grew)/(1<<20), len(body))
			t.Logf("heap grew by %.2f MiB for a body of %d bytes", float64(grew)/(1<<20), len(body))
		})
	}
}

// TestReaderHostileBodiesHeap reads each hostile body with NewReader
// directly and checks the heap the read costs.
func TestReaderHostileBodiesHeap(t *testing.T) {
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body()
			var ids []string
			var r *firehose.Reader
			grew := heapGrowth(t, func() {
				var err error
				r, err = firehose.NewReader(bytes.NewReader(body), &firehose.ReaderOptions{MaxRecord: testMaxRecord, SkipMalformed: tc.skip})
				require.NoError(t, err)
				for r.Next() {
					ids = append(ids, r.Opportunity().Request.ID)
				}
				require.NoError(t, r.Close())
			})
			if tc.status == http.StatusOK {
				assert.NoError(t, r.Err())
			} else {
				assert.Error(t, r.Err())
			}
			assert.Equal(t, tc.ids, ids)
			assert.Equal(t, tc.skipped, r.SkippedCount())
			assert.Len(t, r.Skipped(), min(tc.skipped, firehose.MaxSkippedKept))
			assert.LessOrEqual(t, grew, uint64(testMaxRecord+heapSlack), "heap grew by %.1f MiB for a body of %d bytes", float64(grew)/(1<<20), len(body))
			t.Logf("heap grew by %.2f MiB for a body of %d bytes", float64(grew)/(1<<20), len(body))
		})
	}
}

// lzopStall is an lzop header (no checksums, 38 bytes) and a block header
// announcing a stored block of 64 MiB (8 bytes): the 46 bytes of a
// sender that then stalls, followed here by 1 KiB of the block.
func lzopStall() []byte {
	h := binary.BigEndian.AppendUint16(nil, 0x1040) // version
	h = binary.BigEndian.AppendUint16(h, 0x2080)    // library version
	h = binary.BigEndian.AppendUint16(h, 0x0940)    // version needed
	h = append(h, 1, 5)                             // LZO1X-1, level 5
	h = binary.BigEndian.AppendUint32(h, 0)         // flags: no checksums
	h = binary.BigEndian.AppendUint32(h, 0o100644)  // mode
	h = binary.BigEndian.AppendUint64(h, 0)         // mtime
	h = append(h, 0)                                // no name
	out := append([]byte{0x89, 'L', 'Z', 'O', 0x00, 0x0d, 0x0a, 0x1a, 0x0a}, h...)
	out = binary.BigEndian.AppendUint32(out, adler32.Checksum(h))
	out = binary.BigEndian.AppendUint32(out, 64<<20) // decompressed size
	out = binary.BigEndian.AppendUint32(out, 64<<20) // compressed size: stored
	return append(out, bytes.Repeat([]byte("x"), 1<<10)...)
}

// stalledBody signals once the handler has read every byte sent so far
// and asks for more: it has done all it does with them and waits.
type stalledBody struct {
	io.ReadCloser
	sent    int
	read    int
	waiting chan struct{}
	once    sync.Once
}

func (b *stalledBody) Read(p []byte) (int, error) {
	if b.read >= b.sent {
		b.once.Do(func() { close(b.waiting) })
	}
	n, err := b.ReadCloser.Read(p)
	b.read += n
	return n, err
}

// TestReceiverLZOPStallHeap opens eight connections that each send an
// lzop header announcing a 64 MiB block, then 1 KiB of it, and stall;
// while all eight wait, the heap must hold no more than what they sent
// and the per-request buffers, not the blocks they announced.
func TestReceiverLZOPStallHeap(t *testing.T) {
	const conns = 8
	body := lzopStall()
	waiting := make(chan chan struct{}, conns)
	recv := firehose.NewReceiver(func(context.Context, *firehose.Opportunity) error { return nil },
		&firehose.ReceiverOptions{Reader: firehose.ReaderOptions{MaxRecord: testMaxRecord}})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sb := &stalledBody{ReadCloser: r.Body, sent: len(body), waiting: make(chan struct{})}
		waiting <- sb.waiting
		r.Body = sb
		recv.ServeHTTP(w, r)
	}))
	defer ts.Close()

	writers := make([]*io.PipeWriter, conns)
	statuses := make(chan int, conns)
	grew := heapGrowth(t, func() {
		for i := range writers {
			pr, pw := io.Pipe()
			writers[i] = pw
			go func() { _, _ = pw.Write(body) }()
			go func() {
				resp, err := ts.Client().Post(ts.URL, "application/octet-stream", pr)
				if err != nil {
					statuses <- 0
					return
				}
				resp.Body.Close()
				statuses <- resp.StatusCode
			}()
		}
		for range conns {
			<-<-waiting
		}
	})
	for _, pw := range writers {
		_ = pw.Close() // the sender gives up: the body ends inside the block
	}
	for range conns {
		assert.Equal(t, http.StatusBadRequest, <-statuses)
	}
	t.Logf("heap grew by %.2f MiB while %d connections stalled", float64(grew)/(1<<20), conns)
	assert.LessOrEqual(t, grew, uint64(conns*testMaxRecord), "heap grew by %.1f MiB while %d connections stalled", float64(grew)/(1<<20), conns)
}

// TestReaderLZOPAnnouncedBlockHeap reads the stalled sender's bytes
// directly: the block they announce is not allocated.
func TestReaderLZOPAnnouncedBlockHeap(t *testing.T) {
	body := lzopStall()
	var err error
	grew := heapGrowth(t, func() {
		var r *firehose.Reader
		r, err = firehose.NewReader(bytes.NewReader(body), nil)
		if err == nil {
			for r.Next() {
			}
			err = r.Err()
		}
	})
	var le *firehose.LZOPError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, 1, le.Block)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	t.Logf("heap grew by %.2f MiB", float64(grew)/(1<<20))
	assert.LessOrEqual(t, grew, uint64(testMaxRecord), "heap grew by %.1f MiB", float64(grew)/(1<<20))
}
