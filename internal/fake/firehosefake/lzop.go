package firehosefake

import (
	"encoding/binary"
	"hash/adler32"
	"io"
)

// CompressionLZOP writes an lzop container whose blocks are stored (the
// form lzop itself uses for a block that does not compress): a valid
// lzop file any lzop reader, lzop -d included, accepts.
const CompressionLZOP = "LZOP"

const lzopBlock = 256 << 10

// lzopWriter writes the lzop container with stored blocks and adler32
// data checksums.
type lzopWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func newLZOPWriter(w io.Writer) *lzopWriter {
	z := &lzopWriter{w: w, buf: make([]byte, 0, lzopBlock)}
	h := []byte{}
	h = binary.BigEndian.AppendUint16(h, 0x1040) // version
	h = binary.BigEndian.AppendUint16(h, 0x20a0) // library version
	h = binary.BigEndian.AppendUint16(h, 0x0940) // version needed to extract
	h = append(h, 1, 5)                          // method LZO1X-1, level
	h = binary.BigEndian.AppendUint32(h, 0x03000001)
	h = binary.BigEndian.AppendUint32(h, 0o100644) // mode
	h = binary.BigEndian.AppendUint32(h, 0)        // mtime low
	h = binary.BigEndian.AppendUint32(h, 0)        // mtime high
	h = append(h, 0)                               // no name
	out := append([]byte{0x89, 'L', 'Z', 'O', 0x00, 0x0d, 0x0a, 0x1a, 0x0a}, h...)
	out = binary.BigEndian.AppendUint32(out, adler32.Checksum(h))
	_, z.err = w.Write(out)
	return z
}

func (z *lzopWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && z.err == nil {
		k := min(len(p), lzopBlock-len(z.buf))
		z.buf = append(z.buf, p[:k]...)
		p = p[k:]
		if len(z.buf) == lzopBlock {
			z.flush()
		}
	}
	return n, z.err
}

func (z *lzopWriter) flush() {
	if len(z.buf) == 0 || z.err != nil {
		return
	}
	var h [12]byte
	binary.BigEndian.PutUint32(h[0:], uint32(len(z.buf)))
	binary.BigEndian.PutUint32(h[4:], uint32(len(z.buf)))
	binary.BigEndian.PutUint32(h[8:], adler32.Checksum(z.buf))
	if _, z.err = z.w.Write(h[:]); z.err == nil {
		_, z.err = z.w.Write(z.buf)
	}
	z.buf = z.buf[:0]
}

// Close writes the last block and the end marker.
func (z *lzopWriter) Close() error {
	z.flush()
	if z.err == nil {
		_, z.err = z.w.Write([]byte{0, 0, 0, 0})
	}
	return z.err
}
