package firehose_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

// The .lzo files in testdata were made by Debian's lzop 1.04:
//
//	lzop -o batch.jsonl.lzo batch.jsonl              (LZO1X-1, adler32)
//	lzop -9 --crc32 -o batch.json.lzo batch.json     (LZO1X-999, crc32)
//	lzop -F -o nochecksum.jsonl.lzo batch.jsonl      (no checksums)
//	lzop -o multiblock.jsonl.lzo <batch.jsonl 800 times> (3 blocks of up to 256 KiB)

func TestLZOPReaderFilesMadeByLzop(t *testing.T) {
	plain, err := os.ReadFile("testdata/batch.jsonl")
	require.NoError(t, err)
	array, err := os.ReadFile("testdata/batch.json")
	require.NoError(t, err)
	tests := []struct {
		file string
		want []byte
	}{
		{"testdata/batch.jsonl.lzo", plain},
		{"testdata/batch.json.lzo", array},
		{"testdata/nochecksum.jsonl.lzo", plain},
		{"testdata/multiblock.jsonl.lzo", bytes.Repeat(plain, 800)},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(tt.file)
			require.NoError(t, err)
			defer f.Close()
			z, err := firehose.NewLZOPReader(f)
			require.NoError(t, err)
			got, err := io.ReadAll(z)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLZOPReaderMultiblockRecords(t *testing.T) {
	data, err := os.ReadFile("testdata/multiblock.jsonl.lzo")
	require.NoError(t, err)
	ops, _, err := readAll(t, data, nil)
	require.NoError(t, err)
	assert.Len(t, ops, 2400)
	assert.Equal(t, 2400, ops[2399].Line)
}

func TestLZOPReaderBroken(t *testing.T) {
	good, err := os.ReadFile("testdata/multiblock.jsonl.lzo")
	require.NoError(t, err)
	read := func(b []byte) error {
		z, err := firehose.NewLZOPReader(bytes.NewReader(b))
		if err != nil {
			return err
		}
		_, err = io.ReadAll(z)
		return err
	}
	tests := []struct {
		name   string
		mutate func([]byte) []byte
		block  int
		want   string
	}{
		{"bad magic", func(b []byte) []byte { b[1] = 'X'; return b }, 0, "not an lzop file"},
		{"header checksum", func(b []byte) []byte { b[20] ^= 0xff; return b }, 0, ""},
		{"truncated header", func(b []byte) []byte { return b[:20] }, 0, "unexpected EOF"},
		{"truncated block", func(b []byte) []byte { return b[:len(b)/2] }, 2, "unexpected EOF"},
		{"corrupt block", func(b []byte) []byte { b[len(b)/2] ^= 0x55; return b }, 2, ""},
		{"no end marker", func(b []byte) []byte { return b[:len(b)-4] }, 4, "unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := read(tt.mutate(bytes.Clone(good)))
			var le *firehose.LZOPError
			require.True(t, errors.As(err, &le), "%v", err)
			assert.Equal(t, tt.block, le.Block)
			assert.Positive(t, le.Offset)
			assert.Contains(t, err.Error(), tt.want)
		})
	}

	// Through the batch reader, a corrupt block is a record error with
	// its place in both streams.
	bad := bytes.Clone(good)
	bad[len(bad)/2] ^= 0x55
	_, _, err = readAll(t, bad, nil)
	var re *firehose.RecordError
	var le *firehose.LZOPError
	require.True(t, errors.As(err, &re))
	require.True(t, errors.As(err, &le))
	assert.Positive(t, re.Line)
}

func TestLZOPReaderRefusesImpossibleRatio(t *testing.T) {
	// A compressed block of 16 bytes announcing 64 MiB: LZO1X cannot
	// make that much from so little, so nothing is allocated for it.
	b := lzopStall()
	b = b[:len(b)-1<<10-4]
	b = binary.BigEndian.AppendUint32(b, 16)
	b = append(b, make([]byte, 16)...)
	z, err := firehose.NewLZOPReader(bytes.NewReader(b))
	require.NoError(t, err)
	_, err = io.ReadAll(z)
	var le *firehose.LZOPError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, 1, le.Block)
	assert.ErrorContains(t, err, "16 compressed bytes cannot make 67108864")
}
