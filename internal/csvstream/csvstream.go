// Package csvstream reads CSV from a stream in constant memory: a header
// row, column lookup by name, records reused from row to row, byte and row
// counts for progress reporting, and a guard that refuses to let a cut or
// hijacked stream pass for a complete one.
//
// A Reader never ends cleanly on a body that was cut: a read error from
// the underlying reader (such as io.ErrUnexpectedEOF from a chunked HTTP
// body without its last chunk) is returned as is, a final line without
// its newline is ErrTruncated (when RequireFinalNewline is set), and a line
// starting with one of the TrailerPrefixes stops the CSV and is returned as
// a *TrailerError holding the rest of the stream (bounded), so that the
// caller can decode an error document that the server appended.
package csvstream

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// ErrTruncated reports a stream whose final line has no newline: the
// stream was cut in the middle of a row.
var ErrTruncated = errors.New("csvstream: stream ends in the middle of a row")

// ErrNoHeader reports a stream without a header row.
var ErrNoHeader = errors.New("csvstream: stream has no header row")

// ErrLineTooLong reports a line (or a record whose quoted fields hold
// newlines) longer than Options.MaxLineBytes; errors.Is matches a
// *LineTooLongError with it.
var ErrLineTooLong = errors.New("csvstream: line too long")

// DefaultMaxLineBytes is the bound on one line or record that a Reader
// applies when Options.MaxLineBytes is zero: 1 MiB, far above any real
// report line.
const DefaultMaxLineBytes = 1 << 20

// LineTooLongError is returned when a line or record exceeds the bound.
type LineTooLongError struct {
	// Max is the bound in bytes.
	Max int
	// Offset is the stream offset at which the line starts.
	Offset int64
}

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("csvstream: the line starting at byte %d is longer than %d bytes", e.Offset, e.Max)
}

// Is makes errors.Is(err, ErrLineTooLong) match.
func (e *LineTooLongError) Is(target error) bool { return target == ErrLineTooLong }

// MaxTrailer bounds how much of a trailer is kept.
const MaxTrailer = 64 << 10

// TrailerError is returned when a line of the stream starts with one of the
// configured trailer prefixes (an error document in the middle of a CSV
// stream). Data holds the trailer, at most MaxTrailer bytes.
type TrailerError struct {
	// Data is the trailer, from the start of its line.
	Data []byte
	// Offset is the stream offset at which the trailer starts.
	Offset int64
}

func (e *TrailerError) Error() string {
	return fmt.Sprintf("csvstream: non-CSV content at byte %d", e.Offset)
}

// Options configures a Guard or a Reader.
type Options struct {
	// RequireFinalNewline makes a final line without a newline an
	// ErrTruncated error.
	RequireFinalNewline bool
	// TrailerPrefixes are line prefixes that end the CSV data and start a
	// trailer (see TrailerError), such as "<?xml" or "<result".
	TrailerPrefixes [][]byte
	// CountRecords makes the Guard count records (newlines outside quoted
	// fields); a Reader counts records itself and leaves this unset.
	CountRecords bool
	// Comma is the field delimiter; zero means ','.
	Comma rune
	// MaxLineBytes bounds one record, from its first byte to its final
	// newline included (newlines inside quoted fields do not end it), so
	// that memory stays bounded whatever the stream holds; a longer one
	// stops the stream with a *LineTooLongError. For a Reader, zero means
	// DefaultMaxLineBytes; for a Guard, zero means no bound (a Guard keeps
	// no line in memory). A negative value means no bound.
	MaxLineBytes int
}

// Guard is an io.Reader over a CSV stream that counts bytes (and,
// optionally, records), detects trailers and cut streams. It is the layer a
// Reader reads through; use it directly to copy a stream to a file.
type Guard struct {
	r    io.Reader
	opts Options

	n        int64 // bytes delivered
	records  int64
	last     byte // last byte delivered ('\n' before any)
	inQuote  bool
	err      error  // sticky error to return once the buffered bytes are out
	firstKey []byte // first bytes of all prefixes, for a quick scan

	maxLine  int   // bound on one record; 0 means none
	recLen   int64 // bytes of the current record delivered so far
	recStart int64 // stream offset of the current record
	recQuote bool  // inside a quoted field, for the bound
}

// NewGuard returns a Guard reading r.
func NewGuard(r io.Reader, opts Options) *Guard {
	g := &Guard{r: r, opts: opts, last: '\n', maxLine: max(opts.MaxLineBytes, 0)}
	seen := map[byte]bool{}
	for _, p := range opts.TrailerPrefixes {
		if len(p) > 0 && !seen[p[0]] {
			seen[p[0]] = true
			g.firstKey = append(g.firstKey, p[0])
		}
	}
	return g
}

// Bytes returns how many bytes were delivered.
func (g *Guard) Bytes() int64 { return g.n }

