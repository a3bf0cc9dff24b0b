package firehose

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/openrtb"
)

var (
	errNotObject   = errors.New("a record is a JSON object")
	errInvalidJSON = errors.New("invalid JSON")
)

// Magic numbers of the compressed containers.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	lzopMagic = []byte{0x89, 'L', 'Z', 'O', 0x00, 0x0d, 0x0a, 0x1a, 0x0a}
)

// DefaultMaxRecord is the largest record the reader accepts by default.
const DefaultMaxRecord = 4 << 20

// MaxSkippedKept is how many skipped records a Reader keeps with their
// place (Skipped); the others are only counted (SkippedCount), so that a
// batch of malformed records costs no memory per record.
const MaxSkippedKept = 100

// ReaderOptions configure NewReader. The zero value detects compression
// and format from the bytes and stops at the first malformed record.
type ReaderOptions struct {
	// Compression forces a compression; empty detects it from the bytes
	// (gzip, lzop, or none).
	Compression Compression
	// Format forces a format; empty detects it from the first byte ([ for
	// a JSON array, { for JSONL).
	Format Format
	// SkipMalformed skips a malformed record instead of ending the read
	// with it; SkippedCount counts the skipped records and Skipped keeps
	// the first MaxSkippedKept of them with their place. A JSON array
	// whose syntax breaks cannot be resynchronised: that ends the read
	// either way.
	SkipMalformed bool
	// MaxRecord bounds one record's size in bytes (DefaultMaxRecord when
	// 0). A record is never held beyond it, in a JSONL line or a JSON
	// array element alike: the read stops keeping bytes at the bound and
	// passes over the rest of the record as it arrives.
	MaxRecord int
}

// Opportunity is one delivered record.
type Opportunity struct {
	// Request is the record's bid request, the same type a byoa BidFunc
	// is given: exact floors, numbers as strings read, the members the
	// SDK does not model in Extra.
	Request BidRequest
	// Raw is the record's JSON as delivered (reused by the next record:
	// see Reader.Opportunity).
	Raw json.RawMessage
	// Index is the record's number in the batch, from 1.
	Index int
	// Line is the record's line in a JSONL batch, from 1 (0 in a JSON
	// array).
	Line int
	// Offset is the record's byte offset in the decompressed batch.
	Offset int64
	// ViewErr is set when a value of the record fits no documented form
	// (an object where a number belongs): an *adama.MisfitError naming
	// each field (errors.Is adama.ErrMisfit). The record is still read:
	// the field is zero, its value kept in Request (Request.Misfits), and
	// Raw holds everything.
	ViewErr error
}

// RecordError is a malformed record or a broken batch: where it is and
// what is wrong.
type RecordError struct {
	// Index is the record's number, from 1 (0 when the batch itself is
	// broken before any record).
	Index int
	// Line is the line in a JSONL batch (0 in a JSON array).
	Line int
	// Offset is the byte offset in the decompressed batch.
	Offset int64
	// Err is the cause.
	Err error
}

// Error describes the malformed record and where it sits.
func (e *RecordError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("firehose: record %d (line %d, offset %d): %v", e.Index, e.Line, e.Offset, e.Err)
	}
	return fmt.Sprintf("firehose: record %d (offset %d): %v", e.Index, e.Offset, e.Err)
}

func (e RecordError) clone() *RecordError { return &e }

// Unwrap returns the underlying decode error.
func (e *RecordError) Unwrap() error { return e.Err }

// Reader reads a delivered batch one opportunity at a time, holding at
// most one record in memory.
type Reader struct {
	opts    ReaderOptions
	closer  io.Closer
	cr      *countingReader
	br      *bufio.Reader
	format  Format
	cur     Opportunity
	buf     []byte
	index   int
	line    int
	err     error
	done    bool
	skipped []*RecordError // the first MaxSkippedKept
	nskip   int
	tooLong error       // a record over MaxRecord
	scan    elementScan // a JSON array element's syntax, as it is read
}

