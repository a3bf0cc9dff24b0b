package call_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

// hostileSize is the size of every hostile body: 256 MiB, produced by a
// generator as the server writes it, never held in memory.
const hostileSize = 256 << 20

// fillReader yields n copies of one byte, copied from a 32 KiB block.
type fillReader struct {
	block []byte
	n     int64
}

func (f *fillReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > f.n {
		p = p[:f.n]
	}
	k := copy(p, f.block)
	f.n -= int64(k)
	return k, nil
}

// hostileBody returns the body of testdata/file with its @FILL@ marker
// replaced by n copies of fill, and the body's length.
func hostileBody(t testing.TB, file string, fill byte, n int64) (func() io.Reader, int64) {
	t.Helper()
	tmpl, err := os.ReadFile("testdata/" + file)
	require.NoError(t, err)
	head, tail, ok := bytes.Cut(tmpl, []byte("@FILL@"))
	require.True(t, ok, "%s has no @FILL@ marker", file)
	return func() io.Reader {
		return io.MultiReader(bytes.NewReader(head), &fillReader{block: bytes.Repeat([]byte{fill}, 32<<10), n: n}, bytes.NewReader(tail))
	}, int64(len(head)) + n + int64(len(tail))
}

// heapObjects is the heap's object bytes (live and not yet swept).
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// A 2xx body over the client's limit fails with ErrTooLarge having cost
// no more memory than the limit plus 8 MiB, whatever its shape: one huge
// string, whitespace, one huge XML attribute, or a gzip bomb. Peak heap is
// bounded by the bytes the whole call allocated (runtime.MemStats
// TotalAlloc, test server included, measured after a GC), and sampled
// (heap object bytes every 50 µs) and held to the same bound. The limits
// are the client's default and a caller's 64 MiB.
// hostileCase is one hostile body: testdata/file with fill repeated.
type hostileCase struct {
	name, file string
	fill       byte
	xml, gzip  bool
	announce   bool // send Content-Length
}

func TestHostileBodyCostsAtMostTheLimit(t *testing.T) {
	const slack = 8 << 20
	tests := []hostileCase{
		{name: "JSON one huge string", file: "hostile_string.json", fill: 'a'},
		{name: "JSON one huge string with Content-Length", file: "hostile_string.json", fill: 'a', announce: true},
		{name: "JSON whitespace", file: "hostile_whitespace.json", fill: ' '},
		{name: "XML one huge attribute", file: "hostile_attribute.xml", fill: 'a', xml: true},
		{name: "XML whitespace", file: "hostile_whitespace.xml", fill: ' ', xml: true},
		{name: "gzip bomb JSON", file: "hostile_whitespace.json", fill: ' ', gzip: true},
		{name: "gzip bomb XML", file: "hostile_attribute.xml", fill: 'a', xml: true, gzip: true},
	}
	for _, limit := range []int64{adama.DefaultMaxResponseBytes, 64 << 20} {
		for _, tt := range tests {
			t.Run(strconv.FormatInt(limit>>20, 10)+" MiB/"+tt.name, func(t *testing.T) {
				hostileCall(t, limit, slack, tt)
			})
		}
	}
}

func hostileCall(t *testing.T, limit, slack int64, tt hostileCase) {
	body, size := hostileBody(t, tt.file, tt.fill, hostileSize)
	var handlers atomic.Int32
	done := make(chan struct{}, 1)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		handlers.Add(1)
		defer func() { done <- struct{}{} }()
		w.Header().Set("Content-Type", "application/json")
		if tt.xml {
			w.Header().Set("Content-Type", "application/xml")
		}
		if tt.announce {
			w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
		}
		if tt.gzip {
			w.Header().Set("Content-Encoding", "gzip")
			gw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
			_, _ = io.Copy(gw, body())
			_ = gw.Close()
			return
		}
		_, _ = io.Copy(w, body())
	}))
	defer ts.Close()
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithToken("tok"),
		adama.WithSessionCookie("sess"), //nolint:staticcheck // no session bootstrap in this test
		adama.WithRetry(adama.RetryPolicy{NoRetries: true}), adama.WithMaxResponseBytes(limit))
	require.NoError(t, err)
	defer c.Close()
	var opts []entity.Option
	if tt.xml {
		opts = append(opts, entity.WithXML())
	}
	ec := entity.New(c, opts...)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	base := heapObjects()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(50 * time.Microsecond)
		defer tick.Stop()
		for {
			if h := heapObjects(); h > peak.Load() {
				peak.Store(h)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()

	_, err = ec.Strategies.List(context.Background(), &entity.ListOptions{PageLimit: 100, Full: []string{"*"}})
	ts.CloseClientConnections()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop writing")
	}
	close(stop)
	<-sampled
	runtime.ReadMemStats(&after)

	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrTooLarge)
	assert.Contains(t, err.Error(), strconv.FormatInt(limit, 10))
	assert.Equal(t, int32(1), handlers.Load())
	alloc := after.TotalAlloc - before.TotalAlloc
	growth := peak.Load() - min(base, peak.Load())
	t.Logf("limit %d MiB: allocated %.1f MiB in all, sampled peak heap growth %.1f MiB", limit>>20, float64(alloc)/(1<<20), float64(growth)/(1<<20))
	assert.LessOrEqual(t, alloc, uint64(limit+slack), "bytes allocated by the call")
	assert.LessOrEqual(t, growth, uint64(limit+slack), "sampled peak heap growth")
}
