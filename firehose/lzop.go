package firehose

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/adler32"
	"hash/crc32"
	"io"

	lzo "github.com/anchore/go-lzo"
)

// lzop header and block flags.
const (
	lzopFlagAdler32D   = 0x00000001
	lzopFlagAdler32C   = 0x00000002
	lzopFlagExtraField = 0x00000040
	lzopFlagCRC32D     = 0x00000100
	lzopFlagCRC32C     = 0x00000200
	lzopFlagFilter     = 0x00000800
	lzopFlagHeaderCRC  = 0x00001000
)

// MaxLZOPBlock is the largest uncompressed block the lzop reader accepts
// (lzop itself writes at most 64 MiB, 256 KiB by default).
const MaxLZOPBlock = 64 << 20

// LZOPError is a broken lzop container: the byte offset in the
// compressed stream, the block (from 1; 0 in the header) and the cause.
type LZOPError struct {
	Offset int64
	Block  int
	Err    error
}

// Error describes what is wrong with the lzop file and where.
func (e *LZOPError) Error() string {
	if e.Block == 0 {
		return fmt.Sprintf("lzop header (offset %d): %v", e.Offset, e.Err)
	}
	return fmt.Sprintf("lzop block %d (offset %d): %v", e.Block, e.Offset, e.Err)
}

// Unwrap returns the underlying error.
func (e *LZOPError) Unwrap() error { return e.Err }

// LZOPReader decompresses an lzop file (the container lzop writes:
// header, flags, checksums, LZO1X blocks), one block in memory at a time,
// checking every checksum the file carries. A block's memory is taken as
// its compressed bytes arrive, and its decompressed size only once they
// all have (and could make that size), never from what the block header
// announces alone.
type LZOPReader struct {
	r      *bufio.Reader
	off    int64
	flags  uint32
	block  int
	src    []byte
	dst    []byte
	out    []byte
	err    error
	header bool
}

// NewLZOPReader reads the lzop header from r and returns the reader of
// its decompressed contents.
func NewLZOPReader(r io.Reader) (*LZOPReader, error) {
	z := &LZOPReader{r: bufio.NewReader(r)}
	if err := z.readHeader(); err != nil {
		return nil, err
	}
	return z, nil
}

func (z *LZOPReader) fail(err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return &LZOPError{Offset: z.off, Block: z.block, Err: err}
}

// readFull reads len(p) bytes, feeding h when not nil.
func (z *LZOPReader) readFull(p []byte, h hash.Hash32) error {
	n, err := io.ReadFull(z.r, p)
	z.off += int64(n)
	if h != nil {
		_, _ = h.Write(p[:n])
	}
	return err
}

func (z *LZOPReader) u8(h hash.Hash32) (uint8, error) {
	var b [1]byte
	err := z.readFull(b[:], h)
	return b[0], err
}

func (z *LZOPReader) u16(h hash.Hash32) (uint16, error) {
	var b [2]byte
	err := z.readFull(b[:], h)
	return binary.BigEndian.Uint16(b[:]), err
}

func (z *LZOPReader) u32(h hash.Hash32) (uint32, error) {
	var b [4]byte
	err := z.readFull(b[:], h)
	return binary.BigEndian.Uint32(b[:]), err
}

func (z *LZOPReader) readHeader() error {
	magic := make([]byte, len(lzopMagic))
	if err := z.readFull(magic, nil); err != nil {
		return z.fail(err)
	}
	if string(magic) != string(lzopMagic) {
		return z.fail(errors.New("not an lzop file"))
	}
	// The header checksum covers the header from the version on; which
	// checksum it is shows only in the flags, so both are computed.
	ad, cr := adler32.New(), crc32.NewIEEE()
	h := multiHash{ad, cr}
	version, err := z.u16(h)
	if err != nil {
		return z.fail(err)
	}
	if version < 0x0900 {
		return z.fail(fmt.Errorf("lzop format version %#x is too old", version))
	}
	if _, err := z.u16(h); err != nil { // library version
		return z.fail(err)
	}
	if version >= 0x0940 {
		need, err := z.u16(h)
		if err != nil {
			return z.fail(err)
		}
		if need > 0x1040 {
			return z.fail(fmt.Errorf("lzop format version %#x needed to extract is not supported", need))
		}
	}
	method, err := z.u8(h)
	if err != nil {
		return z.fail(err)
	}
	if method < 1 || method > 3 {
		return z.fail(fmt.Errorf("compression method %d is not LZO1X", method))
	}
	if version >= 0x0940 {
		if _, err := z.u8(h); err != nil { // level
			return z.fail(err)
		}
	}
	if z.flags, err = z.u32(h); err != nil {
		return z.fail(err)
	}
	if z.flags&lzopFlagFilter != 0 {
		return z.fail(errors.New("lzop filters are not supported"))
	}
	skip := 8 // mode, mtime low
	if version >= 0x0940 {
		skip += 4 // mtime high
	}
	if err := z.readFull(make([]byte, skip), h); err != nil {
		return z.fail(err)
	}
	nameLen, err := z.u8(h)
	if err != nil {
		return z.fail(err)
	}
	if err := z.readFull(make([]byte, nameLen), h); err != nil {
		return z.fail(err)
	}
	want := ad.Sum32()
	if z.flags&lzopFlagHeaderCRC != 0 {
		want = cr.Sum32()
	}
	got, err := z.u32(nil)
	if err != nil {
		return z.fail(err)
	}
	if got != want {
		return z.fail(errors.New("header checksum mismatch"))
	}
	if z.flags&lzopFlagExtraField != 0 {
		n, err := z.u32(nil)
		if err != nil {
			return z.fail(err)
		}
		if n > 1<<16 {
			return z.fail(errors.New("extra field too long"))
		}
		if err := z.readFull(make([]byte, n+4), nil); err != nil {
			return z.fail(err)
		}
	}
	z.header = true
	return nil
}

