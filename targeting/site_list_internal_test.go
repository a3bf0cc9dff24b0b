package targeting

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type readOnly struct{ r io.Reader }

func (o readOnly) Read(b []byte) (int, error) { return o.r.Read(b) }

// TestReplayableReopens checks the upload body a retry gets: a seekable
// file rewound to where it started, with progress from zero again; a
// reader that cannot rewind refused once read.
func TestReplayableReopens(t *testing.T) {
	sr := strings.NewReader("skip|a.example\n")
	_, err := sr.Seek(5, io.SeekStart)
	require.NoError(t, err)
	var sent []int64
	b := &replayable{r: sr, size: 10, progress: func(s, _ int64) { sent = append(sent, s) }}
	for range 2 {
		r, err := b.open()
		require.NoError(t, err)
		got, err := io.ReadAll(r)
		require.NoError(t, err)
		assert.Equal(t, "a.example\n", string(got))
	}
	assert.Equal(t, int64(10), sent[0], "the first attempt")
	assert.Equal(t, int64(10), sent[len(sent)-1], "the second, counted from zero")

	o := &replayable{r: readOnly{strings.NewReader("a.example\n")}, size: 10}
	r, err := o.open()
	require.NoError(t, err)
	r2, err := o.open()
	require.NoError(t, err, "nothing read yet: the same reader serves")
	_, _ = io.ReadAll(r2)
	_, _ = r, r2
	_, err = o.open()
	require.ErrorIs(t, err, errNotReplayable)
}
