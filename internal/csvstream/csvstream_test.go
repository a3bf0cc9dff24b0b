package csvstream

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var opts = Options{RequireFinalNewline: true, TrailerPrefixes: [][]byte{[]byte("<?xml"), []byte("<result"), []byte(`{"errors"`)}}

func read(t *testing.T, r io.Reader) ([][]string, *Reader, error) {
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
