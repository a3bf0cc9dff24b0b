package csvstream

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var opts = Options{RequireFinalNewline: true, TrailerPrefixes: [][]byte{[]byte("<?xml"), []byte("<result"), []byte(`{"errors"`)}}

func read(t *testing.T, r io.Reader) ([][]string, *Reader, error) {
	t.Helper()
	return readWith(t, r, opts)
}

func readWith(t *testing.T, r io.Reader, opts Options) ([][]string, *Reader, error) {
	t.Helper()
	rd, err := NewReader(r, opts)
	if err != nil {
		return nil, nil, err
	}
	var out [][]string
	for rd.Next() {
		out = append(out, append([]string(nil), rd.Record()...))
	}
	return out, rd, rd.Err()
}

func TestReader(t *testing.T) {
	body := "a,b,c\n1,\"x,y\",3\n4,\"multi\nline\",6\n"
	for _, r := range []io.Reader{strings.NewReader(body), iotest.OneByteReader(strings.NewReader(body)), iotest.HalfReader(strings.NewReader(body))} {
		recs, rd, err := read(t, r)
		require.NoError(t, err)
		assert.Equal(t, [][]string{{"1", "x,y", "3"}, {"4", "multi\nline", "6"}}, recs)
		assert.Equal(t, []string{"a", "b", "c"}, rd.Header())
		assert.Equal(t, 1, rd.Index("b"))
		assert.Equal(t, -1, rd.Index("z"))
		assert.EqualValues(t, 2, rd.Rows())
		assert.EqualValues(t, len(body), rd.Bytes())
	}
}

func TestReaderErrors(t *testing.T) {
	_, err := NewReader(strings.NewReader(""), opts)
	assert.ErrorIs(t, err, ErrNoHeader)

	_, _, err = read(t, strings.NewReader("a,b\n1,2\n3,"))
	assert.ErrorIs(t, err, ErrTruncated)

	_, _, err = read(t, io.MultiReader(strings.NewReader("a,b\n1,2\n3,"), iotest.ErrReader(io.ErrUnexpectedEOF)))
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)

	recs, _, err := read(t, strings.NewReader("a,b\n1,2\n<?xml version='1.0'?><result/>\n"))
	var te *TrailerError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, "<?xml version='1.0'?><result/>\n", string(te.Data))
	assert.Equal(t, [][]string{{"1", "2"}}, recs)

	// A trailer split across reads is still found.
	_, _, err = read(t, iotest.OneByteReader(strings.NewReader("a,b\n1,2\n<result><status code=\"x\"/></result>\n")))
	require.ErrorAs(t, err, &te)
	assert.True(t, strings.HasPrefix(string(te.Data), "<result"))

	_, _, err = read(t, strings.NewReader("a,b\n1,2,3\n"))
	assert.Error(t, err)
	assert.False(t, errors.Is(err, io.EOF))
}

func TestGuardCountsRecords(t *testing.T) {
	g := NewGuard(iotest.OneByteReader(strings.NewReader("h1,h2\n1,\"a\nb\"\n2,c\n")), Options{CountRecords: true, RequireFinalNewline: true})
	n, err := io.Copy(io.Discard, g)
	require.NoError(t, err)
	assert.EqualValues(t, 18, n)
	assert.EqualValues(t, 3, g.Records())
	assert.EqualValues(t, 18, g.Bytes())
}

// endless yields prefix, then repeats unit until limit bytes were read, then
// io.EOF. It allocates nothing per read, so a test can feed a line far
// longer than it could hold and count how far the reader went.
type endless struct {
	prefix []byte
	unit   []byte
	limit  int64
	n      int64
	pos    int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n >= e.limit {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && e.n < e.limit {
		if int(e.n) < len(e.prefix) {
			p[k] = e.prefix[e.n]
		} else {
			p[k] = e.unit[e.pos]
			e.pos = (e.pos + 1) % len(e.unit)
		}
		k++
		e.n++
	}
	return k, nil
}

func TestReaderLineTooLong(t *testing.T) {
	const limit = 64 << 20 // what an unbounded reader would swallow
	tests := []struct {
		name   string
		max    int
		prefix string
		unit   string
	}{
		{"endless header", 0, "", "x"},
		{"endless data line", 0, "a,b\n1,", "y"},
		{"endless quoted field over many lines", 0, "a,b\n1,\"", "ab\n"},
		{"small configured bound", 1000, "a,b\n1,2\n", "z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &endless{prefix: []byte(tt.prefix), unit: []byte(tt.unit), limit: limit}
			o := opts
			o.MaxLineBytes = tt.max
			max := tt.max
			if max == 0 {
				max = DefaultMaxLineBytes
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, _, err := readWith(t, src, o)
			runtime.ReadMemStats(&after)
			require.ErrorIs(t, err, ErrLineTooLong)
			var le *LineTooLongError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, max, le.Max)
			// The error comes back within one read buffer of the bound,
			// long before the source ends.
			assert.Less(t, src.n, int64(max)+256<<10, "bytes read before the error")
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(8*max)+1<<20, "bytes allocated")
		})
	}
}