// countingReader counts the decompressed bytes read.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// NewReader starts reading a batch from r: it detects the compression
// and the format from the first bytes unless opts force them.
func NewReader(r io.Reader, opts *ReaderOptions) (*Reader, error) {
	var o ReaderOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxRecord <= 0 {
		o.MaxRecord = DefaultMaxRecord
	}
	if o.Compression != "" && !o.Compression.Valid() {
		return nil, fmt.Errorf("firehose: unknown compression %q", o.Compression)
	}
	if o.Format != "" && !o.Format.Valid() {
		return nil, fmt.Errorf("firehose: unknown format %q", o.Format)
	}
	rd := &Reader{opts: o, tooLong: fmt.Errorf("record longer than %d bytes", o.MaxRecord)}
	in := bufio.NewReaderSize(r, 64<<10)
	head, _ := in.Peek(len(lzopMagic))
	comp := o.Compression
	if comp == "" {
		switch {
		case bytes.HasPrefix(head, gzipMagic):
			comp = CompressionGZIP
		case bytes.HasPrefix(head, lzopMagic):
			comp = CompressionLZOP
		}
	}
	var plain io.Reader = in
	switch comp {
	case CompressionGZIP:
		zr, err := gzip.NewReader(in)
		if err != nil {
			return nil, &RecordError{Err: fmt.Errorf("gzip header: %w", err)}
		}
		zr.Multistream(true)
		plain, rd.closer = zr, zr
	case CompressionLZOP:
		zr, err := NewLZOPReader(in)
		if err != nil {
			return nil, &RecordError{Err: err}
		}
		plain = zr
	}
	rd.cr = &countingReader{r: plain}
	rd.br = bufio.NewReaderSize(rd.cr, 64<<10)
	rd.format = o.Format
	if rd.format == "" {
		first, err := firstByte(rd.br)
		switch {
		case err == io.EOF:
			rd.format = FormatJSONL // empty batch
		case err != nil:
			return nil, &RecordError{Offset: rd.offset(), Err: err}
		case first == '[':
			rd.format = FormatJSONArray
		default:
			rd.format = FormatJSONL
		}
	}
	if rd.format == FormatJSONArray {
		c, err := firstByte(rd.br)
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return nil, &RecordError{Offset: rd.offset(), Err: err}
		}
		if c != '[' {
			return nil, &RecordError{Offset: rd.offset(), Err: fmt.Errorf("a JSON array batch starts with [, found %q", c)}
		}
		_, _ = rd.br.Discard(1)
	}
	return rd, nil
}

// firstByte returns the first byte that is not white space or a BOM,
// without consuming it.
func firstByte(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = br.ReadByte()
			continue
		case 0xef:
			bom, _ := br.Peek(3)
			if bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
				_, _ = br.Discard(3)
				continue
			}
		}
		return b[0], nil
	}
}

// Format returns the batch's format.
func (r *Reader) Format() Format { return r.format }

// offset returns how many decompressed bytes have been consumed.
func (r *Reader) offset() int64 { return r.cr.n - int64(r.br.Buffered()) }

// Next advances to the next opportunity and reports whether there is
// one. At the end, or at a fatal error, it returns false; Err says which.
func (r *Reader) Next() bool {
	for !r.done {
		var ok bool
		if r.format == FormatJSONArray {
			ok = r.nextArray()
		} else {
			ok = r.nextLine()
		}
		if ok {
			return true
		}
	}
	return false
}

// fail records a malformed record: fatal, or skipped (counted, and kept
// among the first MaxSkippedKept; past them it allocates nothing).
func (r *Reader) fail(e RecordError, fatal bool) {
	if fatal || !r.opts.SkipMalformed {
		r.err, r.done = e.clone(), true
		return
	}
	r.nskip++
	if len(r.skipped) < MaxSkippedKept {
		r.skipped = append(r.skipped, e.clone())
	}
}

// readLine reads one line into r.buf, bounded by MaxRecord. It reports
// whether the line was too long (the rest is discarded).
func (r *Reader) readLine() (tooLong bool, err error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.buf)+len(chunk) > r.opts.MaxRecord {
			tooLong = true
		} else {
			r.buf = append(r.buf, chunk...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return tooLong, nil
		default:
			return tooLong, err
		}
	}
}

