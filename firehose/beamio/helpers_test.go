package beamio_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
)

// kind is one family of delivered batches: a partition macro, the glob
// that matches its names under a root, and how its batches are written.
type kind struct {
	name        string
	macro       string
	glob        string // relative to the kind's root
	format      string // "JSONL" or "JSON_ARRAY"
	compression string // "GZIP", "LZOP" or ""
}

// The kinds of the tests: both compressions, both formats, three macros.
var kinds = []kind{
	{"lzop-jsonl", firehose.DefaultPartitionMacro, "*/*/*/*.jsonl.lzo", "JSONL", "LZOP"},
	{"gzip-array", "%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.json.gz", "*/*/*.json.gz", "JSON_ARRAY", "GZIP"},
	{"gzip-jsonl", "%yyyy%/%mm%/%dd%/%hh%/%appuuid%_%unixms%.jsonl.gz", "*/*/*/*/*.jsonl.gz", "JSONL", "GZIP"},
	{"lzop-array", "%hex%/%yyyy%-%mm%-%dd%/%hh%/%appuuid%_%nano%.json.lzo", "*/*/*/*.json.lzo", "JSON_ARRAY", "LZOP"},
}

// delivered is a batch written to disk and the delivery time its name
// announces.
type delivered struct {
	path string
	hour time.Time // UTC
	cut  bool
}

// batchSpec says what one generated batch holds.
type batchSpec struct {
	at        time.Time
	records   int
	malformed bool // mix malformed records in
	cut       bool // cut the compressed file short
	seed      uint64
}

// writeBatches writes the batches of k under root/k.name as the embedded
// fake delivers them (names by k.macro), mixing in malformed records and
// cutting files short as specs say.
func writeBatches(t testing.TB, srv *adamatest.Server, root string, k kind, specs []batchSpec) []delivered {
	t.Helper()
	h := srv.Firehose()
	consumer := "beamio-" + k.name
	h.PutRaw(consumer, map[string]any{"Cloud1Settings": map[string]any{"PartitionMacro": k.macro}})
	var out []delivered
	for i, sp := range specs {
		uuid := fmt.Sprintf("b63aeb5b-9afa-4a42-9d33-%012d", i)
		b, ok, err := h.DeliveredFile(consumer, sp.at, uuid, sp.records, k.format, "", sp.seed)
		require.NoError(t, err)
		require.True(t, ok)
		data := b.Data
		if sp.malformed {
			data = addMalformed(t, data, k.format)
		}
		data = compress(t, data, k.compression)
		if sp.cut {
			data = data[:len(data)*2/3]
		}
		p := filepath.Join(root, k.name, filepath.FromSlash(b.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, data, 0o644))
		out = append(out, delivered{path: p, hour: sp.at.UTC().Truncate(time.Hour), cut: sp.cut})
	}
	return out
}

// addMalformed mixes malformed records into an uncompressed batch: in
// JSONL a line that is no JSON, a JSON array, broken JSON and a record
// whose field does not fit the typed view (not malformed); in a JSON
// array elements that are not objects, first, in the middle and last.
func addMalformed(t testing.TB, data []byte, format string) []byte {
	t.Helper()
	if format == "JSONL" {
		lines := bytes.SplitAfter(data, []byte("\n"))
		require.Greater(t, len(lines), 4)
		mid := len(lines) / 2
		var b bytes.Buffer
		b.WriteString("this is not json\n")
		for i, l := range lines {
			if i == mid {
				b.WriteString("[1,2,3]\n{\"id\":\"broken\",\"imp\":[}\n{\"id\":\"typed-view\",\"at\":\"two\"}\n")
			}
			b.Write(l)
		}
		b.WriteString("{\"id\":\"last-broken\"\n")
		return b.Bytes()
	}
	s := string(data)
	require.True(t, strings.HasPrefix(s, "[{") && strings.HasSuffix(s, "}]"))
	mid := strings.Index(s[len(s)/2:], "},{")
	require.GreaterOrEqual(t, mid, 0)
	mid += len(s) / 2
	s = "[\"first\"," + s[1:mid] + "},42,{" + s[mid+3:len(s)-1] + ",null]"
	return []byte(s)
}

// compress compresses data as the platform does: gzip, or an lzop
// container of stored blocks (as the embedded fake writes it).
func compress(t testing.TB, data []byte, compression string) []byte {
	t.Helper()
	var b bytes.Buffer
	switch compression {
	case "GZIP":
		zw := gzip.NewWriter(&b)
		_, err := zw.Write(data)
		require.NoError(t, err)
		require.NoError(t, zw.Close())
	case "LZOP":
		writeLZOP(&b, data)
	default:
		b.Write(data)
	}
	return b.Bytes()
}

// writeLZOP writes an lzop container whose 256 KiB blocks are stored, with
// adler32 checksums: the form lzop itself uses for blocks that do not
// compress, and the one the SDK's fake delivers.
func writeLZOP(b *bytes.Buffer, data []byte) {
	h := []byte{}
	h = binary.BigEndian.AppendUint16(h, 0x1040)
	h = binary.BigEndian.AppendUint16(h, 0x20a0)
	h = binary.BigEndian.AppendUint16(h, 0x0940)
	h = append(h, 1, 5)
	h = binary.BigEndian.AppendUint32(h, 0x03000001) // adler32 of the data
	h = binary.BigEndian.AppendUint32(h, 0o100644)
	h = binary.BigEndian.AppendUint32(h, 0)
	h = binary.BigEndian.AppendUint32(h, 0)
	h = append(h, 0)
	b.Write([]byte{0x89, 'L', 'Z', 'O', 0x00, 0x0d, 0x0a, 0x1a, 0x0a})
	b.Write(h)
	b.Write(binary.BigEndian.AppendUint32(nil, adler32.Checksum(h)))
	for len(data) > 0 {
		blk := data[:min(len(data), 256<<10)]
		data = data[len(blk):]
		var bh [12]byte
		binary.BigEndian.PutUint32(bh[0:], uint32(len(blk)))
		binary.BigEndian.PutUint32(bh[4:], uint32(len(blk)))
		binary.BigEndian.PutUint32(bh[8:], adler32.Checksum(blk))
		b.Write(bh[:])
		b.Write(blk)
	}
	b.Write([]byte{0, 0, 0, 0})
}