// Records returns how many complete records (newline-terminated, newlines
// inside quoted fields excepted) were delivered when CountRecords is set.
func (g *Guard) Records() int64 { return g.records }

// Read implements io.Reader.
func (g *Guard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	n, err := g.r.Read(p)
	if n > 0 {
		m, trailer := n, false
		if len(g.firstKey) > 0 {
			if cut := g.findTrailer(p[:n]); cut >= 0 {
				m, trailer = cut, true
			}
		}
		if g.maxLine > 0 {
			if cut := g.bound(p[:m]); cut >= 0 {
				g.deliver(p[:cut])
				g.err = &LineTooLongError{Max: g.maxLine, Offset: g.recStart}
				return cut, nil
			}
		}
		if trailer {
			rest := append([]byte(nil), p[m:n]...)
			g.deliver(p[:m])
			g.err = g.readTrailer(rest, err)
			return m, nil
		}
		g.deliver(p[:n])
	}
	if err == io.EOF {
		if g.opts.RequireFinalNewline && g.n > 0 && g.last != '\n' {
			err = ErrTruncated
		}
	}
	if err != nil {
		g.err = err
	}
	return n, err
}

func (g *Guard) deliver(b []byte) {
	if len(b) == 0 {
		return
	}
	g.n += int64(len(b))
	if g.opts.CountRecords {
		if !g.inQuote && bytes.IndexByte(b, '"') < 0 {
			g.records += int64(bytes.Count(b, []byte{'\n'}))
		} else {
			for _, c := range b {
				switch c {
				case '"':
					g.inQuote = !g.inQuote
				case '\n':
					if !g.inQuote {
						g.records++
					}
				}
			}
		}
	}
	g.last = b[len(b)-1]
}

// bound follows record boundaries (newlines outside quoted fields) over
// b, about to be delivered, and returns -1 when no record exceeds
// maxLine, or the length of the prefix of b to deliver before the error
// (the offending record then holds exactly maxLine bytes). The common
// case costs two vectorised scans of b: the quote parity at the last
// newline tells whether it ends a record, and a chunk no longer than the
// bound cannot hold a whole record over it.
func (g *Guard) bound(b []byte) int {
	limit := int64(g.maxLine)
	i := bytes.LastIndexByte(b, '\n')
	q := bytes.Count(b, quote)
	if i < 0 {
		if g.recLen+int64(len(b)) > limit {
			return int(limit - g.recLen)
		}
		g.recLen += int64(len(b))
		g.recQuote = g.recQuote != (q%2 == 1)
		return -1
	}
	qt := bytes.Count(b[i+1:], quote)
	ends := g.recQuote == ((q-qt)%2 == 1) // the newline at i is outside quotes
	if ends && g.recLen+int64(i)+1 <= limit && len(b) <= g.maxLine {
		g.recStart = g.n + int64(i) + 1
		g.recLen = int64(len(b) - i - 1)
		g.recQuote = qt%2 == 1
		return -1
	}
	return g.boundSlow(b)
}

var quote = []byte{'"'}

// boundSlow is bound byte by byte, for chunks with a newline inside a
// quoted field or bounds smaller than a read.
func (g *Guard) boundSlow(b []byte) int {
	limit := int64(g.maxLine)
	start := 0 // index in b where the current record's bytes in b begin
	for k, c := range b {
		switch c {
		case '"':
			g.recQuote = !g.recQuote
		case '\n':
			if g.recQuote {
				continue
			}
			if l := g.recLen + int64(k+1-start); l > limit {
				return k + 1 - int(l-limit)
			}
			g.recLen, start = 0, k+1
			g.recStart = g.n + int64(k) + 1
		}
	}
	if l := g.recLen + int64(len(b)-start); l > limit {
		return len(b) - int(l-limit)
	}
	g.recLen += int64(len(b) - start)
	return -1
}

// findTrailer returns the offset in b of a line starting with a trailer
// prefix, or -1. A prefix split across reads is found when enough of it is
// in b; a line start at the end of b is checked on the next read.
func (g *Guard) findTrailer(b []byte) int {
	best := -1
	if g.last == '\n' && g.matches(b) {
		return 0
	}
	// Trailer keys ('<', '{') are rare in CSV data: find each one with a
	// vectorised IndexByte and look at the byte before it, instead of
	// searching for "\n<" at every line start.
	for _, k := range g.firstKey {
		from := 0
		for {
			end := len(b)
			if best >= 0 {
				end = best
			}
			if from >= end {
				break
			}
			i := bytes.IndexByte(b[from:end], k)
			if i < 0 {
				break
			}
			at := from + i
			if at > 0 && b[at-1] == '\n' && g.matches(b[at:]) {
				best = at
				break
			}
			from = at + 1
		}
	}
	return best
}