type multiHash []hash.Hash32

func (m multiHash) Write(p []byte) (int, error) {
	for _, h := range m {
		_, _ = h.Write(p)
	}
	return len(p), nil
}
func (m multiHash) Sum(b []byte) []byte { return b }
func (m multiHash) Reset()              {}
func (m multiHash) Size() int           { return 4 }
func (m multiHash) BlockSize() int      { return 1 }
func (m multiHash) Sum32() uint32       { return 0 }

// Read implements io.Reader.
func (z *LZOPReader) Read(p []byte) (int, error) {
	for len(z.out) == 0 {
		if z.err != nil {
			return 0, z.err
		}
		z.err = z.nextBlock()
	}
	n := copy(p, z.out)
	z.out = z.out[n:]
	return n, nil
}

// nextBlock decompresses the next block into z.out; io.EOF at the end
// marker.
func (z *LZOPReader) nextBlock() error {
	z.block++
	dstLen, err := z.u32(nil)
	if err != nil {
		return z.fail(err)
	}
	if dstLen == 0 {
		return io.EOF
	}
	if dstLen > MaxLZOPBlock {
		return z.fail(fmt.Errorf("block of %d bytes exceeds %d", dstLen, MaxLZOPBlock))
	}
	srcLen, err := z.u32(nil)
	if err != nil {
		return z.fail(err)
	}
	if srcLen == 0 || srcLen > dstLen {
		return z.fail(fmt.Errorf("compressed size %d for %d bytes", srcLen, dstLen))
	}
	var sumD, sumC uint32
	if z.flags&(lzopFlagAdler32D|lzopFlagCRC32D) != 0 {
		if sumD, err = z.u32(nil); err != nil {
			return z.fail(err)
		}
	}
	compressed := srcLen < dstLen
	if compressed && z.flags&(lzopFlagAdler32C|lzopFlagCRC32C) != 0 {
		if sumC, err = z.u32(nil); err != nil {
			return z.fail(err)
		}
	}
	if compressed && uint64(dstLen) > maxLZORatio*uint64(srcLen)+maxLZORatio {
		return z.fail(fmt.Errorf("%d compressed bytes cannot make %d", srcLen, dstLen))
	}
	start := z.off
	src, err := z.readBlock(int(srcLen))
	if err != nil {
		return z.fail(err)
	}
	if compressed && z.flags&(lzopFlagAdler32C|lzopFlagCRC32C) != 0 &&
		checksum(z.flags&lzopFlagCRC32C != 0, src) != sumC {
		return &LZOPError{Offset: start, Block: z.block, Err: errors.New("compressed data checksum mismatch")}
	}
	out := src
	if compressed {
		if cap(z.dst) < int(dstLen) {
			z.dst = make([]byte, dstLen)
		}
		dst := z.dst[:dstLen]
		n, err := lzo.Decompress(src, dst)
		if err != nil {
			return &LZOPError{Offset: start, Block: z.block, Err: err}
		}
		if n != int(dstLen) {
			return &LZOPError{Offset: start, Block: z.block, Err: fmt.Errorf("block decompressed to %d bytes, want %d", n, dstLen)}
		}
		out = dst
	}
	if z.flags&(lzopFlagAdler32D|lzopFlagCRC32D) != 0 && checksum(z.flags&lzopFlagCRC32D != 0, out) != sumD {
		return &LZOPError{Offset: start, Block: z.block, Err: errors.New("data checksum mismatch")}
	}
	z.out = out
	return nil
}

// maxLZORatio bounds what one compressed byte can make: LZO1X extends a
// length by 255 per byte, so a block cannot decompress to more than 255
// times its size (and a few bytes).
const maxLZORatio = 256

// readBlock reads a block's n compressed bytes into z.src, which grows
// with what has arrived (doubling from 64 KiB), never from the size the
// block header announces: a sender that announces a large block and
// stalls holds no more memory than it has sent.
func (z *LZOPReader) readBlock(n int) ([]byte, error) {
	buf := z.src[:0]
	for len(buf) < n {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(n, max(2*cap(buf), 64<<10)))
			copy(grown, buf)
			buf = grown
		}
		end := min(cap(buf), n)
		err := z.readFull(buf[len(buf):end], nil)
		if err != nil {
			return nil, err
		}
		buf = buf[:end]
	}
	z.src = buf
	return buf, nil
}

func checksum(crc bool, b []byte) uint32 {
	if crc {
		return crc32.ChecksumIEEE(b)
	}
	return adler32.Checksum(b)
}