func TestReaderLineBound(t *testing.T) {
	long := strings.Repeat("x", 5000)
	tests := []struct {
		name string
		max  int
		body string
		ok   bool
	}{
		{"line at the bound", 5003, "a,b\n1," + long + "\n", true},
		{"line one byte over", 5002, "a,b\n1," + long + "\n", false},
		{"header over", 100, "a," + long + "\n1,2\n", false},
		{"quoted record over the bound with short lines", 1000, "a,b\n1,\"" + strings.Repeat("ab\n", 500) + "\"\n", false},
		{"many short records under the bound", 1000, "a,b\n" + strings.Repeat("1,\"x\ny\"\n", 2000), true},
		{"no bound", -1, "a,b\n1," + strings.Repeat(long, 400) + "\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tt.body), iotest.HalfReader(strings.NewReader(tt.body))} {
				o := opts
				o.MaxLineBytes = tt.max
				_, _, err := readWith(t, r, o)
				if tt.ok {
					assert.NoError(t, err)
				} else {
					assert.ErrorIs(t, err, ErrLineTooLong)
				}
			}
		})
	}
}

// chunked returns reads of at most n bytes.
type chunked struct {
	b []byte
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.b)
	c.b = c.b[k:]
	return k, nil
}

// FuzzGuardBound checks the Guard's line bound against a byte-by-byte
// reference: the stream fails with ErrLineTooLong exactly when one record
// (newlines inside quotes do not end it) is longer than the bound, and
// every byte before that record is delivered.
func FuzzGuardBound(f *testing.F) {
	f.Add([]byte("a,b\n1,\"x\ny\"\n2,3\n"), uint16(5), uint8(3))
	f.Add([]byte("a,b\n1,\"x\"\"\ny\"\n2,3"), uint16(4), uint8(1))
	f.Add([]byte("\"\n\n\n\"\nab\n"), uint16(100), uint8(7))
	f.Fuzz(func(t *testing.T, body []byte, maxLine uint16, chunk uint8) {
		limit := int(maxLine)%64 + 1
		want, start := false, 0
		inQ, recStart := false, 0
		for k, c := range body {
			switch {
			case c == '"':
				inQ = !inQ
			case c == '\n' && !inQ:
				if k+1-recStart > limit && !want {
					want, start = true, recStart
				}
				recStart = k + 1
			}
		}
		if len(body)-recStart > limit && !want {
			want, start = true, recStart
		}
		g := NewGuard(&chunked{b: body, n: int(chunk)%97 + 1}, Options{MaxLineBytes: limit})
		got, err := io.ReadAll(g)
		if !want {
			require.NoError(t, err)
			require.Equal(t, body, got)
			return
		}
		var le *LineTooLongError
		require.ErrorAs(t, err, &le)
		assert.EqualValues(t, start, le.Offset)
		require.Equal(t, body[:start+limit], got)
	})
}

// TestReset: a Reader reset onto the next page reads its header and rows
// from zero, and a header taken before the reset is left as it was.
func TestReset(t *testing.T) {
	r, err := NewReader(strings.NewReader("a,b\n1,2\n3,4\n"), Options{RequireFinalNewline: true})
	require.NoError(t, err)
	first := r.Header()
	for r.Next() {
	}
	require.NoError(t, r.Err())
	assert.EqualValues(t, 2, r.Rows())
	require.NoError(t, r.Reset(strings.NewReader("a,c\n5,6\n")))
	assert.Equal(t, []string{"a", "b"}, first)
	assert.Equal(t, []string{"a", "c"}, r.Header())
	assert.Equal(t, 1, r.Index("c"))
	assert.EqualValues(t, 0, r.Rows())
	require.True(t, r.Next())
	assert.Equal(t, []string{"5", "6"}, r.Record())
	assert.False(t, r.Next())
	require.NoError(t, r.Err())
	assert.EqualValues(t, 8, r.Bytes())

	assert.ErrorIs(t, r.Reset(strings.NewReader("")), ErrNoHeader)
	assert.False(t, r.Next())
	require.NoError(t, r.Reset(strings.NewReader("x\n1")))
	assert.False(t, r.Next())
	assert.ErrorIs(t, r.Err(), ErrTruncated)
}