func (g *Guard) matches(b []byte) bool {
	if len(b) == 0 || bytes.IndexByte(g.firstKey, b[0]) < 0 {
		return false
	}
	for _, p := range g.opts.TrailerPrefixes {
		if len(p) == 0 {
			continue
		}
		n := min(len(p), len(b))
		if bytes.Equal(b[:n], p[:n]) {
			return true
		}
	}
	return false
}

func (g *Guard) readTrailer(rest []byte, err error) error {
	off := g.n
	if err == nil {
		buf := make([]byte, 4096)
		for len(rest) < MaxTrailer {
			n, rerr := g.r.Read(buf)
			rest = append(rest, buf[:n]...)
			if rerr != nil {
				break
			}
		}
	}
	if len(rest) > MaxTrailer {
		rest = rest[:MaxTrailer]
	}
	// A prefix only partly seen that turns out not to be a trailer is data:
	// the caller still gets an error, never a shortened stream.
	return &TrailerError{Data: rest, Offset: off}
}

// Reader reads records after a header row. Records are reused: a record
// and its strings are valid until the next call to Next (the strings stay
// valid; the slice is overwritten).
type Reader struct {
	g      *Guard
	br     *bufio.Reader
	cr     *csv.Reader
	opts   Options
	header []string
	index  map[string]int
	rec    []string
	rows   int64
	err    error
}

// NewReader reads the header row from r and returns a Reader positioned
// before the first data row.
func NewReader(r io.Reader, opts Options) (*Reader, error) {
	if opts.MaxLineBytes == 0 {
		opts.MaxLineBytes = DefaultMaxLineBytes
	}
	rd := &Reader{opts: opts}
	if err := rd.Reset(r); err != nil {
		return nil, err
	}
	return rd, nil
}

// Reset makes the Reader read a new stream r with the same options,
// reading its header row: the next page of a paged report, read with the
// buffers of the previous one. Counts start again from zero. A header
// slice returned by Header before the call stays as it was.
func (r *Reader) Reset(src io.Reader) error {
	r.g = NewGuard(src, Options{RequireFinalNewline: r.opts.RequireFinalNewline, TrailerPrefixes: r.opts.TrailerPrefixes, MaxLineBytes: r.opts.MaxLineBytes})
	// csv.NewReader keeps a *bufio.Reader as is: a large buffer means few
	// reads through the guard.
	if r.br == nil {
		r.br = bufio.NewReaderSize(r.g, 64<<10)
	} else {
		r.br.Reset(r.g)
	}
	cr := csv.NewReader(r.br)
	cr.ReuseRecord = true
	if r.opts.Comma != 0 {
		cr.Comma = r.opts.Comma
	}
	r.cr, r.rec, r.rows, r.err = cr, nil, 0, nil
	h, err := cr.Read()
	if err == io.EOF {
		r.err = ErrNoHeader
		return ErrNoHeader
	}
	if err != nil {
		r.err = unwrapParse(err)
		return r.err
	}
	r.header = append([]string(nil), h...)
	r.index = make(map[string]int, len(h))
	for i, name := range r.header {
		if _, dup := r.index[name]; !dup {
			r.index[name] = i
		}
	}
	cr.FieldsPerRecord = len(h)
	return nil
}

// unwrapParse returns the cause of a csv.ParseError when it is a read
// error rather than a syntax error, so that callers see the stream's own
// error (a trailer, a cut).
func unwrapParse(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		if pe.Err != nil && !isSyntax(pe.Err) {
			return pe.Err
		}
	}
	return err
}

func isSyntax(err error) bool {
	return errors.Is(err, csv.ErrFieldCount) || errors.Is(err, csv.ErrQuote) || errors.Is(err, csv.ErrBareQuote) || errors.Is(err, csv.ErrTrailingComma)
}

// Header returns the header row. The caller must not modify it.
func (r *Reader) Header() []string { return r.header }

// Index returns the position of the column named name, or -1.
func (r *Reader) Index(name string) int {
	if i, ok := r.index[name]; ok {
		return i
	}
	return -1
}

// Next advances to the next record. It returns false at the end of the
// stream or on an error; Err tells which.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	rec, err := r.cr.Read()
	if err != nil {
		if err != io.EOF {
			r.err = unwrapParse(err)
		} else {
			r.err = io.EOF
		}
		r.rec = nil
		return false
	}
	r.rec = rec
	r.rows++
	return true
}

// Record returns the current record; it is overwritten by Next.
func (r *Reader) Record() []string { return r.rec }

// Err returns the error that stopped Next, or nil at a clean end.
func (r *Reader) Err() error {
	if r.err == io.EOF {
		return nil
	}
	return r.err
}

// Rows returns how many data rows were read.
func (r *Reader) Rows() int64 { return r.rows }

// Bytes returns how many bytes of the stream were consumed (read ahead
// included).
func (r *Reader) Bytes() int64 { return r.g.Bytes() }

// Line returns the line number of the current record (1 is the header).
func (r *Reader) Line() int {
	l, _ := r.cr.FieldPos(0)
	return l
}