func (r *Reader) nextLine() bool {
	start := r.offset()
	tooLong, err := r.readLine()
	if err != nil && err != io.EOF {
		r.fail(RecordError{Index: r.index + 1, Line: r.line + 1, Offset: start, Err: err}, true)
		return false
	}
	atEOF := err == io.EOF
	if atEOF && len(r.buf) == 0 && !tooLong {
		r.done = true
		return false
	}
	r.line++
	line := bytes.TrimSpace(r.buf)
	if len(line) == 0 && !tooLong {
		r.done = atEOF
		return false
	}
	r.index++
	if tooLong {
		r.fail(RecordError{Index: r.index, Line: r.line, Offset: start, Err: r.tooLong}, false)
		r.done = r.done || atEOF
		return false
	}
	if !r.decode(line, start, r.line) {
		r.done = r.done || atEOF
		return false
	}
	r.done = atEOF
	return true
}

// nextArray reads the next element of a JSON array batch. The array's
// own syntax (the commas, the closing bracket, an element's brackets and
// strings) is checked as it is read; a break in it ends the read, since
// the array cannot be resynchronised.
func (r *Reader) nextArray() bool {
	c, err := r.nextNonSpace()
	if err != nil {
		r.fatal(err)
		return false
	}
	if r.index > 0 { // after an element: a comma or the end
		switch c {
		case ']':
			_, _ = r.br.Discard(1)
			r.done = true
			return false
		case ',':
			_, _ = r.br.Discard(1)
			if c, err = r.nextNonSpace(); err != nil {
				r.fatal(err)
				return false
			}
		default:
			r.fatal(fmt.Errorf("invalid character %q after an array element", c))
			return false
		}
	} else if c == ']' {
		_, _ = r.br.Discard(1)
		r.done = true
		return false
	}
	start := r.offset()
	r.index++
	tooLong, err := r.readElement()
	if err != nil {
		r.fail(RecordError{Index: r.index, Offset: start, Err: eofUnexpected(err)}, true)
		return false
	}
	if tooLong {
		r.fail(RecordError{Index: r.index, Offset: start, Err: r.tooLong}, false)
		return false
	}
	return r.decode(r.buf, start, 0)
}

// fatal ends the read with a broken array at the current offset.
func (r *Reader) fatal(err error) {
	r.fail(RecordError{Index: r.index, Offset: r.offset(), Err: eofUnexpected(err)}, true)
}

func eofUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// nextNonSpace returns the next byte that is not white space, without
// consuming it.
func (r *Reader) nextNonSpace() (byte, error) {
	for {
		b, err := r.br.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = r.br.Discard(1)
			continue
		}
		return b[0], nil
	}
}

// readElement reads one array element into r.buf, keeping at most
// MaxRecord bytes: the bytes of a longer element are scanned and dropped
// as they arrive. It reports whether the element was too long.
func (r *Reader) readElement() (tooLong bool, err error) {
	r.buf = r.buf[:0]
	r.scan.reset()
	for {
		if r.br.Buffered() == 0 {
			if _, err := r.br.Peek(1); err != nil {
				return tooLong, err
			}
		}
		p, _ := r.br.Peek(r.br.Buffered())
		n, end, err := r.scan.feed(p)
		if tooLong || len(r.buf)+n > r.opts.MaxRecord {
			tooLong = true
		} else {
			r.buf = append(r.buf, p[:n]...)
		}
		_, _ = r.br.Discard(n)
		if err != nil || end {
			return tooLong, err
		}
	}
}

// maxElementDepth bounds the nesting of an array element (as
// encoding/json does).
const maxElementDepth = 10000

// elementScan finds where a JSON value ends, fed its bytes piece by
// piece: it follows strings and the nesting of brackets (whose pairing it
// checks); a scalar ends at the first delimiter. The value's syntax
// otherwise is checked when it is decoded.
type elementScan struct {
	stack   []byte
	started bool
	scalar  bool
	inStr   bool
	esc     bool
}

func (s *elementScan) reset() { *s = elementScan{stack: s.stack[:0]} }

