package upload

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

type readOnly struct{ r io.Reader }

func (o readOnly) Read(b []byte) (int, error) { return o.r.Read(b) }

// TestBodyReopens checks the body a retry gets: a seekable file rewound to
// where it started, with progress from zero again; a reader that cannot
// rewind serves until read, is refused after, and is sent without retries.
func TestBodyReopens(t *testing.T) {
	sr := strings.NewReader("skip|a.example\n")
	_, err := sr.Seek(5, io.SeekStart)
	require.NoError(t, err)
	var sent []int64
	b := New(sr, 10, func(s, _ int64) { sent = append(sent, s) })
	for range 2 {
		r, err := b.Open()
		require.NoError(t, err)
		got, err := io.ReadAll(r)
		require.NoError(t, err)
		assert.Equal(t, "a.example\n", string(got), "size bytes from where the reader stood")
	}
	assert.Equal(t, int64(10), sent[0], "the first attempt")
	assert.Equal(t, int64(10), sent[len(sent)-1], "the second, counted from zero")
	assert.Empty(t, b.Options(nil), "a seekable body keeps the client's retries")

	o := New(readOnly{strings.NewReader("a.example\n")}, 10, nil)
	_, err = o.Open()
	require.NoError(t, err)
	r2, err := o.Open()
	require.NoError(t, err, "nothing read yet: the same reader serves")
	_, _ = io.ReadAll(r2)
	_, err = o.Open()
	require.ErrorIs(t, err, ErrNotReplayable)
	opts := o.Options([]adama.RequestOption{adama.WithCallRetries(3)})
	assert.Len(t, opts, 2, "retries off first, the caller's options after")
}
