// Package upload is the body of every file upload the SDK streams: read
// from the caller's io.Reader a given number of bytes, never held in
// memory whole, the progress reported as it is sent, and started again on
// a retry when the reader can rewind (an io.Seeker). The call layer
// (internal/call's BodyFunc, or a multipart File's Open) calls Open once
// per attempt; credentials go only to the platform's own hosts
// (adama.Client), so an upload to another host carries none.
package upload

import (
	"errors"
	"io"
	"sync/atomic"

	"github.com/adamasdk/adama-go/adama"
)

// ErrNotReplayable ends a retry of an upload whose reader cannot rewind.
var ErrNotReplayable = errors.New("adama: the upload body was partly sent and cannot be sent again (the reader is not an io.Seeker)")

// Body hands the HTTP layer a fresh body per attempt: the same reader
// while nothing has been read from it, and the reader rewound to where it
// started when it is an io.Seeker.
type Body struct {
	r        io.Reader
	size     int64
	progress func(sent, total int64)
	start    int64
	started  bool
	read     atomic.Bool
}

// New returns the body of size bytes read from r; progress, when set, is
// called with the bytes sent so far and size (a retry starts again from
// zero).
func New(r io.Reader, size int64, progress func(sent, total int64)) *Body {
	return &Body{r: r, size: size, progress: progress}
}

// Options returns opts preceded by adama.WithCallRetries(0) when the
// reader cannot rewind: such a body is sent once.
func (b *Body) Options(opts []adama.RequestOption) []adama.RequestOption {
	if _, ok := b.r.(io.Seeker); ok {
		return opts
	}
	return append([]adama.RequestOption{adama.WithCallRetries(0)}, opts...)
}

// Open returns the body for one attempt.
func (b *Body) Open() (io.Reader, error) {
	if sk, ok := b.r.(io.Seeker); ok {
		if !b.started {
			pos, err := sk.Seek(0, io.SeekCurrent)
			if err != nil {
				return nil, err
			}
			b.start, b.started = pos, true
		} else if b.read.Load() {
			if _, err := sk.Seek(b.start, io.SeekStart); err != nil {
				return nil, err
			}
		}
	} else if b.read.Load() {
		return nil, ErrNotReplayable
	}
	return &progressReader{r: io.LimitReader(b.r, b.size), total: b.size, fn: b.progress, read: &b.read}, nil
}

// progressReader counts the bytes read and reports them.
type progressReader struct {
	r     io.Reader
	sent  int64
	total int64
	fn    func(sent, total int64)
	read  *atomic.Bool
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.read.Store(true)
		p.sent += int64(n)
		if p.fn != nil {
			p.fn(p.sent, p.total)
		}
	}
	return n, err
}