// feed scans p and returns how many of its bytes belong to the value
// and whether the value ends there.
func (s *elementScan) feed(p []byte) (n int, end bool, err error) {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if s.inStr {
			switch {
			case s.esc:
				s.esc = false
			case c == '\\':
				s.esc = true
			case c == '"':
				s.inStr = false
				if len(s.stack) == 0 {
					return i + 1, true, nil
				}
			}
			continue
		}
		if !s.started {
			s.started = true
			switch c {
			case '"', '{', '[':
			case ',', ']', '}':
				return i, false, fmt.Errorf("invalid character %q where an array element belongs", c)
			default:
				s.scalar = true
			}
		}
		if s.scalar {
			switch c {
			case ',', ']', '}', ' ', '\t', '\r', '\n':
				return i, true, nil
			}
			continue
		}
		switch c {
		case '"':
			s.inStr = true
		case '{', '[':
			if len(s.stack) >= maxElementDepth {
				return i, false, fmt.Errorf("array element nested deeper than %d", maxElementDepth)
			}
			s.stack = append(s.stack, c)
		case '}', ']':
			open := byte('{')
			if c == ']' {
				open = '['
			}
			if s.stack[len(s.stack)-1] != open {
				return i, false, fmt.Errorf("invalid character %q in an array element", c)
			}
			s.stack = s.stack[:len(s.stack)-1]
			if len(s.stack) == 0 {
				return i + 1, true, nil
			}
		}
	}
	return len(p), false, nil
}

// decode fills the current opportunity from one record's bytes. In a
// JSON array, an element that is not valid JSON ends the read.
func (r *Reader) decode(rec []byte, offset int64, line int) bool {
	array := r.format == FormatJSONArray
	if len(rec) == 0 || rec[0] != '{' {
		err, broken := errNotObject, array && !json.Valid(rec)
		if broken {
			err = fmt.Errorf("invalid JSON value %.20q", rec)
		}
		r.fail(RecordError{Index: r.index, Line: line, Offset: offset, Err: err}, broken)
		return false
	}
	r.cur = Opportunity{Index: r.index, Line: line, Offset: offset}
	if err := r.unmarshal(rec, &r.cur.Request); err != nil {
		r.fail(RecordError{Index: r.index, Line: line, Offset: offset, Err: err}, array)
		return false
	}
	if m := r.cur.Request.Misfits(); len(m) > 0 {
		r.cur.ViewErr = &adama.MisfitError{Misfits: m}
	}
	r.cur.Raw = rec
	return true
}

// unmarshal decodes one record. The detail of a record that is not valid
// JSON is worked out only for a record the reader keeps, so that a run of
// broken records costs nothing each.
func (r *Reader) unmarshal(rec []byte, v *BidRequest) error {
	err := openrtb.Decode(rec, v)
	if err != openrtb.ErrSyntax {
		return err
	}
	if n := jsonscan.Len(rec); n > 0 && n < len(rec) {
		return errors.New("data after the record")
	}
	if r.opts.SkipMalformed && len(r.skipped) >= MaxSkippedKept {
		return errInvalidJSON
	}
	var raw json.RawMessage
	if err := json.Unmarshal(rec, &raw); err != nil {
		return err
	}
	return errInvalidJSON
}

// Opportunity returns the current opportunity. It is valid until the next
// call to Next, which reuses it and Raw's bytes (as bufio.Scanner does);
// keep what you need, or Clone it.
func (r *Reader) Opportunity() *Opportunity { return &r.cur }

// Clone returns a copy of o that does not share Raw with the reader.
func (o *Opportunity) Clone() *Opportunity {
	c := *o
	c.Raw = append(json.RawMessage(nil), o.Raw...)
	return &c
}

// Err returns the error that ended the read (nil at a clean end). A
// malformed record or a broken batch is a *RecordError with its place.
func (r *Reader) Err() error { return r.err }

// Skipped returns the first MaxSkippedKept malformed records skipped so
// far (SkipMalformed), in order; SkippedCount says how many there were.
func (r *Reader) Skipped() []*RecordError { return append([]*RecordError(nil), r.skipped...) }

// SkippedCount returns how many malformed records were skipped so far
// (SkipMalformed).
func (r *Reader) SkippedCount() int { return r.nskip }

// Close releases the decompressor; it does not close the source.
func (r *Reader) Close() error {
	if r.closer != nil {
		return r.closer.Close()
	}
	return nil
}

// All returns the opportunities as an iterator; a fatal error is yielded
// once, last. Each opportunity is valid until the loop body returns.
func (r *Reader) All() iter.Seq2[*Opportunity, error] {
	return func(yield func(*Opportunity, error) bool) {
		for r.Next() {
			if !yield(r.Opportunity(), nil) {
				return
			}
		}
		if r.err != nil {
			yield(nil, r.err)
		}
	}
}
